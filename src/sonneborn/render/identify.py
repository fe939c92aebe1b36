"""What ``sonneborn identify`` found, as a terminal table or JSON: the settings that reproduce a file, best first."""

from __future__ import annotations

from typing import Any

from sonneborn.identify import Identification, Match
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message
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
        "against_points": None
        if found.against_points is None
        else {"players": found.against_points.count, "cause": str(found.against_points.message)},
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


def render_identification(found: Identification, fmt: str, *, limit: int = 10, lang: Language = ENGLISH) -> str:
    """The settings found, as a table (``table``) or JSON (``json``), the first ``limit`` of them; the table in a
    language (its words and numbers; codes, editions and presets as they are), the JSON in none."""
    if fmt == "json":
        return dumps(identification_data(found, limit=limit))
    say = lang.gettext
    recorded = ", ".join(map(say, found.recorded))  # points and ranks in words; the codes are every language's
    count = len(found.matches)
    if found.exact:
        message = (
            Message.ngettext("{count} setting reproduces every recorded value ({recorded} recorded; {judged} "
                             "settings judged)", "{count} settings reproduce every recorded value ({recorded} "
                             "recorded; {judged} settings judged)", count, recorded=recorded, judged=found.judged)
            if len(found.recorded) > 1
            else Message.ngettext("{count} setting reproduces every recorded rank ({recorded} recorded; {judged} "
                                  "settings judged)", "{count} settings reproduce every recorded rank ({recorded} "
                                  "recorded; {judged} settings judged)", count, recorded=recorded,
                                  judged=found.judged)
        )  # fmt: skip
    else:
        template = N_(
            "No setting reproduces every recorded rank and value ({recorded} recorded; {judged} settings judged); "
            "the closest:"
        )
        message = Message.of(template, recorded=recorded, judged=found.judged)
    # Translators: the identify table's headings: the tie-break list, the rule edition, the options, the preset
    # it is, and how many recorded values it does not give ("off"). A preset's name is a profile's (as it is) or
    # one of "in force" and "common".
    rows = [["#", say("tie-breaks"), say("rules"), say("options"), say("preset"), say("off")]]
    for number, match in enumerate(found.matches[:limit], start=1):
        setting = match.setting
        rules = str(setting.rules[0]) + (f" (+{len(setting.rules) - 1})" if len(setting.rules) > 1 else "")
        options = ", ".join(f"{say(name)} {_value(value, lang)}" for name, value in setting.options)
        rows.append(
            [
                str(number),
                ",".join(_codes(match)),
                rules,
                options,
                say(setting.preset) if setting.preset else "-",
                str(len(match.disagreements)),
            ]
        )
    columns = [padded_column(title, [row[k] for row in rows[1:]], left=True) for k, title in enumerate(rows[0])]
    lines = [lang.message(message)]
    if found.against_points is not None:
        lines.append(f"  {terminal_text(lang.message(found.against_points.message))}")
    lines += ["  ".join(cells).rstrip() for cells in zip(*columns, strict=True)]
    for number, match in enumerate(found.matches[:limit], start=1):
        if match.disagreements:
            heading = Message.of(N_("#{number} {list} under {rules}:"), number=number, list=",".join(_codes(match)),
                                 rules=str(match.setting.rules[0]))  # fmt: skip
            lines.append(lang.message(heading))
            lines += [f"  {terminal_text(lang.message(d.message))}" for d in match.disagreements]
    if count > limit:
        lines.append(lang.message(Message.of(N_("… and {count} more (--limit N shows more)."), count=count - limit)))
    return "\n".join(lines) + "\n"


def _value(value: str, lang: Language) -> str:
    """An option's value in a language: a point system's numbers (``1-0.5-0``) with its decimal sign, words
    (``as read``) translated."""
    return lang.number(value) if value[:1].isdigit() else lang.gettext(value)
