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
>>> event.players, event.rounds, event.kind.value, event.table.unit
(15, 15, 'round-robin', 2)
>>> int(event.table.points[0].sum()) / event.table.unit  # Sloth's 11 points, in half points
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
from typing import Any, TypeVar, overload

import numpy as np
import numpy.typing as npt

from sonneborn.errors import InputWarning
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament

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
FORFEIT_KINDS = (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS)
NOT_PLAYED = CODE[ResultKind.NOT_PLAYED]


@dataclass(frozen=True, eq=False)
class Table:
    """The results of an event as integer arrays: a row per player (start order), a column per round.

    Points are whole numbers of a unit, ``1 / unit`` of a point (the least common
    denominator of every value of the event: 2 for 1–½–0), so every sum is an
    exact integer.
    """

    opponent: Ints
    """The opponent's row (start number − 1) in each round, −1 for none."""
    kind: Codes
    """The result kind's code (:data:`KINDS`) in each round."""
    colour: Codes
    """0 unknown, 1 White, 2 Black."""
    points: Ints
    """The points of each round, in units: the point system's, or the arbiter's where :attr:`awarded`."""
    awarded: Bools
    """Where the arbiter set the points against the point system (TRF-26 299)."""
    adjustment: Ints
    """Bonus or penalty points outside any round, by player, in units."""
    rating: Ints
    """Each player's rating, 0 for the unrated."""
    unit: int
    """Units per point."""
    system: Ints
    """The point system's points of each kind code, in units."""

    @property
    def players(self) -> int:
        return int(self.opponent.shape[0])

    @property
    def rounds(self) -> int:
        return int(self.opponent.shape[1])

    @property
    def wide(self) -> bool:
        """Whether points are Python integers, because 64-bit sums of their products could overflow."""
        return bool(self.points.dtype == object)

    def system_points(self, kind: ResultKind) -> int:
        """A kind's points under the point system, in units."""
        return int(self.system[CODE[kind]])

    @cached_property
    def scores(self) -> Ints:
        """Every player's score, in units: the points of every round and any bonus or penalty."""
        scores: Ints = self.points.sum(axis=1) + self.adjustment
        return scores

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

    def with_points(self, system: PointSystem) -> Table:
        """The table under another point system; the arbiter's points stay as they were."""
        return self.with_kinds(self.kind, system)

    def with_kinds(self, kind: Codes, system: PointSystem) -> Table:
        """The table with other result kinds (the same pairings) under a point system; the arbiter's points
        stay as they were."""
        awarded_values = [Fraction(int(p), self.unit) for p in self.points[self.awarded].tolist()]
        adjustments = [Fraction(int(a), self.unit) for a in self.adjustment.tolist()]
        return build_table(
            self.opponent, kind, self.colour, system, self.awarded, awarded_values, adjustments, self.rating
        )


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
    """A table from the pairings, the point system and the points the arbiter set.

    ``awarded_points`` are the values of the entries where ``awarded`` is true,
    in row-major order; ``adjustments`` one value per player. The unit is the
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
    rounds = int(opponent.shape[1]) if opponent.ndim == 2 else 0
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
    return Table(opponent, kind, colour, points, awarded, adjustment, rating, unit, system_units)


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
        )


@dataclass(frozen=True, slots=True)
class EventInfo:
    """What a source says of the event besides its players and results (the fields of a :class:`Tournament`)."""

    name: str | None = None
    city: str = ""
    start_date: str = ""
    end_date: str = ""
    event_type: str = ""
    round_dates: tuple[str, ...] = ()
    point_system: PointSystem = field(default_factory=PointSystem)
    kind: EventKind | None = None
    """Round robin or Swiss as the source or the user states it; ``None``: detected from the pairings."""
    tiebreaks: tuple[str, ...] = ()
    """The tie-break list the source states (TRF-26 202), as written."""
    records: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, eq=False)
class Event:
    """An event as arrays: its :class:`Table`, its :class:`Roster` and what else its source says."""

    table: Table
    roster: Roster
    info: EventInfo = field(default_factory=EventInfo)

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
        info = EventInfo(
            name=tournament.name,
            city=tournament.city,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            event_type=tournament.event_type,
            round_dates=tournament.round_dates,
            point_system=tournament.point_system,
            kind=tournament.kind,
            tiebreaks=tournament.tiebreaks,
            records=tournament.records,
        )
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
        awarded = table.awarded
        points = table.points.tolist()
        players = []
        for row in range(table.players):
            override = awarded[row]
            entries = tuple(
                Entry(
                    round=column + 1,
                    opponent=None if opponents[row][column] < 0 else opponents[row][column] + 1,
                    colour=COLOURS[colours[row][column]],
                    kind=KINDS[kinds[row][column]],
                    points=Fraction(points[row][column], table.unit) if override[column] else None,
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
                    adjustment=Fraction(int(table.adjustment[row]), table.unit),
                )
            )
        return Tournament(
            players=tuple(players),
            rounds=table.rounds,
            name=info.name,
            city=info.city,
            start_date=info.start_date,
            end_date=info.end_date,
            event_type=info.event_type,
            round_dates=info.round_dates,
            point_system=info.point_system,
            kind=info.kind,
            tiebreaks=info.tiebreaks,
            records=info.records,
        )

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
        why = f"players {first + 1} and {other + 1} never meet"
        if rounds >= needed:  # rounds enough for everyone: games missing (a withdrawal), not a Swiss's pairing
            missing = f" and {short - 2} other players miss some of theirs" if short > 2 else ""
            return InputWarning(
                f"stated a round robin, but {why}{missing}: the file holds no game between them (a withdrawal, or "
                "games left out?); they are ranked as a round robin, each round as the file records it"
            )
        if short == count:
            why += f", and none of the {count} players meets all the others"
        elif short > 2:
            why += f", and {short} of {count} players meet fewer than all the others"
        plural = "s" if rounds != 1 else ""
        why += f", in {rounds} round{plural} where a round robin of {count} players has {needed}"
        return InputWarning(
            f"stated a round robin, but the pairings look like a Swiss: {why} (in a round robin everyone meets "
            "everyone; state the kind swiss to rank it as one)"
        )

    def with_kind(self, kind: EventKind | None) -> Event:
        """The same event with its kind stated (``None``: detected)."""
        if kind == self.info.kind:
            return self
        return Event(self.table, self.roster, replace(self.info, kind=kind))

    def with_byes(self, byes: Mapping[tuple[int, int], ResultKind]) -> Event:
        """The same event with some rounds without an opponent given another kind of bye, by row and column
        (start number − 1, round − 1); a round with an opponent cannot be one (its game has two sides).

        >>> from sonneborn.demo import seed_event
        >>> event = Event.of(seed_event())  # Sloth's free round is round 1
        >>> int(event.with_byes({(0, 0): ResultKind.HALF_BYE}).table.scores[0]) / event.table.unit
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

    def with_point_system(self, system: PointSystem) -> Event:
        """The same event scored under another point system (the arbiter's points stay)."""
        if system == self.info.point_system:
            return self
        return Event(self.table.with_points(system), self.roster, replace(self.info, point_system=system))
