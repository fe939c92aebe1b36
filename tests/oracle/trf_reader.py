"""The line-by-line TRF reader sonneborn had before its column reader, kept unchanged as a test oracle.

:mod:`sonneborn.formats.trf` now reads the player lines by columns, all at
once; ``tests/formats/test_trf_oracle.py`` checks that it reads what this
reader reads, and refuses what it refuses with the same message, line and
column, and that both warn alike. Production code never imports it.

A TRF is a fixed-column text file: tournament records (``012`` name, ``022``
city, …), one ``001`` line per player with his round-by-round results, the
TRF-26 records (``142`` rounds, ``162`` point system, ``192`` tournament type,
``202`` tie-breaks, ``240`` byes, ``299`` abnormal points) and the JaVaFo
extensions ``XXR`` (number of rounds) and ``XXS`` (point system) of older
files. Columns are 1-based character positions of the decoded line.

>>> text = "\\n".join([
...     "012 Club championship",
...     "XXR 2",
...     f"{'001    1      Adams, Ann':<91}   2 w 1",
...     f"{'001    2      Brown, Bob':<91}   1 b 0",
... ])
>>> tournament = read_trf(text)
>>> tournament.name, tournament.rounds, len(tournament)
('Club championship', 2, 2)
>>> [str(entry) for entry in tournament.player(2).entries]
['1b0', '0000-*']

The writer is :mod:`sonneborn.formats.trf.write`.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import re
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sonneborn.errors import TrfError
from sonneborn.errors import shown as shown_message
from sonneborn.formats.lines import MAX_LINE, duplicates, long_line, split_lines, too_many_results, unheld_rounds
from sonneborn.model import (
    Colour,
    Entry,
    EventKind,
    Player,
    PointSystem,
    ResultKind,
    RoundNo,
    StartNo,
    Tournament,
    mirrors,
)


def shown(value: str) -> str:
    """A value quoted as the messages quote it, as English text (the oracle compares English)."""
    return str(shown_message(value))


__all__ = ["read_trf"]

logger = logging.getLogger(__name__)

_RESULT_CODES = "1 = 0 + - W D L H F U Z"
_UNKNOWN_RESULT = "?"
"""TieBreakServer's code for a result not known (yet); it reads as not played."""
_RESULTS: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind if kind is not ResultKind.NOT_PLAYED}
_RESULTS[" "] = ResultKind.ZERO_BYE
_RESULTS[_UNKNOWN_RESULT] = ResultKind.NOT_PLAYED
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.UNKNOWN, " ": Colour.UNKNOWN}

_FIRST_ROUND_COLUMN = 92
_ROUND_WIDTH = 10
_NAME_WIDTH = 33
_MAX_PLAYERS = 9999

_KEPT_RECORDS = frozenset(
    # Records that do not bear on the standings, kept as written so that writing the event back loses
    # nothing: TRF-16 and TRF-26 tournament and team records, JaVaFo and Tornelo extensions.
    {"032", "062", "072", "082", "102", "112", "122", "152", "172", "182", "192", "212", "222"}
    | {"250", "260"}
    | {"XXZ", "XXC", "XXA", "XXP", "DAT", "XXT"}
)
_TEAM_RECORDS = frozenset({"013", "300", "310", "320", "330", "352", "362", "801", "802"})
"""Records only team competitions have: refused, team events are not read yet."""


def _is_ruler(line: str) -> bool:
    """Whether a line is one of Swiss-Manager's column rulers: ``DDD SSSS …`` or rows of column numbers."""
    if line.startswith("001"):
        return False  # a player's line, however broken
    if line == "DDD" or (line.startswith("DDD") and line[3].isspace()):
        return True
    is_record = len(line) >= 3 and line[:3].isdigit() and line[:3].isascii() and (len(line) == 3 or line[3].isspace())
    return not is_record and all(char.isspace() or char in "0123456789" for char in line)


_REGENERATED = frozenset({"062", "142", "162", "192", "202", "212"})
"""Records the writer makes from the model (or the caller) rather than copies."""
_TOURNAMENT_RECORD = re.compile(r"[0-9]{2}2")
_XXS_CODES = frozenset({"WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D"})
_XXS_SHORTCUTS = {"W": ("WW", "BW"), "D": ("WD", "BD")}
_POINT_CODES = frozenset("WDLAPXZFH")
"""The codes of record 162: TRF-26's ``W D L A P X`` and TieBreakServer's ``Z F H``."""

_BYE_TYPES = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
"""The bye types of record 240."""
_ABNORMAL_KINDS: dict[str, frozenset[ResultKind]] = {
    "W": frozenset({ResultKind.WIN, ResultKind.UNRATED_WIN, ResultKind.PAIRING_BYE}),
    "D": frozenset({ResultKind.DRAW, ResultKind.UNRATED_DRAW}),
    "L": frozenset({ResultKind.LOSS, ResultKind.UNRATED_LOSS}),
    "F": frozenset({ResultKind.FULL_BYE}),
    "H": frozenset({ResultKind.HALF_BYE}),
    "Z": frozenset({ResultKind.ZERO_BYE}),
    "+": frozenset({ResultKind.FORFEIT_WIN}),
    "-": frozenset({ResultKind.FORFEIT_LOSS}),
}
"""The kinds each type of record 299 applies to (there is no type for a pairing-allocated bye: ``W``)."""
_ABNORMAL_TYPE = {kind: code for code, kinds in _ABNORMAL_KINDS.items() for kind in kinds}
_SYSTEM_FIELDS = {
    "W": "win",
    "D": "draw",
    "L": "loss",
    "F": "full_bye",
    "H": "half_bye",
    "Z": "zero_bye",
    "+": "forfeit_win",
    "-": "forfeit_loss",
}
"""The point-system field a record 299 for every player in every round sets, by type."""
_DEFAULTED = {
    "forfeit_win": ResultKind.FORFEIT_WIN,
    "forfeit_loss": ResultKind.FORFEIT_LOSS,
    "pairing_bye": ResultKind.PAIRING_BYE,
    "full_bye": ResultKind.FULL_BYE,
    "half_bye": ResultKind.HALF_BYE,
    "zero_bye": ResultKind.ZERO_BYE,
}
"""The point-system fields that default to another value, with the kind they score."""

