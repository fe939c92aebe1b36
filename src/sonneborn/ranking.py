"""Standings: rank by points, then by each tie-break of an ordered list (C.07 4.2).

Each tie-break is applied only to the groups still tied; direct encounter is
evaluated inside each of those groups. Players still tied at the end of the
list share the place, unless lots are drawn. Groups of tied players are
integer group numbers, and each tie-break splits them with one sort over the
whole field.

>>> from sonneborn.demo import seed_event
>>> standings = rank(seed_event(), parse_list("SB,DE,WIN"))
>>> [(r.rank, r.player.name, float(r.values["SB"].number)) for r in standings.rows[:3]]
[(1, 'Sloth', 69.5), (2, 'Zagorovsky', 66.75), (3, 'Kosenkov', 67.5)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from sonneborn.categories import Category
from sonneborn.errors import InputWarning, TiebreakError
from sonneborn.event import Bools, Event, Ints
from sonneborn.lots import Drawing, SeededDraw, draw
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, Player, StartNo, Tournament
from sonneborn.tiebreaks import REGISTRY, WEIGHTED_SCORES, Column, Context, Spec, Value, parse, parse_list
from sonneborn.tiebreaks.context import Pairings
from sonneborn.tiebreaks.own_results import points as points_kernel
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules

DEFAULT_TIEBREAKS = {
    EventKind.ROUND_ROBIN: "DE,SB,WIN,KS",
    EventKind.SWISS: "BH/C1,BH,SB,DE,WIN",
}
"""The list used when none is given, by kind of event."""
DEFAULT_TEAM_TIEBREAKS = {
    EventKind.ROUND_ROBIN: "MPvGP,DE,EMGSB",
    EventKind.SWISS: "MPvGP,BH:MP/C1,EMGSB/C1",
}
"""The list of a team event when none is given (docs/tiebreaks.md, Teams): the secondary score (C.07 13.1),
then direct encounter or Buchholz of match points cut 1, then EMGSB (13.2), as Olympiads rank."""

_LAST = 2**63 - 1
"""The sort key of a missing value: after every value."""


def default_tiebreaks(kind: EventKind, *, teams: bool = False) -> list[Spec]:
    """The default tie-break list for a round robin or a Swiss event, of players or of ``teams``."""
    return parse_list((DEFAULT_TEAM_TIEBREAKS if teams else DEFAULT_TIEBREAKS)[kind])


def stated_tiebreaks(tournament: Tournament | Event) -> list[Spec] | None:
    """The list the file states (TRF-26 record 202), or ``None`` when it states none.

    A command ranks by the list it is given, else by this one, else by the default of the kind.
    """
    stated = tournament.info.tiebreaks
    return parse_list(",".join(stated)) if stated else None


def column_keys(specs: Sequence[Spec], rank_by: Spec | None = None) -> list[str]:
    """The keys of the columns, the ranking score first: each code as written, ``#2`` on a code met again.

    >>> column_keys(parse_list("DE,SB,DE"))
    ['DE', 'SB', 'DE#2']
    """
    keys: list[str] = []
    for spec in [*([rank_by] if rank_by is not None else []), *specs]:
        code = str(spec)
        seen = sum(1 for key in keys if key.split("#")[0] == code)
        keys.append(code if not seen else f"{code}#{seen + 1}")
    return keys


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings, for library users (renderers read the columns)."""

    rank: int
    """The place; players who share it have the same rank."""
    player: Player
    points: Fraction
    values: Mapping[str, Value]
    """Every tie-break value, keyed by the normalised code (``BH/C1``)."""
    shared: bool = False
    """Whether another player has the same rank."""
    by_lot: bool = False
    """Whether the place was decided by drawing lots."""
    points_derivation: Value | None = None
    """The points as the sum of the rounds (and any bonus), for explanations."""


class _RowValues(Mapping[str, Value]):
    """A player's values, each derived when first read."""

    def __init__(self, standings: Standings, row: int) -> None:
        self._standings, self._row = standings, row

    def __getitem__(self, code: str) -> Value:
        return self._standings.column(code).value(self._row)

    def __iter__(self) -> Iterator[str]:
        return iter(self._standings.codes)

    def __len__(self) -> int:
        return len(self._standings.codes)


