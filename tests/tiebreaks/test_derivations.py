"""Derivations worked by hand: the elements each value is the sum of, with their rounds, opponents and texts.

A derivation is what ``--explain``, the HTML titles and the library's :class:`~sonneborn.tiebreaks.Value`
show: each element's value, the round it belongs to, the opponent it concerns (``None`` for a dummy, a
virtual opponent or a bye), its text, and the elements a cut removed. The texts follow the notation of
``docs/tiebreaks.md``: ``points×score (opponent)`` for SB, ``score (opponent)`` for BH, the category and the
dummy of every unplayed round (C.07 16.2–16.4), the virtual opponent of C.02 13.15.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, derivations, event
from builders import values as builders_values
from test_own_results import SWISS

from sonneborn.model import PointSystem
from sonneborn.model import ResultKind as K
from sonneborn.ranking import rank
from sonneborn.tiebreaks import Value, parse_list
from sonneborn.tiebreaks.rules import Rules
from sonneborn.tiebreaks.unplayed import Category, describe_kind

Term = tuple[int, int | None, F, str]
"""An element as (round, opponent's start number, value, text)."""

PAB_2026 = (
    "round 2: pairing-allocated bye, cat. 16.2.1, dummy with own score 4 capped at 2 "
    "(16.4.2, a draw's points × rounds) (16.4)"
)
FORFEIT_WIN_2026 = (
    "round 3: forfeit win, cat. 16.2.2, dummy with own score 4 capped at 1.5 "
    "(16.4.1, the scheduled opponent's adjusted score) (16.4)"
)
DEE_HPB = "round 2: half-point bye, cat. 16.2.3, dummy with own score 1.5 (16.4)"


def terms(value: Value) -> list[Term]:
    """The elements kept."""
    return [(e.round, e.opponent, e.value, e.text) for e in value.elements]


def cut(value: Value) -> list[Term]:
    """The elements a modifier removed."""
    return [(e.round, e.opponent, e.value, e.text) for e in value.cut]


# SWISS (tests/tiebreaks/test_own_results.py): Ada 4 (won r1, PAB r2, forfeit win r3 against Cy, unrated win r4),
# Ben ½ (double forfeit r4), Cy 1½ (forfeit loss r3, double forfeit r4), Dee 1½ (half-point bye r2).
# No round is of category 16.2.5, so every score as seen is the score itself (16.3).


def test_buchholz_with_the_2026_dummies_and_their_caps() -> None:
    # Ada's PAB (16.2.1): a dummy of her score 4, capped at ½ × 4 rounds = 2 (16.4.2); her forfeit win
    # (16.2.2): capped at Cy's adjusted score 1½ (16.4.1). BH = ½ + 2 + 1½ + 1½ = 5½.
    ada = derivations(event(SWISS), "BH")[1]
    assert ada.number == F(11, 2)
    assert terms(ada) == [
        (1, 2, F(1, 2), "0.5 (Ben)"),
        (2, None, F(2), f"2 ({PAB_2026})"),
        (3, None, F(3, 2), f"1.5 ({FORFEIT_WIN_2026})"),
        (4, 4, F(3, 2), "1.5 (Dee)"),
    ]
    assert (cut(ada), ada.note, ada.mean) == ([], "", False)


def test_buchholz_cut_1_takes_the_voluntary_unplayed_round() -> None:
    # Dee: Cy 1½, her half-point bye (16.2.3, a VUR) 1½ (under the cap of 2), Ben ½, Ada 4 = 7½. The least
    # significant value is Ben's ½, but the VUR's 1½ is not lower: C.07 16.5 cuts the VUR. BH/C1 = 6.
    dee = derivations(event(SWISS), "BH/C1")[4]
    assert dee.number == 6
    assert terms(dee) == [(1, 3, F(3, 2), "1.5 (Cy)"), (3, 2, F(1, 2), "0.5 (Ben)"), (4, 1, F(4), "4 (Ada)")]
    assert cut(dee) == [(2, None, F(3, 2), f"1.5 ({DEE_HPB})")]


def test_buchholz_with_forfeits_played() -> None:
    # /P (16.6): the forfeit win counts Cy's 1½ as a game; the PAB keeps its capped dummy.
    ada = derivations(event(SWISS), "BH/P")[1]
    assert ada.number == F(11, 2)
    assert [(round_, opponent) for round_, opponent, _, _ in terms(ada)] == [(1, 2), (2, None), (3, 3), (4, 4)]
    assert terms(ada)[2] == (3, 3, F(3, 2), "1.5 (Cy)")


def test_buchholz_under_the_rules_none() -> None:
    # Forfeits are games against the scheduled opponent; the bye adds nothing.
    ada = derivations(event(SWISS), "BH", Rules.NONE)[1]
    assert terms(ada) == [(1, 2, F(1, 2), "0.5 (Ben)"), (3, 3, F(3, 2), "1.5 (Cy)"), (4, 4, F(3, 2), "1.5 (Dee)")]


def test_buchholz_with_virtual_opponents() -> None:
    # C.02 13.15: an opponent's unplayed rounds count as draws (Ben ½ − 0 + ½ = 1 for his double forfeit;
    # Dee's half-point bye is a draw already); Ada's own unplayed rounds are virtual opponents
    # S_before + (1 − her points) + ½ × rounds after: r2 1 + 0 + ½×2 = 2, r3 2 + 0 + ½×1 = 2½. BH = 7.
    ada = derivations(event(SWISS), "BH", Rules.FIDE_2009)[1]
    assert ada.number == 7
    assert terms(ada) == [
        (1, 2, F(1), "1 (Ben, 1 with unplayed round 4 as a draw (C.02 13.15))"),
        (2, None, F(2), "2 (round 2: pairing-allocated bye, virtual opponent 1 + (1 − 1) + 0.5×2 = 2 (C.02 13.15))"),
        (3, None, F(5, 2), "2.5 (round 3: forfeit win, virtual opponent 2 + (1 − 1) + 0.5×1 = 2.5 (C.02 13.15))"),
        (4, 4, F(3, 2), "1.5 (Dee)"),
    ]
    # Cy, seen by his opponents: 1½ with his forfeit loss and his double forfeit as draws = 2½.
    dee = derivations(event(SWISS), "BH", Rules.FIDE_2009)[4]
    assert terms(dee)[0] == (1, 3, F(5, 2), "2.5 (Cy, 2.5 with unplayed rounds 3, 4 as draws (C.02 13.15))")


def test_sonneborn_berger_with_dummies() -> None:
    # Ada won every round: SB = her BH, each element 1 × the score counted.
    ada = derivations(event(SWISS), "SB")[1]
    assert ada.number == F(11, 2)
    assert terms(ada) == [
        (1, 2, F(1, 2), "1×0.5 (Ben)"),
        (2, None, F(2), f"1×2 ({PAB_2026})"),
        (3, None, F(3, 2), f"1×1.5 ({FORFEIT_WIN_2026})"),
        (4, 4, F(3, 2), "1×1.5 (Dee)"),
    ]


def test_sonneborn_berger_cut_1_and_median_1_with_a_voluntary_unplayed_round() -> None:
    # Dee: ½×1½ (Cy) + ½×1½ (her half-point bye, a VUR) + ½×½ (Ben) + 0×4 (Ada) = 1.75. The least significant
    # element is Ben's (the lowest score, 14.1.d), product ¼; the VUR's ¾ is not lower, so 16.5 cuts it:
    # SB/C1 = 1. Median-1 then also cuts the most significant, Ada's (the highest score): 1.
    sb, c1, m1 = (derivations(event(SWISS), code)[4] for code in ("SB", "SB/C1", "SB/M1"))
    cy, bye, ben, ada = (
        (1, 3, F(3, 4), "½×1.5 (Cy)"),
        (2, None, F(3, 4), f"½×1.5 ({DEE_HPB})"),
        (3, 2, F(1, 4), "½×0.5 (Ben)"),
        (4, 1, F(0), "0×4 (Ada)"),
    )
    assert (sb.number, terms(sb), cut(sb)) == (F(7, 4), [cy, bye, ben, ada], [])
    assert (c1.number, terms(c1), cut(c1)) == (F(1), [cy, ben, ada], [bye])
    assert (m1.number, terms(m1), cut(m1)) == (F(1), [cy, ben], [bye, ada])


def test_points_round_by_round_with_an_arbiters_penalty() -> None:
    tournament = event(SWISS)
    players = list(tournament.players)
    players[3] = replace(players[3], adjustment=F(-1, 2))
    values = derivations(replace(tournament, players=tuple(players)), "PTS")
    assert terms(values[1]) == [
        (1, 2, F(1), "1 (round 1: won against Ben)"),
        (2, None, F(1), "1 (round 2: pairing-allocated bye)"),
        (3, 3, F(1), "1 (round 3: forfeit win against Cy)"),
        (4, 4, F(1), "1 (round 4: won against Dee)"),
    ]
    assert terms(values[2]) == [
        (1, 1, F(0), "0 (round 1: lost to Ada)"),
        (2, 3, F(0), "0 (round 2: lost to Cy)"),
        (3, 4, F(1, 2), "½ (round 3: drew with Dee)"),
        (4, 3, F(0), "0 (round 4: forfeit loss against Cy)"),
    ]
    # Dee: − ½ (penalty) + ½ + ½ (bye) + ½ + 0 = 1; the penalty belongs to no round, so it comes first.
    assert values[4].number == 1
    assert terms(values[4]) == [
        (0, None, F(-1, 2), "-0.5 (bonus or penalty set by the arbiter)"),
        (1, 3, F(1, 2), "½ (round 1: drew with Cy)"),
        (2, None, F(1, 2), "½ (round 2: half-point bye)"),
        (3, 2, F(1, 2), "½ (round 3: drew with Ben)"),
        (4, 1, F(0), "0 (round 4: lost to Ada)"),
    ]


def test_a_round_not_played_yet_adds_no_element_to_the_points() -> None:
    tournament = event(
        """
        1 Anna: 2w1 3b*
        2 Boris: 1b0 -Z
        3 Carla: -U 1w*
        """
    )
    values = derivations(tournament, "PTS")
    assert terms(values[1]) == [(1, 2, F(1), "1 (round 1: won against Boris)")]
    # A zero-point bye is a round with a result (0), and stays.
    assert terms(values[2])[1] == (2, None, F(0), "0 (round 2: zero-point bye)")


@pytest.mark.parametrize(
    ("code", "start", "number", "note"),
    [
        ("WIN", 1, 4, "rounds 1, 2, 3, 4"),
        ("WIN", 2, 0, "no round"),
        ("WON", 1, 2, "rounds 1, 4"),
        ("BPG", 1, 1, "rounds 4"),
        ("BWG", 3, 1, "rounds 2"),
        ("REP", 4, 3, "4 rounds − 1 not elected (rounds 2)"),
        ("REP", 1, 4, "4 rounds − 0 not elected"),
        ("TPN", 3, 3, "pairing number"),
    ],
)
def test_counts_name_their_rounds(code: str, start: int, number: int, note: str) -> None:
    # Ada won r1 and r4 over the board (r4 unrated, with Black); her r3 forfeit with Black is no game. Cy won r2
    # with Black. Dee asked for a half-point bye in r2.
    value = derivations(event(SWISS), code)[start]
    assert (value.number, value.note, value.elements) == (F(number), note, ())


def test_rep_counts_every_forfeit_loss_of_a_swiss_event() -> None:
    # Cy lost r3 by forfeit and r4 by double forfeit: two rounds not elected (C.07 7.6).
    value = derivations(event(SWISS), "REP")[3]
    assert (value.number, value.note) == (F(2), "4 rounds − 2 not elected (rounds 3, 4)")


def test_progressive_score_elements_and_cuts() -> None:
    ada = derivations(event(SWISS), "PS/C2")[1]
    assert ada.number == 7
    assert terms(ada) == [(3, None, F(3), "3 (after round 3)"), (4, None, F(4), "4 (after round 4)")]
    assert cut(ada) == [(1, None, F(1), "1 (after round 1)"), (2, None, F(2), "2 (after round 2)")]


def test_standard_points_round_by_round() -> None:
    values = derivations(event(SWISS), "STD")
    assert terms(values[1]) == [
        (1, 2, F(1), "1 (round 1: 1 against 0, Ben)"),
        (2, None, F(1), "1 (round 2: 1 against 0.5, a draw)"),
        (3, 3, F(1), "1 (round 3: 1 against 0, Cy)"),
        (4, 4, F(1), "1 (round 4: 1 against 0, Dee)"),
    ]
    # Ben: lost, lost, drew, double forfeit (0 against 0: the same as the scheduled opponent, ½ as written).
    assert values[2].number == 1
    assert terms(values[2])[0] == (1, 1, F(0), "0 (round 1: 0 against 1, Ada)")
    assert terms(values[2])[2:] == [
        (3, 4, F(1, 2), "½ (round 3: 0.5 against 0.5, Dee)"),
        (4, 3, F(1, 2), "½ (round 4: 0 against 0, Cy)"),
    ]


# FOUR_PLAYER_ROUND_ROBIN (tests/builders.py): Anna 1½ (lost to Dmitri r1, beat Boris r2, drew Carla r3),
# Boris 2, Carla 1, Dmitri 1½.


def test_koya_names_the_opponents_counted_and_the_limit() -> None:
    # Maximum 3: opponents with at least 1½ count: Dmitri (1½) and Boris (2); Carla (1) does not.
    anna = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "KS")[1]
    assert anna.number == 1
    assert terms(anna) == [(1, 4, F(0), "0 (Dmitri, 1.5)"), (2, 2, F(1), "1 (Boris, 2)")]
    assert anna.note == "opponents with at least 1.5"
    # /L+1: half a point more, 2: Boris only.
    raised = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "KS/L+1")[1]
    assert (terms(raised), raised.note) == ([(2, 2, F(1), "1 (Boris, 2)")], "opponents with at least 2")


