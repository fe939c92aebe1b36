"""The JSON contract of ``sonneborn standings -f json``.

Every value is a JSON number equal to the exact value (a count is an
integer), or ``null`` where the tie-break has no value for the player.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from sonneborn.numbers import to_json_number
from sonneborn.tiebreaks import REGISTRY

if TYPE_CHECKING:  # the array path writes its standings without the reference ranking's module
    from sonneborn.ranking import Standings

_ESCAPED = re.compile(r'[\x00-\x1f"\\\ud800-\udfff]')
"""What orjson escapes in a string (or refuses: lone surrogates); every other character it writes as it is."""


def standings_data(standings: Standings, *, rows: bool = True) -> dict[str, Any]:
    """The standings as plain data, ready for ``json.dumps`` (without the rows when ``rows`` is false)."""
    event = standings.tournament
    integral = {code: REGISTRY[code.split("/")[0]].integral for code in standings.codes}
    data: dict[str, Any] = {
        "event": {
            "name": event.name,
            "rounds": event.rounds,
            "players": len(event),
            "kind": standings.kind.value,
        },
        "rules": standings.rules.value,
        "tiebreaks": standings.codes,
        "standings": [
            {
                "rank": row.rank,
                "start": row.player.start,
                "name": row.player.name,
                "points": float(row.points),
                "values": {
                    code: None
                    if row.values[code].number is None
                    else to_json_number(row.values[code].number, integral=integral[code])  # type: ignore[arg-type]
                    for code in standings.codes
                },
            }
            for row in (standings.rows if rows else ())
        ],
    }
    if not rows:
        del data["standings"]
    if event.unfinished_games:
        data["provisional"] = True
    if standings.rank_by is not None:
        data["rank_by"] = str(standings.rank_by)
    if standings.lots is not None:
        data["lots"] = standings.lots
    return data


def dumps(data: dict[str, Any]) -> str:
    """JSON text, indented by two spaces, UTF-8 as it is; orjson, since the standard encoder is slow when it indents."""
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE).decode("utf-8")


@dataclass(frozen=True, slots=True)
class StandingsColumns:
    """The standings column by column, rows in final order: what :func:`write_standings` writes."""

    head: dict[str, Any]
    """``event``, ``rules``, ``tiebreaks`` (and the optional keys), written before the standings."""
    ranks: Numbers
    starts: Numbers
    names: list[str]
    points: Numbers
    values: list[Numbers]
    """One column per tie-break code, in the order of ``head["tiebreaks"]``."""


Numbers = Any
"""A column of numbers: a list of ints, floats and ``None``, or a NumPy array of int64 or float64 (NaN for
``None``), which orjson writes alike (the array path keeps its columns arrays: no Python number per cell)."""


def columns_of(standings: Standings) -> StandingsColumns:
    """The reference standings, column by column."""
    data = standings_data(standings, rows=False)
    integral = [REGISTRY[code.split("/")[0]].integral for code in standings.codes]
    values: list[list[int | float | None]] = []
    for code, whole in zip(standings.codes, integral, strict=True):
        numbers = [row.values[code].number for row in standings.rows]
        values.append([None if n is None else to_json_number(n, integral=whole) for n in numbers])
    return StandingsColumns(
        data,
        [row.rank for row in standings.rows],
        [row.player.start for row in standings.rows],
        [row.player.name for row in standings.rows],
        [float(row.points) for row in standings.rows],
        values,
    )


def write_standings(columns: StandingsColumns) -> str:
    """The JSON text: the head indented, then one standing a line."""
    return "".join(iter_standings(columns))


def iter_standings(columns: StandingsColumns, *, block: int = 8192) -> Iterator[str]:
    """The JSON text of :func:`write_standings` in pieces of ``block`` standings, to be written as they come.

    Each column is encoded by orjson in one call and cut into its items, so
    that a hundred thousand rows take a fraction of a second; a piece at a time,
    so that the text of a big event is never held whole.
    """
    head = dict(columns.head)
    codes = head["tiebreaks"]
    extra = {key: head.pop(key) for key in ("provisional", "rank_by", "lots") if key in head}
    opening = dumps(head).rstrip()
    assert opening.endswith("}")
    names, name = columns.names, '"%s"'
    if _ESCAPED.search("".join(names)):
        names, name = [orjson.dumps(text).decode() for text in names], "%s"
    # One template a row, filled by one %-formatting: no Python loop over the cells of a row.
    values = ",".join(f"{orjson.dumps(code).decode().replace('%', '%%')}:%s" for code in codes)
    row = f'    {{"rank":%s,"start":%s,"name":{name},"points":%s,"values":{{{values}}}}}'
    yield f"{opening[:-1].rstrip()},\n"
    if not names:
        yield '  "standings": []'
    for start in range(0, len(names), block):
        part = slice(start, start + block)
        cells = [_items(column[part]) for column in columns.values]
        ranks, starts, points = _items(columns.ranks[part]), _items(columns.starts[part]), _items(columns.points[part])
        rows = [row % cells for cells in zip(ranks, starts, names[part], points, *cells, strict=True)]
        yield ('  "standings": [\n' if start == 0 else ",\n") + ",\n".join(rows)
    if names:
        yield "\n  ]"
    yield "".join(f",\n  {orjson.dumps(key).decode()}: {orjson.dumps(value).decode()}" for key, value in extra.items())
    yield "\n}\n"


def _items(values: Numbers) -> list[str]:
    """The JSON texts of the items of a column of numbers and nulls, in one encoding."""
    text = orjson.dumps(values, option=orjson.OPT_SERIALIZE_NUMPY).decode()
    return text[1:-1].split(",") if len(values) else []


def render_json(standings: Standings) -> str:
    """The standings as JSON text."""
    return write_standings(columns_of(standings))
