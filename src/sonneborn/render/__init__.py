"""Renderers: the same :class:`~sonneborn.ranking.Standings` as a table, JSON, CSV, HTML, Markdown or TRF.

Each renderer is imported when first used, so that writing JSON does not load
the HTML templates or the terminal library.

>>> sorted(RENDERERS)
['csv', 'html', 'json', 'md', 'table', 'trf']
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


def render(standings: Standings, fmt: str) -> str:
    """The standings in one of :data:`RENDERERS`' formats."""
    module, function = RENDERERS[fmt]
    text: str = getattr(import_module(module), function)(standings)
    return text