def test_koya_under_three_one_zero() -> None:
    # Scores 4, 6, 2, 4 of a maximum 9: opponents with at least 4½ count, Boris only; Dmitri beat Anna (3).
    dmitri = derivations(event(FOUR_PLAYER_ROUND_ROBIN, system=PointSystem.three_one_zero()), "KS")[4]
    assert (dmitri.number, dmitri.note) == (F(0), "opponents with at least 4.5")
    assert terms(dmitri) == [(3, 2, F(0), "0 (Boris, 6)")]


def test_non_neustadtl_is_the_square_then_the_products() -> None:
    anna = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "NNSB")[1]
    assert anna.number == F(19, 4)
    assert terms(anna) == [
        (0, None, F(9, 4), "1.5² (own score squared)"),
        (1, 4, F(0), "0×1.5 (Dmitri)"),
        (2, 2, F(2), "1×2 (Boris)"),
        (3, 3, F(1, 2), "½×1 (Carla)"),
    ]


def test_non_neustadtl_with_dummies() -> None:
    # Ada (4 points) won every round: NNSB = 4² + her SB 5½, whose elements name the 2026 dummies of her PAB
    # and her forfeit win (C.07 16.4), as SB's do: 16 + ½ + 2 + 1½ + 1½ = 21½.
    ada = derivations(event(SWISS), "NNSB")[1]
    assert ada.number == F(43, 2)
    assert terms(ada) == [
        (0, None, F(16), "4² (own score squared)"),
        (1, 2, F(1, 2), "1×0.5 (Ben)"),
        (2, None, F(2), f"1×2 ({PAB_2026})"),
        (3, None, F(3, 2), f"1×1.5 ({FORFEIT_WIN_2026})"),
        (4, 4, F(3, 2), "1×1.5 (Dee)"),
    ]


