"""Best and worst final places proved by branch and bound, for the simulation path.

A place a ranked scenario reached is possible; a bound must be proved. For a player ``p`` and a partial
choice of outcomes (a node), each other player is *surely above* him when, in every completion, his sort
key (points, then each tie-break of the list) is ahead of ``p``'s, and *possibly above* unless, in every
completion, it is not. Both are proved key by key from sound bounds of the difference of the two keys over
the completions (:class:`Reference`): points from the items still open; a tie-break that reads only a
player's own games (``WIN``, ``ARO``, …) is known once his own items are; Buchholz (cuts and medians too)
and plain Sonneborn–Berger are sums of the engine's own contributions (C.07 16 included) that grow with
each opponent's final score, so each is bounded with every opponent at his least and greatest score, and
the difference of two such sums, linear in the items, item by item (an opponent they share cancels out);
any other tie-break (``DE``, which the tied group decides) is unknown, either way.

The fewest surely above (the most possibly above), each item still open choosing its outcome on its own,
bound how far ``p`` can rise (fall) under the node. A completion of the node chosen from the same counts is
ranked by the engine: its place is a witness. Where they meet, the node is settled; else the search
branches on an item that decides a tie still open (those of ``p``, of the players tied with him, of their
opponents), takes the most promising node next, and prunes every node whose bound cannot beat the best
witness. When it ends, the place is exact; when it runs out of its budget (:data:`NODES` times its effort), the
frontier's bound is kept and said to be one.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass

import numpy as np

from sonneborn.event import Bools, Ints
from sonneborn.ranking import sort_key
from sonneborn.tiebreaks import Spec
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.registry import REGISTRY
from sonneborn.tiebreaks.unplayed import REAL
from sonneborn.whatif.scenarios import Open, Ranker

__all__ = ["NODES", "Reference", "Search"]

NODES = (120, 10)
"""The most nodes one search visits before it keeps its bound: for a best place, for a worst place (a worst
place's ties on points are wide, its search seldom ends: a few nodes narrow it); times the search's effort."""
PASSES = 1
"""The most passes that improve a witness (:meth:`Search._improve`)."""
HUGE = 2**62
"""A key beyond every key: an unknown tie-break is ``(−HUGE, HUGE)``."""
OWN_CODES = frozenset({"WIN", "WON", "BPG", "BWG", "PS", "GE", "REP", "TPN", "ARO", "TPR", "PTP"})
"""Tie-breaks that read only the player's own results and his opponents' ratings (C.07 7, 10.1–10.3): fixed
once his own items are."""
SUM_CODES = frozenset({"BH", "SB"})
"""Tie-breaks that are sums over the rounds of the opponent's (adjusted) score (C.07 8.1), times the points
scored (9.1): they grow with each opponent's final score."""


@dataclass(frozen=True, eq=False)
class Reference:
    """What bounds every player's keys, from the scenarios ``X_k`` that give every open item its ``k``-th
    outcome: for a player with at most one item, his item at ``k`` is column ``k``."""

    specs: tuple[Spec, ...]
    how: tuple[str, ...]
    """Per spec: ``own``, ``sum`` or ``unknown``."""
    own_key: Ints
    """The sort key of each ``own`` spec (specs × players × columns); 0 elsewhere."""
    score: Ints
    """Each player's final primary score in ``X_k`` (players × columns), in units."""
    contribution: Ints
    """The score each round counts (C.07 16), in ``X_k`` (columns × players × rounds), in contribution units."""
    points: Ints
    """The player's points in each round, in ``X_k`` (columns × players × rounds)."""
    real: Bools
    """Rounds whose contribution is the real opponent's score (columns × players × rounds)."""
    present: Bools
    voluntary: Bools
    opponent: Ints
    ratio: int
    """Contribution units per unit of the primary score."""
    known: Bools
    """Players whose keys are bounded (at most one item of his own, every ``own``/``sum`` value present)."""
    moving: Bools
    """Rounds of a dummy that moves with its scheduled opponent's game still to play (players × rounds:
    :func:`_moved_by_others`): bounded by his least and greatest score, the cap's way only."""
    art16: bool

    @classmethod
    def of(cls, open_: Open, ranker: Ranker) -> Reference:
        specs = tuple(ranker.specs)
        table = open_.base.table
        players, width = open_.players, max(int(open_.counts.max(initial=1)), 1)
        choices = [np.minimum(np.full(open_.items, k, dtype=np.int64), open_.counts - 1) for k in range(width)]
        tables = [open_.table(choice) for choice in choices]
        pairings = [ranker.pairings.with_outcomes(t, same_byes=ranker.same_byes) for t in tables]
        score = np.stack([t.score.totals for t in tables], axis=1).astype(np.int64)
        own_items = open_.appearances
        known = own_items <= 1
        how: list[str] = []
        own_key = np.zeros((len(specs), players, width), dtype=np.int64)
        contexts = [p.context(None) for p in pairings]
        primary_only = open_.base.teams is None
        found = [c.contributions(False) for c in contexts]
        contribution = np.stack([f.score for f in found]).astype(np.int64)
        points = np.stack([f.points for f in found]).astype(np.int64)
        real = np.stack([f.source == REAL for f in found])
        present = np.stack([f.present for f in found])
        voluntary = np.stack([f.voluntary for f in found])
        moving = _moved_by_others(open_, found[0].opponent, (present & ~real).any(axis=0), own_items)
        ratio_num = found[0].score_unit
        ratio = ratio_num // table.score.unit if ratio_num % table.score.unit == 0 else 0
        # The contributions move with the opponents' scores and nothing else: checked on the scenarios at hand.
        faithful = (
            primary_only
            and ratio > 0
            and _moves_with_scores(contribution, real, present, found[0].opponent, score, ratio)
        )
        faithful &= bool((points >= 0).all())
        for index, spec in enumerate(specs):
            definition = REGISTRY[spec.code]
            plain = spec.score in (None, table.primary) and not spec.forfeits_played and primary_only
            if definition.group_kernel is not None or definition.kernel is None or not plain:
                how.append("unknown")
                continue
            columns = [definition.kernel(c.of(spec), spec) for c in contexts]
            keys = np.stack([sort_key(column, spec) for column in columns], axis=1)
            shown: Bools = np.asarray(np.stack([column.present for column in columns], axis=1).all(axis=1))
            if spec.code in OWN_CODES:
                how.append("own")
                own_key[index] = keys
                known &= shown
            elif spec.code in SUM_CODES and faithful and (spec.code == "BH" or spec.cut_low + spec.cut_high == 0):
                # A Buchholz cut takes the lowest elements (with the 16.5 exception a voluntary unplayed round
                # first, the player's own value): it grows with each element, as the sum does. SB's cut takes
                # the lowest opponent, not the lowest product: it does not, and stays unknown.
                lowest = definition.lowest_first(spec)
                mine = np.stack(
                    [
                        _sum_of(spec, contribution[k], points[k], present[k], voluntary[k], contexts[k].art16)
                        for k in range(width)
                    ],
                    axis=1,
                )
                # The engine's value at every reference scenario is ours: the same contributions, the same cut.
                if not np.array_equal(
                    np.where(shown[:, None], keys, 0), np.where(shown[:, None], mine if lowest else -mine, 0)
                ):
                    how.append("unknown")
                    continue
                how.append("sum")
                known &= shown
            else:
                how.append("unknown")
        art16 = bool(contexts[0].art16)
        return cls(
            specs,
            tuple(how),
            own_key,
            score,
            contribution,
            points,
            real,
            present,
            voluntary,
            found[0].opponent.astype(np.int64),
            ratio,
            known,
            moving,
            art16,
        )


def _moved_by_others(open_: Open, opponent: Ints, not_real: Bools, own_items: Ints) -> Bools:
    """The rounds (players × rounds) that count no real opponent's score but have a scheduled opponent with an
    item still open that is not the player's own: a forfeit's dummy, capped by that opponent's adjusted score
    (C.07 16.4.1), moves with his result. The reference scenarios move the two together; in the others they part.
    The dummy, the least of the player's own score and the cap, moves the cap's way and by no more than the cap:
    it lies between its reference value moved by the opponent's least and greatest score change, as a real
    opponent's round does; the exact difference of two players' sums (:meth:`Search._differences`) does not
    hold for it."""
    item_of = open_.item_of
    scheduled = np.maximum(opponent, 0)
    own = np.arange(open_.players)[:, None]
    shared = (own_items[own] == 1) & (own_items[scheduled] == 1) & (item_of[scheduled] == item_of[own])
    found: Bools = not_real & (opponent >= 0) & (opponent != own) & (own_items[scheduled] > 0) & ~shared
    return found


def _moves_with_scores(
    contribution: Ints, real: Bools, present: Bools, opponent: Ints, score: Ints, ratio: int
) -> bool:
    """Whether, between the reference scenarios, a real opponent's contribution moved by his score and the
    other rounds' stayed put for a player whose own results stayed (no item of his own)."""
    if not (all(np.array_equal(real[0], r) for r in real) and all(np.array_equal(present[0], p) for p in present)):
        return False
    for k in range(1, len(contribution)):
        moved = (score[:, k] - score[:, 0])[opponent] * ratio
        expected = np.where(real[0], contribution[0] + moved, contribution[0])
        # A player's own open round changes his own points and so a dummy's score (16.4): not compared.
        same_own = (score[:, k] == score[:, 0])[:, None]
        mask = present[0] & (real[0] | same_own)
        if not np.array_equal(np.where(mask, contribution[k], 0), np.where(mask, expected, 0)):
            return False
    return True


def _sum_of(spec: Spec, contribution: Ints, points: Ints, present: Bools, voluntary: Bools, art16: bool) -> Ints:
    """BH (with its cut) or plain SB of every row from its contributions, as the kernels sum them."""
    if spec.code == "SB":
        total: Ints = np.where(present, contribution * points, 0).sum(axis=1)
        return total
    found, _ = cut(
        contribution, [contribution], present, voluntary, low=spec.cut_low, high=spec.cut_high, vur_exception=art16
    )
    return np.asarray(found, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class _Node:
    """A partial choice: each item's outcome, −1 while open."""

    chosen: Ints
    bound: int
    """A place no completion beats (best) or exceeds (worst), as proved at the parent: for the frontier."""


class Search:
    """The branch and bound of one event and list, for any player and either side."""

    def __init__(
        self, open_: Open, ranker: Ranker, reference: Reference, base: Ints, batch: int, effort: int = 1
    ) -> None:
        self.open, self.ranker, self.ref = open_, ranker, reference
        self.budget = (NODES[0] * effort, NODES[1] * effort)
        """The most nodes a search visits, for a best place and for a worst: :data:`NODES` times ``effort``."""
        table = open_.base.table
        first, second = open_.gains(table.primary)
        self.first, self.second = first, second
        self.base = base
        """Every player's score before the items still open."""
        self.batch = batch
        self._sums: dict[str, tuple[Ints, Ints, bool]] = {}
        self._gains: dict[tuple[str, int, int], tuple[Ints, Ints, Ints, Ints, Ints]] = {}
        self._every: dict[str, Ints] = {}
        self.item_range = np.arange(open_.items)
        self.games = open_.others >= 0
        self.width = first.shape[1]
        self.valid = np.arange(self.width)[None, :] < open_.counts[:, None]
        players = open_.players
        self.own = [np.flatnonzero((open_.rows == q) | (open_.others == q)) for q in range(players)]
        self.count = open_.appearances
        """Each player's items still open."""
        self.item_of = open_.item_of
        self.loose: Bools = np.asarray(reference.moving.any(axis=1))
        """Players with a moving dummy: their sums' difference to another's is not taken (:meth:`_differences`)."""
        self.others_col = np.where(self.games, open_.others, 0)
        self.ranked = 0

    def _points(self, chosen: Ints) -> tuple[Ints, Ints]:
        """Every player's least and greatest final score under a node."""
        fixed = (chosen >= 0)[:, None]
        at = np.arange(self.width)[None, :] == chosen[:, None]
        allowed = self.valid & (~fixed | at)
        low = self.base.copy()
        high = self.base.copy()
        for gains, rows in ((self.first, self.open.rows), (self.second, self.others_col)):
            mask = allowed if gains is self.first else allowed & self.games[:, None]
            least = np.where(mask, gains, 2**40).min(axis=1)
            most = np.where(mask, gains, -(2**40)).max(axis=1)
            keep = mask.any(axis=1)
            low += np.bincount(rows[keep], least[keep], minlength=len(low)).astype(np.int64)
            high += np.bincount(rows[keep], most[keep], minlength=len(high)).astype(np.int64)
        return low, high

    def _side_gains(self, q: Ints) -> Ints:
        """What each outcome of his item adds to each one-item player ``q`` (len(q) × outcomes)."""
        item = self.item_of[q]
        found: Ints = np.where((self.open.rows[item] == q)[:, None], self.first[item], self.second[item])
        return found

    def keys(self, chosen: Ints, p: int) -> tuple[Ints, Ints, Bools, Ints, dict[int, tuple[Ints, Ints]]]:
        """Each player's sort-key bounds at each column (players × columns × 1 + specs: points first), lower
        being better, and which columns are his under the node; tie-breaks only for those whose points may
        equal ``p``'s (the others' never compared): those rows, and for each cut sum (by its index) the least
        and greatest sum of the elements its cut removes."""
        ref, players, width = self.ref, self.open.players, self.width
        low_points, high_points = self._points(chosen)
        count = self.count
        one = count == 1
        item = np.where(one, self.item_of, -1)
        specs = len(ref.specs)
        key_low = np.full((players, width, 1 + specs), -HUGE, dtype=np.int64)
        key_high = np.full((players, width, 1 + specs), HUGE, dtype=np.int64)
        columns = np.zeros((players, width), dtype=bool)
        columns[:, 0] = True
        # Points: a one-item player's by the column, the others' between their least and greatest.
        key_low[:, :, 0] = -high_points[:, None]
        key_high[:, :, 0] = -low_points[:, None]
        q = np.flatnonzero(one)
        gains = self._side_gains(q)
        fixed_base = self.base[q]
        key_low[q, :, 0] = key_high[q, :, 0] = -(fixed_base[:, None] + gains)
        open_item = chosen[item[q]] < 0
        columns[q] = np.where(
            open_item[:, None], self.valid[item[q]], np.arange(width)[None, :] == chosen[item[q]][:, None]
        )
        # Tie-breaks are compared only where points may tie: with ``p`` himself and those his points may equal.
        mine = columns[p]
        p_low, p_high = key_low[p, mine, 0].min(), key_high[p, mine, 0].max()
        near = ((key_low[:, :, 0] <= p_high) & (key_high[:, :, 0] >= p_low) & columns).any(axis=1)
        near[p] = True
        sub = np.flatnonzero(near & ref.known)
        # Each opponent's least and greatest final score with the player's own item at the column.
        opponent = ref.opponent[sub]
        lo = np.repeat(low_points[opponent][:, None, :], width, axis=1)
        hi = np.repeat(high_points[opponent][:, None, :], width, axis=1)
        place = np.flatnonzero(one[sub] & (chosen[np.maximum(item[sub], 0)] < 0))
        rows, items = sub[place], item[sub[place]]
        others = np.where(self.open.rows[items] == rows, self.open.others[items], self.open.rows[items])
        place, rows, items, others = place[others >= 0], rows[others >= 0], items[others >= 0], others[others >= 0]
        theirs = np.where((self.open.rows[items] == others)[:, None], self.first[items], self.second[items])
        valid = self.valid[items]
        fixed_lo = low_points[others][:, None] - np.where(valid, theirs, 2**40).min(axis=1)[:, None] + theirs
        fixed_hi = high_points[others][:, None] - np.where(valid, theirs, -(2**40)).max(axis=1)[:, None] + theirs
        rounds = (opponent[place] == others[:, None])[:, None, :]
        lo[place] = np.where(rounds, fixed_lo[:, :, None], lo[place])
        hi[place] = np.where(rounds, fixed_hi[:, :, None], hi[place])
        removed: dict[int, tuple[Ints, Ints]] = {}
        count_rounds = opponent.shape[1]
        # Every round's contribution with each opponent at his least and greatest score, the same for every sum.
        contributions: list[Ints] = []
        every: list[Ints] = []
        if "sum" in ref.how:
            moving = ref.moving[sub][None]
            moves = ref.real[:, sub] | moving
            for bound, side in ((lo, np.minimum), (hi, np.maximum)):
                moved = (bound.transpose(1, 0, 2) - ref.score.T[:, opponent]) * ref.ratio
                # A moving dummy goes the cap's way, by no more than it, perhaps not at all (:func:`_moved_by_others`).
                moved = np.where(moving, side(moved, 0), moved)
                contribution = np.where(moves, ref.contribution[:, sub] + moved, ref.contribution[:, sub])
                contributions.append(contribution.reshape(-1, count_rounds))
                every.append(np.where(ref.present[:, sub], contribution, 0).sum(axis=2))
        points, present, voluntary = (
            a[:, sub].reshape(-1, count_rounds) for a in (ref.points, ref.present, ref.voluntary)
        )
        for index, (spec, how) in enumerate(zip(ref.specs, ref.how, strict=True)):
            if how == "own":
                key_low[sub, :, 1 + index] = key_high[sub, :, 1 + index] = ref.own_key[index][sub]
            elif how == "sum":
                values, removed_by = [], []
                for contribution, present_sum in zip(contributions, every, strict=True):
                    total = _sum_of(spec, contribution, points, present, voluntary, ref.art16)
                    values.append(total.reshape(width, len(sub)).T)
                    if spec.cut_low + spec.cut_high:
                        removed_by.append(present_sum.T - values[-1])
                if removed_by:
                    removed[index] = (removed_by[0], removed_by[1])
                if REGISTRY[spec.code].lowest_first(spec):
                    low_value, high_value = values
                else:
                    low_value, high_value = -values[1], -values[0]
                key_low[sub, :, 1 + index] = low_value
                key_high[sub, :, 1 + index] = high_value
            if how == "unknown":
                break  # the keys after an unknown one are never compared
        return key_low, key_high, columns, sub, removed

    def search(self, p: int, *, best: bool, bound: int, seen: int) -> tuple[int, int, bool, int]:
        """Player ``p``'s best (or worst) place: the proved bound, the best witness (0 if none), whether they
        meet, and the nodes visited. ``bound`` is a bound already proved, ``seen`` a place already reached.

        Best first: the node of the most promising bound is taken next, so that the bound proved when the
        budget runs out is the frontier's."""
        players = self.open.players
        incumbent = seen if seen > 0 else (players + 1 if best else 0)
        sign = 1 if best else -1
        heap: list[tuple[int, int, int, _Node]] = []
        tick = itertools.count()
        heapq.heappush(heap, (sign * bound, 0, next(tick), _Node(np.full(self.open.items, -1, dtype=np.int64), bound)))
        nodes = 0
        while heap and nodes < self.budget[0 if best else 1]:
            if heap[0][0] >= sign * incumbent:
                break  # no node left can beat the witness
            _, depth, _, node = heapq.heappop(heap)
            nodes += 1
            chosen = node.chosen
            mine = [int(j) for j in self.own[p] if chosen[j] < 0]
            if mine:  # his own items first: the others' statuses are measured against his keys
                j = mine[0]
                for k in np.flatnonzero(self.valid[j]).tolist():
                    child = chosen.copy()
                    child[j] = k
                    heapq.heappush(heap, (sign * node.bound, depth - 1, next(tick), _Node(child, node.bound)))
                continue
            limit, completion, undecided, (lowest, highest) = self._evaluate(p, chosen, best=best)
            place = max(1 + limit, node.bound) if best else min(1 + limit, node.bound)
            if sign * place >= sign * incumbent:
                continue
            if depth == -len(self.own[p]):  # his own outcomes chosen, nothing else: a witness worth improving
                completion = self._improve(p, completion, undecided, best=best)
                lowest, highest = 1, players
            # The completion's place lies between what its statuses prove: ranked only if it could do better.
            reached = lowest if lowest == highest else 0
            if not reached and (lowest < incumbent if best else highest > incumbent):
                reached = int(self.ranker.ranks(completion[None, :])[0, p])
                self.ranked += 1
            if reached:
                incumbent = min(incumbent, reached) if best else max(incumbent, reached)
            if reached == place:
                continue
            j = self._branch(p, chosen, undecided)
            if j < 0:
                continue
            for k in np.flatnonzero(self.valid[j]).tolist():
                child = chosen.copy()
                child[j] = k
                # The completion's own outcome first among equals: it leads to a witness soonest.
                first = 0 if k == completion[j] else 1
                heapq.heappush(heap, (sign * place, depth - 1 - first, next(tick), _Node(child, place)))
        if not heap or heap[0][0] >= sign * incumbent:
            return incumbent, incumbent, True, nodes
        frontier = [n.bound for *_, n in heap]
        proved = min(incumbent, *frontier) if best else max(incumbent, *frontier)
        proved = max(proved, bound) if best else min(proved, bound)
        return proved, incumbent, proved == incumbent, nodes

    def _improve(self, p: int, completion: Ints, undecided: Ints, *, best: bool) -> Ints:
        """A completion moved while that improves ``p``'s place (for a witness), a hill-climb over the items of
        the players whose status is open and of their opponents, and of his opponents: each pass ranks every
        move of one item, then every improving move at once (items apart, so they combine) and keeps the
        better of that and the best single move."""
        players = self.open.players
        touched = np.zeros(players, dtype=bool)
        touched[undecided] = True
        opponents, real = self.ref.opponent, self.ref.real[0]
        for q in [p, *undecided.tolist()]:
            touched[opponents[q][real[q]]] = True
        mine = np.zeros(self.open.items, dtype=bool)
        mine[self.own[p]] = True
        items = np.flatnonzero((touched[self.open.rows] | (self.games & touched[self.others_col])) & ~mine)
        sign = 1 if best else -1
        current = int(self._places(completion[None, :], p)[0])
        for _ in range(PASSES):
            tries = [(int(j), k) for j in items.tolist() for k in np.flatnonzero(self.valid[j]).tolist()]
            tries = [(j, k) for j, k in tries if completion[j] != k]
            if not tries:
                break
            scenarios = np.repeat(completion[None, :], len(tries), axis=0)
            scenarios[np.arange(len(tries)), [j for j, _ in tries]] = [k for _, k in tries]
            places = self._places(scenarios, p)
            order = np.argsort(sign * places, kind="stable")
            if sign * places[order[0]] >= sign * current:
                break
            combined = completion.copy()
            for index in order.tolist():
                if sign * places[index] >= sign * current:
                    break
                j, k = tries[index]
                if combined[j] == completion[j]:  # the most improving move of each item
                    combined[j] = k
            together = int(self._places(combined[None, :], p)[0])
            if sign * together < sign * places[order[0]]:
                completion, current = combined, together
            else:
                completion, current = scenarios[order[0]], int(places[order[0]])
        return completion

    def _places(self, scenarios: Ints, p: int) -> Ints:
        """``p``'s place in each scenario, ranked by the engine in batches of :attr:`batch`."""
        size = self.batch
        self.ranked += len(scenarios)
        found: Ints = np.concatenate(
            [self.ranker.ranks(scenarios[b : b + size])[:, p] for b in range(0, len(scenarios), size)]
        )
        return found

    def _differences(
        self,
        p: int,
        chosen: Ints,
        key_low: Ints,
        key_high: Ints,
        columns: Bools,
        sub: Ints,
        removed: dict[int, tuple[Ints, Ints]],
    ) -> tuple[Ints, Ints]:
        """Bounds of each key of every player minus ``p``'s (players × columns × keys). From the two
        players' bounds apart; for a sum, tighter from the difference itself: Buchholz and SB are sums of the
        opponents' scores (times the points scored), so their difference is a sum over the items of what
        each outcome gives the opponents of one and not the other, each item bounded on its own, an
        opponent they share cancelling out; a cut's removed elements are bounded apart."""
        ref, width = self.ref, self.width
        mine = int(np.flatnonzero(columns[p])[0])
        low = key_low - key_high[p, mine][None, None, :]
        high = key_high - key_low[p, mine][None, None, :]
        low[:, :, 1:] = np.where(key_low[:, :, 1:] == -HUGE, -HUGE, low[:, :, 1:])
        high[:, :, 1:] = np.where(key_high[:, :, 1:] == HUGE, HUGE, high[:, :, 1:])
        # A player with a moving dummy keeps his own bounds: the sum's difference below reads it as fixed.
        others = sub[(sub != p) & ~self.loose[sub]]
        if not len(others) or not ref.known[p] or self.loose[p]:
            return low, high
        fixed = chosen >= 0
        own = self.item_of[others]
        has = np.flatnonzero(own >= 0)
        sums: dict[str, tuple[Ints, Ints]] = {}
        for index, (spec, how) in enumerate(zip(ref.specs, ref.how, strict=True)):
            if how == "unknown":
                break
            if how != "sum":
                continue
            if spec.code not in sums:  # the Buchholz family shares its sums: only the cuts differ
                _, anchored, same = self._linear(spec)
                every_gain, free_least, free_most, all_least, all_most = self._item_gains(spec, p, mine)
                # An item still open adds its least (greatest) outcome, a chosen one its outcome: the sum over
                # every item open, corrected by the few chosen.
                picked = np.flatnonzero(fixed)
                grid = np.ix_(others, np.arange(every_gain.shape[1]), picked)
                at_chosen = every_gain[(*grid, chosen[picked][None, None, :])].sum(axis=2)
                rest = anchored[others] - anchored[p, mine]
                low_sum = rest + np.broadcast_to(
                    all_least[others] - free_least[grid].sum(axis=2) + at_chosen, rest.shape
                )
                high_sum = rest + np.broadcast_to(
                    all_most[others] - free_most[grid].sum(axis=2) + at_chosen, rest.shape
                )
                # A row's own item at his column, not at its least or greatest.
                rows_own, items_own = others[has], own[has]
                mine_gain = every_gain[rows_own, :, items_own, :]
                exact = mine_gain[:, 0, :width] if same else mine_gain.diagonal(axis1=1, axis2=2)
                at_own = every_gain[rows_own, :, items_own, np.maximum(chosen[items_own], 0)]
                own_fixed = fixed[items_own][:, None]
                low_sum[has] += exact - np.where(own_fixed, at_own, free_least[rows_own, :, items_own])
                high_sum[has] += exact - np.where(own_fixed, at_own, free_most[rows_own, :, items_own])
                sums[spec.code] = (low_sum, high_sum)
            total_low, total_high = sums[spec.code]
            cut_q = removed.get(index)
            if cut_q is not None:
                where = np.searchsorted(sub, others)
                p_at = int(np.searchsorted(sub, p))
                total_low = total_low - cut_q[1][where] + cut_q[0][p_at, mine]
                total_high = total_high - cut_q[0][where] + cut_q[1][p_at, mine]
            if REGISTRY[spec.code].lowest_first(spec):
                d_low, d_high = total_low, total_high
            else:
                d_low, d_high = -total_high, -total_low
            low[others, :, 1 + index] = np.maximum(low[others, :, 1 + index], d_low)
            high[others, :, 1 + index] = np.minimum(high[others, :, 1 + index], d_high)
        return low, high

    def _item_gains(self, spec: Spec, p: int, mine: int) -> tuple[Ints, Ints, Ints, Ints, Ints]:
        """What each item's outcome adds to every player's sum minus ``p``'s at his column ``mine``
        (players × columns × items × outcomes), its least and greatest over the outcomes (players × columns
        × items), and their sums over the items: the same under every node, computed once per player, column
        and code."""
        key = (spec.code, p, mine)
        found = self._gains.get(key)
        if found is None:
            every_gain, same = self._every_gain(spec)
            # Only the players whose points can equal his at the root are ever compared with him on a
            # tie-break (a node only narrows the points): their rows are computed, the others' left at 0.
            low, high = self._points(np.full(self.open.items, -1, dtype=np.int64))
            rows = np.flatnonzero((high >= low[p]) & (low <= high[p]))
            gain = np.zeros(every_gain.shape, dtype=np.int64)
            least, most = np.zeros((2, *every_gain.shape[:3]), dtype=np.int64)
            part = every_gain[rows] - every_gain[p, 0 if same else mine][None, None]  # the sums are linear
            gain[rows] = part
            least[rows] = np.where(self.valid[None, None], part, 2**50).min(axis=3)
            most[rows] = np.where(self.valid[None, None], part, -(2**50)).max(axis=3)
            found = self._gains[key] = (gain, least, most, least.sum(axis=2), most.sum(axis=2))
        return found

    def _every_gain(self, spec: Spec) -> tuple[Ints, bool]:
        """What each item's outcome adds to every player's sum (players × columns × items × outcomes; one
        column when the weights are the same in every column), computed once per code."""
        every, _, same = self._linear(spec)
        found = self._every.get(spec.code)
        if found is None:
            weights = every[:, :1] if same else every
            found = weights[:, :, self.open.rows, None] * self.first[None, None]
            found += np.where(self.games[None, None, :, None], weights[:, :, self.others_col, None] * self.second, 0)
            found *= self.ref.ratio
            self._every[spec.code] = found
        return found, same

    def _linear(self, spec: Spec) -> tuple[Ints, Ints, bool]:
        """Every player's sum as weights of the opponents' scores and what is left at the reference scenarios
        (:meth:`_weights`, :meth:`_anchored`), the same under every node: computed once per code; and whether
        the weights are the same in every column (Buchholz: then one column is summed, not three)."""
        found = self._sums.get(spec.code)
        if found is None:
            rows = np.arange(self.open.players)
            weights = self._weights(spec, rows)
            same = bool((weights == weights[:, :1]).all())
            found = self._sums[spec.code] = (weights, self._anchored(spec, rows, weights), same)
        return found

    def _anchored(self, spec: Spec, rows: Ints, weights: Ints) -> Ints:
        """Each row's sum at the reference scenario of each column with the items' part taken out: every
        opponent at his score before the items (rows × columns)."""
        ref = self.ref
        total = np.where(ref.present[:, rows], ref.contribution[:, rows] * self._factor(spec, rows), 0).sum(axis=2)
        scores = ref.score.T  # columns × players
        moved = ((self.base[None, :] - scores)[:, None, :] * weights.transpose(1, 0, 2)).sum(axis=2) * ref.ratio
        found: Ints = (total + moved).T
        return found

    def _factor(self, spec: Spec, rows: Ints) -> Ints:
        """What multiplies each round's contribution in the sum (columns × rows × rounds): 1 for Buchholz,
        the points scored for SB."""
        ref = self.ref
        found: Ints = ref.points[:, rows] if spec.code == "SB" else np.ones_like(ref.points[:, rows])
        return found

    def _weights(self, spec: Spec, rows: Ints) -> Ints:
        """How many times (BH) or with what points (SB) each player counts as a real opponent of each row, at
        each column (rows × columns × players)."""
        ref, width, players = self.ref, self.width, self.open.players
        factor = np.where(ref.real[:, rows] & ref.present[:, rows], self._factor(spec, rows), 0)
        found = np.zeros((len(rows), width, players), dtype=np.int64)
        opponent = ref.opponent[rows]
        for k in range(width):
            line = np.zeros((len(rows), players), dtype=np.int64)
            np.add.at(line, (np.repeat(np.arange(len(rows)), opponent.shape[1]), opponent.ravel()), factor[k].ravel())
            found[:, k] = line
        return found

    def _evaluate(self, p: int, chosen: Ints, *, best: bool) -> tuple[int, Ints, Ints, tuple[int, int]]:
        """The fewest players surely above ``p`` (best) or the most possibly above (worst) under the node, a
        completion chosen by the same counts, the players whose status that completion leaves open, and the
        places it can give him (between 1 + those surely above and 1 + those possibly above)."""
        key_low, key_high, columns, sub, removed = self.keys(chosen, p)
        players, width = self.open.players, self.width
        low, high = self._differences(p, chosen, key_low, key_high, columns, sub, removed)
        sure, possible = _statuses(low, high)
        sure &= columns
        possible &= columns
        sure[p] = possible[p] = False
        count = self.count
        owner = np.where(count == 1, self.item_of, -1)
        grouped = (owner >= 0) & (chosen[np.maximum(owner, 0)] < 0)
        grouped[p] = False
        lone_sure = int(sure[~grouped].any(axis=1).sum())
        lone_possible = int(possible[~grouped].any(axis=1).sum())
        items = self.open.items
        item_sure = np.zeros((items, width), dtype=np.int64)
        item_possible = np.zeros((items, width), dtype=np.int64)
        rows = np.flatnonzero(grouped)
        np.add.at(item_sure, owner[rows], sure[rows])
        np.add.at(item_possible, owner[rows], possible[rows])
        free = chosen < 0
        valid = self.valid
        # The players whose status is open in some column: their opponents' scores move their keys.
        open_status = (possible & ~sure).any(axis=1)
        opponents = self.ref.opponent
        weight = np.zeros(players, dtype=np.int64)
        np.add.at(weight, opponents[p][self.ref.real[0, p]], 1)
        tied = np.flatnonzero(open_status)
        np.add.at(weight, opponents[tied][self.ref.real[0, tied]], -1)
        helped = self.first * weight[self.open.rows][:, None] + np.where(
            self.games[:, None], self.second * weight[self.others_col][:, None], 0
        )
        if best:
            limit = lone_sure + int(np.where(valid, item_sure, 2**30).min(axis=1)[free].sum())
            score = (item_sure * 4 + item_possible) * 2**40 - helped
        else:
            limit = lone_possible + int(np.where(valid, item_possible, -1).max(axis=1)[free].sum())
            score = -(item_possible * 4 + item_sure) * 2**40 + helped
        picked = np.argmin(np.where(valid, score, 2**62), axis=1)
        completion = np.where(free, picked, chosen)
        # Each player's status at the completion's column.
        at = np.zeros((players, width), dtype=bool)
        at[:, 0] = True
        one = np.flatnonzero(count == 1)
        at[one] = np.arange(width)[None, :] == completion[self.item_of[one]][:, None]
        at &= columns
        undecided = np.flatnonzero((possible & ~sure & at).any(axis=1))
        reach = (1 + int((sure & at).any(axis=1).sum()), 1 + int((possible & at).any(axis=1).sum()))
        return limit, completion, undecided, reach

    def _branch(self, p: int, chosen: Ints, undecided: Ints) -> int:
        """The open item that decides most of the ties still open: the players' own, their opponents', ``p``'s
        opponents'; −1 when none is open."""
        free = chosen < 0
        if not free.any():
            return -1
        players = self.open.players
        weight = np.zeros(players, dtype=np.int64)
        opponents, real = self.ref.opponent, self.ref.real[0]
        np.add.at(weight, opponents[p][real[p]], max(len(undecided), 1))
        weight[undecided] += 4
        np.add.at(weight, opponents[undecided][real[undecided]], 1)
        score = weight[self.open.rows] + np.where(self.games, weight[self.others_col], 0)
        score = np.where(free, score, -1)
        j = int(np.argmax(score))
        return j if score[j] > 0 else int(np.flatnonzero(free)[0])


def _statuses(low: Ints, high: Ints) -> tuple[Bools, Bools]:
    """Surely above and possibly above, from the bounds of each key's difference to ``p``'s (lower is
    better): surely above when every key up to one never exceeds his and that one is surely below it;
    surely not above when every key up to one is never below his and that one surely exceeds it, or all are
    never below (then equal at worst: a shared place)."""
    never_over, under = high <= 0, high < 0
    never_under, over = low >= 0, low > 0
    before_over = np.cumprod(never_over, axis=-1)
    before_over = np.concatenate([np.ones_like(before_over[..., :1]), before_over[..., :-1]], axis=-1)
    before_under = np.cumprod(never_under, axis=-1)
    shifted = np.concatenate([np.ones_like(before_under[..., :1]), before_under[..., :-1]], axis=-1)
    sure: Bools = np.asarray((before_over.astype(bool) & under).any(axis=-1))
    not_above = (shifted.astype(bool) & over).any(axis=-1) | never_under.all(axis=-1)
    possible: Bools = np.asarray(~not_above)
    return sure, possible
