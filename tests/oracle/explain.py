"""The sum behind every value: each tie-break shown the way it was worked out.

>>> from sonneborn.demo import seed_event
>>> from oracle.ranking import rank, parse_list
>>> standings = rank(seed_event(), parse_list("SB"))
>>> print(explain_value(standings, 1, "SB"))  # doctest: +ELLIPSIS
SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov) + 1×8.5 (Khasin) + ... + 1×1 (Nun)
"""

from __future__ import annotations

from oracle.base import Context, Element, Spec
from oracle.own_results import points
from oracle.ranking import Standings
from oracle.registry import Value
from sonneborn.model import StartNo
from sonneborn.numbers import exact_text


def _ordered(standings: Standings, elements: tuple[Element, ...]) -> list[Element]:
    # A round robin reads best in the crosstable's order; a Swiss event round by round.
    if standings.kind.value == "round-robin":
        return sorted(elements, key=lambda e: (e.opponent or 0, e.round))
    return sorted(elements, key=lambda e: e.round)


def format_value(standings: Standings, code: str, value: Value) -> str:
    """One value with its derivation, e.g. ``SB 69.5 = ½×11 (Zagorovsky) + …``."""
    if value.number is None:
        return f"{code} has no value" + (f": {value.note}" if value.note else "")
    text = f"{code} {exact_text(value.number)}"
    if value.elements or value.cut:
        terms = " + ".join(e.text for e in _ordered(standings, value.elements)) or "0"
        text += f" = ({terms}) / {len(value.elements)}" if value.mean else f" = {terms}"
        if value.cut:
            text += "; cut: " + ", ".join(e.text for e in _ordered(standings, value.cut))
        if value.note:
            text += f" ({value.note})"
    elif value.note:
        text += f": {value.note}"
    return text


def explain_value(standings: Standings, start: StartNo, code: str) -> str:
    """The derivation of one player's value of one tie-break."""
    return format_value(standings, code, standings.row(start).values[code])


def explain_player(standings: Standings, start: StartNo) -> list[str]:
    """Every value of a player, points first, each as the sum it came from."""
    row = standings.row(start)
    own = row.points_derivation or points(Context(standings.tournament), Spec("PTS"))[start]
    lines = [f"{row.player.name} (no. {start}), rank {row.rank}", "  " + format_value(standings, "PTS", own)]
    lines += ["  " + explain_value(standings, start, code) for code in standings.codes]
    return lines
