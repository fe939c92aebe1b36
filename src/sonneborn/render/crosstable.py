"""The crosstable: every game of the event in one grid, players in final order.

A round robin gets the seeds' layout, one column per opponent in final order
(numbered by row, as chess-results numbers them; ``No`` is the start number)
with the row player's results (``1 ½ 0``, ``+ -`` for forfeits, ``X`` on the
diagonal, one symbol per game of a double round robin). A Swiss event gets the
chess-results layout, one column per round with the opponent's start number,
the colour and the result (``12w1``, ``5b½``, ``7-+``; byes ``-U1``, ``-H½``,
``-Z0``). Points and each tie-break of the standings close every row.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> table = build_crosstable(rank(seed_event(), parse_list("SB")))
>>> table.header[:6], table.header[-2:]
(['Rk', 'No', 'Player', '1', '2', '3'], ['Pts', 'SB'])
>>> table.rows[0][:7], table.rows[0][-2:]
(['1', '1', 'Sloth', 'X', '½', '½', '1'], ['11', '69.50'])
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from sonneborn.event import COLOURS, KINDS, NOT_PLAYED
from sonneborn.explain import explained
from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.languages import ENGLISH, Language
from sonneborn.lots import SeededDraw
from sonneborn.messages import N_, Message, Number, Phrase
from sonneborn.model import Colour, EventKind, ResultKind, StartNo
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    drawing_label,
    names,
    numbers_in,
    padded_column,
    place_texts,
    points_texts,
    terminal_text,
    value_texts,
)

__all__ = [
    "RESULT_WORDS",
    "Crosstable",
    "build_crosstable",
    "crosstable_csv",
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
_SYMBOL_OF = [SYMBOLS.get(kind, "") for kind in KINDS]
_COLOUR_LETTER = [str(colour) for colour in COLOURS]

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
RESULT_WORDS = _WORDS
"""A round's result in words, by its kind (``forfeit win``, ``half-point bye``): the crosstable's titles, the web
page's player cards and rounds."""
_COLOUR_WORDS = {Colour.WHITE: N_("White"), Colour.BLACK: N_("Black"), Colour.UNKNOWN: N_("colour unknown")}


@dataclass(frozen=True, eq=False)
class Crosstable:
    """The crosstable as cell texts, one row per player in final order, ready for any renderer."""

    header: list[str]
    """The column labels."""
    columns: list[list[str]]
    """The cell texts of every column, one column per label, a text per player in final order."""
    kind: EventKind
    """The layout: opponents as columns (round robin) or rounds as columns (Swiss)."""
    name_column: int
    """The index of the column of names (left-aligned where the others are right-aligned)."""
    result_columns: range
    """The indexes of the columns holding results, one per opponent or per round."""
    value_columns: range
    """The indexes of the points and tie-break columns."""
    starts: list[StartNo]
    """The start number of the player of each row."""
    make_titles: Callable[[], list[list[str]]]
    """Makes :attr:`title_columns`."""
    make_cell_titles: Callable[[slice], list[list[str]]] | None = None
    """Makes the titles of the columns before the tie-breaks' (places, games, points) alone, of the rows of a slice
    of the final order, without deriving every value: the web page makes those of the rows it shows only."""
    numbered_results: bool = False
    """Whether the results hold numbers (a team match's game points, ``3.5 (1)``), written as a language
    writes them like the points; an individual's results are symbols (``1``, ``½``) that never change."""
    word_columns: range = range(0)
    """The indexes of the columns whose cells are words of the catalogues (the board prizes' ``yes``), written in
    the language."""

    def in_numbers(self, index: int) -> bool:
        """Whether the column's cells are numbers, written as the language writes them (``69,50``)."""
        return index in self.value_columns or (self.numbered_results and index in self.result_columns)

    @cached_property
    def rows(self) -> list[list[str]]:
        """The cell texts of every row, as long as the header."""
        return [list(row) for row in zip(*self.columns, strict=True)]

    @cached_property
    def title_columns(self) -> list[list[str]]:
        """What each cell stands for, in words (the game, the derivation of a value), column by column; empty
        when nothing.

        Worked out when first asked for: only the HTML page and the web page show them.
        """
        return self.make_titles()

    @cached_property
    def titles(self) -> list[list[str]]:
        """:attr:`title_columns` row by row."""
        return [list(row) for row in zip(*self.title_columns, strict=True)]


