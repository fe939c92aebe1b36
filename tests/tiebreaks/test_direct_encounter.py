"""Direct encounter, C.07 Art. 6: forfeits, repeated games, the 6.2 recursion and 6.3 for Swiss events."""

from __future__ import annotations

from fractions import Fraction

from builders import FOUR_PLAYER_ROUND_ROBIN, context, derivations, event, group_order

from sonneborn.model import EventKind, PointSystem
from sonneborn.tiebreaks import Value, parse
from sonneborn.tiebreaks.direct_encounter import encounter_points


def order(text: str, group: list[int], code: str = "DE", kind: EventKind | None = None) -> list[list[int]]:
    return group_order(event(text, kind=kind), group, code)


# Games among A, B, C, D (all met): B beat A, A beat C and D, C beat B, B beat D, C–D drawn.
# Separate standings: A 2, B 2, C 1½, D ½; A and B tie again, and between them B beat A.
ALL_MET = """
1 A: 2w0 3w1 4w1
2 B: 1b1 4w1 3b0
3 C: 4w= 1b0 2w1
4 D: 3b= 2b0 1b0
"""


def test_recursion_of_6_2_separates_a_tied_subgroup() -> None:
    assert order(ALL_MET, [1, 2, 3, 4]) == [[2], [1], [3], [4]]


def test_a_group_of_two_that_drew_is_not_separated() -> None:
    assert order(ALL_MET, [3, 4]) == [[3, 4]]


def test_repeated_games_are_averaged() -> None:
    # Double round robin: A won one game and drew the other against B: ¾ to ¼ (6.1.2).
    tournament = event(
        """
        1 A: 2w1 2b=
        2 B: 1b0 1w=
        """
    )
    separate, _ = encounter_points(context(tournament), parse("DE"), [1, 2])
    assert (separate[1], separate[2]) == (Fraction(3, 4), Fraction(1, 4))


FORFEIT_SWISS = """
1 A: 2w+ 3b1 4w0
2 B: 1b- 4b1 3w0
3 C: 4w0 1w0 2b1
4 D: 3b1 2w0 1b1
"""


def test_forfeits_are_left_out_in_swiss_unless_p() -> None:
    # A and B met only by forfeit: without /P they did not meet, so nobody is
    # certain to be first (6.3); with /P the forfeit decides.
    assert order(FORFEIT_SWISS, [1, 2], kind=EventKind.SWISS) == [[1, 2]]
    assert order(FORFEIT_SWISS, [1, 2], "DE/P", kind=EventKind.SWISS) == [[1], [2]]


def test_forfeits_count_in_a_round_robin() -> None:
    # C.07 15.2: in a round robin forfeits are ordinary games.
    assert order(FORFEIT_SWISS, [1, 2], kind=EventKind.ROUND_ROBIN) == [[1], [2]]


# Swiss, not everyone met: A beat B and C; B and C never met.
PARTLY_MET = """
1 A: 2w1 3b1 -U
2 B: 1b0 -U 4w1
3 C: 4b1 1w0 -U
4 D: 3w0 -Z 2b0
"""


def test_6_3_first_place_whatever_the_missing_games() -> None:
    # A has 2 with nothing missing; B and C at most 1 each (their game missing).
    # Second place: B's worst 0 is not above C's best 1; re-applied to B and C,
    # who never met, DE does not separate them.
    assert order(PARTLY_MET, [1, 2, 3]) == [[1], [2, 3]]


def test_6_3_nobody_certain() -> None:
    # A beat B; C met neither: C could still reach 2, so nobody is certain.
    tournament = """
    1 A: 2w1 -U
    2 B: 1b0 -U
    3 C: 4w1 -U
    4 D: 3b0 -U
    """
    assert order(tournament, [1, 2, 3]) == [[1, 2, 3]]


def test_the_derivation_gives_the_separate_standings_of_the_group() -> None:
    # The four-player round robin ranked by DE: Anna and Dmitri tie on 1½ and met, Dmitri won (6.2);
    # Boris and Carla are alone on their scores.
    values = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "DE")
    assert values[4] == Value(Fraction(1), note="separate standings: Dmitri 1, Anna 0")
    assert values[1] == Value(Fraction(2), note="separate standings: Dmitri 1, Anna 0")
    assert values[2] == Value(Fraction(0), note="not tied at this point")
    assert values[3] == Value(Fraction(0), note="not tied at this point")


def test_the_derivation_says_when_not_everyone_met() -> None:
    # A, B and C tie on 2 (byes fill their scores): A beat B and C, B and C never met. 6.3 puts A first;
    # re-applied to B and C, who never met, DE separates nobody: places 1, 2, 2.
    tournament = event(
        """
        1 A: 2w1 3b1 -Z -Z
        2 B: 1b0 -Z -F -F
        3 C: -Z 1w0 -F -F
        """
    )
    values = derivations(tournament, "DE")
    note = "separate standings: A 2, B 0, C 0 (not everyone met)"
    assert [values[start] for start in (1, 2, 3)] == [
        Value(Fraction(1), note=note),
        Value(Fraction(2), note=note),
        Value(Fraction(2), note=note),
    ]


