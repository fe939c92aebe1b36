"""The search for a likely cause: the tie-break list, rule edition or modifiers that give what a file records.

When a file's ranks or a tie-break's values disagree with the results, ``check``
(:func:`sonneborn.audit.likely_causes`) tries candidates in order — lists under every rule edition, a code
with the usual modifiers under every edition — and names the first that gives every recorded value. A
candidate here is no whole ranking: every (code, edition) column is computed once, when a candidate first
needs it (:class:`Columns`), and a list is judged tie-break by tie-break on the groups its first
tie-breaks form (:class:`RecordedRanks`). It fails as soon as one recorded rank is out of its reach, and
is done as soon as every recorded rank is decided; a tie-break met with no player tied is not computed.
Direct encounter, decided inside the groups still tied, is computed on the groups the list's earlier
tie-breaks leave, and kept by those groups: lists that reach it with the same groups share it.

Everything starts from a base ranking (:class:`Search`): the standings as read, or the event as the
file scores it.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import rank
>>> from sonneborn.tiebreaks import parse_list
>>> standings = rank(seed_event(), parse_list("SB,DE,WIN"))
>>> recorded = standings.ranks.tolist()
>>> Search(standings).ranking(["BH", "SB,DE,WIN"], recorded)
('SB,DE,WIN', <Rules.FIDE_2026: 'fide-2026'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from sonneborn.event import Bools, Event, Ints
from sonneborn.ranking import Standings, regroup, sort_key
from sonneborn.tiebreaks import REGISTRY, Column, Context, Modifier, Spec, parse, parse_list
from sonneborn.tiebreaks.own_results import points as points_kernel
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules

__all__ = [
    "Columns",
    "Found",
    "RanksAgainstPoints",
    "RecordedRanks",
    "RecordedValues",
    "Search",
    "catalogue",
    "editions",
    "ranks_against_points",
]

Found = tuple[str, Rules]
"""A candidate that gives the recorded values: the list (or code) as written, and the edition."""

_SMALL = 2**31
"""Numerators and denominators below this multiply within 64 bits."""


@dataclass(frozen=True, slots=True)
class RanksAgainstPoints:
    """The players a file ranks above one with more points: no tie-break puts them there, as one orders only
    players of equal points (C.07 1.1)."""

    count: int
    """How many ranked players are ranked above one with more points."""
    ranked: int
    """How many players the file ranks."""
    low: int
    """The best ranked of them (his row; −1 for none)."""
    high: int
    """The player of the most points ranked below him (his row; −1 for none)."""


def ranks_against_points(points: Sequence[Fraction], recorded: Sequence[int | None]) -> RanksAgainstPoints:
    """The players ``recorded`` ranks above one with more ``points`` (a shared rank is neither above nor below),
    and the best ranked of them with the player of the most points below him.

    >>> found = ranks_against_points([Fraction(2), Fraction(3), Fraction(1)], [1, 3, 2])
    >>> found.count, found.ranked, found.low, found.high
    (2, 3, 0, 1)
    >>> ranks_against_points([Fraction(1), Fraction(2), Fraction(0)], [1, 1, 3]).count  # a shared first place
    0
    """
    by_rank: dict[int, list[int]] = {}
    for row, rank in enumerate(recorded):
        if rank:
            by_rank.setdefault(rank, []).append(row)
    count, low, high = 0, -1, -1
    most = -1  # the row of the most points among the players ranked below the place at hand
    for rank in sorted(by_rank, reverse=True):  # from the last place up
        rows = by_rank[rank]
        if most >= 0:
            for row in rows:
                if points[row] < points[most]:
                    count, low, high = count + 1, row, most
        for row in rows:
            if most < 0 or points[row] > points[most]:
                most = row
    return RanksAgainstPoints(count, sum(len(rows) for rows in by_rank.values()), low, high)


def editions(first: Rules) -> list[Rules]:
    """The rule editions to try: ``first`` (the one in force), then the others in their order.

    >>> [str(rules) for rules in editions(Rules.FIDE_2023)]
    ['fide-2023', 'fide-2026', 'fide-2024', 'fide-2009', 'none']
    """
    return [first, *(rules for rules in Rules if rules is not first)]


_LEFT_OUT = frozenset({"PTS", "GE"})
"""Codes the catalogue leaves out: the points, which rank before any list, and GE, REP's 2023 name."""