def build_crosstable(standings: Standings) -> Crosstable:
    """The crosstable of the ranked event, in the layout that suits its kind."""
    if standings.kind is EventKind.ROUND_ROBIN:
        return _round_robin(standings)
    return _swiss(standings)


def _round_robin(standings: Standings) -> Crosstable:
    table, order = standings.event.table, standings.order.tolist()
    player_names = standings.event.roster.names
    # "No" is the start number, as everywhere; the opponents' columns are numbered by row, as chess-results
    # numbers them in its final ranking crosstable (and as the published-crosstable reader reads them back).
    header = ["Rk", "No", "Player", *(str(k) for k in range(1, len(order) + 1))]
    opponents, kinds = table.opponent.tolist(), table.kind.tolist()
    games: list[dict[int, list[int]]] = []
    for row in order:
        found: dict[int, list[int]] = {}
        for column, opponent in enumerate(opponents[row]):
            if opponent >= 0:
                found.setdefault(opponent, []).append(column)
        games.append(found)
    rows: list[list[str]] = []
    for place, row, found in zip(place_texts(standings), order, games, strict=True):
        cells = [place, str(row + 1), player_names[row]]
        for opponent in order:
            if opponent == row:
                cells.append("X")
                continue
            symbols = [_SYMBOL_OF[kinds[row][column]] for column in found.get(opponent, ())]
            # A game still to be played between played ones keeps its place, as the crosstable reader writes it.
            cells.append("".join(symbol or "." for symbol in symbols) if any(symbols) else "")
        rows.append(cells)

    def titles(rows: slice = slice(None)) -> list[list[str]]:
        found_titles = []
        for row, found in zip(order[rows], games[rows], strict=True):
            notes = [_place_title(standings, row), Phrase.of(N_("start number {number}"), number=row + 1), ""]
            for opponent in order:
                columns = found.get(opponent, []) if opponent != row else []
                parts = [
                    Phrase.of(N_("{kind} (round {round})"), kind=_KIND_WORDS[kinds[row][c]], round=c + 1)
                    for c in columns
                ]
                against = Phrase.of(
                    N_("{name} against {opponent}: {games}"),
                    name=player_names[row],
                    opponent=player_names[opponent],
                    games=Phrase.joined(parts, ", "),
                )
                notes.append(against if parts else "")
            found_titles.append(notes)
        if not found_titles:
            return [[] for _ in range(3 + len(order))]
        return [list(column) for column in zip(*found_titles, strict=True)]

    columns = [list(column) for column in zip(*rows, strict=True)] if rows else [[], [], []]
    return _with_values(standings, header, columns, titles, EventKind.ROUND_ROBIN, 2, range(3, 3 + len(order)))


def _swiss(standings: Standings) -> Crosstable:
    event = standings.event
    table, order = event.table, standings.order
    header = ["Rk", "No", "Name", "Rtg", *(str(r) for r in range(1, event.rounds + 1))]
    ratings = table.rating[order].tolist()
    columns = [
        place_texts(standings),
        [str(row + 1) for row in order.tolist()],
        names(standings),
        [str(rating) if rating else "" for rating in ratings],
        *_round_cells(standings),
    ]

    def titles(rows: slice = slice(None)) -> list[list[str]]:
        places = [_place_title(standings, row) for row in order[rows].tolist()]
        empty = [""] * len(places)
        return [places, empty, empty, empty, *_round_titles(standings, rows)]

    return _with_values(standings, header, columns, titles, EventKind.SWISS, 2, range(4, 4 + event.rounds))


