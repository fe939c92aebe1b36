"""USCF's tie-breaks (Official Rules of Chess, 7th edition, 34E1, 34E3, 34E4), one player at a time."""

from __future__ import annotations

from fractions import Fraction

from oracle.base import Context, Element, Spec, Value
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text


def _adjusted(context: Context) -> dict[StartNo, Fraction]:
    """USCF 34E1's adjusted score: every round with a result not played over the board counted as a draw."""
    draw, rounds = context.system.draw, context.played_rounds
    found = {}
    for player in context.tournament:
        score = context.scores[player.start]
        for entry in player.entries[:rounds]:
            if entry.kind.is_finished and not entry.kind.is_played:
                score += draw - context.round_points[player.start][entry.round - 1]
        found[player.start] = score
    return found


def modified_median(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Modified median, USCF 34E1: the opponents' adjusted scores, an unplayed round an opponent of zero;
    a plus score loses the lowest, a minus score the highest, an even one both (two of each from 9 rounds)."""
    adjusted = _adjusted(context)
    rounds = context.played_rounds
    drop = 1 if rounds < 9 else 2
    values = {}
    for player in context.tournament:
        opponents = {g.entry.round: g.opponent for g in context.games(player) if g.entry.kind.is_played}
        elements = []
        for entry in player.entries[:rounds]:
            if not entry.kind.is_finished:
                continue
            opponent = opponents.get(entry.round)
            if opponent is None:
                elements.append(Element(Fraction(0), f"0 (round {entry.round} unplayed)", (), entry.round))
            else:
                score = adjusted[opponent.start]
                text = f"{exact_text(score)} ({opponent.name})"
                elements.append(Element(score, text, (), entry.round, opponent.start))
        by_value = sorted(elements, key=lambda e: (e.value, e.round))
        half = context.max_score / 2
        own = context.scores[player.start]
        low = drop if own >= half else 0
        high = drop if own <= half else 0
        kept = by_value[low : max(low, len(by_value) - high)]
        cut = [e for e in by_value if e not in kept]
        note = {(True, False): "plus score", (False, True): "minus score"}.get((own > half, own < half), "even score")
        values[player.start] = Value(sum((e.value for e in kept), Fraction(0)), tuple(kept), tuple(cut), note=note)
    return values


def _cumulative(context: Context) -> dict[StartNo, Value]:
    """USCF 34E3: the running scores added, less a win's points for each round won without a game."""
    win, rounds = context.system.win, context.played_rounds
    found = {}
    for player in context.tournament:
        running, total = Fraction(0), Fraction(0)
        elements: list[Element] = []
        for index in range(rounds):
            points = context.round_points[player.start][index]
            running += points
            total += running
            kind = player.entries[index].kind if index < len(player.entries) else None
            elements.append(Element(running, f"{exact_text(running)} (after round {index + 1})", (), index + 1))
            if kind is not None and kind.is_finished and not kind.is_played and points == win:
                total -= win
                elements.append(Element(-win, f"−{exact_text(win)} (round {index + 1} won unplayed)", (), index + 1))
        found[player.start] = Value(total, tuple(elements))
    return found


def cumulative(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Cumulative, USCF 34E3."""
    return _cumulative(context)


def opposition_cumulative(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Cumulative scores of the opposition, USCF 34E4: the opponents' cumulative (34E3), games played only."""
    cumulative_scores = {start: value.number or Fraction(0) for start, value in _cumulative(context).items()}
    values = {}
    for player in context.tournament:
        elements = [
            Element(
                cumulative_scores[g.opponent.start],
                f"{exact_text(cumulative_scores[g.opponent.start])} ({g.opponent.name})",
                (),
                g.entry.round,
                g.opponent.start,
            )
            for g in context.games(player)
            if g.entry.kind.is_played
        ]
        values[player.start] = Value(sum((e.value for e in elements), Fraction(0)), tuple(elements))
    return values
