"""Issue 20: a team event's standings written as TRF-26 (``-f trf``) or JSON with the event (``--with-event``)
read back to the same team standings.

The four clubs (tests/data/teams/four_clubs_trf26.trf) by hand, from its matches: Alpha 7 MP and 3½ GP, Gamma
5 and 4, Delta 3 and 2½, Beta 0 and 1 — so the ranks by MP are Alpha, Gamma, Delta, Beta.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli

FOUR_CLUBS = Path(__file__).parent / "data" / "teams" / "four_clubs_trf26.trf"
LIST = "EMGSB/C1,BH:MP,MPvGP"


def _standings(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["standings", *args])
    return result.exit_code, result.stdout


def _rows(text: str) -> list[tuple[int, int, str, float, float]]:
    data = json.loads(text)
    return [(row["rank"], row["start"], row["name"], row["points"], row["secondary"]) for row in data["standings"]]


@pytest.mark.parametrize("how", [("-f", "trf"), ("-f", "json", "--with-event")])
def test_team_standings_written_with_the_event_read_back_the_same(tmp_path: Path, how: tuple[str, ...]) -> None:
    code, first = _standings(str(FOUR_CLUBS), "-t", LIST, "-f", "json")
    assert code == 0, first
    assert _rows(first) == [
        (1, 1, "Alpha", 7, 3.5),
        (2, 3, "Gamma", 5, 4),
        (3, 4, "Delta", 3, 2.5),
        (4, 2, "Beta", 0, 1),
    ]
    code, written = _standings(str(FOUR_CLUBS), "-t", LIST, *how)
    assert code == 0, written
    target = tmp_path / ("back.trf" if "trf" in how else "back.json")
    target.write_text(written, encoding="utf-8")
    code, again = _standings(str(target), "-t", LIST, "-f", "json")
    assert code == 0, again
    assert json.loads(again)["standings"] == json.loads(first)["standings"]


def test_the_team_trf_states_each_teams_rank_and_the_list() -> None:
    code, written = _standings(str(FOUR_CLUBS), "-t", LIST, "-f", "trf")
    assert code == 0, written
    lines = written.splitlines()
    assert "202 EMGSB/C1,BH:MP,MPvGP" in lines
    ranks = {line[4:7].strip(): line[68:71].strip() for line in lines if line.startswith("310")}
    assert ranks == {"1": "1", "2": "4", "3": "2", "4": "3"}


def test_the_team_table_heads_its_scores_mp_and_gp() -> None:
    # By MP the primary score comes first, then GP; by GP the other way (Gamma 4 GP leads, Alpha 3½).
    code, table = _standings(str(FOUR_CLUBS), "-t", "MPvGP")
    assert code == 0, table
    lines = table.splitlines()
    assert lines[1].split() == ["Rk", "No", "Name", "MP", "GP", "MPvGP"]
    assert lines[2].split()[:5] == ["1", "1", "Alpha", "7", "3.5"]
    code, table = _standings(str(FOUR_CLUBS), "-t", "MPvGP", "--primary", "GP")
    assert code == 0, table
    lines = table.splitlines()
    assert lines[1].split() == ["Rk", "No", "Name", "GP", "MP", "MPvGP"]
    assert lines[2].split()[:5] == ["1", "3", "Gamma", "4", "5"]
