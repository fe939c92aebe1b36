"""The terminal table: aligned columns, two decimals unless more are needed to tell values apart."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from fractions import Fraction

from sonneborn.numbers import exact_text, fixed_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import REGISTRY

MAX_PLACES = 6


def display_width(text: str) -> int:
    """Columns the text takes in a terminal: wide (CJK) characters take two, combining marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def places_needed(values: Sequence[Fraction]) -> int:
    """Two decimals, or more when two different values would print alike (up to six).

    >>> places_needed([Fraction(1, 3), Fraction(1, 2)]), places_needed([Fraction(1, 1000), Fraction(0)])
    (2, 3)
    """
    distinct = set(values)
    for places in range(2, MAX_PLACES + 1):
        if len({fixed_text(v, places) for v in distinct}) == len(distinct):
            return places
    return MAX_PLACES


def _pad(text: str, width: int, right: bool) -> str:
    fill = " " * (width - display_width(text))
    return fill + text if right else text + fill


def render_table(standings: Standings) -> str:
    """The standings as an aligned text table."""
    codes = standings.codes
    rank_counts: dict[int, int] = {}
    for row in standings.rows:
        rank_counts[row.rank] = rank_counts.get(row.rank, 0) + 1
    header = ["Rk", "No", "Name", "Rtg", "Pts", *codes]
    right = [True, True, False, True, True, *([True] * len(codes))]
    columns: list[list[str]] = []
    for code in codes:
        numbers = [row.values[code].number for row in standings.rows]
        present = [n for n in numbers if n is not None]
        if REGISTRY[code.split("/")[0]].integral:
            columns.append(["" if n is None else exact_text(n) for n in numbers])
        else:
            places = places_needed(present)
            columns.append(["" if n is None else fixed_text(n, places) for n in numbers])
    body = []
    for index, row in enumerate(standings.rows):
        shared = rank_counts[row.rank]
        rank = f"{row.rank}-{row.rank + shared - 1}" if shared > 1 else str(row.rank)
        rating = "" if row.player.rating is None else str(row.player.rating)
        body.append(
            [rank, str(row.player.start), row.player.name, rating, exact_text(row.points)]
            + [column[index] for column in columns]
        )
    widths = [max(display_width(line[i]) for line in [header, *body]) for i in range(len(header))]
    lines = []
    event = standings.tournament
    if event.name:
        lines.append(event.name)
    for line in [header, *body]:
        lines.append("  ".join(_pad(cell, widths[i], right[i]) for i, cell in enumerate(line)).rstrip())
    notes = []
    if standings.lots is not None and any(row.by_lot for row in standings.rows):
        notes.append(f"Remaining ties broken by lot (seed {standings.lots}).")
    if standings.rank_by is not None:
        notes.append(f"Ranked by {standings.rank_by} instead of points.")
    return "\n".join(lines + notes) + "\n"
