"""The standings as CSV: one header row, one row per player, the fields of the JSON."""

from __future__ import annotations

import csv
import io

from sonneborn.numbers import exact_text, terminates
from sonneborn.ranking import Standings


def render_csv(standings: Standings) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "start", "name", "rating", "points", *standings.codes])
    for row in standings.rows:
        values = []
        for code in standings.codes:
            number = row.values[code].number
            if number is None:
                values.append("")
            else:
                values.append(exact_text(number) if terminates(number) else repr(float(number)))
        rating = "" if row.player.rating is None else str(row.player.rating)
        writer.writerow([row.rank, row.player.start, row.player.name, rating, exact_text(row.points), *values])
    return out.getvalue()
