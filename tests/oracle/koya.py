"""Koya score (C.07 9.2)."""

from __future__ import annotations

from fractions import Fraction

from oracle.base import Context, Element, Spec, Value
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text, result_text


def koya_limit(context: Context, spec: Spec) -> Fraction:
    """The score an opponent needs to count: 50 % of the maximum, moved by ``/L±n`` half points (C.07 14.5).

    C.07 14.5 moves it "by half a point at a time": half a point under every point system.
    """
    return context.max_score / 2 + Fraction(spec.limit, 2)


def koya(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Koya score, C.07 9.2: points scored against opponents who finished with at least 50 % of the maximum.

    The opponents' raw scores count (KS is outside C.07 Art. 16). The maximum
    is a win in every game a player can have had (:attr:`Context.max_score`);
    forfeits against qualifying opponents count as the games they are (15.2).
    """
    limit = koya_limit(context, spec)
    values = {}
    for player in context.tournament:
        elements = []
        for game in context.games(player):
            score = context.scores[game.opponent.start]
            if score >= limit:
                elements.append(
                    Element(
                        game.points,
                        f"{result_text(game.points)} ({game.opponent.name}, {exact_text(score)})",
                        (game.points,),
                        game.entry.round,
                        game.opponent.start,
                    )
                )
        value = Value.of_sum(elements)
        values[player.start] = Value(value.number, value.elements, note=f"opponents with at least {exact_text(limit)}")
    return values
