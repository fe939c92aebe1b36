"""The standings as CSV: one header row, one row per player (or team), the fields of the JSON."""

from __future__ import annotations

from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import PLAYER_FIELDS, csv_texts, names, player_texts, points_texts, score_columns


def render_csv(standings: Standings) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision.

    A team event's rows are its teams: ``rank,team,name,MP,GP,…`` (the primary score first), no rating. A
    player's own fields follow the values (``title,federation,fide_id,sex,birth_date,club``), empty where the
    source has none, so that the columns before them stay where they were.
    """
    order = standings.order
    places = [list(map(str, standings.ranks[order].tolist())), list(map(str, standings.starts)),
              [spreadsheet_text(name) for name in names(standings)]]  # fmt: skip
    values = [csv_texts(column, order) for column in standings.columns]
    if standings.event.teams is not None:
        scores = score_columns(standings)
        header = ["rank", "team", "name", *(score.heading for score in scores), *standings.codes]
        return csv_table(header, [*places, *(score.texts for score in scores), *values])
    own = [field.key for field in PLAYER_FIELDS if field.key != "rating"]
    header = ["rank", "start", "name", "rating", "points", *standings.codes, *own]
    fields = [[spreadsheet_text(text) for text in player_texts(standings, key)] for key in own]
    return csv_table(header, [*places, player_texts(standings, "rating"), points_texts(standings), *values, *fields])
