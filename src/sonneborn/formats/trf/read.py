"""The TRF reader: the tournament records line by line, the player lines by columns, into an :class:`Event`.

The player lines go to the column reader (:mod:`~sonneborn.formats.trf.columns`)
all at once; the other records are read one by one, in order. Then byes
(``240``), abnormal points (``299``) and the point system (``162``, ``XXS``)
are applied to the arrays, and the pairings checked on them, all players at
once.

>>> text = "\\n".join([
...     "012 Club championship",
...     "XXR 2",
...     f"{'001    1      Adams, Ann':<91}   2 w 1",
...     f"{'001    2      Brown, Bob':<91}   1 b 0",
... ])
>>> event = read_trf_event(text)
>>> event.name, event.rounds, event.players, event.table.opponent.tolist()
('Club championship', 2, 2, [[1, -1], [0, -1]])
>>> tournament = read_trf(text)
>>> [str(entry) for entry in tournament.player(2).entries]
['1b0', '0000-*']
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress
from operator import methodcaller, not_

import numpy as np

from sonneborn.errors import InputWarning, TrfError, Warn, log_warning, shown
from sonneborn.event import (
    ALONE,
    CODE,
    KINDS,
    NO_PLAYER,
    UNANSWERED,
    Bools,
    Codes,
    Event,
    Ints,
    LazyList,
    Roster,
    build_table,
    unmirrored,
)
from sonneborn.formats.dates import read_date
from sonneborn.formats.lines import (
    MAX_LINE,
    SHOWN_DUPLICATES,
    duplicates,
    long_line,
    more_duplicates,
    split_lines,
    too_many_results,
    unheld_rounds,
)
from sonneborn.formats.trf.columns import PlayerLines, cut, read_player_lines
from sonneborn.formats.trf.layout import (
    ABNORMAL_KINDS,
    ABNORMAL_MATCH_POINTS,
    ABNORMAL_POINTS,
    ABNORMAL_ROUND,
    ABNORMAL_STARTS,
    ABNORMAL_TYPE,
    BYE_ROUND,
    BYE_STARTS,
    BYE_TYPES,
    CONTENT_COLUMN,
    KEPT_RECORDS,
    LEADING_NUMBER,
    POINT_CODES,
    RECORD_CODE,
    ROUND_DATE_WIDTH,
    RULER,
    TEAM_RECORDS,
    TRF16,
    TYPE_COLUMN,
    Columns,
    Layout,
    team_type,
    type_kind,
)
from sonneborn.formats.trf.teams import Assignment, read_teams
from sonneborn.messages import N_, Message, rounds_message
from sonneborn.model import (
    EventInfo,
    EventKind,
    PointSystem,
    ResultKind,
    RoundNo,
    StartNo,
    Tournament,
    within_point_bound,
)
from sonneborn.teams import TeamEvent, unsupported_message

_ROUND_NUMBER = N_("expected a round number at columns {columns}, found {found}")
_START_NUMBER = N_("expected a start number at columns {columns}, found {found}")

__all__ = ["read_trf", "read_trf_event", "read_trf_reading", "read_trf_teams"]

_XXS_CODES = frozenset({"WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D"})
_XXS_SHORTCUTS = {"W": ("WW", "BW"), "D": ("WD", "BD")}
_POINT_CODES = frozenset("WDLAPXZFH")
"""The codes of record 162: TRF-26's ``W D L A P X`` and TieBreakServer's ``Z F H``."""
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

_ROUND_DATE = re.compile(r"[0-9]{1,4}[./-][0-9]{1,2}[./-][0-9]{1,4}|[0-9]{6}|[0-9]{8}")
"""What record 132 may write as a round's date: ``YY/MM/DD``, ``YYYY/MM/DD`` (``/ . -``), ``YYMMDD``, ``YYYYMMDD``."""
_YEAR_FIRST = re.compile(r"[0-9]{4}[./-][0-9]{1,2}[./-][0-9]{1,2}|[0-9]{8}")
"""A round date with its four-digit year first, which reads one way alone: record 132's dates written in turn."""
_NUMBER = re.compile(r"[0-9]+")
_COUNT = re.compile(r"0*[0-9]{1,9}")
"""A count written as a record's value (rounds, digits): more than nine digits is not one."""
_POINTS = re.compile(r"-?[0-9]{1,9}(?:[.,][0-9]{1,9})?")
_NRS_LINE = re.compile(r"[A-Z]{3} [ 0-9]{3}[0-9]")
_ROUND_ROBIN = re.compile(r"round[\s-]*robin|\brr\b|berger", re.IGNORECASE)
_SWISS = re.compile(r"swiss", re.IGNORECASE)
_IS_PLAYER_LINE = methodcaller("startswith", "001")

_ZERO_BYE = CODE[ResultKind.ZERO_BYE]
_FORFEIT_LOSS = CODE[ResultKind.FORFEIT_LOSS]
_NOT_PLAYED = CODE[ResultKind.NOT_PLAYED]
_TYPES = tuple(ABNORMAL_KINDS)
"""The types of record 299, by their index in :data:`_TYPE_OF_KIND`."""
_TYPE_OF_KIND = np.array([_TYPES.index(ABNORMAL_TYPE[kind]) if kind in ABNORMAL_TYPE else -1 for kind in KINDS])
"""The index of the record 299 type of each kind code, −1 for none (a game not played yet)."""


