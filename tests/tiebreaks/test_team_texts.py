"""The words of the team tie-breaks' derivations, worked by hand: a team's boards as C.07 12 compares them
(BC, TBR, BBE) and why an extended direct encounter's Art. 12 steps (13.3.2) separated nobody."""

from __future__ import annotations

import numpy as np

from sonneborn.tiebreaks.extended_encounter import _boards_note
from sonneborn.tiebreaks.knockout import board_text

# Four boards, half-point units: 2, 1.5, 1 and 0.5 game points from board 1 down.
POINTS = np.array([[0, 0, 0, 0], [4, 3, 2, 1]])


def test_board_count_is_each_board_times_its_points() -> None:
    # 1×2 + 2×1.5 + 3×1 + 4×0.5 = 2 + 3 + 3 + 2 = 10.
    assert board_text("BC", POINTS, 2, 1) == "BC 10 = 1×2 + 2×1.5 + 3×1 + 4×0.5"


def test_top_board_result_reads_the_boards_top_down() -> None:
    assert board_text("TBR", POINTS, 2, 1) == "board 1 2, board 2 1.5, board 3 1, board 4 0.5"


def test_bottom_board_elimination_drops_the_bottom_board_one_at_a_time() -> None:
    # Boards 1-3: 2 + 1.5 + 1 = 4.5; boards 1-2: 3.5; board 1: 2.
    assert board_text("BBE", POINTS, 2, 1) == "boards 1–3 4.5, boards 1–2 3.5, board 1 2"


def test_why_the_board_steps_of_an_extended_direct_encounter_separated_nobody() -> None:
    def same(pair: list[int]) -> bool:
        return True

    def different(pair: list[int]) -> bool:
        return False

    assert _boards_note("EDE", [1, 2], same) == ""  # no board step to explain
    assert _boards_note("EDET", [1, 2, 3], same) == "; TBR only for two teams left tied (C.07 13.3.2)"
    assert _boards_note("EDEBT", [1, 2], different) == (
        "; BC, TBR only for two teams with the same MP and GP (C.07 13.3.2)"
    )
    assert _boards_note("EDEBB", [1, 2], same) == ", nor BC nor BBE"
