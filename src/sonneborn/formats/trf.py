"""The FIDE Tournament Report File (TRF-16, C.04 Annex 2) reader.

A TRF is a fixed-column text file: tournament records (``012`` name, ``022``
city, …), one ``001`` line per player with his round-by-round results, and the
JaVaFo extensions ``XXR`` (number of rounds) and ``XXS`` (point system).
Columns are 1-based character positions of the decoded line.

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
"""

from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass, field
from fractions import Fraction

from sonneborn.errors import TrfError
from sonneborn.formats import split_lines
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

__all__ = ["read_trf"]

logger = logging.getLogger(__name__)

_RESULT_CODES = "1 = 0 + - W D L H F U Z"
_RESULTS: dict[str, ResultKind] = {
    kind.value: kind for kind in ResultKind if kind is not ResultKind.NOT_PLAYED
}
_RESULTS[" "] = ResultKind.ZERO_BYE
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.UNKNOWN, " ": Colour.UNKNOWN}

_FIRST_ROUND_COLUMN = 92
_ROUND_WIDTH = 10

_IGNORED_RECORDS = frozenset(
    # TRF-16 and TRF-26 records that do not bear on the standings, and JaVaFo and Tornelo extensions.
    {"032", "072", "082", "102", "112", "122", "152", "172", "182", "192", "202", "212", "222"}
    | {"240", "250", "260", "299", "300", "310", "320", "330", "352", "362", "801", "802"}
    | {"XXZ", "XXC", "XXA", "XXP", "DAT"}
)
_XXS_CODES = frozenset({"WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D"})
_XXS_SHORTCUTS = {"W": ("WW", "BW"), "D": ("WD", "BD")}

_NUMBER = re.compile(r"[0-9]+")
_POINTS = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")
_LEADING_NUMBER = re.compile(r"\s*([0-9]+)")
_NRS_LINE = re.compile(r"[A-Z]{3} [ 0-9]{3}[0-9]")
_ROUND_ROBIN = re.compile(r"round[\s-]*robin|\brr\b|berger", re.IGNORECASE)
_SWISS = re.compile(r"swiss", re.IGNORECASE)


def read_trf(text: str, *, path: str = "<input>") -> Tournament:
    """Reads a TRF-16 file, already decoded, into a :class:`Tournament`.

    Raises :class:`TrfError` with the line and column of the first problem:
    a malformed or truncated player line, start numbers with gaps or
    duplicates, or a game that the opponent's line does not mirror. Records
    that carry no standings are skipped, team records (``013``) and unknown
    records with a logged warning; ``###`` comments and blank lines silently.
    """
    return _Reader(path).read(text)


@dataclass(frozen=True, slots=True)
class _PlayerLine:
    """A ``001`` line as read, before the number of rounds is known."""

    lineno: int
    player: Player
    blocks: dict[RoundNo, Entry]
    """The round blocks with content."""


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
    points: dict[str, tuple[Fraction, str, int]] = field(default_factory=dict)
    """The ``XXS`` values by code, as numbers and as written, with the line that gave them."""