_NUMBER = re.compile(r"[0-9]+")
_COUNT = re.compile(r"0*[0-9]{1,9}")
"""A count written as a record's value (rounds, digits): more than nine digits is not one."""
_POINTS = re.compile(r"-?[0-9]{1,9}(?:[.,][0-9]{1,9})?")


def _option_could_give(value: Fraction) -> bool:
    """Whether ``--points`` reads the value: as a decimal of six digits each side of the point, or as p/q
    of six digits each (issue 19)."""
    decimal = abs(value) < 1_000_000 and (value * 1_000_000).denominator == 1
    return decimal or (abs(value.numerator) <= 999_999 and value.denominator <= 999_999)


_LEADING_NUMBER = re.compile(r"\s*0*([0-9]{1,9})(?![0-9])")
_NRS_LINE = re.compile(r"[A-Z]{3} [ 0-9]{3}[0-9]")
_ROUND_ROBIN = re.compile(r"round[\s-]*robin|\brr\b|berger", re.IGNORECASE)
_SWISS = re.compile(r"swiss", re.IGNORECASE)
_SWISS_TYPES = ("DUTCH", "SWISS", "BURSTEIN", "DUBOV")


def read_trf(text: str, *, path: str = "<input>") -> Tournament:
    """Reads a TRF-16 or TRF-26 file, already decoded, into a :class:`Tournament`.

    Raises :class:`TrfError` with the line and column of the first problem:
    a malformed or truncated player line, start numbers with gaps or
    duplicates, a game that the opponent's line does not mirror, or a bye
    (``240``) or abnormal points (``299``) for a round the player's line
    contradicts. The point system comes from record 162 (else ``XXS``), the
    tie-break list from 202, round robin or Swiss from 192 (else 092).
    Records that carry no standings are kept as written in
    :attr:`Tournament.records`; team records (``013``) and unknown records
    are logged as warnings, ``###`` comments and blank lines skipped.

    A ``299`` with a type (``W D L F H Z + -``) sets the points of that
    player's result of that round (of every such result for round ``000``);
    with a blank type it is a bonus or penalty added to
    :attr:`Player.adjustment`, whatever its round; with a type and neither
    round nor players it sets the point system's value of that type.
    """
    return _Reader(path).read(text)


@dataclass(frozen=True, slots=True)
class _PlayerLine:
    """A ``001`` line as read, before the number of rounds is known."""

    lineno: int
    player: Player
    blocks: dict[RoundNo, Entry]
    """The round blocks with content."""


@dataclass(frozen=True, slots=True)
class _Assignment:
    """A bye (``240``) or abnormal points (``299``) for some players, applied once every line is read."""

    lineno: int
    code: str
    type: str
    """``F H Z`` for a bye; ``W D L F H Z + -`` or a blank for abnormal points."""
    round: RoundNo
    """The round; 0 for every round."""
    points: Fraction | None
    players: tuple[tuple[StartNo, int], ...]
    """The start numbers, each with its column."""


@dataclass(slots=True)
class _Header:
    """The tournament records read so far."""

    name: str | None = None
    city: str = ""
    start_date: str = ""
    end_date: str = ""
    event_type: str = ""
    round_dates: tuple[str, ...] = ()
    stated_players: tuple[int, int] | None = None
    """The number of players of record 062, with its line."""
    stated_rounds: int = 0
    """The number of rounds of ``XXR`` (or TRF-26 record 142)."""
    stated_rounds_line: int = 0
    stated_rounds_code: str = "XXR"
    points: dict[str, tuple[Fraction, str, int]] = field(default_factory=dict)
    """The ``XXS`` values by code, as numbers and as written, with the line that gave them."""
    points_162: dict[str, tuple[Fraction, int]] = field(default_factory=dict)
    """The values of record 162 by code, with the line that gave them."""
    system_points: list[tuple[str, Fraction]] = field(default_factory=list)
    """The values of ``299`` records for every player in every round, by type."""
    type_kind: EventKind | None = None
    """Round robin or Swiss as record 192 codes it."""
    tiebreaks: tuple[str, ...] = ()
    records: list[tuple[str, str]] = field(default_factory=list)
    byes: list[_Assignment] = field(default_factory=list)
    abnormal: list[_Assignment] = field(default_factory=list)


