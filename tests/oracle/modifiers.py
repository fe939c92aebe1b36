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

from oracle.base import Element, Spec, Value


def apply_cuts(
    elements: Sequence[Element], *, low: int, high: int, vur_exception: bool = False
) -> tuple[list[Element], list[Element]]:
    """Splits the elements into those kept and those cut, keeping the original order.

    With ``vur_exception`` (C.07 16.5) each least significant cut takes the
    lowest contribution of a voluntary unplayed round instead, as long as it
    is not lower than the least significant value; the most significant cuts
    of a median know no such preference.
    """
    remaining = list(range(len(elements)))
    removed: list[int] = []
    for _ in range(low):
        if not remaining:
            break
        pick = min(remaining, key=lambda i: (elements[i].key, i))
        voluntary = [i for i in remaining if elements[i].voluntary]
        if vur_exception and voluntary:
            lowest = min(voluntary, key=lambda i: (elements[i].value, elements[i].key, i))
            if elements[lowest].value >= elements[pick].value:
                pick = lowest
        remaining.remove(pick)
        removed.append(pick)
    for _ in range(high):
        if not remaining:
            break
        pick = max(remaining, key=lambda i: (elements[i].key, -i))
        remaining.remove(pick)
        removed.append(pick)
    return [elements[i] for i in remaining], [elements[i] for i in removed]


def summed(elements: Sequence[Element], spec: Spec, *, vur_exception: bool = False) -> Value:
    """The value of a summed tie-break after the spec's cuts and medians."""
    kept, cut = apply_cuts(elements, low=spec.cut_low, high=spec.cut_high, vur_exception=vur_exception)
    return Value.of_sum(kept, cut)
