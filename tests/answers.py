"""Expected tie-break values kept as data (``tests/data/answers/*.toml``), one test case per cell.

A cell is one (event, player, code, rules) value. The files name their events: lines in the builders'
notation (:func:`builders.event`, with the kind, point system and ratings the event needs) or a file
under ``tests/data``; a team file (``teams = true``) is the event whose rows are its teams, ranked by its
``primary`` score (MP unless it says GP), a cell's ``player`` the team's number. Values are computed through
the public entry point only: :func:`sonneborn.ranking.rank` with the cell's code as the whole tie-break list,
so that DE decides among the players tied on points.

Expected values are exact: ``"39/4"``, ``"9.75"``, ``"2081"``; ``"none"`` where the tie-break has no
value. A value published rounded says so with ``decimals``.
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from builders import event

from sonneborn.event import Event
from sonneborn.formats import read_path
from sonneborn.model import EventKind, PointSystem, Tournament
from sonneborn.pipeline import read
from sonneborn.ranking import Standings, rank
from sonneborn.teams import team_event
from sonneborn.tiebreaks import parse
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent / "data"
ANSWERS = DATA / "answers"


@dataclass(frozen=True)
class Cell:
    """One expected value."""

    file: str
    event: str
    player: int
    code: str
    rules: str
    value: Fraction | None
    decimals: int | None = None
    """The value was published rounded half up to this many decimals."""
    place: int | None = None
    """The player's rank when ranked by points and then this code alone, when the source gives it."""
    unrated_rating: int | None = None
    article: str = ""
    derivation: str = ""
    source: str = ""
    xfail: str = ""
    """Why the program disagrees with the value (the case is then an expected failure, strict)."""

    @property
    def id(self) -> str:
        assumed = "" if self.unrated_rating is None else f"-unrated-{self.unrated_rating}"
        return f"{self.event}-{self.player}-{self.code}-{self.rules}{assumed}"


@cache
def load(name: str) -> dict[str, Any]:
    """A TOML file of ``tests/data/answers``."""
    with (ANSWERS / name).open("rb") as handle:
        return tomllib.load(handle)


def number(text: str) -> Fraction | None:
    """An expected value as written in the files."""
    return None if text.strip().lower() == "none" else Fraction(text.strip())


