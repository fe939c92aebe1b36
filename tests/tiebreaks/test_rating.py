"""The rating-based tie-breaks of C.07 Art. 10 (ARO, TPR, PTP, APRO, APPO, RTNG) worked by hand."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction as F
from importlib.resources import files

import pytest
from builders import column, derivations, event

from sonneborn.errors import TiebreakError
from sonneborn.model import EventKind, PointSystem, StartNo, Tournament
from sonneborn.ranking import rank
from sonneborn.tiebreaks import REGISTRY, Spec, Value, parse_list
from sonneborn.tiebreaks.rating import TABLES_FILE, expected_score, rating_difference

RATINGS = {1: 2412, 2: 2305, 3: 2231, 4: 2150, 5: 2087, 6: 1999}

# Round 2: Cy wins against Eve by forfeit, which no rating tie-break counts.
SWISS = """
1 Ada: 4w1 2w1 3w1
2 Ben: 5w= 1b0 6w1
3 Cy: 6w0 5-+ 1b0
4 Dee: 1b0 6w= 5w0
5 Eve: 2b= 3-- 4b1
6 Fay: 3b1 4b= 2b0
"""


def rated(text: str, ratings: Mapping[StartNo, int | None], *, system: PointSystem | None = None) -> Tournament:
    """The event of the builder's notation with these ratings (missing = unrated)."""
    tournament = event(text, system=system)
    players = tuple(replace(p, rating=ratings.get(p.start)) for p in tournament.players)
    return replace(tournament, players=players)


def numbers(tournament: Tournament, code: str, *, unrated_rating: int | None = None) -> dict[int, F | None]:
    from builders import values

    return values(tournament, code, unrated_rating=unrated_rating)


def test_table_spot_checks() -> None:
    # B.02 8.1.1: row 0.6, column .07 is 125; the table is antisymmetric.
    assert rating_difference(F(67, 100)) == 125
    assert rating_difference(F(33, 100)) == -125
    assert rating_difference(F(2, 3)) == 125  # 0.6667 → 0.67
    assert rating_difference(F(5, 8)) == 95  # 0.625 → 0.63, half up
    assert rating_difference(F(0)) == -800
    assert rating_difference(F(1)) == 800
    assert all(rating_difference(F(i, 100)) == -rating_difference(F(100 - i, 100)) for i in range(101))
    # B.02 8.1.2: 518–559 → 0.97 (the logistic curve would say 0.957); 620–735 → 0.99; over 735 → 1.
    assert expected_score(538) == F(97, 100)
    assert expected_score(-538) == F(3, 100)
    assert expected_score(0) == expected_score(-3) == F(1, 2)
    assert expected_score(735) == F(99, 100)
    assert expected_score(736) == 1
    assert expected_score(-736) == 0


def test_tables_ship_with_their_source() -> None:
    data = json.loads(files("sonneborn").joinpath("data", TABLES_FILE).read_text(encoding="utf-8"))
    assert data["source"]["url"] == "https://handbook.fide.com/chapter/B022024"
    assert len(data["dp"]["values"]) == 101
    rows = data["pd"]["rows"]
    assert len(rows) == 51
    # Contiguous ranges from 0 to 735, then "over 735"; PD(H) + PD(L) = 1.
    assert all(a["to"] + 1 == b["from"] for a, b in itertools.pairwise(rows))
    assert all(row["higher"] + row["lower"] == 100 for row in rows)


def test_average_rating_of_opponents() -> None:
    tournament = rated(SWISS, RATINGS)
    # Ada: (2150 + 2305 + 2231)/3 = 6686/3 = 2228.67 → 2229.
    # Cy: Fay 1999 and Ada 2412, not Eve (forfeit): 4411/2 = 2205.5 → 2206 (half up).
    # Eve: Ben 2305 and Dee 2150, not Cy: 4455/2 = 2227.5 → 2228.
    assert numbers(tournament, "ARO") == {1: 2229, 2: 2166, 3: 2206, 4: 2166, 5: 2228, 6: 2229}
    # /C1 drops the lowest rating: Ada (2305 + 2231)/2 = 2268; Ben and Dee drop Fay's 1999:
    # (2087 + 2412)/2 = 2249.5 → 2250; Cy 2412; Eve 2305; Fay drops Dee's 2150: 2268.
    assert numbers(tournament, "ARO/C1") == {1: 2268, 2: 2250, 3: 2412, 4: 2250, 5: 2305, 6: 2268}
    value = derivations(tournament, "ARO/C1")[1]
    assert [e.text for e in value.cut] == ["2150 (Dee)"]
    assert [e.text for e in value.elements] == ["2305 (Ben)", "2231 (Cy)"]