@dataclass(frozen=True, eq=False)
class Standings:
    """The ranked event: one result, many renderers.

    Arrays are indexed by player row (start number − 1) unless said otherwise;
    :attr:`order` lists the rows in final order.
    """

    event: Event
    tiebreaks: tuple[Spec, ...]
    rank_by: Spec | None
    """A weighted score ranked by instead of points (``--rank-by``)."""
    rules: Rules
    """The rule edition the values were computed under."""
    lots: int | None
    """The seed of the draw that broke the remaining ties, if a seed did (``--lots``)."""
    unrated_rating: int | None
    order: Ints
    """The player rows in final order."""
    ranks: Ints
    """Each player's place."""
    shared: Bools
    """Whether another player has the same place."""
    by_lot: Bools
    """Whether the place was decided by drawing lots."""
    points: Column
    """The score, with each player's points as the sum of his rounds."""
    columns: tuple[Column, ...]
    """One column per key of :attr:`codes`, in that order."""
    drawing: Drawing | None = None
    """The draw that broke the ties left after the list, if one was asked for: a seed's or a committed
    secret's (:mod:`sonneborn.lots`)."""
    reached: tuple[Bools, ...] = ()
    """For each column, whether each row was still tied with another when its tie-break was reached: where a
    tie-break decided inside tied groups (DE) does not apply, the tables write ``–``."""
    category: Category | None = None
    """The category these standings are drawn for (:meth:`within`), ``None`` for the whole event."""
    overall: Standings | None = None
    """The whole event's standings a category's are drawn from: its ranks are the overall places."""

    def within(self, category: Category) -> Standings:
        """The category's table, as prize lists are made: the overall order kept, filtered to its players, each
        placed one after the members ranked above him overall (members sharing an overall place share theirs);
        :attr:`overall` keeps the whole event's places beside them.

        >>> from sonneborn.demo import seed_event
        >>> women = rank(seed_event(), parse_list("SB")).within(Category.parse("women"))
        >>> len(women.order)  # the crosstable gives no player's sex: nobody is made a woman
        0
        """
        members = category.members(self.event)
        order = self.order[members[self.order]]
        overall = self.ranks[order]  # non-decreasing along the final order
        places = np.searchsorted(overall, overall, side="left") + 1
        ranks = self.ranks.copy()
        ranks[order] = places
        shared = np.zeros(self.event.players, dtype=bool)
        shared[order] = np.bincount(places, minlength=1)[places] > 1 if len(order) else []
        return replace(self, order=order, ranks=ranks, shared=shared, category=category, overall=self)

    @property
    def kind(self) -> EventKind:
        return self.event.kind

    @property
    def tournament(self) -> Tournament:
        """The event as objects (built when first asked for)."""
        return self.event.tournament

    @cached_property
    def codes(self) -> list[str]:
        """The keys of the columns: the ranking score first when it is not points, then the list."""
        return column_keys(self.tiebreaks, self.rank_by)

    @cached_property
    def specs(self) -> list[Spec]:
        """The spec of each column, in the order of :attr:`codes`."""
        return [*([self.rank_by] if self.rank_by is not None else []), *self.tiebreaks]

    def column(self, code: str) -> Column:
        """The column of a key of :attr:`codes`; ``PTS``, or the name of the score ranked by (a team event's MP or
        GP), when the list does not name it, is the points."""
        if code in self.codes:
            return self.columns[self.codes.index(code)]
        if code in ("PTS", self.event.table.primary):
            return self.points
        have = ", ".join(dict.fromkeys(["PTS", *self.codes]))  # PTS once, also when the list names it
        raise KeyError(f"{code!r} is no column of these standings (they have {have})")

    @cached_property
    def warnings(self) -> tuple[InputWarning, ...]:
        """What the user must know about the values (a round robin that looks like a Swiss, tie-breaks dropped
        for unrated players), said once each."""
        found: dict[str, InputWarning] = {}
        kind = self.event.kind_warning()
        if kind is not None:
            found[str(kind)] = kind
        for column in self.columns:
            for warning in column.warnings:
                found.setdefault(str(warning), warning)
        return tuple(found.values())

    @cached_property
    def starts(self) -> list[StartNo]:
        """The start numbers in final order."""
        starts: list[StartNo] = (self.order + 1).tolist()
        return starts

    @cached_property
    def rows(self) -> tuple[Row, ...]:
        """Every line of the standings, in final order."""
        players = self.tournament.players
        return tuple(
            Row(
                int(self.ranks[row]),
                players[row],
                self.points.number(row) or Fraction(0),
                _RowValues(self, row),
                bool(self.shared[row]),
                bool(self.by_lot[row]),
                self.points.value(row),
            )
            for row in self.order.tolist()
        )

    @cached_property
    def index(self) -> dict[StartNo, int]:
        """The position of each player's row, by start number."""
        return {start: position for position, start in enumerate(self.starts)}

    def row(self, start: StartNo) -> Row:
        """The row of a player."""
        return self.rows[self.index[start]]


