"""The terminal table: aligned columns, two decimals unless more are needed to tell values apart."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import display_width, notes, place_texts, value_texts


def _widest(title: str, cells: list[str]) -> int:
    return max(display_width(text) for text in [title, *cells])


def render_table(standings: Standings, *, color: bool = False, width: int | None = None) -> str:
    """The standings as an aligned table (rich), in colour only when asked.

    ``width`` is the terminal's: columns shrink and long names are cut with an
    ellipsis to fit it; ``None`` lays the table out at its natural width.
    Alignment counts display width, so CJK and Thai names line up.
    """
    columns = [value_texts(standings, code) for code in standings.codes]
    ranks = place_texts(standings)
    rated = any(row.player.rating is not None for row in standings.rows)
    fixed: list[tuple[str, list[str]]] = [
        ("Rk", ranks),
        ("No", [str(row.player.start) for row in standings.rows]),
    ]
    after: list[tuple[str, list[str]]] = [
        *(
            [("Rtg", ["" if r.player.rating is None else str(r.player.rating) for r in standings.rows])]
            if rated
            else []
        ),
        ("Pts", [exact_text(row.points) for row in standings.rows]),
        *zip(standings.codes, columns, strict=True),
    ]
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold cyan" if color else "")
    # Numbers are never cut: only the name column gives way when the terminal is narrow.
    for title, cells in fixed:
        table.add_column(title, justify="right", no_wrap=True, min_width=_widest(title, cells))
    name_width = _widest("Name", [row.player.name for row in standings.rows])
    if width is not None:
        # Two spaces between columns (padding 1 on each side, none at the edges).
        others = sum(_widest(title, cells) + 2 for title, cells in [*fixed, *after])
        name_width = max(4, min(name_width, width - others))
    table.add_column("Name", overflow="ellipsis", no_wrap=True, width=name_width)
    for title, cells in after:
        style = "bold" if color and title == "Pts" else ""
        table.add_column(title, justify="right", no_wrap=True, min_width=_widest(title, cells), style=style)
    for index, row in enumerate(standings.rows):
        table.add_row(*(cells[index] for _, cells in fixed), row.player.name, *(cells[index] for _, cells in after))
    out = io.StringIO()
    console = Console(
        file=out,
        width=width or 100_000,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
        highlight=False,
        emoji=False,
        markup=False,
    )
    if standings.tournament.name:
        console.print(standings.tournament.name, style="bold" if color else "")
    console.print(table)
    for note in notes(standings):
        console.print(note, style="dim" if color else "")
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"
