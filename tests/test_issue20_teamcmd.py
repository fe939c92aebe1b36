"""Issue 20, step 3 (teamcmd): team files through every command and output: csv, md, html, check, compare, batch,
the web API.

The four clubs file (``tests/data/teams/four_clubs_trf26.trf``) is worked out in ``tests/test_team_read.py`` and
``tests/test_issue20_teamrank.py``: MP 3-1-0 (record 362), two boards; Alpha 7 MP / 3½ GP, Beta 0 / 1 (a
penalty of −1 MP −½ GP), Gamma 5 / 4, Delta 3 / 2½; ranked by MP: Alpha, Gamma, Delta, Beta. Alpha's BH:MP is
Beta 0 + Gamma 5 + for its forfeit win over Delta a dummy of its own 7 capped at Delta's 3 (16.4.1) = 8, and
cut 1 drops Beta's 0: 8. Every other value is the independent team oracle's (``tests/oracle/teams.py``).
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from oracle import teams as T
from oracle.team_reader import read_team_event

from sonneborn.cli import cli

DATA = Path(__file__).resolve().parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
SWISS = DATA / "teams" / "reference" / "swiss10_b4.trf"
F = Fraction
BY_MP = ["Alpha", "Gamma", "Delta", "Beta"]
TOTALS = {"Alpha": (F(7), F(7, 2)), "Beta": (F(0), F(1)), "Gamma": (F(5), F(4)), "Delta": (F(3), F(5, 2))}
NUMBERS = {"Alpha": 1, "Beta": 2, "Gamma": 3, "Delta": 4}


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


# --- csv, md, html ---------------------------------------------------------------------------------------------


def test_team_csv_has_a_row_per_team_with_both_scores() -> None:
    rows = list(csv.reader(io.StringIO(run("standings", str(FOUR_CLUBS), "-f", "csv", "-t", "MPvGP,BH:MP/C1"))))
    assert rows[0] == ["rank", "team", "name", "MP", "GP", "MPvGP", "BH:MP/C1"]
    assert [row[2] for row in rows[1:]] == BY_MP
    for rank, (place, number, name, mp, gp, mpvgp, _) in enumerate(rows[1:], start=1):
        assert (int(place), int(number)) == (rank, NUMBERS[name])
        assert (F(mp), F(gp)) == TOTALS[name]
        assert F(mpvgp) == TOTALS[name][1]  # MPvGP is the game points
    assert rows[1][6] == "8"


def test_team_csv_ranked_by_game_points_puts_them_first() -> None:
    rows = list(csv.reader(io.StringIO(run("standings", str(FOUR_CLUBS), "-f", "csv", "--primary", "GP"))))
    assert rows[0][:5] == ["rank", "team", "name", "GP", "MP"]
    # By GP: Gamma 4, Alpha 3½, Delta 2½, Beta 1.
    assert [(row[2], F(row[3]), F(row[4])) for row in rows[1:]] == [
        (name, TOTALS[name][1], TOTALS[name][0]) for name in ["Gamma", "Alpha", "Delta", "Beta"]
    ]


@pytest.mark.parametrize("code", ["BH:MP/C1", "EMGSB/C1", "SB", "BH:GP"])
def test_team_csv_values_are_the_oracles(code: str) -> None:
    oracle = read_team_event(SWISS)
    expected = T.values(oracle, code, "MP")
    rows = list(csv.reader(io.StringIO(run("standings", str(SWISS), "-f", "csv", "-t", code))))
    assert rows[0][-1] == code
    assert len(rows) == len(oracle.teams) + 1
    for row in rows[1:]:
        team = int(row[1])
        assert (F(row[3]), F(row[4])) == (T.total(oracle, team, "MP"), T.total(oracle, team, "GP"))
        assert F(row[5]) == expected[team], (code, team)


def test_team_markdown_names_teams_and_shows_both_scores() -> None:
    text = run("standings", str(FOUR_CLUBS), "-f", "md", "-t", "MPvGP")
    assert "3 rounds, 4 teams, team Swiss;" in text
    assert "| Rk | No | Name | MP | GP | MPvGP |" in text
    assert "| 1 | 1 | Alpha | 7 | 3.5 | 3.50 |" in text
    assert "| 4 | 2 | Beta | 0 | 1 | 1.00 |" in text


def test_team_html_shows_the_teams_their_scores_and_derivations() -> None:
    page = run("standings", str(FOUR_CLUBS), "-f", "html", "-t", "MPvGP,BH:MP/C1")
    assert "<dt>Teams</dt><dd>4</dd>" in page and "<dt>Boards</dt><dd>2</dd>" in page
    assert "<dt>System</dt><dd>team Swiss</dd>" in page
    standings = page.split('<table id="standings">')[1].split("</table>")[0]
    assert '<abbr title="match points">MP</abbr>' in standings and '<abbr title="game points">GP</abbr>' in standings
    names = re.findall(r'<td class="name">([^<]*)</td>', standings)
    assert names == BY_MP
    first = standings.split("<tr>")[2]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", first)
    assert cells[:5] == ["1", "1", "Alpha", "7", "3.5"]
    # Each value carries its sum: Alpha's MPvGP 1½ + 1 + 1 (won 1½–½, drew 1–1; round 3 Brown's forfeit win).
    assert 'title="MPvGP 3.5 = 1½ (round 1' in first
    assert 'title="BH:MP/C1 8 = 5 (Gamma) + 3 (round 3' in first
