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
import json
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


# --- check, compare, batch -------------------------------------------------------------------------------------

RECORDED = DATA / "teams" / "four_clubs_recorded.trf"


def test_check_compares_the_team_totals_and_ranks_of_record_310() -> None:
    # The file records Beta's MP and GP without its 299 penalty (−1 MP −½ GP): 1 and 1½ for the 0 and 1 its
    # results and penalty give; and swaps Gamma (5 MP, 2nd) and Delta (3 MP, 3rd). Alpha's 7 / 3½, 1st, agree.
    result = CliRunner().invoke(cli, ["check", str(RECORDED), "-t", "MPvGP"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "team 2 (Beta): MP 1 recorded, 0 computed",
        "team 2 (Beta): GP 1.5 recorded, 1 computed",
        "team 3 (Gamma): rank 3 recorded, 2 computed",
        "team 4 (Delta): rank 2 recorded, 3 computed",
        "4 disagreement(s) in 4 teams (MP, ranks, GP, players' points recorded), 4 without a likely cause.",
    ]


def test_check_compares_the_players_points_with_their_boards(tmp_path: Path) -> None:
    # Brown (player 2) drew on board 2 in round 1 (½), had no game in round 2 (Beta's forfeited match is
    # recorded on Alpha's side: 330) and won board 1 by forfeit in round 3 (an empty board facing him, +): 1½,
    # as his 001 record says. Recorded 2½ instead, the one line names him, the points and where they differ.
    text = RECORDED.read_text(encoding="utf-8")
    brown = next(line for line in text.splitlines() if line.startswith("001    2"))
    assert brown[80:84].strip() == "1.5"
    path = tmp_path / "brown.trf"
    path.write_text(text.replace(brown, brown[:80] + " 2.5" + brown[84:]), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "-t", "MPvGP"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines()[4:] == [
        "player 2 (Brown, Bob): points 2.5 recorded, 1.5 computed",
        "5 disagreement(s) in 4 teams (MP, ranks, GP, players' points recorded), 5 without a likely cause.",
    ]


def test_check_of_the_real_crete_file_finds_the_point_player_41_never_scored() -> None:
    # Girvalaki (player 41, 001 line 60) lost rounds 1, 3, 4 and 5 over the board (0), was absent in rounds 2
    # and 6 (0000 - -) and lost round 7 by forfeit (-): 0 points; her record says 1.0, and her team's 310 total
    # counts it (tests/test_issue20_teamrank.py). Every other player's record is his boards' sum.
    crete = DATA.parent.parent.parent / "shared" / "data" / "real" / "friendship_cup_crete_2024_team.trf"
    result = CliRunner().invoke(cli, ["check", str(crete)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "player 41 (Girvalaki,Nektaria): points 1 recorded, 0 computed",
        "1 disagreement(s) in 15 teams (players' points recorded), 1 without a likely cause.",
    ]


def test_check_of_a_team_file_that_records_only_its_players_points_counts_teams(tmp_path: Path) -> None:
    # No 310 totals or ranks: only the players' own points (001), each its boards' sum (Adams 1 + 1 + forfeit
    # win 1 = 2, …); without them nothing is left to check.
    assert run("check", str(FOUR_CLUBS)) == "No disagreement: players' points of 4 teams agree with the results.\n"
    lines = FOUR_CLUBS.read_text(encoding="utf-8").splitlines()
    blank = [line[:80] + "    " + line[84:] if line.startswith("001") else line for line in lines]
    path = tmp_path / "blank.trf"
    path.write_text("\n".join(blank) + "\n", encoding="utf-8")
    assert run("check", str(path)) == (
        "Nothing to check: the file records no points, ranks or tie-break values of its 4 teams.\n"
    )


def test_check_finds_the_team_list_a_file_ranks_by(tmp_path: Path) -> None:
    """Ranks recorded as the Olympiad order ranks them (EMGSB/C1 first), checked against ``-t BH:MP``: the search
    names that list, which ranks otherwise than BH:MP and the two lists it tries before."""
    source = DATA / "teams" / "reference" / "swiss11_b4.trf"
    olympiad = "EMGSB/C1,MPvGP,BH:MP/C1"

    def ranks(codes: str) -> dict[int, int]:
        rows = list(csv.reader(io.StringIO(run("standings", str(source), "-f", "csv", "-t", codes))))
        return {int(row[1]): int(row[0]) for row in rows[1:]}

    wanted = ranks(olympiad)
    assert all(ranks(codes) != wanted for codes in ["BH:MP", "MPvGP,BH:MP/C1,EMGSB/C1", "MPvGP,DE,EMGSB"])
    lines = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.startswith("310 "):  # the rank at columns 69-71
            line = line.ljust(71)
            line = line[:68] + f"{wanted[int(line[4:7])]:>3}" + line[71:]
        lines.append(line)
    path = tmp_path / "ranked.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "-t", "BH:MP"])
    assert result.exit_code == 1, result.output
    assert f"Likely cause: the recorded ranks follow -t {olympiad} --rules fide-2026." in result.stdout


def test_compare_team_lists_side_by_side() -> None:
    text = run("compare", str(FOUR_CLUBS), "-t", "MPvGP", "-t", "BH:MP")
    lines = text.splitlines()
    header = lines[3].split()
    assert header[:3] == ["No", "Name", "MP"]
    # MP 7, 5, 3, 0 differ: both lists rank Alpha, Gamma, Delta, Beta, and no team's rank changes.
    assert [line.split()[1] for line in lines[4:8]] == BY_MP
    assert lines[-1] == "* rank differs between the variants (0 team(s))."
    data = json.loads(run("compare", str(FOUR_CLUBS), "-t", "MPvGP", "-t", "BH:MP", "-f", "json"))
    first = data["variants"][0]
    assert first["event"]["competitors"] == "teams"
    assert [(row["name"], row["points"], row["secondary"]) for row in first["standings"]] == [
        (name, TOTALS[name][0], TOTALS[name][1]) for name in BY_MP
    ]


def test_batch_ranks_a_folder_of_team_and_individual_events(tmp_path: Path) -> None:
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "clubs.trf").write_bytes(FOUR_CLUBS.read_bytes())
    (folder / "wccc.tsv").write_bytes((DATA.parent.parent / "src/sonneborn/data/wccc_1975_final.tsv").read_bytes())
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(out), "-f", "json"])
    assert result.exit_code == 0, result.output
    clubs = json.loads((out / "clubs.json").read_text(encoding="utf-8"))
    assert clubs["event"]["competitors"] == "teams"
    assert [(row["name"], row["points"]) for row in clubs["standings"]] == [(n, TOTALS[n][0]) for n in BY_MP]
    wccc = json.loads((out / "wccc.json").read_text(encoding="utf-8"))
    assert "competitors" not in wccc["event"] and wccc["event"]["players"] == 15  # its crosstable rows
    assert wccc["standings"][0]["name"] == "Sloth" and wccc["standings"][0]["points"] == 11
