"""The publishable page: event header, standings with every tie-break, and the crosstable.

The page is one self-contained HTML5 file: the stylesheet is inlined, nothing
is fetched, no script runs. Each tie-break value of the standings carries the
sum it came from as a tooltip (its ``title``), once: the crosstable below
repeats the values without them, while the crosstable's own page
(:func:`render_crosstable_page`) carries them. Every text is escaped.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> page = render_html(rank(seed_event(), parse_list("SB")))
>>> page.startswith("<!doctype html>"), 'title="SB 69.5 = ½×11 (Zagorovsky)' in page
(True, True)
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace

import jinja2
import numpy as np
from markupsafe import Markup, escape

from sonneborn.explain import explained
from sonneborn.model import EventKind, PointSystem
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    NOT_APPLIED,
    category_heading,
    competitors,
    names,
    notes,
    overall_texts,
    place_texts,
    rating_texts,
    score_columns,
    shown_player_fields,
    value_texts,
)
from sonneborn.render.crosstable import Crosstable, build_crosstable
from sonneborn.teams import teams_of
from sonneborn.tiebreaks import REGISTRY, definition, full_name

__all__ = ["render_categories_html", "render_crosstable_page", "render_html"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One header cell: its text, and what it stands for as a tooltip."""

    text: str
    title: str = ""
    cls: str = ""
    """The CSS class (``name``, ``result``)."""


@dataclass(frozen=True, slots=True)
class TableColumn:
    """One column of a table: its header and its cells' texts, with their tooltips, classes and prefixes."""

    header: Cell
    texts: Sequence[str]
    titles: Sequence[str] | None = None
    """The tooltip of each cell: what the value stands for or how it was worked out."""
    classes: str | Sequence[str] = ""
    """The CSS class of every cell (``name``, ``result``, ``points``), or of each cell."""
    prefixes: Sequence[str] | None = None
    """A muted prefix of each cell, such as the FIDE title before a name."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its id and its columns."""

    id: str
    columns: list[TableColumn]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tie-break of the list, as the header names it."""

    code: str
    name: str
    article: str
    definition: str
    legend: str = ""
    """What the column's numbers mean where a number is no amount (DE's places inside a tied group)."""


@dataclass(frozen=True, slots=True)
class Page:
    """What the header of every page shows."""

    title: str
    facts: list[tuple[str, str]]
    tiebreaks: list[Tiebreak]
    notes: list[str]
    rules: str


@functools.cache
def environment(package: str = "sonneborn") -> jinja2.Environment:
    """The Jinja2 environment of a package's templates, autoescaping everything (the reports' and the web page's)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def render_html(standings: Standings) -> str:
    """The standings and the crosstable as one self-contained HTML page."""
    # The crosstable below the standings repeats their values without their derivations: the standings
    # above carry each one once (a 2,000-player page was 15 MB with them twice, 9 MB without).
    crosstable = _crosstable_table(build_crosstable(standings), standings, derivations=False)
    return _render(
        "standings.html",
        _page(standings, "Standings"),
        standings=_table_pieces(_standings_table(standings)),
        crosstable=_table_pieces(crosstable),
    )


def render_categories_html(tables: Sequence[Standings]) -> str:
    """Category tables as one self-contained HTML page, under the event's header: a section per category, its
    players in the overall order (Pl the place in the category, Rk the overall rank)."""
    whole = tables[0].overall if tables else None
    if whole is None:
        raise ValueError("no category table")
    sections = [(category_heading(table), _table_pieces(_standings_table(table, f"category-{index}")))
                for index, table in enumerate(tables, start=1)]  # fmt: skip
    pieces = {f"table{index}": table for index, (_, table) in enumerate(sections)}
    return _render("categories.html", _page(whole, "Categories"), headings=[h for h, _ in sections], **pieces)


def render_crosstable_page(c: Crosstable, standings: Standings) -> str:
    """The crosstable alone as a self-contained HTML page, under the event's header."""
    crosstable = _table_pieces(_crosstable_table(c, standings))
    return _render("crosstable.html", _page(standings, "Crosstable"), crosstable=crosstable)


def _render(template: str, page: Page, headings: Sequence[str] = (), **tables: list[str]) -> str:
    """The page's template rendered around its tables (each in pieces), each put in its place once: a table
    of thousands of players is megabytes, which the template would copy as it escapes and joins, and which
    is joined once, with the page around it. ``headings`` head the tables ``table0``, ``table1``, … of a page
    of several (the categories')."""
    places = {name: f"<!--{secrets.token_hex(16)}:{name}-->" for name in tables}  # no text of the page holds it
    marks = {n: Markup(p) for n, p in places.items()}
    sections = [(heading, marks[f"table{index}"]) for index, heading in enumerate(headings)]
    rendered = environment().get_template(template).render(page=page, sections=sections, **marks)
    pieces, start = [], 0
    for at, name in sorted((rendered.index(place), name) for name, place in places.items()):
        pieces += [rendered[start:at], *tables[name]]
        start = at + len(places[name])
    return "".join([*pieces, rendered[start:]])


