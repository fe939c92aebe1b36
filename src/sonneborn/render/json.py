"""The JSON contract of ``sonneborn standings -f json``.

Every value is a JSON number equal to the exact value (a count is an
integer), or ``null`` where the tie-break has no value for the player.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import orjson

from sonneborn.event import Ints
from sonneborn.formats.dates import iso_date
from sonneborn.render.cells import PLAYER_FIELDS, player_values
from sonneborn.tiebreaks import Column, definition

if TYPE_CHECKING:
    from sonneborn.ranking import Standings

_ESCAPED = re.compile(r'[\x00-\x1f"\\\ud800-\udfff]')
"""What orjson escapes in a string (or refuses: lone surrogates); every other character it writes as it is."""


def head_data(standings: Standings) -> dict[str, Any]:
    """What the JSON says before the standings: the event, the rules, the columns, and the optional keys."""
    event = standings.event
    table, info = event.table, event.info
    data: dict[str, Any] = {
        "event": {
            "name": event.name,
            "rounds": event.rounds,
            "played": table.played_rounds,
            "provisional": table.provisional,
            "players": event.players,
            "kind": standings.kind.value,
            # What the source says of the event (TRF 022, 032, 042, 052, 102), null where it says nothing.
            "city": info.city or None,
            "federation": info.record("032") or None,
            "start_date": iso_date(info.start_date) or None,
            "end_date": iso_date(info.end_date) or None,
            "chief_arbiter": info.record("102") or None,
        },
        "rules": standings.rules.value,
        "tiebreaks": standings.codes,
    }
    if table.provisional:
        data["provisional"] = True
    if standings.rank_by is not None:
        data["rank_by"] = str(standings.rank_by)
    if standings.lots is not None:
        data["lots"] = standings.lots
    if standings.drawing is not None:
        data["drawing"] = standings.drawing.data()
    return data


def team_standings_data(standings: Standings) -> dict[str, Any]:
    """A team event's standings as plain data: a row per team, its ``points`` the primary score (MP or GP),
    ``secondary`` the other, ``values`` keyed by the codes as FIDE's reference writes them, and its
    ``players`` with the game points they scored on its boards."""
    from sonneborn.teams import NO_BOARD, teams_of

    event = standings.event
    teams, table = teams_of(event), event.table
    secondary = next(name for name in table.scores if name != table.primary)
    other = table.scores[secondary]
    data = head_data(standings)
    extra: dict[str, Any] = {key: data.pop(key) for key in ("provisional", "rank_by", "lots", "drawing") if key in data}
    head = data["event"]
    del head["players"]
    data["event"] = {"competitors": "teams", **head, "teams": event.players, "boards": teams.matches.board_count,
                     "primary": table.primary, "secondary": secondary}  # fmt: skip
    players, boards = teams.event, teams.matches.boards
    score = players.table.score
    columns = standings_columns(standings)
    values = [v.tolist() if isinstance(v, np.ndarray) else v for v in columns.values]
    points = columns.points.tolist()
    rows = []
    for index, row in enumerate(standings.order.tolist()):
        members = []
        for player in teams.teams[row].members:
            rounds = np.flatnonzero((boards[row] == player).any(axis=1) & (boards[row] != NO_BOARD).any(axis=1))
            members.append({
                "start": player + 1,
                "name": players.roster.names[player],
                "points": _number(int(score.points[player, rounds].sum()), score.unit),
                "games": len(rounds),
            })  # fmt: skip
        rows.append({
            "rank": int(columns.ranks[index]),
            "start": row + 1,
            "name": columns.names[index],
            "points": _plain(points[index]),
            "secondary": _number(int(other.totals[row]), other.unit),
            "values": {code: _plain(column[index]) for code, column in zip(standings.codes, values, strict=True)},
            "players": members,
        })  # fmt: skip
    data["standings"] = rows
    data.update(extra)
    return data


def _number(units: int, unit: int) -> int | float:
    """Points in units as the contract writes a number: an int when whole."""
    return units // unit if units % unit == 0 else units / unit


def numbers(column: Column, integral: bool, rows: Ints) -> Numbers:
    """The JSON numbers of a column's rows: exact doubles (ints for whole codes), null (NaN) where absent."""
    present = column.present[rows]
    if integral and present.all() and column.numerator.dtype != object:
        return column.numerator[rows]
    if integral:  # rare: counts that may be absent, or of Python integers, keep their ints in a list
        found: list[Any] = [int(n) for n in column.numerator[rows].tolist()]
        for missing in np.flatnonzero(~present).tolist():
            found[missing] = None
        return found
    return column.floats(rows)


def standings_columns(standings: Standings) -> StandingsColumns:
    """The standings column by column, rows in final order."""
    order = standings.order
    roster = standings.event.roster.names
    return StandingsColumns(
        head_data(standings),
        standings.ranks[order],
        order + 1,
        [roster[row] for row in order.tolist()],
        standings.points.floats(order),
        [numbers(column, definition(code).integral, order) for code, column in zip(
            standings.codes, standings.columns, strict=True)],
        [player_values(standings, field.key) for field in PLAYER_FIELDS],
    )  # fmt: skip


