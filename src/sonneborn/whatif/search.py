"""Best and worst final places, first place and the prize places: exactly, or by simulation.

The exact method enumerates every outcome of what is still to be decided (:class:`~.scenarios.Open`). It
scores them all by points first, at once, as arrays: a player alone on his points has his place without
any tie-break, and a scenario is ranked by the engine only when a tie on points could give someone a
place not seen yet, or a tie spans a prize place (whose chance is then needed). Each ranking shares with
the others what the scenario did not change (:class:`~.scenarios.Ranker`).

When the outcomes are too many, a simulation draws each item from an Elo model with draws (:class:`Model`),
``runs`` times from a fixed seed; a run keeps only the places up to the prize places, and is ranked only
when a tie on points spans them. Best and worst places are then the bounds points guarantee, narrowed by
ranked scenarios and searched by the branch and bound of :mod:`.proof` until proved or its budget spent.
"""

from __future__ import annotations

import collections
import itertools
import math
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

import numpy as np
import numpy.typing as npt

from sonneborn.cluster import Executor, check_executor, connect
from sonneborn.errors import OptionError
from sonneborn.event import KINDS, Bools, Ints
from sonneborn.messages import N_, Message, Number, rounds_message
from sonneborn.ranking import Standings, sort_key
from sonneborn.tiebreaks import Spec
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.whatif.proof import Reference, Search
from sonneborn.whatif.scenarios import Open, Outcomes, Ranker

__all__ = ["EXACT_LIMIT", "Model", "PlaceChances", "WhatIf", "what_if"]

EXACT_LIMIT = 60_000
"""The most outcomes the exact method enumerates; beyond, the simulation."""
DEFAULT_RUNS = 10_000
BATCH = 64
"""Scenarios ranked at once (:meth:`~.scenarios.Ranker.ranks`)."""
STACKED_ROWS = 50_000
"""The most rows of scenarios ranked at once: fewer scenarios of a big event in one table."""
Floats = npt.NDArray[np.float64]
Method = Literal["exact", "simulation"]
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Model:
    """The Elo model of a game: White's expected score ``E = 1 / (1 + 10^((Rb − Ra) / 400))``, a draw with
    chance ``D = 2·d·min(E, 1 − E)`` (``d`` between even players, less as one is stronger), a win ``E − D/2``
    and a loss ``1 − E − D/2``: every outcome possible, the expected score ``E``.

    ``draw_rate`` ``None`` takes ``d`` from the pair's mean rating, ``(mean − 1000) / 2500`` within 0.1 to 0.6
    (0.2 at 1500, 0.4 at 2000, 0.6 from 2500); an unrated player counts as the rated players' mean.
    """

    draw_rate: float | None = None

    def rate(self, mean: Floats) -> Floats:
        if self.draw_rate is not None:
            return np.full(mean.shape, self.draw_rate)
        rates: Floats = np.clip((mean - 1000) / 2500, 0.1, 0.6)
        return rates

    def game(self, white: Floats, black: Floats) -> Floats:
        """Each game's chances of a win, a draw and a loss for White (games × 3)."""
        expected = 1 / (1 + 10 ** ((black - white) / 400))
        draw = self.rate((white + black) / 2) * 2 * np.minimum(expected, 1 - expected)
        return np.stack([expected - draw / 2, draw, 1 - expected - draw / 2], axis=1)


@dataclass(frozen=True, slots=True)
class PlaceChances:
    """One player's (or team's) answer."""

    row: int
    best: int
    """The best final place still possible (1 is first)."""
    worst: int
    can_win: bool
    clinched: tuple[int, ...]
    """The prize places (up to :attr:`WhatIf.places`) he is sure to finish in or above."""
    chances: tuple[float, ...] | None
    """The chance of each place 1 … :attr:`WhatIf.places`, under the model; ``None`` when not computed (the
    exact method without ``with_chances``)."""
    margins: tuple[float, ...]
    """The margin of error of each chance (95 %, the Wilson score interval's: :func:`margins_of`; 0 for the exact
    method)."""
    decides: Message
    """What decides first place for him, in words (``str()`` gives the English)."""
    exact: bool = True
    """Whether :attr:`best` and :attr:`worst` are exact; else bounds (a simulation's player whom a tie-break could
    place anywhere between them)."""
    best_exact: bool = True
    worst_exact: bool = True
    best_seen: int | None = None
    """For a best that is only a bound: the best place a ranked scenario reached (the true best lies between)."""
    worst_seen: int | None = None


@dataclass(frozen=True, eq=False)
class WhatIf:
    """Every player's best and worst place, first place and the prize places, with how they were found."""

    method: Method
    runs: int
    """Outcomes enumerated (exact) or runs drawn (simulation)."""
    ranked: int
    """Scenarios the engine ranked: the others were decided by points alone."""
    places: int
    open: Open
    now: Standings
    """The standings as they stand (the rounds not played yet not counted)."""
    rows: tuple[PlaceChances, ...]
    """In the order of :attr:`now`."""
    seed: int | None
    notes: tuple[Message, ...]
    """What was treated how: the rounds still to be played, those known only as scores, the method."""


def _ratings(open_: Open) -> Floats:
    rating = open_.base.table.rating.astype(np.float64)
    rated = rating[rating > 0]
    fill = float(rated.mean()) if rated.size else 1500.0
    return np.where(rating > 0, rating, fill)


def chances_of_items(open_: Open, model: Model) -> Floats:
    """Each item's chance of each outcome (items × outcomes, zero-padded), under the model."""
    width = max(len(open_.game), len(open_.score_only))
    found = np.zeros((open_.items, width))
    games = open_.others >= 0
    if open_.base.teams is not None:
        found[games, : len(open_.game)] = _match_chances(open_, model)
    else:
        rating = _ratings(open_)
        found[games, :3] = model.game(rating[open_.rows[games]], rating[open_.others[games]])
    if (~games).any():
        rating = _ratings(open_) if open_.base.teams is None else np.full(open_.players, 2000.0)
        own = rating[open_.rows[~games]]
        draw = model.rate(own)
        found[~games, :3] = np.stack([(1 - draw) / 2, draw, (1 - draw) / 2], axis=1)
    return found


