"""Cut and median modifiers (C.07 14.1–14.4), with the exception of C.07 16.5.

Cut-n removes the n least significant elements of a sum; Median-n removes
the n least significant and then the n most significant ones. Which element
is least significant is each tie-break's own rule, given as a list of keys
compared in turn (the lowest is the least significant; among equals, the
earliest round). A cut larger than the number of elements removes them all.

>>> values = np.array([[3, 1, 2]])
>>> present = np.ones((1, 3), dtype=bool)
>>> total, kept = cut(values, [values], present, present & False, low=1, high=1)
>>> total.tolist(), kept.tolist()
([2], [[False, False, True]])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sonneborn.event import EXACT_LIMIT, Bools, Ints, as_wide


def cut(
    values: Ints,
    keys: Sequence[Ints],
    present: Bools,
    voluntary: Bools,
    *,
    low: int,
    high: int,
    vur_exception: bool = False,
) -> tuple[Ints, Bools]:
    """Every row's sum after the cuts, and which elements it kept.

    ``values`` are the elements (players × rounds), ``present`` where a round
    has one. With ``vur_exception`` (C.07 16.5) each least significant cut
    takes the lowest contribution of a voluntary unplayed round instead, as
    long as it is not lower than the least significant value; the most
    significant cuts of a median know no such preference.
    """
    total: Ints = np.where(present, values, 0).sum(axis=1)
    kept = present.copy()
    rows = values.shape[0]
    # A cut can remove no more elements than a row has: the work is bounded by the rounds, whatever the count.
    columns = values.shape[1] if values.ndim == 2 else 0
    low, high = min(low, columns), min(high, columns)
    if not low and not high:
        return total, kept
    order = composite(keys, kept)
    index = np.arange(rows)
    for _ in range(low):
        left = kept.any(axis=1)
        pick = _argmin(order, kept)
        if vur_exception:
            vur = kept & voluntary
            lowest = _argmin(composite([values, *keys], vur), vur)
            prefer = vur.any(axis=1) & (values[index, lowest] >= values[index, pick])
            pick = np.where(prefer, lowest, pick)
        total = total - np.where(left, values[index, pick], 0)
        kept[index[left], pick[left]] = False
    for _ in range(high):
        left = kept.any(axis=1)
        pick = _argmax(order, kept)
        total = total - np.where(left, values[index, pick], 0)
        kept[index[left], pick[left]] = False
    return total, kept


def _argmin(order: Ints, mask: Bools) -> Ints:
    """The first column of the lowest key among the masked elements of each row (0 where none)."""
    if order.dtype == object:
        return np.array([_first(row, keep, min) for row, keep in zip(order.tolist(), mask.tolist(), strict=True)])
    picked: Ints = np.argmin(np.where(mask, order, np.iinfo(np.int64).max), axis=1)
    return picked


def _argmax(order: Ints, mask: Bools) -> Ints:
    """The first column of the highest key among the masked elements of each row (0 where none)."""
    if order.dtype == object:
        return np.array([_first(row, keep, max) for row, keep in zip(order.tolist(), mask.tolist(), strict=True)])
    picked: Ints = np.argmax(np.where(mask, order, np.iinfo(np.int64).min), axis=1)
    return picked


def _first(row: list[int], keep: list[bool], best: object) -> int:
    candidates = [value for value, flag in zip(row, keep, strict=True) if flag]
    if not candidates:
        return 0
    target = best(candidates)  # type: ignore[operator]
    return next(i for i, (value, flag) in enumerate(zip(row, keep, strict=True)) if flag and value == target)


def composite(keys: Sequence[Ints], mask: Bools) -> Ints:
    """One integer per element ordered as the tuple of keys (lexicographically), over the masked elements.

    Within 64 bits when the keys' spans allow; else the same sum on Python integers.
    """
    # A key met again adds nothing to the order: (a, b, a) sorts as (a, b).
    distinct = [key for index, key in enumerate(keys) if all(key is not other for other in keys[:index])]
    if len(distinct) == 1:
        single: Ints = np.where(mask, distinct[0], 0)
        return single
    masked = [np.where(mask, key, 0) for key in distinct]
    bounds = [(int(v.min()), int(v.max())) if v.size else (0, 0) for v in masked]
    span = 1
    for low, high in bounds:
        span *= high - low + 1
    if span >= EXACT_LIMIT or any(v.dtype == object for v in masked):
        masked = [as_wide(v) for v in masked]
    combined: Ints = np.zeros(masked[0].shape, dtype=masked[0].dtype)
    span = 1
    for values, (low, high) in zip(reversed(masked), reversed(bounds), strict=True):
        combined = combined + (values - low) * span
        span *= high - low + 1
    return combined
