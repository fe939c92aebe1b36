"""Where each field of a TRF line stands, and the codes it may hold: one definition for reading and writing.

The reader (:mod:`~sonneborn.formats.trf.read`), the column reader
(:mod:`~sonneborn.formats.trf.columns`) and the writer
(:mod:`~sonneborn.formats.trf.write`) take every column from here, so that no
column number is written twice. Columns are 1-based character positions of the
decoded line, as the FIDE documents count them (C.04 Annex 2, TRF-26).

>>> TRF16.rating, str(TRF16.points), TRF16.block(2)
(Columns(first=49, last=52), '81-84', Columns(first=102, last=111))
>>> wide = Layout(6)
>>> str(wide.start), str(wide.rank), str(wide.opponent(1)), wide.colour(1), wide.result(1)
('5-10', '88-93', '96-101', 103, 105)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from sonneborn.model import Colour, EventKind, ResultKind, RoundNo

__all__ = [
    "ABNORMAL_KINDS",
    "ABNORMAL_MATCH_POINTS",
    "ABNORMAL_POINTS",
    "ABNORMAL_ROUND",
    "ABNORMAL_STARTS",
    "ABNORMAL_TYPE",
    "BYE_ROUND",
    "BYE_STARTS",
    "BYE_TYPES",
    "COLOURS",
    "CONTENT_COLUMN",
    "FORFEIT_BLACK",
    "FORFEIT_ROUND",
    "FORFEIT_TYPE",
    "FORFEIT_TYPES",
    "FORFEIT_WHITE",
    "KEPT_RECORDS",
    "LEADING_NUMBER",
    "ORDER_OPPONENT",
    "ORDER_PLAYERS",
    "ORDER_ROUND",
    "ORDER_TEAM",
    "PAB_FIRST",
    "PAB_GAME_POINTS",
    "PAB_MATCH_POINTS",
    "PAB_WIDTH",
    "POINT_CODES",
    "RECORD_CODE",
    "REGENERATED",
    "RESULTS",
    "RESULT_CODES",
    "ROUND_DATE_WIDTH",
    "RULER",
    "RULES_RECORD",
    "TEAM_013_MEMBERS",
    "TEAM_013_NAME",
    "TEAM_GAME_POINTS",
    "TEAM_MATCH_POINTS",
    "TEAM_MEMBERS",
    "TEAM_NAME",
    "TEAM_NICKNAME",
    "TEAM_NUMBER",
    "TEAM_RANK",
    "TEAM_RECORDS",
    "TEAM_TYPE_WORDS",
    "TOURNAMENT_RECORD",
    "TRF16",
    "TYPE_COLUMN",
    "UNKNOWN_RESULT",
    "Columns",
    "Layout",
    "PointCodes",
    "team_type",
    "type_kind",
]


@dataclass(frozen=True, slots=True)
class Columns:
    """A field's columns, 1-based and inclusive.

    >>> field = Columns(49, 52)
    >>> str(field), field.width, repr(field.text("001" + " " * 45 + "2100 ")), repr(field.text("001"))
    ('49-52', 4, "'2100'", "''")
    """

    first: int
    last: int

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    def text(self, line: str) -> str:
        """The field's text as the line has it: shorter, or empty, where the line ends before it."""
        return line[self.first - 1 : self.last]

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"


