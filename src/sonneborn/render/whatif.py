"""The answer of ``sonneborn whatif``: a terminal table and its JSON, both read from one
:class:`~sonneborn.whatif.WhatIf`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson

from sonneborn.formats.jsonio import json_number
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import Message
from sonneborn.render.cells import names, numbers_in, padded_column, place_texts, points_texts

if TYPE_CHECKING:
    from sonneborn.whatif import PlaceChances, WhatIf


def whatif_data(answer: WhatIf) -> dict[str, Any]:
    """The JSON of an answer: ``{"method", "runs", "places", "standings": [{"start", "name", "points", "best",
    "worst", "can_win", "clinched", "chances"}, …]}`` (best and worst as final places 1 … n), with the margins of
    error, what decides first place, and the notes of what was treated how."""
    now = answer.now
    points = now.points
    entries = []
    for row in answer.rows:
        number = points.number(row.row)
        entries.append(
            {
                "start": row.row + 1,
                "name": now.event.roster.names[row.row],
                "points": None if number is None else json_number(number),
                "rank": int(now.ranks[row.row]),
                "best": row.best,
                "worst": row.worst,
                "exact": row.exact,
                "best_exact": row.best_exact,
                "worst_exact": row.worst_exact,
                "best_seen": row.best_seen,
                "worst_seen": row.worst_seen,
                "can_win": row.can_win,
                "clinched": list(row.clinched),
                "chances": None if row.chances is None else {str(p): c for p, c in enumerate(row.chances, start=1)},
                "margins": None if row.chances is None else {str(p): m for p, m in enumerate(row.margins, start=1)},
                "decides": str(row.decides),
            }
        )
    return {
        "method": answer.method,
        "runs": answer.runs,
        "ranked": answer.ranked,
        "places": answer.places,
        "seed": answer.seed,
        "tiebreaks": [str(spec) for spec in now.tiebreaks],
        "rules": now.rules.value,
        "notes": [str(note) for note in answer.notes],
        "standings": entries,
    }


def whatif_json(answer: WhatIf) -> str:
    return orjson.dumps(whatif_data(answer), option=orjson.OPT_INDENT_2).decode() + "\n"


def whatif_text(answer: WhatIf, lang: Language = ENGLISH) -> str:
    """The terminal table: the standings now, then each player's best and worst place, first place, the prize
    places clinched, the chances, and what decides first place; the notes under it; in a language (its
    headings, words and numbers; the tie-break codes as they are)."""
    now = answer.now
    rows = [r.row for r in answer.rows]
    order = now.order.tolist()
    position = {row: i for i, row in enumerate(order)}
    take = [position[row] for row in rows]
    ranks, players, pts = place_texts(now), names(now), numbers_in(points_texts(now), lang)
    say = lang.gettext
    score = now.event.table.primary if now.event.teams is not None else say("Pts")
    # Translators: the whatif table's headings: the place now, the best and worst final places, whether he can
    # still win, the prize places clinched, what decides first place; keep them short.
    columns = [
        padded_column(say("Now"), [ranks[i] for i in take], left=False),
        padded_column(say("No"), [str(row + 1) for row in rows], left=False),
        padded_column(say("Name"), [players[i] for i in take], left=True),
        padded_column(score, [pts[i] for i in take], left=False),
        padded_column(say("Best"), [best_text(r) for r in answer.rows], left=False),
        padded_column(say("Worst"), [worst_text(r) for r in answer.rows], left=False),
        padded_column(say("Win?"), [say("yes") if r.can_win else say("no") for r in answer.rows], left=True),
        padded_column(say("Clinched"), [",".join(map(str, r.clinched)) or "-" for r in answer.rows], left=True),
    ]
    if any(r.chances is not None for r in answer.rows):
        for place in range(1, answer.places + 1):
            cells = [
                "" if r.chances is None else lang.number(_chance(r.chances[place - 1], r.margins[place - 1],
                                                                 answer.method))
                for r in answer.rows
            ]  # fmt: skip
            columns.append(padded_column(lang.format("P({place})", place=place), cells, left=False))
    columns.append(padded_column(say("First place"), [lang.message(r.decides) for r in answer.rows], left=True))
    lines = ["  ".join(cells).rstrip() for cells in zip(*columns, strict=True)]
    listed = ",".join(str(s) for s in now.tiebreaks)
    if answer.method == "exact":
        head = lang.format("What if: exact; places 1-{places}; list {list}", places=answer.places, list=listed)
    else:
        head = lang.message(Message.ngettext("What if: simulation of {count} run; places 1-{places}; list {list}",
                                             "What if: simulation of {count} runs; places 1-{places}; list {list}",
                                             answer.runs, places=answer.places, list=listed))  # fmt: skip
    notes = [f"- {lang.message(note)}" for note in answer.notes]
    return "\n".join([head, *lines, "", *notes]) + "\n"


def _chance(chance: float, margin: float, method: str) -> str:
    if method == "exact":
        return f"{chance:.1%}"
    return f"{chance:.1%}±{margin:.1%}"


def best_text(row: PlaceChances) -> str:
    """An exact best place; a bound, with the best a ranked scenario reached: the true best lies in ``3–6``
    (the terminal table's and the page's)."""
    if row.best_exact:
        return str(row.best)
    return f"{row.best}–{row.best_seen}" if row.best_seen is not None else f"≥{row.best}"


def worst_text(row: PlaceChances) -> str:
    """An exact worst place, else ``5–9`` (a ranked scenario reached 5, 9 the bound) or ``≤9``."""
    if row.worst_exact:
        return str(row.worst)
    return f"{row.worst_seen}–{row.worst}" if row.worst_seen is not None else f"≤{row.worst}"
