"""The Sonneborn–Berger family: Neustadtl (SB), Gelbfuhs (GF) and non-Neustadtl SB (NNSB).

Each weights a player's results by the opponents' scores. SB is the one FIDE
uses to break ties (C.07 9.1); GF and NNSB are the historic weighted scores
that were meant to replace raw points.
"""

from __future__ import annotations

from oracle.base import Context, Element, Spec, Value
from oracle.modifiers import summed
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text, result_text


def sonneborn_berger_elements(context: Context, start: StartNo, spec: Spec) -> list[Element]:
    """One element per round: the points scored times the (adjusted, dummy or virtual) opponent's score.

    Significance (C.07 14.1.d): the element of the opponent with the lowest
    score is the least significant; among equal scores, the lowest product.
    """
    elements = []
    for c in context.contributions(context.tournament.player(start), forfeits_played=spec.forfeits_played):
        product = c.points * c.score
        elements.append(
            Element(
                product,
                f"{result_text(c.points)}×{exact_text(c.score)} ({c.label()})",
                (c.score, product),
                c.round,
                None if c.opponent is None else c.opponent.start,
                c.voluntary,
            )
        )
    return elements


def sonneborn_berger(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Sonneborn–Berger (Neustadtl) score, C.07 9.1: SB = Σ points scored × opponent's score.

    With 1–½–0 scoring this is the sum of the scores of the opponents beaten
    plus half the scores of those drawn (Neustadtl 1882). In a round robin
    forfeits are ordinary games and a free round adds nothing (C.07 15.2); in
    Swiss events opponents count with their adjusted score (16.3) and own
    unplayed rounds as games against a dummy (16.4). Takes ``/C1 /C2 /M1 /M2``
    (14.1–14.4, with the 16.5 exception) and ``/P`` (16.6).
    """
    return {
        p.start: summed(sonneborn_berger_elements(context, p.start, spec), spec, vur_exception=context.vur_exception)
        for p in context.tournament
    }


def games_counted(context: Context, start: StartNo) -> int:
    """The games a player played (forfeits included): Gelbfuhs's ``n_j``."""
    return len(context.games(context.tournament.player(start)))


def gelbfuhs(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Gelbfuhs score (Vienna 1873): GF = Σ x_ij · (1 + s_j / n_j).

    ``x_ij`` is the player's points against opponent *j*, ``s_j`` the
    opponent's score and ``n_j`` the number of games *j* played, so each
    result is weighted by 1 plus the opponent's score fraction. Made for
    events where players played different numbers of games; when everyone
    played ``N`` games, GF = s + SB/N. Under a point system other than
    1–½–0 the score fraction is ``s_j / (n_j × points for a win)``.
    """
    values = {}
    win = context.system.win
    for player in context.tournament:
        elements = []
        for game in context.games(player):
            opponent = game.opponent.start
            played = games_counted(context, opponent)
            score = context.opponent_score(opponent)
            weight = 1 + score / (played * win)
            text = f"{result_text(game.points)}×(1 + {exact_text(score)}/{played})"
            if win != 1:
                text = f"{result_text(game.points)}×(1 + {exact_text(score)}/({played}×{exact_text(win)}))"
            elements.append(
                Element(
                    game.points * weight,
                    f"{text} ({game.opponent.name})",
                    (weight,),
                    game.entry.round,
                    opponent,
                )
            )
        values[player.start] = Value.of_sum(elements)
    return values


def non_neustadtl_sonneborn_berger(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Non-Neustadtl Sonneborn–Berger (Sonneborn 1886, Berger 1887–88): NNSB = s² + SB.

    The original proposal: the square of the player's own score added to the
    Neustadtl score, as a weighted score to rank by instead of raw points.
    """
    values = {}
    for player in context.tournament:
        own = context.scores[player.start]
        square = Element(own * own, f"{exact_text(own)}² (own score squared)", (own * own,))
        values[player.start] = Value.of_sum([square, *sonneborn_berger_elements(context, player.start, spec)])
    return values
