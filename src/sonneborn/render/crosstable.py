"""The crosstable: every game of the event in one grid, players in final order.

A round robin gets the seeds' layout, one column per opponent in final order
with the row player's results (``1 ½ 0``, ``+ -`` for forfeits, ``X`` on the
diagonal, one symbol per game of a double round robin). A Swiss event gets the
chess-results layout, one column per round with the opponent's start number,
the colour and the result (``12w1``, ``5b½``, ``7-+``; byes ``-U1``, ``-H½``,
``-Z0``). Points and each tie-break of the standings close every row.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> table = build_crosstable(rank(seed_event(), parse_list("SB")))
>>> table.header[:5], table.header[-2:]
(['No', 'Player', '1', '2', '3'], ['Pts', 'SB'])
>>> table.rows[0][:6], table.rows[0][-2:]
(['1', 'Sloth', 'X', '½', '½', '1'], ['11', '69.50'])
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sonneborn.explain import format_value
from sonneborn.model import Colour, Entry, EventKind, Player, ResultKind, StartNo, Tournament
from sonneborn.numbers import exact_text
from sonneborn.ranking import Row, Standings
from sonneborn.render.cells import display_width, place_texts, value_texts

__all__ = [
    "Crosstable",
    "build_crosstable",
    "crosstable_csv",
    "crosstable_html",
    "crosstable_markdown",
    "crosstable_text",
    "escape_markdown",
    "markdown_table",
    "place_texts",
    "value_texts",
]

SYMBOLS = {
    ResultKind.WIN: "1",
    ResultKind.UNRATED_WIN: "1",
    ResultKind.DRAW: "½",
    ResultKind.UNRATED_DRAW: "½",
    ResultKind.LOSS: "0",
    ResultKind.UNRATED_LOSS: "0",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.NOT_PLAYED: "",
}
"""The symbol of a game's result from the player's side; a game not played yet has none."""

_WORDS = {
    ResultKind.WIN: "won",
    ResultKind.UNRATED_WIN: "won (unrated)",
    ResultKind.DRAW: "drew",
    ResultKind.UNRATED_DRAW: "drew (unrated)",
    ResultKind.LOSS: "lost",
    ResultKind.UNRATED_LOSS: "lost (unrated)",
    ResultKind.FORFEIT_WIN: "forfeit win",
    ResultKind.FORFEIT_LOSS: "forfeit loss",
    ResultKind.PAIRING_BYE: "pairing-allocated bye",
    ResultKind.FULL_BYE: "full-point bye",
    ResultKind.HALF_BYE: "half-point bye",
    ResultKind.ZERO_BYE: "zero-point bye or absent",
    ResultKind.NOT_PLAYED: "not played yet",
}
_COLOUR_WORDS = {Colour.WHITE: "White", Colour.BLACK: "Black", Colour.UNKNOWN: "colour unknown"}


@dataclass(frozen=True, slots=True)
class Crosstable:
    """The crosstable as cell texts, one row per player in final order, ready for any renderer."""

    header: list[str]
    """The column labels."""
    rows: list[list[str]]
    """The cell texts of every row, as long as the header."""
    kind: EventKind
    """The layout: opponents as columns (round robin) or rounds as columns (Swiss)."""
    name_column: int
    """The index of the column of names (left-aligned where the others are right-aligned)."""
    result_columns: tuple[int, ...]
    """The indexes of the columns holding results, one per opponent or per round."""
    value_columns: tuple[int, ...]
    """The indexes of the points and tie-break columns."""
    starts: list[StartNo]
    """The start number of the player of each row."""
    titles: list[list[str]]
    """What each cell stands for, in words (the game, the derivation of a value); empty when nothing."""


def build_crosstable(standings: Standings) -> Crosstable:
    """The crosstable of the ranked event, in the layout that suits its kind."""
    if standings.kind is EventKind.ROUND_ROBIN:
        return _round_robin(standings)
    return _swiss(standings)


def _round_robin(standings: Standings) -> Crosstable:
    event = standings.tournament
    order = [row.player for row in standings.rows]
    header = ["No", "Player", *(str(k) for k in range(1, len(order) + 1))]
    rows: list[list[str]] = []
    titles: list[list[str]] = []
    for number, player in enumerate(order, start=1):
        cells, notes = [str(number), player.name], [f"start number {player.start}", ""]
        for opponent in order:
            if opponent is player:
                cells.append("X")
                notes.append("")
                continue
            games = [e for e in player.entries if e.opponent == opponent.start]
            cells.append(_games_cell(games))
            notes.append(_games_title(event, player, opponent, games))
        rows.append(cells)
        titles.append(notes)
    results = tuple(range(2, 2 + len(order)))
    return _with_values(standings, header, rows, titles, EventKind.ROUND_ROBIN, 1, results)


def _games_cell(games: Sequence[Entry]) -> str:
    symbols = [SYMBOLS.get(e.kind, "") for e in games]
    if not any(symbols):
        return ""
    # A game still to be played between played ones keeps its place, as the crosstable reader writes it.
    return "".join(symbol or "." for symbol in symbols)


def _games_title(event: Tournament, player: Player, opponent: Player, games: Sequence[Entry]) -> str:
    if not games:
        return ""
    parts = [f"{_WORDS[e.kind]} (round {e.round})" for e in games]
    return f"{player.name} against {opponent.name}: {', '.join(parts)}"


def _swiss(standings: Standings) -> Crosstable:
    event = standings.tournament
    header = ["Rk", "No", "Name", "Rtg", *(str(r) for r in range(1, event.rounds + 1))]
    rows: list[list[str]] = []
    titles: list[list[str]] = []
    for place, row in zip(place_texts(standings), standings.rows, strict=True):
        player = row.player
        rating = "" if player.rating is None else str(player.rating)
        cells = [place, str(player.start), player.name, rating]
        notes = [_place_title(standings, row), "", "", ""]
        for entry in player.entries:
            cells.append(_round_cell(event, entry))
            notes.append(_round_title(event, entry))
        rows.append(cells)
        titles.append(notes)
    results = tuple(range(4, 4 + event.rounds))
    return _with_values(standings, header, rows, titles, EventKind.SWISS, 2, results)


def _place_title(standings: Standings, row: Row) -> str:
    if row.by_lot:
        return f"place decided by lot (seed {standings.lots})"
    return "shared place" if row.shared else ""


def _round_cell(event: Tournament, entry: Entry) -> str:
    if entry.opponent is not None:
        return f"{entry.opponent}{entry.colour}{SYMBOLS.get(entry.kind, '')}"
    if not entry.kind.is_finished:
        return ""
    return f"-{entry.kind}{_points_symbol(event, entry)}"


def _points_symbol(event: Tournament, entry: Entry) -> str:
    """A bye's points as the result it is worth: ``1``, ``½`` or ``0``, else the number."""
    system = event.point_system
    points = system.points(entry.kind) if entry.points is None else entry.points
    for value, symbol in ((system.win, "1"), (system.draw, "½"), (system.loss, "0")):
        if points == value:
            return symbol
    return exact_text(points)


