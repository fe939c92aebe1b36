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
import gc
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ParamSpec, TypeVar

import jinja2
import numpy as np
from markupsafe import Markup, escape

from sonneborn.explain import explained
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, PointSystem
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    NOT_APPLIED,
    category_heading,
    competitors,
    lot_cell,
    names,
    notes,
    numbers_in,
    overall_texts,
    place_texts,
    rating_texts,
    score_columns,
    shown_player_fields,
    tiebreak_name,
    value_texts,
)
from sonneborn.render.crosstable import Crosstable, build_crosstable
from sonneborn.render.teamcard import (
    BOARD_HEADER,
    LEGEND,
    PLAYER_HEADER,
    TeamCard,
    board_columns,
    match_line,
    player_columns,
    summary,
)
from sonneborn.render.teamcrosstable import adjustment_notes
from sonneborn.teams import teams_of
from sonneborn.tiebreaks import REGISTRY, definition

__all__ = [
    "render_board_prizes_page",
    "render_categories_html",
    "render_crosstable_page",
    "render_html",
    "render_team_card_page",
    "render_team_crosstable_page",
]


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
    row_header: bool = False
    """Whether its cells head their rows (``<th scope="row">``: a team's name, a player's)."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its id and its columns."""

    id: str
    columns: list[TableColumn]
    caption: str = ""
    """What the table is, for a reader and a screen reader (``<caption>``); none when a heading says it."""


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
    lang: Language = ENGLISH
    """The page's language: its ``lang`` attribute and the templates' texts (``_``)."""


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _without_cycle_collection(page: Callable[_P, _R]) -> Callable[_P, _R]:
    """A page made with Python's cycle collector paused: its titles and derivations are hundreds of thousands
    of small objects that make no cycles, over which the collector's passes cost as much as making them (a
    page of 10,000 players: 2.0 s, 1.3 s without)."""

    @functools.wraps(page)
    def made(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return page(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return made


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


@_without_cycle_collection
def render_html(standings: Standings, *, lang: Language = ENGLISH) -> str:
    """The standings and the crosstable as one self-contained HTML page, in a language."""
    # The crosstable below the standings repeats their values without their derivations: the standings
    # above carry each one once (a 2,000-player page was 15 MB with them twice, 9 MB without).
    crosstable = _crosstable_table(build_crosstable(standings), standings, derivations=False, lang=lang)
    return _render(
        "standings.html",
        _page(standings, N_("Standings"), lang),
        standings=_table_pieces(_standings_table(standings, lang)),
        crosstable=_table_pieces(crosstable),
    )


@_without_cycle_collection
def render_categories_html(tables: Sequence[Standings], *, lang: Language = ENGLISH) -> str:
    """Category tables as one self-contained HTML page, under the event's header, in a language: a section per
    category, its players in the overall order (Pl the place in the category, Rk the overall rank)."""
    whole = tables[0].overall if tables else None
    if whole is None:
        raise ValueError("no category table")
    pieces = {f"table{index}": _table_pieces(_standings_table(table, lang, f"category-{index}"))
              for index, table in enumerate(tables, start=1)}  # fmt: skip
    sections = [Section(category_heading(table, lang), (), (f"table{index}",))
                for index, table in enumerate(tables, start=1)]  # fmt: skip
    return _render("sections.html", _page(whole, N_("Categories"), lang), sections, **pieces)


@_without_cycle_collection
def render_crosstable_page(c: Crosstable, standings: Standings, *, lang: Language = ENGLISH) -> str:
    """The crosstable alone as a self-contained HTML page, under the event's header, in a language."""
    crosstable = _table_pieces(_crosstable_table(c, standings, lang=lang))
    return _render("crosstable.html", _page(standings, N_("Crosstable"), lang), crosstable=crosstable)


@dataclass(frozen=True, slots=True)
class Section:
    """A section of a page of several tables (``sections.html``): its heading, its notes, its tables by name."""

    heading: str
    notes: Sequence[str]
    tables: Sequence[str]


def _render(template: str, page: Page, sections: Sequence[Section] = (), **tables: list[str]) -> str:
    """The page's template rendered around its tables (each in pieces), each put in its place once: a table
    of thousands of players is megabytes, which the template would copy as it escapes and joins, and which
    is joined once, with the page around it."""
    places = {name: f"<!--{secrets.token_hex(16)}:{name}-->" for name in tables}  # no text of the page holds it
    marks = {name: Markup(place) for name, place in places.items()}
    shown = [(section.heading, section.notes, [marks[name] for name in section.tables]) for section in sections]
    rendered = environment().get_template(template).render(page=page, sections=shown, _=page.lang.gettext, **marks)
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
    tag = '<th scope="row"' if column.row_header else "<td"
    if isinstance(column.classes, str):
        pieces.append(f'{tag} class="{_escaped(column.classes)}"' if column.classes else tag)
    else:
        openings = {cls: f'{tag} class="{_escaped(cls)}"' if cls else tag for cls in set(column.classes)}
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
    pieces += [_escaped_all(column.texts), "</th>\n" if column.row_header else "</td>\n"]
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
    caption = f"<caption>{_escaped(table.caption)}</caption>\n" if table.caption else ""
    return [
        f'<div class="scroll">\n<table id="{_escaped(table.id)}">\n{caption}<thead>\n<tr>\n{head}</tr>\n</thead>\n'
        "<tbody>\n",
        *body,
        "</tbody>\n</table>\n</div>",
    ]


def _class(cls: str) -> str:
    return f' class="{_escaped(cls)}"' if cls else ""


def _page(standings: Standings, fallback: str, lang: Language) -> Page:
    event, info = standings.event, standings.event.info
    say = lang.gettext
    facts: list[tuple[str, str]] = []
    if info.city:
        facts.append((say("City"), info.city))
    dates = " – ".join(date for date in (info.start_date, info.end_date) if date)
    if dates:
        facts.append((say("Dates"), dates))
    for label, code in ((N_("Federation"), "032"), (N_("Chief arbiter"), "102")):
        if info.record(code):
            facts.append((say(label), info.record(code)))
    played = event.table.played_rounds
    rounds = str(event.rounds) if played >= event.rounds else lang.format(
        "{played} of {rounds} played", played=played, rounds=event.rounds)  # fmt: skip
    facts.append((say("Rounds"), rounds))
    facts.append((say(competitors(standings).capitalize()), str(event.players)))
    if event.teams is not None:
        facts.append((say("Boards"), str(teams_of(event).matches.board_count)))
    facts.append((say("System"), say(_system(standings))))
    if info.point_system != PointSystem():
        facts.append(
            (say("Points"), lang.format("{points} (win-draw-loss)", points=lang.number(str(info.point_system))))
        )
    facts.append((say("Rules"), str(standings.rules)))
    tiebreaks = [
        Tiebreak(
            str(spec),
            tiebreak_name(spec, lang),
            REGISTRY[spec.code].article,
            say(REGISTRY[spec.code].definition),
            lang.format(GROUP_LEGEND, dash=NOT_APPLIED) if REGISTRY[spec.code].group_kernel is not None else "",
        )
        for spec in standings.specs
    ]
    return Page(event.name or say(fallback), facts, tiebreaks, notes(standings, lang), str(standings.rules), lang)


GROUP_LEGEND = N_(
    "In the table, the number is a place inside a group of tied players (1 = first; players sharing a number "
    "stay tied, 0: the games among them separate nobody); {dash} where the player was tied with nobody."
)
"""What a column of a tie-break decided inside tied groups (DE) shows."""


def _system(standings: Standings) -> str:
    if standings.event.teams is not None:
        return N_("team Swiss") if standings.kind is EventKind.SWISS else N_("team round robin")
    if standings.kind is EventKind.SWISS:
        return N_("Swiss")
    meetings = standings.event.table.meetings_per_pair()
    return {1: N_("round robin"), 2: N_("double round robin")}.get(meetings, N_("round robin"))


def _standings_table(standings: Standings, lang: Language, id: str = "standings") -> Table:
    order = standings.order.tolist()
    roster = standings.event.roster
    say = lang.gettext
    by_lot = lot_cell(standings, lang)
    shared_place = say("shared place")
    overall = overall_texts(standings, dash="–")
    places = TableColumn(
        Cell(say("Rk")),
        place_texts(standings, dash="–"),
        [
            by_lot if lot else shared_place if shared else ""
            for lot, shared in zip(standings.by_lot[order].tolist(), standings.shared[order].tolist(), strict=True)
        ],
    )
    if overall is not None:  # a category's table: the place in it, then the overall rank
        places = replace(places, header=Cell(say("Pl"), say("place in the category")))
    columns = [
        places,
        *([TableColumn(Cell(say("Rk"), say("overall rank")), overall)] if overall is not None else []),
        TableColumn(
            Cell(say("No"), say("start number") if standings.event.teams is None else say("team number")),
            list(map(str, standings.starts)),
        ),
        TableColumn(
            Cell(say("Name"), cls="name"), names(standings), classes="name", prefixes=[roster.titles[r] for r in order]
        ),
    ]
    columns += [
        TableColumn(Cell(say(field.heading), say(field.title)), texts)
        for field, texts in shown_player_fields(standings, ["federation", "club", "fide_id", "sex", "birth_date"])
    ]
    ratings = rating_texts(standings)
    if ratings is not None:
        columns.append(TableColumn(Cell(say("Rtg"), say("rating")), ratings))
    scores = score_columns(standings)
    columns += [
        TableColumn(
            Cell(say(score.heading), say(score.title)),
            numbers_in(score.texts, lang),
            classes="points" if index == 0 else "",
        )
        for index, score in enumerate(scores)
    ]
    columns += [
        TableColumn(
            Cell(code.split("#")[0], say(definition(code).name)),
            numbers_in(value_texts(standings, code), lang),
            explained(standings, code, lang),
        )
        for code in standings.codes
    ]
    return Table(id, columns)


def _crosstable_table(
    c: Crosstable, standings: Standings, *, derivations: bool = True, lang: Language = ENGLISH
) -> Table:
    """The crosstable as a table of the page; ``derivations``: its values' tooltips hold their derivations."""
    say = lang.gettext
    names_of = standings.event.roster.names
    texts = c.columns
    # The titles before the values' (places, games, points) alone: the values' derivations are the page's
    # language's (``explained``), or not shown at all; the crosstable's own would be worked out in English.
    values = len(c.value_columns) - 1
    titles = c.title_columns if c.make_cell_titles is None else [*c.make_cell_titles(slice(None)), *[None] * values]
    write = lang.phrases()  # one writer for every title: the words they share are translated once
    columns = []
    for index, header in enumerate(c.header):
        title, cls = "", ""
        classes: str | list[str] = ""
        if c.kind is EventKind.ROUND_ROBIN and index in c.result_columns:
            title = names_of[c.starts[c.result_columns.index(index)] - 1]
        elif c.kind is EventKind.SWISS and index in c.result_columns:
            title = lang.format("round {round}", round=header)
        elif index in c.value_columns[1:]:
            title = say(definition(header).name)
        if index == c.name_column:
            classes = cls = "name"
        elif index in c.result_columns:
            cls = classes = "result"
            if c.kind is EventKind.ROUND_ROBIN:
                classes = ["result diagonal" if text == "X" else "result" for text in texts[index]]
        elif c.value_columns and index == c.value_columns[0]:
            classes = "points"
        shown = titles[index] if derivations or index not in c.value_columns[1:] else None
        if shown is not None and lang is not ENGLISH:  # the games' and places' words, in the page's language
            shown = list(map(write, shown))
        if derivations and index in c.value_columns[1:]:  # the values' derivations, in the page's language
            shown = explained(standings, standings.codes[c.value_columns.index(index) - 1], lang)
        cells = numbers_in(texts[index], lang) if c.in_numbers(index) else texts[index]
        heading = header if index in c.result_columns or index in c.value_columns[1:] else say(header)
        columns.append(TableColumn(Cell(heading, title, cls), cells, shown, classes))
    return Table("crosstable", columns)


# The pages of a team competition's matches, card and board prizes: each table with its caption.


@_without_cycle_collection
def render_team_crosstable_page(c: Crosstable, standings: Standings, lang: Language = ENGLISH) -> str:
    """The match crosstable of team standings (:func:`~sonneborn.render.teamcrosstable.build_team_crosstable`)
    as a self-contained page: a row a team, its name heading the row, each value's derivation as a tooltip;
    its words in ``lang``."""
    say = lang.gettext
    names_of = standings.event.roster.names
    codes = {code.split("#")[0]: code for code in standings.codes}
    words = {"MP": say("match points"), "GP": say("game points")}
    columns = []
    for index, header in enumerate(c.header):
        title, cls, shown = "", "", None
        classes: str | list[str] = ""
        if index == c.name_column:
            cls = classes = "name"
        elif index in c.result_columns:
            cls = classes = "result"
            if c.kind is EventKind.ROUND_ROBIN:
                title = names_of[c.starts[c.result_columns.index(index)] - 1]
                classes = ["result diagonal" if text == "X" else "result" for text in c.columns[index]]
            else:
                title = lang.format("round {round}: opponent, colour on board 1, GP (MP)", round=header)
        elif header in words:
            title = words[header]
            classes = "points" if index == c.value_columns.start else ""
        elif header in codes:
            title, shown = say(definition(codes[header]).name), explained(standings, codes[header], lang)
        heads = index == c.name_column
        heading = header if index in c.result_columns or header in codes else say(header)
        cells = numbers_in(c.columns[index], lang) if c.in_numbers(index) else c.columns[index]
        columns.append(TableColumn(Cell(heading, title, cls), cells, shown, classes, row_header=heads))
    caption = (
        say("Match crosstable: a grid of GP (MP), row team against column team")
        if c.kind is EventKind.ROUND_ROBIN
        else say("Match crosstable: each round's opponent, colour on board 1, GP (MP)")
    )
    table = Table("crosstable", columns, caption=caption)
    section = Section(say("Match crosstable"), list(map(lang.message, adjustment_notes(standings))), ["crosstable"])
    page = _page(standings, "Crosstable", lang)
    return _render("sections.html", page, [section], crosstable=_table_pieces(table))


@_without_cycle_collection
def render_board_prizes_page(
    c: Crosstable, notes: Sequence[Message], standings: Standings, lang: Language = ENGLISH
) -> str:
    """The board prizes (:func:`~sonneborn.render.teamcrosstable.build_board_table`) as a page: a table a board,
    each performance rating's derivation as a tooltip, under the order and eligibility in words; its words in
    ``lang``."""
    say = lang.gettext
    boards = c.columns[0]
    titles = c.title_columns
    heads = {
        "Rk": say("place among the eligible players of the board"),
        "No": say("start number"),
        "Rtg": say("rating"),
        "Pts": say("points on this board"),
        "Games": say("games on this board, forfeits counted"),
        "%": say("points over games, in percent"),
        "Perf": say("performance rating on this board (C.07 10.2 TPR)"),
        "Eligible": say("whether the player has the games the prizes ask for"),
    }
    tables: dict[str, list[str]] = {}
    sections = []
    write = lang.phrases()  # the performances' derivations, in the page's language
    for board in dict.fromkeys(boards):
        rows = [k for k, text in enumerate(boards) if text == board]
        columns = [
            TableColumn(
                Cell(say(header), heads.get(header, ""), "name" if header in ("Player", "Team") else ""),
                _said([c.columns[index][k] for k in rows], lang)
                if header == "Eligible"
                else [c.columns[index][k] for k in rows],
                [write(titles[index][k]) for k in rows] if any(titles[index][k] for k in rows) else None,
                "name" if header in ("Player", "Team") else "",
                row_header=header == "Player",
            )
            for index, header in enumerate(c.header)
            if index > 0
        ]
        name = f"board{board}"
        caption = lang.format("Board {board}: its players in prize order", board=board)
        tables[name] = _table_pieces(Table(name, columns, caption=caption))
        sections.append(Section(lang.format("Board {board}", board=board), [], [name]))
    page = replace(
        _page(standings, N_("Board prizes"), lang), tiebreaks=[], notes=[lang.message(note) for note in notes]
    )
    return _render("sections.html", page, sections, **tables)


@_without_cycle_collection
def render_team_card_page(card: TeamCard, standings: Standings, lang: Language = ENGLISH) -> str:
    """A team's card (:func:`~sonneborn.render.teamcard.build_team_card`) as a page: a table a round, captioned
    by the match, then the players' table; the page's own words and the players' points in ``lang``."""
    tables: dict[str, list[str]] = {}
    names = []
    for match in card.matches:
        name = f"round{match.round}"
        names.append(name)
        if not match.boards:
            tables[name] = [f"<p>{_escaped(lang.message(match_line(match)))}</p>"]
            continue
        columns = _plain_columns(_said(BOARD_HEADER, lang), board_columns(match, lang), names=(2, 7), heads=(2,))
        tables[name] = _table_pieces(Table(name, columns, caption=lang.message(match_line(match))))
    players = _plain_columns(_said(PLAYER_HEADER, lang), player_columns(card, lang), names=(1,), heads=(1,))
    caption = lang.format("{team}: players board by board", team=card.name)
    tables["players"] = _table_pieces(Table("players", players, caption=caption))
    legend = lang.gettext(LEGEND)
    sections = [
        Section(lang.message(summary(card)), [legend], names),
        Section(lang.gettext("Players"), [], ["players"]),
    ]
    return _render("sections.html", _page(standings, N_("Team"), lang), sections, **tables)


def _said(header: Sequence[str], lang: Language) -> list[str]:
    """A table's headings in ``lang`` (a code or a symbol the catalogue lacks stays as it is)."""
    return [lang.gettext(title) for title in header]


def _plain_columns(
    header: Sequence[str], columns: Sequence[Sequence[str]], *, names: tuple[int, ...], heads: tuple[int, ...]
) -> list[TableColumn]:
    """Columns of texts without tooltips; ``names`` left-aligned, ``heads`` heading their rows."""
    return [
        TableColumn(Cell(title, cls="name" if index in names else ""), texts, None,
                    "name" if index in names else "", row_header=index in heads)
        for index, (title, texts) in enumerate(zip(header, columns, strict=True))
    ]  # fmt: skip
