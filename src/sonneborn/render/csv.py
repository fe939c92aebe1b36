"""The standings as CSV: one header row, one row per player (or team), the fields of the JSON."""

from __future__ import annotations

from collections.abc import Sequence

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
    columns = [*places, player_texts(standings, "rating"), points_texts(standings), *values, *fields]
    if standings.overall is not None:  # a category's table: its code and the place in it, then the overall rank
        count = len(order)
        category = [spreadsheet_text(str(standings.category))] * count
        header = ["category", "place", *header]
        columns = [category, places[0], list(map(str, standings.overall.ranks[order].tolist())), *columns[1:]]
    return csv_table(header, columns)


def render_categories_csv(tables: Sequence[Standings]) -> str:
    """Category tables as one CSV: a row per player and category, ``category,place,rank,…`` (the place in the
    category, then the overall rank and the fields of the whole table's CSV)."""
    texts = [render_csv(table) for table in tables]  # the header line holds no quoted line end: codes and keys
    head = texts[0].partition("\n")[0] if texts else ""
    return head + "\n" + "".join(text.partition("\n")[2] for text in texts)
