"""Direct encounter (C.07 Art. 6, type A): the games among the tied players only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from oracle.base import Context, Spec
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text

Separate = dict[StartNo, Fraction]


def encounter_points(context: Context, spec: Spec, group: Sequence[StartNo]) -> tuple[Separate, set[frozenset[int]]]:
    """The separate standings of a group (C.07 6.1) and the pairs in it that met.

    Forfeits are left out (6.1.1) except in a round robin, where they are
    ordinary games (15.2), or with ``/P``. Players who met more than once add
    the average of their games (6.1.2).
    """
    members = set(group)
    include_forfeits = spec.forfeits_played or context.is_round_robin
    sums: dict[tuple[int, int], list[Fraction]] = {}
    for start in group:
        for game in context.games(context.tournament.player(start)):
            opponent = game.opponent.start
            if opponent not in members:
                continue
            if not game.entry.kind.is_played and not (include_forfeits and game.entry.kind.is_forfeit):
                continue
            sums.setdefault((start, opponent), []).append(game.points)
    separate = {start: Fraction(0) for start in group}
    met = set()
    for (start, opponent), results in sums.items():
        separate[start] += sum(results, Fraction(0)) / len(results)
        met.add(frozenset((start, opponent)))
    return separate, met


Encounters = Callable[[Sequence[StartNo]], tuple[Separate, set[frozenset[int]]]]


def direct_encounter(context: Context, spec: Spec, group: Sequence[StartNo]) -> list[list[StartNo]]:
    """Orders a tied group by direct encounter, C.07 6.2–6.3, as subgroups still tied (best first).

    6.2: when everyone in the group met everyone, the separate standings
    decide, and Art. 6 is applied again to every subgroup still tied.
    6.3: when not everyone met, a player ranks first only when alone at the
    top whatever the outcome of the missing games (all of his own lost, all
    of each rival's won); then the same test for second place, and so on;
    Art. 6 is applied again to the players left. A group DE cannot separate
    comes back whole.
    """
    return order_by_encounters(
        group, lambda members: encounter_points(context, spec, members), context.system.win, context.system.loss
    )


def order_by_encounters(
    group: Sequence[StartNo], encounters: Encounters, win: Fraction, loss: Fraction
) -> list[list[StartNo]]:
    """The algorithm of C.07 6.2–6.3 over any source of separate standings (see :func:`direct_encounter`)."""
    group = sorted(group)
    if len(group) < 2:
        return [group]
    separate, met = encounters(group)
    met_count = dict.fromkeys(group, 0)
    for pair in met:
        for start in pair:
            met_count[start] += 1
    missing = {s: len(group) - 1 - met_count[s] for s in group}
    if not any(missing.values()):
        levels = sorted(set(separate.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        ordered: list[list[StartNo]] = []
        for level in levels:
            ordered.extend(order_by_encounters([s for s in group if separate[s] == level], encounters, win, loss))
        return ordered
    remaining = list(group)
    placed: list[list[StartNo]] = []
    while len(remaining) > 1:
        # A candidate leads whatever the missing games give when his worst total beats every rival's best.
        best = sorted(((separate[r] + missing[r] * win, r) for r in remaining), reverse=True)
        leader = None
        for candidate in remaining:
            rival = best[1][0] if best[0][1] == candidate else best[0][0]
            if separate[candidate] + missing[candidate] * loss > rival:
                leader = candidate
                break
        if leader is None:
            break
        placed.append([leader])
        remaining.remove(leader)
    if not placed:
        return [group]
    return placed + (order_by_encounters(remaining, encounters, win, loss) if remaining else [])


def describe(context: Context, spec: Spec, group: Sequence[StartNo]) -> str:
    """The separate standings of a group, for the explanation of DE values."""
    separate, met = encounter_points(context, spec, group)
    names = context.tournament.player
    parts = [f"{names(s).name} {exact_text(separate[s])}" for s in sorted(group, key=lambda s: -separate[s])]
    complete = all(frozenset((a, b)) in met for a in group for b in group if a < b)
    return "separate standings: " + ", ".join(parts) + ("" if complete else " (not everyone met)")
