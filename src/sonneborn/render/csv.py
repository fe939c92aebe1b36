"""The standings as CSV: one header row, one row per player (or team), the fields of the JSON."""

from __future__ import annotations

from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import csv_texts, names, points_texts, score_columns


def render_csv(standings: Standings) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision.

    A team event's rows are its teams: ``rank,team,name,MP,GP,…`` (the primary score first), no rating.
    """
    order = standings.order
    places = [list(map(str, standings.ranks[order].tolist())), list(map(str, standings.starts)),
              [spreadsheet_text(name) for name in names(standings)]]  # fmt: skip
    values = [csv_texts(column, order) for column in standings.columns]
    if standings.event.teams is not None:
        scores = score_columns(standings)
        header = ["rank", "team", "name", *(score.heading for score in scores), *standings.codes]
        return csv_table(header, [*places, *(score.texts for score in scores), *values])
    header = ["rank", "start", "name", "rating", "points", *standings.codes]
    ratings = [str(rating) if rating else "" for rating in standings.event.table.rating[order].tolist()]
    return csv_table(header, [*places, ratings, points_texts(standings), *values])