class _Reader:
    """One reading of one file: its path, its header and its players by start number."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.header = _Header()
        self.players: dict[StartNo, _PlayerLine] = {}
        self.absences: list[tuple[int, RoundNo]] = []
        self.to_play: dict[tuple[int, RoundNo], tuple[int, int, str]] = {}
        """Blocks with an opponent, a colour and no result: their line, result column and what stood there."""
        """The line and round of each forfeit loss without an opponent, read as an absence."""
        self.odd_federations: list[tuple[int, int, str]] = []
        """The line, first column and text of each federation that is neither three letters nor blank."""
        self.layout = TRF16
        self.seen_players = False
        self.stated: dict[str, tuple[int, str, str]] = {}
        """The first line, record and value of each thing stated once (rounds, digits, the list)."""

    def error(self, message: str, lineno: int, column: int = 0) -> TrfError:
        return TrfError(message, path=self.path, line=lineno, column=column)

    def warn(self, lineno: int, message: str, *args: object) -> None:
        logger.warning("%s:%d: " + message, self.path, lineno, *args)

    def read(self, text: str) -> Tournament:
        for lineno, line in enumerate(split_lines(text.removeprefix("\ufeff")), start=1):
            self.record(lineno, line)
        if not self.players:
            raise self.error("no player records (001) found (expected a line per player starting with 001)", 1, 1)
        self.check_numbering()
        header = self.header
        # Blocks of results not known yet do not make a round played: blank blocks before the last
        # round anybody has a result in are absences, after it rounds not played yet.
        last_played = max(
            (r for parsed in self.players.values() for r, entry in parsed.blocks.items() if entry.kind.is_finished),
            default=0,
        )
        last_block = max(max(parsed.blocks, default=0) for parsed in self.players.values())
        assigned = max((a.round for a in header.byes + header.abnormal if a.type != " "), default=0)
        unheld = unheld_rounds(header.stated_rounds, max(last_block, assigned), len(self.players))
        if unheld is not None:
            raise self.error(f"record {header.stated_rounds_code} {unheld}", header.stated_rounds_line, 5)
        rounds = max(header.stated_rounds, last_block, assigned)
        problem = too_many_results(len(self.players), rounds, len(text))
        if problem is not None:
            raise self.error(str(problem), *self.rounds_position(rounds))
        entries = [_complete(self.players[start], rounds, last_played) for start in range(1, len(self.players) + 1)]
        adjustments: dict[StartNo, Fraction] = defaultdict(Fraction)
        for assignment in header.byes:
            self.assign_bye(assignment, entries)
        every_round: dict[StartNo, dict[str, tuple[int, Fraction]]] = defaultdict(dict)
        set_at: dict[tuple[StartNo, RoundNo], int] = {}
        for order, assignment in enumerate(header.abnormal):
            self.assign_points(order, assignment, entries, adjustments, every_round, set_at)
        _assign_every_round(entries, every_round, set_at)
        players = tuple(
            dataclasses.replace(
                self.players[start].player,
                entries=tuple(entries[start - 1]),
                adjustment=adjustments.get(start, Fraction(0)),
            )
            for start in range(1, len(self.players) + 1)
        )
        self.check_pairings(players)
        if self.to_play:
            lines = sorted(self.to_play.values())
            paired = sorted({round_no for _, round_no in self.to_play})
            games = len(self.to_play) // 2
            plural = "s" if len(paired) > 1 else ""
            self.warn(
                lines[0][0],
                "round%s %s: %d game%s paired with a blank result, read as not played yet (the standings are "
                "provisional; `sonneborn whatif` plays them)",
                plural,
                ", ".join(map(str, paired)),
                games,
                "s" if games != 1 else "",
            )
        if self.absences:
            lineno, round_no = min(self.absences)
            more = f" (and {len(self.absences) - 1} more such rounds)" if len(self.absences) > 1 else ""
            self.warn(
                lineno,
                "round %d: a forfeit loss without an opponent ('0000 - -'): the file means absent; "
                "scored as a zero-point bye%s",
                round_no,
                more,
            )
        self.check_duplicates(
            [player.fide_id or player.name for player in players], [self.players[p.start].lineno for p in players]
        )
        if self.odd_federations:
            lineno, column, found = min(self.odd_federations)
            many = len(self.odd_federations)
            more = f"; {many} player lines hold one that is not" if many > 1 else ""
            logger.warning(
                "%s:%d:%d: expected a federation of three letters (such as IRL) at columns %d-%d, found %r%s: read "
                "as written",
                self.path, lineno, column, column, column + 2, found, more,
            )  # fmt: skip
        if header.stated_players is not None and header.stated_players[0] != len(players):
            count, lineno = header.stated_players
            self.warn(
                lineno,
                "record 062 gives %d players, but there are %d player records (001)",
                count,
                len(players),
            )
        held = max(last_block, assigned)
        if header.stated_rounds_line and 0 < header.stated_rounds < held:
            given = "1 round" if header.stated_rounds == 1 else f"{header.stated_rounds} rounds"
            self.warn(
                header.stated_rounds_line,
                "record %s gives %s, but the player records hold %d rounds: read as %d",
                header.stated_rounds_code,
                given,
                held,
                held,
            )
        return Tournament(
            players=players,
            rounds=rounds,
            name=header.name,
            city=header.city,
            start_date=header.start_date,
            end_date=header.end_date,
            event_type=header.event_type,
            round_dates=header.round_dates,
            point_system=self.point_system(),
            kind=header.type_kind or _event_kind(header.event_type),
            tiebreaks=header.tiebreaks,
            records=tuple(header.records),
        )

    def record(self, lineno: int, line: str) -> None:
        """Reads one line, whatever its record."""
        problem = long_line(line)
        if problem is not None:
            raise self.error(str(problem), lineno, MAX_LINE + 1)
        if not line.strip() or line.startswith("###") or _is_ruler(line):
            return
        code = line[:3]
        if code in _TEAM_RECORDS:
            message = f"team competitions are not supported yet (record {code} is a team's); "
            raise self.error(message + "sonneborn ranks individual events", lineno, 1)
        value = line[4:].strip()
        header = self.header
        match code:
            case "001":
                self.player_line(lineno, line)
            case "012":
                header.name = value or None
            case "022":
                header.city = value
            case "042":
                header.start_date = value
            case "052":
                header.end_date = value
            case "062":
                header.records.append((code, line[4:]))
                number = _LEADING_NUMBER.match(line, 3)
                if number is None:
                    self.warn(lineno, "expected a number of players in record 062, found %s", shown(value))
                else:
                    header.stated_players = (int(number.group(1)), lineno)
            case "092":
                header.event_type = value
            case "132":
                dates = _round_dates(line)
                if isinstance(dates, int):
                    column = _block_column(dates)
                    found = line[column - 1 : column + 9]
                    message = (
                        f"record 132: expected the date of round {dates} at columns {column}-{column + 9}, found "
                        f"{found!r} (are the dates run together, or not at their rounds' columns?)"
                    )
                    raise self.error(message, lineno, column)
                header.round_dates = dates
            case "XXD":
                if not _COUNT.fullmatch(value) or not 4 <= int(value) <= 9:
                    raise self.error(
                        f"expected a number of digits from 4 to 9 in record XXD, found {shown(value)}", lineno, 5
                    )
                if self.seen_players:
                    message = "record XXD after the player records (expected it before the first 001 line)"
                    raise self.error(message, lineno, 1)
                self.stated_once(lineno, code, "the number of digits", str(int(value)))
                self.layout = Layout(int(value))
            case "XXR" | "142":
                if not _COUNT.fullmatch(value):
                    raise self.error(f"expected a number of rounds in record {code}, found {shown(value)}", lineno, 5)
                self.stated_once(lineno, code, "the number of rounds", str(int(value)))
                header.stated_rounds = int(value)
                header.stated_rounds_line = lineno
                header.stated_rounds_code = code
            case "XXS":
                self.points_line(lineno, line)
            case "162":
                self.points_record(lineno, line)
            case "192":
                header.records.append((code, line[4:]))
                header.type_kind = _type_kind(value)
            case "202":
                header.tiebreaks = tuple(part.strip() for part in value.split(",") if part.strip())
                self.stated_once(lineno, code, "the tie-break list", shown(",".join(header.tiebreaks)))
            case "240":
                self.bye_record(lineno, line)
            case "299":
                self.abnormal_record(lineno, line)
            case _ if code in _KEPT_RECORDS or _NRS_LINE.match(line):
                header.records.append((code, line[4:]))
            case _:
                self.warn(lineno, "unknown record %r ignored", code)

    def player_line(self, lineno: int, line: str) -> None:
        """Reads a ``001`` line: the player's fields and his round blocks."""
        self.seen_players = True
        at = self.layout.column
        last = 4 + self.layout.digits
        start = self.number(lineno, line, 5, last, "a start number")
        if not start:
            raise self.error(f"expected a start number at columns 5-{last}, found {line[4:last]!r}", lineno, 5)
        if start in self.players:
            first = self.players[start].lineno
            message = f"duplicate start number {start}, first given at line {first} (expected each start number once)"
            raise self.error(message, lineno, 5)
        points = _field(line, at(81), at(84))
        if points and not _POINTS.fullmatch(points):
            found = line[at(81) - 1 : at(84)]
            raise self.error(f"expected points at columns {at(81)}-{at(84)}, found {found!r}", lineno, at(81))
        for gap, what, first, last in ((48, "rating", 49, 52), (53, "rating", 49, 52), (57, "FIDE id", 58, 68),
                                        (69, "FIDE id", 58, 68)):  # fmt: skip
            found = line[at(gap) - 1 : at(gap)]
            if found not in ("", " "):
                message = (
                    f"expected a blank at column {at(gap)}, found {found!r} (the {what} takes columns "
                    f"{at(first)}-{at(last)}: is the line shifted?)"
                )
                raise self.error(message, lineno, at(gap))
        federation = line[at(54) - 1 : at(56)]
        if federation.strip() and not (len(federation) == 3 and federation.isascii() and federation.isalpha()):
            self.odd_federations.append((lineno, at(54), federation))
        sex = _field(line, at(10), at(10)).lower()
        player = Player(
            start=start,
            name=_field(line, at(15), at(47)),
            title=_field(line, at(11), at(13)),
            sex="w" if sex == "f" else sex,
            rating=self.number(lineno, line, at(49), at(52), "a rating") or None,
            federation=_field(line, at(54), at(56)),
            fide_id=self.number(lineno, line, at(58), at(68), "a FIDE id") or None,
            birth_date=_field(line, at(70), at(79)),
            recorded_points=_fraction(points) if points else None,
            recorded_rank=self.number(lineno, line, *self.layout.rank, "a rank"),
        )
        blocks: dict[RoundNo, Entry] = {}
        round_no = 1
        while (column := self.layout.block_column(round_no)) <= len(line):
            entry = self.block(lineno, line, round_no, column)
            if entry is not None:
                blocks[round_no] = entry
            round_no += 1
        self.players[start] = _PlayerLine(lineno, player, blocks)

    def number(self, lineno: int, line: str, first: int, last: int, what: str, where: str = "") -> int | None:
        """The whole number at columns ``first``–``last``, ``None`` when they are blank."""
        text = _field(line, first, last)
        if not text:
            return None
        if not _NUMBER.fullmatch(text):
            found = line[first - 1 : last]
            raise self.error(f"{where}expected {what} at columns {first}-{last}, found {found!r}", lineno, first)
        return int(text)

    def block(self, lineno: int, line: str, round_no: RoundNo, column: int) -> Entry | None:
        """The entry of the round block starting at ``column``, ``None`` when the block is blank."""
        if not line[column - 1 : column - 1 + self.layout.width].strip():
            return None
        where = f"round {round_no}: "
        digits = self.layout.digits
        opponent_text = line[column - 1 : column - 1 + digits]
        if opponent_text.strip() and len(opponent_text) < digits:
            columns = f"{column}-{column + digits - 1}"
            raise self.error(
                f"{where}expected an opponent's start number at columns {columns}, found end of line",
                lineno,
                column,
            )
        opponent = self.number(lineno, line, column, column + digits - 1, "an opponent's start number", where) or None
        column += digits - 4  # the rest of the block as in TRF-16
        for gap in (column + 4, column + 6, column + 8, column + 9):
            found = line[gap - 1 : gap]
            if found not in ("", " "):
                first = column - (digits - 4)
                message = f"{where}expected a blank at column {gap}, found {found!r} (the block of round {round_no} "
                message += f"takes columns {first}-{column + 7}: is it shifted?)"
                raise self.error(message, lineno, gap)
        colour_text = line[column + 4 : column + 5]
        colour = _COLOURS.get(colour_text.lower() or " ")
        if colour is None:
            raise self.error(
                f"{where}expected a colour w, b or - at column {column + 5}, found {colour_text!r}",
                lineno,
                column + 5,
            )
        result_column = column + 7
        result_text = line[result_column - 1 : result_column]
        if opponent is not None and result_text in ("", " ") and colour is not Colour.UNKNOWN:
            # Paired, not played yet (the next round as pairing programs write it).
            self.to_play[(lineno, round_no)] = (lineno, result_column, "end of line" if not result_text else "a blank")
            return Entry(round=round_no, opponent=opponent, colour=colour, kind=ResultKind.NOT_PLAYED)
        if opponent is not None and result_text in ("", " "):
            found = "end of line" if not result_text else "a blank"
            raise self.error(
                f"{where}expected a result code at column {result_column}, found {found}",
                lineno,
                result_column,
            )
        kind = _RESULTS.get(result_text.upper() or " ")
        if kind is None:
            raise self.error(
                f"{where}expected a result code ({_RESULT_CODES}) at column {result_column}, found {result_text!r}",
                lineno,
                result_column,
            )
        first = column - (digits - 4)
        if opponent is not None and kind.is_bye:
            message = f"a bye ({result_text!r}) cannot have an opponent, found {opponent} (expected 0000 or a blank)"
            raise self.error(where + message, lineno, first)
        if opponent is None and kind.is_played:
            message = f"result {result_text!r} needs an opponent, found {opponent_text!r} "
            message += f"(expected an opponent's start number at columns {first}-{first + digits - 1})"
            raise self.error(where + message, lineno, first)
        if opponent is None and kind is ResultKind.FORFEIT_LOSS:
            # No scheduled opponent, no forfeit: the player was absent (Swiss-Manager's withdrawals).
            self.absences.append((lineno, round_no))
            kind = ResultKind.ZERO_BYE
        return Entry(round=round_no, opponent=opponent, colour=colour, kind=kind)

    def stated_once(self, lineno: int, code: str, what: str, value: str) -> None:
        """Issue 19: a second XXR (or 142, XXD, 202) giving something else is an error at its value."""
        if what not in self.stated:
            self.stated[what] = (lineno, code, value)
            return
        first_line, first_code, first_value = self.stated[what]
        if value != first_value:
            raise self.error(
                f"record {code} gives {value} as {what}, but record {first_code} at line {first_line} gave "
                f"{first_value} (expected {what} once, or records that agree)",
                lineno,
                5,
            )

    def points_line(self, lineno: int, line: str) -> None:
        """Reads an ``XXS`` line of ``CODE=VALUE`` pairs (JaVaFo)."""
        for match in re.finditer(r"\S+", line[4:]):
            token, column = match.group(), match.start() + 5
            code, equals, value = token.partition("=")
            code = code.upper()
            if not equals:
                raise self.error(f"expected CODE=VALUE in XXS, found {shown(token)}", lineno, column)
            if code not in _XXS_CODES:
                self.warn(lineno, "unknown point code %s in XXS ignored", shown(code))
                continue
            if not _POINTS.fullmatch(value):
                message = f"expected points for {code}, found {shown(value)}"
                raise self.error(message, lineno, column + len(code) + 1)
            if not _option_could_give(_fraction(value)):
                message = f"expected points for {code} of at most 6 digits before and after the point, found "
                raise self.error(message + shown(value), lineno, column + len(code) + 1)
            for key in _XXS_SHORTCUTS.get(code, (code,)):
                self.header.points[key] = (_fraction(value), value, lineno)

    def points_record(self, lineno: int, line: str) -> None:
        """Reads a record 162: a code at column 6 and its points at 7–10, again every 9 columns."""
        column = 6
        while column <= len(line):
            code, text = line[column - 1], _field(line, column + 1, column + 4)
            if code != " " or text:
                if code == " ":
                    raise self.error(f"expected a point code at column {column}, found ' '", lineno, column)
                if not _POINTS.fullmatch(text):
                    found = line[column : column + 4]
                    columns = f"{column + 1}-{column + 4}"
                    message = f"expected points for {code} at columns {columns}, found {found!r}"
                    raise self.error(message, lineno, column + 1)
                code = code.upper()
                if code not in _POINT_CODES:
                    self.warn(lineno, "unknown point code %r in record 162 ignored", code)
                elif code == "X":
                    self.warn(lineno, "record 162: the points of X (unknown result) are not used")
                else:
                    self.header.points_162[code] = (_fraction(text), lineno)
            column += 9

    def bye_record(self, lineno: int, line: str) -> None:
        """Reads a record 240: a bye type at column 5, a round at 7–9, start numbers from 11 on."""
        bye = line[4:5].upper()
        if bye not in _BYE_TYPES:
            raise self.error(f"expected a bye type F, H or Z at column 5, found {line[4:5]!r}", lineno, 5)
        round_no = self.number(lineno, line, 7, 9, "a round number")
        if not round_no:
            raise self.error(f"expected a round number at columns 7-9, found {line[6:9]!r}", lineno, 7)
        players = self.starts(lineno, line, 11)
        if not players:
            raise self.error(f"expected a start number at columns 11-14, found {line[10:14]!r}", lineno, 11)
        self.header.byes.append(_Assignment(lineno, "240", bye, round_no, None, players))

    def abnormal_record(self, lineno: int, line: str) -> None:
        """Reads a record 299: a type at column 5, points at 14–17, a round at 20–22, start numbers from 24 on."""
        kind = (line[4:5] or " ").upper()
        if kind != " " and kind not in _ABNORMAL_KINDS:
            message = f"expected a type W, D, L, F, H, Z, +, - or a blank at column 5, found {line[4:5]!r}"
            raise self.error(message, lineno, 5)
        text = _field(line, 14, 17)
        if not _POINTS.fullmatch(text):
            raise self.error(f"expected points at columns 14-17, found {line[13:17]!r}", lineno, 14)
        round_no = self.number(lineno, line, 20, 22, "a round number") or 0
        players = self.starts(lineno, line, 24)
        if not players and (kind == " " or round_no):
            raise self.error(f"expected a start number at columns 24-27, found {line[23:27]!r}", lineno, 24)
        if kind == " " and round_no:
            self.warn(
                lineno,
                "record 299 gives a bonus or penalty in round %d: it counts from round 1 on, as one outside the "
                "rounds (000) does (the standings after the earlier rounds and PS include it)",
                round_no,
            )
        if players:
            self.header.abnormal.append(_Assignment(lineno, "299", kind, round_no, _fraction(text), players))
        else:
            self.header.system_points.append((kind, _fraction(text)))

    def starts(self, lineno: int, line: str, first: int) -> tuple[tuple[StartNo, int], ...]:
        """The start numbers of a record, 4 columns (``XXD`` digits) every 5 from ``first`` on, with their columns."""
        found = []
        digits = self.layout.digits
        for column in range(first, len(line) + 1, digits + 1):
            start = self.number(lineno, line, column, column + digits - 1, "a start number")
            if start:
                found.append((start, column))
        return tuple(found)

    def check_player(self, record: _Assignment, start: StartNo, column: int, count: int) -> None:
        """Raises unless a start number of a bye or points record is a player's."""
        if start > count:
            message = (
                f"record {record.code} names player {start}, but there are {count} players (expected 1 to {count})"
            )
            raise self.error(message, record.lineno, column)

    def assign_bye(self, bye: _Assignment, entries: list[list[Entry]]) -> None:
        """Gives a bye of record 240 to its players, in a round their lines leave blank (or mark absent)."""
        kind = _BYE_TYPES[bye.type]
        for start, column in bye.players:
            self.check_player(bye, start, column, len(entries))
            entry = entries[start - 1][bye.round - 1]
            if entry.kind is not kind and not _absent(entry):
                message = f"round {bye.round}: record 240 gives player {start} a bye {bye.type!r}, "
                message += f"but his line records {_block(entry)} (expected a blank block or 0000 - Z)"
                raise self.error(message, bye.lineno, column)
            entries[start - 1][bye.round - 1] = dataclasses.replace(entry, kind=kind)

    def assign_points(
        self,
        order: int,
        record: _Assignment,
        entries: list[list[Entry]],
        adjustments: dict[StartNo, Fraction],
        every_round: dict[StartNo, dict[str, tuple[int, Fraction]]],
        set_at: dict[tuple[StartNo, RoundNo], int],
    ) -> None:
        """Applies the abnormal points of a record 299 (the ``order``-th) to its players.

        Points for every round (round ``000``) are only noted in ``every_round``, by
        player and type, and the rounds set one by one in ``set_at``: the later record
        wins, and :func:`_assign_every_round` applies them once, in time linear in the entries.
        """
        assert record.points is not None
        for start, column in record.players:
            self.check_player(record, start, column, len(entries))
            if record.type == " ":
                adjustments[start] += record.points
                continue
            if not record.round:
                every_round[start][record.type] = (order, record.points)
                continue
            kinds = _ABNORMAL_KINDS[record.type]
            player_entries = entries[start - 1]
            entry = player_entries[record.round - 1]
            if entry.kind not in kinds:
                if record.type not in _BYE_TYPES or not _absent(entry):
                    message = f"round {record.round}: record 299 gives player {start} points for "
                    message += f"{record.type!r}, but his line records {_block(entry)}"
                    message += f" (expected a result of type {record.type!r})"
                    raise self.error(message, record.lineno, column)
                entry = dataclasses.replace(entry, kind=_BYE_TYPES[record.type])
            player_entries[record.round - 1] = dataclasses.replace(entry, points=record.points)
            set_at[start, record.round] = order

    def rounds_position(self, rounds: int) -> tuple[int, int]:
        """Where the number of rounds comes from: the ``XXR`` (or 142) line, a player's last block, or a record."""
        header = self.header
        if header.stated_rounds == rounds and header.stated_rounds_line:
            return header.stated_rounds_line, 5
        for parsed in self.players.values():
            if rounds in parsed.blocks:
                return parsed.lineno, self.layout.block_column(rounds)
        found = next(a for a in header.byes + header.abnormal if a.round == rounds)
        return found.lineno, 7 if found.code == "240" else 20

    def check_duplicates(self, keys: list[int | str], linenos: list[int]) -> None:
        """Warns of a player entered twice: the same FIDE id, or else the same name (keys in start order)."""
        for index, first, key in duplicates(keys):
            what = "FIDE id" if isinstance(key, int) else "name"
            message = "player %d has the same %s as player %d, %r (is he entered twice?)"
            self.warn(linenos[index], message, index + 1, what, first + 1, key)

    def point_system(self) -> PointSystem:
        """The point system of record 162, else of the ``XXS`` lines, else FIDE's 1-½-0.

        ``299`` records for every player in every round then set the value of their type.
        """
        header = self.header
        system = self.xxs_point_system() if header.points else None
        if header.points_162:
            stated = self.point_system_162()
            if system is not None and not _same_points(system, stated):
                lineno = min(lineno for _, _, lineno in header.points.values())
                self.warn(lineno, "the XXS point system differs from record 162's; record 162 is used")
            system = stated
        if system is None:
            system = PointSystem()
        if header.system_points:
            system = dataclasses.replace(
                system, **{_SYSTEM_FIELDS[kind]: value for kind, value in header.system_points}
            )
        if header.points_162 or header.system_points:
            system = _normalised(system)
        return system

    def point_system_162(self) -> PointSystem:
        """The point system of record 162, with TRF-26's defaults for the codes it does not give."""
        points = self.header.points_162

        def value(code: str, default: Fraction) -> Fraction:
            return points[code][0] if code in points else default

        win = value("W", Fraction(1))
        draw = value("D", Fraction(1, 2))
        absent = value("A", Fraction(0))
        return _normalised(
            PointSystem(
                win=win,
                draw=draw,
                loss=value("L", Fraction(0)),
                forfeit_loss=absent,
                zero_bye=value("Z", absent),
                pairing_bye=value("P", win),
                full_bye=value("F", win),
                half_bye=value("H", draw),
            )
        )

    def xxs_point_system(self) -> PointSystem:
        """The point system of the ``XXS`` lines."""
        points = self.header.points

        def value(code: str) -> Fraction | None:
            return points[code][0] if code in points else None

        def by_colour(white: str, black: str, default: Fraction) -> Fraction:
            white_value, black_value = value(white), value(black)
            if white_value is not None and black_value is not None and white_value != black_value:
                _, black_text, lineno = points[black]
                message = "%s=%s differs from %s=%s; %s is used for both colours"
                self.warn(lineno, message, white, points[white][1], black, black_text, white)
            if white_value is not None:
                return white_value
            return default if black_value is None else black_value

        return PointSystem(
            win=by_colour("WW", "BW", Fraction(1)),
            draw=by_colour("WD", "BD", Fraction(1, 2)),
            loss=by_colour("WL", "BL", Fraction(0)),
            forfeit_win=value("FW"),
            forfeit_loss=value("FL"),
            pairing_bye=value("PAB"),
            full_bye=value("FPB"),
            half_bye=value("HPB"),
            zero_bye=value("ZPB"),
        )

    def check_numbering(self) -> None:
        """Raises unless the start numbers run 1…n; duplicates are caught while reading."""
        count = len(self.players)
        beyond = [parsed for start, parsed in self.players.items() if start > count]
        if beyond:
            first = min(beyond, key=lambda parsed: parsed.player.start)
            missing = min(set(range(1, count + 1)) - self.players.keys())
            raise self.error(
                f"start numbers must run 1..{count} without gaps, but {missing} is missing",
                first.lineno,
                5,
            )

    def check_pairings(self, players: tuple[Player, ...]) -> None:
        """Raises at the first game (by line and column) that the opponent's line does not mirror.

        A mismatch is reported at the line of whichever of the two players comes first.
        """
        problems: list[tuple[tuple[int, int], TrfError]] = []
        for player in players:
            lineno = self.players[player.start].lineno
            for entry in player.entries:
                opponent = entry.opponent
                if opponent is None:
                    continue
                column = self.layout.block_column(entry.round)
                where = f"round {entry.round}: "
                if opponent == player.start:
                    message = f"player {opponent} is paired against himself (expected another player's start number)"
                    problems.append(((lineno, column), self.error(where + message, lineno, column)))
                    continue
                if opponent not in self.players:
                    count = len(self.players)
                    message = f"opponent {opponent} does not exist (expected a start number from 1 to {count})"
                    problems.append(((lineno, column), self.error(where + message, lineno, column)))
                    continue
                other = players[opponent - 1].entry(entry.round)
                first = min(lineno, self.players[opponent].lineno)
                if other.opponent != player.start or not mirrors(entry.kind, other.kind):
                    other_line = self.players[opponent].lineno
                    blank = self.to_play.get((lineno, entry.round)) or self.to_play.get((other_line, entry.round))
                    if blank is not None:  # a game still to be played on one side only: the blank is wrong
                        blank_line, result_column, found = blank
                        message = f"{where}expected a result code at column {result_column}, found {found}"
                        problems.append(((first, column), self.error(message, blank_line, result_column)))
                        continue
                    problems.append(
                        (
                            (first, column),
                            self.error(
                                f"{where}player {player.start} records {entry.kind} against {opponent}, "
                                f"but player {opponent} records {_block(other)} "
                                f"(expected {_mirror(player.start, entry)})",
                                first,
                                column,
                            ),
                        )
                    )
                elif entry.colour is other.colour and entry.colour is not Colour.UNKNOWN:
                    problems.append(
                        (
                            (first, column),
                            self.error(
                                f"{where}players {player.start} and {opponent} both have colour "
                                f"{entry.colour.value!r} (expected one w and one b)",
                                first,
                                column,
                            ),
                        )
                    )
        if problems:
            raise min(problems, key=lambda problem: problem[0])[1]


