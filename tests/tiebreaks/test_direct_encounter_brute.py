"""Direct encounter, C.07 6.2–6.3, checked against a brute force over every outcome of the missing games.

A player is "bound to be first" when strictly first in the separate standings (6.1) whatever the
missing games give (each a win, a draw or a loss): C.07 6.3 ranks him first. The same test then
decides second place among the players left, against the same separate standings, and so on; Art. 6
is applied again to the players it leaves (a new group, its own separate standings); a group where
everyone met is ordered by its separate standings and each subgroup still tied again (6.2). When 6.3
places nobody, DE separates nobody. The reference below decides "bound to be first" by enumerating
every outcome (3^missing), not by the worst-against-best shortcut the engine takes.

Groups of 3 to 5 players, some pairs not met, some met twice (6.1.2: the average counts), with
1-½-0 and 3-1-0 scoring, from fixed seeds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from builders import event

from sonneborn.model import EventKind, PointSystem
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.direct_encounter import order_by_encounters

Games = dict[tuple[int, int], list[Fraction]]
"""The points player a scored against player b, one entry per game they played (both directions kept)."""

SYSTEMS = {"1-½-0": PointSystem(), "3-1-0": PointSystem.three_one_zero()}
MAX_MISSING = 6
"""At most 3^6 = 729 outcomes per group, to keep the brute force fast."""


def random_games(rng: random.Random, players: int, system: PointSystem) -> Games:
    """The games of a random group: each pair met once (mostly), twice or not at all."""
    results = [(system.win, system.loss), (system.draw, system.draw), (system.loss, system.win)]
    games: Games = {}
    pairs = list(itertools.combinations(range(1, players + 1), 2))
    missing = 0
    for a, b in pairs:
        roll = rng.random()
        if roll < 0.3 and missing < MAX_MISSING:
            missing += 1
            continue
        for _ in range(2 if roll > 0.9 else 1):
            mine, theirs = rng.choice(results)
            games.setdefault((a, b), []).append(mine)
            games.setdefault((b, a), []).append(theirs)
    return games


def separate_standings(group: Sequence[int], games: Games) -> dict[int, Fraction]:
    """C.07 6.1: each player's points against the others of the group; players met twice add the average."""
    return {
        a: sum((sum(games[a, b], Fraction(0)) / len(games[a, b]) for b in group if (a, b) in games), Fraction(0))
        for a in group
    }


