"""The standings as CSV: one header row, one row per player, the fields of the JSON."""

from __future__ import annotations

from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import csv_texts, names, points_texts


def render_csv(standings: Standings) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision."""
    order = standings.order
    header = ["rank", "start", "name", "rating", "points", *standings.codes]
    ratings = [str(rating) if rating else "" for rating in standings.event.table.rating[order].tolist()]
    columns = [
        list(map(str, standings.ranks[order].tolist())),
        list(map(str, standings.starts)),
        [spreadsheet_text(name) for name in names(standings)],
        ratings,
        points_texts(standings),
        *(csv_texts(column, order) for column in standings.columns),
    ]
    return csv_table(header, columns)
