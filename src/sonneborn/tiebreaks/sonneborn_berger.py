"""The Sonneborn–Berger family: Neustadtl (SB), Gelbfuhs (GF) and non-Neustadtl SB (NNSB).

Each weights a player's results by the opponents' scores. SB is the one FIDE
uses to break ties (C.07 9.1); GF and NNSB are the historic weighted scores
that were meant to replace raw points (``--rank-by``).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from sonneborn.errors import TiebreakError
from sonneborn.event import EXACT_LIMIT, Ints, as_wide
from sonneborn.messages import N_, Message, Number, Phrase
from sonneborn.numbers import exact_text, ratio_text, result_text
from sonneborn.tiebreaks.column import Column, Derivations, Value, round_numbers, texts_of, whole
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.own_results import sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import Contributions


def products(c: Contributions) -> Ints:
    """Every round's points times the score counted, in units of a product (:attr:`Contributions.product_unit`)."""
    product: Ints = c.score * c.points
    return product


@tiebreak(
    "SB",
    "Sonneborn–Berger (Neustadtl)",
    "C.07 9.1",
    "Sum over the games of the points scored times the opponent's score.",
    modifiers="CMP",
    weighted=True,
)
def sonneborn_berger(context: Context, spec: Spec) -> Column:
    """Sonneborn–Berger (Neustadtl) score, C.07 9.1: SB = Σ points scored × opponent's score.

    With 1–½–0 scoring this is the sum of the scores of the opponents beaten
    plus half the scores of those drawn (Neustadtl 1882). In a round robin
    forfeits are ordinary games and a free round adds nothing (C.07 15.2); in
    Swiss events opponents count with their adjusted score (16.3) and own
    unplayed rounds as games against a dummy (16.4). Takes ``/C1 /C2 /M1 /M2``
    (14.1–14.4, with the 16.5 exception) and ``/P`` (16.6). The least
    significant element is the one of the opponent with the lowest score,
    among equal scores the lowest product (14.1.d).
    """
    c = context.contributions(spec.forfeits_played)
    product = products(c)
    total, kept = cut(
        product,
        [c.score, product],
        c.present,
        c.voluntary,
        low=spec.cut_low,
        high=spec.cut_high,
        vur_exception=context.art16,
    )

    def derive_many(rows: Ints) -> Derivations:
        found = product[rows]
        texts = context.contribution_texts(spec.forfeits_played).product_texts(rows)
        shown, opponents = c.present[rows], c.opponent_numbers[rows]
        return Derivations(found, c.product_unit, texts, shown, round_numbers(*found.shape), opponents, kept[rows])

    return whole(total, denominator=c.product_unit, derive_many=derive_many)


@tiebreak(
    "GF",
    "Gelbfuhs",
    "Gelbfuhs 1873",
    "Sum over the games of the points scored times (1 + opponent's score / opponent's games).",
    weighted=True,
)
def gelbfuhs(context: Context, spec: Spec) -> Column:
    """Gelbfuhs score (Vienna 1873): GF = Σ x_ij · (1 + s_j / n_j).

    ``x_ij`` is the player's points against opponent *j*, ``s_j`` the
    opponent's score (as BH and SB see it) and ``n_j`` the number of games
    *j* played, forfeits included, so each result is weighted by 1 plus the
    opponent's score fraction. Made for events where players played different
    numbers of games; when everyone played ``N`` games, GF = s + SB/N. Under a
    point system other than 1–½–0 the score fraction is ``s_j / (n_j × points
    for a win)``. Exact: every weight over one common denominator.
    """
    table, unit, win = context.table, context.unit, context.win
    if win <= 0:
        raise TiebreakError(
            Message(N_("GF needs a point system in which a win is worth points (the score fraction divides by it)"))
        )
    games = context.games
    played = games.sum(axis=1)
    opponent_games = np.where(games, played[context.opponent_rows], 1)
    counts = sorted(set(opponent_games[games].tolist())) or [1]
    common = math.lcm(*counts)
    points, seen = context.points, context.seen.score[context.opponent_rows]
    # GF = Σ x/u + Σ x·s / (u·n·w): every term over the denominator u·w·L, L the lcm of the games played.
    largest_points = int(np.abs(points).max()) if points.size else 0
    largest_score = int(np.abs(seen).max()) if seen.size else 0
    bound = largest_points * table.rounds * (win + largest_score + 1)
    if bound * common >= EXACT_LIMIT:
        points, seen, opponent_games = as_wide(points), as_wide(seen), as_wide(opponent_games)
    weight = win * common + seen * (common // opponent_games)
    total = np.where(games, points * weight, 0).sum(axis=1)
    denominator = unit * win * common

    def derive(row: int) -> Value:
        columns = np.flatnonzero(games[row]).tolist()
        w = Fraction(win, unit)
        texts = []
        for column in columns:
            x = result_text(Fraction(int(context.points[row, column]), unit))
            s = exact_text(Fraction(int(seen[row, column]), unit))
            n = int(opponent_games[row, column])
            # Numbers and a name only: no word to translate, each number with its language's decimal sign.
            fraction = Phrase.number(s) + (f"/{n}" if w == 1 else f"/({n}×" + Phrase.number(exact_text(w)) + ")")
            opponent = int(table.opponent[row, column])
            texts.append(Phrase.number(x) + "×(1 + " + fraction + f") ({context.names[opponent]})")
        return sum_of(
            [int(points[row, column] * weight[row, column]) for column in columns],
            texts,
            denominator=denominator,
            rounds=[column + 1 for column in columns],
            opponents=[int(table.opponent[row, column]) + 1 for column in columns],
        )

    return whole(total, denominator=denominator, derive=derive)


@tiebreak(
    "NNSB",
    "Non-Neustadtl Sonneborn–Berger",
    "Sonneborn 1886, Berger 1887",
    "The square of the player's score plus the Sonneborn–Berger score.",
    weighted=True,
)
def non_neustadtl_sonneborn_berger(context: Context, spec: Spec) -> Column:
    """Non-Neustadtl Sonneborn–Berger (Sonneborn 1886, Berger 1887–88): NNSB = s² + SB.

    The original proposal: the square of the player's own score added to the
    Neustadtl score, as a weighted score to rank by instead of raw points.
    """
    c = context.contributions()
    product = products(c)
    scores = context.scores
    total = scores * scores + np.where(c.present, product, 0).sum(axis=1)
    # The square and the products share a unit: the points, their total and the scores counted are one score's.
    unit, product_unit = context.unit, c.product_unit

    def derive_many(rows: Ints) -> Derivations:
        # The square first, in a slot of its own (round 0), then a slot per round.
        own = scores[rows]
        squares = texts_of(
            own, lambda score: Phrase.of(N_("{score}² (own score squared)"), score=Number(ratio_text(score, unit)))
        )
        found = product[rows]
        count = len(rows)
        return Derivations(
            np.column_stack([own * own, found]),
            product_unit,
            np.column_stack([squares, context.contribution_texts().product_texts(rows)]),
            np.column_stack([np.ones(count, dtype=bool), c.present[rows]]),
            np.column_stack([np.zeros(count, dtype=np.int64), round_numbers(*found.shape)]),
            np.column_stack([np.zeros(count, dtype=np.int64), c.opponent_numbers[rows]]),
        )

    return whole(total, denominator=product_unit, derive_many=derive_many)
