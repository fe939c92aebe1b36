"""The same event under several rule editions or tie-break lists, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_uppercase

from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import display_width, value_texts
from sonneborn.render.json import dumps, standings_data


def changed_players(variants: Sequence[Standings]) -> list[int]:
    """The start numbers of the players whose rank is not the same in every variant."""
    ranks: dict[int, set[int]] = {}
    for standings in variants:
        for row in standings.rows:
            ranks.setdefault(row.player.start, set()).add(row.rank)
    return sorted(start for start, seen in ranks.items() if len(seen) > 1)


def render_comparison(variants: Sequence[Standings], fmt: str) -> str:
    """A table (or JSON) with a rank column and the values of each variant; ``*`` marks a rank change."""
    changed = changed_players(variants)
    if fmt == "json":
        data = {"variants": [standings_data(v) for v in variants], "changed": changed}
        return dumps(data)
    first = variants[0]
    header = ["No", "Name", "Pts"]
    columns: list[dict[int, str]] = []
    legend = []
    for label, standings in zip(ascii_uppercase, variants, strict=False):
        legend.append(f"{label}: {standings.rules} — {', '.join(standings.codes)}")
        header.append(f"{label} Rk")
        columns.append({row.player.start: str(row.rank) for row in standings.rows})
        for code in standings.codes:
            header.append(f"{label} {code}")
            columns.append(
                dict(zip((r.player.start for r in standings.rows), value_texts(standings, code), strict=True))
            )
    header.append("")
    body = []
    for row in first.rows:
        start = row.player.start
        cells = [str(start), row.player.name, exact_text(row.points)] + [column[start] for column in columns]
        body.append([*cells, "*" if start in changed else ""])
    widths = [max(display_width(line[i]) for line in [header, *body]) for i in range(len(header))]
    lines = [*legend, ""]
    for line in [header, *body]:
        padded = [
            cell + " " * (widths[i] - display_width(cell)) if i == 1 else " " * (widths[i] - display_width(cell)) + cell
            for i, cell in enumerate(line)
        ]
        lines.append("  ".join(padded).rstrip())
    lines.append(f"* rank differs between the variants ({len(changed)} player(s)).")
    return "\n".join(lines) + "\n"