def test_gelbfuhs_elements() -> None:
    # Everyone played 3 games: Anna 0×(1 + 1½/3) + 1×(1 + 2/3) + ½×(1 + 1/3) = 5/3 + 2/3 = 7/3.
    anna = derivations(event(FOUR_PLAYER_ROUND_ROBIN), "GF")[1]
    assert anna.number == F(7, 3)
    assert terms(anna) == [
        (1, 4, F(0), "0×(1 + 1.5/3) (Dmitri)"),
        (2, 2, F(5, 3), "1×(1 + 2/3) (Boris)"),
        (3, 3, F(2, 3), "½×(1 + 1/3) (Carla)"),
    ]


def test_gelbfuhs_under_three_one_zero_divides_by_a_wins_points() -> None:
    # Scores 4, 6, 2, 4; the score fraction is s / (n × 3): Anna 0 + 3×(1 + 6/9) + 1×(1 + 2/9) = 5 + 11/9.
    anna = derivations(event(FOUR_PLAYER_ROUND_ROBIN, system=PointSystem.three_one_zero()), "GF")[1]
    assert anna.number == F(56, 9)
    assert terms(anna) == [
        (1, 4, F(0), "0×(1 + 4/(3×3)) (Dmitri)"),
        (2, 2, F(5), "3×(1 + 6/(3×3)) (Boris)"),
        (3, 3, F(11, 9), "1×(1 + 2/(3×3)) (Carla)"),
    ]


