"""Columns: exact values as integer arrays, their sort keys and their nearest doubles."""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np

from sonneborn.tiebreaks import Value
from sonneborn.tiebreaks.column import BLOCK, FLOAT_EXACT, Derivations, Element, fractions_key, no_addends, whole


def _none(row: int) -> Value:
    return Value(None)


def test_floats_are_the_nearest_doubles_of_the_exact_values() -> None:
    # 2258848920572997260 / 3 needs more than 53 bits: dividing the doubles of both rounds twice and lands one
    # double off; the nearest double of the exact quotient is float(Fraction).
    big = 2258848920572997260
    assert big > FLOAT_EXACT and float(big) / 3 != float(F(big, 3))
    column = whole(np.array([big, 1, 5], dtype=np.int64), denominator=3, derive=_none)
    assert column.floats().tolist() == [float(F(big, 3)), float(F(1, 3)), float(F(5, 3))]
    assert column.floats(np.array([2, 0])).tolist() == [float(F(5, 3)), float(F(big, 3))]


def test_floats_of_python_integers_and_of_missing_values() -> None:
    huge = 3**50 + 1
    numerator = np.empty(3, dtype=object)
    numerator[:] = [huge, -7, 0]
    present = np.array([True, True, False])
    found = whole(numerator, denominator=2, present=present, derive=_none).floats().tolist()
    assert found[:2] == [float(F(huge, 2)), -3.5] and math.isnan(found[2])


def test_whole_columns_share_one_denominator_and_carry_their_warnings() -> None:
    column = whole(np.array([3, 1]), denominator=4, derive=_none)
    assert (column.number(0), column.number(1)) == (F(3, 4), F(1, 4))
    assert column.denominator.tolist() == [4, 4] and column.present.tolist() == [True, True]
    assert column.key.tolist() == [3, 1]
    absent = whole(np.array([3, 1]), present=np.array([False, True]), derive=_none)
    assert (absent.number(0), absent.number(1)) == (None, F(1))


def _order(key: np.ndarray, rows: list[int]) -> list[int]:
    return sorted(rows, key=lambda row: (int(key[row]), row))


def test_fractions_key_orders_as_the_fractions() -> None:
    # 1/2, 2/3, 1/3, 0, 2/4 (= 1/2), absent: 0 < 1/3 < 1/2 = 2/4 < 2/3.
    numerator = np.array([1, 2, 1, 0, 2, 9])
    denominator = np.array([2, 3, 3, 1, 4, 1])
    present = np.array([True, True, True, True, True, False])
    key = fractions_key(numerator, denominator, present)
    assert _order(key, [0, 1, 2, 3, 4]) == [3, 2, 0, 4, 1]
    assert key[0] == key[4] and len({int(key[row]) for row in range(5)}) == 4
    assert key[5] == 0


def test_fractions_key_without_a_common_denominator_in_64_bits() -> None:
    # Denominators 1000003, 1000033, 1000037, 1000039 (primes): their common multiple passes 2**53, so the
    # fractions themselves are ranked: 1/1000039 < 1/1000037 < 1/1000033 < 1/1000003 = 2/2000006.
    numerator = np.array([1, 1, 1, 1, 2])
    denominator = np.array([1000003, 1000033, 1000037, 1000039, 2000006])
    key = fractions_key(numerator, denominator, np.ones(5, dtype=bool))
    assert _order(key, [0, 1, 2, 3, 4]) == [3, 2, 1, 0, 4]
    assert key[0] == key[4] and key[0] > key[1]


def test_fractions_key_with_numerators_too_large_for_a_common_denominator() -> None:
    # (2**61 − 1) / 2 < 2**61 / 2 = 2**60 < (2**62 − 3) / 3: over the common denominator 6 they would pass 2**62.
    numerator = np.array([2**61, 2**61 - 1, 2**62 - 3])
    denominator = np.array([2, 2, 3])
    key = fractions_key(numerator, denominator, np.ones(3, dtype=bool))
    assert _order(key, [0, 1, 2]) == [1, 0, 2]