def test_aro_cut_with_a_single_game_over_the_board_has_no_value() -> None:
    # Held ex. 18: ARO-C1 of a player with one opponent met over the board has no value.
    # Ada played only Ben (round 2 is a forfeit win); Ben and Dee drew an unrated game, which counts.
    text = """
    1 Ada: 2w1 3-+
    2 Ben: 1b0 4wD
    3 Cy: 4b1 1--
    4 Dee: 3w0 2bD
    """
    tournament = rated(text, {1: 2400, 2: 2301, 3: 2200, 4: 2100})
    for kind in (None, EventKind.ROUND_ROBIN):  # forfeits stay out in round robins too (C.07 15.2)
        values = numbers(tournament.with_kind(kind), "ARO")
        assert values == {1: 2301, 2: 2250, 3: 2100, 4: 2251}  # Ben (2400 + 2100)/2; Dee 4501/2 → 2251
        assert numbers(tournament.with_kind(kind), "ARO/C1") == {1: None, 2: 2400, 3: None, 4: 2301}


def test_tournament_performance_rating() -> None:
    tournament = rated(SWISS, RATINGS)
    # Ada 3/3: p = 1 → +800: 2229 + 800.   Cy 0/2 over the board: 2206 − 800.
    # Ben 1½/3 and Fay 1½/3: p = 0.50 → 0.   Dee ½/3 = 0.1667 → 0.17 → −273: 2166 − 273.
    # Eve 1½/2 = 0.75 → 193: 2228 + 193.
    assert numbers(tournament, "TPR") == {1: 3029, 2: 2166, 3: 1406, 4: 1893, 5: 2421, 6: 2229}
    assert derivations(tournament, "TPR")[5].note == "ARO 2228 + dp(0.75)=193; p = 1½/2"


def test_tpr_counts_results_one_half_zero_whatever_the_point_system() -> None:
    tournament = rated(SWISS, RATINGS, system=PointSystem.three_one_zero())
    assert numbers(tournament, "TPR") == {1: 3029, 2: 2166, 3: 1406, 4: 1893, 5: 2421, 6: 2229}


def test_perfect_tournament_performance() -> None:
    tournament = rated(SWISS, RATINGS)
    # Ada 3/3: the lowest R with expected score 3 is 2305 + 736 = 3041 (at 3040, D = 735 against Ben
    # gives 0.99).
    # Cy 0/2: lowest opponent 1999 − 800 = 1199.
    # Ben 1½ against 2087, 2412, 1999: at 2156, D = 69, −256, 157 → 0.60 + 0.19 + 0.71 = 1.50;
    #   at 2155, D = 68, −257, 156 → 0.59 + 0.18 + 0.71 = 1.48.
    # Dee ½ against 2412, 1999, 2087: at 1837, D = −575, −162, −250 → 0.02 + 0.29 + 0.19 = 0.50;
    #   at 1836, D = −576, −163, −251 → 0.02 + 0.28 + 0.19 = 0.49.
    # Eve 1½ against 2305, 2150: at 2427, D = 122, 277 → 0.67 + 0.83 = 1.50;
    #   at 2426, D = 121, 276 → 0.66 + 0.83 = 1.49.
    # Fay 1½ against 2231, 2150, 2305: at 2228, D = −3, 78, −77 → 0.50 + 0.61 + 0.39 = 1.50;
    #   at 2227, D = −4, 77, −78 → 0.49 + 0.61 + 0.39 = 1.49.
    assert numbers(tournament, "PTP") == {1: 3041, 2: 2156, 3: 1199, 4: 1837, 5: 2427, 6: 2228}
    assert derivations(tournament, "PTP")[3].note == "zero score: lowest opponent 1999 − 800"


