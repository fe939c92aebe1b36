"""The standings as CSV: one header row, one row per player (or team), the fields of the JSON."""

from __future__ import annotations

from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.languages import ENGLISH, Language
from sonneborn.ranking import Standings
from sonneborn.render.cells import csv_texts, names, numbers_in, points_texts, score_columns

BOM = "\ufeff"
"""What tells a spreadsheet the file is UTF-8 (Excel reads a CSV without it in the system's code page)."""

DIALECTS = ("plain", "excel")
"""``plain``: RFC 4180 with ``,`` and decimal points, the same in every language; ``excel``: as a spreadsheet
set to the language opens it (a BOM; ``;`` and decimal commas where the language writes a decimal comma)."""


def render_csv(standings: Standings, *, dialect: str = "plain", lang: Language = ENGLISH) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision.

    A team event's rows are its teams: ``rank,team,name,MP,GP,…`` (the primary score first), no rating.
    ``dialect="excel"`` writes them for a spreadsheet in ``lang`` (:data:`DIALECTS`); the header keeps the
    JSON's field names and the tie-break codes in every language.
    """
    if dialect == "excel":
        separator = ";" if lang.decimal_comma else ","
        numbers = lang if lang.decimal_comma else ENGLISH
        return BOM + _table(standings, separator, numbers)
    return _table(standings, ",", ENGLISH)


def _table(standings: Standings, separator: str, lang: Language) -> str:
    order = standings.order
    places = [list(map(str, standings.ranks[order].tolist())), list(map(str, standings.starts)),
              [spreadsheet_text(name) for name in names(standings)]]  # fmt: skip
    values = [numbers_in(csv_texts(column, order), lang) for column in standings.columns]
    if standings.event.teams is not None:
        scores = score_columns(standings)
        header = ["rank", "team", "name", *(score.heading for score in scores), *standings.codes]
        columns = [*places, *(numbers_in(score.texts, lang) for score in scores), *values]
        return csv_table(header, columns, separator=separator)
    header = ["rank", "start", "name", "rating", "points", *standings.codes]
    ratings = [str(rating) if rating else "" for rating in standings.event.table.rating[order].tolist()]
    points = numbers_in(points_texts(standings), lang)
    return csv_table(header, [*places, ratings, points, *values], separator=separator)
