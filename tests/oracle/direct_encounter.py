"""Direct encounter, C.07 Art. 6 (type A), worked out from the rule text for one tied group at a time.

6.1: the separate standings of a group are each member's points in the games
among the members. Forfeits are no games there (6.1.1), except where the
pairings were fixed in advance (a round robin, 15.2) or the code says ``/P``;
two members who met more than once add the average of their games (6.1.2).

6.2: when every two members met, the separate standings order the group, and
Art. 6 starts again inside each part still tied.

6.3: when some did not meet, a member ranks first only if he is alone at the
top of the separate standings whatever the missing games give; then the same
question for second place among the others, and so on; Art. 6 starts again
for those left unplaced. If nobody can be placed first, DE leaves the group
tied.

"Whatever the missing games give" is decided rival by rival. Each missing game
ends in a win, a draw or a loss (the point system's values); one member is
ahead of another in every outcome exactly when he is ahead in the outcome
least kind to him. The games that touch neither of the two do not change the
difference between them, and the others are independent of each other, so
that outcome is: each game of the candidate against a third member gives the
candidate his smallest result, each game of the rival against a third member
gives the rival his largest, and their own game (if missing) the result that
narrows the difference most. ``tests/test_oracle_independent.py`` checks this
against an enumeration of every outcome.

This module shares no code with :mod:`sonneborn.tiebreaks.direct_encounter`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from oracle.base import Context, Spec
from sonneborn.model import PointSystem, StartNo
from sonneborn.numbers import exact_text

Pair = frozenset[StartNo]


class Encounters:
    """The games among the members of one group, as C.07 6.1 counts them, and what a missing game may give."""

    def __init__(self, results: dict[tuple[StartNo, StartNo], list[Fraction]], possible: Sequence[Fraction]) -> None:
        self.results = results
        """For each (player, opponent) who met: the player's points in each of their counted games."""
        self.possible = tuple(possible)
        """A player's points in a game that was not played: a win's, a draw's or a loss's."""

    def met(self, a: StartNo, b: StartNo) -> bool:
        return (a, b) in self.results

    def standings(self, members: Sequence[StartNo]) -> dict[StartNo, Fraction]:
        """C.07 6.1: each member's points against the other members, the average for a pair met more than once."""
        table = {}
        for player in members:
            total = Fraction(0)
            for opponent in members:
                games = self.results.get((player, opponent))
                if games:
                    total += sum(games, Fraction(0)) / len(games)
            table[player] = total
        return table

    def missing(self, members: Sequence[StartNo]) -> list[Pair]:
        """The pairs of members who did not meet."""
        return [frozenset(pair) for pair in combinations(members, 2) if not self.met(*pair)]


def counts_in_separate_standings(context: Context, spec: Spec, code: str) -> bool:
    """Whether a game with this result (TRF code) counts among the tied players (C.07 6.1.1, 15.2).

    Games over the board always count; forfeits only in a round robin or with ``/P``; no game
    without a result yet.
    """
    if code in ("1", "=", "0", "W", "D", "L"):
        return True
    if code in ("+", "-"):
        return context.is_round_robin or spec.forfeits_played
    return False


def encounters(context: Context, spec: Spec, group: Sequence[StartNo]) -> Encounters:
    """The counted games among a group's members, each seen from both sides."""
    inside = set(group)
    results: dict[tuple[StartNo, StartNo], list[Fraction]] = {}
    for player in group:
        points = context.round_points[player]
        for entry in context.tournament.player(player).entries:
            if entry.opponent in inside and counts_in_separate_standings(context, spec, entry.kind.value):
                results.setdefault((player, entry.opponent), []).append(points[entry.round - 1])
    system: PointSystem = context.system
    return Encounters(results, (system.win, system.draw, system.loss))


