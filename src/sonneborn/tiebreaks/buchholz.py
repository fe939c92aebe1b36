"""The Buchholz family (C.07 Art. 8)."""

from __future__ import annotations

from sonneborn.model import StartNo
from sonneborn.numbers import exact_text
from sonneborn.tiebreaks.base import Context, Element, Spec, Value
from sonneborn.tiebreaks.modifiers import summed


def buchholz_elements(context: Context, start: StartNo) -> list[Element]:
    """One element per game: the opponent's score; the lowest score is the least significant (C.07 14.1.a)."""
    elements = []
    for game in context.games(context.tournament.player(start)):
        score = context.opponent_score(game.opponent.start)
        elements.append(
            Element(
                score,
                f"{exact_text(score)} ({game.opponent.name})",
                (score,),
                game.entry.round,
                game.opponent.start,
            )
        )
    return elements


def buchholz(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Buchholz, C.07 8.1: BH = Σ over the rounds of the opponent's score.

    An opponent met twice counts twice (C.07 4.4). Takes ``/C1 /C2 /M1 /M2``
    (C.07 14.1–14.4). FIDE 2026 says not to use it in round robins; it is
    computed all the same, forfeits there being ordinary games (C.07 15.2).
    """
    return {p.start: summed(buchholz_elements(context, p.start), spec) for p in context.tournament}
