"""The terminal table: aligned columns, two decimals unless more are needed to tell values apart.

Columns are two spaces apart, numbers right-aligned, names left-aligned and
the only column that gives way when the terminal is narrow: a name too long
is cut with an ellipsis. Alignment counts display width, so CJK and Thai
names line up. Colour (ANSI) only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from sonneborn.languages import ENGLISH, Language
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    category_heading,
    legend,
    names,
    notes,
    numbers_in,
    overall_texts,
    padded_column,
    place_texts,
    rating_texts,
    score_columns,
    shown_player_fields,
    terminal_text,
    value_texts,
)
from sonneborn.width import display_width, fit, wrapped

BOLD, BOLD_CYAN, DIM, RESET = "\x1b[1m", "\x1b[1;36m", "\x1b[2m", "\x1b[0m"


def render_table(
    standings: Standings, *, color: bool = False, width: int | None = None, lang: Language = ENGLISH
) -> str:
    """The standings as an aligned table, in colour only when asked, in a language (its headings, notes and
    numbers; the tie-break codes as they are).

    ``width`` is the terminal's: long names are cut with an ellipsis to fit
    it; ``None`` lays the table out at its natural width. The table is built a
    column at a time: a hundred thousand players are laid out in a moment.
    """
    ratings = rating_texts(standings)
    scores = score_columns(standings)  # Pts; a team event's MP and GP
    overall = overall_texts(standings)
    say = lang.gettext
    before: list[tuple[str, list[str]]] = [
        *(
            [(say("Pl"), place_texts(standings)), (say("Rk"), overall)]
            if overall is not None
            else [(say("Rk"), place_texts(standings))]
        ),
        (say("No"), list(map(str, standings.starts))),
    ]
    after: list[tuple[str, list[str]]] = [
        *(
            (say(field.heading), [terminal_text(t) for t in texts])
            for field, texts in shown_player_fields(standings, ["federation"])
        ),
        *([(say("Rtg"), ratings)] if ratings is not None else []),
        *((say(score.heading), numbers_in(score.texts, lang)) for score in scores),
        *((code.split("#")[0], numbers_in(value_texts(standings, code), lang)) for code in standings.codes),
    ]
    left_columns = [padded_column(title, cells, left=False) for title, cells in before]
    right_columns = [padded_column(title, cells, left=False) for title, cells in after]
    player_names = [terminal_text(name) for name in names(standings)]
    name_heading = say("Name")
    name_width = max(map(display_width, [name_heading, *player_names]))
    if width is not None:
        # Two spaces between columns, none at the edges: the name column takes what is left.
        others = sum(display_width(column[0]) + 2 for column in [*left_columns, *right_columns])
        name_width = max(4, min(name_width, width - others))
        player_names = [fit(name, name_width) for name in player_names]
    name_column = padded_column(name_heading, player_names, left=True, width=name_width)
    if color:  # the points (a team event's primary score) in bold
        pts = len(after) - len(standings.codes) - len(scores)
        right_columns[pts] = [right_columns[pts][0], *(f"{BOLD}{cell}{RESET}" for cell in right_columns[pts][1:])]
    rows = ["  ".join(cells).rstrip() for cells in zip(*left_columns, name_column, *right_columns, strict=True)]
    lines = []
    title = terminal_text(standings.event.name or "")
    if standings.category is not None:  # a category's table: its name under the event's (Pl its place, Rk overall)
        title = (title + ": " if title else "") + terminal_text(category_heading(standings, lang))
    if title:
        for part in wrapped(title, width) if width is not None else [title]:
            lines.append(f"{BOLD}{part}{RESET}" if color else part)
    lines.append(f"{BOLD_CYAN}{rows[0]}{RESET}" if color else rows[0])
    lines += rows[1:]
    said = notes(standings, lang)
    named = legend(standings, lang)
    for note in [named, *said] if named else said:
        for part in wrapped(note, width) if width is not None else [note]:
            lines.append(f"{DIM}{part}{RESET}" if color else part)
    lines.append("")  # the last line's end, without a copy of the table
    return "\n".join(lines)


def render_categories_table(
    tables: Sequence[Standings], *, color: bool = False, width: int | None = None, lang: Language = ENGLISH
) -> str:
    """Category tables as terminal tables, one after the other, a blank line between them, in a language."""
    return "\n".join(render_table(table, color=color, width=width, lang=lang) for table in tables)
