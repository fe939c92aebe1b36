"""What a kernel gives: every player's value as an exact fraction, and each value's derivation.

A :class:`Column` holds one tie-break's values for every player as integer
arrays (numerator over denominator) with a sort key ordered as the exact
values, so that ranking never compares floats. Its :meth:`Column.value`
gives one player's :class:`Value`: the number with the elements it is the
sum (or mean) of, built from the same arrays the number was summed from.

>>> import numpy as np
>>> column = whole(np.array([3, 1]), denominator=2, derive=lambda row: Value(None))
>>> column.number(0), column.floats().tolist()
(Fraction(3, 2), [1.5, 0.5])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from sonneborn.errors import InputWarning
from sonneborn.event import Bools, Ints
from sonneborn.model import StartNo

BLOCK = 256
"""Rows derived together when values are asked for one at a time (:meth:`Column.value`)."""

FLOAT_EXACT = 2**53
"""Integers up to this magnitude are doubles exactly: their quotient is then the correctly rounded double."""


class Element(NamedTuple):
    """One addend of a value: what it adds (``numerator / denominator``) and how it came about."""

    numerator: int
    denominator: int
    text: str
    """How it came about, e.g. ``½×11 (Zagorovsky)``."""
    round: int = 0
    """The round it belongs to (0 when none)."""
    opponent: StartNo | None = None
    """The opponent it concerns, when there is one."""

    @property
    def value(self) -> Fraction:
        """What it adds."""
        return Fraction(self.numerator, self.denominator)


class Terms(NamedTuple):
    """The addends of a derivation, a sequence per field: the kept ones and those a modifier cut.

    Held by field rather than as :class:`Element` objects: a table of a thousand players has a few hundred
    thousand addends, and its derivations are formatted straight from these sequences. The addends come in
    round order (an addend of no round, such as a bonus or NNSB's own score squared, first), which is the
    order a Swiss event's derivations show them in.
    """

    numerators: Sequence[int]
    denominator: int
    texts: Sequence[str]
    rounds: Sequence[int]
    opponents: Sequence[StartNo | None]
    kept: Sequence[bool] | None = None
    """Which addends are kept; ``None``: all of them."""

    def elements(self, kept: bool) -> tuple[Element, ...]:
        """The addends kept (or cut), as elements."""
        flags = self.kept
        return tuple(
            Element(n, self.denominator, text, r, o)
            for index, (n, text, r, o) in enumerate(
                zip(self.numerators, self.texts, self.rounds, self.opponents, strict=True)
            )
            if (flags is None or flags[index]) == kept
        )


class Value:
    """One player's value of one tie-break, with the derivation behind it.

    ``number`` is ``None`` when the tie-break has no value for the player;
    ``terms`` the addends it is the sum (or, with ``mean``, the average) of.
    """

    __slots__ = ("mean", "note", "number", "terms")

    def __init__(self, number: Fraction | None, terms: Terms | None = None, *, note: str = "", mean: bool = False):
        self.number = number
        self.terms = terms
        self.note = note
        """The derivation of a value that is not a plain sum, or a remark on it."""
        self.mean = mean

    @property
    def elements(self) -> tuple[Element, ...]:
        """The addends kept."""
        return () if self.terms is None else self.terms.elements(True)

    @property
    def cut(self) -> tuple[Element, ...]:
        """The addends a modifier removed."""
        return () if self.terms is None else self.terms.elements(False)

    def _key(self) -> tuple[object, ...]:
        return (self.number, self.elements, self.cut, self.note, self.mean)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Value({self.number!r}, elements={self.elements!r}, cut={self.cut!r}, note={self.note!r})"


Derive = Callable[[int], Value]
"""A player's derivation, by row (start number − 1)."""

Texts = np.ndarray[Any, np.dtype[np.object_]]
"""Strings in a numpy array (``dtype=object``): texts picked and joined for many elements at once."""


@dataclass(frozen=True, slots=True)
class Derivations:
    """Some players' derivations of one tie-break at once: the addends as arrays of a row per player and a
    slot per addend (a round, or a slot of its own such as a bonus), the bulk form of :class:`Value`.

    A page of two thousand players shows tens of thousands of derivations; a kernel that gives them this
    way works out their texts a column at a time, from the arrays its values were summed from.
    :meth:`value` is one row of it, so a derivation shown alone and one shown among thousands are the same.
    """

    numerators: Ints
    """What each addend adds, over :attr:`denominator` (rows × slots)."""
    denominator: int
    texts: Texts
    """How each addend came about (rows × slots), e.g. ``½×11 (Zagorovsky)``."""
    shown: Bools
    """Where a slot holds an addend."""
    rounds: Ints
    """The round of each addend (0 for none)."""
    opponents: Ints
    """The start number of the opponent each addend concerns, 0 for none."""
    kept: Bools | None = None
    """Which addends are kept; ``None``: all of them."""
    notes: Sequence[str] | str = ""
    """A note per row, or one for every row (see :attr:`Value.note`)."""
    mean: bool = False

    def note(self, index: int) -> str:
        return self.notes if isinstance(self.notes, str) else self.notes[index]

    def value(self, index: int, number: Fraction | None) -> Value:
        """The derivation of the ``index``-th row derived, whose value is ``number``."""
        slots = positions(self.shown[index]).tolist()
        mean = self.mean and number is not None  # no value is no mean
        if not slots:
            return Value(number, note=self.note(index), mean=mean)
        texts, numerators = self.texts[index].tolist(), self.numerators[index].tolist()
        rounds, opponents = self.rounds[index].tolist(), self.opponents[index].tolist()
        kept = None if self.kept is None else self.kept[index].tolist()
        terms = Terms(
            [int(numerators[s]) for s in slots],
            self.denominator,
            [texts[s] for s in slots],
            [rounds[s] for s in slots],
            [opponents[s] or None for s in slots],
            None if kept is None else [kept[s] for s in slots],
        )
        return Value(number, terms, note=self.note(index), mean=mean)


DeriveMany = Callable[[Ints], Derivations]
"""The derivations of many rows (an array of rows, start number − 1), in that order."""


def round_numbers(rows: int, rounds: int) -> Ints:
    """The round number of every slot of ``rows`` rows, a slot a round (1, 2, …)."""
    return np.broadcast_to(np.arange(1, rounds + 1, dtype=np.int64), (rows, rounds))


def no_addends(rows: int) -> tuple[Ints, int, Texts, Bools, Ints, Ints]:
    """The first fields of :class:`Derivations` of ``rows`` values that are sums of nothing (a count, a
    performance), whose derivation is their note."""
    nothing = np.zeros((rows, 0), dtype=np.int64)
    return nothing, 1, np.empty((rows, 0), dtype=object), nothing.astype(bool), nothing, nothing


def text_table(texts: Sequence[str]) -> Texts:
    """Texts as a numpy array, to be picked for many elements at once (``table[indexes]``)."""
    table: Texts = np.empty(len(texts), dtype=object)
    table[:] = texts
    return table


def texts_of(values: Ints, text: Callable[[int], str]) -> Texts:
    """``text(value)`` of every element of an array, worked out once for each distinct value."""
    distinct, inverse = np.unique(values.ravel(), return_inverse=True)
    found: Texts = text_table([text(int(value)) for value in distinct.tolist()])[inverse.reshape(values.shape)]
    return found


@dataclass(frozen=True, eq=False)
class Column:
    """One tie-break's values for every player (rows in start-number order)."""

    numerator: Ints
    denominator: Ints
    present: Bools
    """Whether the player has a value."""
    key: Ints
    """Ordered as the exact values: a larger value has a larger key (where present)."""
    derive: Derive | None
    """A row's derivation, for a kernel that gives them one at a time; else :attr:`derive_many` gives them."""
    warnings: tuple[InputWarning, ...] = ()
    """What the user must know about the values (a tie-break dropped for unrated players)."""
    derive_many: DeriveMany | None = None
    """Many rows' derivations at once, for a kernel that gives them so."""
    _blocks: dict[int, Derivations] = field(default_factory=dict, repr=False)
    """The derivations of :meth:`value` worked out so far, by block of :data:`BLOCK` rows."""

    def __len__(self) -> int:
        return len(self.numerator)

    def number(self, row: int) -> Fraction | None:
        """The exact value of a row, ``None`` where it has none."""
        if not self.present[row]:
            return None
        return Fraction(int(self.numerator[row]), int(self.denominator[row]))

    def value(self, row: int) -> Value:
        """The value of a row with its derivation."""
        if self.derive_many is not None:
            # A block of rows at once: one value costs little more than a row, and reading every row's
            # (a library user's loop) costs what the page's derivations cost.
            block, index = divmod(row, BLOCK)
            found = self._blocks.get(block)
            if found is None:
                rows = np.arange(block * BLOCK, min(len(self), (block + 1) * BLOCK))
                found = self._blocks[block] = self.derive_many(rows)
            return found.value(index, self.number(row))
        assert self.derive is not None, "a column derives its values one way or the other"
        return self.derive(row)

    def floats(self, rows: Ints | slice = slice(None)) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The nearest doubles of the values (NaN where absent), each as ``float(Fraction)`` gives it."""
        numerator, denominator, present = self.numerator[rows], self.denominator[rows], self.present[rows]
        small = numerator.dtype != object and denominator.dtype != object
        if small and (np.abs(numerator) <= FLOAT_EXACT).all() and (denominator <= FLOAT_EXACT).all():
            quotient: np.ndarray[Any, np.dtype[np.float64]] = numerator / denominator
        else:  # rare: a quotient of big integers, rounded once as Fraction rounds it
            pairs = zip(numerator.tolist(), denominator.tolist(), strict=True)
            quotient = np.array([float(Fraction(int(n), int(d))) for n, d in pairs], dtype=np.float64)
        return np.where(present, quotient, np.nan)


def positions(mask: Bools) -> Ints:
    """The indexes where a one-dimensional mask is true (``np.flatnonzero`` without its overhead)."""
    found: Ints = mask.nonzero()[0]
    return found


def whole(
    values: Ints,
    *,
    derive: Derive | None = None,
    derive_many: DeriveMany | None = None,
    present: Bools | None = None,
    denominator: int = 1,
    warnings: Sequence[InputWarning] = (),
) -> Column:
    """A column of values sharing one denominator: the numerators are the key. Its derivations come from
    ``derive`` (a row at a time) or ``derive_many`` (many rows at once)."""
    mask = np.ones(values.shape, dtype=bool) if present is None else present
    denominators = np.full(values.shape, denominator, dtype=np.int64 if denominator < FLOAT_EXACT else object)
    return Column(values, denominators, mask, values, derive, tuple(warnings), derive_many)


def fractions_key(numerator: Ints, denominator: Ints, present: Bools) -> Ints:
    """A key ordered as the fractions ``numerator / denominator`` (positive denominators), for sorting.

    Over a common denominator when it stays within 64 bits; else the exact
    values are ranked, one :class:`~fractions.Fraction` for each row present.
    """
    rows = np.flatnonzero(present)
    key = np.zeros(len(numerator), dtype=np.int64)
    if not rows.size:
        return key
    dens = denominator[rows]
    common = 1
    for den in sorted(set(dens.tolist())):
        common = math.lcm(common, int(den))
        if common >= FLOAT_EXACT:
            break
    largest = int(np.abs(numerator[rows]).max())
    if common < FLOAT_EXACT and largest * common < 2**62:
        key[rows] = numerator[rows] * (common // dens)
        return key
    exact = [Fraction(int(n), int(d)) for n, d in zip(numerator[rows].tolist(), dens.tolist(), strict=True)]
    levels = {value: level for level, value in enumerate(sorted(set(exact)))}
    key[rows] = [levels[value] for value in exact]
    return key
