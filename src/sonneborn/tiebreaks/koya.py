"""Koya score (C.07 9.2)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from sonneborn.messages import N_, Number, Phrase
from sonneborn.numbers import exact_text, result_text
from sonneborn.tiebreaks.column import Column, Value, whole
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.own_results import sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec


def twice_the_limit(context: Context, spec: Spec) -> int:
    """Twice the score an opponent needs to count, in units: 50 % of the maximum, moved by ``/L±n`` half points
    (C.07 14.5: "by half a point at a time"), half a point under every point system (3-1-0 included)."""
    return context.max_score + spec.limit * context.unit


@tiebreak(
    "KS",
    "Koya",
    "C.07 9.2",
    "Points scored against the opponents who finished with at least half the maximum score.",
    modifiers="L",
)
def koya(context: Context, spec: Spec) -> Column:
    """Koya score, C.07 9.2: points scored against opponents who finished with at least 50 % of the maximum.

    The opponents' raw scores count (KS is outside C.07 Art. 16). The maximum
    is a win in every game (:attr:`Context.max_score`): in a round robin it
    leaves out the free rounds of an odd number of players, one per cycle, and
    an even number has none; forfeits against qualifying opponents count as
    the games they are (15.2).
    """
    table, unit = context.table, context.unit
    twice = twice_the_limit(context, spec)
    opponent_score = context.scores[context.opponent_rows]
    qualifies = context.games & (2 * opponent_score >= twice)
    total = np.where(qualifies, context.points, 0).sum(axis=1)
    note = Phrase.of(N_("opponents with at least {score}"), score=Number(exact_text(Fraction(twice, 2 * unit))))

    def derive(row: int) -> Value:
        columns = np.flatnonzero(qualifies[row]).tolist()
        texts = []
        for column in columns:
            opponent = int(table.opponent[row, column])
            x = result_text(Fraction(int(context.points[row, column]), unit))
            score = exact_text(Fraction(int(context.scores[opponent]), unit))
            texts.append(Phrase.number(x) + f" ({context.names[opponent]}, " + Phrase.number(score) + ")")
        return sum_of(
            [int(context.points[row, column]) for column in columns],
            texts,
            denominator=unit,
            rounds=[column + 1 for column in columns],
            opponents=[int(table.opponent[row, column]) + 1 for column in columns],
            note=note,
        )

    return whole(total, denominator=unit, derive=derive)
