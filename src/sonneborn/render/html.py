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
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import notes, place_texts, value_texts
from sonneborn.render.crosstable import Crosstable, build_crosstable
from sonneborn.tiebreaks import REGISTRY

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
    event = standings.tournament
    facts: list[tuple[str, str]] = []
    if event.city:
        facts.append(("City", event.city))
    dates = " – ".join(date for date in (event.start_date, event.end_date) if date)
    if dates:
        facts.append(("Dates", dates))
    played = event.played_rounds
    facts.append(("Rounds", str(event.rounds) if played >= event.rounds else f"{played} of {event.rounds} played"))
    facts.append(("Players", str(len(event))))
    facts.append(("System", _system(standings)))
    if event.point_system != PointSystem():
        facts.append(("Points", f"{event.point_system} (win-draw-loss)"))
    facts.append(("Rules", str(standings.rules)))
    specs = ([standings.rank_by] if standings.rank_by is not None else []) + list(standings.tiebreaks)
    tiebreaks = [
        Tiebreak(str(spec), REGISTRY[spec.code].name, REGISTRY[spec.code].article, REGISTRY[spec.code].definition)
        for spec in specs
    ]
    return Page(event.name or fallback, facts, tiebreaks, notes(standings), str(standings.rules))


def _system(standings: Standings) -> str:
    if standings.kind is EventKind.SWISS:
        return "Swiss"
    meetings = standings.tournament.meetings_per_pair()
    return {1: "round robin", 2: "double round robin"}.get(meetings, "round robin")


def _code_cell(code: str) -> Cell:
    return Cell(code, REGISTRY[code.split("/")[0]].name)


def _standings_table(standings: Standings) -> Table:
    codes = standings.codes
    rated = any(row.player.rating is not None for row in standings.rows)
    header = [Cell("Rk"), Cell("No", "start number"), Cell("Name", cls="name")]
    header += [Cell("Rtg", "rating")] if rated else []
    header += [Cell("Pts", "points"), *(_code_cell(code) for code in codes)]
    columns = {code: value_texts(standings, code) for code in codes}
    rows = []
    for index, (place, row) in enumerate(zip(place_texts(standings, dash="–"), standings.rows, strict=True)):
        player = row.player
        title = f"decided by lot (seed {standings.lots})" if row.by_lot else "shared place" if row.shared else ""
        cells = [Cell(place, title), Cell(str(player.start)), Cell(player.name, cls="name", prefix=player.title)]
        cells += [Cell("" if player.rating is None else str(player.rating))] if rated else []
        cells.append(Cell(exact_text(row.points), cls="points"))
        cells += [Cell(columns[code][index], format_value(standings, code, row.values[code])) for code in codes]
        rows.append(cells)
    return Table("standings", header, rows)


def _crosstable_table(c: Crosstable, standings: Standings) -> Table:
    names = {row.player.start: row.player.name for row in standings.rows}

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
            title = names[c.starts[c.result_columns.index(index)]]
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
