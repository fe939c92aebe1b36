"""The publishable page: event header, standings with every tie-break, and the crosstable.

The page is one self-contained HTML5 file: the stylesheet is inlined, nothing
is fetched, no script runs. Each tie-break value carries the sum it came from
as a tooltip (its ``title``); every name is escaped by Jinja2's autoescaping.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> page = render_html(rank(seed_event(), parse_list("SB")))
>>> page.startswith("<!doctype html>"), 'title="SB 69.5 = ½×11 (Zagorovsky)' in page
(True, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import jinja2

from sonneborn.explain import format_value
from sonneborn.model import EventKind, PointSystem
from sonneborn.ranking import Standings
from sonneborn.render.cells import notes, place_texts, points_texts, rating_texts, value_texts
from sonneborn.render.crosstable import Crosstable, build_crosstable
from sonneborn.tiebreaks import REGISTRY, definition

__all__ = ["render_crosstable_page", "render_html"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell as the template shows it."""

    text: str
    title: str = ""
    """The tooltip: what the value stands for or how it was worked out."""
    cls: str = ""
    """The CSS class (``name``, ``result``, ``diagonal``, ``points``)."""
    prefix: str = ""
    """A muted prefix such as the FIDE title before a name."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table for the template: its id, header and rows of cells."""

    id: str
    header: list[Cell]
    rows: list[list[Cell]]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tie-break of the list, as the header names it."""

    code: str
    name: str
    article: str
    definition: str


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
    return _render(
        "standings.html",
        page=_page(standings, "Standings"),
        standings=_standings_table(standings),
        crosstable=_crosstable_table(build_crosstable(standings), standings),
    )


def render_crosstable_page(c: Crosstable, standings: Standings) -> str:
    """The crosstable alone as a self-contained HTML page, under the event's header."""
    return _render("crosstable.html", page=_page(standings, "Crosstable"), crosstable=_crosstable_table(c, standings))


def _render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)


def _page(standings: Standings, fallback: str) -> Page:
    event, info = standings.event, standings.event.info
    facts: list[tuple[str, str]] = []
    if info.city:
        facts.append(("City", info.city))
    dates = " – ".join(date for date in (info.start_date, info.end_date) if date)
    if dates:
        facts.append(("Dates", dates))
    played = event.table.played_rounds
    facts.append(("Rounds", str(event.rounds) if played >= event.rounds else f"{played} of {event.rounds} played"))
    facts.append(("Players", str(event.players)))
    facts.append(("System", _system(standings)))
    if info.point_system != PointSystem():
        facts.append(("Points", f"{info.point_system} (win-draw-loss)"))
    facts.append(("Rules", str(standings.rules)))
    tiebreaks = [
        Tiebreak(str(spec), REGISTRY[spec.code].name, REGISTRY[spec.code].article, REGISTRY[spec.code].definition)
        for spec in standings.specs
    ]
    return Page(event.name or fallback, facts, tiebreaks, notes(standings), str(standings.rules))


def _system(standings: Standings) -> str:
    if standings.kind is EventKind.SWISS:
        return "Swiss"
    meetings = standings.event.table.meetings_per_pair()
    return {1: "round robin", 2: "double round robin"}.get(meetings, "round robin")


def _code_cell(code: str) -> Cell:
    return Cell(code.split("#")[0], definition(code).name)


def _standings_table(standings: Standings) -> Table:
    codes = standings.codes
    ratings = rating_texts(standings)
    header = [Cell("Rk"), Cell("No", "start number"), Cell("Name", cls="name")]
    header += [Cell("Rtg", "rating")] if ratings is not None else []
    header += [Cell("Pts", "points"), *(_code_cell(code) for code in codes)]
    columns = [value_texts(standings, code) for code in codes]
    titles = standings.event.roster.titles
    player_names = standings.event.roster.names
    points = points_texts(standings)
    rows = []
    for index, (place, row) in enumerate(zip(place_texts(standings, dash="–"), standings.order.tolist(), strict=True)):
        title = f"decided by lot (seed {standings.lots})" if standings.by_lot[row] else (
            "shared place" if standings.shared[row] else ""
        )  # fmt: skip
        cells = [Cell(place, title), Cell(str(row + 1)), Cell(player_names[row], cls="name", prefix=titles[row])]
        cells += [Cell(ratings[index])] if ratings is not None else []
        cells.append(Cell(points[index], cls="points"))
        cells += [
            Cell(texts[index], format_value(standings.kind, code, column.value(row)))
            for code, column, texts in zip(codes, standings.columns, columns, strict=True)
        ]
        rows.append(cells)
    return Table("standings", header, rows)


def _crosstable_table(c: Crosstable, standings: Standings) -> Table:
    names = standings.event.roster.names

    def cls(index: int, text: str) -> str:
        if index == c.name_column:
            return "name"
        if index in c.result_columns:
            return "result diagonal" if c.kind is EventKind.ROUND_ROBIN and text == "X" else "result"
        return "points" if c.value_columns and index == c.value_columns[0] else ""

    header = []
    for index, text in enumerate(c.header):
        title = ""
        if c.kind is EventKind.ROUND_ROBIN and index in c.result_columns:
            title = names[c.starts[c.result_columns.index(index)] - 1]
        elif c.kind is EventKind.SWISS and index in c.result_columns:
            title = f"round {text}"
        elif index in c.value_columns[1:]:
            title = REGISTRY[text.split("/")[0]].name
        kind = "name" if index == c.name_column else "result" if index in c.result_columns else ""
        header.append(Cell(text, title, kind))
    rows = [
        [Cell(text, title, cls(index, text)) for index, (text, title) in enumerate(zip(cells, titles, strict=True))]
        for cells, titles in zip(c.rows, c.titles, strict=True)
    ]
    return Table("crosstable", header, rows)
