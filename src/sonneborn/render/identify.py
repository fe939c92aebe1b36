"""What ``sonneborn identify`` found, as a terminal table or JSON: the settings that reproduce a file, best first."""

from __future__ import annotations

from typing import Any

from sonneborn.identify import Identification, Match
from sonneborn.numbers import exact_text
from sonneborn.render.cells import padded_column, terminal_text
from sonneborn.render.json import dumps

__all__ = ["identification_data", "render_identification"]


def _codes(match: Match) -> list[str]:
    return [str(spec) for spec in match.setting.tiebreaks]


def identification_data(found: Identification, *, limit: int | None = None) -> dict[str, Any]:
    """The JSON object: ``{"matches": [{"tiebreaks", "rules", "options", "disagreements"}, …]}`` best first,
    each with the other editions that give the same, its preset and the disagreements with their causes."""
    shown = found.matches if limit is None else found.matches[:limit]
    return {
        "exact": found.exact,
        "recorded": list(found.recorded),
        "judged": found.judged,
        "found": len(found.matches),
        "matches": [
            {
                "tiebreaks": _codes(match),
                "rules": str(match.setting.rules[0]),
                "also_rules": [str(rules) for rules in match.setting.rules[1:]],
                "options": dict(match.setting.options),
                "preset": match.setting.preset or None,
                "disagreements": len(match.disagreements),
                "details": [
                    {
                        "start": d.start,
                        "name": d.name,
                        "what": d.what,
                        "recorded": exact_text(d.recorded),
                        "computed": None if d.computed is None else exact_text(d.computed),
                        "cause": str(d.hint),
                    }
                    for d in match.disagreements
                ],
            }
            for match in shown
        ],
    }


def render_identification(found: Identification, fmt: str, *, limit: int = 10) -> str:
    """The settings found, as a table (``table``) or JSON (``json``), the first ``limit`` of them."""
    if fmt == "json":
        return dumps(identification_data(found, limit=limit))
    recorded = ", ".join(found.recorded)
    count = len(found.matches)
    if found.exact:
        head = (
            f"{count} setting{'s' if count != 1 else ''} reproduce{'' if count != 1 else 's'} every recorded "
            f"{'value' if len(found.recorded) > 1 else 'rank'} ({recorded} recorded; {found.judged} settings judged)"
        )
    else:
        head = (
            f"No setting reproduces every recorded rank and value ({recorded} recorded; {found.judged} settings "
            "judged); the closest:"
        )
    rows = [["#", "tie-breaks", "rules", "options", "preset", "off"]]
    for number, match in enumerate(found.matches[:limit], start=1):
        setting = match.setting
        rules = str(setting.rules[0]) + (f" (+{len(setting.rules) - 1})" if len(setting.rules) > 1 else "")
        options = ", ".join(f"{name} {value}" for name, value in setting.options)
        rows.append(
            [str(number), ",".join(_codes(match)), rules, options, setting.preset or "-", str(len(match.disagreements))]
        )
    columns = [padded_column(title, [row[k] for row in rows[1:]], left=True) for k, title in enumerate(rows[0])]
    lines = [head, *("  ".join(cells).rstrip() for cells in zip(*columns, strict=True))]
    for number, match in enumerate(found.matches[:limit], start=1):
        if match.disagreements:
            lines.append(f"#{number} {','.join(_codes(match))} under {match.setting.rules[0]}:")
            lines += [f"  {terminal_text(str(d))}" for d in match.disagreements]
    if count > limit:
        lines.append(f"… and {count - limit} more (--limit N shows more).")
    return "\n".join(lines) + "\n"