def _match_chances(open_: Open, model: Model) -> Floats:
    """A match's chances of each game-point score, its boards independent games of even teams (E = ½)."""
    boards = open_.game.whole // 2 if len(open_.game) > 1 else 0
    outcomes = len(open_.game)
    # The share of a board in units of half a board point, when the boards score 1-½-0.
    step = (outcomes - 1) // max(boards, 1)
    draw = float(model.rate(np.array([2000.0]))[0])
    board = np.zeros(step + 1)
    board[0], board[step // 2], board[step] = (1 - draw) / 2, draw, (1 - draw) / 2
    total = np.array([1.0])
    for _ in range(boards):
        total = np.convolve(total, board)
    # Outcomes run from every board won down to none.
    chances: Floats = total[::-1][:outcomes]
    return np.broadcast_to(chances, (int((open_.others >= 0).sum()), outcomes))


def _positions(totals: Ints) -> tuple[Ints, Ints]:
    """Each player's first and last possible place by points alone (scenarios × players): the places his tie
    on points spans."""
    players = totals.shape[1]
    order = np.argsort(-totals, axis=1, kind="stable")
    ordered = np.take_along_axis(totals, order, axis=1)
    new = np.ones(ordered.shape, dtype=bool)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    positions = np.broadcast_to(np.arange(1, players + 1), ordered.shape)
    first = np.maximum.accumulate(np.where(new, positions, 0), axis=1)
    ends = np.ones(ordered.shape, dtype=bool)
    ends[:, :-1] = new[:, 1:]
    last = np.minimum.accumulate(np.where(ends, positions, players + 1)[:, ::-1], axis=1)[:, ::-1]
    low, high = np.empty_like(first), np.empty_like(last)
    np.put_along_axis(low, order, first, axis=1)
    np.put_along_axis(high, order, last, axis=1)
    return low, high


def _totals(open_: Open, choices: Ints) -> Ints:
    """Every player's final primary score in each scenario (scenarios × players), in units."""
    name = open_.base.table.primary
    first, second = open_.gains(name)
    items = np.arange(open_.items)
    base = open_.before(name)
    totals = np.repeat(base[None, :], len(choices), axis=0)
    for item in items:
        totals[:, open_.rows[item]] += first[item][choices[:, item]]
        if open_.others[item] >= 0:
            totals[:, open_.others[item]] += second[item][choices[:, item]]
    return totals


def _decider(standings: Standings, row: int, tied: Ints) -> str:
    """The code that put ``row`` alone ahead of the others tied with him on points, or how the tie stayed."""
    rest = tied
    for spec, column in zip(standings.specs, standings.columns, strict=True):
        key = sort_key(column, spec)
        rest = rest[key[rest] == key[row]]
        if len(rest) == 1:
            return str(spec)
    return "lots" if standings.lots is not None else "shared"


@dataclass
class _Tally:
    """What the scenarios seen so far gave each player."""

    best: Ints
    worst: Ints
    chances: Floats
    first_own: list[set[tuple[int, int]]]
    """Per player, the (item, outcome) of his own items in scenarios he finished first in."""
    deciders: list[dict[str, int]]
    """Per player, how his first places were decided (points, or a code): in how many outcomes."""


def _own_items(open_: Open) -> list[Ints]:
    return [np.flatnonzero((open_.rows == row) | (open_.others == row)) for row in range(open_.players)]


def exact(
    open_: Open, ranker: Ranker, places: int, chances: Floats, *, with_chances: bool = False
) -> tuple[_Tally, int, int]:
    """Every outcome enumerated; ranked by the engine only where points leave a place open that could be a
    player's best or worst not seen yet (and, ``with_chances``, where a tie spans a prize place: each place's
    chance under the model, every outcome weighted by its chance)."""
    counts = open_.counts
    players = open_.players
    grid = np.indices(tuple(int(c) for c in counts)).reshape(len(counts), -1).T if len(counts) else np.zeros((1, 0))
    choices = grid.astype(np.int64)
    weight = np.prod(chances[np.arange(open_.items)[None, :], choices], axis=1) if open_.items else np.ones(1)
    totals = _totals(open_, choices)
    low, high = _positions(totals)
    alone = low == high
    best = np.where(alone, low, players + 1).min(axis=0)
    worst = np.where(alone, low, 0).max(axis=0)
    place_chances = np.zeros((players, places))
    for place in range(1, places + 1):
        place_chances[:, place - 1] = ((alone & (low == place)) * weight[:, None]).sum(axis=0)
    tally = _Tally(best, worst, place_chances, [set() for _ in range(players)], [{} for _ in range(players)])
    own = _own_items(open_)
    for scenario, row in zip(*np.nonzero(alone & (low == 1)), strict=True):
        _first(tally, int(row), int(scenario), choices, own, "points")
    ranked = 0
    tied = ~alone
    # A tie spanning first place is always ranked: what decides first place is said from every outcome.
    prize = (tied & (low <= (places if with_chances else 1))).any(axis=1)
    candidates = np.flatnonzero(tied.any(axis=1))
    size = max(1, min(BATCH, STACKED_ROWS // max(players, 1))) if ranker.stacks else 1
    for begin in range(0, len(candidates), size):
        batch = candidates[begin : begin + size]
        # A scenario is ranked only if a tie on points could give a tied player a place not seen yet.
        opens = tied[batch] & ((low[batch] < best[None, :]) | (high[batch] > worst[None, :]))
        batch = batch[prize[batch] | opens.any(axis=1)]
        if not len(batch):
            continue
        players_at = np.arange(len(batch))[:, None] * players
        if ranker.stacks and len(batch) > 1:
            many = ranker.stacked(choices[batch])
            ranks_of = many.ranks.reshape(len(batch), players) - players_at
        else:
            many = ranker.standings(choices[batch[0]])
            ranks_of = many.ranks[None, :]
        ranked += len(batch)
        for at, (scenario, ranks) in enumerate(zip(batch.tolist(), ranks_of, strict=True)):
            rows = np.flatnonzero(tied[scenario])
            np.minimum.at(best, rows, ranks[rows])
            np.maximum.at(worst, rows, ranks[rows])
            for row in rows[ranks[rows] <= places].tolist():
                place_chances[row, int(ranks[row]) - 1] += weight[scenario]
            lows = low[scenario, rows]
            offset = int(players_at[at, 0]) if len(batch) > 1 else 0
            for row in rows[ranks[rows] == 1].tolist():
                group = rows[lows == low[scenario, row]] + offset
                _first(tally, row, scenario, choices, own, _decider(many, row + offset, group))
    return tally, len(choices), ranked


def _first(tally: _Tally, row: int, scenario: int, choices: Ints, own: list[Ints], how: str) -> None:
    for item in own[row].tolist():
        tally.first_own[row].add((item, int(choices[scenario, item])))
    tally.deciders[row][how] = tally.deciders[row].get(how, 0) + 1


BLOCK = 250
"""Runs drawn together, each block from its own generator (the seed and the block's number): the same runs
whatever the processes or workers, and memory for one block's draws at a time, not every run's."""


@dataclass(frozen=True, eq=False)
class _Runs:
    """What every block of a simulation reads, sent once to each process or Dask worker."""

    open: Open
    ranker: Ranker
    cumulative: Floats
    """Each item's cumulative chances of its outcomes (items × outcomes, the last 1)."""
    places: int
    seed: int
    runs: int


_FORKED: dict[str, _Runs] = {}
"""The simulation a forked process inherits (``fork``: read, never pickled); where processes are spawned, each
gets it pickled once, at its start (:func:`_install`)."""


def _install(state: _Runs) -> None:
    """A spawned process's start: the simulation, pickled to it once (plain :mod:`pickle`)."""
    _FORKED["runs"] = state


def _choices(cumulative: Floats, counts: Ints, seed: int, block: int, runs: int) -> Ints:
    """The outcome of every item in each run of one block, drawn from the model."""
    rng = np.random.default_rng([seed & (2**64 - 1), block])
    draws = rng.random((runs, len(cumulative)))
    chosen = np.zeros(draws.shape, dtype=np.int64)
    for outcome in range(cumulative.shape[1] - 1):  # the outcomes whose upper bound a draw passes
        chosen += draws > cumulative[None, :, outcome]
    found: Ints = np.minimum(chosen, counts[None, :] - 1)
    return found


def _forked_blocks(blocks: tuple[int, int]) -> tuple[Ints, int]:
    return _run_blocks(blocks, _FORKED["runs"])


def _run_blocks(blocks: tuple[int, int], state: _Runs) -> tuple[Ints, int]:
    """Runs the blocks ``blocks`` (first, last + 1): the count of each player's places up to the prize places,
    and how many runs the engine ranked."""
    open_, ranker, places = state.open, state.ranker, state.places
    players = open_.players
    counts = np.zeros((players, places), dtype=np.int64)
    ranked = 0
    batch = max(1, min(BATCH, STACKED_ROWS // max(players, 1)))
    for block in range(*blocks):
        size = min(BLOCK, state.runs - block * BLOCK)
        chunk = _choices(state.cumulative, open_.counts, state.seed, block, size)
        low, high = _positions(_totals(open_, chunk))
        alone = low == high
        for place in range(1, places + 1):
            counts[:, place - 1] += (alone & (low == place)).sum(axis=0)
        needs = np.flatnonzero((~alone & (low <= places)).any(axis=1))
        for begin in range(0, len(needs), batch):
            runs_now = needs[begin : begin + batch]
            ranks = ranker.ranks(chunk[runs_now])
            inside = ~alone[runs_now] & (low[runs_now] <= places) & (ranks <= places)
            which, rows = np.nonzero(inside)
            np.add.at(counts, (rows, ranks[which, rows] - 1), 1)
        ranked += len(needs)
    return counts, ranked


def _parts(blocks: int, workers: int) -> list[tuple[int, int]]:
    """The blocks split into about four parts per worker (first, last + 1), so that none waits long for the
    slowest."""
    edges = np.linspace(0, blocks, min(blocks, max(workers, 1) * 4) + 1).astype(int)
    return [(int(a), int(b)) for a, b in itertools.pairwise(edges) if b > a]


def simulate(
    open_: Open,
    ranker: Ranker,
    places: int,
    chances: Floats,
    runs: int,
    seed: int,
    jobs: int,
    *,
    executor: Executor = "local",
    scheduler: str | None = None,
    meanwhile: Callable[[], _T],
) -> tuple[Ints, int, _T]:
    """``runs`` scenarios drawn from the model, block by block (:data:`BLOCK`), the blocks split over ``jobs``
    processes, or over the workers of the Dask cluster at ``scheduler`` (``executor`` ``"dask"``): each block
    is drawn from its own seed, so the counts are the same however the blocks are split. ``meanwhile`` runs in
    this process while the workers draw (after them with one job): the counts, the runs ranked and its answer."""
    check_executor(executor, scheduler)
    cumulative = np.cumsum(chances, axis=1)
    cumulative[:, -1] = 1.0
    state = _Runs(open_, ranker, cumulative, places, seed, runs)
    blocks = -(-runs // BLOCK)
    if executor == "dask":
        assert scheduler is not None
        results, answer = _run_dask(state, blocks, scheduler, meanwhile)
    elif jobs <= 1:
        results = [_run_blocks(part, state) for part in _parts(blocks, jobs)]
        answer = meanwhile()
    elif "fork" not in multiprocessing.get_all_start_methods():  # spawned processes: the state pickled to each
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_install, initargs=(state,)) as pool:
            futures = [pool.submit(_forked_blocks, part) for part in _parts(blocks, jobs)]
            answer = meanwhile()
            results = [future.result() for future in futures]
    else:
        _FORKED["runs"] = state
        try:
            with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
                # Every worker is forked at the first submit: the state is theirs before ``meanwhile`` runs.
                futures = [pool.submit(_forked_blocks, part) for part in _parts(blocks, jobs)]
                answer = meanwhile()
                results = [future.result() for future in futures]
        finally:
            _FORKED.clear()
    counts = sum((r[0] for r in results), np.zeros((open_.players, places), dtype=np.int64))
    return counts, sum(r[1] for r in results), answer


def _run_dask(
    state: _Runs, blocks: int, scheduler: str, meanwhile: Callable[[], _T]
) -> tuple[list[tuple[Ints, int]], _T]:
    """The blocks run on a Dask cluster: the simulation sent once to every worker, then the parts mapped;
    ``meanwhile`` runs here while they do."""
    with connect(scheduler) as client:
        workers = sum(client.nthreads().values()) or 1
        shared = client.scatter(state, broadcast=True)
        futures = client.map(_run_blocks, _parts(blocks, workers), state=shared, pure=False)
        answer = meanwhile()
        found: list[tuple[Ints, int]] = client.gather(futures)
    return found, answer


def point_bounds(open_: Open) -> tuple[Ints, Ints]:
    """Each player's best and worst place by points alone, ties counted for him and against him: a player
    can finish no better than behind those sure to outscore him, no worse than ahead of those sure to stay
    below."""
    table = open_.base.table
    first, second = open_.gains(table.primary)
    players = table.players
    base = open_.before(table.primary)
    low = base + _bound(open_, first, second, np.min)
    high = base + _bound(open_, first, second, np.max)
    best = 1 + (low[None, :] > high[:, None]).sum(axis=1)
    worst = players - (high[None, :] < low[:, None]).sum(axis=1)
    return best, worst


SETTLED = 20
"""The players (by their best place by points) whose best and worst places :func:`settled_places` settles
beyond the prize places."""


@dataclass(frozen=True, eq=False)
class Settled:
    """Each player's best and worst final place as far as points and a few ranked scenarios settle them."""

    best: Ints
    """The best place still possible, or a bound no scenario can beat (``exact_best`` false)."""
    worst: Ints
    exact_best: Bools
    exact_worst: Bools
    best_seen: Ints
    """The best place a scenario ranked by the engine reached (0 when none was ranked): the true best lies
    between :attr:`best` and it."""
    worst_seen: Ints

    @property
    def exact(self) -> Bools:
        found: Bools = self.exact_best & self.exact_worst
        return found


def settled_places(open_: Open, places: int) -> tuple[Ints, Ints, Bools]:
    """Best and worst places settled by points where they can be, without a tie-break: each player's best and
    worst place and whether both are exact.

    A player's best place needs his best result in each of his items (a better result never costs a place: it
    only lowers those he passes) and, when every player has at most one item (one round still open), each
    other item's outcome chosen on its own: the fewest players it puts above him. When the fewest reaching
    his points equal the fewest passing them, no tie on his points is needed and the place is exact; else it
    lies between, a tie-break deciding. Likewise the worst. Other players keep :func:`point_bounds`; only the
    players who can reach the prize places or the top :data:`SETTLED` are settled.
    """
    best, worst, exact_best, exact_worst, _ = _settle(open_, places)
    found: Bools = exact_best & exact_worst
    return best, worst, found


def witnessed_places(open_: Open, places: int, ranker: Ranker) -> Settled:
    """:func:`settled_places`, and for each player it settles, the scenario that puts the fewest above him (his
    best result; every other item the outcome passing him least, then reaching his points least) ranked by the
    engine, and likewise the most: a place reached is a place possible, so where it meets the bound by points
    the bound is exact although a tie-break decides it."""
    best, worst, exact_best, exact_worst, scenarios = _settle(open_, places, first_key_bounds(open_, ranker.specs))
    players = open_.players
    best_seen = np.zeros(players, dtype=np.int64)
    worst_seen = np.zeros(players, dtype=np.int64)
    keys = sorted(scenarios)
    size = max(1, min(BATCH, STACKED_ROWS // max(players, 1)))
    for begin in range(0, len(keys), size):
        part = keys[begin : begin + size]
        ranks = ranker.ranks(np.array([scenarios[key] for key in part]))
        for (row, want_best), placed in zip(part, ranks[:, [row for row, _ in part]].diagonal(), strict=True):
            (best_seen if want_best else worst_seen)[row] = int(placed)
    exact_best = exact_best | ((best_seen > 0) & (best_seen == best))
    exact_worst = exact_worst | ((worst_seen > 0) & (worst_seen == worst))
    return Settled(best, worst, exact_best, exact_worst, best_seen, worst_seen)


def proved_places(
    open_: Open, places: int, ranker: Ranker, rows: Ints | None = None, *, effort: int = 1
) -> tuple[Settled, int]:
    """:func:`witnessed_places`, and each bound it leaves for ``rows`` (by default every player who can
    reach the prize places or the top :data:`SETTLED` by points) searched by branch and bound (:mod:`.proof`) until
    proved or the budget (:data:`.proof.NODES` times ``effort``) spent: the places, and the scenarios the engine
    ranked for them."""
    found = witnessed_places(open_, places, ranker)
    if not open_.items:
        return found, 0
    if rows is None:
        by_points, _ = point_bounds(open_)
        rows = np.flatnonzero(by_points <= max(places, SETTLED))
    base = open_.before(open_.base.table.primary)
    size = max(1, min(BATCH, STACKED_ROWS // max(open_.players, 1)))
    search = Search(open_, ranker, Reference.of(open_, ranker), base, size, effort)
    best, worst = found.best.copy(), found.worst.copy()
    exact_best, exact_worst = found.exact_best.copy(), found.exact_worst.copy()
    best_seen, worst_seen = found.best_seen.copy(), found.worst_seen.copy()
    for p in rows.tolist():
        if not exact_best[p]:
            bound, seen, exact, _ = search.search(p, best=True, bound=int(best[p]), seen=int(best_seen[p]))
            best[p], exact_best[p] = (seen, True) if exact else (bound, False)
            best_seen[p] = seen if seen <= open_.players else best_seen[p]
        if not exact_worst[p]:
            bound, seen, exact, _ = search.search(p, best=False, bound=int(worst[p]), seen=int(worst_seen[p]))
            worst[p], exact_worst[p] = (seen, True) if exact else (bound, False)
            worst_seen[p] = seen if seen > 0 else worst_seen[p]
    proved = replace(
        found,
        best=best,
        worst=worst,
        exact_best=exact_best,
        exact_worst=exact_worst,
        best_seen=best_seen,
        worst_seen=worst_seen,
    )
    return proved, search.ranked


def first_key_bounds(open_: Open, specs: Sequence[Spec]) -> tuple[Ints, Ints] | None:
    """Bounds of the first tie-break under every outcome, for each player at each outcome of his own item
    (players × outcomes, in units; a player with nothing open the same in every column): ``None`` unless it
    is Buchholz (C.07 8.1, cuts and medians 14.1–14.4, on the primary score); bounded only for a player who,
    like each of his opponents, has every round a game played or to be played and no adjustment, so that each
    contribution is the opponent's final score (C.07 16 adjusts none) and the value, a cut sum, grows with
    each of them (the others unbounded: ±2⁶²).

    The cut is the engine's (:func:`~sonneborn.tiebreaks.cuts.cut`); its value at every opponent's least and
    greatest final score bounds the value in every scenario, his own opponent's score fixed by the outcome.
    """
    spec = specs[0] if specs else None
    table = open_.base.table
    if spec is None or spec.code != "BH" or spec.score not in (None, table.primary) or spec.reverse:
        return None
    if spec.forfeits_played:
        return None
    played = np.array([kind.is_played for kind in KINDS])
    plain = ((table.opponent >= 0) & played[table.kind]).all(axis=1) & (table.score.adjustment == 0)
    # Bounded only where he and every opponent played every round: no dummy, no adjusted score (C.07 16).
    known = plain & plain[np.maximum(table.opponent, 0)].all(axis=1)
    if not known.any():
        return None
    first, second = open_.gains(table.primary)
    base = open_.before(table.primary)
    least = base + _bound(open_, first, second, np.min)
    most = base + _bound(open_, first, second, np.max)
    players, width = open_.players, first.shape[1]
    games = open_.others >= 0
    low = np.repeat(least[table.opponent][:, None, :], width, axis=1)
    high = np.repeat(most[table.opponent][:, None, :], width, axis=1)
    # His own open game: the opponent's final score is his base and his side of the outcome.
    g = np.flatnonzero(games)
    rows, others, columns = open_.rows[g], open_.others[g], open_.columns[g]
    low[rows, :, columns] = high[rows, :, columns] = base[others][:, None] + second[g]
    low[others, :, columns] = high[others, :, columns] = base[rows][:, None] + first[g]
    present = np.ones((players * width, table.opponent.shape[1]), dtype=bool)
    bounds = []
    for values in (low, high):
        flat = values.reshape(players * width, -1)
        total, _ = cut(flat, [flat], present, ~present, low=spec.cut_low, high=spec.cut_high)
        bounds.append(total.reshape(players, width))
    # Where nothing is known, nothing is excluded: below every value and above every value.
    unknown = ~known[:, None]
    return np.where(unknown, -(2**62), bounds[0]), np.where(unknown, 2**62, bounds[1])


def _settle(
    open_: Open, places: int, keys: tuple[Ints, Ints] | None = None
) -> tuple[Ints, Ints, Bools, Bools, dict[tuple[int, bool], Ints]]:
    """The bounds of :func:`settled_places`, whether each is exact, and each settled player's extreme
    scenario by points (``(row, best?)``: an outcome per item). With ``keys`` (:func:`first_key_bounds`), a
    player tied with him on points whose first tie-break is surely above his counts as passing him, and one
    surely below as not reaching him."""
    best, worst = point_bounds(open_)
    players = open_.players
    exact_best = np.zeros(players, dtype=bool)
    exact_worst = np.zeros(players, dtype=bool)
    scenarios: dict[tuple[int, bool], Ints] = {}
    if (open_.appearances > 1).any():
        return best, worst, exact_best, exact_worst, scenarios
    games = open_.others >= 0
    table = open_.base.table
    first, second = open_.gains(table.primary)
    base = open_.before(table.primary)
    width = first.shape[1]
    valid = np.arange(width)[None, :] < open_.counts[:, None]
    own_first = base[open_.rows][:, None] + first
    own_second = np.where(games[:, None], base[np.where(games, open_.others, 0)][:, None] + second, 0)
    item_of = open_.item_of
    lone = item_of < 0  # players with nothing open: their points are final
    many = players + 1
    for row in np.flatnonzero(best <= max(places, SETTLED)).tolist():
        item = int(item_of[row])
        side = own_first if item < 0 or open_.rows[item] == row else own_second
        for want_best in (True, False):
            if item >= 0:
                scores = np.where(valid[item], side[item], -(2**62) if want_best else 2**62)
                outcome = int(np.argmax(scores) if want_best else np.argmin(scores))
                mine = int(side[item, outcome])
            else:
                outcome, mine = -1, int(base[row])
            if keys is None:
                over_first = over_second = over_lone = under_first = under_second = under_lone = False
            else:
                # Tied with him: surely above when its least exceeds his greatest; surely below, the reverse.
                column = max(outcome, 0)
                mine_low, mine_high = keys[0][row, column], keys[1][row, column]
                over_first, under_first = keys[0][open_.rows] > mine_high, keys[1][open_.rows] < mine_low
                second_rows = np.where(games, open_.others, 0)
                over_second, under_second = keys[0][second_rows] > mine_high, keys[1][second_rows] < mine_low
                over_lone, under_lone = keys[0][lone, 0] > mine_high, keys[1][lone, 0] < mine_low
            pass_first = (own_first > mine) | ((own_first == mine) & over_first)
            pass_second = (own_second > mine) | ((own_second == mine) & over_second)
            reach_first = (own_first > mine) | ((own_first == mine) & ~under_first)
            reach_second = (own_second > mine) | ((own_second == mine) & ~under_second)
            above = np.where(valid, pass_first, False) + np.where(valid & games[:, None], pass_second, 0)
            reach = np.where(valid, reach_first, False) + np.where(valid & games[:, None], reach_second, 0)
            if item >= 0:  # his own item at his outcome: only the other side counts
                other_pass, other_reach_all = (
                    (pass_second, reach_second) if side is own_first else (pass_first, reach_first)
                )
                other = int(other_pass[item, outcome]) if games[item] else 0
                other_reach = int(other_reach_all[item, outcome]) if games[item] else 0
                above[item], reach[item] = other, other_reach
            pick = np.min if want_best else np.max
            fill = 2**30 if want_best else -1
            lone_pass = (base[lone] > mine) | ((base[lone] == mine) & over_lone)
            lone_reach = (base[lone] > mine) | ((base[lone] == mine) & ~under_lone)
            passing = int(pick(np.where(valid, above, fill), axis=1).sum()) + int(lone_pass.sum())
            reaching = int(pick(np.where(valid, reach, fill), axis=1).sum()) + int(lone_reach.sum())
            if item < 0:
                reaching -= 1  # his own points reach his points
            # The scenario of the fewest passing, then the fewest reaching (the most reaching, then passing).
            key = above * many + reach if want_best else reach * many + above
            # Among those, his opponents' points as high (as low) as they go: his Buchholz-like values follow them.
            met = np.zeros(players, dtype=bool)
            met[table.opponent[row][table.opponent[row] >= 0]] = True
            helped = (
                first * met[open_.rows][:, None] + second * (games & met[np.where(games, open_.others, 0)])[:, None]
            )
            key = key * (2**24) - helped
            choice = (
                np.argmin(np.where(valid, key, 2**62), axis=1)
                if want_best
                else np.argmax(np.where(valid, key, -1), axis=1)
            )
            if item >= 0:
                choice[item] = outcome
            scenarios[row, want_best] = choice.astype(np.int64)
            # In the fewest (most) passing, his place is 1 + those passing; a tie is needed for any more.
            low, high = 1 + passing, 1 + reaching
            if want_best:
                best[row] = low if low == high else max(best[row], low)
                exact_best[row] = low == high
            else:
                worst[row] = high if low == high else min(worst[row], high)
                exact_worst[row] = low == high
    return best, worst, exact_best, exact_worst, scenarios


def _bound(open_: Open, first: Ints, second: Ints, pick: np.ufunc | object) -> Ints:
    players = open_.players
    games = open_.others >= 0
    f = np.min(first, axis=1) if pick is np.min else np.max(first, axis=1)
    s = np.min(second, axis=1) if pick is np.min else np.max(second, axis=1)
    gain = np.bincount(open_.rows, f, minlength=players).astype(np.int64)
    gain += np.bincount(open_.others[games], s[games], minlength=players).astype(np.int64)
    return gain


def what_if(
    open_: Open,
    specs: Sequence[Spec] | None = None,
    *,
    rules: Rules = DEFAULT_RULES,
    unrated_rating: int | None = None,
    places: int = 3,
    model: Model | None = None,
    method: Method | None = None,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    jobs: int = 1,
    executor: Executor = "local",
    scheduler: str | None = None,
    with_chances: bool = False,
    proof_effort: int = 1,
    now: Standings,
) -> WhatIf:
    """The answer for every player, exactly when the outcomes are at most :data:`EXACT_LIMIT` (or ``method``
    says), else by ``runs`` simulations, spread over ``jobs`` processes or (``executor="dask"``) over the workers
    of the Dask cluster at ``scheduler``. The exact method runs in this process: ``method="exact"`` with the dask
    executor is an :class:`~sonneborn.errors.OptionError`, as is ``jobs`` above 1 with it (the cluster's workers
    share the runs). A simulation's best and worst places are proved with ``proof_effort`` times the search's
    budget (:data:`.proof.NODES`): more exact places, in about as many times the time."""
    players = open_.players
    places = max(1, min(places, players))
    if runs < 1:
        raise OptionError(Message.of(N_("the runs must be at least 1 (found {found})"), found=runs), option="runs")
    if jobs < 1:
        raise OptionError(Message.of(N_("-j must be at least 1 (found {found})"), found=jobs), option="jobs")
    if proof_effort < 1:
        template = N_("the proof's effort must be at least 1 (found {found})")
        raise OptionError(Message.of(template, found=proof_effort), option="proof_effort")
    check_executor(executor, scheduler)
    if executor == "dask" and method == "exact":
        message = N_("the exact method runs in this process; the dask executor spreads a simulation's runs "
                     "(--method simulation, or auto)")  # fmt: skip
        raise OptionError(Message(message), option="executor")
    if executor == "dask" and jobs > 1:
        message = N_("-j counts this machine's processes; with the dask executor the cluster's workers share the runs")
        raise OptionError(Message(message), option="jobs")
    outcomes = math.prod(int(c) for c in open_.counts)
    chosen: Method = method or ("exact" if outcomes <= EXACT_LIMIT else "simulation")
    if chosen == "exact" and outcomes > EXACT_LIMIT:
        template = N_("{count} outcomes are too many to enumerate (at most {limit}): use the simulation")
        written = _outcomes_written(open_.counts)
        raise OptionError(Message.of(template, count=written, limit=_number(EXACT_LIMIT)), option="method")
    ranker = open_.ranker(specs, rules=rules, unrated_rating=unrated_rating)
    chances = chances_of_items(open_, model or Model())
    notes = list(_notes(open_))
    if chosen == "exact":
        tally, count, ranked = exact(open_, ranker, places, chances, with_chances=with_chances)
        best, worst = tally.best, tally.worst
        probability = tally.chances if with_chances else np.full(tally.chances.shape, np.nan)
        margins = np.zeros(probability.shape)
        decides = [_words(open_, row, tally, best, worst) for row in range(players)]
        settled = best_exact = worst_exact = np.ones(players, dtype=bool)
        best_seen = worst_seen = np.zeros(players, dtype=np.int64)
        note = Message.ngettext("exact: {count} outcome, {ranked} ranked by the tie-breaks",
                                "exact: every one of the {count} outcomes, {ranked} ranked by the tie-breaks",
                                count, ranked=_number(ranked))  # fmt: skip
        note = _counted(note)
        if not with_chances:
            note = Message.joined([note, Message(CHANCES_HINT)], "; ")
        notes.append(note)
    else:
        # The places are proved here while the workers draw the runs: the slower of the two, not their sum.
        counts, ranked, (found, proving) = simulate(
            open_, ranker, places, chances, runs, seed, jobs, executor=executor, scheduler=scheduler,
            meanwhile=lambda: proved_places(
                open_, places, ranker, now.order[: max(places, SETTLED)], effort=proof_effort
            ),
        )  # fmt: skip
        count = runs
        probability = counts / runs
        ranked += proving
        best, worst, settled = found.best, found.worst, found.exact
        place = np.arange(1, places + 1)[None, :]
        margins = margins_of(counts, runs, (best[:, None] <= place) & (place <= worst[:, None]))
        best_exact, worst_exact = found.exact_best, found.exact_worst
        # A place a run reached is a place possible too: the best of those seen, where no ranked extreme did better.
        seen = np.where(counts > 0, place, players + 1).min(axis=1)
        best_seen = np.where((found.best_seen == 0) | (seen < found.best_seen), seen, found.best_seen)
        best_seen = np.where(best_seen > players, 0, best_seen)
        best_exact = best_exact | ((best_seen > 0) & (best_seen == best))
        settled = best_exact & worst_exact
        worst_seen = found.worst_seen
        decides = [_sim_words(probability[row], best[row]) for row in range(players)]
        unsettled = players - int(settled.sum())
        exact_for = int(settled.sum())
        template = (
            N_("simulation: {runs} (seed {seed}), {ranked} ranked by the tie-breaks; chances ± 95 % margins; best "
               "and worst places exact for {exact} of {players}, bounds for {unsettled} (a tie-break could decide "
               "within them)")
            if unsettled
            else N_("simulation: {runs} (seed {seed}), {ranked} ranked by the tie-breaks; chances ± 95 % margins; "
                    "best and worst places exact for {exact} of {players}")
        )  # fmt: skip
        runs_words = _counted(Message.ngettext("{count} run", "{count} runs", runs))
        note = Message.of(template, runs=runs_words, seed=seed, ranked=_number(ranked), exact=_number(exact_for),
                          players=_number(players), unsettled=_number(unsettled))  # fmt: skip
        notes.append(Message.joined([note, Message(EFFORT_HINT)], "; ") if unsettled else note)
    rows = tuple(
        PlaceChances(
            row,
            int(best[row]),
            int(worst[row]),
            bool(best[row] == 1),
            tuple(p for p in range(1, places + 1) if worst[row] <= p),
            None if np.isnan(probability[row]).any() else tuple(float(x) for x in probability[row]),
            tuple(float(x) for x in margins[row]),
            decides[row],
            bool(settled[row]),
            bool(best_exact[row]),
            bool(worst_exact[row]),
            None if best_exact[row] or not best_seen[row] else int(best_seen[row]),
            None if worst_exact[row] or not worst_seen[row] else int(worst_seen[row]),
        )
        for row in now.order.tolist()
    )
    return WhatIf(
        chosen, count, ranked, places, open_, now, rows, seed if chosen == "simulation" else None, tuple(notes)
    )


CHANCES_HINT = N_("chances are the simulation's (--method simulation, --chances)")
"""The exact method's note on the chances it leaves out: the command line's options, which the page has not."""
EFFORT_HINT = N_("--proof-effort K searches K times as long for them")
"""The simulation's note on the places it leaves as bounds: the command line's option, which the page has not."""
HINTS = (CHANCES_HINT, EFFORT_HINT)
"""The notes' hints of the command line's options, which the page leaves out."""


Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def margins_of(counts: Ints, runs: int, possible: Bools) -> Floats:
    """The margin of error (95 %) of each chance a simulation found, ``counts`` of ``runs``: the farther end of its
    Wilson score interval from the chance, so that ``chance ± margin`` holds the interval. Unlike the normal
    approximation ``1.96·√(p(1−p)/N)`` it is not 0 for a place that no run (or every run) gave although an outcome
    may give it otherwise; 0 where no outcome can (``possible`` false: outside the best and worst places).

    >>> [round(float(m), 5) for m in margins_of(np.array([0, 0, 500]), 1000, np.array([False, True, True]))]
    [0.0, 0.00383, 0.03093]
    """
    share = counts / runs
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * runs)) / (1 + z2 / runs)
    half = Z95 / (1 + z2 / runs) * np.sqrt(share * (1 - share) / runs + z2 / (4 * runs * runs))
    found: Floats = np.where(possible, np.abs(centre - share) + half, 0.0)
    return found


def _number(count: int) -> Number:
    """A count as the languages write it: ``10,000`` in English, ``10.000`` in Spanish."""
    return Number(f"{count:,}")


_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _outcomes_written(counts: Ints) -> Number:
    """How many outcomes the items have, their product: as a number up to a million, beyond as powers of each
    item's outcomes, which a reader can check and no language writes otherwise (``3¹⁰⁰``, not 48 digits).

    >>> str(_outcomes_written(np.array([3, 3, 3]))), str(_outcomes_written(np.array([3] * 100 + [5, 5])))
    ('27', '3¹⁰⁰ × 5²')
    """
    total = math.prod(int(c) for c in counts)
    if total <= 10**6:
        return _number(total)
    powers = collections.Counter(int(c) for c in counts if c > 1)
    return Number(" × ".join(f"{base}{str(power).translate(_SUPERSCRIPTS) if power > 1 else ''}"
                             for base, power in sorted(powers.items())))  # fmt: skip


def _counted(message: Message) -> Message:
    """A message of :meth:`Message.ngettext` with its ``{count}`` written as the languages write numbers."""
    values = tuple((k, _number(v) if k == "count" and isinstance(v, int) else v) for k, v in message.values)
    return replace(message, values=values)


def _notes(open_: Open) -> list[Message]:
    notes = []
    teams = open_.base.teams is not None
    paired = [r for r in open_.paired_rounds if r not in open_.scheduled]
    if paired:
        count = int(np.isin(open_.columns[open_.others >= 0] + 1, paired).sum())
        # One sentence a count, so that its words agree with the count ("1 partida emparejada").
        rounds = rounds_message(paired)
        notes.append(
            Message.ngettext(
                "{rounds}: {count} match paired and still to be played, each any score of its boards",
                "{rounds}: {count} matches paired and still to be played, each any score of its boards",
                count,
                rounds=rounds,
            )
            if teams
            else Message.ngettext(
                "{rounds}: {count} game paired and still to be played, each a win, a draw or a loss",
                "{rounds}: {count} games paired and still to be played, each a win, a draw or a loss",
                count,
                rounds=rounds,
            )
        )
    if open_.unpaired_rounds:
        template = N_(
            "{rounds}: not paired yet, known only as scores (each player's a full-, half- or zero-point bye in "
            "the tie-breaks)"
        )
        notes.append(Message.of(template, rounds=rounds_message(open_.unpaired_rounds)))
    if open_.absences:
        notes.append(Message.ngettext("{count} unpaired round of a paired round: absent (a zero-point bye)",
                                      "{count} unpaired rounds of a paired round: absent (a zero-point bye)",
                                      open_.absences))  # fmt: skip
    if not open_.items:
        notes.append(Message(N_("nothing is still to be played: the standings are final")))
    return notes


_CONDITIONS = {
    ("wins", "against"): N_("wins against {name} (round {round})"),
    ("does not lose", "against"): N_("does not lose against {name} (round {round})"),
    ("scores at least", "against"): N_("scores at least {label} against {name} (round {round})"),
    ("wins", "his"): N_("wins as his score (round {round})"),
    ("does not lose", "his"): N_("does not lose as his score (round {round})"),
    ("scores at least", "his"): N_("scores at least {label} as his score (round {round})"),
    ("wins", "its"): N_("wins as its score (round {round})"),
    ("does not lose", "its"): N_("does not lose as its score (round {round})"),
    ("scores at least", "its"): N_("scores at least {label} as its score (round {round})"),
}
"""What a player (or a team) must do in one item to finish first: whole sentences, as each language orders them."""


def _words(open_: Open, row: int, tally: _Tally, best: Ints, worst: Ints) -> Message:
    """What decides first place for a player, from the scenarios he finished first in."""
    names = open_.base.roster.names
    if best[row] > 1:
        return Message(N_("cannot finish first"))
    if worst[row] == 1:
        return Message(N_("first whatever happens"))
    teams = open_.base.teams is not None
    conditions: list[Message] = []
    for item in _own_items(open_)[row].tolist():
        outcomes = open_.outcomes(item)
        seen = {o for i, o in tally.first_own[row] if i == item}
        if len(seen) == len(outcomes):
            continue
        is_first = open_.rows[item] == row
        other = int(open_.others[item] if is_first else open_.rows[item])
        need, label = _need(outcomes, sorted(seen), first_side=bool(is_first))
        against = "against" if other >= 0 else "its" if teams else "his"
        name = names[other] if other >= 0 else ""
        round_no = int(open_.columns[item]) + 1
        conditions.append(Message.of(_CONDITIONS[need, against], label=label, name=name, round=round_no))
    if conditions:
        joined = conditions[0]
        for condition in conditions[1:]:  # "a and b and c": each condition a whole of its own
            joined = Message.of(N_("{list} and {last}"), list=joined, last=condition)
        template = N_("first only if it {conditions}") if teams else N_("first only if he {conditions}")
        head = Message.of(template, conditions=joined)
    else:
        head = Message(N_("can finish first"))
    deciders = tally.deciders[row]
    if set(deciders) - {"points"}:
        ways = sorted(deciders.items(), key=lambda kv: (kv[0] != "points", -kv[1]))
        words = [
            Message.of(N_("{count} on points"), count=_number(count))
            if how == "points"
            else Message.of(N_("{count} by {code}"), count=_number(count), code=how)
            for how, count in ways
        ]
        total = sum(deciders.values())
        tally_words = Message.ngettext("first in {count} outcome: {ways}", "first in {count} outcomes: {ways}",
                                       total, ways=Message.joined(words))  # fmt: skip
        tally_words = _counted(tally_words)
        return Message.joined([head, tally_words], "; ")
    return head


def _need(outcomes: Outcomes, seen: list[int], *, first_side: bool) -> tuple[str, str]:
    """The least a side must score in an item (``wins``, ``does not lose``, else ``scores at least`` with the
    outcome's label), from the outcomes he finished first with."""
    shares = {o: int(outcomes.share[o]) if first_side else outcomes.whole - int(outcomes.share[o]) for o in seen}
    worst = min(shares, key=lambda o: shares[o])
    least = shares[worst]
    if least == outcomes.whole:
        return "wins", ""
    if least * 2 == outcomes.whole and len(outcomes) == 3:
        return "does not lose", ""
    label = outcomes.labels[worst]
    if not first_side and "-" in label:
        label = "-".join(reversed(label.split("-")))
    return "scores at least", label


def _sim_words(chances: Floats, best: int) -> Message:
    if best > 1:
        return Message(N_("cannot finish first"))
    if chances[0] >= 1.0:
        return Message(N_("first in every run"))
    if chances[0] <= 0.0:
        return Message(N_("first in no run, though not excluded"))
    # A chance under 0.1 % keeps one significant digit, not 0.0 %: 3 runs of 10,000 are 0.03 %.
    percent = f"{chances[0]:.1%}" if chances[0] >= 0.001 else f"{chances[0] * 100:.1g}%"
    return Message.of(N_("first in {percent} of the runs"), percent=Number(percent))


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 2))