class _Reader:
    """One reading of one file: its path, its header and its players by start number."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.header = _Header()
        self.players: dict[StartNo, _PlayerLine] = {}
        self.warned_teams = False

    def error(self, message: str, lineno: int, column: int = 0) -> TrfError:
        return TrfError(message, path=self.path, line=lineno, column=column)

    def warn(self, lineno: int, message: str, *args: object) -> None:
        logger.warning("%s:%d: " + message, self.path, lineno, *args)

    def read(self, text: str) -> Tournament:
        for lineno, line in enumerate(split_lines(text.removeprefix("\ufeff")), start=1):
            self.record(lineno, line)
        if not self.players:
            raise self.error("no player records (001) found", 1)
        self.check_numbering()
        last_played = max(max(parsed.blocks, default=0) for parsed in self.players.values())
        header = self.header
        rounds = max(header.stated_rounds, last_played)
        players = tuple(
            _complete(self.players[start], rounds, last_played) for start in range(1, len(self.players) + 1)
        )
        self.check_pairings(players)
        if header.stated_players is not None and header.stated_players[0] != len(players):
            count, lineno = header.stated_players
            self.warn(
                lineno,
                "record 062 gives %d players, but there are %d player records (001)",
                count,
                len(players),
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
            kind=_event_kind(header.event_type),
        )

    def record(self, lineno: int, line: str) -> None:
        """Reads one line, whatever its record."""
        if not line.strip() or line.startswith("###"):
            return
        code = line[:3]
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
                number = _LEADING_NUMBER.match(line, 3)
                if number is None:
                    self.warn(lineno, "expected a number of players in record 062, found %r", value)
                else:
                    header.stated_players = (int(number.group(1)), lineno)
            case "092":
                header.event_type = value
            case "132":
                header.round_dates = _round_dates(line)
            case "XXR" | "142":
                if not _NUMBER.fullmatch(value):
                    raise self.error(f"expected a number of rounds, found {value!r}", lineno, 5)
                header.stated_rounds = int(value)
            case "XXS":
                self.points_line(lineno, line)
            case "013":
                if not self.warned_teams:
                    self.warn(lineno, "team records are not read; players are ranked individually")
                    self.warned_teams = True
            case "162":
                self.warn(lineno, "record 162 (TRF-26 point system) is not read; XXS gives the point system")
            case _ if code in _IGNORED_RECORDS or _NRS_LINE.match(line):
                pass
            case _:
                self.warn(lineno, "unknown record %r ignored", code)

    def player_line(self, lineno: int, line: str) -> None:
        """Reads a ``001`` line: the player's fields and his round blocks."""
        start = self.number(lineno, line, 5, 8, "a start number")
        if not start:
            raise self.error(f"expected a start number at columns 5-8, found {line[4:8]!r}", lineno, 5)
        if start in self.players:
            first = self.players[start].lineno
            raise self.error(f"duplicate start number {start}, first given at line {first}", lineno, 5)
        points = _field(line, 81, 84)
        if points and not _POINTS.fullmatch(points):
            raise self.error(f"expected points at columns 81-84, found {line[80:84]!r}", lineno, 81)
        sex = _field(line, 10, 10).lower()
        player = Player(
            start=start,
            name=_field(line, 15, 47),
            title=_field(line, 11, 13),
            sex="w" if sex == "f" else sex,
            rating=self.number(lineno, line, 49, 52, "a rating") or None,
            federation=_field(line, 54, 56),
            fide_id=self.number(lineno, line, 58, 68, "a FIDE id") or None,
            birth_date=_field(line, 70, 79),
            recorded_points=Fraction(points.replace(",", ".")) if points else None,
            recorded_rank=self.number(lineno, line, 86, 89, "a rank"),
        )
        blocks: dict[RoundNo, Entry] = {}
        round_no = 1
        while (column := _block_column(round_no)) <= len(line):
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
            raise self.error(
                f"{where}expected {what} at columns {first}-{last}, found {found!r}", lineno, first
            )
        return int(text)

    def block(self, lineno: int, line: str, round_no: RoundNo, column: int) -> Entry | None:
        """The entry of the round block starting at ``column``, ``None`` when the block is blank."""
        if not line[column - 1 : column + 9].strip():
            return None
        where = f"round {round_no}: "
        opponent_text = line[column - 1 : column + 3]
        if opponent_text.strip() and len(opponent_text) < 4:
            columns = f"{column}-{column + 3}"
            raise self.error(
                f"{where}expected an opponent's start number at columns {columns}, found end of line",
                lineno,
                column,
            )
        opponent = self.number(lineno, line, column, column + 3, "an opponent's start number", where) or None
        for gap in (column + 4, column + 6, column + 8, column + 9):
            found = line[gap - 1 : gap]
            if found not in ("", " "):
                raise self.error(f"{where}expected a blank at column {gap}, found {found!r}", lineno, gap)
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
                f"{where}expected a result code ({_RESULT_CODES}) at column {result_column}, "
                f"found {result_text!r}",
                lineno,
                result_column,
            )
        if opponent is not None and kind.is_bye:
            message = f"a bye ({result_text!r}) cannot have an opponent, found {opponent}"
            raise self.error(where + message, lineno, column)
        if opponent is None and kind.is_played:
            message = f"result {result_text!r} needs an opponent, found {opponent_text!r}"
            raise self.error(where + message, lineno, column)
        return Entry(round=round_no, opponent=opponent, colour=colour, kind=kind)

    def points_line(self, lineno: int, line: str) -> None:
        """Reads an ``XXS`` line of ``CODE=VALUE`` pairs (JaVaFo)."""
        for match in re.finditer(r"\S+", line[4:]):
            token, column = match.group(), match.start() + 5
            code, equals, value = token.partition("=")
            code = code.upper()
            if not equals:
                raise self.error(f"expected CODE=VALUE in XXS, found {token!r}", lineno, column)
            if code not in _XXS_CODES:
                self.warn(lineno, "unknown point code %r in XXS ignored", code)
                continue
            if not _POINTS.fullmatch(value):
                message = f"expected points for {code}, found {value!r}"
                raise self.error(message, lineno, column + len(code) + 1)
            for key in _XXS_SHORTCUTS.get(code, (code,)):
                self.header.points[key] = (Fraction(value.replace(",", ".")), value, lineno)

    def point_system(self) -> PointSystem:
        """The point system of the ``XXS`` lines, FIDE's 1-½-0 without them."""
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
        problems: list[TrfError] = []
        for player in players:
            lineno = self.players[player.start].lineno
            for entry in player.entries:
                opponent = entry.opponent
                if opponent is None:
                    continue
                column = _block_column(entry.round)
                where = f"round {entry.round}: "
                if opponent == player.start:
                    message = f"player {opponent} is paired against himself"
                    problems.append(self.error(where + message, lineno, column))
                    continue
                if opponent not in self.players:
                    problems.append(self.error(f"{where}opponent {opponent} does not exist", lineno, column))
                    continue
                other = players[opponent - 1].entry(entry.round)
                first = min(lineno, self.players[opponent].lineno)
                if other.opponent != player.start or not mirrors(entry.kind, other.kind):
                    problems.append(
                        self.error(
                            f"{where}player {player.start} records {entry.kind} against {opponent}, "
                            f"but player {opponent} records {_block(other)}",
                            first,
                            column,
                        )
                    )
                elif entry.colour is other.colour and entry.colour is not Colour.UNKNOWN:
                    problems.append(
                        self.error(
                            f"{where}players {player.start} and {opponent} both have colour "
                            f"{entry.colour.value!r}",
                            first,
                            column,
                        )
                    )
        if problems:
            raise min(problems, key=lambda problem: (problem.line, problem.column))


