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
TEAM_NOT_YET = ("trf",)
"""The formats not yet written for team events (the TRF-26 team writer is issue 20's teamio step)."""


def team_not_yet(what: str, *, choose: str = "-f ") -> str:
    """The one line every command and the web app give for an output not yet written for team events.

    >>> team_not_yet("-f trf")
    '-f trf is not yet for team events (use -f table, json, csv, html or md)'
    """
    formats = [name for name in RENDERERS if name not in TEAM_NOT_YET]
    return f"{what} is not yet for team events (use {choose}{', '.join(formats[:-1])} or {formats[-1]})"


def render(standings: Standings, fmt: str) -> str:
    """The standings in one of :data:`RENDERERS`' formats."""
    module, function = RENDERERS[fmt]
    text: str = getattr(import_module(module), function)(standings)
    return text
