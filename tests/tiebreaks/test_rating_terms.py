"""The rating tie-breaks at the edges their derivations and the assumed rating reach (C.07 10)."""

from __future__ import annotations

from fractions import Fraction

from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list

# FOUR_PLAYER_ROUND_ROBIN (tests/builders.py): Anna met Dmitri, Boris and Carla in rounds 1–3.
RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700}


def test_aro_is_the_mean_of_its_elements_each_an_opponents_rating() -> None:
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN, ratings=RATINGS), parse_list("ARO"))
    value = standings.column("ARO").value(0)
    assert [(e.round, e.opponent, e.value) for e in value.elements] == [
        (1, 4, Fraction(1700)), (2, 2, Fraction(1900)), (3, 3, Fraction(1800)),
    ]  # fmt: skip
    assert value.number == Fraction(1800)  # (1700 + 1900 + 1800) / 3


def test_an_assumed_rating_of_zero_is_a_rating_of_zero() -> None:
    # Carla unrated, 0 assumed for her (/U0): RTNG ranks her by 0, not as dropped.
    ratings = {1: 2000, 2: 1900, 4: 1700}
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN, ratings=ratings), parse_list("RTNG/U0"))
    column = standings.column("RTNG/U0")
    assert [column.number(row) for row in range(4)] == [Fraction(2000), Fraction(1900), Fraction(0), Fraction(1700)]
    assert column.value(2).number == Fraction(0) and column.value(2).note == "unrated: assumed rating"