_LIMITS = (-2, -1, 1, 2)
"""The moves of the Koya limit tried (``KS/L±n``, C.07 14.5), in half points: a point down to a point up."""
_UNRATED = (1000, 1400)
"""The ratings tried for unrated players (``/U``, C.07 10) when the event has some: FIDE's lowest published
rating before 1 March 2024 and its floor since (FIDE Qualification Commission, "New rating regulations come
into force", qc.fide.com, 2024-03-01)."""
_DIVISORS = (1, 2, 3, 4)
"""The divisors tried for SSSC (``/K``, C.07 13.4.2 b) besides the rule's own."""


def catalogue(event: Event) -> list[Spec]:
    """Every tie-break that can rank the event, with its usual modifiers, as the search of the settings that
    produced a table tries them (``identify``): each code of the registry (a team event's or an individual
    one's), then with a cut of one or two (``/C1``, ``/C2``), a median (``/M1``, ``/M2``) and forfeits as
    played (``/P``, ``/C1/P``) where it takes them, ``AOB/F`` and ``TPN/R``, the Koya limit moved (``KS/L-2`` to
    ``KS/L+2``), a rating for the unrated (``ARO/U1000``, ``ARO/U1400``) when the event has unrated players, and
    SSSC's divisor (``/K1`` to ``/K4``); a team event's Buchholz and Sonneborn–Berger also on its secondary
    score (``BH:GP``).

    >>> from sonneborn.demo import seed_event
    >>> [str(spec) for spec in catalogue(Event.of(seed_event()))][:6]
    ['WIN', 'WON', 'BPG', 'BWG', 'PS', 'PS/C1']
    """
    teams = event.teams is not None
    unrated = bool((event.table.rating == 0).any())
    found: list[Spec] = []
    for code, definition in REGISTRY.items():
        if code in _LEFT_OUT or definition.teams not in (None, teams):
            continue
        takes = definition.modifiers
        texts = [code]
        if Modifier.CUT in takes:
            texts += [f"{code}/C1", f"{code}/C2"]
        if Modifier.MEDIAN in takes:
            texts += [f"{code}/M1", f"{code}/M2"]
        if Modifier.PLAYED in takes:
            texts += [f"{code}/P", *([f"{code}/C1/P"] if Modifier.CUT in takes else [])]
        if Modifier.FORE in takes and code == "AOB":
            texts.append(f"{code}/F")
        if Modifier.REVERSE in takes and definition.ascending:
            texts.append(f"{code}/R")
        if Modifier.LIMIT in takes:
            texts += [f"{code}/L{step:+d}" for step in _LIMITS]
        if Modifier.UNRATED in takes and unrated:
            texts += [f"{code}/U{rating}" for rating in _UNRATED]
        if Modifier.DIVISOR in takes:
            texts += [f"{code}/K{divisor}" for divisor in _DIVISORS]
        if teams and code in ("BH", "SB"):
            other = next(score for score in event.table.scores if score != event.table.primary)
            texts += [f"{code}:{other}", f"{code}:{other}/C1"]
        found += [parse(text) for text in texts]
    return found


