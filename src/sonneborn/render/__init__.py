"""Renderers: the same :class:`~sonneborn.ranking.Standings` as a table, JSON, CSV, HTML, Markdown or TRF.

Each renderer is imported when first used, so that writing JSON does not load
the HTML templates or the terminal library.

>>> sorted(RENDERERS)
['csv', 'html', 'json', 'md', 'table', 'trf']
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sonneborn.languages import Language
    from sonneborn.ranking import Standings

RENDERERS = {
    "table": ("sonneborn.render.text", "render_table"),
    "json": ("sonneborn.render.json", "render_json"),
    "csv": ("sonneborn.render.csv", "render_csv"),
    "html": ("sonneborn.render.html", "render_html"),
    "md": ("sonneborn.render.markdown", "render_markdown"),
    "trf": ("sonneborn.render.trf", "render_trf"),
}
"""The renderer of each format, as (module, function)."""


LOCALIZED = ("table", "csv", "html")
"""The formats written in the language asked for; JSON, Markdown and TRF are the same in every language."""


CATEGORY_RENDERERS = {
    "table": ("sonneborn.render.text", "render_categories_table"),
    "json": ("sonneborn.render.json", "render_categories_json"),
    "csv": ("sonneborn.render.csv", "render_categories_csv"),
    "html": ("sonneborn.render.html", "render_categories_html"),
    "md": ("sonneborn.render.markdown", "render_categories_markdown"),
}
"""The renderer of category tables (:func:`sonneborn.pipeline.category_tables`) in each format that has one."""


def render_categories(
    tables: Sequence[Standings], fmt: str, *, lang: Language | None = None, dialect: str = "plain"
) -> str:
    """Category tables in one of :data:`CATEGORY_RENDERERS`' formats, as :func:`render` writes the standings;
    raises :exc:`KeyError` for another."""
    module, function = CATEGORY_RENDERERS[fmt]
    options: dict[str, object] = {"lang": lang} if lang is not None and fmt in LOCALIZED else {}
    if fmt == "csv":
        options["dialect"] = dialect
    text: str = getattr(import_module(module), function)(tables, **options)
    return text


def render(standings: Standings, fmt: str, *, lang: Language | None = None, dialect: str = "plain") -> str:
    """The standings in one of :data:`RENDERERS`' formats; those of :data:`LOCALIZED` in ``lang`` (English
    when ``None``), CSV in its ``dialect`` (:data:`sonneborn.render.csv.DIALECTS`)."""
    module, function = RENDERERS[fmt]
    options: dict[str, object] = {"lang": lang} if lang is not None and fmt in LOCALIZED else {}
    if fmt == "csv":
        options["dialect"] = dialect
    text: str = getattr(import_module(module), function)(standings, **options)
    return text
