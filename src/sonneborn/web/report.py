"""The data the web answers with, beyond the JSON contract: the catalogue, explanations and the page's report.

Everything here is plain data for ``json.dumps``, built from one ranking call,
so that the page, the explanations and the downloads cannot disagree.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> first = explanations(rank(seed_event(), parse_list("SB")), [1])[0]
>>> first["name"], first["values"]["SB"][:27]
('Sloth', 'SB 69.5 = ½×11 (Zagorovsky)')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from sonneborn.explain import explain_player, explain_players
from sonneborn.languages import ENGLISH, Language
from sonneborn.model import EventKind, StartNo
from sonneborn.ranking import DEFAULT_TIEBREAKS, Standings
from sonneborn.render.cells import competitors, notes, place_texts, points_texts, score_columns, value_texts
from sonneborn.render.crosstable import build_crosstable, crosstable_data
from sonneborn.render.json import standings_data
from sonneborn.tiebreaks import REGISTRY, WEIGHTED_SCORES, definition
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True, slots=True)
class Preset:
    """A named tie-break list the page offers in one click."""

    key: str
    label: str
    tiebreaks: str
    """The codes in order, comma-separated."""
    rank_by: str | None = None
    """The weighted score ranked by instead of points, for the historic systems."""
    description: str = ""


PRESETS = (
    Preset(
        "round-robin",
        "FIDE round robin",
        DEFAULT_TIEBREAKS[EventKind.ROUND_ROBIN],
        description="Direct encounter, Sonneborn–Berger, wins, Koya (C.07, the default for round robins).",
    ),
    Preset(
        "swiss",
        "FIDE Swiss",
        DEFAULT_TIEBREAKS[EventKind.SWISS],
        description="Buchholz cut 1, Buchholz, Sonneborn–Berger, direct encounter, wins (the default for Swiss).",
    ),
    Preset("linares", "Linares: most wins first", "WIN,SB,DE", description="Wins, then Sonneborn–Berger."),
    Preset(
        "neustadtl",
        "Neustadtl ranking (historic)",
        "DE,WIN",
        rank_by="SB",
        description="Ranked by the Sonneborn–Berger score instead of points.",
    ),
    Preset(
        "gelbfuhs",
        "Gelbfuhs ranking (historic)",
        "DE,WIN",
        rank_by="GF",
        description="Ranked by the Gelbfuhs score instead of points (Vienna 1873).",
    ),
)
"""The presets of the page, in the order shown."""

RULE_LABELS = {
    Rules.FIDE_2026: "FIDE 2026 (in force)",
    Rules.FIDE_2024: "FIDE 2024",
    Rules.FIDE_2023: "FIDE 2023",
    Rules.FIDE_2009: "FIDE before 2023 (virtual opponent)",
    Rules.NONE: "None: unplayed rounds count as they are",
}
"""How the page names each rule edition."""


def catalogue() -> dict[str, Any]:
    """What ``GET /api/tiebreaks`` answers: every code, the rule editions, the defaults and the presets."""
    return {
        "tiebreaks": [
            {
                "code": d.code,
                "name": d.name,
                "article": d.article,
                "definition": d.definition,
                "modifiers": sorted(m.value for m in d.modifiers),
                "weighted_score": d.code in WEIGHTED_SCORES,
            }
            for d in REGISTRY.values()
        ],
        "rules": [{"value": r.value, "label": RULE_LABELS[r]} for r in Rules],
        "default_rules": DEFAULT_RULES.value,
        "defaults": {kind.value: codes for kind, codes in DEFAULT_TIEBREAKS.items()},
        "presets": [asdict(preset) for preset in PRESETS],
    }


def explanations(standings: Standings, starts: Iterable[StartNo], lang: Language = ENGLISH) -> list[dict[str, Any]]:
    """Each player's values as the sums they came from: the ``--explain`` lines and the same text per code, in a
    language (its words and decimal sign; the codes and names as they are)."""
    found = []
    names = standings.event.roster.names
    codes = [standings.event.table.primary, *standings.codes]  # the score by its name: PTS, MP or GP
    for start in starts:
        lines = explain_player(standings, start, lang)
        found.append(
            {
                "start": start,
                "name": names[start - 1],
                "rank": int(standings.ranks[start - 1]),
                "lines": lines,
                "values": {code: line.strip() for code, line in zip(codes, lines[1:], strict=True)},
            }
        )
    return found


def shown_rows(standings: Standings, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
    """The rows ``start`` to ``end`` of the standings in final order as the page shows them: the place as text
    (``8–9``), who, the points and each value as the tables print them."""
    roster, table = standings.event.roster, standings.event.table
    order = standings.order[start:end].tolist()
    places = place_texts(standings, dash="–")[start:end]
    points = points_texts(standings)[start:end]
    scores = [score.texts[start:end] for score in score_columns(standings)]
    columns = {code: value_texts(standings, code)[start:end] for code in standings.codes}
    return [
        {
            "start": row + 1,
            "place": places[index],
            "rank": int(standings.ranks[row]),
            "shared": bool(standings.shared[row]),
            "by_lot": bool(standings.by_lot[row]),
            "name": roster.names[row],
            "title": roster.titles[row],
            "rating": int(table.rating[row]) or None,
            "federation": roster.federations[row],
            "points": points[index],
            "scores": [texts[index] for texts in scores],
            "values": {code: texts[index] for code, texts in columns.items()},
        }
        for index, row in enumerate(order)
    ]


def report_data(standings: Standings, *, path: str, input_format: str, lang: Language = ENGLISH) -> dict[str, Any]:
    """Everything the page shows of one ranking, in one answer; the tie-breaks' names, the scores' titles, the
    notes and the derivations in ``lang`` (the values, the codes and the JSON contract the same in every
    language).

    ``standings`` is the JSON contract unchanged; the rest is ready to show:
    places as text (``8–9``), values as the tables print them, each value's
    derivation, the running score after each round and the crosstable's cells.
    """
    event = standings.event
    codes = standings.codes
    every = explain_players(standings, lang)
    keys = [event.table.primary, *codes]  # the score by its name: PTS, MP or GP
    explained = {
        start: {"lines": lines, "values": dict(zip(keys, (line.strip() for line in lines[1:]), strict=True))}
        for start, lines in zip(standings.starts, every, strict=True)
    }
    played = event.table.played_rounds
    unit = event.table.score.unit
    running = event.table.score.running(played)
    scores = score_columns(standings)
    rows = shown_rows(standings)
    for shown, row in zip(rows, standings.order.tolist(), strict=True):
        shown["explanations"] = explained[row + 1]["values"]
        shown["lines"] = explained[row + 1]["lines"]
        shown["running"] = [score / unit for score in running[row].tolist()]
    table = build_crosstable(standings)
    return {
        "standings": standings_data(standings),
        "input": {"path": path, "format": input_format},
        "competitors": competitors(standings),
        "scores": [
            {"heading": score.heading, "title": lang.gettext(score.title), "code": score.code} for score in scores
        ],
        "columns": [
            {
                "code": code,
                "name": lang.gettext(definition(code).name),
                "article": definition(code).article,
                "definition": definition(code).definition,
            }
            for code in codes
        ],
        "list": [str(spec) for spec in standings.tiebreaks],
        "rank_by": None if standings.rank_by is None else str(standings.rank_by),
        "rows": rows,
        "rounds": {
            "played": played,
            "scheduled": event.rounds,
            "berger": input_format == "crosstable"
            or (input_format == "published" and standings.kind is EventKind.ROUND_ROBIN),
        },
        "notes": notes(standings, lang),
        "crosstable": crosstable_data(table),
    }
