"""The same event under several rule editions or tie-break lists, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_uppercase

import numpy as np

from sonneborn.ranking import Standings
from sonneborn.render.cells import competitors, names, padded_column, score_columns, terminal_text, value_texts
from sonneborn.render.json import dumps, standings_data


def changed_players(variants: Sequence[Standings]) -> list[int]:
    """The start numbers of the players whose rank is not the same in every variant."""
    if not variants:
        return []
    first = variants[0].ranks
    changed = np.zeros(len(first), dtype=bool)
    for standings in variants[1:]:
        changed |= standings.ranks != first
    return (np.flatnonzero(changed) + 1).tolist()


def render_comparison(variants: Sequence[Standings], fmt: str) -> str:
    """A table (or JSON) with a rank column and the values of each variant; ``*`` marks a rank change."""
    changed = changed_players(variants)
    if fmt == "json":
        data = {"variants": [standings_data(v) for v in variants], "changed": changed}
        return dumps(data)
    first = variants[0]
    score = score_columns(first)[0]  # the ranking score: Pts, a team event's MP (or GP)
    header = ["No", "Name", score.heading]
    changed_rows = set(changed)
    columns: list[dict[int, str]] = []
    legend = []
    for label, standings in zip(ascii_uppercase, variants, strict=False):
        legend.append(f"{label}: {standings.rules} — {', '.join(str(spec) for spec in standings.specs)}")
        header.append(f"{label} Rk")
        columns.append(dict(zip(standings.starts, map(str, standings.ranks[standings.order].tolist()), strict=True)))
        for code in standings.codes:
            header.append(f"{label} {code.split('#')[0]}")
            columns.append(dict(zip(standings.starts, value_texts(standings, code), strict=True)))
    header.append("")
    body = []
    for start, name, points in zip(first.starts, names(first), score.texts, strict=True):
        cells = [str(start), terminal_text(name), points] + [column[start] for column in columns]
        body.append([*cells, "*" if start in changed_rows else ""])
    padded = [
        padded_column(title, [line[i] for line in body], left=i == 1) for i, title in enumerate(header)
    ]  # the names left, the rest right
    lines = [*legend, "", *("  ".join(cells).rstrip() for cells in zip(*padded, strict=True))]
    lines.append(f"* rank differs between the variants ({len(changed)} {competitors(first)[:-1]}(s)).")
    return "\n".join(lines) + "\n"