@dataclass(frozen=True)
class Layout:
    """The columns of a ``001`` line: TRF-16's, or wider numbers for events of more than 9,999 players.

    TRF-16 gives start numbers, ranks and opponents four digits. sonneborn's
    record ``XXD n`` (n > 4) gives them n digits: the start number takes
    columns 5 to 4 + n, every later field moves right by n − 4 (and by twice
    that after the rank), and each round block is 6 + n columns wide. Without
    the record a file is plain TRF-16.

    A round block holds the opponent's start number (``digits`` columns), a
    blank, the colour, a blank, the result code and two blanks: ``"   2 w 1  "``.

    >>> Layout().block_column(2), Layout(6).block_column(1), Layout(6).block_column(2)
    (102, 96, 108)
    """

    digits: int = 4
    """Columns of a start number, a rank or an opponent (4 to 9)."""

    @cached_property
    def extra(self) -> int:
        """Columns beyond TRF-16's of each number."""
        return self.digits - 4

    def column(self, trf16: int) -> int:
        """Where a TRF-16 column between the start number and the rank (10–84) is in this layout."""
        return trf16 + self.extra

    def _field(self, first: int, last: int) -> Columns:
        return Columns(first + self.extra, last + self.extra)

    @cached_property
    def start(self) -> Columns:
        """The start number (pairing number), right-aligned."""
        return Columns(5, 4 + self.digits)

    @cached_property
    def sex(self) -> Columns:
        """``m``, or ``w`` (also written ``f``)."""
        return self._field(10, 10)

    @cached_property
    def title(self) -> Columns:
        return self._field(11, 13)

    @cached_property
    def name(self) -> Columns:
        """ "Lastname, Firstname"."""
        return self._field(15, 47)

    @cached_property
    def rating(self) -> Columns:
        return self._field(49, 52)

    @cached_property
    def federation(self) -> Columns:
        return self._field(54, 56)

    @cached_property
    def fide_id(self) -> Columns:
        return self._field(58, 68)

    @cached_property
    def number_gaps(self) -> tuple[tuple[int, Columns], ...]:
        """The columns that must be blank on either side of the rating and of the FIDE id, each with its field:
        a line shifted by a column would give another number there without a word (``2100`` read as ``210``)."""
        rating, fide_id = self.rating, self.fide_id
        return (
            (rating.first - 1, rating),
            (rating.last + 1, rating),
            (fide_id.first - 1, fide_id),
            (fide_id.last + 1, fide_id),
        )

    @cached_property
    def birth_date(self) -> Columns:
        """``YYYY/MM/DD``."""
        return self._field(70, 79)

    @cached_property
    def points(self) -> Columns:
        """The player's points as the file states them, ``11.5`` (or ``11,5``)."""
        return self._field(81, 84)

    @cached_property
    def rank(self) -> Columns:
        return Columns(86 + self.extra, 89 + 2 * self.extra)

    @cached_property
    def width(self) -> int:
        """Columns of one round block."""
        return 10 + self.extra

    def block_column(self, round_no: RoundNo) -> int:
        """The first column of a round's block."""
        return 92 + 2 * self.extra + self.width * (round_no - 1)

    def block(self, round_no: RoundNo) -> Columns:
        """A round's whole block."""
        first = self.block_column(round_no)
        return Columns(first, first + self.width - 1)

    def opponent(self, round_no: RoundNo) -> Columns:
        """A round's opponent: his start number, ``0000`` or blank for none."""
        first = self.block_column(round_no)
        return Columns(first, first + self.digits - 1)

    @property
    def colour_offset(self) -> int:
        """Where the colour stands in a block, counted from its first column (0)."""
        return self.digits + 1

    @property
    def result_offset(self) -> int:
        """Where the result code stands in a block, counted from its first column (0)."""
        return self.digits + 3

    @property
    def gap_offsets(self) -> tuple[int, int, int, int]:
        """Where a block must be blank, counted from its first column (0), in the order a reader checks them."""
        return self.digits, self.digits + 2, self.digits + 4, self.digits + 5

    def colour(self, round_no: RoundNo) -> int:
        """The column of a round's colour: ``w``, ``b``, ``-`` or blank."""
        return self.block_column(round_no) + self.colour_offset

    def result(self, round_no: RoundNo) -> int:
        """The column of a round's result code."""
        return self.block_column(round_no) + self.result_offset

    def gaps(self, round_no: RoundNo) -> tuple[int, ...]:
        """The columns of a round's block that must be blank."""
        first = self.block_column(round_no)
        return tuple(first + offset for offset in self.gap_offsets)

    def starts(self, first: int, length: int) -> list[Columns]:
        """The start numbers of a record 240 or 299 line of ``length`` characters: every ``digits`` + 1 columns."""
        return [Columns(column, column + self.digits - 1) for column in range(first, length + 1, self.digits + 1)]


TRF16 = Layout()
"""The layout of TRF-16 and TRF-26: four-digit numbers."""

# Records.

RECORD_CODE = Columns(1, 3)
"""A line's record: ``001`` for a player, ``012`` for the event's name, ``XXR``, ``###`` for a comment, …"""
CONTENT_COLUMN = 5
"""The first column of a record's content, after its code and a blank."""
ROUND_DATE_WIDTH = 10
"""Record 132 writes round r's date in the columns of round r's TRF-16 block (always TRF-16's, whatever ``XXD``)."""