_SPECIAL = "&<>\"'"


def _escaped(text: str) -> str:
    """The text with ``& < > " '`` escaped as the templates (markupsafe) escape them, by markupsafe itself.

    >>> _escaped("O'Brien & <Co> " + '"x"')
    'O&#39;Brien &amp; &lt;Co&gt; &#34;x&#34;'
    """
    if not any(special in text for special in _SPECIAL):
        return text  # most texts: five fast scans, no copy
    return str(escape(text))  # one pass in C, where five str.replace would copy megabytes five times


def _escaped_all(texts: Sequence[str]) -> list[str]:
    """Many texts escaped in one pass: joined by a character no text holds once escaped, then split.

    >>> _escaped_all(["a & b", "c", "<d>"])
    ['a &amp; b', 'c', '&lt;d&gt;']
    """
    joined = "\x00".join(texts)
    if joined.count("\x00") != len(texts) - 1:  # a text holds the separator itself: one at a time
        return [_escaped(text) for text in texts]
    escaped = _escaped(joined)
    return list(texts) if escaped is joined else escaped.split("\x00")


Piece = str | list[str]
"""A piece of a row's HTML: the same text in every row, or a text per row."""


def _cell_pieces(column: TableColumn) -> list[Piece]:
    """A column's ``<td>`` of every row, in pieces: texts the same in every row and lists of a text per row,
    every text escaped."""
    pieces: list[Piece] = []
    if isinstance(column.classes, str):
        pieces.append(f'<td class="{_escaped(column.classes)}"' if column.classes else "<td")
    else:
        openings = {cls: f'<td class="{_escaped(cls)}"' if cls else "<td" for cls in set(column.classes)}
        pieces.append([openings[cls] for cls in column.classes])
    if column.titles:
        titles = _escaped_all(column.titles)
        if all(titles):
            pieces += [' title="', titles, '">']
        else:
            pieces += [[f' title="{title}"' if title else "" for title in titles], ">"]
    else:
        pieces.append(">")
    if column.prefixes:
        pieces.append([f'<span class="title">{p}</span>' if p else "" for p in _escaped_all(column.prefixes)])
    pieces += [_escaped_all(column.texts), "</td>\n"]
    return pieces


def _table_pieces(table: Table) -> list[str]:
    """A table as HTML, every text escaped, in pieces to be joined once with the page around it.

    Written by joining pieces rather than with a template: a table of a thousand players has tens of
    thousands of cells. Every row's pieces go into one array (a column per piece, the pieces the same in
    every row set once for all of them), which one join reads row by row.
    """
    head = "".join(
        f'<th scope="col"{_class(cell.cls)}>'
        + (f'<abbr title="{_escaped(cell.title)}">{_escaped(cell.text)}</abbr>' if cell.title else _escaped(cell.text))
        + "</th>\n"
        for cell in (column.header for column in table.columns)
    )
    pieces: list[Piece] = []
    same = "<tr>\n"  # the text the same in every row since the last text per row
    for column in table.columns:
        for piece in _cell_pieces(column):
            if isinstance(piece, str):
                same += piece
            else:
                pieces += [same, piece]
                same = ""
    pieces.append(same + "</tr>\n")
    rows = len(table.columns[0].texts) if table.columns else 0
    grid = np.empty((rows, len(pieces)), dtype=object)
    for index, piece in enumerate(pieces):
        assert isinstance(piece, str) or len(piece) == rows, "a piece per row"
        grid[:, index] = piece
    body: list[str] = grid.ravel().tolist()
    return [
        f'<div class="scroll">\n<table id="{_escaped(table.id)}">\n<thead>\n<tr>\n{head}</tr>\n</thead>\n<tbody>\n',
        *body,
        "</tbody>\n</table>\n</div>",
    ]


def _class(cls: str) -> str:
    return f' class="{_escaped(cls)}"' if cls else ""