def _round_cells(standings: Standings) -> list[list[str]]:
    """Every round's cells, a column each in final order: ``12w1``, ``5b½``, ``7-+``; byes ``-U1``, ``-H½``.

    Made for all rounds at once on object arrays (the opponent's number joined to the colour and result),
    then cut into columns: the work is one step a result, however the players and rounds are shaped.
    """
    table, order = standings.event.table, standings.order
    if len(order) == 0 or table.rounds == 0:
        return [[] for _ in range(table.rounds)]
    opponents = table.opponent[order].T
    styles = table.colour[order].T.astype(np.int64) * len(KINDS) + table.kind[order].T
    labels = np.empty(len(table.opponent) + 1, dtype=object)
    labels[:-1] = [str(start) for start in range(1, len(table.opponent) + 1)]
    labels[-1] = ""  # the label of no opponent (-1)
    games = np.array([colour + symbol for colour in _COLOUR_LETTER for symbol in _SYMBOL_OF], dtype=object)
    cells = labels[opponents] + games[styles]
    byes = opponents < 0
    if byes.any():
        unit, system = table.score.unit, table.score.system
        win, draw, loss = (int(system[KINDS.index(k)]) for k in (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS))
        texts: dict[tuple[int, int], str] = {}

        def bye(style: int, pts: int) -> str:
            kind = style % len(KINDS)
            if kind == NOT_PLAYED:
                return ""
            # A bye's points as the result it is worth: 1, ½ or 0, else the number.
            symbol = "1" if pts == win else "½" if pts == draw else "0" if pts == loss else None
            return f"-{KINDS[kind]}{symbol or exact_text(Fraction(int(pts), unit))}"

        found = np.empty(int(byes.sum()), dtype=object)
        found[:] = [
            texts.get((style, pts)) or texts.setdefault((style, pts), bye(style, pts))
            for style, pts in zip(styles[byes].tolist(), table.score.points[order].T[byes].tolist(), strict=True)
        ]
        cells[byes] = found
    columns: list[list[str]] = cells.tolist()
    return columns


_KIND_WORDS = [Phrase.of(_WORDS[kind]) for kind in KINDS]
_COLOUR_NAMES = [Phrase.of(_COLOUR_WORDS[colour]) for colour in COLOURS]
_SHARED_PLACE = Phrase.of(N_("shared place"))


def _place_title(standings: Standings, row: int) -> str:
    """What a row's place is, in words: decided by lot (by which draw), shared, or nothing to say."""
    if standings.by_lot[row]:
        drawing = standings.drawing
        if isinstance(drawing, SeededDraw):
            return Phrase.of(N_("place decided by lot (seed {seed})"), seed=str(drawing.seed))
        return Phrase.of(N_("place decided by lot ({drawing})"), drawing=drawing_label(standings))
    return _SHARED_PLACE if standings.shared[row] else ""


_ROUND_GAME = N_("round {round}: {kind}, {colour}, against {name} (no. {start})")
_ROUND_BYE = N_("round {round}: {kind}")