def _rules(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _xfail(value: str | dict[str, str], rules: str) -> str:
    """A record's disagreement: one reason for all its editions, or one per edition."""
    return value.get(rules, "") if isinstance(value, dict) else value


def cells(name: str) -> list[Cell]:
    """Every cell of a file: its ``[[cell]]`` records and its ``[[table]]`` records (one cell per value)."""
    data = load(name)
    found: list[Cell] = []
    for record in data.get("cell", []):
        for rules in _rules(record["rules"]):
            found.append(
                Cell(
                    name,
                    record["event"],
                    int(record["player"]),
                    record["code"],
                    rules,
                    number(record["value"]),
                    record.get("decimals"),
                    record.get("place"),
                    record.get("unrated_rating"),
                    record.get("article", ""),
                    record.get("derivation", ""),
                    record.get("source", ""),
                    _xfail(record.get("xfail", ""), rules),
                )
            )
    for table in data.get("table", []):
        places = {int(k): v for k, v in table.get("places", {}).items()}
        for rules in _rules(table["rules"]):
            for player, value in table["values"].items():
                found.append(
                    Cell(
                        name,
                        table["event"],
                        int(player),
                        table["code"],
                        rules,
                        number(value),
                        table.get("decimals"),
                        places.get(int(player)),
                        table.get("unrated_rating"),
                        table.get("article", ""),
                        table.get("derivation", ""),
                        table.get("source", ""),
                        table.get("xfail", {}).get(str(player), ""),
                    )
                )
    return found


def scalable(cell: Cell) -> bool:
    """Whether a cell's event is built from lines, whose point values a test may scale (a file's are its own)."""
    return "file" not in load(cell.file)["events"][cell.event]


def params(name: str) -> list[Any]:
    """The cells of a file as pytest parameters, the disagreements marked as strict expected failures."""
    return [
        pytest.param(cell, id=cell.id, marks=[pytest.mark.xfail(strict=True, reason=cell.xfail)] if cell.xfail else [])
        for cell in cells(name)
    ]


def _cache_outside_mutation_runs(function: Any) -> Any:
    """``functools.cache``, except under mutmut (which sets ``MUTANT_UNDER_TEST``): mutmut learns which tests
    reach a function from the calls each test makes, and a test served from the cache makes none, so the
    mutants of a kernel would be judged by the first test of each event only."""
    return function if os.environ.get("MUTANT_UNDER_TEST") else cache(function)


@_cache_outside_mutation_runs
def tournament(name: str, event_name: str, scale: int = 1) -> Tournament | Event:
    """An event of a file, built from its lines or read from its file; with ``scale``, every point value of its
    point system multiplied by it (an event of builders' lines only: a file may set points of its own)."""
    spec = load(name)["events"][event_name]
    if "file" in spec:
        assert scale == 1, event_name
        if spec.get("teams"):
            teams = read(DATA / spec["file"]).teams
            assert teams is not None, event_name
            return team_event(teams, primary=spec.get("primary", "MP"))
        return read_path(DATA / spec["file"])
    system = PointSystem.parse(spec["system"]) if "system" in spec else PointSystem()
    if scale != 1:
        system = PointSystem(win=system.win * scale, draw=system.draw * scale, loss=system.loss * scale)
    return event(
        spec["lines"],
        kind=EventKind(spec["kind"]) if "kind" in spec else None,
        system=system,
        ratings={int(k): int(v) for k, v in spec.get("ratings", {}).items()},
    )


@_cache_outside_mutation_runs
def standings(
    name: str, event_name: str, code: str, rules: str, unrated_rating: int | None, scale: int = 1
) -> Standings:
    """The event ranked by points and then by the code alone."""
    return rank(
        tournament(name, event_name, scale), [parse(code)], rules=Rules.parse(rules), unrated_rating=unrated_rating
    )


def computed(cell: Cell, scale: int = 1) -> tuple[Fraction | None, Fraction | None]:
    """The program's value of a cell twice: as its derivation sums it and as the ranking compared it."""
    table = standings(cell.file, cell.event, cell.code, cell.rules, cell.unrated_rating, scale)
    key = str(parse(cell.code))
    return table.row(cell.player).values[key].number, table.column(key).number(cell.player - 1)


POINTS_POWER = {
    "PTS": 1,
    "BH": 1,
    "FB": 1,
    "AOB": 1,
    "PS": 1,
    "KS": 1,
    "GF": 1,
    "SOLK": 1,
    "MM": 1,
    "CUM": 1,
    "OCUM": 1,
    "SB": 2,
    "NNSB": 2,
}
"""How a code's value grows with the point values: as the points (a sum of scores), as their square (a sum of
points × scores); the codes not named are counts, places, ratings or 1-½-0 terms (STD), and do not change."""


def rounded(value: Fraction, decimals: int) -> Fraction:
    """Half up to the decimals a source printed."""
    scale = 10**decimals
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def check(cell: Cell, scale: int = 1) -> None:
    """Asserts the program's value of a cell, in its derivation and in the ranking, and its place when given.

    With ``scale`` the event's point values are multiplied by it and the expected value by its power that
    :data:`POINTS_POWER` gives.
    """
    expected = cell.value
    if expected is not None:
        expected *= scale ** POINTS_POWER.get(parse(cell.code).code, 0)
    for value, where in zip(computed(cell, scale), ("derivation", "ranking"), strict=True):
        shown = value if value is None or cell.decimals is None else rounded(value, cell.decimals)
        assert shown == expected, (
            f"{cell.id}: program {value} ({where}), expected {expected} ({cell.derivation or cell.source})"
        )
    if cell.place is not None:
        table = standings(cell.file, cell.event, cell.code, cell.rules, cell.unrated_rating, scale)
        place = table.row(cell.player).rank
        assert place == cell.place, f"{cell.id}: place {place}, expected {cell.place}"