def test_averages_of_the_opponents_performances() -> None:
    tournament = rated(SWISS, RATINGS)
    # TPR: Ada 3029, Ben 2166, Cy 1406, Dee 1893, Eve 2421, Fay 2229.
    # Ada met Dee, Ben, Cy: 5465/3 = 1821.67 → 1822.  Ben met Eve, Ada, Fay: 7679/3 → 2560.
    # Cy met Fay, Ada: 5258/2 = 2629.  Eve met Ben, Dee: 4059/2 = 2029.5 → 2030.
    assert numbers(tournament, "APRO") == {1: 1822, 2: 2560, 3: 2629, 4: 2560, 5: 2030, 6: 1822}
    # PTP: Ada 3041, Ben 2156, Cy 1199, Dee 1837, Eve 2427, Fay 2228.
    # Ada: 5192/3 = 1730.67 → 1731.  Ben: 7696/3 = 2565.33 → 2565.  Cy: 5269/2 = 2634.5 → 2635.
    # Eve: 3993/2 = 1996.5 → 1997.
    assert numbers(tournament, "APPO") == {1: 1731, 2: 2565, 3: 2635, 4: 2565, 5: 1997, 6: 1731}
    value = derivations(tournament, "APRO")[5]
    assert [e.text for e in value.elements] == ["2166 (Ben)", "1893 (Dee)"]
    assert value.note == "average of 2 TPRs: 2029.5, rounded half up"


def test_no_game_over_the_board_no_value() -> None:
    text = """
    1 Ada: 2w1 3-+
    2 Ben: 1b0 -H
    3 Cy: -Z 1--
    """
    tournament = rated(text, {1: 2400, 2: 2300, 3: 2200})
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO"):
        assert numbers(tournament, code)[3] is None, code


def test_an_unrated_participant_drops_them_for_everyone() -> None:
    tournament = rated(SWISS, {**RATINGS, 6: None})
    for code in ("ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG"):
        values = derivations(tournament, code)
        assert {v.number for v in values.values()} == {None}
        assert values[1].note == "dropped: player(s) 6 unrated (C.07 10); give --unrated-rating or /U<N>"
        assert [str(w) for w in column(tournament, code).warnings] == [
            f"{code} dropped: player(s) 6 unrated (C.07 10); give --unrated-rating or /U<N>"
        ]
    # A rating of 0 means unrated as well.
    assert set(numbers(rated(SWISS, {**RATINGS, 2: 0}), "TPR").values()) == {None}


def test_an_assumed_rating_for_the_unrated() -> None:
    tournament = rated(SWISS, {**RATINGS, 6: None})
    # With Fay at 1000: Ben (2087 + 2412 + 1000)/3 = 5499/3 = 1833; Cy (1000 + 2412)/2 = 1706.
    # Ada never met Fay, and Fay's own opponents are rated: both keep 2229.
    expected = {1: 2229, 2: 1833, 3: 1706, 4: 1833, 5: 2228, 6: 2229}
    assert numbers(tournament, "ARO/U1000") == expected
    assert numbers(tournament, "ARO", unrated_rating=1000) == expected
    assert numbers(tournament, "ARO/U1000", unrated_rating=1500) == expected  # /U wins over the option
    value = derivations(tournament, "ARO/U1000")[3]
    assert [e.text for e in value.elements] == ["1000 (Fay, unrated: assumed)", "2412 (Ada)"]


def test_rating() -> None:
    # Everyone rated: each player's own rating.
    assert numbers(rated(SWISS, RATINGS), "RTNG") == RATINGS


def test_rating_with_an_unrated_participant_issue_12() -> None:
    # C.07 10: with an unrated participant every rating tie-break is dropped, 10.6 RTNG included (the test
    # above checks the values and the warning), unless a rating is given for the unrated.
    tournament = rated(SWISS, {**RATINGS, 6: None})
    assert numbers(tournament, "RTNG/R/U1000") == {**RATINGS, 6: 1000}
    assert numbers(tournament, "RTNG", unrated_rating=1200) == {**RATINGS, 6: 1200}
    assert derivations(tournament, "RTNG", unrated_rating=1200)[6].note == "unrated: assumed rating"