def _round_titles(standings: Standings, rows: slice = slice(None)) -> list[list[str]]:
    """What each round was, in words, a column a round in final order (the rows of ``rows``): ``round 3: won,
    White, against Sloth (no. 1)``, each a phrase that a language writes whole.

    A game's English text is put together from its round's words for the result and colour and the
    opponent's name and number, each written once (the template split at ``{name}``), rather than filled
    from the template for every cell: a page of 10,000 players × 11 rounds has 110,000 of them.
    """
    table, order = standings.event.table, standings.order[rows]
    if len(order) == 0 or table.rounds == 0:
        return [[] for _ in range(table.rounds)]
    names = standings.event.roster.names
    head, tail = _ROUND_GAME.split("{name}")
    against = [name + tail.format(start=start) for start, name in enumerate(names, start=1)]
    found = []
    for column, (opponents, kinds, colours) in enumerate(
        zip(
            table.opponent[order].T.tolist(), table.kind[order].T.tolist(), table.colour[order].T.tolist(), strict=True
        ),
        start=1,
    ):
        heads: dict[tuple[int, int], str] = {}
        titles: list[str] = []
        for opponent, kind, colour in zip(opponents, kinds, colours, strict=True):
            if opponent >= 0:
                words = heads.get((kind, colour))
                if words is None:
                    words = heads[kind, colour] = head.format(
                        round=column, kind=_KIND_WORDS[kind], colour=_COLOUR_NAMES[colour]
                    )
                values: dict[str, str | int | Message | Number] = {
                    "round": column,
                    "kind": _KIND_WORDS[kind],
                    "colour": _COLOUR_NAMES[colour],
                    "name": names[opponent],
                    "start": opponent + 1,
                }
                titles.append(Phrase.written_as(words + against[opponent], _ROUND_GAME, values))
            elif kind == NOT_PLAYED:
                titles.append("")
            else:
                titles.append(Phrase.of(_ROUND_BYE, round=column, kind=_KIND_WORDS[kind]))
        found.append(titles)
    return found


def _with_values(
    standings: Standings,
    header: list[str],
    cells: list[list[str]],
    titles: Callable[[slice], list[list[str]]],
    kind: EventKind,
    name_column: int,
    results: range,
) -> Crosstable:
    """The crosstable of the columns of ``cells`` (one text a player each, in final order), the points and
    the tie-breaks after them."""
    codes = standings.codes
    points = points_texts(standings)
    columns = [*cells, points, *(value_texts(standings, code) for code in codes)]
    first = len(header)
    header = [*header, "Pts", *(code.split("#")[0] for code in codes)]

    def points_titles(rows: slice) -> list[str]:
        return [Phrase.of(N_("{points} points"), points=Number(text)) for text in points[rows]]

    def all_titles() -> list[list[str]]:
        derivations = [explained(standings, code) for code in codes]
        return [*titles(slice(None)), points_titles(slice(None)), *derivations]

    return Crosstable(
        header=header,
        columns=columns,
        kind=kind,
        name_column=name_column,
        result_columns=results,
        value_columns=range(first, len(header)),
        starts=standings.starts,
        make_titles=all_titles,
        make_cell_titles=lambda rows: [*titles(rows), points_titles(rows)],
    )


# Renderers.


def crosstable_text(c: Crosstable, lang: Language = ENGLISH) -> str:
    """The crosstable as aligned columns two spaces apart, names left, the rest right-aligned; its headings and
    its points and values written in ``lang`` (the codes and the results, ``½``, never change).

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_text(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[1])
      1   1  Sloth         X  ½  ½  1  ½  ½  1  1  ½   1   ½   1   1   1   1    11  69.50
    """
    shown = [terminal_text(cell) for cell in c.columns[c.name_column]]
    columns = [
        padded_column(lang.gettext(title), shown if index == c.name_column else cells, left=index == c.name_column)
        for index, (title, cells) in enumerate(zip(c.header, _in_language(c, lang), strict=True))
    ]
    return "\n".join(["  ".join(cells).rstrip() for cells in zip(*columns, strict=True)] + [""])


def _in_language(c: Crosstable, lang: Language) -> list[list[str]]:
    """The columns' cells as ``lang`` writes them: the numbers with its signs, the words of
    :attr:`Crosstable.word_columns` translated; the names, codes and results as they are."""
    return [
        numbers_in(list(cells), lang)
        if c.in_numbers(index)
        else [lang.gettext(cell) for cell in cells]
        if index in c.word_columns
        else list(cells)
        for index, cells in enumerate(c.columns)
    ]