def _complete(parsed: _PlayerLine, rounds: int, last_played: RoundNo) -> list[Entry]:
    """The player's entries, one for each round of the event.

    A round without a block is an absence, a zero-point bye (C.07 16.2.3 or
    16.2.5), up to the last round anybody has a result in; after that it is
    not played yet.
    """
    entries = []
    for round_no in range(1, rounds + 1):
        entry = parsed.blocks.get(round_no)
        if entry is None:
            kind = ResultKind.ZERO_BYE if round_no <= last_played else ResultKind.NOT_PLAYED
            entry = Entry(round=round_no, opponent=None, colour=Colour.UNKNOWN, kind=kind)
        entries.append(entry)
    return entries


def _assign_every_round(
    entries: list[list[Entry]],
    every_round: dict[StartNo, dict[str, tuple[int, Fraction]]],
    set_at: dict[tuple[StartNo, RoundNo], int],
) -> None:
    """Gives the points of ``299`` records for every round to the results of their type.

    A record for one round that comes later in the file keeps its own points.
    """
    for start, by_type in every_round.items():
        player_entries = entries[start - 1]
        for index, entry in enumerate(player_entries):
            found = by_type.get(_ABNORMAL_TYPE.get(entry.kind, ""))
            if found is not None and found[0] > set_at.get((start, index + 1), -1):
                player_entries[index] = dataclasses.replace(entry, points=found[1])


