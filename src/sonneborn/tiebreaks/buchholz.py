"""The Buchholz family (C.07 Art. 8): BH, FB and AOB."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from sonneborn.numbers import exact_text
from sonneborn.tiebreaks.column import Column, Element, Value, fractions_key, whole
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.own_results import sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import REAL


@tiebreak(
    "BH",
    "Buchholz",
    "C.07 8.1",
    "Sum of the opponents' scores.",
    modifiers="CMP",
)
def buchholz(context: Context, spec: Spec) -> Column:
    """Buchholz, C.07 8.1: BH = Σ over the rounds of the opponent's score.

    In Swiss events opponents count with their adjusted score (16.3) and the
    player's own unplayed rounds as games against a dummy (16.4); an opponent
    met twice counts twice (4.4). Takes ``/C1 /C2 /M1 /M2`` (14.1–14.4, with
    the 16.5 exception; the lowest score is the least significant, 14.1.a)
    and ``/P`` (16.6). FIDE 2026 says not to use it in round robins; there it
    is computed with forfeits as ordinary games (15.2).
    """
    c = context.contributions(spec.forfeits_played)
    total, kept = cut(
        c.score, [c.score], c.present, c.voluntary, low=spec.cut_low, high=spec.cut_high, vur_exception=context.art16
    )
    unit = context.unit

    def derive(row: int) -> Value:
        columns = np.flatnonzero(c.present[row]).tolist()
        scores = [int(c.score[row, column]) for column in columns]
        texts = [
            f"{exact_text(Fraction(score, unit))} ({c.label(row, column)})"
            for score, column in zip(scores, columns, strict=True)
        ]
        return sum_of(
            scores,
            texts,
            denominator=unit,
            rounds=[column + 1 for column in columns],
            opponents=[opponent_start(context, row, column, int(c.source[row, column])) for column in columns],
            kept=[bool(kept[row, column]) for column in columns],
        )

    return whole(total, denominator=unit, derive=derive)


def opponent_start(context: Context, row: int, column: int, source: int) -> int | None:
    """The start number of the opponent a real contribution counts, ``None`` for a dummy or a virtual one."""
    return int(context.table.opponent[row, column]) + 1 if source == REAL else None


@tiebreak(
    "FB",
    "Fore Buchholz",
    "C.07 8.3",
    "Buchholz as if every paired game of the final round had been drawn.",
    modifiers="CMP",
)
def fore_buchholz(context: Context, spec: Spec) -> Column:
    """Fore Buchholz, C.07 8.3: Buchholz as if every paired game of the final round had been drawn.

    Everyone's score is recomputed under that assumption; byes of the final
    round keep their points. Before the final round is paired, FB = BH.
    Art. 16 and the modifiers apply as for BH.
    """
    return buchholz(context.fore, spec)


@tiebreak(
    "AOB",
    "Average of opponents' Buchholz",
    "C.07 8.2",
    "The mean Buchholz of the opponents played over the board (/F: their Fore Buchholz).",
    modifiers="F",
)
def average_of_opponents_buchholz(context: Context, spec: Spec) -> Column:
    """Average of Opponents' Buchholz, C.07 8.2: the mean Buchholz of the opponents played over the board.

    Dummies are no opponents; an opponent met twice counts twice. ``/F``
    (2026) averages the opponents' Fore Buchholz instead. Not rounded.
    """
    source = context.fore if spec.fore else context
    bh = buchholz(source, Spec("BH")).numerator
    games = context.played & context.has_opponent
    opponent_bh = np.where(games, bh[context.opponent_rows], 0)
    sums = opponent_bh.sum(axis=1)
    count = games.sum(axis=1)
    present = count > 0
    denominator = np.maximum(count, 1) * context.unit
    unit = context.unit
    what = "FB" if spec.fore else "BH"

    def derive(row: int) -> Value:
        columns = np.flatnonzero(games[row]).tolist()
        if not columns:
            return Value(None, note="no game played over the board")
        elements = []
        for column in columns:
            value = Fraction(int(opponent_bh[row, column]), unit)
            opponent = int(context.table.opponent[row, column])
            text = f"{exact_text(value)} ({context.names[opponent]})"
            elements.append(Element(value, text, column + 1, opponent + 1))
        total = sum((e.value for e in elements), Fraction(0))
        return Value(total / len(elements), tuple(elements), note=f"opponents' {what}", mean=True)

    return Column(sums, denominator, present, fractions_key(sums, denominator, present), derive)