def reference_order(group: Sequence[int], games: Games, system: PointSystem) -> list[list[int]]:
    """C.07 6.2–6.3 by enumeration of every outcome of the missing games."""
    group = sorted(group)
    if len(group) < 2:
        return [group]
    separate = separate_standings(group, games)
    missing = [(a, b) for a, b in itertools.combinations(group, 2) if (a, b) not in games]
    if not missing:
        levels = sorted(set(separate.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        return [
            part
            for level in levels
            for part in reference_order([s for s in group if separate[s] == level], games, system)
        ]
    outcomes = []
    choices = [(system.win, system.loss), (system.draw, system.draw), (system.loss, system.win)]
    for picks in itertools.product(choices, repeat=len(missing)):
        totals = dict(separate)
        for (a, b), (for_a, for_b) in zip(missing, picks, strict=True):
            totals[a] += for_a
            totals[b] += for_b
        outcomes.append(totals)
    remaining = list(group)
    placed: list[list[int]] = []
    while len(remaining) > 1:
        leader = next(
            (
                c
                for c in remaining
                if all(totals[c] > max(totals[r] for r in remaining if r != c) for totals in outcomes)
            ),
            None,
        )
        if leader is None:
            break
        placed.append([leader])
        remaining.remove(leader)
    if not placed:
        return [group]
    return placed + reference_order(remaining, games, system)


def engine_order(group: Sequence[int], games: Games, system: PointSystem) -> list[list[int]]:
    def encounters(members: Sequence[int]) -> tuple[dict[int, Fraction], set[frozenset[int]]]:
        met = {frozenset((a, b)) for a, b in itertools.combinations(members, 2) if (a, b) in games}
        return separate_standings(members, games), met

    return order_by_encounters(group, encounters, system.win, system.loss)


CASES = [(seed, name) for seed in range(150) for name in SYSTEMS]


@pytest.mark.parametrize(("seed", "system_name"), CASES)
def test_order_by_encounters_equals_the_brute_force(seed: int, system_name: str) -> None:
    system = SYSTEMS[system_name]
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    games = random_games(rng, players, system)
    group = list(range(1, players + 1))
    assert engine_order(group, games, system) == reference_order(group, games, system), games


def test_the_brute_force_sees_a_rival_who_can_still_tie() -> None:
    # The held exercise's 4.5 group (Ex. 25): Stephan 1.5 with nothing missing, Irina ½ and her game
    # against Genevieve missing: Irina can reach 1.5, so nobody is bound to be first.
    half, one = Fraction(1, 2), Fraction(1)
    games: Games = {(3, 1): [one], (1, 3): [Fraction(0)], (3, 2): [half], (2, 3): [half]}
    assert reference_order([1, 2, 3], games, PointSystem()) == [[1, 2, 3]]
    assert engine_order([1, 2, 3], games, PointSystem()) == [[1, 2, 3]]


def tied_event_lines(games: Games, players: int, system: PointSystem) -> str:
    """An event in which the group's games are played one per round (the others resting on a zero-point
    bye), then full- and half-point byes bring everyone to the same score, so that DE decides alone."""
    rounds: list[dict[int, str]] = []
    for a, b in sorted(games):
        if a > b:
            continue
        for mine in games[a, b]:
            code = {system.win: "1", system.draw: "=", system.loss: "0"}[mine]
            other = {"1": "0", "=": "=", "0": "1"}[code]
            rounds.append({a: f"{b}w{code}", b: f"{a}b{other}"})
    totals = {s: sum((sum(games[s, o], Fraction(0)) for o in range(1, players + 1) if (s, o) in games), Fraction(0))
              for s in range(1, players + 1)}  # fmt: skip
    top = max(totals.values())
    needs = {s: top - totals[s] for s in totals}
    extra = max(int(need // system.win + need % system.win // system.draw) for need in needs.values())
    for _ in range(extra):
        row: dict[int, str] = {}
        for s in needs:
            if needs[s] >= system.win:
                row[s], needs[s] = "-F", needs[s] - system.win
            elif needs[s] >= system.draw:
                row[s], needs[s] = "-H", needs[s] - system.draw
            else:
                row[s] = "-Z"
        rounds.append(row)
    assert all(need == 0 for need in needs.values()), needs
    return "\n".join(f"{s} P{s}: " + " ".join(r.get(s, "-Z") for r in rounds) for s in range(1, players + 1))


def places(parts: list[list[int]]) -> dict[int, int]:
    """The DE value of each player: the place inside the group, 0 everywhere when DE separated nobody."""
    found, place = {}, 1
    for part in parts:
        for start in part:
            found[start] = place if len(parts) > 1 else 0
        place += len(part)
    return found


@pytest.mark.parametrize(("seed", "system_name"), [(seed, name) for seed in range(1000, 1050) for name in SYSTEMS])
def test_rank_by_de_on_an_event_tied_on_points(seed: int, system_name: str) -> None:
    system = SYSTEMS[system_name]
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    games = random_games(rng, players, system)
    tournament = event(tied_event_lines(games, players, system), kind=EventKind.SWISS, system=system)
    standings = rank(tournament, parse_list("DE"))
    assert len({row.points for row in standings.rows}) == 1
    expected = places(reference_order(list(range(1, players + 1)), games, system))
    assert {s: standings.row(s).values["DE"].number for s in expected} == expected
    # The rank is the place DE gave (1 for everyone when it separated nobody).
    assert {s: standings.row(s).rank for s in expected} == {s: place or 1 for s, place in expected.items()}