def rank(
    tournament: Tournament | Event,
    tiebreaks: Sequence[Spec] | None = None,
    *,
    rank_by: Spec | None = None,
    lots: int | Drawing | None = None,
    rules: Rules = DEFAULT_RULES,
    unrated_rating: int | None = None,
    like: Pairings | None = None,
    same_byes: bool = True,
    within: Ints | None = None,
) -> Standings:
    """Ranks the event: by points (or a weighted score), then by each tie-break in order.

    ``like`` is the :class:`~sonneborn.tiebreaks.context.Pairings` of a ranking of the same event with other
    outcomes of its games (:meth:`~sonneborn.tiebreaks.context.Pairings.with_outcomes`): what they share is
    not computed again (``whatif`` ranks thousands of scenarios so); its rules and unrated rating are used.
    ``within`` gives every row a group number (0, 1, … in order) to rank it inside, before the points: ``whatif``
    ranks many scenarios at once, each a copy of the event in one table, a group per copy.

    ``None`` for the list means the kind's default (the file's own list is the
    caller's to pass: :func:`stated_tiebreaks`). Each kernel is given the context of the score its spec
    names (``BH:MP``), the event's primary score's when it names none; a score the event does not have is
    a :class:`~sonneborn.errors.TiebreakError`. ``lots`` draws the ties left after the list: a seed, or a
    :class:`~sonneborn.lots.CommittedDraw` (:func:`~sonneborn.lots.committed_draw`).
    """
    event = tournament if isinstance(tournament, Event) else Event.of(tournament)
    if like is None:
        context = Context(event, rules=rules, unrated_rating=unrated_rating)
    else:
        context = Context(event, pairings=like.with_outcomes(event.table, same_byes=same_byes))
        rules, unrated_rating = like.rules, like.unrated_rating
    specs = (
        tuple(tiebreaks)
        if tiebreaks is not None
        else tuple(default_tiebreaks(event.kind, teams=event.teams is not None))
    )
    for spec in (*specs, *([] if rank_by is None else [rank_by])):
        REGISTRY[spec.code].fits(spec, event)
    if rank_by is not None and rank_by.code not in WEIGHTED_SCORES:
        template = N_("cannot rank by {code} (choose one of {codes})")
        raise TiebreakError(Message.of(template, code=repr(str(rank_by)), codes=", ".join(WEIGHTED_SCORES)))
    computed: dict[str, Column] = {}

    def kernel_column(spec: Spec) -> Column:
        key = str(spec)
        if key not in computed:
            kernel = REGISTRY[spec.code].kernel
            assert kernel is not None
            computed[key] = kernel(context.of(spec), spec)
        return computed[key]

    points = points_kernel(context, Spec("PTS"))
    players = event.players
    primary = points if rank_by is None else kernel_column(rank_by)
    start = np.zeros(players, dtype=np.int64) if within is None else within
    group = regroup(start, _order_key(primary, lowest_first=False))
    columns: list[Column] = [primary] if rank_by is not None else []
    reached: list[Bools] = [np.ones(players, dtype=bool)] if rank_by is not None else []
    for spec in specs:
        reached.append(np.bincount(group, minlength=1)[group] > 1)
        found = REGISTRY[spec.code]
        kernel = found.group_kernel
        column = kernel(context.of(spec), spec, group) if kernel is not None else kernel_column(spec)
        columns.append(column)
        group = regroup(group, _order_key(column, lowest_first=found.lowest_first(spec)))
    order = np.lexsort((np.arange(players), group))
    sorted_groups = group[order]
    first = np.ones(players, dtype=bool)
    first[1:] = sorted_groups[1:] != sorted_groups[:-1]
    positions = np.arange(1, players + 1, dtype=np.int64)
    ranks = np.empty(players, dtype=np.int64)
    ranks[order] = np.maximum.accumulate(np.where(first, positions, 0)) if players else positions
    sizes = np.bincount(group, minlength=1)
    tied = sizes[group] > 1
    by_lot = np.zeros(players, dtype=bool)
    drawing = SeededDraw(lots) if isinstance(lots, int) else lots
    if drawing is not None:
        order, ranks = draw(order, first, drawing)
        by_lot, tied = tied, np.zeros(players, dtype=bool)
    seed = drawing.seed if isinstance(drawing, SeededDraw) else None
    return Standings(
        event,
        specs,
        rank_by,
        rules,
        seed,
        unrated_rating,
        order,
        ranks,
        tied,
        by_lot,
        points,
        tuple(columns),
        drawing,
        tuple(reached),
    )