@dataclass(frozen=True, slots=True)
class PointCodes:
    """Record 162: a one-letter code at column 6 and its points at 7–10, again every 9 columns."""

    first: int = 6
    step: int = 9

    def code_columns(self, length: int) -> range:
        """The columns of the codes of a line of ``length`` characters."""
        return range(self.first, length + 1, self.step)

    def points(self, code_column: int) -> Columns:
        """The points of the code at ``code_column``."""
        return Columns(code_column + 1, code_column + 4)


POINT_CODES = PointCodes()
TYPE_COLUMN = 5
"""Records 240 and 299: the column of the bye type (``F H Z``) or the result type (``W D L F H Z + -``, blank)."""
BYE_ROUND = Columns(7, 9)
"""Record 240: the round."""
BYE_STARTS = 11
"""Record 240: the column of the first start number."""
ABNORMAL_POINTS = Columns(14, 17)
"""Record 299: the points, ``[-]11.5``."""
ABNORMAL_ROUND = Columns(20, 22)
"""Record 299: the round, ``000`` for every round."""
ABNORMAL_STARTS = 24
"""Record 299: the column of the first start number."""

KEPT_RECORDS = frozenset(
    # Records that do not bear on the standings, kept as written so that writing the event back loses
    # nothing: TRF-16 and TRF-26 tournament records, JaVaFo and Tornelo extensions.
    {"032", "062", "072", "082", "102", "112", "122", "152", "172", "182", "192", "212", "222"}
    | {"250", "260"}
    | {"XXZ", "XXC", "XXA", "XXP", "DAT"}
    | {"XXT"}  # sonneborn's: the tie-break rules edition the file's values were computed under
    | {"XXL"}  # sonneborn's: the drawing of lots the file's ranks were decided by
)
RULES_RECORD = "XXT"
"""sonneborn's record of the tie-break rules edition (``XXT fide-2023``) the file's values were computed under,
which a reading ranks by unless told otherwise; JaVaFo's ``XX`` extensions do not use the letter."""
LOTS_RECORD = "XXL"
"""sonneborn's record of the drawing of lots that decided the ranks the file states (``XXL seed 7``, ``XXL secret
S``: :func:`sonneborn.lots.drawing_record`), which a reading draws by again unless told otherwise."""
TEAM_RECORDS = frozenset({"013", "300", "310", "320", "330", "352", "362", "801", "802"})
"""The records only a team competition has (TRF-16 ``013``; TRF-26 teams, team byes and forfeits, boards)."""

# Team records. Player and team numbers in them keep TRF-16's widths (4 and 3 digits), whatever ``XXD`` says.