def test_definitions() -> None:
    by_code = {code: REGISTRY[code] for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")}
    assert all(d.integral and d.article.startswith("C.07 10.") for d in by_code.values())
    by_code["ARO"].check(Spec.parse("ARO/C1/U1000"))
    by_code["RTNG"].check(Spec.parse("RTNG/R"))
    with pytest.raises(TiebreakError):
        by_code["TPR"].check(Spec.parse("TPR/C1"))
    with pytest.raises(TiebreakError):
        by_code["ARO"].check(Spec.parse("ARO/R"))


def test_a_score_short_of_the_extremes_reads_the_rows_of_0_01_and_0_99() -> None:
    # B.02 8.1.1: 0.01 gives −677, 0.99 gives 677. Half up to two decimals, 1/201 would read 0.00 and 200/201
    # 1.00, the rows of a zero and a full score: a score neither 0 nor 100 % is kept within 0.01–0.99.
    assert rating_difference(F(1, 201)) == -677
    assert rating_difference(F(200, 201)) == 677
    assert rating_difference(F(1, 200)) == -677  # 0.005, half up to 0.01


def test_performances_of_201_games_between_two_players() -> None:
    # Ada (2000) wins 200 games against Ben (1800) and draws one.
    # TPR: Ada 1800 + dp(200½/201 = 0.9975, kept at 0.99) = 1800 + 677; Ben 2000 + dp(½/201, kept at 0.01) = 2000 − 677.
    # PTP: Ada needs 201 × PD ≥ 200½, PD = 1.00: R − 1800 ≥ 736; Ben needs PD ≥ ½/201: 0.01, from R − 2000 = −735.
    rounds = 201
    ada = " ".join(["2w1" if r % 2 else "2b1" for r in range(rounds - 1)] + ["2w="])
    ben = " ".join(["1b0" if r % 2 else "1w0" for r in range(rounds - 1)] + ["1b="])
    tournament = rated(f"1 Ada: {ada}\n2 Ben: {ben}", {1: 2000, 2: 1800})
    assert numbers(tournament, "TPR") == {1: 2477, 2: 1323}
    assert derivations(tournament, "TPR")[2].note == "ARO 2000 + dp(0.01)=-677; p = ½/201"
    assert numbers(tournament, "PTP") == {1: 2536, 2: 1265}


@pytest.mark.parametrize(
    ("result", "tpr", "ptp"),
    [
        # A draw: p = ½, dp 0; PD(D) = 0.50 for D from −3 to 3, so the lowest R reaching ½ is 3 below.
        ("=", {1: 1900, 2: 2000}, {1: 1897, 2: 1997}),
        # A win: +800 and 736 above the opponent; the loser scored 0: −800, and his opponent − 800 (10.3).
        ("1", {1: 2700, 2: 1200}, {1: 2636, 2: 1200}),
    ],
)
def test_performances_after_a_single_game(result: str, tpr: dict[int, int], ptp: dict[int, int]) -> None:
    other = {"=": "=", "1": "0"}[result]
    tournament = rated(f"1 Ada: 2w{result}\n2 Ben: 1b{other}", {1: 2000, 2: 1900})
    assert numbers(tournament, "TPR") == tpr
    assert numbers(tournament, "PTP") == ptp
    # Each one's only opponent's performance is his average (10.4, 10.5).
    assert numbers(tournament, "APRO") == {1: tpr[2], 2: tpr[1]}
    assert numbers(tournament, "APPO") == {1: ptp[2], 2: ptp[1]}


def test_the_perfect_performance_has_no_floor() -> None:
    # Ada (1000) drew one game and lost two against three opponents rated 200 (say, assumed for the unrated):
    # 3 × PD(R − 200) ≥ ½ needs PD ≥ 0.17, which B.02 8.1.2 gives down to a difference of −278 (0.16 from −279).
    text = """
    1 Ada: 2w= 3b0 4w0
    2 Ben: 1b= 4b1 3w1
    3 Cid: 4w1 1w1 2b0
    4 Dan: 3b0 2w0 1b1
    """
    tournament = rated(text, {1: 1000, 2: 200, 3: 200, 4: 200})
    assert numbers(tournament, "PTP")[1] == -78


def test_notes_of_the_performances() -> None:
    tournament = rated(SWISS, RATINGS)
    # Ada scored 3/3: p = 1.00 (B.02 8.1.1: +800).
    assert derivations(tournament, "TPR")[1].note == "ARO 2229 + dp(1.00)=800; p = 3/3"
    # Eve played Ben (2305) and Dee (2150) over the board, not Cy (a forfeit): at 2427 0.67 + 0.83, at 2426
    # 0.66 + 0.83.
    assert derivations(tournament, "PTP")[5].note == (
        "lowest R with Σ PD(R − Rᵢ) ≥ 1½: Σ = 1.5 at 2427, 1.49 at 2426; opponents 2305, 2150"
    )
    # Two draws against 2000 and 2001: at 1998 D = −2, −3: 0.50 + 0.50 = 1; at 1997 D = −3, −4: 0.50 + 0.49.
    two = rated("1 Ada: 2w= 3b=\n2 Ben: 1b= -U\n3 Cy: -U 1w=", {1: 2100, 2: 2000, 3: 2001})
    assert derivations(two, "PTP")[1].note == (
        "lowest R with Σ PD(R − Rᵢ) ≥ 1: Σ = 1 at 1998, 0.99 at 1997; opponents 2000, 2001"
    )


def test_ranking_by_a_perfect_performance_some_players_lack() -> None:
    # Points decide (1½, 1, ½); the PTP column is computed for the ranking all the same: Ada and Ben drew,
    # 3 below each other's rating; Cy played no game over the board and has none.
    text = """
    1 Ada: 2w= 3-+
    2 Ben: 1b= -H
    3 Cy: -H 1--
    """
    standings = rank(rated(text, {1: 2400, 2: 2300, 3: 2200}), parse_list("PTP"))
    assert [(row.rank, row.player.name) for row in standings.rows] == [(1, "Ada"), (2, "Ben"), (3, "Cy")]
    assert [row.values["PTP"].number for row in standings.rows] == [2297, 2397, None]


def test_a_dropped_column_has_no_value_and_no_double() -> None:
    found = column(rated(SWISS, {**RATINGS, 6: None}), "ARO")
    assert found.denominator.tolist() == [1] * 6
    assert all(math.isnan(value) for value in found.floats().tolist())


def test_a_zero_score_reads_the_players_own_lowest_opponent() -> None:
    # Ben and Cy each lost their only game to Ada (2000): 2000 − 800, whatever Ada's other opponents.
    # Ada's full score: her highest opponent (1800) + 736.
    text = """
    1 Ada: 2w1 3b1
    2 Ben: 1b0 -U
    3 Cy: -U 1w0
    """
    tournament = rated(text, {1: 2000, 2: 1500, 3: 1800})
    assert numbers(tournament, "PTP") == {1: 2536, 2: 1200, 3: 1200}
    assert derivations(tournament, "PTP")[3].note == "zero score: lowest opponent 2000 − 800"


def test_rating_derivations_element_by_element() -> None:
    tournament = rated(SWISS, RATINGS)
    ada = derivations(tournament, "ARO")[1]
    # Ada met Dee (r1), Ben (r2), Cy (r3): 6686/3 → 2229.
    assert [(e.round, e.opponent, e.value, e.text) for e in ada.elements] == [
        (1, 4, F(2150), "2150 (Dee)"),
        (2, 2, F(2305), "2305 (Ben)"),
        (3, 3, F(2231), "2231 (Cy)"),
    ]
    assert (ada.number, ada.note, ada.mean) == (F(2229), "average of 3 ratings: 6686/3, rounded half up", True)
    # Ben's PTP: at 2156 the expected score against 2087, 2412, 1999 is 0.60 + 0.19 + 0.71 = 1.50, at 2155 1.48.
    assert derivations(tournament, "PTP")[2].note == (
        "lowest R with Σ PD(R − Rᵢ) ≥ 1½: Σ = 1.5 at 2156, 1.48 at 2155; opponents 2087, 2412, 1999"
    )
    # Eve met Ben (r1) and Dee (r3), not Cy (a forfeit): PTPs 2156 and 1837, 3993/2 → 1997.
    eve = derivations(tournament, "APPO")[5]
    assert [(e.round, e.opponent, e.value, e.text) for e in eve.elements] == [
        (1, 2, F(2156), "2156 (Ben)"),
        (3, 4, F(1837), "1837 (Dee)"),
    ]
    assert (eve.note, eve.mean) == ("average of 2 PTPs: 1996.5, rounded half up", True)


def test_aro_cut_of_a_single_game_names_what_was_cut() -> None:
    text = """
    1 Ada: 2w1 3-+
    2 Ben: 1b0 -U
    3 Cy: -Z 1--
    """
    values = derivations(rated(text, {1: 2400, 2: 2301, 3: 2200}), "ARO/C1")
    assert (values[1].number, values[1].note) == (None, "no rating left after the cut")
    assert [(e.round, e.opponent, e.text) for e in values[1].cut] == [(1, 2, "2301 (Ben)")]
    assert (values[3].number, values[3].note) == (None, "no game over the board")


def test_rating_notes() -> None:
    tournament = rated(SWISS, {**RATINGS, 6: None})
    # An unrated participant and no rating given: RTNG is dropped for everyone (C.07 10), as every rating code.
    dropped = "dropped: player(s) 6 unrated (C.07 10); give --unrated-rating or /U<N>"
    assert derivations(tournament, "RTNG")[1] == Value(None, note=dropped)
    assert derivations(tournament, "RTNG/U1000")[1] == Value(F(2412), note="rating")
    assert derivations(tournament, "RTNG/U1000")[6] == Value(F(1000), note="unrated: assumed rating")