class Columns:
    """One event's tie-break columns under every rule edition, each computed once, when first asked for.

    A kernel's column is kept by its spec and edition; a group kernel's (DE) by its spec, edition and the
    groups it decided; the groups that the points and a list's first tie-breaks form by the edition and
    those tie-breaks, so that lists which begin alike share them. A tie-break that no edition changes
    (``edition_free``) is kept once for every edition, and so are the groups of tie-breaks all such.
    """

    def __init__(self, event: Event, *, unrated_rating: int | None = None) -> None:
        self.event = event
        self.unrated_rating = unrated_rating
        self._contexts: dict[Rules, Context] = {}
        self._columns: dict[tuple[Rules | None, tuple[str, ...]], Column] = {}
        """Kernels' columns, by edition and spec."""
        self._in_groups: dict[tuple[Rules | None, str, bytes], Column] = {}
        """Group kernels' columns, by edition, spec and the groups they decided."""
        self._groups: dict[tuple[Rules | None, tuple[str, ...]], Ints] = {}
        """The groups of a list's first tie-breaks, by edition and codes."""

    @classmethod
    def of(cls, standings: Standings) -> Columns:
        """The columns of the standings' event, beginning with the kernels' columns the standings hold."""
        columns = cls(standings.event, unrated_rating=standings.unrated_rating)
        for key, spec, column in zip(standings.codes, standings.specs, standings.columns, strict=True):
            if key == str(spec) and REGISTRY[spec.code].kernel is not None:
                columns._columns[_key([spec], standings.rules)] = column
        return columns

    def context(self, rules: Rules) -> Context:
        """The event under an edition, with the arrays its kernels share."""
        if rules not in self._contexts:
            self._contexts[rules] = Context(self.event, rules=rules, unrated_rating=self.unrated_rating)
        return self._contexts[rules]

    def column(self, spec: Spec, rules: Rules) -> Column:
        """A kernel's column under an edition (not a group kernel's: see :meth:`alone`)."""
        key = _key([spec], rules)
        if key not in self._columns:
            kernel = REGISTRY[spec.code].kernel
            assert kernel is not None, f"{spec} is decided inside tied groups"
            self._columns[key] = kernel(self.context(rules).of(spec), spec)
        return self._columns[key]

    def in_groups(self, specs: Sequence[Spec], rules: Rules) -> Column:
        """The column of a list's last tie-break, computed in the groups of the points and the ones before
        it: a group kernel's (DE) in those groups, kept by them, a kernel's as it is."""
        *before, spec = specs
        if REGISTRY[spec.code].group_kernel is None:
            return self.column(spec, rules)
        return self.at(self.groups(before, rules), spec, rules)

    def alone(self, spec: Spec, rules: Rules) -> Column:
        """A tie-break's column as a list of it alone gives it (a group kernel's in the points groups)."""
        return self.in_groups([spec], rules)

    @cached_property
    def points_groups(self) -> Ints:
        """The players grouped by points, numbered in rank order (every edition counts points alike)."""
        points = points_kernel(self.context(DEFAULT_RULES), Spec("PTS"))
        return regroup(np.zeros(self.event.players, dtype=np.int64), sort_key(points, Spec("PTS")))

    def groups(self, specs: Sequence[Spec], rules: Rules) -> Ints:
        """The groups that the points and then ``specs`` form under an edition, numbered in rank order, as
        :func:`~sonneborn.ranking.rank` forms them. A tie-break met with no player tied leaves them as they
        are, and is not computed."""
        if not specs:
            return self.points_groups
        key = _key(specs, rules)
        if key not in self._groups:
            self._groups[key] = self.split(self.groups(specs[:-1], rules), specs[-1], rules)
        return self._groups[key]

    def split(self, groups: Ints, spec: Spec, rules: Rules) -> Ints:
        """Groups refined by one more tie-break under an edition, as :func:`~sonneborn.ranking.rank` refines
        them; groups with nobody tied are given back as they are, and the tie-break is not computed."""
        if not len(groups) or np.bincount(groups).max() <= 1:
            return groups
        return regroup(groups, sort_key(self.at(groups, spec, rules), spec))

    def at(self, groups: Ints, spec: Spec, rules: Rules) -> Column:
        """A tie-break's column when it is reached with ``groups``: a group kernel's (DE) decided in them and
        kept by them, a kernel's as it is."""
        group_kernel = REGISTRY[spec.code].group_kernel
        if group_kernel is None:
            return self.column(spec, rules)
        key = _edition([spec], rules), str(spec), groups.tobytes()
        if key not in self._in_groups:
            self._in_groups[key] = group_kernel(self.context(rules).of(spec), spec, groups)
        return self._in_groups[key]