def ahead_whatever_happens(
    candidate: StartNo,
    rival: StartNo,
    table: dict[StartNo, Fraction],
    missing: list[Pair],
    possible: Sequence[Fraction],
) -> bool:
    """Whether the candidate's separate score beats the rival's in every outcome of the missing games."""
    # The pair's own game, if missing: (candidate's points, rival's points) for a win, a draw, a loss.
    between = [(mine, theirs) for mine, theirs in zip(possible, reversed(possible), strict=True)]
    margin = table[candidate] - table[rival]
    for pair in missing:
        if pair == {candidate, rival}:
            margin += min(mine - theirs for mine, theirs in between)
        elif candidate in pair:
            margin += min(possible)
        elif rival in pair:
            margin -= max(possible)
    return margin > 0


def order(members: Sequence[StartNo], games: Encounters) -> list[list[StartNo]]:
    """C.07 6.2–6.3: the members in parts, best first; a part of several players is still tied."""
    members = sorted(members)
    if len(members) < 2:
        return [members]
    table = games.standings(members)
    missing = games.missing(members)
    if not missing:
        # 6.2: the separate standings decide; each part still tied goes through Art. 6 again.
        scores = sorted(set(table.values()), reverse=True)
        if len(scores) == 1:
            return [members]
        parts = []
        for score in scores:
            parts += order([m for m in members if table[m] == score], games)
        return parts
    # 6.3: first place, then second, … for as long as someone is bound to be there.
    placed: list[list[StartNo]] = []
    unplaced = list(members)
    while len(unplaced) >= 2:
        bound = [
            c
            for c in unplaced
            if all(ahead_whatever_happens(c, r, table, missing, games.possible) for r in unplaced if r != c)
        ]
        if not bound:
            break
        assert len(bound) == 1  # two players cannot both be ahead of each other
        placed.append(bound)
        unplaced.remove(bound[0])
    if not placed:
        return [members]
    return placed + order(unplaced, games)


def direct_encounter(context: Context, spec: Spec, group: Sequence[StartNo]) -> list[list[StartNo]]:
    """Orders a tied group by direct encounter (C.07 6), as parts still tied, best first."""
    return order(group, encounters(context, spec, group))


def describe(context: Context, spec: Spec, group: Sequence[StartNo], player: StartNo) -> str:
    """The derivation of one member's DE value: the separate standings of the whole group, highest first, when
    it has at most 10 players; else the group in a few words and the member's own results in it."""
    games = encounters(context, spec, group)
    members = sorted(group)
    if len(members) <= 10:
        table = games.standings(members)
        listed = sorted(members, key=lambda s: table[s], reverse=True)
        text = ", ".join(context.tournament.player(s).name + " " + exact_text(table[s]) for s in listed)
        if games.missing(members):
            text += " (not everyone met)"
        return "separate standings: " + text
    scores = {context.scores[s] for s in members}
    summary = f"{len(members):,} players tied"
    if len(scores) == 1:
        (score,) = scores
        summary += f" on {exact_text(score)} " + ("point" if score == 1 else "points")
    played = sum(len(points) for points in games.results.values()) // 2  # each game seen from both sides
    if played == 0:
        return summary + ", no games among them"
    summary += f", {played:,} " + ("game" if played == 1 else "games") + " among them"
    if games.missing(members):
        summary += " (not everyone met)"
    opponents: list[StartNo] = []
    for entry in context.tournament.player(player).entries:  # in round order: the order first met
        opponent = entry.opponent
        if opponent is not None and (player, opponent) in games.results and opponent not in opponents:
            opponents.append(opponent)
    if not opponents:
        return summary + "; separate score 0: no game against the others"
    addends = []
    total = Fraction(0)
    for opponent in opponents:
        points = games.results[(player, opponent)]
        average = sum(points, Fraction(0)) / len(points)
        total += average
        name = context.tournament.player(opponent).name
        addends.append(f"{exact_text(average)} ({name}" + (f", {len(points)} games)" if len(points) > 1 else ")"))
    return summary + f"; separate score {exact_text(total)} = " + " + ".join(addends)
