"""Cut and median modifiers (C.07 14.1–14.4).

Cut-n removes the n least significant elements of a sum; Median-n removes
the n least significant and then the n most significant ones. Which element
is least significant is each tie-break's own rule, carried by
:attr:`Element.key` (the lowest key is the least significant). A cut larger
than the number of elements removes them all.

>>> from fractions import Fraction as F
>>> els = [Element(F(v), str(v), (F(v),)) for v in (3, 1, 2)]
>>> kept, cut = apply_cuts(els, low=1, high=1)
>>> [e.text for e in kept], [e.text for e in cut]
(['2'], ['1', '3'])
"""

from __future__ import annotations

from collections.abc import Sequence

from sonneborn.tiebreaks.base import Element, Spec, Value


def apply_cuts(elements: Sequence[Element], *, low: int, high: int) -> tuple[list[Element], list[Element]]:
    """Splits the elements into those kept and those cut, keeping the original order."""
    order = sorted(range(len(elements)), key=lambda i: (elements[i].key, i))
    low = min(low, len(order))
    removed = order[:low]
    rest = order[low:]
    high = min(high, len(rest))
    if high:
        removed += rest[len(rest) - high :]
    gone = set(removed)
    kept = [e for i, e in enumerate(elements) if i not in gone]
    return kept, [elements[i] for i in removed]


def summed(elements: Sequence[Element], spec: Spec) -> Value:
    """The value of a summed tie-break after the spec's cuts and medians."""
    kept, cut = apply_cuts(elements, low=spec.cut_low, high=spec.cut_high)
    return Value.of_sum(kept, cut)