def test_gelbfuhs_with_a_win_worth_one_unit() -> None:
    # 1-0-0: Anna 1 (beat Boris), Boris 2, Carla 0, Dmitri 1. Anna: 1×(1 + 2/3) = 5/3.
    system = PointSystem(win=F(1), draw=F(0), loss=F(0))
    values = derivations(event(FOUR_PLAYER_ROUND_ROBIN, system=system), "GF")
    assert values[1].number == F(5, 3)
    # Boris: beat Carla (0 points) and Dmitri (1): 1×(1 + 0/3) + 1×(1 + 1/3) = 7/3.
    assert values[2].number == F(7, 3)


def test_gelbfuhs_needs_a_win_worth_points() -> None:
    from sonneborn.errors import TiebreakError

    system = PointSystem(win=F(0), draw=F(0), loss=F(0))
    with pytest.raises(TiebreakError) as raised:
        derivations(event(FOUR_PLAYER_ROUND_ROBIN, system=system), "GF")
    assert str(raised.value) == (
        "GF needs a point system in which a win is worth points (the score fraction divides by it)"
    )


def test_average_of_opponents_buchholz_elements() -> None:
    # Rules "none" (BH: forfeits are games, byes add nothing): BH Ada 3½, Ben 8½, Cy 6½, Dee 6. AOB counts the
    # opponents met over the board only: Ada met Ben (r1) and Dee (r4, unrated but played): (8½ + 6) / 2.
    ada = derivations(event(SWISS), "AOB", Rules.NONE)[1]
    assert ada.number == F(29, 4)
    assert terms(ada) == [(1, 2, F(17, 2), "8.5 (Ben)"), (4, 4, F(6), "6 (Dee)")]
    assert (ada.mean, ada.note) == (True, "opponents' BH")


