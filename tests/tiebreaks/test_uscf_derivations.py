"""USCF's tie-breaks (34E1, 34E3, 34E4) shown as the sums they are, worked by hand: each element's round,
opponent, value and text, the elements a modified median drops, and the note that says why.

SWISS (tests/tiebreaks/test_own_results.py), 4 rounds: Ada 4 (won r1 against Ben, pairing-allocated bye r2,
forfeit win r3 against Cy, unrated win r4 against Dee), Ben ½ (lost to Ada and Cy, drew with Dee, double
forfeit r4 with Cy), Cy 1½ (drew with Dee, beat Ben, forfeit loss r3, double forfeit r4), Dee 1½ (drew with
Cy, half-point bye r2, drew with Ben, lost to Ada).

Adjusted scores for the median (each unplayed game of the opponent a draw, 34E1 as for Solkoff): Ada 1 + ½ +
½ + 1 = 3, Ben 0 + 0 + ½ + ½ = 1, Cy ½ + 1 + ½ + ½ = 2½, Dee ½ + ½ + ½ + 0 = 1½. The player's own unplayed
round counts as an opponent of adjusted score 0.

Cumulative (34E3): Ada's running scores 1, 2, 3, 4 less a win's point for the bye and the forfeit win = 8;
Ben 0 + 0 + ½ + ½ = 1; Cy ½ + 1½ + 1½ + 1½ = 5; Dee ½ + 1 + 1½ + 1½ = 4½ (a half-point bye is no win).
"""

from __future__ import annotations

from fractions import Fraction as F

from builders import FOUR_PLAYER_ROUND_ROBIN, derivations, event
from test_own_results import SWISS

from sonneborn.tiebreaks import Value

Term = tuple[int, int | None, F, str]


def terms(value: Value) -> list[Term]:
    return [(e.round, e.opponent, e.value, e.text) for e in value.elements]


def cut(value: Value) -> list[Term]:
    return [(e.round, e.opponent, e.value, e.text) for e in value.cut]


def test_modified_median_drops_by_the_players_score_and_names_his_unplayed_rounds() -> None:
    found = derivations(event(SWISS), "MM")
    # Ada, a plus score (4 of 4): her lowest dropped; of her two unplayed rounds (0 each), the earlier.
    ada = found[1]
    assert (ada.number, ada.note) == (F(5, 2), "plus score")
    assert terms(ada) == [
        (1, 2, F(1), "1 (Ben)"),
        (3, None, F(0), "0 (round 3 unplayed)"),
        (4, 4, F(3, 2), "1.5 (Dee)"),
    ]
    assert cut(ada) == [(2, None, F(0), "0 (round 2 unplayed)")]
    # Ben, a minus score (½ of 4): his highest dropped, Ada's 3.
    ben = found[2]
    assert (ben.number, ben.note) == (F(4), "minus score")
    assert terms(ben) == [
        (2, 3, F(5, 2), "2.5 (Cy)"),
        (3, 4, F(3, 2), "1.5 (Dee)"),
        (4, None, F(0), "0 (round 4 unplayed)"),
    ]
    assert cut(ben) == [(1, 1, F(3), "3 (Ada)")]
    # Cy (1½ of 4, minus): Dee's 1½ dropped; his forfeit loss and double forfeit are rounds of 0.
    cy = found[3]
    assert (cy.number, cy.note) == (F(1), "minus score")
    assert cut(cy) == [(1, 4, F(3, 2), "1.5 (Dee)")]
    assert [t[:3] for t in terms(cy)] == [(2, 2, F(1)), (3, None, F(0)), (4, None, F(0))]
    # Dee (minus): Ada's 3 dropped; her half-point bye a round of 0.
    dee = found[4]
    assert (dee.number, dee.note) == (F(7, 2), "minus score")
    assert terms(dee) == [(1, 3, F(5, 2), "2.5 (Cy)"), (2, None, F(0), "0 (round 2 unplayed)"), (3, 2, F(1), "1 (Ben)")]
    assert cut(dee) == [(4, 1, F(3), "3 (Ada)")]


def test_modified_median_of_an_even_score_drops_both_ends() -> None:
    # FOUR_PLAYER_ROUND_ROBIN: Anna 1½, Boris 2, Carla 1, Dmitri 1½ of 3. Anna (even) drops Carla's 1 and
    # Boris's 2 and keeps Dmitri's 1½; Boris (plus) drops Carla's 1: 1½ + 1½ = 3.
    found = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "MM")
    anna, boris = found[1], found[2]
    assert (anna.number, anna.note) == (F(3, 2), "even score")
    assert terms(anna) == [(1, 4, F(3, 2), "1.5 (Dmitri)")]
    assert cut(anna) == [(2, 2, F(2), "2 (Boris)"), (3, 3, F(1), "1 (Carla)")]
    assert (boris.number, boris.note, cut(boris)) == (F(3), "plus score", [(1, 3, F(1), "1 (Carla)")])


def test_cumulative_adds_the_running_scores_less_each_unplayed_win() -> None:
    found = derivations(event(SWISS), "CUM")
    ada = found[1]
    assert ada.number == 8
    assert terms(ada) == [
        (1, None, F(1), "1 (after round 1)"),
        (2, None, F(2), "2 (after round 2)"),
        (2, None, F(-1), "−1 (round 2 won unplayed)"),
        (3, None, F(3), "3 (after round 3)"),
        (3, None, F(-1), "−1 (round 3 won unplayed)"),
        (4, None, F(4), "4 (after round 4)"),
    ]
    dee = found[4]
    assert dee.number == F(9, 2)
    assert [t[2:] for t in terms(dee)] == [
        (F(1, 2), "0.5 (after round 1)"),
        (F(1), "1 (after round 2)"),
        (F(3, 2), "1.5 (after round 3)"),
        (F(3, 2), "1.5 (after round 4)"),
    ]
    assert {row: value.number for row, value in found.items()} == {1: 8, 2: 1, 3: 5, 4: F(9, 2)}


def test_the_oppositions_cumulative_counts_the_opponents_played_over_the_board() -> None:
    # Ada: Ben's 1 (round 1) and Dee's 4½ (round 4, an unrated game is played); her forfeit win adds nothing.
    # Ben: Ada 8 + Cy 5 + Dee 4½; his double forfeit nothing.
    found = derivations(event(SWISS), "OCUM")
    assert terms(found[1]) == [(1, 2, F(1), "1 (Ben)"), (4, 4, F(9, 2), "4.5 (Dee)")]
    assert terms(found[2]) == [(1, 1, F(8), "8 (Ada)"), (2, 3, F(5), "5 (Cy)"), (3, 4, F(9, 2), "4.5 (Dee)")]
    assert {row: value.number for row, value in found.items()} == {1: F(11, 2), 2: F(35, 2), 3: F(11, 2), 4: 14}
