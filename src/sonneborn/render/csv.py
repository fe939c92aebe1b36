"""The standings as CSV: one header row, one row per player, the fields of the JSON."""

from __future__ import annotations

import csv
import io

from sonneborn.formats.lines import spreadsheet_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import csv_texts, names, points_texts


def render_csv(standings: Standings) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    order = standings.order
    writer.writerow(["rank", "start", "name", "rating", "points", *standings.codes])
    texts = [csv_texts(column, order) for column in standings.columns]
    ratings = standings.event.table.rating[order].tolist()
    ranks = standings.ranks[order].tolist()
    cells = [spreadsheet_text(name) for name in names(standings)]
    columns = zip(ranks, standings.starts, cells, ratings, points_texts(standings), *texts, strict=True)
    for rank, start, name, rating, points, *values in columns:
        writer.writerow([rank, start, name, str(rating) if rating else "", points, *values])
    return out.getvalue()
