"""USCF's Solkoff (34E2) shown as the sum it came from: each opponent's adjusted score (34E1) with its reason.

The event is the hand answers' ``s16`` (tests/data/answers/hand.toml): #2 won by forfeit in round 3 and
had a pairing-allocated bye in round 4; #4 took a half-point bye in round 3; #5 lost by forfeit in round 3;
#6 withdrew after round 2 (zero-point byes in rounds 3 and 4). Scores: #1 2.5, #2 2.5, #3 2.5, #4 3,
#5 0, #6 1.

USCF 34E1 counts each unplayed game of an opponent as a draw: #2 2.5 − 1 (forfeit win) − 1 (PAB) + ½ + ½
= 1.5; #6 1 + ½ + ½ = 2; #4 3 − ½ + ½ = 3, unchanged, so no reason is given for it.
"""

from __future__ import annotations

from fractions import Fraction

from answers import tournament

from sonneborn.explain import explain_value
from sonneborn.ranking import Standings, rank
from sonneborn.tiebreaks import parse_list

ADJUSTED = "adjusted score {} (USCF 34E1: rounds 3, 4 counted as draws)"


def _standings() -> Standings:
    return rank(tournament("hand.toml", "s16"), parse_list("SOLK"))


def test_each_opponent_played_with_his_adjusted_score_and_why() -> None:
    standings = _standings()
    assert explain_value(standings, 1, "SOLK") == (
        f"SOLK 9 = 1.5 (B, {ADJUSTED.format('1.5')}) + 2 (F, {ADJUSTED.format('2')}) + 2.5 (C) + 3 (D)"
    )
    # #5's round 3 was a forfeit loss: no opponent played, nothing added (34E1: an adjusted score of zero).
    assert explain_value(standings, 5, "SOLK") == f"SOLK 7.5 = 2 (F, {ADJUSTED.format('2')}) + 3 (D) + 2.5 (C)"
    assert explain_value(standings, 2, "SOLK") == "SOLK 5 = 2.5 (A) + 2.5 (C)"


def test_the_elements_name_their_round_and_opponent() -> None:
    value = _standings().column("SOLK").value(4)
    assert [(e.round, e.opponent, e.value) for e in value.elements] == [
        (1, 6, Fraction(2)), (2, 4, Fraction(3)), (4, 3, Fraction(5, 2)),
    ]  # fmt: skip
    assert value.cut == () and value.number == Fraction(15, 2)
