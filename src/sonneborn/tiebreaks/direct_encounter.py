"""Direct encounter (C.07 Art. 6, type A): the games among the tied players only.

:func:`order_by_encounters` is the algorithm of 6.2–6.3 over any source of
separate standings; :func:`direct_encounter` is the kernel that runs it in
every group still tied when DE is reached.

A member's derivation lists the whole separate standings only in a group of
at most :data:`LISTED` players; in a larger one it gives the group once, in a
few words (its size, its score, the games among it), and the member's own
games in it, so that the derivations of a group grow as its games do, not as
the square of its size (issue 19: 3,000 players without a game yet are one
group).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from sonneborn.event import FORFEIT_KINDS, PLAYED_KINDS, Ints, of_kinds
from sonneborn.messages import N_, Number, Phrase
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text
from sonneborn.tiebreaks.column import Column, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec

LISTED = 10
"""The most players of a group whose members' derivations give its whole separate standings."""

Separate = dict[StartNo, Fraction]
"""The separate standings of a group: each player's points in the games among the group."""
Encounters = Callable[[Sequence[StartNo]], tuple[Separate, set[frozenset[int]]]]
"""The separate standings of a group, and the pairs in it that met."""


class GamesWithin:
    """The games of tied players among their own group (C.07 6.1), gathered once for every group.

    Forfeits are left out (6.1.1) except in a round robin, where they are
    ordinary games (15.2), or with ``/P``. The separate standings of a group,
    or of a part of it as Art. 6 is applied again, are then read from its own
    few games: the work is one step a game, not a pass over the event per group.
    """

    def __init__(self, context: Context, spec: Spec, groups: Ints, rows: Ints) -> None:
        table = context.table
        kinds = PLAYED_KINDS + FORFEIT_KINDS if spec.forfeits_played or context.is_round_robin else PLAYED_KINDS
        opponents = context.opponent_rows[rows]
        usable = of_kinds(table.kind[rows], kinds) & context.has_opponent[rows]
        usable &= groups[opponents] == groups[rows][:, None]
        found, columns = np.nonzero(usable)
        players = rows[found]
        self.unit = context.unit
        self.games: dict[int, list[tuple[int, int, int]]] = {}
        """Each group's games: the player's start number, his opponent's, his points in units."""
        for group, start, opponent, points in zip(
            groups[players].tolist(),
            (players + 1).tolist(),
            (opponents[found, columns] + 1).tolist(),
            context.points[players, columns].tolist(),
            strict=True,
        ):
            self.games.setdefault(group, []).append((start, opponent, points))

    def separate(self, group: int, members: Sequence[StartNo]) -> tuple[Separate, set[frozenset[int]]]:
        """The separate standings of ``members`` (of group number ``group``) and the pairs among them that met.

        Players who met more than once add the average of their games (6.1.2).
        """
        separate = {start: Fraction(0) for start in members}
        met: set[frozenset[int]] = set()
        for (start, opponent), games in self.results(group, members).items():
            separate[start] += self.average(games)
            met.add(frozenset((start, opponent)))
        return separate, met

    def results(self, group: int, members: Sequence[StartNo]) -> dict[tuple[int, int], list[int]]:
        """Each (player, opponent) of ``members`` who met: the player's points in their games, in round order."""
        inside = set(members)
        results: dict[tuple[int, int], list[int]] = {}
        for start, opponent, points in self.games.get(group, ()):
            if start in inside and opponent in inside:
                results.setdefault((start, opponent), []).append(points)
        return results

    def average(self, games: Sequence[int]) -> Fraction:
        """What a player's games against one opponent add to his separate score: their average (6.1.2)."""
        return Fraction(sum(games), len(games) * self.unit)


def encounter_points(context: Context, spec: Spec, group: Sequence[StartNo]) -> tuple[Separate, set[frozenset[int]]]:
    """The separate standings of a group (C.07 6.1) and the pairs in it that met (see :class:`GamesWithin`)."""
    rows = np.array(group, dtype=np.int64) - 1
    groups = np.zeros(context.players, dtype=np.int64)
    groups[rows] = 1
    return GamesWithin(context, spec, groups, rows).separate(1, group)


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


def describe(names: Sequence[str], group: Sequence[StartNo], separate: Separate, met: set[frozenset[int]]) -> str:
    """The separate standings of a group, for the derivation of DE values."""
    parts = [
        names[s - 1] + " " + Phrase.number(exact_text(separate[s])) for s in sorted(group, key=lambda s: -separate[s])
    ]
    found = Phrase.of(N_("separate standings: {standings}"), standings=Phrase.joined(parts, ", "))
    return found if _everyone_met(group, met) else found + NOT_EVERYONE_MET


NOT_EVERYONE_MET = Phrase.of(N_(" (not everyone met)"))
NOT_TIED = Phrase.of(N_("not tied at this point"))


def _everyone_met(group: Sequence[StartNo], met: set[frozenset[int]]) -> bool:
    return len(met) == len(group) * (len(group) - 1) // 2


