"""The event as the engine reads it: the results as integer arrays, the players' data as columns.

A :class:`~sonneborn.model.Tournament` holds an event as objects, one
:class:`~sonneborn.model.Entry` per player and round: the form readers and
writers share. An :class:`Event` holds the same event as a :class:`Table` of
integer arrays (players × rounds) with a :class:`Roster` of the players' own
data, the form every tie-break kernel computes on; the fixed-column TRF reader
builds it directly, without an object per round. The two convert into each
other without loss:

>>> from sonneborn.demo import seed_event
>>> event = Event.of(seed_event())
>>> event.players, event.rounds, event.kind.value, event.table.score.unit
(15, 15, 'round-robin', 2)
>>> int(event.table.score.points[0].sum()) / event.table.score.unit  # Sloth's 11 points, in half points
11.0
>>> Event(event.table, event.roster, event.info).tournament == seed_event()  # built again from the arrays
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Protocol, TypeVar, overload

import numpy as np
import numpy.typing as npt

from sonneborn.errors import InputWarning, Said
from sonneborn.messages import N_, Message
from sonneborn.model import (
    Colour,
    Entry,
    EventInfo,
    EventKind,
    PairingError,
    Player,
    PointSystem,
    ResultKind,
    Tournament,
    mirrors,
)

KINDS: tuple[ResultKind, ...] = tuple(ResultKind)
"""Result kinds by their code in :attr:`Table.kind`."""
CODE: dict[ResultKind, int] = {kind: index for index, kind in enumerate(KINDS)}
"""The code of each result kind."""

UNKNOWN, WHITE, BLACK = 0, 1, 2
"""The codes of :attr:`Table.colour`."""
COLOUR_CODE = {Colour.UNKNOWN: UNKNOWN, Colour.WHITE: WHITE, Colour.BLACK: BLACK}
COLOURS = (Colour.UNKNOWN, Colour.WHITE, Colour.BLACK)

Ints = npt.NDArray[Any]
"""An array of whole numbers: ``int64``, or Python integers (``object``) where 64 bits could overflow."""
Bools = npt.NDArray[np.bool_]
Codes = npt.NDArray[np.int8]

EXACT_LIMIT = 2**62
"""The magnitude below which kernels keep 64-bit integers; beyond it they compute on Python integers."""

T = TypeVar("T")


def integers(values: Sequence[int] | npt.NDArray[Any], *, wide: bool = False) -> Ints:
    """The values as an ``int64`` array, or as Python integers when one is too big for 64 bits (or ``wide``).

    >>> integers([1, 2]).dtype, integers([1, 2**70]).dtype
    (dtype('int64'), dtype('O'))
    """
    if not wide and all(-EXACT_LIMIT < int(value) < EXACT_LIMIT for value in values):
        return np.asarray(values, dtype=np.int64)
    array = np.empty(len(values), dtype=object)
    array[:] = [int(value) for value in values]
    return array


def as_wide(array: Ints) -> Ints:
    """The same numbers as Python integers (an ``object`` array), so that no operation can overflow."""
    if array.dtype == object:
        return array
    wide = np.empty(array.shape, dtype=object)
    wide[...] = array.tolist() if array.ndim else int(array)
    return wide


def times(counts: Ints, factor: int) -> Ints:
    """Counts (of rounds, of games) times a number of units: Python integers where 64 bits could overflow.

    >>> times(np.array([1, 2]), 3).tolist(), times(np.array([1, 2]), 2**70).dtype
    ([3, 6], dtype('O'))
    """
    largest = int(np.abs(counts).max()) if counts.size and counts.dtype != object else 0
    if counts.dtype != object and abs(factor) * (largest + 1) >= EXACT_LIMIT:
        counts = as_wide(counts)
    return counts * factor


def of_kinds(kind: npt.NDArray[np.integer[Any]], kinds: Sequence[ResultKind]) -> Bools:
    """Whether each entry's kind code is one of ``kinds`` (one look-up in a table of the 256 byte values)."""
    table = np.zeros(256, dtype=bool)
    table[[CODE[k] for k in kinds]] = True
    index = kind.view(np.uint8) if kind.dtype == np.int8 else kind.astype(np.uint8)
    found: Bools = table[index]
    return found


