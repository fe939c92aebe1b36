"""How values and places look in every table: the one place the renderers share.

>>> display_width("王小明"), display_width("สมชาย ใจดี")
(6, 9)
"""

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
        # Thai vowel and tone marks are non-spacing (Mn) with combining class 0: ask the category.
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
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


def place_texts(standings: Standings, *, dash: str = "-") -> list[str]:
    """The place of each row, a shared place written as a range (``8-9``).

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> place_texts(rank(seed_event(), parse_list("SB")), dash="–")[6:10]
    ['7', '8–9', '8–9', '10']
    """
    counts: dict[int, int] = {}
    for row in standings.rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    return [
        f"{row.rank}{dash}{row.rank + counts[row.rank] - 1}" if counts[row.rank] > 1 else str(row.rank)
        for row in standings.rows
    ]


def value_texts(standings: Standings, code: str) -> list[str]:
    """A tie-break's values the way the tables show them, in row order.

    Counts and places are whole numbers; the others get two decimals, or more
    when two different values would print alike; no value is an empty cell.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> standings = rank(seed_event(), parse_list("SB,WIN"))
    >>> value_texts(standings, "SB")[:2], value_texts(standings, "WIN")[:2]
    (['69.50', '66.75'], ['8', '9'])
    """
    numbers = [row.values[code].number for row in standings.rows]
    if REGISTRY[code.split("/")[0]].integral:
        return ["" if n is None else exact_text(n) for n in numbers]
    places = places_needed([n for n in numbers if n is not None])
    return ["" if n is None else fixed_text(n, places) for n in numbers]


def notes(standings: Standings) -> list[str]:
    """What a reader must know beyond the table: unfinished games, shared places, lots, a weighted score."""
    found = []
    unfinished = standings.tournament.unfinished_games
    if unfinished:
        found.append(f"Provisional: {unfinished} game{'s' if unfinished > 1 else ''} not finished.")
    if standings.rank_by is not None:
        found.append(f"Ranked by {standings.rank_by} instead of points.")
    shared = [place for place in place_texts(standings, dash="–") if "–" in place]
    if shared:
        found.append(f"Players still tied after the last tie-break share the place ({shared[0]}).")
    if standings.lots is not None and any(row.by_lot for row in standings.rows):
        found.append(f"Remaining ties broken by lot (seed {standings.lots}).")
    return found
