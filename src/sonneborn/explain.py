"""The sum behind every value: each tie-break shown the way it was worked out.

The derivations come from the kernels' own per-round elements (the
opponent's adjusted score, the dummy and its cap, the Art. 16 category, what
was cut), so the sum shown is by construction the value in the standings.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import rank, parse_list
>>> standings = rank(seed_event(), parse_list("SB"))
>>> print(explain_value(standings, 1, "SB"))  # doctest: +ELLIPSIS
SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov) + 1×8.5 (Khasin) + ... + 1×1 (Nun)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import compress
from operator import not_
from weakref import WeakKeyDictionary

from sonneborn.model import EventKind, StartNo
from sonneborn.numbers import ratio_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import Terms, Value


def _in_order(kind: EventKind, terms: Terms) -> tuple[Sequence[str], Sequence[bool] | None]:
    """The texts of the addends in the order they are shown, with which are kept.

    A Swiss event reads round by round, the order the kernels give; a round robin best in the
    crosstable's order, by opponent.
    """
    if kind is not EventKind.ROUND_ROBIN:
        return terms.texts, terms.kept
    rounds, opponents = terms.rounds, terms.opponents
    order = sorted(range(len(rounds)), key=lambda i: (opponents[i] or 0, rounds[i]))
    texts, kept = terms.texts, terms.kept
    return [texts[i] for i in order], None if kept is None else [kept[i] for i in order]


def format_value(kind: EventKind, code: str, value: Value) -> str:
    """One value with its derivation, e.g. ``SB 69.5 = ½×11 (Zagorovsky) + …``."""
    label = code.split("#")[0]
    if value.number is None:
        return f"{label} has no value" + (f": {value.note}" if value.note else "")
    text = f"{label} {ratio_text(value.number.numerator, value.number.denominator)}"
    terms = value.terms
    if terms is not None and terms.texts:
        texts, kept = _in_order(kind, terms)
        shown = texts if kept is None else list(compress(texts, kept))
        joined = " + ".join(shown) or "0"
        text += f" = ({joined}) / {len(shown)}" if value.mean else f" = {joined}"
        if kept is not None and len(shown) < len(texts):
            text += "; cut: " + ", ".join(compress(texts, map(not_, kept)))
        if value.note:
            text += f" ({value.note})"
    elif value.note:
        text += f": {value.note}"
    return text


_EXPLAINED: WeakKeyDictionary[Standings, dict[str, list[str]]] = WeakKeyDictionary()


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while many small objects are made: derivations make no cycles, and on
    a big event the collector's passes over the growing heap cost a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def explained(standings: Standings, code: str) -> list[str]:
    """Every player's derivation of one column, in final order (worked out once for the standings: the web
    page and the crosstable show them too)."""
    found = _EXPLAINED.setdefault(standings, {})
    if code not in found:
        column, kind = standings.column(code), standings.kind
        with _without_cycle_collection():
            found[code] = [format_value(kind, code, column.value(row)) for row in standings.order.tolist()]
    return found[code]


def explain_value(standings: Standings, start: StartNo, code: str) -> str:
    """The derivation of one player's value of one tie-break (``code`` a key of the standings' codes)."""
    return format_value(standings.kind, code, standings.column(code).value(start - 1))


def explain_player(standings: Standings, start: StartNo) -> list[str]:
    """Every value of a player, points first, each as the sum it came from."""
    row = start - 1
    name = standings.event.roster.names[row]
    lines = [f"{name} (no. {start}), rank {int(standings.ranks[row])}"]
    lines.append("  " + format_value(standings.kind, "PTS", standings.points.value(row)))
    lines += ["  " + explain_value(standings, start, code) for code in standings.codes]
    return lines


def explain_players(standings: Standings) -> list[list[str]]:
    """:func:`explain_player` of every player, in final order (each column's derivations worked out once)."""
    names, ranks = standings.event.roster.names, standings.ranks
    columns = [explained(standings, "PTS"), *(explained(standings, code) for code in standings.codes)]
    return [
        [f"{names[row]} (no. {row + 1}), rank {int(ranks[row])}", *("  " + texts[index] for texts in columns)]
        for index, row in enumerate(standings.order.tolist())
    ]