def test_average_of_opponents_fore_buchholz_names_it() -> None:
    ada = derivations(event(SWISS), "AOB/F", Rules.NONE)[1]
    assert ada.note == "opponents' FB"


def test_a_player_without_a_game_over_the_board_has_no_aob() -> None:
    # Anna beat Boris and won by forfeit against Carla; Carla played no game over the board. Boris's BH: Anna 2
    # + his PAB's dummy 1 (own score, at the cap of ½ × 2 rounds) = 3; Anna's AOB averages Boris alone.
    tournament = event(
        """
        1 Anna: 2w1 3-+
        2 Boris: 1b0 -U
        3 Carla: -Z 1--
        """
    )
    values = derivations(tournament, "AOB")
    assert (values[1].number, terms(values[1])) == (F(3), [(1, 2, F(3), "3 (Boris)")])
    assert (values[3].number, values[3].note, values[3].elements) == (None, "no game played over the board", ())
    # The column the ranking compares says the same.
    assert builders_values(tournament, "AOB") == {1: 3, 2: values[2].number, 3: None}


def test_ranking_by_aob_compares_averages_over_different_numbers_of_games() -> None:
    # Rules "none": Cy and Dee tie on 1½. Cy met Dee (BH 6) and Ben (8½) over the board: 7¼; Dee met Cy (6½),
    # Ben (8½) and Ada (3½): 18½/3 = 6⅙. Cy ranks 2nd, Dee 3rd.
    standings = rank(event(SWISS), parse_list("AOB"), rules=Rules.NONE)
    assert [(row.rank, row.player.name) for row in standings.rows] == [(1, "Ada"), (2, "Cy"), (3, "Dee"), (4, "Ben")]
    assert [row.values["AOB"].number for row in standings.rows] == [F(29, 4), F(29, 4), F(37, 6), F(16, 3)]


def test_an_adjusted_score_says_which_rounds_counted_as_draws() -> None:
    # Dan withdrew after round 2 (zero-point byes in rounds 3 and 4, C.07 16.2.5): his opponents see
    # ½ + ½ + ½ + ½ = 2 instead of his 1 (16.3). Bob's half-point bye in the last round is 16.2.5 too, but
    # counted as a draw it stays ½: his 1½ is seen as it is, with nothing to say.
    withdrawn = event(
        """
        1 Ann: 2w1 3b1 -U 3w1
        2 Bob: 1b0 4w= 3w= -H
        3 Cid: 4b= 1w0 2b= 1b0
        4 Dan: 3w= 2b= -Z -Z
        """
    )
    values = derivations(withdrawn, "BH", Rules.FIDE_2023)
    assert terms(values[1])[0] == (1, 2, F(3, 2), "1.5 (Bob)")
    assert terms(values[3])[0] == (1, 4, F(2), "2 (Dan, adjusted score 2 (16.3: rounds 3, 4 counted as draws))")


