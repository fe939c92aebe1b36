"""The terminal table: aligned columns, two decimals unless more are needed to tell values apart.

Columns are two spaces apart, numbers right-aligned, names left-aligned and
the only column that gives way when the terminal is narrow: a name too long
is cut with an ellipsis. Alignment counts display width, so CJK and Thai
names line up. Colour (ANSI) only when asked for.
"""

from __future__ import annotations

import textwrap

from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    display_width,
    names,
    notes,
    place_texts,
    points_texts,
    rating_texts,
    value_texts,
)

BOLD, BOLD_CYAN, DIM, RESET = "\x1b[1m", "\x1b[1;36m", "\x1b[2m", "\x1b[0m"
ELLIPSIS = "…"


def fit(text: str, width: int) -> str:
    """The text cut to ``width`` display columns, an ellipsis marking the cut.

    >>> fit("Zagorovsky", 8), fit("王小明", 4), fit("Nun", 8)
    ('Zagorov…', '王…', 'Nun')
    """
    if display_width(text) <= width:
        return text
    kept = text
    while kept and display_width(kept) + 1 > width:
        kept = kept[:-1]
    return kept + ELLIPSIS


def _pad(text: str, width: int, *, left: bool) -> str:
    fill = " " * (width - display_width(text))
    return text + fill if left else fill + text


def render_table(standings: Standings, *, color: bool = False, width: int | None = None) -> str:
    """The standings as an aligned table, in colour only when asked.

    ``width`` is the terminal's: long names are cut with an ellipsis to fit
    it; ``None`` lays the table out at its natural width.
    """
    ratings = rating_texts(standings)
    before: list[tuple[str, list[str]]] = [("Rk", place_texts(standings)), ("No", list(map(str, standings.starts)))]
    after: list[tuple[str, list[str]]] = [
        *([("Rtg", ratings)] if ratings is not None else []),
        ("Pts", points_texts(standings)),
        *((code.split("#")[0], value_texts(standings, code)) for code in standings.codes),
    ]
    widths = [max(map(display_width, [title, *cells])) for title, cells in [*before, *after]]
    player_names = names(standings)
    name_width = max(map(display_width, ["Name", *player_names]))
    if width is not None:
        # Two spaces between columns, none at the edges: the name column takes what is left.
        name_width = max(4, min(name_width, width - sum(w + 2 for w in widths)))
    head = len(before)
    pts = head + len(after) - len(standings.codes) - 1

    def line(cells: list[str], name: str, *, header: bool = False) -> str:
        parts = [_pad(cell, w, left=False) for cell, w in zip(cells[:head], widths[:head], strict=True)]
        parts.append(_pad(fit(name, name_width), name_width, left=True))
        for index, (cell, w) in enumerate(zip(cells[head:], widths[head:], strict=True), start=head):
            text = _pad(cell, w, left=False)
            parts.append(f"{BOLD}{text}{RESET}" if color and not header and index == pts else text)
        text = "  ".join(parts).rstrip()
        return f"{BOLD_CYAN}{text}{RESET}" if color and header else text

    columns = [cells for _, cells in [*before, *after]]
    lines = []
    title = standings.event.name
    if title:
        for part in textwrap.wrap(title, width) if width is not None else [title]:
            lines.append(f"{BOLD}{part}{RESET}" if color else part)
    lines.append(line([t for t, _ in before] + [t for t, _ in after], "Name", header=True))
    for index, name in enumerate(player_names):
        lines.append(line([cells[index] for cells in columns], name))
    for note in notes(standings):
        for part in textwrap.wrap(note, width) if width is not None else [note]:
            lines.append(f"{DIM}{part}{RESET}" if color else part)
    return "\n".join(lines) + "\n"