def _mirror(start: StartNo, entry: Entry) -> str:
    """What the opponent's line should record of a game, quoted as blocks are written: ``'1 b 0'``."""
    colour = {Colour.WHITE: "b", Colour.BLACK: "w"}.get(entry.colour, "-")
    if entry.kind is ResultKind.FORFEIT_LOSS:
        return f"'{start} {colour} +' or '{start} {colour} -'"
    return f"'{start} {colour} {entry.kind.complement}'"


def _absent(entry: Entry) -> bool:
    """Whether a round is an absence or not played yet, so that a bye record may say what it was."""
    return entry.opponent is None and entry.kind in (ResultKind.ZERO_BYE, ResultKind.NOT_PLAYED)


def _fraction(text: str) -> Fraction:
    """Points as written, with a decimal point or comma."""
    return Fraction(text.replace(",", "."))


def _same_points(one: PointSystem, other: PointSystem) -> bool:
    """Whether two point systems give the same points for every kind of result."""
    return all(one.points(kind) == other.points(kind) for kind in ResultKind)


def _normalised(system: PointSystem) -> PointSystem:
    """The point system with each value that equals its default left to the default."""
    defaults = PointSystem(win=system.win, draw=system.draw, loss=system.loss)
    same: dict[str, Any] = {
        name: None for name, kind in _DEFAULTED.items() if getattr(system, name) == defaults.points(kind)
    }
    return dataclasses.replace(system, **same)


