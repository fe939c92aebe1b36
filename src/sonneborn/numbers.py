"""Exact numbers shown to people: decimals where they terminate, fractions where not.

>>> from fractions import Fraction as F
>>> exact_text(F(139, 2)), exact_text(F(447, 28)), result_text(F(1, 2))
('69.5', '447/28', '½')
>>> fixed_text(F(267, 4), 2), fixed_text(F(447, 28), 2)
('66.75', '15.96')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache


def _decimal_places(denominator: int) -> int | None:
    """The decimals a fraction of this denominator (in lowest terms) needs, ``None`` if it never terminates."""
    twos = (denominator & -denominator).bit_length() - 1  # the power of 2 that divides it
    rest, fives = denominator >> twos, 0
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    return max(twos, fives) if rest == 1 else None


def terminates(value: Fraction) -> bool:
    """Whether the value has a finite decimal expansion."""
    return _decimal_places(value.denominator) is not None


def exact_text(value: Fraction) -> str:
    """The exact value: ``69.5``, ``11``, or ``447/28`` when no decimal is exact.

    >>> exact_text(Fraction(-1, 8)), exact_text(Fraction(3, 1)), exact_text(Fraction(10**30 + 1, 10**29))
    ('-0.125', '3', '10.00000000000000000000000000001')
    """
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return str(numerator)
    places = _decimal_places(denominator)
    if places is None:
        return f"{numerator}/{denominator}"
    # Exactly numerator / denominator × 10^places, an integer: its digits with the point put back.
    digits = str(abs(numerator) * 10**places // denominator).rjust(places + 1, "0")
    sign = "-" if numerator < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def fixed_text(value: Fraction, places: int) -> str:
    """The value rounded (half to even) to a fixed number of decimals, for tables."""
    with localcontext() as ctx:
        ctx.prec = 80
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        quantum = Decimal(1).scaleb(-places)
        return format(exact.quantize(quantum, rounding=ROUND_HALF_EVEN), "f")


def result_text(value: Fraction) -> str:
    """A game's points the way arbiters write them: ``1``, ``½``, ``0``, ``1½``."""
    whole, rest = divmod(value, 1)
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(whole)) + "½"
    return exact_text(value)


def to_json_number(value: Fraction, *, integral: bool = False) -> int | float:
    """The JSON number for an exact value: an int for counts, else the nearest double."""
    if integral and value.denominator == 1:
        return value.numerator
    return float(value)


@lru_cache(maxsize=1 << 16)
def ratio_text(numerator: int, denominator: int) -> str:
    """:func:`exact_text` of ``numerator / denominator``, remembered: derivations repeat the same few values.

    >>> ratio_text(139, 2), ratio_text(447, 28), ratio_text(-6, 4)
    ('69.5', '447/28', '-1.5')
    """
    return exact_text(Fraction(numerator, denominator))


@lru_cache(maxsize=1 << 12)
def ratio_result_text(numerator: int, denominator: int) -> str:
    """:func:`result_text` of ``numerator / denominator``, remembered.

    >>> ratio_result_text(1, 2), ratio_result_text(3, 2), ratio_result_text(2, 2)
    ('½', '1½', '1')
    """
    return result_text(Fraction(numerator, denominator))