def sort_key(column: Column, spec: Spec) -> Ints:
    """The key :func:`rank` sorts a tie-break's column by: the best first, those without a value last.

    >>> from sonneborn.tiebreaks.column import whole
    >>> sort_key(whole(np.array([3, 1, 2])), Spec("PTS")).tolist()
    [-3, -1, -2]
    """
    return _order_key(column, lowest_first=REGISTRY[spec.code].lowest_first(spec))


def _order_key(column: Column, *, lowest_first: bool) -> Ints:
    """A key sorting a column's players best first, those without a value last."""
    key: Ints = np.where(column.present, column.key if lowest_first else -column.key, _LAST)
    return key


def regroup(group: Ints, key: Ints) -> Ints:
    """Group numbers refined by a key: tied players stay together only when their keys are equal too.

    Groups are numbered 0, 1, 2 … in rank order; only the players still tied are sorted.

    >>> regroup(np.array([0, 0, 0, 1]), np.array([5, 3, 5, 0])).tolist()
    [1, 0, 1, 2]
    """
    sizes = np.bincount(group, minlength=1)
    tied = np.flatnonzero(sizes[group] > 1)
    if not tied.size:
        return group
    order = tied[np.lexsort((key[tied], group[tied]))]
    sorted_group, sorted_key = group[order], key[order]
    new_level = np.ones(len(order), dtype=bool)
    new_level[1:] = (sorted_group[1:] != sorted_group[:-1]) | (sorted_key[1:] != sorted_key[:-1])
    first_of_group = np.ones(len(order), dtype=bool)
    first_of_group[1:] = sorted_group[1:] != sorted_group[:-1]
    # The rank of each player's key inside his group: 0 for the best.
    levels = np.cumsum(new_level) - 1
    start_level = np.maximum.accumulate(np.where(first_of_group, levels, 0))
    inner = levels - start_level
    # A group split in k moves every later group k − 1 on.
    last_of_group = np.ones(len(order), dtype=bool)
    last_of_group[:-1] = first_of_group[1:]
    extra = np.zeros(len(sizes), dtype=np.int64)
    extra[sorted_group[last_of_group]] = inner[last_of_group]
    shift = np.cumsum(extra) - extra
    refined: Ints = group + shift[group]
    refined[order] += inner
    return refined


__all__ = [
    "DEFAULT_TIEBREAKS",
    "Row",
    "Standings",
    "column_keys",
    "default_tiebreaks",
    "parse",
    "parse_list",
    "rank",
    "regroup",
    "sort_key",
    "stated_tiebreaks",
]