def _field(line: str, first: int, last: int) -> str:
    """The text at columns ``first``–``last`` (1-based, inclusive), stripped."""
    return line[first - 1 : last].strip()


def _block_column(round_no: RoundNo) -> int:
    """The first column of a round's block: 92, 102, 112, …"""
    return _FIRST_ROUND_COLUMN + _ROUND_WIDTH * (round_no - 1)


@dataclass(frozen=True, slots=True)
class Layout:
    """The columns of a ``001`` line: TRF-16's, or wider numbers for events of more than 9,999 players.

    TRF-16 gives start numbers, ranks and opponents four digits. sonneborn's
    record ``XXD n`` (n > 4) gives them n digits: the start number takes
    columns 5 to 4 + n, every later field moves right by n − 4 (and by twice
    that after the rank), and each round block is 6 + n columns wide. Without
    the record a file is plain TRF-16.

    >>> Layout().block_column(2), Layout(6).block_column(1), Layout(6).block_column(2)
    (102, 96, 108)
    """

    digits: int = 4

    @property
    def extra(self) -> int:
        return self.digits - 4

    def column(self, trf16: int) -> int:
        """Where a TRF-16 column between the start number and the rank (10–84) is in this layout."""
        return trf16 + self.extra

    @property
    def rank(self) -> tuple[int, int]:
        return 86 + self.extra, 89 + 2 * self.extra

    @property
    def width(self) -> int:
        """Columns of one round block."""
        return _ROUND_WIDTH + self.extra

    def block_column(self, round_no: RoundNo) -> int:
        """The first column of a round's block."""
        return _FIRST_ROUND_COLUMN + 2 * self.extra + self.width * (round_no - 1)