def test_fractions_key_of_nothing_present() -> None:
    key = fractions_key(np.array([1, 2]), np.array([1, 1]), np.zeros(2, dtype=bool))
    assert key.tolist() == [0, 0]


def test_fractions_key_keeps_whole_numbers_apart_beyond_53_bits() -> None:
    # 2**60 + 1 and 2**60 over the denominator 1: keys within 64 bits, distinct (doubles would merge them).
    key = fractions_key(np.array([2**60 + 1, 2**60]), np.array([1, 1]), np.ones(2, dtype=bool))
    assert key[0] > key[1]


def test_fractions_key_of_averages_near_2_to_the_62() -> None:
    # (2**62 − 3)/3 < (2**62 − 5)/2 < (2**62 − 1)/2; over the common denominator 6 the numerators would overflow
    # 64 bits, so the fractions are ranked themselves.
    numerator = np.array([2**62 - 1, 2**62 - 5, 2**62 - 3])
    denominator = np.array([2, 2, 3])
    key = fractions_key(numerator, denominator, np.ones(3, dtype=bool))
    assert _order(key, [0, 1, 2]) == [2, 1, 0]


def test_values_compare_by_number_and_derivation_and_a_plain_value_has_no_note() -> None:
    assert Value(F(3, 2)) == Value(F(3, 2)) and Value(F(3, 2)) != Value(F(1, 2))
    assert Value(F(3, 2)) != F(3, 2)  # a value is no number
    assert Value(F(3, 2)).note == "" and not Value(F(3, 2)).mean


def _derivations(rows: np.ndarray) -> Derivations:
    # Row r has two slots: the first holds r/2 (opponent r + 1, round 1), kept; the second, only for odd r,
    # holds 1/2 against nobody in round 2, cut.
    count = len(rows)
    texts = np.empty((count, 2), dtype=object)
    texts[:, 0] = [f"first of {r}" for r in rows.tolist()]
    texts[:, 1] = "second"
    return Derivations(
        np.column_stack([rows, np.ones(count, dtype=np.int64)]),
        2,
        texts,
        np.column_stack([np.ones(count, dtype=bool), rows % 2 == 1]),
        np.broadcast_to(np.array([1, 2]), (count, 2)),
        np.column_stack([rows + 1, np.zeros(count, dtype=np.int64)]),
        np.column_stack([np.ones(count, dtype=bool), np.zeros(count, dtype=bool)]),
        [f"note {r}" for r in rows.tolist()],
        mean=True,
    )


def test_a_row_of_many_derivations_is_the_value_of_that_row() -> None:
    found = _derivations(np.array([4, 7]))
    even, odd = found.value(0, F(2)), found.value(1, None)
    assert even.elements == (Element(4, 2, "first of 4", 1, 5),) and even.cut == ()
    assert (even.note, even.mean) == ("note 4", True)
    assert odd.elements == (Element(7, 2, "first of 7", 1, 8),)
    assert odd.cut == (Element(1, 2, "second", 2, None),)  # opponent 0 is nobody
    assert odd.number is None and not odd.mean  # no value is no mean
    nothing = Derivations(*no_addends(1), notes="a count").value(0, F(3))
    assert (nothing.number, nothing.terms, nothing.note, nothing.mean) == (F(3), None, "a count", False)


def test_values_asked_one_at_a_time_are_derived_a_block_of_rows_at_once() -> None:
    calls: list[list[int]] = []

    def derive_many(rows: np.ndarray) -> Derivations:
        calls.append(rows.tolist())
        return _derivations(rows)

    size = BLOCK + 10
    column = whole(np.arange(size), denominator=2, derive_many=derive_many)
    assert column.value(BLOCK + 3).elements[0].text == f"first of {BLOCK + 3}"
    assert column.value(BLOCK + 9).elements[0].numerator == BLOCK + 9
    assert column.value(1).number == F(1, 2)
    assert calls == [list(range(BLOCK, size)), list(range(BLOCK))]  # each block once, the last one short