TEAM_013_NAME = Columns(5, 36)
"""TRF-16 record 013: the team's name; its number is the order of the 013 records."""
TEAM_013_MEMBERS = 37
"""Record 013: the column of the first member's start number (4 columns, again every 5)."""
TEAM_NUMBER = Columns(5, 7)
"""TRF-26 record 310: the team's pairing number."""
TEAM_NAME = Columns(9, 40)
TEAM_NICKNAME = Columns(42, 46)
TEAM_MATCH_POINTS = Columns(55, 60)
"""Record 310: the MP the file records, ``1111.5``."""
TEAM_GAME_POINTS = Columns(62, 67)
TEAM_RANK = Columns(69, 71)
TEAM_MEMBERS = 74
"""Record 310: the column of the first member's start number (4 columns, again every 5)."""
PAB_MATCH_POINTS = Columns(5, 8)
"""Record 320: the MP of a team's pairing-allocated bye."""
PAB_GAME_POINTS = Columns(10, 13)
PAB_FIRST = 15
"""Record 320: the column of round 1's team (3 columns, ``000`` for none, again every 4)."""
PAB_WIDTH = 3
FORFEIT_TYPE = Columns(5, 6)
"""Record 330: ``+-`` White wins, ``-+`` Black wins, ``--`` double forfeit."""
FORFEIT_TYPES: dict[str, str | None] = {"+-": "white", "-+": "black", "--": None}
"""The winner of each type of record 330."""
FORFEIT_ROUND = Columns(8, 10)
FORFEIT_WHITE = Columns(12, 14)
FORFEIT_BLACK = Columns(16, 18)
ORDER_ROUND = Columns(5, 7)
"""Record 300: the round a team played out of its default board order."""
ORDER_TEAM = Columns(9, 11)
ORDER_OPPONENT = Columns(13, 15)
ORDER_PLAYERS = 17
"""Record 300: the column of board 1's start number (4 columns, ``0000`` for an empty board, again every 5)."""
ABNORMAL_MATCH_POINTS = Columns(8, 11)
"""Record 299: the MP (teams only), ``[-]11.5``."""
TEAM_TYPE_WORDS = ("TEAM", "SCHILLER", "SCHEVENINGEN")
"""Words of the record 192 codes of team competitions (``FIDE_TEAM_BAKU``, ``BERGER_TEAM_ROUNDROBIN``, …)."""
RULER = re.compile(r"DDD(?:\s.*)?|(?![0-9]{3}(?:\s|$))[0-9\s]+")
"""A line Swiss-Manager writes above the players to show the columns: ``DDD SSSS sTTT NNNN…``, or a ruler of
column numbers (``         1         2…``, ``1234567890…``); a record such as ``142 7`` is none."""
REGENERATED = frozenset({"062", "142", "162", "192", "202", "212"})
"""Records the writer makes from the model (or the caller) rather than copies."""
TOURNAMENT_RECORD = re.compile(r"[0-9]{2}2")
"""The code of a tournament record (``012``, ``022``, …), which the writer puts before the players."""
LEADING_NUMBER = re.compile(r"\s*0*([0-9]{1,9})(?![0-9])")
"""The number that starts record 062 (``062 6 (3 rated)``)."""

# Codes.

RESULT_CODES = "1 = 0 + - W D L H F U Z"
"""The result codes of a block, as an error message lists them."""
UNKNOWN_RESULT = "?"
"""TieBreakServer's code for a result not known (yet); it reads as not played."""
RESULTS: dict[str, ResultKind] = {kind.value: kind for kind in ResultKind if kind is not ResultKind.NOT_PLAYED}
"""The kind of each result code (upper case); a blank is a zero-point bye."""
RESULTS[" "] = ResultKind.ZERO_BYE
RESULTS[UNKNOWN_RESULT] = ResultKind.NOT_PLAYED
COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.UNKNOWN, " ": Colour.UNKNOWN}
"""The colour of each letter of a block (lower case); a blank is unknown."""

BYE_TYPES = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
"""The bye types of record 240."""
ABNORMAL_KINDS: dict[str, frozenset[ResultKind]] = {
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
ABNORMAL_TYPE = {kind: code for code, kinds in ABNORMAL_KINDS.items() for kind in kinds}
"""The type of record 299 of each kind."""

_SWISS_TYPES = ("DUTCH", "SWISS", "BURSTEIN", "DUBOV")


def team_type(code: str) -> EventKind | None:
    """Round robin or Swiss when a record 192 type code is a team competition's (else ``None``): the FIDE team
    systems (``FIDE_TEAM_BAKU``, ``FIDE_TEAM_MP_GP``, Schiller, Scheveningen) pair Swiss-like.

    >>> team_type("FIDE_TEAM_BAKU"), team_type("BERGER_TEAM_ROUNDROBIN"), team_type("FIDE_DUTCH_2025")
    (<EventKind.SWISS: 'swiss'>, <EventKind.ROUND_ROBIN: 'round-robin'>, None)
    """
    if not any(word in code.upper().split("_") for word in TEAM_TYPE_WORDS):
        return None
    return type_kind(code) or EventKind.SWISS


def type_kind(code: str) -> EventKind | None:
    """Round robin or Swiss as a record 192 type code says (``FIDE_ROUNDROBIN``, ``FIDE_DUTCH_2025``, …).

    >>> type_kind("FIDE_DOUBLEROUNDROBIN"), type_kind("FIDE_LIM"), type_kind("CUSTOM_KNOCKOUT")
    (<EventKind.ROUND_ROBIN: 'round-robin'>, <EventKind.SWISS: 'swiss'>, None)
    """
    code = code.upper()
    if "ROUNDROBIN" in code or "BERGER" in code:
        return EventKind.ROUND_ROBIN
    if any(word in code for word in _SWISS_TYPES) or "LIM" in code.split("_"):
        return EventKind.SWISS
    return None
