"""The JSON contract of ``sonneborn standings -f json``.

Every value is a JSON number equal to the exact value (a count is an
integer), or ``null`` where the tie-break has no value for the player.
"""

from __future__ import annotations

from typing import Any

import orjson

from sonneborn.numbers import to_json_number
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import REGISTRY


def standings_data(standings: Standings) -> dict[str, Any]:
    """The standings as plain data, ready for ``json.dumps``."""
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
            for row in standings.rows
        ],
    }
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


def render_json(standings: Standings) -> str:
    """The standings as JSON text."""
    return dumps(standings_data(standings))