def _key(specs: Sequence[Spec], rules: Rules) -> tuple[Rules | None, tuple[str, ...]]:
    """What a column or the groups computed from a list's first tie-breaks are kept by."""
    return _edition(specs, rules), tuple(str(spec) for spec in specs)


def _edition(specs: Sequence[Spec], rules: Rules) -> Rules | None:
    """The edition that values computed from some tie-breaks depend on: none when no tie-break of them reads
    it (``edition_free``)."""
    return None if all(REGISTRY[spec.code].edition_free for spec in specs) else rules


class RecordedRanks:
    """The ranks a file records, against which the groups of a candidate list are judged.

    A rank of 0 means not ranked: that player is not compared and not counted among the places; a player
    without a recorded rank is counted but not compared, as :func:`sonneborn.audit.audit` counts them.
    """

    def __init__(self, recorded: Sequence[int | None]) -> None:
        self.ranked: Bools = np.array([rank != 0 for rank in recorded], dtype=bool)
        """The players counted among the places."""
        self.rows: Ints = np.array([row for row, rank in enumerate(recorded) if rank], dtype=np.int64)
        """The players whose rank is compared."""
        # A rank below 1 or beyond the field is no place: kept out of reach, within 64 bits.
        limit = len(recorded) + 1
        ranks = [max(-1, min(recorded[row] or 0, limit)) for row in self.rows.tolist()]
        self.ranks: Ints = np.array(ranks, dtype=np.int64)
        """Their recorded ranks."""
        self.key = b"".join(array.tobytes() for array in (self.ranked, self.rows, self.ranks))
        """What tells one target from another (verdicts are kept by it)."""

    def _bounds(self, groups: Ints) -> tuple[Ints, Ints]:
        """The first and the last place among the ranked players that each compared player can end in:
        after the ranked players of the groups ahead of his, before the others of his own group."""
        counts = np.bincount(groups[self.ranked], minlength=len(groups))
        mine = groups[self.rows]
        first = (np.cumsum(counts) - counts)[mine] + 1
        return first, first + counts[mine] - 1

    def decided(self, groups: Ints) -> bool | None:
        """Whether groups that later tie-breaks may still split give every recorded rank: ``True`` when they
        do whatever those decide, ``False`` when a recorded rank is out of reach, ``None`` while undecided."""
        if not self.rows.size:
            return True
        first, last = self._bounds(groups)
        if ((self.ranks < first) | (self.ranks > last)).any():
            return False
        return True if bool((first == last).all()) else None

    def given(self, groups: Ints) -> bool:
        """Whether the final groups give every recorded rank: players still tied share the first place."""
        return not self.rows.size or bool((self.ranks == self._bounds(groups)[0]).all())

    def within_reach(self, groups: Ints, row: int) -> bool:
        """Whether the groups still leave a player his recorded rank within reach (``True`` for one not
        compared)."""
        found = np.flatnonzero(self.rows == row)
        if not found.size:
            return True
        first, last = self._bounds(groups)
        rank = self.ranks[found[0]]
        return bool(first[found[0]] <= rank <= last[found[0]])

    def wrong(self, groups: Ints) -> Ints:
        """The compared players whose recorded rank the final groups do not give, with the place they give
        (players still tied share the first): rows and places, two columns."""
        if not self.rows.size:
            return np.zeros((0, 2), dtype=np.int64)
        places = self._bounds(groups)[0]
        off = self.ranks != places
        return np.stack([self.rows[off], places[off]], axis=1)


