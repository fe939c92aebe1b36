"""Renderers: the same :class:`~sonneborn.ranking.Standings` as a table, JSON, CSV, HTML, Markdown or TRF."""

from __future__ import annotations

from sonneborn.ranking import Standings
from sonneborn.render.csv import render_csv
from sonneborn.render.html import render_html
from sonneborn.render.json import render_json
from sonneborn.render.markdown import render_markdown
from sonneborn.render.text import render_table
from sonneborn.render.trf import render_trf

RENDERERS = {
    "table": render_table,
    "json": render_json,
    "csv": render_csv,
    "html": render_html,
    "md": render_markdown,
    "trf": render_trf,
}


def render(standings: Standings, fmt: str) -> str:
    """The standings in one of :data:`RENDERERS`' formats."""
    return RENDERERS[fmt](standings)