def distinct(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The sorted distinct values; what ``np.unique`` gives, without its import of ``numpy.ma`` (~12 ms a start)."""
    ordered = np.sort(values, kind="stable")
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


PLAYED_KINDS = tuple(kind for kind in KINDS if kind.is_played)
BYE_KINDS = tuple(kind for kind in KINDS if kind.is_bye)
BYE_CODES = np.array([CODE[kind] for kind in BYE_KINDS], dtype=np.int8)
"""The codes of the bye kinds in :attr:`Table.kind`."""
FORFEIT_KINDS = (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS)
NOT_PLAYED = CODE[ResultKind.NOT_PLAYED]


ALONE, NO_PLAYER, UNANSWERED, SAME_COLOUR = 1, 2, 3, 4
"""Why a round fails the mirrored-pairing check (:func:`unmirrored`): the player is paired against himself;
his opponent is no player of the event; the opponent's round does not pair him back with the complementary
result; both have the same colour."""

_MIRRORED = np.array([[mirrors(kind, other) for other in KINDS] for kind in KINDS], dtype=bool)
_COLOUR_CODES = np.arange(3)
_PAIRS = (
    _MIRRORED[:, None, :, None]
    & ((_COLOUR_CODES[:, None] != _COLOUR_CODES) | (_COLOUR_CODES[:, None] == UNKNOWN))[None, :, None, :]
).reshape(3 * len(KINDS), 3 * len(KINDS))
"""Whether two rounds, each coded kind × 3 + colour, may stand for one game (the opponent's is the column):
when the kinds mirror each other and the colours differ, or the player's is unknown."""


@dataclass(frozen=True, slots=True)
class Unmirrored:
    """The rounds that fail the mirrored-pairing check, in row-major order (by row, then round)."""

    rows: Ints
    columns: Ints
    why: Codes
    """:data:`ALONE`, :data:`NO_PLAYER`, :data:`UNANSWERED` or :data:`SAME_COLOUR`, for each."""

    def __len__(self) -> int:
        return len(self.rows)


def unmirrored(opponent: Ints, kind: Codes, colour: Codes) -> Unmirrored:
    """Every round whose game the opponent's round does not mirror: the one check of the pairings, which every
    reader makes and words in its own terms (its lines and columns).

    A player paired with another in a round must be that player's opponent in
    the same round, with a result that mirrors his (:func:`~sonneborn.model.mirrors`)
    and not the same known colour. ``opponent`` holds rows, −1 for none; any
    other value outside the rows is an opponent who is no player.

    >>> W, L = CODE[ResultKind.WIN], CODE[ResultKind.LOSS]
    >>> kinds, colours = np.array([[W], [W], [L]], dtype=np.int8), np.zeros((3, 1), dtype=np.int8)
    >>> found = unmirrored(np.array([[1], [0], [1]]), kinds, colours)
    >>> found.rows.tolist(), found.why.tolist()  # two winners of one game, and a third player who claims it
    ([0, 1, 2], [3, 3, 3])
    """
    count, rounds = opponent.shape
    rows = np.arange(count)[:, None]
    paired = opponent != -1
    alone = paired & (opponent == rows)
    no_player = paired & ((opponent < 0) | (opponent >= count))
    game = paired & ~alone & ~no_player
    # The opponent's round, by its place in the flattened arrays; kind and colour fetched together, as one
    # code, and judged together by a table of every pair of codes.
    other = np.where(game, opponent * rounds, 0)
    other += np.arange(rounds)[None, :]
    back = np.take(opponent, other)
    code = kind * np.int8(3)
    code += colour
    pair = code.astype(np.int16)
    pair *= len(_PAIRS)
    pair += np.take(code, other)
    wrong = game & ((back != rows) | ~np.take(_PAIRS.reshape(-1), pair))
    wrong |= alone | no_player
    found_rows, found_columns = np.nonzero(wrong)
    why = np.full(len(found_rows), SAME_COLOUR, dtype=np.int8)
    if len(found_rows):
        at = found_rows, found_columns
        kinds_mirror = _MIRRORED[kind[at], np.take(kind, other[at])]
        why[(back[at] != found_rows) | ~kinds_mirror] = UNANSWERED
        why[no_player[at]] = NO_PLAYER
        why[alone[at]] = ALONE
    return Unmirrored(found_rows, found_columns, why)


@dataclass(frozen=True, eq=False)
class Score:
    """One score of an event's rows, round by round: an individual event's points (``PTS``), or a team
    event's match points (``MP``) or game points (``GP``).

    Points are whole numbers of a unit, ``1 / unit`` of a point (the least common
    denominator of every value of the score: 2 for 1–½–0), so every sum is an
    exact integer.
    """

    points: Ints
    """The points of each round, in units: the point system's, or the arbiter's where :attr:`awarded`."""
    awarded: Bools
    """Where the arbiter set the points against the point system (TRF-26 299)."""
    adjustment: Ints
    """Bonus or penalty points outside any round, by row, in units."""
    unit: int
    """Units per point."""
    system: Ints
    """The point system's points of each kind code, in units."""
    win: int
    """A won game's (or match's) points, in units: what Koya's maximum and the pre-2023 virtual opponent count."""
    draw: int
    """A drawn game's (or match's) points, in units: what C.07 Art. 16 counts an unplayed round as (16.3, 16.4)."""
    loss: int
    """A lost game's (or match's) points, in units."""

    @property
    def wide(self) -> bool:
        """Whether points are Python integers, because 64-bit sums of their products could overflow."""
        return bool(self.points.dtype == object)

    def unscored(self, cells: Bools) -> Score:
        """The score with ``cells`` (rows × rounds) holding no points: results set aside, none the arbiter's."""
        points, awarded = self.points.copy(), self.awarded.copy()
        points[cells], awarded[cells] = 0, False
        return replace(self, points=points, awarded=awarded)

    def system_points(self, kind: ResultKind) -> int:
        """A kind's points under the point system, in units."""
        return int(self.system[CODE[kind]])

    @cached_property
    def totals(self) -> Ints:
        """Every row's score, in units: the points of every round and any bonus or penalty."""
        totals: Ints = self.points.sum(axis=1) + self.adjustment
        return totals

    def running(self, rounds: int) -> Ints:
        """Every row's score after each of the first ``rounds`` rounds, in units, as the standings after that
        round give it: the bonus or penalty outside the rounds counts from the first round on, as
        :meth:`Event.after_round` keeps it (so the last column is :attr:`totals` once every round is played).

        >>> score = Score(np.array([[2, 1], [0, 2]]), np.zeros((2, 2), dtype=bool), np.array([0, -2]), 2,
        ...               np.zeros(1, dtype=np.int64), 2, 1, 0)
        >>> score.running(2).tolist()
        [[2, 3], [-2, 0]]
        """
        running: Ints = np.cumsum(self.points[:, :rounds], axis=1) + self.adjustment[:, np.newaxis]
        return running


PRIMARY = "PTS"
"""The name of an individual event's one score, its points."""


@dataclass(frozen=True, eq=False)
class Table:
    """The results of an event as integer arrays: a row per player (start order), a column per round.

    The pairings (opponent, result kind, colour) and the ratings are the event's; the points are a
    :class:`Score`, one per name: ``PTS`` for an individual event, ``MP`` and ``GP`` for a team event.
    """

    opponent: Ints
    """The opponent's row (start number − 1) in each round, −1 for none."""
    kind: Codes
    """The result kind's code (:data:`KINDS`) in each round."""
    colour: Codes
    """0 unknown, 1 White, 2 Black."""
    rating: Ints
    """Each player's rating, 0 for the unrated."""
    scores: Mapping[str, Score]
    """Every score of the rows, by name (``PTS``; ``MP`` and ``GP``)."""
    primary: str = PRIMARY
    """The score the rows are ranked by, and that a tie-break code naming none is computed on."""

    @property
    def score(self) -> Score:
        """The primary score."""
        return self.scores[self.primary]

    @property
    def players(self) -> int:
        return int(self.opponent.shape[0])

    @property
    def rounds(self) -> int:
        return int(self.opponent.shape[1])

    @cached_property
    def played_rounds(self) -> int:
        """The rounds after which the standings stand: up to the last round anybody has a result in."""
        finished = (self.kind != NOT_PLAYED).any(axis=0)
        rounds = np.flatnonzero(finished)
        return int(rounds[-1]) + 1 if rounds.size else 0

    @cached_property
    def unfinished_games(self) -> int:
        """Games paired but without a result (PGN ``*``, TRF ``?``): while any, the standings are provisional."""
        rows = np.arange(self.players)[:, None]
        return int(((self.kind == NOT_PLAYED) & (self.opponent > rows)).sum())

    @property
    def provisional(self) -> bool:
        """Whether the standings are provisional: rounds not played yet (after round 4 of 9), or games without a
        result."""
        return self.played_rounds < self.rounds or self.unfinished_games > 0

    def boards(self, column: int) -> list[tuple[int, int]]:
        """A round's games as boards (White's row, Black's; the lower row first when the colours are not known).

        The files give no board numbers: the boards are in the order of the pairs' better score before the round
        (the higher first), then of the better start number, as a Swiss program numbers them. The round view
        and ``whatif --set R.B`` both number boards so.
        """
        before = self.score.points[:, :column].sum(axis=1).tolist() if column else [0] * self.players
        pairs = []
        for row in range(self.players):
            opponent = int(self.opponent[row, column])
            if opponent <= row:  # no game, or listed from the opponent's row
                continue
            pairs.append((opponent, row) if int(self.colour[row, column]) == BLACK else (row, opponent))
        pairs.sort(key=lambda pair: (-max(before[pair[0]], before[pair[1]]), min(pair)))
        return pairs

    def meetings_per_pair(self) -> int:
        """How often every pair is scheduled to meet, or 0 when that is not the same for all pairs."""
        count, rounds = self.opponent.shape
        if count < 2 or rounds < count - 1:
            return 0
        rows = np.broadcast_to(np.arange(count)[:, None], self.opponent.shape)
        mask = self.opponent > rows
        pairs = np.sort(rows[mask] * count + self.opponent[mask])
        if not pairs.size:
            return 0
        firsts = np.flatnonzero(np.concatenate(([True], pairs[1:] != pairs[:-1])))
        meetings = np.diff(np.append(firsts, len(pairs)))
        if len(meetings) != count * (count - 1) // 2 or (meetings != meetings[0]).any():
            return 0
        return int(meetings[0])

    def unmet(self) -> tuple[int, int, int] | None:
        """Two players who are never paired and how many players meet fewer than all the others, when
        :meth:`meetings_per_pair` finds that some pair never meets; ``None`` when every pair meets.

        The pair is the first player (in start order) who misses someone and the first he misses, as rows.
        """
        count = self.players
        if count < 2 or self.meetings_per_pair():
            return None
        rows = np.broadcast_to(np.arange(count)[:, None], self.opponent.shape)
        mask = self.opponent >= 0
        pairs = distinct(rows[mask] * count + self.opponent[mask])
        met = np.bincount(pairs // count, minlength=count)
        short = np.flatnonzero(met < count - 1)
        if not short.size:
            return None
        first = int(short[0])
        seen = np.zeros(count, dtype=bool)
        seen[pairs[pairs // count == first] % count] = True
        seen[first] = True
        return first, int(np.flatnonzero(~seen)[0]), int(short.size)

    def with_results(self, results: Mapping[tuple[int, int], ResultKind]) -> Table:
        """The table with some games' results set, by row and column (start number − 1, round − 1): each sets
        both sides of the game, the opponent's round to the complement (:attr:`ResultKind.complement`), and
        scores both under the point system (the arbiter's points of those rounds give way).

        A result needs a game: the round must have an opponent, and the kind must be one a game can have
        (played, forfeited or not played yet). Only an individual event's points are a point system's.

        >>> from sonneborn.demo import seed_event
        >>> table = Event.of(seed_event()).table  # Sloth (row 0) drew with Zagorovsky (row 1) in round 2
        >>> int(table.opponent[0, 1]), KINDS[table.kind[0, 1]].name
        (1, 'DRAW')
        >>> changed = table.with_results({(1, 1): ResultKind.WIN})  # Zagorovsky wins it: Sloth loses it
        >>> KINDS[changed.kind[0, 1]].name, (changed.score.totals[:2] - table.score.totals[:2]).tolist()
        ('LOSS', [-1, 1])
        """
        if set(self.scores) != {PRIMARY}:
            raise ValueError(f"only points ({PRIMARY}) are scored by a point system, not {', '.join(self.scores)}")
        system = self.score.system
        rows, others, columns, first, second = [], [], [], [], []
        for (row, column), result in results.items():
            if not 0 <= row < self.players or not 0 <= column < self.rounds:
                raise ValueError(f"row {row} column {column}: no such round of the table")
            other = int(self.opponent[row, column])
            if other < 0 or result.is_bye:
                raise ValueError(f"row {row} column {column}: only a round with an opponent has a game's result")
            rows.append(row)
            others.append(other)
            columns.append(column)
            first.append(CODE[result])
            second.append(CODE[result.complement])
        first_kind, second_kind = np.array(first, dtype=np.int8), np.array(second, dtype=np.int8)
        points = {PRIMARY: (system[first_kind.astype(np.intp)], system[second_kind.astype(np.intp)])}
        return self.with_games(np.array(rows), np.array(others), np.array(columns), first_kind, second_kind, points)

    def with_games(
        self,
        rows: Ints,
        others: Ints,
        columns: Ints,
        first_kind: Codes,
        second_kind: Codes,
        points: Mapping[str, tuple[Ints, Ints]],
    ) -> Table:
        """The table with some rounds' results set, as arrays: each game on both sides (the first side's row,
        the other's, −1 for a one-sided round, their round, each side's kind code and its points of every
        score, in units); the arbiter's points of those rounds give way. The one place where a scenario's
        results are written (:meth:`with_results`, ``whatif``)."""
        both = others >= 0
        kind = self.kind.copy()
        kind[rows, columns] = first_kind
        kind[others[both], columns[both]] = second_kind[both]
        scores = {}
        for name, score in self.scores.items():
            first_points, second_points = points[name]
            new_points, awarded = score.points.copy(), score.awarded.copy()
            new_points[rows, columns] = first_points
            new_points[others[both], columns[both]] = second_points[both]
            if name == PRIMARY:  # a team's game points are all set (their boards' sums), never a system's
                awarded[rows, columns] = False
                awarded[others[both], columns[both]] = False
            scores[name] = replace(score, points=new_points, awarded=awarded)
        return Table(self.opponent, kind, self.colour, self.rating, scores, self.primary)

    def with_points(self, system: PointSystem) -> Table:
        """The table under another point system; the arbiter's points stay as they were."""
        return self.with_kinds(self.kind, system)

    def with_kinds(self, kind: Codes, system: PointSystem) -> Table:
        """The table with other result kinds (the same pairings), its points scored under a point system; the
        arbiter's points stay as they were.

        Only an individual event's points are a point system's: a team event's scores come from its boards.
        """
        if set(self.scores) != {PRIMARY}:
            raise ValueError(f"only points ({PRIMARY}) are scored by a point system, not {', '.join(self.scores)}")
        score = self.score
        awarded_values = [Fraction(int(p), score.unit) for p in score.points[score.awarded].tolist()]
        adjustments = [Fraction(int(a), score.unit) for a in score.adjustment.tolist()]
        return build_table(
            self.opponent, kind, self.colour, system, score.awarded, awarded_values, adjustments, self.rating
        )


def _rounds_played(count: int) -> Message:
    """The error of a round outside 1 to the ``count`` rounds played, one template per count's wording."""
    if count == 0:
        return Message.of(N_("the event has no round played (expected 1 to {number})"), number=count)
    if count == 1:
        return Message.of(N_("the event has 1 round played (expected 1 to {number})"), number=count)
    return Message.of(N_("the event has {count} rounds played (expected 1 to {number})"), count=count, number=count)


def point_unit(values: Sequence[Fraction]) -> int:
    """The least common denominator of some point values."""
    unit = 1
    for value in values:
        unit = math.lcm(unit, value.denominator)
    return unit


def build_table(
    opponent: Ints,
    kind: Codes,
    colour: Codes,
    system: PointSystem,
    awarded: Bools,
    awarded_points: Sequence[Fraction],
    adjustments: Sequence[Fraction],
    rating: Ints,
) -> Table:
    """An individual event's table from the pairings, the point system and the points the arbiter set: its
    one score, ``PTS``, is :func:`build_score`'s."""
    score = build_score(kind, system, awarded, awarded_points, adjustments)
    return Table(opponent, kind, colour, rating, {PRIMARY: score})


def build_score(
    kind: Codes,
    system: PointSystem,
    awarded: Bools,
    awarded_points: Sequence[Fraction],
    adjustments: Sequence[Fraction],
) -> Score:
    """A score from the result kinds, a point system and the points the arbiter set.

    ``awarded_points`` are the values of the entries where ``awarded`` is true,
    in row-major order; ``adjustments`` one value per row. The unit is the
    least common denominator of every value; the arrays hold Python integers
    when 64-bit sums of products of points could overflow.
    """
    system_points = [system.points(k) for k in KINDS]
    distinct_awarded = set(awarded_points)
    # Most players of a big event share one adjustment (none): each distinct object is looked at once.
    adjustment_list = list(adjustments)
    by_object = dict(zip(map(id, adjustment_list), adjustment_list, strict=True))
    distinct_adjustments = set(by_object.values())
    unit = point_unit([*system_points, *distinct_awarded, *distinct_adjustments])
    largest = max((abs(v) for v in [*system_points, *distinct_awarded]), default=Fraction(0)) * unit
    rounds = int(kind.shape[1]) if kind.ndim == 2 else 0
    bound = rounds * largest + max((abs(a) for a in distinct_adjustments), default=Fraction(0)) * unit
    # The largest kernel values are products of a round's points and a score, summed over the rounds.
    wide = 4 * (bound + 1) * (rounds * largest + bound + 1) >= EXACT_LIMIT
    system_units = integers([int(value * unit) for value in system_points], wide=wide)
    points = system_units[kind.astype(np.intp)] if kind.size else np.zeros(kind.shape, dtype=system_units.dtype)
    if len(awarded_points):
        points = points.copy()
        points[awarded] = integers([int(value * unit) for value in awarded_points], wide=wide)
    units = {key: int(value * unit) for key, value in by_object.items()}
    if len(units) == 1:
        adjustment = np.repeat(integers(list(units.values()), wide=wide), len(adjustment_list))
    else:
        adjustment = integers([units[id(value)] for value in adjustment_list], wide=wide)
    if len(adjustment_list) == 0:
        adjustment = adjustment.astype(system_units.dtype)
    win, draw, loss = (int(system_units[CODE[k]]) for k in (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS))
    return Score(points, awarded, adjustment, unit, system_units, win, draw, loss)


class LazyList(Sequence[T]):
    """A column computed the first time it is read (a big TRF's titles, dates and recorded points)."""

    __slots__ = ("_make", "_values")

    def __init__(self, make: Callable[[], list[T]]) -> None:
        self._make: Callable[[], list[T]] | None = make
        self._values: list[T] = []

    @property
    def values(self) -> list[T]:
        if self._make is not None:
            self._values, self._make = self._make(), None
        return self._values

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        return self.values[index]

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[T]:
        return iter(self.values)

    def __reduce__(self) -> tuple[Callable[[list[T]], list[T]], tuple[list[T]]]:
        """Pickled as its values (computed now): what makes them is a closure over the reading, which plain
        :mod:`pickle` cannot send to a process or a Dask worker."""
        return list, (self.values,)


@dataclass(frozen=True, eq=False)
class Roster:
    """The players' own data, a column per field, in start-number order (ratings are in the :class:`Table`)."""

    names: Sequence[str]
    titles: Sequence[str]
    sexes: Sequence[str]
    federations: Sequence[str]
    fide_ids: Sequence[int | None]
    birth_dates: Sequence[str]
    recorded_points: Sequence[Fraction | None]
    """Points as the source file records them, for ``check``."""
    recorded_ranks: Sequence[int | None]
    recorded_tiebreaks: Sequence[tuple[tuple[str, Fraction], ...]]
    clubs: Sequence[str] = ()
    """Each player's club (:attr:`Player.club <sonneborn.model.Player.club>`); empty when the source names none."""

    def club(self, row: int) -> str:
        """A player's club, ``""`` when none is known."""
        return self.clubs[row] if self.clubs else ""

    @classmethod
    def of(cls, players: Sequence[Player]) -> Roster:
        """The columns of some players."""
        return cls(
            names=[p.name for p in players],
            titles=[p.title for p in players],
            sexes=[p.sex for p in players],
            federations=[p.federation for p in players],
            fide_ids=[p.fide_id for p in players],
            birth_dates=[p.birth_date for p in players],
            recorded_points=[p.recorded_points for p in players],
            recorded_ranks=[p.recorded_rank for p in players],
            recorded_tiebreaks=[p.recorded_tiebreaks for p in players],
            clubs=[p.club for p in players] if any(p.club for p in players) else (),
        )


class TeamData(Protocol):
    """What an event whose rows are teams knows of them: a :class:`sonneborn.teams.TeamEvent`, named here by
    what it has, as this module cannot import it (the team model is built on events);
    :func:`sonneborn.teams.teams_of` gives it with its own type."""

    @property
    def event(self) -> Event:
        """The individual event inside: the players, their games and board points."""
        ...

    @property
    def matches(self) -> Any:
        """The matches, boards included (:class:`sonneborn.teams.Matches`)."""
        ...


@dataclass(frozen=True, eq=False)
class Event:
    """An event as arrays: its :class:`Table`, its :class:`Roster` and what else its source says.

    A team event's rows are its teams (:func:`sonneborn.teams.team_event`): :attr:`teams` leads back to their
    matches, boards and players.
    """

    table: Table
    roster: Roster
    info: EventInfo = field(default_factory=EventInfo)
    teams: TeamData | None = None
    """The teams of an event whose rows are teams; ``None`` for an individual event."""

    @classmethod
    def of(cls, tournament: Tournament) -> Event:
        """The event of a tournament read into objects (which it keeps, as :attr:`tournament`)."""
        players, rounds = len(tournament), tournament.rounds
        opponent = np.full((players, rounds), -1, dtype=np.int64)
        kind = np.zeros((players, rounds), dtype=np.int8)
        colour = np.zeros((players, rounds), dtype=np.int8)
        awarded = np.zeros((players, rounds), dtype=bool)
        awarded_points: list[Fraction] = []
        for row, player in enumerate(tournament.players):
            for column, entry in enumerate(player.entries):
                if entry.opponent is not None:
                    opponent[row, column] = entry.opponent - 1
                kind[row, column] = CODE[entry.kind]
                colour[row, column] = COLOUR_CODE[entry.colour]
                if entry.points is not None:
                    awarded[row, column] = True
                    awarded_points.append(entry.points)
        rating = integers([p.rating or 0 for p in tournament.players])
        table = build_table(
            opponent,
            kind,
            colour,
            tournament.point_system,
            awarded,
            awarded_points,
            [p.adjustment for p in tournament.players],
            rating,
        )
        info = tournament.info
        event = cls(table, Roster.of(tournament.players), info)
        event.__dict__["tournament"] = tournament  # the objects it came from: nothing to build again
        return event

    @property
    def players(self) -> int:
        """The number of players."""
        return self.table.players

    @property
    def rounds(self) -> int:
        """The number of rounds, played or scheduled."""
        return self.table.rounds

    @property
    def name(self) -> str | None:
        return self.info.name

    @property
    def point_system(self) -> PointSystem:
        return self.info.point_system

    @cached_property
    def kind(self) -> EventKind:
        """Round robin when stated, or when everyone is scheduled to meet everyone the same number of times."""
        if self.info.kind is not None:
            return self.info.kind
        return EventKind.ROUND_ROBIN if self.table.meetings_per_pair() else EventKind.SWISS

    @cached_property
    def tournament(self) -> Tournament:
        """The event as objects, for the writers (built once, when first asked for)."""
        table, roster, info = self.table, self.roster, self.info
        opponents, kinds, colours = table.opponent.tolist(), table.kind.tolist(), table.colour.tolist()
        score = table.score
        awarded = score.awarded
        points = score.points.tolist()
        players = []
        for row in range(table.players):
            override = awarded[row]
            entries = tuple(
                Entry(
                    round=column + 1,
                    opponent=None if opponents[row][column] < 0 else opponents[row][column] + 1,
                    colour=COLOURS[colours[row][column]],
                    kind=KINDS[kinds[row][column]],
                    points=Fraction(points[row][column], score.unit) if override[column] else None,
                )
                for column in range(table.rounds)
            )
            rating = int(table.rating[row])
            players.append(
                Player(
                    start=row + 1,
                    name=roster.names[row],
                    entries=entries,
                    title=roster.titles[row],
                    sex=roster.sexes[row],
                    rating=rating or None,
                    federation=roster.federations[row],
                    fide_id=roster.fide_ids[row],
                    birth_date=roster.birth_dates[row],
                    recorded_points=roster.recorded_points[row],
                    recorded_rank=roster.recorded_ranks[row],
                    recorded_tiebreaks=roster.recorded_tiebreaks[row],
                    adjustment=Fraction(int(score.adjustment[row]), score.unit),
                    club=roster.club(row),
                )
            )
        return Tournament.of(info, tuple(players), table.rounds)

    def check_pairings(self) -> None:
        """Raises :class:`~sonneborn.model.PairingError` at the first round (by start number, then round) whose
        game the opponent's round does not mirror (:func:`unmirrored`)."""
        table = self.table
        found = unmirrored(table.opponent, table.kind, table.colour)
        if not len(found):
            return
        row, column, why = int(found.rows[0]), int(found.columns[0]), int(found.why[0])
        other = int(table.opponent[row, column]) + 1
        where = f"player {row + 1} round {column + 1}: "
        if why == ALONE:
            raise PairingError(where + "paired against himself")
        if why == NO_PLAYER:
            raise PairingError(where + f"opponent {other} is no player (expected 1 to {table.players})")
        if why == UNANSWERED:
            kind = KINDS[table.kind[row, column]]
            raise PairingError(where + f"{kind.value!r} against {other} is not mirrored by player {other}'s round")
        raise PairingError(where + f"both he and player {other} have colour {COLOURS[table.colour[row, column]]}")

    def kind_warning(self) -> InputWarning | None:
        """Why the event, stated a round robin, looks like a Swiss: some pair is never paired (the rule
        :attr:`kind` detects a Swiss by); ``None`` otherwise.

        A round robin whose rounds are still to come may not have paired everyone yet: when the rounds
        scheduled are enough for everyone to meet, the standings are provisional and nothing is said. When
        they are enough and the event is over, a pair that never met is a game the file lacks (a
        withdrawal), and the warning says so instead. A round robin stated a Swiss needs no word: it may be
        ranked as one.
        """
        if self.info.kind is not EventKind.ROUND_ROBIN:
            return None
        table = self.table
        unmet = table.unmet()
        if unmet is None:
            return None
        first, other, short = unmet
        count, rounds = table.players, table.rounds
        needed = count - 1 if count % 2 == 0 else count
        if rounds >= needed and table.provisional:
            return None
        pair = f"{first + 1} and {other + 1}"
        if rounds >= needed:  # rounds enough for everyone: games missing (a withdrawal), not a Swiss's pairing
            if short > 2:
                said = Message.ngettext(
                    "stated a round robin, but players {pairs} never meet and {count} other players miss some of "
                    "theirs: the file holds no game between them (a withdrawal, or games left out?); they are ranked "
                    "as a round robin, each round as the file records it",
                    "stated a round robin, but players {pairs} never meet and {count} other players miss some of "
                    "theirs: the file holds no game between them (a withdrawal, or games left out?); they are ranked "
                    "as a round robin, each round as the file records it",
                    short - 2,
                    pairs=pair,
                )
                return InputWarning(said)
            template = N_(
                "stated a round robin, but players {pairs} never meet: the file holds no game between them (a "
                "withdrawal, or games left out?); they are ranked as a round robin, each round as the file "
                "records it"
            )
            return InputWarning(Message.of(template, pairs=pair))
        if short == count:
            template = N_(
                "stated a round robin, but the pairings look like a Swiss: players {pairs} never meet, and none of "
                "the {count} players meets all the others, in {played} {round} where a round robin of {players} "
                "players has {rounds} (in a round robin everyone meets everyone; state the kind swiss to rank it as "
                "one)"
            )
        elif short > 2:
            template = N_(
                "stated a round robin, but the pairings look like a Swiss: players {pairs} never meet, and {short} of "
                "{count} players meet fewer than all the others, in {played} {round} where a round robin of "
                "{players} players has {rounds} (in a round robin everyone meets everyone; state the kind swiss to "
                "rank it as one)"
            )
        else:
            template = N_(
                "stated a round robin, but the pairings look like a Swiss: players {pairs} never meet, in {played} "
                "{round} where a round robin of {players} players has {rounds} (in a round robin everyone meets "
                "everyone; state the kind swiss to rank it as one)"
            )
        word = Message(N_("round") if rounds == 1 else N_("rounds"))
        return InputWarning(
            Message.of(
                template, pairs=pair, short=short, count=count, played=rounds, round=word, players=count, rounds=needed
            )
        )

    def with_kind(self, kind: EventKind | None) -> Event:
        """The same event with its kind stated (``None``: detected)."""
        if kind == self.info.kind:
            return self
        return replace(self, info=replace(self.info, kind=kind))

    def with_byes(self, byes: Mapping[tuple[int, int], ResultKind]) -> Event:
        """The same event with some rounds without an opponent given another kind of bye, by row and column
        (start number − 1, round − 1); a round with an opponent cannot be one (its game has two sides).

        >>> from sonneborn.demo import seed_event
        >>> event = Event.of(seed_event())  # Sloth's free round is round 1
        >>> int(event.with_byes({(0, 0): ResultKind.HALF_BYE}).table.score.totals[0]) / event.table.score.unit
        11.5
        """
        if not byes:
            return self
        kind = self.table.kind.copy()
        for (row, column), bye in byes.items():
            if not bye.is_bye or self.table.opponent[row, column] >= 0:
                raise ValueError(f"row {row} column {column}: only a round without an opponent can be a bye")
            kind[row, column] = CODE[bye]
        return Event(self.table.with_kinds(kind, self.point_system), self.roster, self.info)

    def after_round(self, last: int, *, next_paired: bool = False) -> Event:
        """The event as it stood after round ``last``: every later round not played yet (no pairing, no result,
        no bye), the rounds planned and the event's kind kept, so that the tie-breaks are those of standings
        taken during the event (C.07 8.3: no final round yet, FB = BH; 16.2: the categories of the rounds played
        only).

        The points, ranks and tie-breaks the file records are its final standings' and are dropped; a bonus or
        penalty outside the rounds (TRF-26 299) stays, as no round dates it. A later round paired and not played
        yet is dropped too: the standings are those before it was paired (FB = BH before the final round is
        paired, C.07 8.3), where the file as it is (and whatif) reads it as still to play. Raises
        :exc:`ValueError` for a round outside 1 to the rounds played.

        With ``next_paired`` (what ``whatif`` asks), round ``last + 1`` stays as it was once paired, which it was
        from the standings after round ``last``: each game's opponent and colours, its result not played yet, and
        every round without an opponent as the file records it (a pairing-allocated bye is the pairing's, a
        requested bye or an absence was known before it); the rounds after it are not paired yet, except in a
        round robin, whose schedule was known: they keep their games' opponents and colours (a free round none),
        nothing played.

        >>> from sonneborn.demo import seed_event
        >>> after = Event.of(seed_event()).after_round(3)
        >>> after.rounds, after.table.played_rounds, int(after.table.score.totals[0]) / after.table.score.unit
        (15, 3, 1.0)
        >>> paired = Event.of(seed_event()).after_round(3, next_paired=True).table  # round 4: 7 games, 1 free
        >>> paired.unfinished_games, paired.played_rounds  # a round robin: rounds 5-15 keep their pairings too
        (84, 4)
        """
        table = self.table
        if not 1 <= last <= table.played_rounds:
            raise Said(_rounds_played(table.played_rounds))
        later = slice(last, None)
        if not (table.opponent[:, later] >= 0).any() and not (table.kind[:, later] != NOT_PLAYED).any():
            return self
        opponent, kind, colour = table.opponent.copy(), table.kind.copy(), table.colour.copy()
        aside = np.zeros(kind.shape, dtype=bool)  # the results set aside
        aside[:, later] = True
        unpaired = later
        if next_paired and last < table.rounds:  # round last + 1 keeps its pairings and byes
            aside[:, last] = ~np.isin(kind[:, last], BYE_CODES)
            unpaired = slice(last + 1, None)
            if self.kind is EventKind.ROUND_ROBIN:  # a round robin's later rounds are its schedule's: known
                unpaired = slice(table.rounds, None)
        kind[aside] = NOT_PLAYED
        opponent[:, unpaired], colour[:, unpaired] = -1, UNKNOWN
        scores = {name: score.unscored(aside) for name, score in table.scores.items()}
        count = table.players
        roster = replace(
            self.roster, recorded_points=[None] * count, recorded_ranks=[None] * count, recorded_tiebreaks=[()] * count
        )
        # The kind is the whole event's: a round robin after round 3 has not paired everyone yet, and is one still.
        info = replace(self.info, kind=self.kind)
        return Event(replace(table, opponent=opponent, kind=kind, colour=colour, scores=scores), roster, info)

    def with_point_system(self, system: PointSystem) -> Event:
        """The same event scored under another point system (the arbiter's points stay)."""
        if system == self.info.point_system:
            return self
        return Event(self.table.with_points(system), self.roster, replace(self.info, point_system=system))