TRF16 = Layout()


def _block(entry: Entry) -> str:
    """An entry written as its TRF block, ``0000 - Z`` for an absence."""
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
    return f"{opponent} {entry.colour} {entry.kind}"


_DATE_TEXT = re.compile(r"[0-9]{1,4}[./-][0-9]{1,2}[./-][0-9]{1,4}|[0-9]{6}|[0-9]{8}")
_YEAR_FIRST_DATE = re.compile(r"([0-9]{4})[./-]([0-9]{1,2})[./-]([0-9]{1,2})|([0-9]{4})([0-9]{2})([0-9]{2})")


def _round_dates(line: str) -> tuple[str, ...] | int:
    """The round dates of record 132, which stand in the columns of the round blocks (a date that goes on into
    the next round's columns is cut there unless it fills its ten); else the four-digit-year dates written in
    turn (blanks between them, or ``YYYYMMDD`` run together); else the first round whose columns are no date."""
    cells = []
    round_no = 1
    while (column := _block_column(round_no)) <= len(line):
        cells.append(line[column - 1 : column + 9])
        round_no += 1
    for round_no, cell in enumerate(cells, start=1):
        text = cell.strip()
        if not text:
            continue
        cut = len(text) < 10 and cell[9:10].isdigit() and round_no < len(cells) and not cells[round_no][:1].isspace()
        if _DATE_TEXT.fullmatch(text) is None or cut:
            in_turn = _dates_in_turn(line[_block_column(1) - 1 :])
            return round_no if in_turn is None else in_turn
    dates = [cell.strip() for cell in cells]
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def _dates_in_turn(text: str) -> tuple[str, ...] | None:
    words = []
    for word in text.split():
        if re.fullmatch(r"(?:[0-9]{8})+", word):
            words.extend(re.findall(r"[0-9]{8}", word))
        else:
            words.append(word)
    for word in words:
        match = _YEAR_FIRST_DATE.fullmatch(word)
        if match is None:
            return None
        year, month, day = (int(part) for part in match.groups() if part is not None)
        try:
            datetime.date(year, month, day)
        except ValueError:
            return None
    return tuple(words) or None


def _event_kind(event_type: str) -> EventKind | None:
    """Round robin or Swiss when record 092 says so plainly, else ``None``."""
    round_robin = _ROUND_ROBIN.search(event_type) is not None
    swiss = _SWISS.search(event_type) is not None
    if round_robin != swiss:
        return EventKind.ROUND_ROBIN if round_robin else EventKind.SWISS
    return None


def _type_kind(code: str) -> EventKind | None:
    """Round robin or Swiss as a record 192 type code says (``FIDE_ROUNDROBIN``, ``FIDE_DUTCH_2025``, …)."""
    code = code.upper()
    if "ROUNDROBIN" in code or "BERGER" in code:
        return EventKind.ROUND_ROBIN
    if any(word in code for word in _SWISS_TYPES) or "LIM" in code.split("_"):
        return EventKind.SWISS
    return None
