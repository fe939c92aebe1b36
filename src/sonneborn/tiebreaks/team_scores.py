"""The team tie-breaks of two scores (C.07 13): MPvGP, the Extended Sonneborn–Berger family and SSSC.

Each is a team event's only (registered ``teams=True``): it reads both match points and game points, each
in its own :class:`~sonneborn.tiebreaks.context.Context` (:meth:`Context.using`).
"""

from __future__ import annotations

import math

import numpy as np

from sonneborn.event import Ints
from sonneborn.messages import Phrase
from sonneborn.numbers import ratio_text
from sonneborn.tiebreaks.buchholz import buchholz, fore_buchholz
from sonneborn.tiebreaks.column import Column, Derivations, Value, round_numbers, texts_of, whole
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.own_results import points, sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import factor_text

SCORES = ("MP", "GP")


def secondary(context: Context) -> Context:
    """The context of the score the event is not ranked by: GP when ranked by MP, MP when by GP (13.1)."""
    primary = context.table.primary
    return context.using(SCORES[1 - SCORES.index(primary)] if primary in SCORES else None)


@tiebreak(
    "MPVGP",
    "Match points v game points",
    "C.07 13.1",
    "The secondary score: game points when teams are ranked by match points, match points when by game points.",
    teams=True,
)
def match_points_v_game_points(context: Context, spec: Spec) -> Column:
    """MPvGP, C.07 13.1: the score the teams are not ranked by, as the sum of its rounds."""
    return points(secondary(context), Spec("PTS"))


def _extended(totals: str, against: str) -> None:  # pragma: no mutate block
    # Runs once per pair of scores at import, where no mutant is active: it only names and registers the kernel
    # (the registry's names are pinned by tests/tiebreaks/test_registry.py); the sum is :func:`_extended_sb`.
    first, second = {"MP": "match points", "GP": "game points"}[totals], {"MP": "MP", "GP": "GP"}[against]

    @tiebreak(
        f"E{totals[0]}{against[0]}SB",
        f"Extended Sonneborn–Berger ({first} × {second})",
        "C.07 13.2",
        f"Sum over the matches of the opponent's {first} times the {second} scored against it.",
        modifiers="CMP",
        teams=True,
    )
    def extended_sonneborn_berger(context: Context, spec: Spec) -> Column:
        """Extended Sonneborn–Berger, C.07 13.2 (:func:`_extended_sb`)."""
        return _extended_sb(context, spec, totals, against)


def _extended_sb(context: Context, spec: Spec, totals: str, against: str) -> Column:
    """Extended Sonneborn–Berger, C.07 13.2: Σ the opponent's final score in one score (``totals``) × the points
    scored against it in the other (or the same, ``against``), Art. 16 as SB's. Cut-1 drops the product of the
    opponent with the lowest score in the first, among those the lowest product (14.1 for teams), with the 16.5
    exception."""
    scored = context.using(totals)
    multiplier = context.using(against)
    c = scored.contributions(spec.forfeits_played)
    product: Ints = c.score * multiplier.points
    product_unit = c.score_unit * multiplier.unit
    total, kept = cut(
        product,
        [c.score, product],
        c.present,
        c.voluntary,
        low=spec.cut_low,
        high=spec.cut_high,
        vur_exception=context.art16,
    )
    unit = multiplier.unit

    def derive_many(rows: Ints) -> Derivations:
        found = product[rows]
        factors = texts_of(multiplier.points[rows], lambda value: factor_text(value, unit))
        texts = factors + scored.contribution_texts(spec.forfeits_played).score_texts(rows)
        shown, opponents = c.present[rows], c.opponent_numbers[rows]
        return Derivations(found, product_unit, texts, shown, round_numbers(*found.shape), opponents, kept[rows])

    return whole(total, denominator=product_unit, derive_many=derive_many)


for _totals in SCORES:
    for _against in SCORES:
        _extended(_totals, _against)


@tiebreak(
    "SSSC",
    "Sum of the secondary score and a fraction of Buchholz",
    "C.07 13.4",
    "The secondary score plus the Buchholz of the primary score divided by K.",
    modifiers="FK",
    teams=True,
)
def secondary_score_and_buchholz(context: Context, spec: Spec) -> Column:
    """SSSC, C.07 13.4: the secondary score + BH of the primary score (``/F``: Fore Buchholz) / K.

    K (13.4.2 b) is the highest primary score of the event (a win in every round) divided by the highest
    secondary score of one match (a won match, or every board won), rounded down; ``/Kn`` sets it. Exact:
    not rounded.
    """
    other = secondary(context)
    divisor = spec.divisor or (context.win * context.table.rounds * other.unit) // (other.win * context.unit)
    divisor = max(divisor, 1)  # a K of 0 (one round of many boards) would divide by nothing
    bh = (fore_buchholz if spec.fore else buchholz)(context, Spec("FB" if spec.fore else "BH"))
    bh_unit = int(bh.denominator[0]) if len(bh) else 1
    common = math.lcm(other.unit, bh_unit * divisor)
    numerator: Ints = other.scores * (common // other.unit) + bh.numerator * (common // (bh_unit * divisor))
    name = "FB" if spec.fore else "BH"

    def derive(row: int) -> Value:
        own, summed = int(other.scores[row]), int(bh.numerator[row])
        texts = [
            Phrase.number(ratio_text(own, other.unit)) + f" ({other.score_name})",
            Phrase.number(ratio_text(summed, bh_unit)) + f"/{divisor} ({name}:{context.score_name} / K)",
        ]
        values = [own * (common // other.unit), summed * (common // (bh_unit * divisor))]
        return sum_of(values, texts, denominator=common, rounds=[0, 0])

    return whole(np.asarray(numerator), denominator=common, derive=derive)
