"""Every tie-break on events at the edges, worked by hand: no round yet, a single player, a round not played
yet, a single round."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from builders import event, values

from sonneborn.ranking import rank
from sonneborn.tiebreaks import REGISTRY, parse_list

INDIVIDUAL = [code for code, definition in REGISTRY.items() if not definition.teams]
"""The codes of individual events (a team code is refused on one)."""
EVERY_CODE = ",".join(INDIVIDUAL)

# No round: every sum is 0, every average has no value (no game over the board), DE separates nobody.
NO_ROUND = {code: [F(0), F(0)] for code in INDIVIDUAL} | {
    "TPN": [F(1), F(2)],
    "RTNG": [F(1500), F(1500)],
    **{code: [None, None] for code in ("AOB", "ARO", "TPR", "PTP", "APRO", "APPO")},
}

# One player with two pairing-allocated byes (2026 rules): 2 points, two wins without playing; PS 1 + 2; STD two
# rounds above a draw's points; BH two dummies of his 2 points capped at ½ × 2 rounds = 1 each (C.07 16.4.2),
# FB the same (no pairing in the final round); SB 1×1 + 1×1; NNSB 2² + 2; no game: KS and GF 0, no averages.
ALONE = {
    "PTS": F(2), "WIN": F(2), "WON": F(0), "BPG": F(0), "BWG": F(0), "PS": F(3), "REP": F(2), "GE": F(2),
    "STD": F(2), "TPN": F(1), "BH": F(2), "FB": F(2), "AOB": None, "DE": F(0), "KS": F(0), "ARO": None,
    "TPR": None, "PTP": None, "APRO": None, "APPO": None, "RTNG": F(1500), "SB": F(2), "GF": F(0), "NNSB": F(6),
    "SOLK": F(0),  # no opponent played: USCF 34E2 sums the opponents' adjusted scores only
    # USCF 34E1: two unplayed rounds, two opponents of 0, a plus score drops one: 0. 34E3: running 1 + 2 less
    # 1 for each unplayed win: 1. 34E4: no opponent: 0.
    "MM": F(0), "CUM": F(1), "OCUM": F(0),
}  # fmt: skip


def test_an_event_without_rounds() -> None:
    standings = rank(event("1 A:\n2 B:"), parse_list(EVERY_CODE), unrated_rating=1500)
    found = {code: [standings.column(code).number(row) for row in range(2)] for code in standings.codes}
    assert found == NO_ROUND
    # Everything ties them but the pairing number (C.07 7.8), lowest first.
    assert [(row.rank, row.player.name, row.shared) for row in standings.rows] == [(1, "A", False), (2, "B", False)]
    assert [(row.rank, row.shared) for row in rank(event("1 A:\n2 B:"), parse_list("BH,DE")).rows] == [(1, True)] * 2


def test_an_event_of_one_player() -> None:
    standings = rank(event("1 A: -U -U"), parse_list(EVERY_CODE), unrated_rating=1500)
    assert {code: standings.column(code).number(0) for code in standings.codes} == ALONE
    assert set(ALONE) == set(INDIVIDUAL)


# Round 2 is paired but not played yet: the standings stand after round 1 (C.07 4.2 counts the rounds played).
PENDING = """
1 Anna: 2w1 3b*
2 Boris: 1b0 4w*
3 Carla: 4w= 1w*
4 Dmitri: 3b= 2b*
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("BH", {1: 0, 2: 1, 3: F(1, 2), 4: F(1, 2)}),  # round 1's opponent only
        ("SB", {1: 0, 2: 0, 3: F(1, 4), 4: F(1, 4)}),
        ("STD", {1: 1, 2: 0, 3: F(1, 2), 4: F(1, 2)}),  # the pending round adds nothing, not even ½
        ("REP", {1: 1, 2: 1, 3: 1, 4: 1}),
        ("PS", {1: 1, 2: 0, 3: F(1, 2), 4: F(1, 2)}),
    ],
)
def test_a_round_paired_but_not_played_counts_for_nothing(code: str, expected: dict[int, F]) -> None:
    assert values(event(PENDING), code) == expected


def test_a_round_not_played_yet_before_a_played_one() -> None:
    # A game postponed from round 1: the points list round 2 all the same.
    tournament = event(
        """
        1 Anna: 2w* 3b1
        2 Boris: 1b* 4w=
        3 Carla: 4w1 1w0
        4 Dmitri: 3b0 2b=
        """
    )
    anna = rank(tournament, []).points.value(0)
    assert [(e.round, e.opponent, e.value, e.text) for e in anna.elements] == [
        (2, 3, F(1), "1 (round 2: won against Carla)")
    ]
    assert values(tournament, "STD")[1] == 1


def test_fore_buchholz_of_a_single_round() -> None:
    # FB draws the final round, here the only one: each sees the other at ½ (BH: Anna 0, Boris 1).
    tournament = event("1 Anna: 2w1\n2 Boris: 1b0")
    assert values(tournament, "FB") == {1: F(1, 2), 2: F(1, 2)}
    assert values(tournament, "BH") == {1: 0, 2: 1}
