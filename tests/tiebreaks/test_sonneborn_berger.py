"""SB, GF and NNSB on events worked out by hand (C.07 9.1; Gelbfuhs 1873; Sonneborn–Berger 1886)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, event, values

from sonneborn.model import EventKind, PointSystem
from sonneborn.tiebreaks.rules import Rules

NONE = Rules.NONE


def test_sonneborn_berger_round_robin() -> None:
    # Anna: 1×2 (Boris) + ½×1 (Carla) + 0×1.5 (Dmitri); Dmitri: 1×1.5 (Anna) + ½×1 (Carla).
    assert values(event(FOUR_PLAYER_ROUND_ROBIN), "SB") == {1: F(5, 2), 2: F(5, 2), 3: F(3, 2), 4: F(2)}


def test_gelbfuhs_equals_score_plus_sb_over_games_when_all_played_the_same() -> None:
    # Anna: 1×(1 + 2/3) + ½×(1 + 1/3) = 7/3 = 1.5 + 2.5/3.
    assert values(event(FOUR_PLAYER_ROUND_ROBIN), "GF") == {1: F(7, 3), 2: F(17, 6), 3: F(3, 2), 4: F(13, 6)}


def test_gelbfuhs_with_different_numbers_of_games() -> None:
    # Anna beat Boris, Boris drew Carla, Anna–Carla never played: n = 1, 2, 1 games.
    tournament = event(
        """
        1 Anna: 2w1 -Z 3w*
        2 Boris: 1b0 3w= -Z
        3 Carla: -Z 2b= 1b*
        """,
        kind=EventKind.ROUND_ROBIN,
    )
    # Anna: 1×(1 + ½/2); Boris: ½×(1 + ½/1); Carla: ½×(1 + ½/2).
    assert values(tournament, "GF") == {1: F(5, 4), 2: F(3, 4), 3: F(5, 8)}


def test_non_neustadtl_is_the_square_plus_sb() -> None:
    assert values(event(FOUR_PLAYER_ROUND_ROBIN), "NNSB") == {
        1: F(9, 4) + F(5, 2),
        2: 4 + F(5, 2),
        3: 1 + F(3, 2),
        4: F(9, 4) + 2,
    }


SB_CUT_EVENT = """
1 Pia: 2w1 3b0 -U
2 Xavier: 1b0 5w1 4w1
3 Yusuf: 4w1 1w1 5b1
4 Quinn: 3b0 6w1 2b0
5 Rosa: 6w1 2b0 3w0
6 Sam: 5b0 4b0 -Z
"""
"""Pia beat Xavier (2 points) and lost to Yusuf (3 points); her bye adds no element here."""


def test_sb_cut_1_drops_the_lowest_scored_opponent_not_the_lowest_product() -> None:
    # C.07 14.1.d: the win over the 2-point opponent (product 2) is cut before
    # the loss to the 3-point opponent (product 0).
    tournament = event(SB_CUT_EVENT)
    assert values(tournament, "SB", NONE)[1] == 2
    assert values(tournament, "SB/C1", NONE)[1] == 0


def test_sb_median_drops_lowest_then_highest() -> None:
    # Xavier: 0×2 (Pia), 1×1 (Rosa), 1×1 (Quinn): M1 cuts Rosa or Quinn (1) and Pia (2).
    tournament = event(SB_CUT_EVENT)
    assert values(tournament, "SB", NONE)[2] == 2
    assert values(tournament, "SB/M1", NONE)[2] == 1
    assert values(tournament, "SB/C2", NONE)[2] == 0


def test_sonneborn_berger_under_three_one_zero() -> None:
    # Scores 4, 6, 2, 4. Anna: 3×6 (Boris) + 1×2 (Carla); Dmitri: 3×4 (Anna) + 1×2 (Carla).
    tournament = event(FOUR_PLAYER_ROUND_ROBIN, system=PointSystem.three_one_zero())
    assert values(tournament, "PTS") == {1: 4, 2: 6, 3: 2, 4: 4}
    assert values(tournament, "SB") == {1: 20, 2: 18, 3: 8, 4: 14}


GAMES_PLAYED = {
    "past 64 bits": [26, 32, 34, 38, 44, 47, 49],
    "denominator past 64 bits": [32, 27, 25, 49, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43],
}
"""How many games each of Hub's opponents played. GF's common denominator is the least common multiple of every
opponent's number of games (these, their fillers' one fewer, Hub's): about 2.9·10¹⁷ for the first list, which a
filler's 48 wins over it take past 64 bits; for the second, whose primes reach 43, the denominator itself passes
64 bits."""


def hub_event(games_played: list[int]) -> str:
    """Hub (1) beats O1…On (2…n+1) in rounds 1…n; Oj plays Fj (n + 1 + j) in the other rounds, losing, until it
    has played its number of games; everyone rests on a zero-point bye in the rounds left."""
    rounds = 1 + max(games_played)
    lines = {1: ["-Z"] * rounds}
    for j, games in enumerate(games_played, start=1):
        o, f = 1 + j, 1 + len(games_played) + j
        lines[o], lines[f] = ["-Z"] * rounds, ["-Z"] * rounds
        lines[1][j - 1], lines[o][j - 1] = f"{o}w1", "1b0"
        for r in [r for r in range(rounds) if r != j - 1][: games - 1]:
            lines[o][r], lines[f][r] = f"{f}b0", f"{o}w1"
    return "\n".join(f"{start} P{start}: " + " ".join(tokens) for start, tokens in sorted(lines.items()))


@pytest.mark.parametrize("games_played", GAMES_PLAYED.values(), ids=GAMES_PLAYED.keys())
def test_gelbfuhs_when_the_games_played_have_no_common_multiple_in_64_bits(games_played: list[int]) -> None:
    # Rules "none": the scores as they are. Every Oj lost every game (score 0): Hub's GF is n × 1×(1 + 0/nj),
    # each Fj's (nj − 1) × 1×(1 + 0/nj); over their common denominator the sums pass 64 bits.
    found = values(event(hub_event(games_played), kind=EventKind.SWISS), "GF", NONE)
    opponents = len(games_played)
    assert found[1] == opponents
    assert [found[1 + opponents + j] for j in range(1, opponents + 1)] == [games - 1 for games in games_played]
    assert all(found[1 + j] == 0 for j in range(1, opponents + 1))