def _complete(parsed: _PlayerLine, rounds: int, last_played: RoundNo) -> Player:
    """The player with one entry for each round of the event.

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
    return dataclasses.replace(parsed.player, entries=tuple(entries))


def _field(line: str, first: int, last: int) -> str:
    """The text at columns ``first``–``last`` (1-based, inclusive), stripped."""
    return line[first - 1 : last].strip()


def _block_column(round_no: RoundNo) -> int:
    """The first column of a round's block: 92, 102, 112, …"""
    return _FIRST_ROUND_COLUMN + _ROUND_WIDTH * (round_no - 1)


def _block(entry: Entry) -> str:
    """An entry written as its TRF block, ``0000 - Z`` for an absence."""
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:>4}"
    return f"{opponent} {entry.colour} {entry.kind}"


def _round_dates(line: str) -> tuple[str, ...]:
    """The round dates of record 132, which stand in the columns of the round blocks."""
    dates = []
    round_no = 1
    while (column := _block_column(round_no)) <= len(line):
        dates.append(line[column - 1 : column + 7].strip())
        round_no += 1
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def _event_kind(event_type: str) -> EventKind | None:
    """Round robin or Swiss when record 092 says so plainly, else ``None``."""
    round_robin = _ROUND_ROBIN.search(event_type) is not None
    swiss = _SWISS.search(event_type) is not None
    if round_robin != swiss:
        return EventKind.ROUND_ROBIN if round_robin else EventKind.SWISS
    return None