def crosstable_data(c: Crosstable) -> dict[str, object]:
    """The crosstable as JSON data, as ``crosstable -f json`` and the web API's report give it: the header, the
    rows and what each cell stands for (``titles``), the layout and which columns hold what.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> data = crosstable_data(build_crosstable(rank(seed_event(), parse_list("SB"))))
    >>> data["rows"][0][:4], data["kind"], data["name_column"]
    (['1', '1', 'Sloth', 'X'], 'round-robin', 2)
    """
    return {
        "header": c.header,
        "rows": c.rows,
        "titles": c.titles,
        "kind": c.kind.value,
        "name_column": c.name_column,
        "result_columns": list(c.result_columns),
        "value_columns": list(c.value_columns),
        "starts": c.starts,
    }


def crosstable_csv(c: Crosstable) -> str:
    """The crosstable as CSV: the header row, then one row per player.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_csv(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[15])
    15,15,Nun,0,0,0,½,0,0,½,0,0,0,0,0,0,0,X,1,7.75
    """
    name = c.name_column
    columns = [*c.columns[:name], [spreadsheet_text(text) for text in c.columns[name]], *c.columns[name + 1 :]]
    return csv_table(c.header, columns)


_MARKDOWN_ACTIVE = frozenset("\\`*_[]<>|~&!#")
_PLAIN = re.compile(r"[^\\`*_\[\]<>|~&!#\x00-\x1f\x7f-\x9f\u2028\u2029]*")


def escape_markdown(text: str) -> str:
    r"""The text with every character Markdown (GFM) acts on inline escaped, for a table cell.

    >>> print(escape_markdown("A | B *C*"))
    A \| B \*C\*
    """
    if _PLAIN.fullmatch(text):
        return text  # most cells: nothing to escape, and no character to look at one by one
    cleaned = "".join(" " if unicodedata.category(char) in ("Cc", "Zl", "Zp") else char for char in text)
    return "".join("\\" + char if char in _MARKDOWN_ACTIVE else char for char in cleaned)


def markdown_table(header: Sequence[str], columns: Sequence[Sequence[str]], align: Sequence[str]) -> str:
    """A GitHub-flavoured Markdown table of columns of cell texts; ``align`` holds ``l``, ``c`` or ``r`` per column.

    >>> print(markdown_table(["No", "Name"], [["1"], ["A|B"]], "rl"), end="")
    | No | Name |
    | -: | :--- |
    | 1 | A\\|B |
    """
    rule = {"l": ":---", "c": ":-:", "r": "-:"}
    # Column by column: a column whose cells hold nothing to escape (results, numbers) is taken as it is.
    columns = [
        cells if _PLAIN.fullmatch("".join(cells)) else [escape_markdown(cell) for cell in cells] for cells in columns
    ]
    lines = ["| " + " | ".join(map(escape_markdown, header)) + " |", "| " + " | ".join(rule[a] for a in align) + " |"]
    lines += ["| " + " | ".join(cells) + " |" for cells in zip(*columns, strict=True)]
    lines.append("")  # the last line's end, without copying the table to add it
    return "\n".join(lines)


def crosstable_markdown(c: Crosstable, lang: Language = ENGLISH) -> str:
    """The crosstable as a GitHub-flavoured Markdown table, results centred; its headings, numbers and words in
    ``lang`` as :func:`crosstable_text` writes them (the board prizes' table in the language asked for).

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> print(crosstable_markdown(build_crosstable(rank(seed_event(), parse_list("SB")))).splitlines()[2])
    | 1 | 1 | Sloth | X | ½ | ½ | 1 | ½ | ½ | 1 | 1 | ½ | 1 | ½ | 1 | 1 | 1 | 1 | 11 | 69.50 |
    """
    align = ["l" if i == c.name_column else "c" if i in c.result_columns else "r" for i in range(len(c.header))]
    return markdown_table([lang.gettext(title) for title in c.header], _in_language(c, lang), align)