def standings_data(standings: Standings, *, rows: bool = True) -> dict[str, Any]:
    """The standings as plain data, ready for ``json.dumps`` (without the rows when ``rows`` is false); a team
    event's in the team shape (:func:`team_standings_data`), wherever they are written (compare, the web app)."""
    if rows and standings.event.teams is not None:
        return team_standings_data(standings)
    data = head_data(standings)
    extra: dict[str, Any] = {key: data.pop(key) for key in ("provisional", "rank_by", "lots", "drawing") if key in data}
    if rows:
        columns = standings_columns(standings)
        values = [v.tolist() if isinstance(v, np.ndarray) else v for v in columns.values]
        points = columns.points.tolist()
        data["standings"] = [
            {
                "rank": int(columns.ranks[index]),
                "start": int(columns.starts[index]),
                "name": name,
                "points": points[index],
                "values": {code: _plain(column[index]) for code, column in zip(standings.codes, values, strict=True)},
                **{field.key: column[index] for field, column in zip(PLAYER_FIELDS, columns.players, strict=True)},
            }
            for index, name in enumerate(columns.names)
        ]
    data.update(extra)
    return data


def categories_data(tables: Sequence[Standings]) -> dict[str, Any]:
    """Category tables (:meth:`Standings.within <sonneborn.ranking.Standings.within>`) as plain data: the
    event's head once, then each category's ``category`` (as written), ``name``, ``players`` and
    ``standings``, whose rows are the whole table's (``rank`` the overall place) with ``place`` first, the
    place in the category."""
    if not tables:
        raise ValueError("no category table")
    whole = tables[0].overall
    assert whole is not None, "category tables"
    data = head_data(whole)
    extra: dict[str, Any] = {key: data.pop(key) for key in ("provisional", "rank_by", "lots") if key in data}
    found = []
    for table in tables:
        assert table.category is not None and table.overall is not None
        rows = standings_data(replace(table, ranks=table.overall.ranks), rows=True)["standings"]
        places = table.ranks[table.order].tolist()
        found.append({
            "category": str(table.category),
            "name": table.category.name,
            "players": len(rows),
            "standings": [{"place": place, **row} for place, row in zip(places, rows, strict=True)],
        })  # fmt: skip
    data["categories"] = found
    data.update(extra)
    return data


def render_categories_json(tables: Sequence[Standings]) -> str:
    """Category tables as JSON text (:func:`categories_data`)."""
    return dumps(categories_data(tables))


def _plain(number: Any) -> int | float | None:
    """A JSON number as the contract writes it: ``None`` for NaN."""
    if number is None or (isinstance(number, float) and number != number):
        return None
    return number  # type: ignore[no-any-return]


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
    players: list[list[str | int | None]]
    """One column per player field (:data:`~sonneborn.render.cells.PLAYER_FIELDS`), ``None`` where missing."""


Numbers = Any
"""A column of numbers: a list of ints, floats and ``None``, or a NumPy array of int64 or float64 (NaN for
``None``), which orjson writes alike (the kernels' columns stay arrays: no Python number per cell)."""


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
    extra = {key: head.pop(key) for key in ("provisional", "rank_by", "lots", "drawing") if key in head}
    opening = dumps(head).rstrip()
    assert opening.endswith("}")
    names, name = columns.names, '"%s"'
    if _ESCAPED.search("".join(names)):
        names, name = [orjson.dumps(text).decode() for text in names], "%s"
    # One template a row, filled by one %-formatting: no Python loop over the cells of a row.
    values = ",".join(f"{orjson.dumps(code).decode().replace('%', '%%')}:%s" for code in codes)
    fields = "".join(f',"{field.key}":%s' for field in PLAYER_FIELDS)
    row = f'    {{"rank":%s,"start":%s,"name":{name},"points":%s,"values":{{{values}}}{fields}}}'
    players = [_texts(column) for column in columns.players]
    yield f"{opening[:-1].rstrip()},\n"
    if not names:
        yield '  "standings": []'
    for start in range(0, len(names), block):
        part = slice(start, start + block)
        cells = [_items(column[part]) for column in columns.values]
        ranks, starts, points = _items(columns.ranks[part]), _items(columns.starts[part]), _items(columns.points[part])
        own = [column[part] for column in players]
        rows = [row % cells for cells in zip(ranks, starts, names[part], points, *cells, *own, strict=True)]
        yield ('  "standings": [\n' if start == 0 else ",\n") + ",\n".join(rows)
    if names:
        yield "\n  ]"
    yield "".join(f",\n  {orjson.dumps(key).decode()}: {orjson.dumps(value).decode()}" for key, value in extra.items())
    yield "\n}\n"


def _texts(values: list[str | int | None]) -> list[str]:
    """The JSON texts of a column of players' data, each distinct value encoded once (a column holds few)."""
    found: dict[str | int | None, str] = {}
    return [found.get(v) or found.setdefault(v, orjson.dumps(v).decode()) for v in values]


def _items(values: Numbers) -> list[str]:
    """The JSON texts of the items of a column of numbers and nulls, in one encoding."""
    text = orjson.dumps(values, option=orjson.OPT_SERIALIZE_NUMPY).decode()
    return text[1:-1].split(",") if len(values) else []


def render_json(standings: Standings) -> str:
    """The standings as JSON text."""
    if standings.event.teams is not None:
        return dumps(team_standings_data(standings))
    return write_standings(standings_columns(standings))


def iter_json(standings: Standings) -> Iterator[str]:
    """The JSON text in pieces, as they are formatted: a big event's text is never held whole (a team
    event's, a few dozen teams, in one piece)."""
    if standings.event.teams is not None:
        return iter([render_json(standings)])
    return iter_standings(standings_columns(standings))
