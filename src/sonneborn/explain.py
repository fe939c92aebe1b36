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

from collections.abc import Sequence

from sonneborn.model import EventKind, StartNo
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import Element, Value


def _ordered(kind: EventKind, elements: Sequence[Element]) -> list[Element]:
    # A round robin reads best in the crosstable's order; a Swiss event round by round.
    if kind is EventKind.ROUND_ROBIN:
        return sorted(elements, key=lambda e: (e.opponent or 0, e.round))
    return sorted(elements, key=lambda e: e.round)


def format_value(kind: EventKind, code: str, value: Value) -> str:
    """One value with its derivation, e.g. ``SB 69.5 = ½×11 (Zagorovsky) + …``."""
    label = code.split("#")[0]
    if value.number is None:
        return f"{label} has no value" + (f": {value.note}" if value.note else "")
    text = f"{label} {exact_text(value.number)}"
    if value.elements or value.cut:
        terms = " + ".join(e.text for e in _ordered(kind, value.elements)) or "0"
        text += f" = ({terms}) / {len(value.elements)}" if value.mean else f" = {terms}"
        if value.cut:
            text += "; cut: " + ", ".join(e.text for e in _ordered(kind, value.cut))
        if value.note:
            text += f" ({value.note})"
    elif value.note:
        text += f": {value.note}"
    return text


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
