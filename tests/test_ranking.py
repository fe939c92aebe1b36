"""Ranking by points and an ordered tie-break list (C.07 4.2), shared places, lots, weighted scores."""

from __future__ import annotations

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.errors import TiebreakError
from sonneborn.ranking import rank
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