def test_the_voluntary_unplayed_rounds_are_categories_3_to_5() -> None:
    # C.07 16.1.2: requested byes and forfeit losses; not byes the pairing gave nor forfeit wins.
    assert [category.voluntary for category in Category] == [False, False, True, True, True]
    assert [category.code for category in Category] == [1, 2, 3, 4, 5]
    assert str(Category.LAST_BYES) == "cat. 16.2.5"


def test_a_vur_as_low_as_the_least_significant_value_is_the_one_cut() -> None:
    # Ann: beat Bob (1½), lost to Cid (2½), half-point bye in the last round (16.2.5, a VUR): a dummy of her own
    # 1½, at the 2026 cap of ½ × 3 rounds but not above it. BH 5½. Cut-1: the least significant value is
    # Bob's 1½; the VUR's 1½ is not lower, so C.07 16.5 cuts the VUR. BH/C1 = 4 either way, the derivation
    # says which element went.
    tournament = event(
        """
        1 Ann: 2w1 3b0 -H
        2 Bob: 1b0 4w1 3b=
        3 Cid: 4w1 1w1 2w=
        4 Dan: 3b0 2b0 -U
        """
    )
    ann = derivations(tournament, "BH/C1")[1]
    assert ann.number == 4
    assert terms(ann) == [(1, 2, F(3, 2), "1.5 (Bob)"), (2, 3, F(5, 2), "2.5 (Cid)")]
    assert cut(ann) == [
        (3, None, F(3, 2), "1.5 (round 3: half-point bye, cat. 16.2.5, dummy with own score 1.5 (16.4))")
    ]


def test_with_forfeits_played_a_forfeit_loss_is_no_vur_to_prefer() -> None:
    # Cy with /P: Dee 1½, Ben ½, Ada 4 (his forfeit loss, a game now), Ben ½ (the double forfeit) = 6½. No round
    # is unplayed, so no VUR: Cut-1 takes the lowest, Ben's ½, from the earliest round among equals (round 2).
    cy = derivations(event(SWISS), "BH/C1/P")[3]
    assert cy.number == 6
    assert cut(cy) == [(2, 2, F(1, 2), "0.5 (Ben)")]


def test_a_cut_of_more_elements_than_a_player_has_leaves_0() -> None:
    # Rules "none": Ann met only Bob (her bye adds nothing), Dan only Cid; Cut-2 removes their single element
    # and nothing more, whatever the others still have.
    tournament = event(
        """
        1 Ann: 2w1 -U
        2 Bob: 1b0 3w1
        3 Cid: 4w= 2b0
        4 Dan: 3b= -U
        """
    )
    assert builders_values(tournament, "BH/C2", Rules.NONE) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert builders_values(tournament, "BH/C1", Rules.NONE) == {1: 0, 2: 2, 3: F(3, 2), 4: 0}


def test_unplayed_results_are_named_as_arbiters_name_them() -> None:
    assert [describe_kind(kind) for kind in (K.PAIRING_BYE, K.FULL_BYE, K.HALF_BYE, K.ZERO_BYE)] == [
        "pairing-allocated bye",
        "full-point bye",
        "half-point bye",
        "zero-point bye",
    ]
    assert (describe_kind(K.FORFEIT_WIN), describe_kind(K.FORFEIT_LOSS)) == ("forfeit win", "forfeit loss")
    # Any other kind by its TRF code.
    assert (describe_kind(K.NOT_PLAYED), describe_kind(K.UNRATED_WIN)) == ("*", "W")


FORFEITED_ALIKE = """
1 Ann: 3w1 5-+ 2w=
2 Bob: 4w1 6-+ 1b=
3 Cyd: 1b0 4w= 5b0
4 Dan: 2b0 3b= 6w1
5 Eve: 6w= 1-- 3w1
6 Fay: 5b= 2-- 4b0
"""
"""Ann and Bob, 2½ each, both win by forfeit in round 2: against Eve (1½ in the end) and Fay (½)."""


