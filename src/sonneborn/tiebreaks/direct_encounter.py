"""Direct encounter (C.07 Art. 6, type A): the games among the tied players only.

:func:`order_by_encounters` is the algorithm of 6.2–6.3 over any source of
separate standings; :func:`direct_encounter` is the kernel that runs it in
every group still tied when DE is reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from sonneborn.event import FORFEIT_KINDS, PLAYED_KINDS, Ints, of_kinds
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text
from sonneborn.tiebreaks.column import Column, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec

Separate = dict[StartNo, Fraction]
"""The separate standings of a group: each player's points in the games among the group."""
Encounters = Callable[[Sequence[StartNo]], tuple[Separate, set[frozenset[int]]]]
"""The separate standings of a group, and the pairs in it that met."""


def encounter_points(context: Context, spec: Spec, group: Sequence[StartNo]) -> tuple[Separate, set[frozenset[int]]]:
    """The separate standings of a group (C.07 6.1) and the pairs in it that met.

    Forfeits are left out (6.1.1) except in a round robin, where they are
    ordinary games (15.2), or with ``/P``. Players who met more than once add
    the average of their games (6.1.2).
    """
    table = context.table
    kinds = PLAYED_KINDS + FORFEIT_KINDS if spec.forfeits_played or context.is_round_robin else PLAYED_KINDS
    inside = np.zeros(table.players, dtype=bool)
    rows = np.array(group, dtype=np.int64) - 1
    inside[rows] = True
    usable = of_kinds(table.kind[rows], kinds) & context.has_opponent[rows]
    usable &= inside[context.opponent_rows[rows]]
    separate = {start: Fraction(0) for start in group}
    met: set[frozenset[int]] = set()
    for index, start in enumerate(group):
        columns = np.flatnonzero(usable[index])
        if not columns.size:
            continue
        results: dict[int, list[int]] = {}
        for column in columns.tolist():
            opponent = int(table.opponent[start - 1, column]) + 1
            results.setdefault(opponent, []).append(int(table.points[start - 1, column]))
        for opponent, points in results.items():
            separate[start] += Fraction(sum(points), len(points) * context.unit)
            met.add(frozenset((start, opponent)))
    return separate, met


def order_by_encounters(
    group: Sequence[StartNo], encounters: Encounters, win: Fraction, loss: Fraction
) -> list[list[StartNo]]:
    """Orders a tied group by direct encounter, C.07 6.2–6.3, as subgroups still tied (best first).

    6.2: when everyone in the group met everyone, the separate standings
    decide, and Art. 6 is applied again to every subgroup still tied.
    6.3: when not everyone met, a player ranks first only when alone at the
    top whatever the outcome of the missing games (all of his own lost, all
    of each rival's won); then the same test for second place, and so on;
    Art. 6 is applied again to the players left. A group DE cannot separate
    comes back whole.
    """
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
    """The separate standings of a group, for the derivation of DE values."""
    separate, met = encounter_points(context, spec, group)
    names = context.names
    parts = [f"{names[s - 1]} {exact_text(separate[s])}" for s in sorted(group, key=lambda s: -separate[s])]
    complete = all(frozenset((a, b)) in met for a in group for b in group if a < b)
    return "separate standings: " + ", ".join(parts) + ("" if complete else " (not everyone met)")


@tiebreak(
    "DE",
    "Direct encounter",
    "C.07 6",
    "Points in the games among the tied players only; the value is the place within the tied group.",
    modifiers="P",
    integral=True,
    group=True,
)
def direct_encounter(context: Context, spec: Spec, groups: Ints) -> Column:
    """Direct encounter, C.07 Art. 6: each tied group ordered by its separate standings (6.2–6.3).

    Run inside every group still tied when DE is reached (``groups`` numbers
    each player's group). The value is the player's place inside his group
    as DE decided it (1 = first, shared places share the number); 0 where DE
    did not separate the group or the player was not tied, the convention of
    FIDE's reference checker.
    """
    players = context.players
    places = np.zeros(players, dtype=np.int64)
    sub = np.zeros(players, dtype=np.int64)
    notes: dict[int, str] = {}
    win, loss = Fraction(context.win, context.unit), Fraction(context.loss, context.unit)
    sizes = np.bincount(groups, minlength=1)
    tied = np.flatnonzero(sizes[groups] > 1)
    members_of: dict[int, list[StartNo]] = {}
    for row in tied.tolist():
        members_of.setdefault(int(groups[row]), []).append(row + 1)

    def encounters(members: Sequence[StartNo]) -> tuple[Separate, set[frozenset[int]]]:
        return encounter_points(context, spec, members)

    for number, members in members_of.items():
        parts = order_by_encounters(members, encounters, win, loss)
        notes[number] = describe(context, spec, members)
        place = 1
        for index, part in enumerate(parts):
            for start in part:
                places[start - 1] = place if len(parts) > 1 else 0
                sub[start - 1] = index
            place += len(part)

    def derive(row: int) -> Value:
        note = notes.get(int(groups[row]), "not tied at this point")
        return Value(Fraction(int(places[row])), note=note)

    return Column(places, np.ones(players, dtype=np.int64), np.ones(players, dtype=bool), -sub, derive)
