"""Issue 20, team crosstables: ``sonneborn crosstable TEAMFILE`` gives the match crosstable.

Every expected cell is worked out by hand from the files' lines (the arithmetic in the comments; the four
clubs file's matches are derived line by line in ``tests/test_team_read.py``).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from sonneborn.cli import cli

TEAMS = Path(__file__).resolve().parent / "data" / "teams"
FOUR_CLUBS = TEAMS / "four_clubs_trf26.trf"
CATALOGUE = TEAMS / "catalogue_trf16.trf"


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(run("crosstable", str(path), "-f", "csv", "-t", "DE"))))


def test_swiss_rows_give_each_rounds_opponent_colour_gp_and_mp() -> None:
    # Four clubs, a team Swiss of two boards, 362 TW 3 TD 1, ranked by MP: Alpha 7, Gamma 5, Delta 3, Beta 0.
    header, *teams = rows(FOUR_CLUBS)
    assert header[:8] == ["Rk", "No", "Team", "1", "2", "3", "MP", "GP"]
    by_name = {team[2]: team for team in teams}
    assert [team[2] for team in teams] == ["Alpha", "Gamma", "Delta", "Beta"]
    # Alpha: r1 against Beta (2), Adams White on board 1, 1 + ½ = 1½ GP, a won match: TW 3 MP.
    # r2 against Gamma (3), its reserve Clark White on board 1 (300 2 1 3), 0 + 1 = 1 GP, drawn: 1 MP.
    # r3 against Delta (4), a forfeited match, White: 0 + 1 = 1 GP, a forfeit win: 3 MP.
    # Totals 3 + 1 + 3 = 7 MP, 1½ + 1 + 1 = 3½ GP.
    assert by_name["Alpha"][3:8] == ["2w 1.5 (3)", "3w 1 (1)", "4w +1 (3)", "7", "3.5"]
    # Gamma: r1 against Delta, 1½ GP set with 2 MP by 299 W 2.0 1.5; r2 Black on board 1 (Flynn), 1 GP, 1 MP;
    # r3 a pairing-allocated bye worth 2 MP 1½ GP (320). Totals 5 MP, 4 GP.
    assert by_name["Gamma"][3:8] == ["4w 1.5 (2)", "1b 1 (1)", "-U 1.5 (2)", "5", "4"]
    # Delta: r2 beat Beta by forfeit (330 +- 2 4 2), both boards: 2 GP, 3 MP; r3 lost Alpha by forfeit, 0 and 0.
    assert by_name["Delta"][3:8] == ["3b 0.5 (0)", "2w +2 (3)", "1b -0 (0)", "3", "2.5"]
    # Beta: r3 a half-point bye (240 H 3 2): TD 1 MP and ½ × 2 boards = 1 GP. Its rounds make 1 MP, 1½ GP; the
    # penalty of 299 (−1 MP, −½ GP) is outside any round, so the totals are 0 MP and 1 GP.
    assert by_name["Beta"][3:8] == ["1b 0.5 (0)", "4b -0 (0)", "-H 1 (1)", "0", "1"]


def test_round_robin_is_a_team_grid_of_each_matchs_gp_and_mp() -> None:
    # Catalogue A (Adams, Brown) against Catalogue B (Clark, Dunne), three rounds, MP 2-1-0 by default.
    # r1: Adams 1, Brown ½ → A 1½, B ½ → 2 MP to 0. r2: Adams ½, Brown ½ → 1–1 → 1 MP each.
    # r3: Adams 1, Brown 1 → 2–0 → 2 MP to 0. A: 2 + 1 + 2 = 5 MP, 1½ + 1 + 2 = 4½ GP; B: 1 MP, 1½ GP.
    header, a, b = rows(CATALOGUE)
    assert header[:7] == ["Rk", "No", "Team", "1", "2", "MP", "GP"]
    assert a[:7] == ["1", "1", "Catalogue A", "X", "1.5 (2) 1 (1) 2 (2)", "5", "4.5"]
    assert b[:7] == ["2", "2", "Catalogue B", "0.5 (0) 1 (1) 0 (0)", "X", "1", "1.5"]


def test_text_and_markdown_show_the_same_cells() -> None:
    text = run("crosstable", str(CATALOGUE))
    assert text.splitlines()[0].split()[:7] == ["Rk", "No", "Team", "1", "2", "MP", "GP"]
    assert "1.5 (2) 1 (1) 2 (2)" in text.splitlines()[1]
    # Beta's penalty (299 of round 000: −1 MP, −½ GP) is in its totals and in no round: a line says it.
    assert "Beta: -1 MP, -0.5 GP outside the rounds." in run("crosstable", str(FOUR_CLUBS)).splitlines()
    assert not any("outside the rounds" in line for line in text.splitlines())
    markdown = run("crosstable", str(FOUR_CLUBS), "-f", "md")
    assert "| 1 | 1 | Alpha | 2w 1.5 (3) | 3w 1 (1) | 4w +1 (3) | 7 | 3.5 |" in markdown


def test_json_gives_each_match_exactly() -> None:
    data = json.loads(run("crosstable", str(FOUR_CLUBS), "-f", "json"))
    assert data["kind"] == "swiss"
    alpha, gamma = data["teams"][0], data["teams"][1]
    assert (alpha["team"], alpha["number"], alpha["mp"], alpha["gp"]) == ("Alpha", 1, "7", "3.5")
    assert alpha["rounds"][0] == {"round": 1, "opponent": 2, "colour": "w", "result": "win", "gp": "1.5", "mp": "3"}
    assert alpha["rounds"][2]["result"] == "forfeit_win"
    assert alpha["adjustment"] == {"MP": "0", "GP": "0"} and data["teams"][3]["adjustment"] == {
        "MP": "-1",
        "GP": "-0.5",
    }
    # Gamma's round 3 is a pairing-allocated bye: no opponent, no colour.
    assert gamma["rounds"][2] == {
        "round": 3, "opponent": None, "colour": None, "result": "pairing_bye", "gp": "1.5", "mp": "2"
    }  # fmt: skip
    catalogue = json.loads(run("crosstable", str(CATALOGUE), "-f", "json"))
    assert catalogue["kind"] == "round-robin"
    assert [r["gp"] for r in catalogue["teams"][1]["rounds"]] == ["0.5", "1", "0"]


def test_json_of_an_individual_crosstable_is_its_cells() -> None:
    # Ann of the double round robin: first with 1½ + 2 + 1 = 4½ points (her row in the file), X on the diagonal.
    path = TEAMS.parent / "crosstable" / "double_round_robin.txt"
    data = json.loads(run("crosstable", str(path), "-f", "json", "-t", "DE"))
    assert data["header"][:5] == ["Rk", "No", "Player", "1", "2"]
    assert data["rows"][0][:4] == ["1", "1", "Ann", "X"] and data["rows"][0][-2] == "4.5"


def board_rows(path: Path) -> list[list[str]]:
    text = run("crosstable", str(path), "--boards", "-f", "csv")
    return list(csv.reader(io.StringIO(text)))


def test_boards_give_points_over_games_on_each_board() -> None:
    # Four clubs, board by board (the lineups of tests/test_team_read.py; a forfeit counts as its result):
    # board 1: Adams r1 beat Dunne (1), r3 a double forfeit ("-", 0): 1 of 2 = 50 %; Clark, r2 (300 2 1 3),
    # lost to Flynn: 0 of 1; Dunne r1 0 of 1; Flynn r1 drew Hayes, r2 beat Clark: 1½ of 2 = 75 %; Hayes r1 ½,
    # r3 forfeit ("-"): ½ of 2 = 25 %. Board 2: Adams r2 beat Grant, 1 of 1 = 100 %; Brown r1 drew Evans, r3
    # won by forfeit ("+"): 1½ of 2 = 75 %; Grant r1 won by forfeit against Irwin, r2 lost: 1 of 2 = 50 %;
    # Evans ½ of 1 = 50 % (fewer games, after Grant); Irwin 0 of 1. Delta's empty boards count for nobody.
    # Clark and Dunne tie on 0 of 1 (no performance rating: the players are unrated): they share 4th-5th.
    header, *found = board_rows(FOUR_CLUBS)
    assert header == ["Bd", "Rk", "No", "Player", "Team", "Rtg", "Pts", "Games", "%", "Perf"]
    assert [r[1] for r in found] == ["1", "2", "3", "4-5", "4-5", "1", "2", "3", "4", "5"]
    assert [(r[0], r[3], r[6], r[7], r[8]) for r in found] == [
        ("1", "Flynn, Fay", "1.5", "2", "75"),
        ("1", "Adams, Ann", "1", "2", "50"),
        ("1", "Hayes, Hal", "0.5", "2", "25"),
        ("1", "Clark, Cid", "0", "1", "0"),
        ("1", "Dunne, Dan", "0", "1", "0"),
        ("2", "Adams, Ann", "1", "1", "100"),
        ("2", "Brown, Bob", "1.5", "2", "75"),
        ("2", "Grant, Gus", "1", "2", "50"),
        ("2", "Evans, Eve", "0.5", "1", "50"),
        ("2", "Irwin, Ida", "0", "1", "0"),
    ]
    assert found[0][4] == "Gamma" and found[3][4] == "Alpha"


def test_boards_of_a_round_robin_round_their_percentages_for_reading_only() -> None:
    # Catalogue: board 1 Adams 1 + ½ + 1 = 2½ of 3 = 83.3 %, Clark ½ of 3 = 16.7 %; board 2 Brown ½ + ½ + 1 = 2
    # of 3 = 66.7 %, Dunne ½ + ½ + 0 = 1 of 3 = 33.3 %.
    _, *found = board_rows(CATALOGUE)
    assert [(r[0], r[2], r[6], r[8]) for r in found] == [
        ("1", "1", "2.5", "83.3"),
        ("1", "3", "0.5", "16.7"),
        ("2", "2", "2", "66.7"),
        ("2", "4", "1", "33.3"),
    ]
    data = json.loads(run("crosstable", str(CATALOGUE), "--boards", "-f", "json"))
    assert data["rows"][0][:5] == ["1", "1", "1", "Adams, Ann", "Catalogue A"]


def test_boards_of_an_individual_event_are_refused_in_one_line() -> None:
    path = TEAMS.parent / "crosstable" / "double_round_robin.txt"
    result = CliRunner().invoke(cli, ["crosstable", str(path), "--boards"])
    assert result.exit_code == 2, result.output
    assert result.stderr == "sonneborn: error: --boards: is for a team file; this file is an individual event\n"


CRETE = Path(__file__).resolve().parent / "data" / "trf" / "friendship_cup_crete_2024_team.trf"


def test_a_match_crosstables_game_points_are_numbers_of_the_language() -> None:
    # Crete, round 2: ΟΑΑΗ's boards (59-64) score 1, 1, 1, =, =, = against ΛΕΩΝ ΚΑΝΤΙΑ 1 (team 6, players
    # 92-97), White on board 1: 4½ game points, a match won, 2 MP. In Spanish the cell is 6w 4,5 (2), as
    # its totals are 24,5 and 24,50; the English cell keeps 4.5.
    def row_of(*args: str) -> str:
        result = CliRunner().invoke(cli, [*args, "crosstable", str(CRETE)])
        assert result.exit_code == 0, result.stderr
        return next(line for line in result.stdout.splitlines() if "ΟΑΑΗ" in line)

    assert " 6w 4,5 (2) " in row_of("--lang", "es") and "6w 4.5 (2)" in row_of()
    assert "." not in row_of("--lang", "es").split("ΟΑΑΗ")[1]
    page = CliRunner().invoke(cli, ["--lang", "es", "crosstable", str(CRETE), "-f", "html"]).stdout
    assert '<td class="result">6w 4,5 (2)</td>' in page and "4.5 (" not in page