def read_trf(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Tournament:
    """Reads a TRF-16 or TRF-26 file, already decoded, into a :class:`Tournament`.

    Raises :class:`TrfError` with the line and column of the first problem:
    a malformed or truncated player line, start numbers with gaps or
    duplicates, a game that the opponent's line does not mirror, or a bye
    (``240``) or abnormal points (``299``) for a round the player's line
    contradicts. The point system comes from record 162 (else ``XXS``), the
    tie-break list from 202, round robin or Swiss from 192 (else 092).
    Records that carry no standings are kept as written in
    :attr:`Tournament.records`; unknown records are warned of (through
    ``warn``); ``###`` comments, blank lines and Swiss-Manager's column rulers
    (``DDD SSSS …``, ``1234567890…``) are skipped. A team record (``013``,
    TRF-26 ``310``, …) is refused: team competitions are not read yet. A forfeit
    loss without an opponent (``0000 - -``) is read as an absence, a zero-point
    bye, with one warning.

    A ``299`` with a type (``W D L F H Z + -``) sets the points of that
    player's result of that round (of every such result for round ``000``);
    with a blank type it is a bonus or penalty added to
    :attr:`Player.adjustment`, whatever its round; with a type and neither
    round nor players it sets the point system's value of that type.

    It is :func:`read_trf_event`'s event as objects.
    """
    return read_trf_event(text, path=path, warn=warn).tournament


def read_trf_event(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Event:
    """Reads a TRF-16 or TRF-26 file, already decoded, into an :class:`Event`, as :func:`read_trf` reads it.

    No object is made per round: the results go straight into the event's
    integer arrays, and the players' fields a ranking rarely needs (titles,
    birth dates, recorded points, …) are cut from their lines only when asked for.
    """
    found = _Reader(path, warn).read(text)
    assert isinstance(found, Event)  # this reader refuses team records
    return found


def read_trf_reading(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Event | TeamEvent:
    """Reads a TRF file, individual or team: an individual file into its :class:`Event`, exactly as
    :func:`read_trf_event` reads it, a team competition into a :class:`~sonneborn.teams.TeamEvent`.

    A file is a team competition when it has team records (TRF-16 ``013``,
    TRF-26 ``310``, ``320``, ``330``, ``300``, ``362``, ``352``) or record 192
    names a team type (``FIDE_TEAM_BAKU``). Its records ``240`` and ``299``
    then name teams, not players (TRF-26). The matches, boards, MP and GP come
    from the games (:func:`sonneborn.matches.build`); a team record that the
    games contradict is the file's error, at its line and column.
    """
    return _Reader(path, warn, teams=True).read(text)


def read_trf_teams(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> TeamEvent:
    """Reads a TRF team competition (:func:`read_trf_reading`); an individual file is refused."""
    found = read_trf_reading(text, path=path, warn=warn)
    if not isinstance(found, TeamEvent):
        message = Message(N_("no team records (expected teams in records 310 or 013)"))
        raise TrfError(message, path=path, line=1, column=1)
    return found


@dataclass(slots=True)
class _Header:
    """The tournament records read so far."""

    info: EventInfo = field(default_factory=EventInfo)
    """The event's fields the records give as they are (name, city, dates, type, tie-breaks); the point
    system, the kind and the records kept are made of what is read below, once every line is read."""
    stated_players: tuple[int, int] | None = None
    """The number of players of record 062, with its line."""
    stated_rounds: int = 0
    """The number of rounds of ``XXR`` (or TRF-26 record 142)."""
    stated_rounds_line: int = 0
    stated_rounds_code: str = "XXR"
    given: dict[str, tuple[str, int | str, int]] = field(default_factory=dict)
    """What a record states once (the rounds, the digits, the list), with the first record and line that gave it."""
    points: dict[str, tuple[Fraction, str, int]] = field(default_factory=dict)
    """The ``XXS`` values by code, as numbers and as written, with the line that gave them."""
    points_162: dict[str, tuple[Fraction, int]] = field(default_factory=dict)
    """The values of record 162 by code, with the line that gave them."""
    system_points: list[tuple[str, Fraction]] = field(default_factory=list)
    """The values of ``299`` records for every player in every round, by type."""
    type_kind: EventKind | None = None
    """Round robin or Swiss as record 192 codes it."""
    team_kind: EventKind | None = None
    """Round robin or Swiss when record 192 names a team competition (``FIDE_TEAM_BAKU``), with its line."""
    team_type_line: int = 0
    team_lines: list[tuple[int, str]] = field(default_factory=list)
    """The team records, each with its line."""
    system_records: list[Assignment] = field(default_factory=list)
    """The ``299`` records for every player (or team) in every round."""
    records: list[tuple[str, str]] = field(default_factory=list)
    byes: list[Assignment] = field(default_factory=list)
    abnormal: list[Assignment] = field(default_factory=list)


@dataclass(eq=False)
class _Results:
    """The event's results as arrays, a row per player in start order and a column per round."""

    opponent: Ints
    """The opponent's row, −1 for none."""
    kind: Codes
    colour: Codes
    award: Ints | None = None
    """Where a record 299 sets the points, the index of its value in :attr:`values` (−1 elsewhere)."""
    set_by: Ints | None = None
    """Which record 299 (its order) last set the points of one round, −1 for none."""
    values: dict[Fraction, int] = field(default_factory=dict)
    """The points records 299 set, each with its index."""
    adjustments: dict[int, Fraction] = field(default_factory=dict)
    """The bonuses and penalties of blank-type 299 records, by row."""
    absences: list[tuple[int, int]] = field(default_factory=list)
    """The line and round of each forfeit loss without an opponent (``0000 - -``), read as an absence."""
    blank: Bools | None = None
    """Where a block has an opponent, a colour and a blank result: paired, not played yet."""
    ended: Bools | None = None
    """Where such a block's line ends before the result."""

    def award_points(self, row: int, column: int, points: Fraction, order: int) -> None:
        """Sets the points of one round, as the ``order``-th record 299 gives them."""
        if self.award is None or self.set_by is None:
            self.award = np.full(self.kind.shape, -1, dtype=np.int64)
            self.set_by = np.full(self.kind.shape, -1, dtype=np.int64)
        self.award[row, column] = self.value_index(points)
        self.set_by[row, column] = order

    def value_index(self, points: Fraction) -> int:
        return self.values.setdefault(points, len(self.values))


class _Reader:
    """One reading of one file: its path, its header and, once read, its player lines."""

    def __init__(self, path: str, warn: Warn, *, teams: bool = False) -> None:
        self.path = path
        self.teams = teams
        """Whether a team competition is read (else refused at its first team record)."""
        self.say = warn
        self.header = _Header()
        self.layout = TRF16
        self.seen_players = False

    def error(self, message: str | Message, lineno: int, column: int = 0) -> TrfError:
        return TrfError(message, path=self.path, line=lineno, column=column)

    def warn(self, lineno: int, message: str | Message, *, page: Message | None = None) -> None:
        self.say(InputWarning(message, self.path, lineno, page=page))

    def read(self, text: str) -> Event | TeamEvent:
        lines = split_lines(text.removeprefix("\ufeff"))
        is_player = list(map(_IS_PLAYER_LINE, lines))
        player_rows = list(compress(range(len(lines)), is_player))
        others = list(compress(range(len(lines)), map(not_, is_player)))
        first_player = player_rows[0] if player_rows else len(lines)
        before = [index for index in others if index < first_player]
        for index in before:
            self.record(index + 1, lines[index])
        after = others[len(before) :]
        players: PlayerLines | None = None
        problem: TrfError | None = None
        if player_rows:
            self.seen_players = True
            linenos = np.asarray(player_rows, dtype=np.int64) + 1
            try:
                players = read_player_lines(list(compress(lines, is_player)), linenos, self.layout, path=self.path)
            except TrfError as error:
                problem = error
        for index in after:
            if problem is not None and index + 1 > problem.line:
                break  # the records before the bad player line are read first: one of them may be wrong already
            self.record(index + 1, lines[index])
        if problem is not None:
            raise problem
        if players is None:
            template = N_("no player records (001) found (expected a line per player starting with 001)")
            raise self.error(Message(template), 1, 1)
        return self.event(players, len(text))

    def record(self, lineno: int, line: str) -> None:
        """Reads one line that is not a player's, whatever its record."""
        problem = long_line(line)
        if problem is not None:
            raise self.error(problem, lineno, MAX_LINE + 1)
        if not line.strip() or line.startswith("###") or RULER.fullmatch(line):
            return
        code = RECORD_CODE.text(line)
        if code in TEAM_RECORDS:
            if not self.teams:
                raise self.error(unsupported_message(code), lineno, 1)
            self.header.team_lines.append((lineno, line))
            return
        content = line[CONTENT_COLUMN - 1 :]
        value = content.strip()
        header = self.header
        match code:
            case "012":
                header.info = dataclasses.replace(header.info, name=value or None)
            case "022":
                header.info = dataclasses.replace(header.info, city=value)
            case "042":
                header.info = dataclasses.replace(header.info, start_date=value)
            case "052":
                header.info = dataclasses.replace(header.info, end_date=value)
            case "062":
                header.records.append((code, content))
                number = LEADING_NUMBER.match(line, RECORD_CODE.last)
                if number is None:
                    self.warn(
                        lineno,
                        Message.of(N_("expected a number of players in record 062, found {found}"), found=shown(value)),
                    )
                else:
                    header.stated_players = (int(number.group(1)), lineno)
            case "092":
                header.info = dataclasses.replace(header.info, event_type=value)
            case "132":
                header.info = dataclasses.replace(header.info, round_dates=self.round_dates(lineno, line))
            case "XXD":
                if not _COUNT.fullmatch(value) or not 4 <= int(value) <= 9:
                    template = N_("expected a number of digits from 4 to 9 in record XXD, found {found}")
                    raise self.error(Message.of(template, found=shown(value)), lineno, CONTENT_COLUMN)
                if self.seen_players:
                    template = N_("record {record} after the player records (expected it before the first 001 line)")
                    raise self.error(Message.of(template, record=code), lineno, 1)
                self.once("digits", code, int(value), lineno)
                self.layout = Layout(int(value))
            case "XXR" | "142":
                if not _COUNT.fullmatch(value):
                    template = N_("expected a number of rounds in record {record}, found {found}")
                    raise self.error(Message.of(template, record=code, found=shown(value)), lineno, CONTENT_COLUMN)
                self.once("rounds", code, int(value), lineno)
                header.stated_rounds = int(value)
                header.stated_rounds_line = lineno
                header.stated_rounds_code = code
            case "XXS":
                self.points_line(lineno, line)
            case "162":
                self.points_record(lineno, line)
            case "192":
                header.records.append((code, content))
                header.type_kind = type_kind(value)
                header.team_kind, header.team_type_line = team_type(value), lineno
            case "202":
                listed = tuple(part.strip() for part in value.split(",") if part.strip())
                header.info = dataclasses.replace(header.info, tiebreaks=listed)
                self.once("list", code, ",".join(listed), lineno)
            case "240":
                self.bye_record(lineno, line)
            case "299":
                self.abnormal_record(lineno, line)
            case _ if code in KEPT_RECORDS or _NRS_LINE.match(line):
                header.records.append((code, content))
            case _:
                self.warn(lineno, Message.of(N_("unknown record {record} ignored"), record=repr(code)))

    def once(self, what: str, code: str, value: int | str, lineno: int) -> None:
        """Raises when a record that states ``what`` (``rounds``, ``digits``, the tie-break ``list``) was given
        before with another value: a later one winning in silence would change the table."""
        first = self.header.given.setdefault(what, (code, value, lineno))
        if first[1] != value:
            found, stated = (shown(v) if isinstance(v, str) else str(v) for v in (value, first[1]))
            templates = {
                "rounds": N_(
                    "record {record} gives {found} as the number of rounds, but record {first} at line "
                    "{number} gave {other} (expected the number of rounds once, or records that agree)"
                ),
                "digits": N_(
                    "record {record} gives {found} as the number of digits, but record {first} at line "
                    "{number} gave {other} (expected the number of digits once, or records that agree)"
                ),
                "list": N_(
                    "record {record} gives {found} as the tie-break list, but record {first} at line "
                    "{number} gave {other} (expected the tie-break list once, or records that agree)"
                ),
            }
            message = Message.of(
                templates[what], record=code, found=found, first=first[0], number=first[2], other=stated
            )
            raise self.error(message, lineno, CONTENT_COLUMN)

    def number(self, lineno: int, line: str, columns: Columns, template: str) -> int | None:
        """The whole number of a record's field, ``None`` when it is blank; ``template`` says what was expected
        (``expected a round number at columns {columns}, found {found}``)."""
        text = columns.text(line).strip()
        if not text:
            return None
        if not _NUMBER.fullmatch(text):
            message = Message.of(template, columns=str(columns), found=repr(columns.text(line)))
            raise self.error(message, lineno, columns.first)
        return int(text)

    def points_line(self, lineno: int, line: str) -> None:
        """Reads an ``XXS`` line of ``CODE=VALUE`` pairs (JaVaFo)."""
        for match in re.finditer(r"\S+", line[CONTENT_COLUMN - 1 :]):
            token, column = match.group(), match.start() + CONTENT_COLUMN
            code, equals, value = token.partition("=")
            code = code.upper()
            if not equals:
                message = Message.of(N_("expected CODE=VALUE in XXS, found {found}"), found=shown(token))
                raise self.error(message, lineno, column)
            if code not in _XXS_CODES:
                self.warn(lineno, Message.of(N_("unknown point code {code} in XXS ignored"), code=shown(code)))
                continue
            if not _POINTS.fullmatch(value):
                message = Message.of(N_("expected points for {kind}, found {found}"), kind=code, found=shown(value))
                raise self.error(message, lineno, column + len(code) + 1)
            if not within_point_bound(_fraction(value)):  # as --points bounds them
                template = N_(
                    "expected points for {kind} of at most 6 digits before and after the point, found {found}"
                )
                raise self.error(Message.of(template, kind=code, found=shown(value)), lineno, column + len(code) + 1)
            for key in _XXS_SHORTCUTS.get(code, (code,)):
                self.header.points[key] = (_fraction(value), value, lineno)

    def points_record(self, lineno: int, line: str) -> None:
        """Reads a record 162: a code at column 6 and its points at 7–10, again every 9 columns."""
        for column in POINT_CODES.code_columns(len(line)):
            points = POINT_CODES.points(column)
            code, text = line[column - 1], points.text(line).strip()
            if code != " " or text:
                if code == " ":
                    message = Message.of(N_("expected a point code at column {number}, found ' '"), number=column)
                    raise self.error(message, lineno, column)
                if not _POINTS.fullmatch(text):
                    template = N_("expected points for {kind} at columns {columns}, found {found}")
                    message = Message.of(template, kind=code, columns=str(points), found=repr(points.text(line)))
                    raise self.error(message, lineno, points.first)
                code = code.upper()
                if code not in _POINT_CODES:
                    message = Message.of(N_("unknown point code {code} in record 162 ignored"), code=repr(code))
                    self.warn(lineno, message)
                elif code == "X":
                    self.warn(lineno, Message(N_("record 162: the points of X (unknown result) are not used")))
                else:
                    self.header.points_162[code] = (_fraction(text), lineno)

    def bye_record(self, lineno: int, line: str) -> None:
        """Reads a record 240: a bye type at column 5, a round at 7–9, start numbers from 11 on."""
        bye = line[TYPE_COLUMN - 1 : TYPE_COLUMN].upper()
        if bye not in BYE_TYPES:
            found = line[TYPE_COLUMN - 1 : TYPE_COLUMN]
            template = N_("expected a bye type F, H or Z at column {number}, found {found}")
            raise self.error(Message.of(template, number=TYPE_COLUMN, found=repr(found)), lineno, TYPE_COLUMN)
        round_no = self.number(lineno, line, BYE_ROUND, _ROUND_NUMBER)
        if not round_no:
            message = Message.of(
                N_("expected a round number at columns {columns}, found {found}"),
                columns=str(BYE_ROUND),
                found=repr(BYE_ROUND.text(line)),
            )
            raise self.error(message, lineno, BYE_ROUND.first)
        players = self.starts(lineno, line, BYE_STARTS)
        if not players:
            first = TRF16.starts(BYE_STARTS, BYE_STARTS)[0]  # named in TRF-16's columns, whatever XXD says
            message = Message.of(
                N_("expected a start number at columns {columns}, found {found}"),
                columns=str(first),
                found=repr(first.text(line)),
            )
            raise self.error(message, lineno, BYE_STARTS)
        self.header.byes.append(Assignment(lineno, "240", bye, round_no, None, players))

    def round_dates(self, lineno: int, line: str) -> tuple[str, ...]:
        """The round dates of record 132 (:func:`_round_dates`), or the error at the first round's columns
        that hold no date."""
        found = _round_dates(line)
        if isinstance(found, tuple):
            return found
        columns = Columns(TRF16.block_column(found), TRF16.block_column(found) + ROUND_DATE_WIDTH - 1)
        template = N_(
            "record 132: expected the date of round {round} at columns {columns}, found {found} (are the dates "
            "run together, or not at their rounds' columns?)"
        )
        message = Message.of(template, round=found, columns=str(columns), found=repr(columns.text(line)))
        raise self.error(message, lineno, columns.first)

    def abnormal_record(self, lineno: int, line: str) -> None:
        """Reads a record 299: a type at column 5, points at 14–17, a round at 20–22, start numbers from 24 on."""
        kind = (line[TYPE_COLUMN - 1 : TYPE_COLUMN] or " ").upper()
        if kind != " " and kind not in ABNORMAL_KINDS:
            found = line[TYPE_COLUMN - 1 : TYPE_COLUMN]
            template = N_("expected a type W, D, L, F, H, Z, +, - or a blank at column {number}, found {found}")
            raise self.error(Message.of(template, number=TYPE_COLUMN, found=repr(found)), lineno, TYPE_COLUMN)
        text = ABNORMAL_POINTS.text(line).strip()
        if not _POINTS.fullmatch(text):
            message = Message.of(
                N_("expected points at columns {columns}, found {found}"),
                columns=str(ABNORMAL_POINTS),
                found=repr(ABNORMAL_POINTS.text(line)),
            )
            raise self.error(message, lineno, ABNORMAL_POINTS.first)
        round_no = self.number(lineno, line, ABNORMAL_ROUND, _ROUND_NUMBER) or 0
        players = self.starts(lineno, line, ABNORMAL_STARTS)
        if not players and (kind == " " or round_no):
            first = TRF16.starts(ABNORMAL_STARTS, ABNORMAL_STARTS)[0]  # named in TRF-16's columns, whatever XXD says
            message = Message.of(
                N_("expected a start number at columns {columns}, found {found}"),
                columns=str(first),
                found=repr(first.text(line)),
            )
            raise self.error(message, lineno, ABNORMAL_STARTS)
        if kind == " " and round_no:
            self.warn(lineno, Message.of(_BONUS_OF_A_ROUND, round=round_no))
        mp = ABNORMAL_MATCH_POINTS.text(line)
        if players:
            self.header.abnormal.append(Assignment(lineno, "299", kind, round_no, _fraction(text), players, mp))
        else:
            self.header.system_points.append((kind, _fraction(text)))
            self.header.system_records.append(Assignment(lineno, "299", kind, 0, _fraction(text), (), mp))

    def starts(self, lineno: int, line: str, first: int) -> tuple[tuple[StartNo, int], ...]:
        """The start numbers of a record, 4 columns (``XXD`` digits) every 5 from ``first`` on, with their columns."""
        found = []
        for columns in self.layout.starts(first, len(line)):
            start = self.number(lineno, line, columns, _START_NUMBER)
            if start:
                found.append((start, columns.first))
        return tuple(found)

    # The event, once every line is read.

    def event(self, players: PlayerLines, size: int) -> Event | TeamEvent:
        """The event of the player lines and the header records (a team event's, for a team competition)."""
        header = self.header
        teams = self.teams and (bool(header.team_lines) or header.team_kind is not None)
        count = len(players.lines)
        rows = self.start_order(players)
        last_played, last_block = 0, 0
        for blocks in players.blocks:
            finished = np.flatnonzero((blocks.content & (blocks.kind != _NOT_PLAYED)).any(axis=0))
            filled = np.flatnonzero(blocks.content.any(axis=0))
            last_played = max(last_played, int(finished[-1]) + 1 if finished.size else 0)
            last_block = max(last_block, int(filled[-1]) + 1 if filled.size else 0)
        assigned = max((a.round for a in header.byes + header.abnormal if a.type != " "), default=0)
        unheld = unheld_rounds(header.stated_rounds, max(last_block, assigned), count)
        if unheld is not None:
            code = header.stated_rounds_code
            message = Message.of(N_("record {record} {message}"), record=code, message=unheld)
            raise self.error(message, header.stated_rounds_line, CONTENT_COLUMN)
        rounds = max(header.stated_rounds, last_block, assigned)
        problem = too_many_results(count, rounds, size)
        if problem is not None:
            raise self.error(problem, *self.rounds_position(players, rounds))
        results = _results(players, rounds, last_played)
        every_round: dict[tuple[int, str], tuple[int, Fraction]] = {}
        if not teams:  # a team competition's byes and abnormal points are its teams'
            for bye in header.byes:
                self.assign_bye(bye, results)
            for order, record in enumerate(header.abnormal):
                self.assign_points(order, record, results, every_round)
        _assign_every_round(results, every_round)
        linenos = players.linenos[rows]
        self.check_pairings(results, linenos)
        if results.blank is not None and results.blank.any():
            self.warn_blank_results(results.blank, linenos)
        if results.absences:
            self.warn_absences(results.absences)
        names = players.field(players.layout.name, rows.tolist())
        self.check_duplicates(players.fide_id[rows], names, linenos)
        self.warn_federations(players)
        if header.stated_players is not None and header.stated_players[0] != count:
            stated, lineno = header.stated_players
            said = Message.ngettext(
                "record 062 gives {count} players, but there are {players} player records (001)",
                "record 062 gives {count} players, but there are {players} player records (001)",
                stated,
                players=count,
            )
            self.warn(lineno, said)
        held = max(last_block, assigned)
        if header.stated_rounds_line and 0 < header.stated_rounds < held:
            template = (
                N_("record {record} gives 1 round, but the player records hold {rounds} rounds: read as {rounds}")
                if header.stated_rounds == 1
                else N_(
                    "record {record} gives {count} rounds, but the player records hold {rounds} rounds: read as "
                    "{rounds}"
                )
            )
            message = Message.of(template, record=header.stated_rounds_code, count=header.stated_rounds, rounds=held)
            self.warn(header.stated_rounds_line, message)
        system = self.point_system(teams=teams)
        awarded = results.award >= 0 if results.award is not None else np.zeros(results.kind.shape, dtype=bool)
        values = list(results.values)
        awarded_points = [] if results.award is None else [values[index] for index in results.award[awarded].tolist()]
        zero = Fraction(0)
        adjustments = [zero] * count
        for row, adjustment in results.adjustments.items():
            adjustments[row] = adjustment
        table = build_table(
            results.opponent,
            results.kind,
            results.colour,
            system,
            awarded,
            awarded_points,
            adjustments,
            players.rating[rows],
        )
        kind = header.type_kind or _event_kind(header.info.event_type)
        info = dataclasses.replace(header.info, point_system=system, kind=kind, records=tuple(header.records))
        event = Event(table, _roster(players, rows, names), info)
        if not teams:
            return event
        return read_teams(
            event,
            header.team_lines,
            byes=header.byes,
            abnormal=header.abnormal,
            defaults=header.system_records,
            stated_kind=(header.team_kind or _event_kind(header.info.event_type), header.team_type_line),
            where=lambda row, round_no: (int(linenos[row]), self.layout.block_column(round_no)),
            path=self.path,
            warn=self.say,
        )

    def warn_blank_results(self, blank: Bools, linenos: Ints) -> None:
        """Says once which rounds hold games paired with a blank result, and how they are read."""
        rounds = sorted({int(c) + 1 for c in np.nonzero(blank)[1]})
        games = int(blank.sum()) // 2
        first = int(linenos[int(np.nonzero(blank)[0][0])])
        message = Message.ngettext(
            "{rounds}: {count} game paired with a blank result, read as not played yet (the standings are "
            "provisional; `sonneborn whatif` plays them)",
            "{rounds}: {count} games paired with a blank result, read as not played yet (the standings are "
            "provisional; `sonneborn whatif` plays them)",
            games,
            rounds=rounds_message(rounds),
        )
        page = Message.ngettext(
            "{rounds}: {count} game paired with a blank result, read as not played yet (the standings are "
            "provisional; the What if tab plays them)",
            "{rounds}: {count} games paired with a blank result, read as not played yet (the standings are "
            "provisional; the What if tab plays them)",
            games,
            rounds=rounds_message(rounds),
        )
        self.warn(first, message, page=page)

    def warn_federations(self, players: PlayerLines) -> None:
        """Warns, at the first, of the player lines whose federation is neither three letters (``IRL``) nor
        blank: read as written, so that a category by federation or a page would show it."""
        odd = np.flatnonzero(players.federation_odd)
        if not odd.size:
            return
        first = int(odd[0])
        columns = players.layout.federation
        found = repr(columns.text(players.lines[first]))
        if odd.size == 1:
            message = Message.of(_FEDERATION, columns=str(columns), found=found)
        else:
            message = Message.of(_FEDERATIONS, columns=str(columns), found=found, count=int(odd.size))
        self.say(InputWarning(message, self.path, int(players.linenos[first]), columns.first))

    def warn_absences(self, absences: list[tuple[int, int]]) -> None:
        """Says once that forfeit losses without an opponent (``0000 - -``) are read as absences."""
        lineno, round_no = min(absences)
        if len(absences) > 1:  # English's one form; the other languages take the count's
            found = Message.ngettext(
                "a forfeit loss without an opponent ('0000 - -'): the file means absent; scored as a "
                "zero-point bye (and {count} more such rounds)",
                "a forfeit loss without an opponent ('0000 - -'): the file means absent; scored as a "
                "zero-point bye (and {count} more such rounds)",
                len(absences) - 1,
            )
        else:
            found = Message(
                N_("a forfeit loss without an opponent ('0000 - -'): the file means absent; scored as a zero-point bye")
            )
        self.warn(lineno, Message.of(N_("round {round}: {message}"), round=round_no, message=found))

    def start_order(self, players: PlayerLines) -> Ints:
        """The row of each start number, 1…n; raises unless the start numbers run so (each is given once)."""
        count = len(players.lines)
        start = players.start
        beyond = start > count
        if beyond.any():
            first = int(np.argmin(np.where(beyond, start, np.iinfo(np.int64).max)))
            present = np.zeros(count + 1, dtype=bool)
            present[start[~beyond]] = True
            missing = int(np.argmin(present[1:])) + 1
            raise self.error(
                Message.of(
                    N_("start numbers must run 1..{last} without gaps, but {number} is missing"),
                    last=count,
                    number=missing,
                ),
                int(players.linenos[first]),
                players.layout.start.first,
            )
        rows = np.empty(count, dtype=np.int64)
        rows[start - 1] = np.arange(count)
        return rows

    def rounds_position(self, players: PlayerLines, rounds: int) -> tuple[int, int]:
        """Where the number of rounds comes from: the ``XXR`` (or 142) line, a player's last block, or a record."""
        header = self.header
        if header.stated_rounds == rounds and header.stated_rounds_line:
            return header.stated_rounds_line, CONTENT_COLUMN
        holding = [
            int(blocks.rows[filled[0]])
            for blocks in players.blocks
            if blocks.content.shape[1] >= rounds and (filled := np.flatnonzero(blocks.content[:, rounds - 1])).size
        ]
        if holding:
            return int(players.linenos[min(holding)]), players.layout.block_column(rounds)
        found = next(a for a in header.byes + header.abnormal if a.round == rounds)
        return found.lineno, BYE_ROUND.first if found.code == "240" else ABNORMAL_ROUND.first

    def check_player(self, record: Assignment, start: StartNo, column: int, count: int) -> None:
        """Raises unless a start number of a bye or points record is a player's."""
        if start > count:
            message = Message.ngettext(
                "record {record} names player {number}, but there are {count} players (expected 1 to {last})",
                "record {record} names player {number}, but there are {count} players (expected 1 to {last})",
                count,
                record=record.code,
                number=start,
                last=count,
            )
            raise self.error(message, record.lineno, column)

    def assign_bye(self, bye: Assignment, results: _Results) -> None:
        """Gives a bye of record 240 to its players, in a round their lines leave blank (or mark absent)."""
        code = CODE[BYE_TYPES[bye.type]]
        column = bye.round - 1
        count = len(results.kind)
        for start, at in bye.players:
            self.check_player(bye, start, at, count)
            row = start - 1
            if results.kind[row, column] != code and not _absent(results, row, column):
                template = N_(
                    "record {record} gives player {number} a bye {bye}, but his line records {found} "
                    "(expected {expected})"
                )
                found = Message.of(
                    template,
                    record="240",
                    number=start,
                    bye=repr(bye.type),
                    found=_block(results, row, column),
                    expected=Message(N_("a blank block or 0000 - Z")),
                )
                raise self.error(
                    Message.of(N_("round {round}: {message}"), round=bye.round, message=found), bye.lineno, at
                )
            results.kind[row, column] = code

    def assign_points(
        self,
        order: int,
        record: Assignment,
        results: _Results,
        every_round: dict[tuple[int, str], tuple[int, Fraction]],
    ) -> None:
        """Applies the abnormal points of a record 299 (the ``order``-th) to its players.

        Points for every round (round ``000``) are only noted in ``every_round``, by
        player and type: the later record wins, and :func:`_assign_every_round` applies
        them once every record is read, where no later record for one round set them.
        """
        assert record.points is not None
        count = len(results.kind)
        kinds = {CODE[kind] for kind in ABNORMAL_KINDS.get(record.type, ())}
        column = record.round - 1
        for start, at in record.players:
            self.check_player(record, start, at, count)
            row = start - 1
            if record.type == " ":
                results.adjustments[row] = results.adjustments.get(row, Fraction(0)) + record.points
                continue
            if not record.round:
                every_round[row, record.type] = (order, record.points)
                continue
            if int(results.kind[row, column]) not in kinds:
                if record.type not in BYE_TYPES or not _absent(results, row, column):
                    template = N_(
                        "record {record} gives player {number} points for {kind}, but his line records "
                        "{found} (expected {expected})"
                    )
                    expected = Message.of(N_("a result of type {kind}"), kind=repr(record.type))
                    found = Message.of(
                        template,
                        record="299",
                        number=start,
                        kind=repr(record.type),
                        found=_block(results, row, column),
                        expected=expected,
                    )
                    message = Message.of(N_("round {round}: {message}"), round=record.round, message=found)
                    raise self.error(message, record.lineno, at)
                results.kind[row, column] = CODE[BYE_TYPES[record.type]]
            results.award_points(row, column, record.points, order)

    def check_pairings(self, results: _Results, linenos: Ints) -> None:
        """Raises at the first game (by line and column) that the opponent's line does not mirror.

        A mismatch is reported at the line of whichever of the two players comes
        first; of two problems at one place, the one of the lower start number.
        """
        opponent, kind, colour = results.opponent, results.kind, results.colour
        count = len(opponent)
        found = unmirrored(opponent, kind, colour)
        if not len(found):
            return
        found_rows, found_columns = found.rows, found.columns
        own = linenos[found_rows]
        no_game = (found.why == ALONE) | (found.why == NO_PLAYER)
        other_line = linenos[np.where(no_game, found_rows, opponent[found_rows, found_columns])]
        at = np.where(no_game, own, np.minimum(own, other_line))
        # The first problem by line, then column (round), then start number.
        first = int(np.lexsort((found_rows, found_columns, at))[0])
        row, column, lineno = int(found_rows[first]), int(found_columns[first]), int(at[first])
        why = int(found.why[first])
        blank = results.blank
        if blank is not None and why == UNANSWERED:
            other = int(opponent[row, column])
            side = row if blank[row, column] else other if 0 <= other < count and blank[other, column] else -1
            if side >= 0:  # a game still to be played on one side only: the blank is the mistake
                result = self.layout.result(column + 1)
                template = (
                    N_("expected a result code at column {number}, found end of line")
                    if results.ended is not None and results.ended[side, column]
                    else N_("expected a result code at column {number}, found a blank")
                )
                missing = Message.of(template, number=result)
                message = Message.of(N_("round {round}: {message}"), round=column + 1, message=missing)
                raise self.error(message, int(linenos[side]), result)
        round_no = column + 1
        start, other_start = row + 1, int(opponent[row, column]) + 1
        block = self.layout.block_column(round_no)
        entry_kind = KINDS[kind[row, column]]
        if why == ALONE:
            template = N_("player {number} is paired against himself (expected another player's start number)")
            message = Message.of(template, number=other_start)
        elif why == NO_PLAYER:
            template = N_("opponent {number} does not exist (expected a start number from {first} to {last})")
            message = Message.of(template, number=other_start, first=1, last=count)
        elif why == UNANSWERED:
            template = N_(
                "player {number} records {result} against {opponent}, but player {number2} records {found} "
                "(expected {expected})"
            )
            message = Message.of(
                template,
                number=start,
                result=entry_kind,
                opponent=other_start,
                number2=other_start,
                found=_block(results, other_start - 1, column),
                expected=_mirror(start, results, row, column),
            )
        else:
            letter = "w" if colour[row, column] == 1 else "b"
            template = N_("players {number} and {number2} both have colour {colour} (expected one w and one b)")
            message = Message.of(template, number=start, number2=other_start, colour=repr(letter))
        raise self.error(Message.of(N_("round {round}: {message}"), round=round_no, message=message), lineno, block)

    def check_duplicates(self, fide_ids: Ints, names: list[str], linenos: Ints) -> None:
        """Warns of a player entered twice: the same FIDE id, or else the same name (in start order)."""
        ordered = np.sort(fide_ids[fide_ids > 0])
        without = list(compress(names, (fide_ids == 0).tolist()))
        if not (ordered[1:] == ordered[:-1]).any() and len(set(without)) == len(without):
            return  # nobody twice: the usual case, known without a key per player
        keys: list[int | str] = [fide_id or name for fide_id, name in zip(fide_ids.tolist(), names, strict=True)]
        found = duplicates(keys)
        for index, first, key in found[:SHOWN_DUPLICATES]:
            template = (
                N_("player {number} has the same FIDE id as player {number2}, {name} (is he entered twice?)")
                if isinstance(key, int)
                else N_("player {number} has the same name as player {number2}, {name} (is he entered twice?)")
            )
            self.warn(int(linenos[index]), Message.of(template, number=index + 1, number2=first + 1, name=repr(key)))
        more = more_duplicates(found, self.path)
        if more is not None:
            self.say(more)

    def point_system(self, *, teams: bool = False) -> PointSystem:
        """The point system of record 162, else of the ``XXS`` lines, else FIDE's 1-½-0.

        ``299`` records for every player in every round then set the value of their type (in a team
        competition they set the teams' instead).
        """
        header = self.header
        if teams:
            header = dataclasses.replace(header, system_points=[])
        system = self.xxs_point_system() if header.points else None
        if header.points_162:
            stated = self.point_system_162()
            if system is not None and not _same_points(system, stated):
                lineno = min(lineno for _, _, lineno in header.points.values())
                self.warn(lineno, Message(N_("the XXS point system differs from record 162's; record 162 is used")))
            system = stated
        if system is None:
            system = PointSystem()
        if header.system_points:
            system = dataclasses.replace(
                system, **{_SYSTEM_FIELDS[kind]: value for kind, value in header.system_points}
            )
        if header.points_162 or header.system_points:
            system = system.defaulted()
        return system

    def point_system_162(self) -> PointSystem:
        """The point system of record 162, with TRF-26's defaults for the codes it does not give."""
        points = self.header.points_162

        def value(code: str, default: Fraction) -> Fraction:
            return points[code][0] if code in points else default

        win = value("W", Fraction(1))
        draw = value("D", Fraction(1, 2))
        absent = value("A", Fraction(0))
        return PointSystem(
            win=win,
            draw=draw,
            loss=value("L", Fraction(0)),
            forfeit_loss=absent,
            zero_bye=value("Z", absent),
            pairing_bye=value("P", win),
            full_bye=value("F", win),
            half_bye=value("H", draw),
        ).defaulted()

    def xxs_point_system(self) -> PointSystem:
        """The point system of the ``XXS`` lines."""
        points = self.header.points

        def value(code: str) -> Fraction | None:
            return points[code][0] if code in points else None

        def by_colour(white: str, black: str, default: Fraction) -> Fraction:
            white_value, black_value = value(white), value(black)
            if white_value is not None and black_value is not None and white_value != black_value:
                _, black_text, lineno = points[black]
                template = N_("{code}={value} differs from {code2}={value2}; {code3} is used for both colours")
                message = Message.of(
                    template, code=white, value=points[white][1], code2=black, value2=black_text, code3=white
                )
                self.warn(lineno, message)
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


def _results(players: PlayerLines, rounds: int, last_played: RoundNo) -> _Results:
    """The results of the player lines' blocks in start order, a column per round of the event.

    A round without a block is an absence, a zero-point bye (C.07 16.2.3 or
    16.2.5), up to the last round anybody has a result in; after that it is
    not played yet. So is a forfeit loss without an opponent (``0000 - -``, as
    Swiss-Manager and lichess write a withdrawal): with no scheduled opponent
    there is no forfeit (16.2.4), only a round the player was absent.
    """
    count = len(players.lines)
    absent = np.where(np.arange(rounds) < last_played, _ZERO_BYE, _NOT_PLAYED).astype(np.int8)
    opponent = np.full((count, rounds), -1, dtype=np.int64)
    kind = np.empty((count, rounds), dtype=np.int8)
    kind[:] = absent
    colour = np.zeros((count, rounds), dtype=np.int8)
    blank = np.zeros((count, rounds), dtype=bool)
    ended = np.zeros((count, rounds), dtype=bool)
    absences: list[tuple[int, int]] = []
    for blocks in players.blocks:
        used = min(blocks.content.shape[1], rounds)
        content = blocks.content[:, :used]
        target = players.start[blocks.rows] - 1
        opponents = blocks.opponent[:, :used]
        opponent[target, :used] = np.where(content & (opponents > 0), opponents - 1, -1)
        kinds = blocks.kind[:, :used]
        alone = content & (opponents == 0) & (kinds == _FORFEIT_LOSS)
        if alone.any():
            kinds = np.where(alone, np.int8(_ZERO_BYE), kinds)
            found_rows, found_columns = np.nonzero(alone)
            linenos = players.linenos[blocks.rows[found_rows]]
            absences += zip(linenos.tolist(), (found_columns + 1).tolist(), strict=True)
        kind[target, :used] = np.where(content, kinds, absent[:used])
        colour[target, :used] = np.where(content, blocks.colour[:, :used], 0)
        blank[target, :used] = blocks.blank[:, :used] & content
        ended[target, :used] = blocks.ended[:, :used] & content
    return _Results(opponent, kind, colour, absences=absences, blank=blank, ended=ended)


def _assign_every_round(results: _Results, every_round: dict[tuple[int, str], tuple[int, Fraction]]) -> None:
    """Gives the points of ``299`` records for every round to the results of their type.

    A record for one round that comes later in the file keeps its own points.
    """
    if not every_round:
        return
    count = len(results.kind)
    orders = np.full((len(_TYPES), count), -1, dtype=np.int64)
    indices = np.full((len(_TYPES), count), -1, dtype=np.int64)
    for (row, type_code), (record, points) in every_round.items():
        orders[_TYPES.index(type_code), row] = record
        indices[_TYPES.index(type_code), row] = results.value_index(points)
    types = _TYPE_OF_KIND[results.kind.astype(np.intp)]
    rows = np.broadcast_to(np.arange(count)[:, None], types.shape)
    typed = types >= 0
    order = np.where(typed, orders[np.where(typed, types, 0), rows], -1)
    set_by = results.set_by if results.set_by is not None else np.full(types.shape, -1, dtype=np.int64)
    given = typed & (order >= 0) & (order > set_by)
    if not given.any():
        return
    if results.award is None:
        results.award = np.full(types.shape, -1, dtype=np.int64)
    results.award[given] = indices[types[given], rows[given]]


def _absent(results: _Results, row: int, column: int) -> bool:
    """Whether a round is an absence or not played yet, so that a bye record may say what it was."""
    return bool(results.opponent[row, column] < 0 and results.kind[row, column] in (_ZERO_BYE, _NOT_PLAYED))


def _block(results: _Results, row: int, column: int) -> str:
    """A round written as its TRF block, ``0000 - Z`` for an absence."""
    opponent = int(results.opponent[row, column])
    written = "0000" if opponent < 0 else f"{opponent + 1:>4}"
    colour = ("-", "w", "b")[int(results.colour[row, column])]
    return f"{written} {colour} {KINDS[results.kind[row, column]]}"


def _mirror(start: StartNo, results: _Results, row: int, column: int) -> str:
    """What the opponent's line should record of a game, quoted as blocks are written: ``'1 b 0'``."""
    colour = ("-", "b", "w")[int(results.colour[row, column])]
    kind = KINDS[results.kind[row, column]]
    if kind is ResultKind.FORFEIT_LOSS:
        return f"'{start} {colour} +' or '{start} {colour} -'"
    return f"'{start} {colour} {kind.complement}'"


def _roster(players: PlayerLines, rows: Ints, names: list[str]) -> Roster:
    """The players' own data in start order; what a ranking rarely needs is cut from the lines when asked for.

    Only the lines and the order are kept for that, not the rest of the reading.
    """
    lines, layout = players.lines, players.layout
    fide_ids, ranks = players.fide_id[rows], players.rank[rows]

    def text(columns: Columns) -> LazyList[str]:
        return LazyList(lambda: cut(lines, columns, rows.tolist()))

    def sexes() -> list[str]:
        return ["w" if sex == "f" else sex for sex in map(str.lower, cut(lines, layout.sex, rows.tolist()))]

    def points() -> list[Fraction | None]:
        found: dict[str, Fraction] = {}  # points columns repeat a few dozen values: each is parsed once
        texts = cut(lines, layout.points, rows.tolist())
        return [(found.get(value) or found.setdefault(value, _fraction(value))) if value else None for value in texts]

    return Roster(
        names=names,
        titles=text(layout.title),
        sexes=LazyList(sexes),
        federations=text(layout.federation),
        fide_ids=LazyList(lambda: [fide_id or None for fide_id in fide_ids.tolist()]),
        birth_dates=text(layout.birth_date),
        recorded_points=LazyList(points),
        recorded_ranks=LazyList(lambda: [None if rank < 0 else rank for rank in ranks.tolist()]),
        recorded_tiebreaks=[()] * len(names),
    )


def _fraction(text: str) -> Fraction:
    """Points as written, with a decimal point or comma."""
    return Fraction(text.replace(",", "."))


def _same_points(one: PointSystem, other: PointSystem) -> bool:
    """Whether two point systems give the same points for every kind of result."""
    return all(one.points(kind) == other.points(kind) for kind in ResultKind)


def _round_dates(line: str) -> tuple[str, ...] | int:
    """The round dates of record 132, which stand in the columns of the TRF-16 round blocks; else the dates
    written one after another from the first block's column on (``2024/11/23 2024/11/24``, or without a blank
    between ``YYYYMMDD`` dates), each a whole date; else the number of the first round whose columns hold no date.

    A round's columns hold a date when their text is one (``24/11/23``, ``2024/11/23``, ``20241123``) that stops
    there: a text that runs on into the next round's columns is a longer date cut, unless it fills the columns.
    """
    fields = []
    round_no = 1
    while (column := TRF16.block_column(round_no)) <= len(line):
        fields.append(line[column - 1 : column - 1 + ROUND_DATE_WIDTH])
        round_no += 1
    for index, cell in enumerate(fields):
        text = cell.strip()
        following = fields[index + 1][:1] if index + 1 < len(fields) else " "
        runs_on = cell[-1:].isdigit() and not following.isspace()
        if text and (not _ROUND_DATE.fullmatch(text) or (runs_on and len(text) < ROUND_DATE_WIDTH)):
            return _dates_in_turn(line[TRF16.block_column(1) - 1 :]) or index + 1
    dates = [cell.strip() for cell in fields]
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def _dates_in_turn(text: str) -> tuple[str, ...] | None:
    """The four-digit-year dates of a record 132 written one after another, a blank between them or none
    (``YYYYMMDD``), when every one is a whole date; else ``None``."""
    found: list[str] = []
    for word in text.split():
        if word.isdigit() and len(word) % 8 == 0:
            found += [word[k : k + 8] for k in range(0, len(word), 8)]
        else:
            found.append(word)
    whole = all(_YEAR_FIRST.fullmatch(date) and read_date(date) is not None for date in found)
    return tuple(found) if found and whole else None


def _event_kind(event_type: str) -> EventKind | None:
    """Round robin or Swiss when record 092 says so plainly, else ``None``."""
    round_robin = _ROUND_ROBIN.search(event_type) is not None
    swiss = _SWISS.search(event_type) is not None
    if round_robin != swiss:
        return EventKind.ROUND_ROBIN if round_robin else EventKind.SWISS
    return None


_BONUS_OF_A_ROUND = N_(
    "record 299 gives a bonus or penalty in round {round}: it counts from round 1 on, as one outside the rounds "
    "(000) does (the standings after the earlier rounds and PS include it)"
)
"""A blank-type 299 that names a round: its points are no round's, so they are the player's (or team's) from the
start; said, since the round written is not the round they count from."""

_FEDERATION = N_(
    "expected a federation of three letters (such as IRL) at columns {columns}, found {found}: read as written"
)
_FEDERATIONS = N_(
    "expected a federation of three letters (such as IRL) at columns {columns}, found {found}; {count} player lines "
    "hold one that is not: read as written"
)
