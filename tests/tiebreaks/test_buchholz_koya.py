"""BH (C.07 8.1) with its modifiers and KS (C.07 9.2) worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

from builders import FOUR_PLAYER_ROUND_ROBIN, event, values
from test_own_results import SWISS

from sonneborn.tiebreaks.rules import Rules

NONE = Rules.NONE


def test_buchholz_and_modifiers() -> None:
    tournament = event(SWISS)
    # Rules "none": Ada met Ben (½), Cy (1½, by forfeit) and Dee (1½); her bye adds nothing.
    assert values(tournament, "BH", NONE)[1] == F(7, 2)
    assert values(tournament, "BH/C1", NONE)[1] == 3
    assert values(tournament, "BH/M1", NONE)[1] == F(3, 2)
    # Ben met Cy twice (once by double forfeit): 4 + 1½ + 1½ + 1½.
    assert values(tournament, "BH", NONE)[2] == F(17, 2)
    assert values(tournament, "BH/C2", NONE)[2] == 4 + F(3, 2)


def test_cuts_beyond_the_number_of_elements_leave_nothing() -> None:
    # Dee met Cy (1½), Ben (½) and Ada (4): Median-2 cuts the two lowest, then the one left.
    tournament = event(SWISS)
    assert values(tournament, "BH", NONE)[4] == 6
    assert values(tournament, "BH/C2", NONE)[4] == 4
    assert values(tournament, "BH/M2", NONE)[4] == 0


def test_koya_fifty_percent_and_limit() -> None:
    tournament = event(FOUR_PLAYER_ROUND_ROBIN)
    # Maximum 3, so opponents with at least 1.5 count: Anna, Boris, Dmitri.
    assert values(tournament, "KS") == {1: 1, 2: 1, 3: 1, 4: 1}
    # /L+1 raises the limit by half a point to 2: only Boris counts.
    assert values(tournament, "KS/L+1") == {1: 1, 2: 0, 3: 0, 4: 0}
    # /L-1 lowers it to 1: everyone counts, KS is the score.
    assert values(tournament, "KS/L-1") == {1: F(3, 2), 2: 2, 3: 1, 4: F(3, 2)}
