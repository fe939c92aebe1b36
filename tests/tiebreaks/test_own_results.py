"""PTS, WIN, WON, BPG, BWG and PS (C.07 7.1–7.5) on a Swiss event worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

from builders import FOUR_PLAYER_ROUND_ROBIN, event, values

SWISS = """
1 Ada: 2w1 -U 3b+ 4bW
2 Ben: 1b0 3w0 4b= 3--
3 Cy: 4w= 2b1 1w- 2--
4 Dee: 3b= -H 2w= 1wL
"""
"""Round 3: Ada wins by forfeit; round 4: an unrated win for Ada and a double forfeit."""


def test_points() -> None:
    assert values(event(SWISS), "PTS") == {1: 4, 2: F(1, 2), 3: F(3, 2), 4: F(3, 2)}


def test_wins_with_or_without_playing() -> None:
    # Ada: OTB win, PAB, forfeit win, unrated win.
    assert values(event(SWISS), "WIN") == {1: 4, 2: 0, 3: 1, 4: 0}


def test_games_won_over_the_board() -> None:
    assert values(event(SWISS), "WON") == {1: 2, 2: 0, 3: 1, 4: 0}


def test_black_games_count_only_games_played() -> None:
    # Ada's forfeit with Black in round 3 is no game.
    assert values(event(SWISS), "BPG") == {1: 1, 2: 2, 3: 1, 4: 1}
    assert values(event(SWISS), "BWG") == {1: 1, 2: 0, 3: 1, 4: 0}


def test_progressive_score_and_its_cuts() -> None:
    # Ada: 1 + 2 + 3 + 4; Cut-1 drops round 1; a median cuts only early rounds (as FIDE's checker).
    tournament = event(SWISS)
    assert values(tournament, "PS")[1] == 10
    assert values(tournament, "PS/C1")[1] == 9
    assert values(tournament, "PS/M1")[1] == 9
    assert values(tournament, "PS/C2")[1] == 7
    # Dee: ½, 1, 1½, 1½.
    assert values(tournament, "PS")[4] == F(9, 2)


def test_round_robin_counts() -> None:
    tournament = event(FOUR_PLAYER_ROUND_ROBIN)
    assert values(tournament, "WIN") == {1: 1, 2: 2, 3: 0, 4: 1}
    assert values(tournament, "BPG") == {1: 1, 2: 1, 3: 2, 4: 2}
    assert values(tournament, "PS") == {1: F(5, 2), 2: 4, 3: F(3, 2), 4: 4}
