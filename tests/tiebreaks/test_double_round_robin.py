"""A double round robin worked by hand, read from a crosstable with two results per cell.

A beat B and drew; A beat C and lost; B and C drew twice. Scores: A 2½, B 1½, C 2.
"""

from __future__ import annotations

from fractions import Fraction as F

from builders import context, group_order, values

from sonneborn.formats.crosstable import read_crosstable
from sonneborn.tiebreaks import parse
from sonneborn.tiebreaks.direct_encounter import encounter_points

TABLE = "1\tA\tX\t1½\t10\n2\tB\t0½\tX\t½½\n3\tC\t01\t½½\tX\n"


def test_shape() -> None:
    tournament = read_crosstable(TABLE)
    assert tournament.meetings_per_pair() == 2
    assert tournament.event_kind.value == "round-robin"


def test_sb_gf_ks() -> None:
    tournament = read_crosstable(TABLE)
    # A: 1×1½ + ½×1½ + 1×2 + 0×2; B: ½×2½ + ½×2 + ½×2; C: 1×2½ + ½×1½ + ½×1½.
    assert values(tournament, "SB") == {1: F(17, 4), 2: F(13, 4), 3: F(4)}
    # Four games each: GF = s + SB/4.
    assert values(tournament, "GF") == {1: F(5, 2) + F(17, 16), 2: F(3, 2) + F(13, 16), 3: 2 + F(1)}
    # Maximum 4, limit 2: A and C qualify.
    assert values(tournament, "KS") == {1: 1, 2: F(3, 2), 3: 1}


def test_direct_encounter_averages_the_two_games() -> None:
    # C.07 6.1.2: A: ¾ against B + ½ against C; B: ¼ + ½; C: ½ + ½.
    tournament = read_crosstable(TABLE)
    separate, met = encounter_points(context(tournament), parse("DE"), [1, 2, 3])
    assert separate == {1: F(5, 4), 2: F(3, 4), 3: F(1)}
    assert len(met) == 3
    assert group_order(tournament, [1, 2, 3]) == [[1], [3], [2]]