def _round_title(event: Tournament, entry: Entry) -> str:
    if entry.opponent is None:
        if not entry.kind.is_finished:
            return ""
        return f"round {entry.round}: {_WORDS[entry.kind]}"
    opponent = event.player(entry.opponent)
    return (
        f"round {entry.round}: {_WORDS[entry.kind]}, {_COLOUR_WORDS[entry.colour]}, "
        f"against {opponent.name} (no. {opponent.start})"
    )


def _with_values(
    standings: Standings,
    header: list[str],
    rows: list[list[str]],
    titles: list[list[str]],
    kind: EventKind,
    name_column: int,
    results: tuple[int, ...],
) -> Crosstable:
    codes = standings.codes
    columns = [value_texts(standings, code) for code in codes]
    for index, row in enumerate(standings.rows):
        rows[index] += [exact_text(row.points), *(column[index] for column in columns)]
        titles[index] += [
            f"{exact_text(row.points)} points",
            *(format_value(standings, code, row.values[code]) for code in codes),
        ]
    first = len(header)
    header = [*header, "Pts", *codes]
    return Crosstable(
        header=header,
        rows=rows,
        kind=kind,
        name_column=name_column,
        result_columns=results,
        value_columns=tuple(range(first, len(header))),
        starts=[row.player.start for row in standings.rows],
        titles=titles,
    )


# Renderers.


def crosstable_text(c: Crosstable) -> str:
    """The crosstable as aligned columns two spaces apart, names left, the rest right-aligned.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_text(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[1])
     1  Sloth         X  ½  ½  1  ½  ½  1  1  ½   1   ½   1   1   1   1    11  69.50
    """
    lines = [c.header, *c.rows]
    widths = [max(display_width(line[i]) for line in lines) for i in range(len(c.header))]

    def pad(text: str, index: int) -> str:
        fill = " " * (widths[index] - display_width(text))
        return text + fill if index == c.name_column else fill + text

    return "\n".join("  ".join(pad(cell, i) for i, cell in enumerate(line)).rstrip() for line in lines) + "\n"


def crosstable_csv(c: Crosstable) -> str:
    """The crosstable as CSV: the header row, then one row per player.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_csv(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[15])
    15,Nun,0,0,0,½,0,0,½,0,0,0,0,0,0,0,X,1,7.75
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(c.header)
    writer.writerows(c.rows)
    return out.getvalue()


_MARKDOWN_ACTIVE = frozenset("\\`*_[]<>|~&!#")


def escape_markdown(text: str) -> str:
    r"""The text with every character Markdown (GFM) acts on inline escaped, for a table cell.

    >>> print(escape_markdown("A | B *C*"))
    A \| B \*C\*
    """
    cleaned = "".join(" " if unicodedata.category(char) in ("Cc", "Zl", "Zp") else char for char in text)
    return "".join("\\" + char if char in _MARKDOWN_ACTIVE else char for char in cleaned)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[str]) -> str:
    """A GitHub-flavoured Markdown table; ``align`` holds ``l``, ``c`` or ``r`` per column.

    >>> print(markdown_table(["No", "Name"], [["1", "A|B"]], "rl"), end="")
    | No | Name |
    | -: | :--- |
    | 1 | A\\|B |
    """
    rule = {"l": ":---", "c": ":-:", "r": "-:"}

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(escape_markdown(cell) for cell in cells) + " |"

    lines = [line(header), "| " + " | ".join(rule[a] for a in align) + " |"]
    lines += [line(row) for row in rows]
    return "\n".join(lines) + "\n"


def crosstable_markdown(c: Crosstable) -> str:
    """The crosstable as a GitHub-flavoured Markdown table, results centred.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_markdown(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[2])
    | 1 | Sloth | X | ½ | ½ | 1 | ½ | ½ | 1 | 1 | ½ | 1 | ½ | 1 | 1 | 1 | 1 | 11 | 69.50 |
    """
    align = ["l" if i == c.name_column else "c" if i in c.result_columns else "r" for i in range(len(c.header))]
    return markdown_table(c.header, c.rows, align)


def crosstable_html(c: Crosstable, standings: Standings) -> str:
    """A self-contained HTML page holding the crosstable only, under the event's header."""
    from sonneborn.render.html import render_crosstable_page

    return render_crosstable_page(c, standings)
