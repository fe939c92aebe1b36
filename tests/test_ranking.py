"""Ranking by points and an ordered tie-break list (C.07 4.2), shared places, lots, weighted scores."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.errors import TiebreakError
from sonneborn.event import Event
from sonneborn.model import EventKind
from sonneborn.ranking import column_keys, default_tiebreaks, rank, regroup, stated_tiebreaks
from sonneborn.render.cells import place_texts
from sonneborn.tiebreaks import parse, parse_list


def places(text: str, codes: str | None = None, **kw: object) -> list[tuple[int, str]]:
    standings = rank(event(text), parse_list(codes) if codes else None, **kw)  # type: ignore[arg-type]
    return [(row.rank, row.player.name) for row in standings.rows]


def test_default_round_robin_list_puts_direct_encounter_first() -> None:
    # Anna and Dmitri tie on 1.5; Dmitri beat Anna.
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN))
    assert [str(s) for s in standings.tiebreaks] == ["DE", "SB", "WIN", "KS"]
    assert [row.player.name for row in standings.rows] == ["Boris", "Dmitri", "Anna", "Carla"]
    assert [row.values["DE"].number for row in standings.rows] == [0, 1, 2, 0]


def test_the_default_lists_of_players_and_of_teams() -> None:
    # The library's call without ``teams`` is the players' list (README, docs/tiebreaks.md); the teams' lists are
    # the secondary score first (docs/tiebreaks.md, Teams).
    assert [str(s) for s in default_tiebreaks(EventKind.SWISS)] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert [str(s) for s in default_tiebreaks(EventKind.ROUND_ROBIN)] == ["DE", "SB", "WIN", "KS"]
    assert [str(s) for s in default_tiebreaks(EventKind.SWISS, teams=True)] == ["MPvGP", "BH:MP/C1", "EMGSB/C1"]
    assert [str(s) for s in default_tiebreaks(EventKind.ROUND_ROBIN, teams=True)] == ["MPvGP", "DE", "EMGSB"]


def test_sb_first_leaves_anna_ahead() -> None:
    # SB: Anna 2.5, Dmitri 2: SB separates them before DE is reached.
    assert places(FOUR_PLAYER_ROUND_ROBIN, "SB,DE") == [
        (1, "Boris"),
        (2, "Anna"),
        (3, "Dmitri"),
        (4, "Carla"),
    ]


def test_players_still_tied_share_the_place_listed_by_start_number() -> None:
    # KS is 1 for everyone: Anna and Dmitri stay tied.
    assert places(FOUR_PLAYER_ROUND_ROBIN, "KS") == [(1, "Boris"), (2, "Anna"), (2, "Dmitri"), (4, "Carla")]


def test_lots_are_reproducible() -> None:
    first = places(FOUR_PLAYER_ROUND_ROBIN, "KS", lots=7)
    assert first == places(FOUR_PLAYER_ROUND_ROBIN, "KS", lots=7)
    assert [rank for rank, _ in first] == [1, 2, 3, 4]
    assert {name for _, name in first[1:3]} == {"Anna", "Dmitri"}


def test_rank_by_a_weighted_score() -> None:
    # GF: Boris 17/6, Anna 7/3, Dmitri 13/6, Carla 3/2.
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN), [], rank_by=parse("GF"))
    assert [row.player.name for row in standings.rows] == ["Boris", "Anna", "Dmitri", "Carla"]
    with pytest.raises(TiebreakError):
        rank(event(FOUR_PLAYER_ROUND_ROBIN), [], rank_by=parse("WIN"))


def test_unknown_code_lists_the_valid_ones() -> None:
    with pytest.raises(TiebreakError, match=r"unknown tie-break 'XYZ' \(valid codes: .*BH, BPG"):
        parse("XYZ")
    with pytest.raises(TiebreakError, match="does not take /C"):
        parse("WIN/C1")


def test_codes_are_case_insensitive_and_normalised() -> None:
    assert [str(s) for s in parse_list("bh-c1, sb/m1 ,ks/l+2,de/p")] == ["BH/C1", "SB/M1", "KS/L+2", "DE/P"]


# Anna beat Boris, Boris drew Carla, Anna–Carla never played (a round robin cut short): points 1, ½, ½;
# GF (tests/tiebreaks/test_sonneborn_berger.py) Anna 5/4, Boris 3/4, Carla 5/8.
UNEVEN = """
1 Anna: 2w1 -Z 3w*
2 Boris: 1b0 3w= -Z
3 Carla: -Z 2b= 1b*
"""


def test_ranked_by_a_weighted_score_it_comes_first_and_decides() -> None:
    standings = rank(event(UNEVEN, kind=EventKind.ROUND_ROBIN), [], rank_by=parse("GF"))
    # By points Boris and Carla would share 2nd; by GF Boris is 2nd alone.
    assert [(row.rank, row.player.name, row.shared) for row in standings.rows] == [
        (1, "Anna", False),
        (2, "Boris", False),
        (3, "Carla", False),
    ]
    assert standings.codes == ["GF"] and standings.specs == [parse("GF")]
    assert [standings.column("GF").number(row) for row in range(3)] == [Fraction(5, 4), Fraction(3, 4), Fraction(5, 8)]
    with_list = rank(event(UNEVEN, kind=EventKind.ROUND_ROBIN), parse_list("WIN,SB"), rank_by=parse("GF"))
    assert with_list.codes == ["GF", "WIN", "SB"]
    assert with_list.specs == [parse("GF"), parse("WIN"), parse("SB")]


def test_ranking_by_a_score_that_is_not_weighted_is_refused() -> None:
    with pytest.raises(TiebreakError) as raised:
        rank(event(FOUR_PLAYER_ROUND_ROBIN), [], rank_by=parse("WIN"))
    assert str(raised.value) == "cannot rank by 'WIN' (choose one of SB, GF, NNSB)"


def test_column_keys_number_a_code_met_again() -> None:
    assert column_keys(parse_list("DE,SB,DE,DE"), parse("SB")) == ["SB", "DE", "SB#2", "DE#2", "DE#3"]
    assert column_keys(parse_list("BH/C1,BH")) == ["BH/C1", "BH"]


def test_rows_say_who_shares_a_place_and_carry_the_points() -> None:
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN), parse_list("KS"), unrated_rating=1500)
    rows = standings.rows
    # KS is 1 for everyone: Anna and Dmitri stay tied on 1½ and share 2nd.
    assert [(row.rank, row.player.name, row.shared, row.by_lot) for row in rows] == [
        (1, "Boris", False, False),
        (2, "Anna", True, False),
        (2, "Dmitri", True, False),
        (4, "Carla", False, False),
    ]
    assert [row.points for row in rows] == [2, Fraction(3, 2), Fraction(3, 2), 1]
    derivation = rows[0].points_derivation
    assert derivation is not None and derivation.number == 2 and len(derivation.elements) == 3
    assert (standings.lots, standings.unrated_rating, standings.rank_by) == (None, 1500, None)


def test_a_player_without_points_has_0() -> None:
    standings = rank(event("1 A: 2w1\n2 B: 1b0"), [])
    assert [(row.player.name, row.points) for row in standings.rows] == [("A", Fraction(1)), ("B", Fraction(0))]


def test_lots_shuffle_each_tied_group_with_one_generator() -> None:
    # Everyone drew everyone: all four tied on 1½, KS 1½ each. Lots (seed 3) shuffle the one group, by start
    # number, with random.Random(3), and give every place its own number.
    text = """
    1 A: 4w= 2w= 3b=
    2 B: 3w= 1b= 4w=
    3 C: 2b= 4b= 1w=
    4 D: 1b= 3w= 2b=
    """
    drawn = [1, 2, 3, 4]
    random.Random(3).shuffle(drawn)
    assert drawn != [1, 2, 3, 4]
    standings = rank(event(text), parse_list("KS"), lots=3)
    assert [row.player.start for row in standings.rows] == drawn
    assert [(row.rank, row.by_lot, row.shared) for row in standings.rows] == [
        (1, True, False),
        (2, True, False),
        (3, True, False),
        (4, True, False),
    ]
    assert standings.lots == 3
    assert place_texts(standings, dash="-") == ["1", "2", "3", "4"]


def test_regroup_refines_every_tied_group_at_once() -> None:
    # Groups 0 (rows 0, 1) and 1 (rows 2, 3); row 4 alone in group 2. Group 0 splits by its keys (3 before 5,
    # lower keys rank first), group 1 stays tied: groups 0, 1, 2, 2, 3 in rank order.
    assert regroup(np.array([0, 0, 1, 1, 2]), np.array([5, 3, 2, 2, 9])).tolist() == [1, 0, 2, 2, 3]
    # Three groups, the first and the last split in three and two.
    group, key = np.array([0, 0, 0, 1, 2, 2]), np.array([7, 1, 4, 0, 6, 2])
    assert regroup(group, key).tolist() == [2, 0, 1, 3, 5, 4]


def test_the_warnings_are_said_once_each() -> None:
    tournament = event(FOUR_PLAYER_ROUND_ROBIN)  # nobody is rated
    standings = rank(tournament, parse_list("ARO,TPR,ARO"))
    reason = "player(s) 1, 2, 3, 4 unrated (C.07 10); give --unrated-rating or /U<N>"
    assert [str(w) for w in standings.warnings] == [f"ARO dropped: {reason}", f"TPR dropped: {reason}"]


def test_the_list_a_file_states() -> None:
    tournament = replace(event(FOUR_PLAYER_ROUND_ROBIN), tiebreaks=("BH/C1", "sb"))
    assert stated_tiebreaks(tournament) == [parse("BH/C1"), parse("SB")]
    assert stated_tiebreaks(Event.of(tournament)) == [parse("BH/C1"), parse("SB")]
    assert stated_tiebreaks(event(FOUR_PLAYER_ROUND_ROBIN)) is None
    assert stated_tiebreaks(Event.of(event(FOUR_PLAYER_ROUND_ROBIN))) is None


def test_lots_draw_a_tied_pair_too() -> None:
    # Anna and Dmitri tie on 1½ with KS 1 each: seed 1 draws the pair of rows [0, 3] as [3, 0], Dmitri first.
    drawn = [0, 3]
    random.Random(1).shuffle(drawn)
    assert drawn == [3, 0]
    standings = rank(event(FOUR_PLAYER_ROUND_ROBIN), parse_list("KS"), lots=1)
    assert [(row.rank, row.player.name, row.by_lot) for row in standings.rows] == [
        (1, "Boris", False),
        (2, "Dmitri", True),
        (3, "Anna", True),
        (4, "Carla", False),
    ]