def _page(standings: Standings, fallback: str) -> Page:
    event, info = standings.event, standings.event.info
    facts: list[tuple[str, str]] = []
    if info.city:
        facts.append(("City", info.city))
    dates = " – ".join(date for date in (info.start_date, info.end_date) if date)
    if dates:
        facts.append(("Dates", dates))
    for label, code in (("Federation", "032"), ("Chief arbiter", "102")):
        if info.record(code):
            facts.append((label, info.record(code)))
    played = event.table.played_rounds
    facts.append(("Rounds", str(event.rounds) if played >= event.rounds else f"{played} of {event.rounds} played"))
    facts.append((competitors(standings).capitalize(), str(event.players)))
    if event.teams is not None:
        facts.append(("Boards", str(teams_of(event).matches.board_count)))
    facts.append(("System", _system(standings)))
    if info.point_system != PointSystem():
        facts.append(("Points", f"{info.point_system} (win-draw-loss)"))
    facts.append(("Rules", str(standings.rules)))
    tiebreaks = [
        Tiebreak(
            str(spec),
            full_name(spec),
            REGISTRY[spec.code].article,
            REGISTRY[spec.code].definition,
            GROUP_LEGEND if REGISTRY[spec.code].group_kernel is not None else "",
        )
        for spec in standings.specs
    ]
    return Page(event.name or fallback, facts, tiebreaks, notes(standings), str(standings.rules))


GROUP_LEGEND = (
    f"the number is a place inside a group of tied players (1 = first; players sharing a number stay tied, 0: "
    f"the games among them separate nobody); {NOT_APPLIED} where the player was tied with nobody"
)
"""What a column of a tie-break decided inside tied groups (DE) shows."""


def _system(standings: Standings) -> str:
    if standings.event.teams is not None:
        return "team " + ("Swiss" if standings.kind is EventKind.SWISS else "round robin")
    if standings.kind is EventKind.SWISS:
        return "Swiss"
    meetings = standings.event.table.meetings_per_pair()
    return {1: "round robin", 2: "double round robin"}.get(meetings, "round robin")


def _code_cell(code: str) -> Cell:
    return Cell(code.split("#")[0], definition(code).name)


def _standings_table(standings: Standings, id: str = "standings") -> Table:
    order = standings.order.tolist()
    roster = standings.event.roster
    overall = overall_texts(standings, dash="–")
    places = TableColumn(
        Cell("Rk"),
        place_texts(standings, dash="–"),
        [
            f"decided by lot (seed {standings.lots})" if lot else "shared place" if shared else ""
            for lot, shared in zip(standings.by_lot[order].tolist(), standings.shared[order].tolist(), strict=True)
        ],
    )
    if overall is not None:  # a category's table: the place in it, then the overall rank
        places = replace(places, header=Cell("Pl", "place in the category"))
    columns = [
        places,
        *([TableColumn(Cell("Rk", "overall rank"), overall)] if overall is not None else []),
        TableColumn(
            Cell("No", "start number" if standings.event.teams is None else "team number"),
            list(map(str, standings.starts)),
        ),
        TableColumn(
            Cell("Name", cls="name"), names(standings), classes="name", prefixes=[roster.titles[r] for r in order]
        ),
    ]
    columns += [
        TableColumn(Cell(field.heading, field.title), texts)
        for field, texts in shown_player_fields(standings, ["federation", "club", "fide_id", "sex", "birth_date"])
    ]
    ratings = rating_texts(standings)
    if ratings is not None:
        columns.append(TableColumn(Cell("Rtg", "rating"), ratings))
    scores = score_columns(standings)
    columns.append(TableColumn(Cell(scores[0].heading, scores[0].title), scores[0].texts, classes="points"))
    columns += [TableColumn(Cell(score.heading, score.title), score.texts) for score in scores[1:]]
    columns += [
        TableColumn(
            Cell(code.split("#")[0], definition(code).name), value_texts(standings, code), explained(standings, code)
        )
        for code in standings.codes
    ]
    return Table(id, columns)


def _crosstable_table(c: Crosstable, standings: Standings, *, derivations: bool = True) -> Table:
    """The crosstable as a table of the page; ``derivations``: its values' tooltips hold their derivations."""
    names_of = standings.event.roster.names
    texts, titles = c.columns, c.title_columns
    columns = []
    for index, header in enumerate(c.header):
        title, cls = "", ""
        classes: str | list[str] = ""
        if c.kind is EventKind.ROUND_ROBIN and index in c.result_columns:
            title = names_of[c.starts[c.result_columns.index(index)] - 1]
        elif c.kind is EventKind.SWISS and index in c.result_columns:
            title = f"round {header}"
        elif index in c.value_columns[1:]:
            title = definition(header).name
        if index == c.name_column:
            classes = cls = "name"
        elif index in c.result_columns:
            cls = classes = "result"
            if c.kind is EventKind.ROUND_ROBIN:
                classes = ["result diagonal" if text == "X" else "result" for text in texts[index]]
        elif c.value_columns and index == c.value_columns[0]:
            classes = "points"
        shown = titles[index] if derivations or index not in c.value_columns[1:] else None
        columns.append(TableColumn(Cell(header, title, cls), texts[index], shown, classes))
    return Table("crosstable", columns)
