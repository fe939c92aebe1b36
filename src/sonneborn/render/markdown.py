"""The standings and the crosstable in GitHub-flavoured Markdown, for forums and READMEs.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> lines = render_markdown(rank(seed_event(), parse_list("SB"))).splitlines()
>>> lines[0]
'# World Correspondence Chess Championship Final 1975–80'
>>> lines[10]
'| 1 | 1 | Sloth | 11 | 69.50 |'
"""

from __future__ import annotations

from collections.abc import Sequence

from sonneborn.model import EventKind
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    category_heading,
    competitors,
    names,
    notes,
    overall_texts,
    place_texts,
    rating_texts,
    score_columns,
    shown_player_fields,
    value_texts,
)
from sonneborn.render.crosstable import build_crosstable, crosstable_markdown, escape_markdown, markdown_table
from sonneborn.tiebreaks import full_name

__all__ = ["render_categories_markdown", "render_markdown"]


def render_markdown(standings: Standings) -> str:
    """The event as Markdown: a heading, a summary line, the standings table and the crosstable."""
    event = standings.event
    kind = "Swiss" if standings.kind is EventKind.SWISS else "round robin"
    specs = ([standings.rank_by] if standings.rank_by is not None else []) + list(standings.tiebreaks)
    tiebreaks = ", ".join(f"{spec} ({full_name(spec)})" for spec in specs) or "none"
    if event.teams is not None:
        kind = f"team {kind}"
    summary = f"{event.rounds} rounds, {event.players} {competitors(standings)}, {kind}; rules {standings.rules}; "
    summary += f"tie-breaks: {tiebreaks}."
    parts = [f"# {escape_markdown(event.name or 'Standings')}", escape_markdown(summary)]
    found = notes(standings)
    if found:
        parts.append(escape_markdown(" ".join(found)))
    parts += ["## Standings", _standings(standings), "## Crosstable", crosstable_markdown(build_crosstable(standings))]
    # Each part ended by its line end (the tables by their own), a blank line between parts: the tables of a
    # big event are tens of megabytes, joined once and never copied to strip or add a line end.
    return "\n".join(part if part.endswith("\n") else part + "\n" for part in parts)


def render_categories_markdown(tables: Sequence[Standings]) -> str:
    """Category tables as Markdown: the event's heading, then each category's heading and table (Pl its
    place in the category, Rk the overall rank)."""
    whole = tables[0].overall if tables else None
    title = (whole.event.name if whole is not None else None) or "Standings"
    parts = [f"# {escape_markdown(title)}"]
    for table in tables:
        parts += [f"## {escape_markdown(category_heading(table))}", _standings(table)]
    return "\n".join(part if part.endswith("\n") else part + "\n" for part in parts)


def _standings(standings: Standings) -> str:
    codes = standings.codes
    ratings = rating_texts(standings)
    scores = score_columns(standings)
    own = shown_player_fields(standings, ["title", "federation", "club", "fide_id", "sex", "birth_date"])
    overall = overall_texts(standings, dash="–")
    header = [*(["Pl"] if overall is not None else []), "Rk", "No", "Name", *(field.heading for field, _ in own),
              *(["Rtg"] if ratings is not None else []), *(score.heading for score in scores),
              *(c.split("#")[0] for c in codes)]  # fmt: skip
    columns = [
        *([place_texts(standings, dash="–"), overall] if overall is not None else [place_texts(standings, dash="–")]),
        list(map(str, standings.starts)),
        names(standings),
        *(texts for _, texts in own),
        *([ratings] if ratings is not None else []),
        *(score.texts for score in scores),
        *(value_texts(standings, code) for code in codes),
    ]
    places = "r" if overall is not None else ""
    align = places + "rrl" + "l" * len(own) + "r" * (len(header) - 3 - len(own) - len(places))
    return markdown_table(header, columns, align)