def test_dummies_alike_in_all_but_their_cap_read_differently() -> None:
    # Same round, same kind, same category, same own score: each dummy is capped by its own scheduled
    # opponent's adjusted score (16.4.1), Eve's 1½ for Ann and Fay's ½ for Bob, and says so.
    found = derivations(event(FORFEITED_ALIKE), "BH")
    words = "round 2: forfeit win, cat. 16.2.2, dummy with own score 2.5 capped at {} (16.4.1, the scheduled " \
        "opponent's adjusted score) (16.4)"  # fmt: skip
    assert terms(found[1])[1] == (2, None, F(3, 2), f"1.5 ({words.format('1.5')})")
    assert terms(found[2])[1] == (2, None, F(1, 2), f"0.5 ({words.format('0.5')})")
    # Ann: Cyd ½ + dummy 1½ + Bob 2½ = 4½; Bob: Dan 1½ + dummy ½ + Ann 2½ = 4½.
    assert (found[1].number, found[2].number) == (F(9, 2), F(9, 2))


# ASCII ids: pytest escapes a ½ in a given id again in each session, and mutmut runs two in one process.
@pytest.mark.parametrize("system", [PointSystem(), PointSystem.three_one_zero()], ids=["1-half-0", "3-1-0"])
def test_every_derivation_adds_up_to_its_value(system: PointSystem) -> None:
    # Whatever the unit of the point system (½ point, or 1 under 3-1-0, where SB's elements are in units
    # squared), the addends kept sum to the value, or average to it (rounded half up where it is a whole number).
    from sonneborn.tiebreaks import REGISTRY
    from sonneborn.tiebreaks.rating import round_half_up

    tournament = replace(event(FORFEITED_ALIKE, ratings={1: 2100, 2: 2000, 3: 1900, 4: 1800, 5: 1700, 6: 1600}),
                         point_system=system)  # fmt: skip
    standings = rank(tournament, parse_list(",".join(code for code, d in REGISTRY.items() if not d.teams)))
    checked = set()
    for key in ["PTS", *standings.codes]:
        column = standings.column(key)
        for row in range(len(tournament)):
            value = column.value(row)
            if value.number is None or not value.elements:
                continue
            total = sum((element.value for element in value.elements), F(0))
            if not value.mean:
                assert total == value.number, (key, row)
            elif REGISTRY[key].integral:
                assert value.number == round_half_up(total / len(value.elements)), (key, row)
            else:
                assert value.number == total / len(value.elements), (key, row)
            checked.add(key)
    assert {"PTS", "BH", "FB", "SB", "NNSB", "GF", "PS", "AOB", "ARO", "APRO", "APPO", "STD", "SOLK"} <= checked


def test_a_performance_without_a_game_over_the_board_says_so() -> None:
    # Cat took two half-point byes: no TPR, and why; Ann beat Bob (1800), p = 1 gives dp 800.
    tournament = event("1 Ann: 2w1 -U\n2 Bob: 1b0 -Z\n3 Cat: -H -H", ratings={1: 2000, 2: 1800, 3: 1900})
    found = derivations(tournament, "TPR")
    assert (found[3].number, found[3].note) == (None, "no game over the board")
    assert (found[1].number, found[1].note) == (F(2600), "ARO 1800 + dp(1.00)=800; p = 1/1")


def test_the_points_of_a_field_of_one() -> None:
    # The only player, given a pairing-allocated bye: one addend, no opponent to name.
    from sonneborn.explain import explained

    standings = rank(event("1 Ann: -U"), parse_list("WIN"))
    assert explained(standings, "PTS") == ["PTS 1 = 1 (round 1: pairing-allocated bye)"]
    assert terms(standings.points.value(0)) == [(1, None, F(1), "1 (round 1: pairing-allocated bye)")]


def test_a_round_robins_points_read_by_opponent_in_every_derivation_at_once() -> None:
    # Anna lost to Dmitri in round 1, beat Boris in round 2, drew Carla in round 3: by opponent, as the grid.
    from sonneborn.explain import explained

    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN), parse_list("SB"))
    anna = explained(standings, "PTS")[standings.order.tolist().index(0)]
    assert anna == (
        "PTS 1.5 = 1 (round 2: won against Boris) + ½ (round 3: drew with Carla) + 0 (round 1: lost to Dmitri)"
    )