class RecordedValues:
    """The values a file records for one tie-break code, against which a candidate's column is judged."""

    def __init__(self, recorded: Sequence[tuple[tuple[str, Fraction], ...]], code: str) -> None:
        values = [{c: v for c, v in player}.get(code) for player in recorded]
        self.rows: Ints = np.array([row for row, value in enumerate(values) if value is not None], dtype=np.int64)
        """The players with a recorded value."""
        found = [value for value in values if value is not None]
        numerators: Ints = np.array([value.numerator for value in found], dtype=object)
        denominators: Ints = np.array([value.denominator for value in found], dtype=object)
        if _small(numerators) and _small(denominators):
            numerators, denominators = numerators.astype(np.int64), denominators.astype(np.int64)
        self.values = numerators, denominators
        """Their numerators and denominators: 64-bit integers when small, Python integers else."""

    def given(self, column: Column) -> bool:
        """Whether the column has every recorded value, exactly (cross products of numerators and denominators)."""
        rows = self.rows
        if not column.present[rows].all():
            return False
        theirs = self.values
        ours = column.numerator[rows], column.denominator[rows]
        if theirs[0].dtype == object or not (_small(ours[0]) and _small(ours[1])):
            theirs = theirs[0].astype(object), theirs[1].astype(object)
            ours = ours[0].astype(object), ours[1].astype(object)
        return bool((ours[0] * theirs[1] == theirs[0] * ours[1]).all())

    def differing(self, column: Column) -> Ints:
        """The players with a recorded value the column does not have (another value, or none)."""
        rows = self.rows
        theirs = self.values[0].astype(object), self.values[1].astype(object)
        ours = column.numerator[rows].astype(object), column.denominator[rows].astype(object)
        same = (ours[0] * theirs[1] == theirs[0] * ours[1]) & column.present[rows]
        found: Ints = rows[~same.astype(bool)]
        return found


def _small(values: Ints) -> bool:
    """Whether integers are small enough that the product of two of them fits in 64 bits."""
    return not values.size or int(np.abs(values).max()) < _SMALL


class Search:
    """The search for the candidate that gives a file's recorded values, over one base ranking: its event,
    rule edition in force and rating of the unrated; its kernels' columns are not computed again."""

    def __init__(self, base: Standings) -> None:
        self.base = base
        self.columns = Columns.of(base)
        self.editions = editions(base.rules)
        """The editions tried for each candidate, the one in force first."""
        self._verdicts: dict[tuple[bytes, Rules | None, tuple[str, ...]], bool | None] = {}
        """What the groups of a list's first tie-breaks say of the recorded ranks, by target, edition and codes:
        lists that begin alike are judged on their common beginning once."""

    def ranking(self, lists: Sequence[str], recorded: Sequence[int | None]) -> Found | None:
        """The first list (in order) and edition (the one in force first) that give every recorded rank,
        else ``None``; an empty list is named ``(none)``."""
        target = RecordedRanks(recorded)
        for text in lists:
            specs = parse_list(text) if text else []
            for rules in self.editions:
                if self._gives(specs, rules, target):
                    return text or "(none)", rules
        return None

    def _gives(self, specs: Sequence[Spec], rules: Rules, target: RecordedRanks) -> bool:
        """Whether a list gives the recorded ranks under an edition, judged after each of its tie-breaks."""
        return self.decisive(specs, rules, target)[0]

    def decisive(self, specs: Sequence[Spec], rules: Rules, target: RecordedRanks) -> tuple[bool, int]:
        """Whether a list gives the recorded ranks under an edition, and how many of its tie-breaks it takes to
        tell: the list is judged after each of them, and a beginning that other lists share is judged once."""
        for depth in range(len(specs)):
            key = target.key, _edition(specs[:depth], rules), tuple(str(spec) for spec in specs[:depth])
            if key not in self._verdicts:
                self._verdicts[key] = target.decided(self.columns.groups(specs[:depth], rules))
            verdict = self._verdicts[key]
            if verdict is not None:
                return verdict, depth
        return target.given(self.columns.groups(specs, rules)), len(specs)

    def variant(self, code: str, variants: Sequence[str]) -> Found | None:
        """The first of a code's variants (in order) and edition that give every value the file records for
        the code, else ``None``."""
        target = RecordedValues(self.base.event.roster.recorded_tiebreaks, code)
        for text in variants:
            spec = parse(text)
            for rules in self.editions:
                if target.given(self.columns.alone(spec, rules)):
                    return text, rules
        return None