class LargeGroup:
    """The derivations of the members of a group of more than :data:`LISTED` players: the group in a few
    words, then each member's separate score as the sum of his own results in it.

    >>> group = LargeGroup(["Ann", "Bob"], 2_999, Fraction(1), [], {})
    >>> group.note(1)
    '2,999 players tied on 1 point, no games among them'
    """

    def __init__(
        self,
        names: Sequence[str],
        size: int,
        score: Fraction | None,
        met: set[frozenset[int]],
        own: dict[StartNo, list[tuple[StartNo, Fraction, int]]],
    ) -> None:
        self.names = names
        self.own = own
        """Each member who met another: (opponent, what they add, games) by opponent, in the order first met."""
        tied = Phrase.of(N_("{size} players tied"), size=Number(f"{size:,}"))
        if score is not None:
            on = N_(" on {score} point") if score == 1 else N_(" on {score} points")
            tied += Phrase.of(on, score=Number(exact_text(score)))
        if not met:
            self.summary = tied + Phrase.of(N_(", no games among them"))
        else:
            games = sum(count for results in own.values() for _, _, count in results) // 2
            complete = len(met) == size * (size - 1) // 2
            among = N_("{count} game among them") if games == 1 else N_("{count} games among them")
            self.summary = tied + ", " + Phrase.of(among, count=Number(f"{games:,}"))
            if not complete:
                self.summary += NOT_EVERYONE_MET
        self.has_games = bool(met)

    def note(self, start: StartNo) -> str:
        """The derivation of one member: the group's summary and his separate score."""
        if not self.has_games:
            return self.summary
        results = self.own.get(start)
        if not results:
            return self.summary + Phrase.of(N_("; separate score 0: no game against the others"))
        score = sum((added for _, added, _ in results), Fraction(0))
        terms = [
            Phrase.number(exact_text(added))
            + f" ({self.names[opponent - 1]}"
            + (Phrase.of(N_(", {count} games)"), count=count) if count > 1 else ")")
            for opponent, added, count in results
        ]
        separate = Phrase.of(
            N_("; separate score {score} = {terms}"), score=Number(exact_text(score)), terms=Phrase.joined(terms, " + ")
        )
        return self.summary + separate


def members_by_group(groups: Ints, tied: Ints) -> dict[int, list[StartNo]]:
    """The start numbers of each tied group's members, by group number, of the rows ``tied``."""
    members_of: dict[int, list[StartNo]] = {}
    for row in tied.tolist():
        members_of.setdefault(int(groups[row]), []).append(row + 1)
    return members_of


def set_places(parts: Sequence[Sequence[StartNo]], places: Ints, sub: Ints) -> None:
    """Writes one group's places as DE (or EDE) ordered it into ``parts``: each member's place in the group
    (shared places share the number; 0 for all when nobody is separated) and the index of his part."""
    place = 1
    for index, part in enumerate(parts):
        for start in part:
            places[start - 1] = place if len(parts) > 1 else 0
            sub[start - 1] = index
        place += len(part)


@tiebreak(
    "DE",
    "Direct encounter",
    "C.07 6",
    "Points in the games among the tied players only; the value is the place within the tied group.",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
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
    notes: dict[int, str | LargeGroup] = {}
    win, loss = Fraction(context.win, context.unit), Fraction(context.loss, context.unit)
    sizes = np.bincount(groups, minlength=1)
    tied = np.flatnonzero(sizes[groups] > 1)
    members_of = members_by_group(groups, tied)

    games = GamesWithin(context, spec, groups, tied)
    for number, members in members_of.items():

        def encounters(part: Sequence[StartNo], number: int = number) -> tuple[Separate, set[frozenset[int]]]:
            return games.separate(number, part)

        # A group none of whom met stays whole (6.3: nobody leads whatever the missing games give).
        met = number in games.games or loss > win
        parts = order_by_encounters(members, encounters, win, loss) if met else [members]
        set_places(parts, places, sub)

    def derive(row: int) -> Value:
        number = int(groups[row])
        if number not in notes:
            members = members_of.get(number)
            if not members:
                notes[number] = NOT_TIED
            elif len(members) <= LISTED:
                notes[number] = describe(context.names, members, *games.separate(number, members))
            else:
                notes[number] = _large_group(context, games, number, members)
        note = notes[number]
        return Value(Fraction(int(places[row])), note=note if isinstance(note, str) else note.note(row + 1))

    return Column(places, np.ones(players, dtype=np.int64), np.ones(players, dtype=bool), -sub, derive)


def _large_group(context: Context, games: GamesWithin, number: int, members: Sequence[StartNo]) -> LargeGroup:
    """The derivations of a group of more than :data:`LISTED` players, worked out from its games alone."""
    rows = np.array(members, dtype=np.int64) - 1
    scores = context.scores[rows]
    # The group is tied on points unless ranked by another score (--rank-by): then its points are not said.
    same = bool((scores == scores[0]).all())
    score = Fraction(int(scores[0]), context.unit) if same else None
    own: dict[StartNo, list[tuple[StartNo, Fraction, int]]] = {}
    met: set[frozenset[int]] = set()
    for (start, opponent), points in games.results(number, members).items():
        own.setdefault(start, []).append((opponent, games.average(points), len(points)))
        met.add(frozenset((start, opponent)))
    return LargeGroup(context.names, len(members), score, met, own)