def test_a_round_robins_averages_read_by_opponent_in_every_derivation_at_once() -> None:
    # BH in a round robin: Anna 1½+2+1 = 4½, Boris 1+1½+1½ = 4, Carla 2+1½+1½ = 5, Dmitri 1½+1+2 = 4½.
    # Anna met Boris, Carla and Dmitri (rated 1900, 1800, 1700): by opponent, as the grid reads.
    from sonneborn.explain import explained

    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 1700}
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN, ratings=ratings), parse_list("AOB,ARO"))
    anna = standings.order.tolist().index(0)
    assert explained(standings, "AOB")[anna] == "AOB 4.5 = (4 (Boris) + 5 (Carla) + 4.5 (Dmitri)) / 3 (opponents' BH)"
    assert explained(standings, "ARO")[anna] == (
        "ARO 1800 = (1900 (Boris) + 1800 (Carla) + 1700 (Dmitri)) / 3 (average of 3 ratings: 1800, rounded half up)"
    )


def test_a_round_robins_free_round_comes_first_in_the_points() -> None:
    # Three players, one free each round (recorded as a zero-point bye): a round without an opponent reads
    # first, and is named the free round it is (issue 18).
    from sonneborn.explain import explained
    from sonneborn.model import EventKind

    text = "1 Ann: 2w1 -Z 3b=\n2 Ben: 1b0 3w1 -Z\n3 Cat: -Z 2b0 1w="
    ratings = {1: 2000, 2: 1900, 3: 1801}
    standings = rank(event(text, kind=EventKind.ROUND_ROBIN, ratings=ratings), parse_list("AOB,ARO"))
    ann = standings.order.tolist().index(0)
    assert explained(standings, "PTS")[ann] == (
        "PTS 1.5 = 0 (round 2: free round) + 1 (round 1: won against Ben) + ½ (round 3: drew with Cat)"
    )
    # Scores 1½, 1, ½; a free round adds nothing to BH (C.07 15.2): Ben 1½ + ½ = 2, Cat 1 + 1½ = 2½. The
    # averages skip Ann's free round.
    assert explained(standings, "AOB")[ann] == "AOB 2.25 = (2 (Ben) + 2.5 (Cat)) / 2 (opponents' BH)"
    assert explained(standings, "ARO")[ann] == (
        "ARO 1851 = (1900 (Ben) + 1801 (Cat)) / 2 (average of 2 ratings: 1850.5, rounded half up)"
    )


def test_the_free_round_of_an_odd_round_robin_is_named_so_and_stays_a_zero_point_bye() -> None:
    # Issue 18: rr5 of the hand answers, five players, each with one free round; #1 (A: beat #2, drew #3,
    # lost to #4, beat #5, free in round 5) has 2.5. The free round is named so in the points, alone or among
    # all the players, and keeps its kind: not a bye he asked for (REP 5, C.07 7.6), no element of SB (15.2).
    from answers import load

    from sonneborn.explain import explain_value, explained
    from sonneborn.model import EventKind

    rr5 = event(load("hand.toml")["events"]["rr5"]["lines"], kind=EventKind.ROUND_ROBIN)
    standings = rank(rr5, parse_list("REP,SB"), rules=Rules.FIDE_2024)
    expected = (
        "PTS 2.5 = 0 (round 5: free round) + 1 (round 1: won against B) + ½ (round 2: drew with C) + "
        "0 (round 3: lost to D) + 1 (round 4: won against E)"
    )
    assert explain_value(standings, 1, "PTS") == expected
    assert explained(standings, "PTS")[standings.order.tolist().index(0)] == expected
    assert terms(standings.points.value(0))[-1] == (5, None, F(0), "0 (round 5: free round)")
    assert standings.row(1).values["REP"].number == 5
    assert [e.round for e in standings.row(1).values["SB"].elements] == [1, 2, 3, 4]


def test_a_zero_point_bye_outside_an_odd_round_robin_stays_a_zero_point_bye() -> None:
    # A Swiss event's zero-point bye (a round the player asked to miss), and an absence from a round robin of
    # four players (who all play every round): neither is a free round.
    from sonneborn.model import EventKind

    swiss = rank(event("1 Ann: 2w1 -Z\n2 Ben: 1b0 -U"), parse_list("BH"))
    assert terms(swiss.points.value(0)) == [
        (1, 2, F(1), "1 (round 1: won against Ben)"),
        (2, None, F(0), "0 (round 2: zero-point bye)"),
    ]
    four = "1 Ann: 2w1 3b= -Z\n2 Ben: 1b0 -Z 3w1\n3 Cat: -Z 1w= 2b0\n4 Dan: -Z -Z -Z"
    absent = rank(event(four, kind=EventKind.ROUND_ROBIN), parse_list("SB"))
    assert terms(absent.points.value(0))[-1] == (3, None, F(0), "0 (round 3: zero-point bye)")
