"""The standings as CSV: one header row, one row per player (or team), the fields of the JSON."""

from __future__ import annotations

from collections.abc import Sequence

from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.languages import ENGLISH, Language
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    PLAYER_FIELDS,
    csv_texts,
    names,
    numbers_in,
    player_texts,
    points_texts,
    score_columns,
)

BOM = "\ufeff"
"""What tells a spreadsheet the file is UTF-8 (Excel reads a CSV without it in the system's code page)."""

DIALECTS = ("plain", "excel")
"""``plain``: RFC 4180 with ``,`` and decimal points, the same in every language; ``excel``: as a spreadsheet
set to the language opens it (a BOM; ``;`` and decimal commas where the language writes a decimal comma)."""


def render_csv(standings: Standings, *, dialect: str = "plain", lang: Language = ENGLISH) -> str:
    """The standings as CSV text; values exact where a decimal is exact, else to double precision.

    A team event's rows are its teams: ``rank,team,name,MP,GP,…`` (the primary score first), no rating. A
    player's own fields follow the values (``title,federation,fide_id,sex,birth_date,club``), empty where the
    source has none, so that the columns before them stay where they were. ``dialect="excel"`` writes them for
    a spreadsheet in ``lang`` (:data:`DIALECTS`); the header keeps the JSON's field names and the tie-break
    codes in every language.
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
    own = [field.key for field in PLAYER_FIELDS if field.key != "rating"]
    header = ["rank", "start", "name", "rating", "points", *standings.codes, *own]
    fields = [[spreadsheet_text(text) for text in player_texts(standings, key)] for key in own]
    points = numbers_in(points_texts(standings), lang)
    columns = [*places, player_texts(standings, "rating"), points, *values, *fields]
    if standings.overall is not None:  # a category's table: its code and the place in it, then the overall rank
        count = len(order)
        category = [spreadsheet_text(str(standings.category))] * count
        header = ["category", "place", *header]
        columns = [category, places[0], list(map(str, standings.overall.ranks[order].tolist())), *columns[1:]]
    return csv_table(header, columns, separator=separator)


def render_categories_csv(tables: Sequence[Standings], *, dialect: str = "plain", lang: Language = ENGLISH) -> str:
    """Category tables as one CSV: a row per player and category, ``category,place,rank,…`` (the place in the
    category, then the overall rank and the fields of the whole table's CSV), in the dialect of :func:`render_csv`."""
    texts = [render_csv(table, dialect=dialect, lang=lang).removeprefix(BOM) for table in tables]
    # The header line holds no quoted line end: codes and keys.
    head = texts[0].partition("\n")[0] if texts else ""
    return (BOM if dialect == "excel" else "") + head + "\n" + "".join(text.partition("\n")[2] for text in texts)