def test_a_group_de_cannot_separate_has_places_0() -> None:
    # A beat B and drew C; B and C never met: C can still reach A's 1½ (6.3), nobody is certain to be first.
    tournament = event(
        """
        1 A: 2w1 3b= -Z -Z
        2 B: 1b0 -Z -F -H
        3 C: -Z 1w= -F -Z
        """
    )
    values = derivations(tournament, "DE")
    note = "separate standings: A 1.5, C 0.5, B 0 (not everyone met)"
    assert [values[start] for start in (1, 2, 3)] == [Value(Fraction(0), note=note)] * 3


def test_6_3_counts_a_missing_game_lost_at_a_losses_points() -> None:
    # Scoring 1-½-¼: a loss is worth ¼. A beat B and C; A–D never played; D drew B and C; B beat C.
    # Separate standings: A 2, B ¼ + ½ + 1 = 1¾, C ½ + ¼ + ¼ = 1, D ½ + ½ = 1.
    # 6.3: A's worst is 2 + ¼ (his missing game lost) = 2¼, above D's best 1 + 1 = 2: A is first whatever
    # happens. Then B (1¾, nothing missing) is not above D's best 2, nor D's worst 1¼ above B: the others are
    # ordered by Art. 6 again among themselves, who all met: B 1½, D 1, C ¾ (6.2).
    tournament = event(
        """
        1 A: 2w1 3b1 -Z
        2 B: 1b0 4w= 3w1
        3 C: 4w= 1w0 2b0
        4 D: 3b= 2b= -Z
        """,
        system=PointSystem(win=Fraction(1), draw=Fraction(1, 2), loss=Fraction(1, 4)),
    )
    assert group_order(tournament, [1, 2, 3, 4]) == [[1], [2], [4], [3]]


def test_6_3_places_every_player_but_the_last() -> None:
    # 3-1-0. A and B met twice (a draw, then B won): the average counts, A ½, B 2 (6.1.2). A drew D; C beat B and
    # D; B beat D; A and C never met. Separate standings: A 1½, B 5, C 6, D 1; A and C have a game missing.
    # First: C's worst 6 is above everyone's best (A 1½ + 3, B 5, D 1). Second: B's 5 above A's best 4½ and D's 1.
    # Third: A's worst 1½ above D's 1. D is left alone, fourth.
    tournament = event(
        """
        1 A: 2w= 4w= 2b0 -Z
        2 B: 1b= 3b0 1w1 4w1
        3 C: 4w1 2w1 -Z -Z
        4 D: 3b0 1b= -Z 2b0
        """,
        system=PointSystem.three_one_zero(),
    )
    assert group_order(tournament, [1, 2, 3, 4]) == [[3], [2], [1], [4]]


def test_separate_standings_of_a_player_who_met_nobody_in_the_group() -> None:
    # A met neither B nor C; B beat C. The others' games still count (6.1).
    tournament = event(
        """
        1 A: -U -U
        2 B: 3w1 -U
        3 C: 2b0 -U
        """
    )
    separate, met = encounter_points(context(tournament), parse("DE"), [1, 2, 3])
    assert separate == {1: 0, 2: 1, 3: 0}
    assert met == {frozenset((2, 3))}


# Issue 19: 13 players tied on 1 point after two rounds, 11 games among them. A and B drew twice; C drew D and
# E; K beat L, then K had a zero-point bye and L a full-point one; M had two half-point byes and met nobody.
THIRTEEN_TIED = """
1 A: 2w= 2b=
2 B: 1b= 1w=
3 C: 4w= 5w=
4 D: 3b= 6w=
5 E: 6w= 3b=
6 F: 5b= 4b=
7 G: 8w= 9w=
8 H: 7b= 10w=
9 I: 10w= 7b=
10 J: 9b= 8b=
11 K: 12w1 -Z
12 L: 11b0 -F
13 M: -H -H
"""


def test_issue19_a_large_groups_derivation_gives_the_group_once_and_the_members_own_games() -> None:
    # More than 10 tied: each member is told the group's size, score and games, and his own results in it, never
    # the other members. Nobody has fewer than 10 games missing, so 6.3 places nobody: every value is 0.
    values = derivations(event(THIRTEEN_TIED), "DE")
    group = "13 players tied on 1 point, 11 games among them (not everyone met); separate score "
    expected = {
        1: "0.5 = 0.5 (B, 2 games)",
        2: "0.5 = 0.5 (A, 2 games)",
        3: "1 = 0.5 (D) + 0.5 (E)",
        4: "1 = 0.5 (C) + 0.5 (F)",
        11: "1 = 1 (L)",
        12: "0 = 0 (K)",
        13: "0: no game against the others",
    }
    for start, text in expected.items():
        assert values[start] == Value(Fraction(0), note=group + text), start


def test_issue19_a_group_of_ten_lists_its_separate_standings_and_one_of_eleven_does_not() -> None:
    # 11 players with a zero-point bye each: tied on 0, no games. Ten of them (the eleventh given a point) are
    # listed in full, as every small group is (the 6.3 equality case above keeps its standings).
    eleven = "\n".join(f"{start} P{start}: -Z" for start in range(1, 12))
    values = derivations(event(eleven), "DE")
    assert values[1] == Value(Fraction(0), note="11 players tied on 0 points, no games among them")
    ten = eleven.replace("11 P11: -Z", "11 P11: -F")
    values = derivations(event(ten), "DE")
    listed = ", ".join(f"P{start} 0" for start in range(1, 11))
    assert values[1] == Value(Fraction(0), note=f"separate standings: {listed} (not everyone met)")
    assert values[11] == Value(Fraction(0), note="not tied at this point")
