"""The Markdown report: heading, summary, standings table and crosstable, names escaped."""

from __future__ import annotations

import re

from builders import FOUR_PLAYER_ROUND_ROBIN, event

from sonneborn.demo import seed_event
from sonneborn.ranking import rank
from sonneborn.render.markdown import render_markdown
from sonneborn.tiebreaks import parse_list

_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def cells(line: str) -> list[str]:
    """The cells of a Markdown table line, split at unescaped pipes."""
    return [cell.strip() for cell in _UNESCAPED_PIPE.split(line)[1:-1]]


def tables(text: str) -> list[list[list[str]]]:
    """Every table of the text as rows of cells, the alignment row left out."""
    found: list[list[list[str]]] = []
    previous = ""
    for line in text.splitlines():
        if line.startswith("|"):
            if not previous.startswith("|"):
                found.append([])
            if not re.fullmatch(r"\|(?: :?-+:? \|)+", line):
                found[-1].append(cells(line))
        previous = line
    return found


def test_seed_report() -> None:
    standings = rank(seed_event(), parse_list("SB,DE,WIN"))
    text = render_markdown(standings)
    lines = text.splitlines()
    assert lines[0] == "# World Correspondence Chess Championship Final 1975–80"
    assert "15 rounds, 15 players, round robin" in lines[2]
    assert "SB (Sonneborn–Berger (Neustadtl)), DE (Direct encounter), WIN (Number of wins)" in lines[2]
    ranking, grid = tables(text)
    assert ranking[0] == ["Rk", "No", "Name", "Pts", "SB", "DE", "WIN"]
    assert [row[2] for row in ranking[1:]] == [row.player.name for row in standings.rows]
    assert ranking[1] == ["1", "1", "Sloth", "11", "69.50", "–", "8"]  # alone on 11: DE does not apply
    assert ranking[8][:3] == ["8", "9", "Maedler"]
    assert grid[0][:5] == ["Rk", "No", "Player", "1", "2"]
    assert grid[8][:4] == ["8", "9", "Maedler", "½"]  # "No" is the start number (issue 12)
    assert all(len(row) == len(grid[0]) for row in grid)


def test_shared_places_are_ranges() -> None:
    text = render_markdown(rank(seed_event(), parse_list("SB")))
    ranking = tables(text)[0]
    assert [row[0] for row in ranking[8:10]] == ["8–9", "8–9"]
    assert "share the place (8–9)" in text


def test_markdown_active_characters_in_names_are_escaped() -> None:
    text = FOUR_PLAYER_ROUND_ROBIN.replace("Boris", "Bo|ris*_<b>").replace("Anna", "[Anna](x)")
    report = render_markdown(rank(event(text), parse_list("SB")))
    assert r"Bo\|ris\*\_\<b\>" in report
    assert r"\[Anna\](x)" in report
    ranking, grid = tables(report)
    assert all(len(row) == len(ranking[0]) for row in ranking)
    assert all(len(row) == len(grid[0]) for row in grid)


def test_every_code_has_its_full_name_issue_12() -> None:
    text = render_markdown(rank(seed_event(), parse_list("BH/C1,SB/P")))
    assert "tie-breaks: BH/C1 (Buchholz cut 1), SB/P (Sonneborn–Berger (Neustadtl) forfeits as played)." in text
