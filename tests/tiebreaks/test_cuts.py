"""Cuts and medians (C.07 14.1–14.4) over Python integers, and on rows left without elements."""

from __future__ import annotations

import numpy as np

from sonneborn.tiebreaks.cuts import cut


def _wide(rows: list[list[int]]) -> np.ndarray:
    array = np.empty((len(rows), len(rows[0])), dtype=object)
    array[:] = rows
    return array


def test_a_cut_on_python_integers_of_a_single_round() -> None:
    # Row 0 has one element (3·10²⁰), row 1 none: Cut-1 leaves 0 to both and cuts only row 0's element.
    values = _wide([[3 * 10**20], [7]])
    present = np.array([[True], [False]])
    total, kept = cut(values, [values], present, present & False, low=1, high=0)
    assert total.tolist() == [0, 0]
    assert kept.tolist() == [[False], [False]]


def test_a_median_on_python_integers_picks_the_first_of_equal_extremes() -> None:
    # 10²⁰, 3·10²⁰, 10²⁰, 5·10²⁰: Median-1 cuts the first lowest (round 1) and the highest (round 4).
    values = _wide([[10**20, 3 * 10**20, 10**20, 5 * 10**20]])
    present = np.ones((1, 4), dtype=bool)
    total, kept = cut(values, [values], present, present & False, low=1, high=1)
    assert total.tolist() == [4 * 10**20]
    assert kept.tolist() == [[False, True, True, False]]
