"""The same event under several rule editions or tie-break lists, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_uppercase

import numpy as np

from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import Message
from sonneborn.ranking import Standings
from sonneborn.render.cells import names, numbers_in, padded_column, score_columns, terminal_text, value_texts
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


def render_comparison(variants: Sequence[Standings], fmt: str, *, lang: Language = ENGLISH) -> str:
    """A table (or JSON) with a rank column and the values of each variant; ``*`` marks a rank change. The table
    in a language (its headings, note and numbers; the codes and rule editions as they are), the JSON in none."""
    changed = changed_players(variants)
    if fmt == "json":
        data = {"variants": [standings_data(v) for v in variants], "changed": changed}
        return dumps(data)
    first = variants[0]
    score = score_columns(first)[0]  # the ranking score: Pts, a team event's MP (or GP)
    say = lang.gettext
    header = [say("No"), say("Name"), say(score.heading)]
    changed_rows = set(changed)
    columns: list[dict[int, str]] = []
    legend = []
    for label, standings in zip(ascii_uppercase, variants, strict=False):
        legend.append(f"{label}: {standings.rules} — {', '.join(str(spec) for spec in standings.specs)}")
        header.append(f"{label} {say('Rk')}")  # the variant's letter, then the heading every table has
        columns.append(dict(zip(standings.starts, map(str, standings.ranks[standings.order].tolist()), strict=True)))
        for code in standings.codes:
            header.append(f"{label} {code.split('#')[0]}")
            columns.append(dict(zip(standings.starts, numbers_in(value_texts(standings, code), lang), strict=True)))
    header.append("")
    body = []
    points_column = numbers_in(score.texts, lang)
    for start, name, points in zip(first.starts, names(first), points_column, strict=True):
        cells = [str(start), terminal_text(name), points] + [column[start] for column in columns]
        body.append([*cells, "*" if start in changed_rows else ""])
    padded = [
        padded_column(title, [line[i] for line in body], left=i == 1) for i, title in enumerate(header)
    ]  # the names left, the rest right
    lines = [*legend, "", *("  ".join(cells).rstrip() for cells in zip(*padded, strict=True))]
    # English keeps its "(s)"; the other languages take the form of the count.
    count = (
        Message.ngettext(
            "* rank differs between the variants ({count} team(s)).",
            "* rank differs between the variants ({count} team(s)).",
            len(changed),
        )
        if first.event.teams is not None
        else Message.ngettext(
            "* rank differs between the variants ({count} player(s)).",
            "* rank differs between the variants ({count} player(s)).",
            len(changed),
        )
    )
    lines.append(lang.message(count))
    return "\n".join(lines) + "\n"
