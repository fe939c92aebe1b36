"""Issue 20, a team's card and the board prizes: ``crosstable TEAMFILE --team T``, ``--boards`` with
``--min-games``, ``--board-order`` and the performance rating per board, and their HTML pages.

Every expected value is worked out by hand from the files' lines, the arithmetic in the comments: the four clubs
file (forfeits, an empty board, byes, a reserve out of board order; its matches are derived line by line in
``tests/test_team_read.py``) and ``rated_four_trf26.trf``, a rated team round robin written for these tests.
Performance ratings follow C.07 10.2, TPR = ARO + dp(p), dp from B.02 table 8.1.1 (0.50 → 0, 0.67 → 125,
0.75 → 193, 0.33 → −125, 1.00 → +800, 0.00 → −800), ARO rounded half up.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sonneborn.boardprizes import BoardOrder, board_prizes
from sonneborn.cli import cli
from sonneborn.pipeline import Request, read, standings
from sonneborn.render.teamcard import build_team_card, team_card_data

TEAMS = Path(__file__).resolve().parent / "data" / "teams"
FOUR_CLUBS = TEAMS / "four_clubs_trf26.trf"
RATED = TEAMS / "rated_four_trf26.trf"
CRETE = Path(__file__).resolve().parents[2] / "shared" / "data" / "real" / "friendship_cup_crete_2024_team.trf"


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def card_json(path: Path, team: str) -> Any:
    return json.loads(run("crosstable", str(path), "--team", team, "-f", "json"))


# The team's card.


def test_card_gives_each_round_the_opponent_colour_result_and_every_board() -> None:
    data = card_json(FOUR_CLUBS, "alpha")
    # Alpha, team 1: 3 + 1 + 3 = 7 MP (362 TW 3 TD 1), 1½ + 1 + 1 = 3½ GP, first (tests/test_issue20_teamxt.py).
    assert data["team"] == {"number": 1, "name": "Alpha", "place": "1", "mp": "7", "gp": "3.5",
                            "adjustment": {"MP": "0", "GP": "0"}}  # fmt: skip
    assert data["kind"] == "swiss" and data["boards"] == 2
    one, two, three = data["rounds"]
    # Round 1 against Beta (2), White on board 1: Adams (1) "4 w 1" beat Dunne (4); Brown (2) "5 b =" drew Evans.
    assert (one["opponent"], one["colour"], one["result"], one["gp"], one["opponent_gp"], one["mp"]) == (
        {"number": 2, "name": "Beta"}, "w", "win", "1.5", "0.5", "3"
    )  # fmt: skip
    assert one["boards"][0] == {
        "board": 1,
        "player": {"number": 1, "name": "Adams, Ann", "rating": None},
        "opponent": {"number": 4, "name": "Dunne, Dan", "rating": None},
        "colour": "w", "result": "win", "opponent_result": "loss", "score": "1-0", "points": "1",
    }  # fmt: skip
    assert (one["boards"][1]["colour"], one["boards"][1]["score"], one["boards"][1]["points"]) == ("b", "½-½", "0.5")
    # Round 2 against Gamma (3), out of board order (300 2 1 3 3 1): Clark board 1 "6 w 0", Adams board 2 "7 b 1".
    assert [(b["board"], b["player"]["number"], b["colour"], b["score"]) for b in two["boards"]] == [
        (1, 3, "w", "0-1"),
        (2, 1, "b", "1-0"),
    ]
    assert (two["result"], two["gp"], two["opponent_gp"], two["mp"]) == ("draw", "1", "1", "1")
    # Round 3 against Delta (4), a forfeited match (TD row "4w +1 (3)"): Adams "8 w -" and Hayes "1 b -", a double
    # forfeit on board 1; Delta left board 2 empty (300 3 4 1 8 0000), Brown "0000 - +" won it by forfeit.
    assert three["result"] == "forfeit_win" and (three["gp"], three["opponent_gp"], three["mp"]) == ("1", "0", "3")
    board1, board2 = three["boards"]
    assert (board1["score"], board1["result"], board1["opponent_result"], board1["points"]) == (
        "--", "forfeit_loss", "forfeit_loss", "0"
    )  # fmt: skip
    assert (board2["player"]["number"], board2["opponent"], board2["score"], board2["points"]) == (2, None, "+-", "1")
    assert board2["colour"] is None  # neither the file nor an opponent says it


def test_card_players_give_games_points_and_percentage_on_each_board() -> None:
    data = card_json(FOUR_CLUBS, "1")
    # Adams: board 1 in r1 (won) and r3 (double forfeit, 0): 1 of 2 = 50 %; board 2 in r2 (won): 1 of 1 = 100 %.
    # Brown: board 2 in r1 (½) and r3 (forfeit win, 1): 1½ of 2 = 75 %. Clark: board 1 in r2, lost: 0 of 1.
    assert [(p["number"], [(b["board"], b["games"], b["points"], b["percentage"]) for b in p["boards"]])
            for p in data["players"]] == [
        (1, [(1, 2, "1", "50"), (2, 1, "1", "100")]),
        (2, [(2, 2, "1.5", "75")]),
        (3, [(1, 1, "0", "0")]),
    ]  # fmt: skip


def test_card_marks_byes_whole_forfeits_and_empty_boards() -> None:
    # Beta: r2 lost to Delta by forfeit without boards (330 +- 2 4 2: 2 GP to 0, 3 MP to 0); r3 a half-point bye
    # (240 H 3 2: TD 1 MP, ½ × 2 boards = 1 GP); the 299 penalty of round 000 (−1 MP, −½ GP) outside the rounds.
    beta = card_json(FOUR_CLUBS, "Beta")
    r2, r3 = beta["rounds"][1], beta["rounds"][2]
    assert (r2["result"], r2["gp"], r2["opponent_gp"], r2["mp"], r2["boards"]) == ("forfeit_loss", "0", "2", "0", [])
    assert r3 == {"round": 3, "result": "half_bye", "opponent": None, "colour": None, "mp": "1", "gp": "1",
                  "opponent_gp": None, "boards": []}  # fmt: skip
    assert beta["team"]["adjustment"] == {"MP": "-1", "GP": "-0.5"}
    # Delta's r3 from its side: board 2 empty, Brown won it: "-+", no player of Delta's, no points.
    delta = card_json(FOUR_CLUBS, "4")
    empty = delta["rounds"][2]["boards"][1]
    assert (empty["player"], empty["opponent"]["number"], empty["score"], empty["points"]) == (None, 2, "-+", "0")
    # Gamma's r3 is the pairing-allocated bye (320: 2 MP, 1½ GP).
    gamma = card_json(FOUR_CLUBS, "3")["rounds"][2]
    assert (gamma["result"], gamma["mp"], gamma["gp"]) == ("pairing_bye", "2", "1.5")


def test_card_as_text_markdown_and_csv_is_the_same_card() -> None:
    text = run("crosstable", str(FOUR_CLUBS), "--team", "beta").splitlines()
    assert text[0] == "Beta (team 2): place 4, 0 MP, 1 GP (-1 MP, -0.5 GP outside the rounds)"
    assert "Round 1: against 1 Alpha, Black on board 1: lost 0.5-1.5, 0 MP" in text
    assert "Round 2: against 4 Delta, Black on board 1: lost by forfeit 0-2, 0 MP, no boards played" in text
    assert "Round 3: half-point bye, 1 GP, 1 MP" in text
    assert text[4].split() == ["1", "4", "Dunne,", "Dan", "b", "0-1", "1", "Adams,", "Ann"]
    markdown = run("crosstable", str(FOUR_CLUBS), "--team", "delta", "-f", "md")
    assert "| 2 |  | (empty) |  |  | -+ | 2 | Brown, Bob |  |" in markdown
    assert "### Round 2: against 2 Beta, White on board 1: won by forfeit 2-0, 3 MP, no boards played" in markdown
    matches, players = run("crosstable", str(FOUR_CLUBS), "--team", "delta", "-f", "csv").split("\n\n")
    header, *rows = list(csv.reader(io.StringIO(matches)))
    assert header[:7] == ["Rd", "Opp", "Opp team", "Bd 1", "Match", "GP", "MP"]
    # Two boards in r1 and r3, one row for r2's forfeit without boards: 5 rows, the round on every row.
    assert [(r[0], r[4], r[7], r[12]) for r in rows] == [
        ("1", "lost", "1", "½-½"),
        ("1", "lost", "2", "-+"),
        ("2", "won by forfeit", "", ""),
        ("3", "lost by forfeit", "1", "--"),
        ("3", "lost by forfeit", "2", "-+"),
    ]
    # Hayes: board 1 in r1 (½) and r3 (double forfeit, 0): ½ of 2 = 25 %; Irwin board 2 in r1 (forfeit loss): 0 of 1.
    assert list(csv.reader(io.StringIO(players)))[1:] == [
        ["8", "Hayes, Hal", "", "1", "2", "0.5", "25"],
        ["9", "Irwin, Ida", "", "2", "1", "0", "0"],
    ]


def test_card_of_a_rated_round_robin_gives_ratings_and_the_reserve() -> None:
    # Rooks: Ada 2000, Bo 1800, Cy 1600 (reserve). r3 against Pawns: Ada "8 w =", Cy on board 2 (Bo absent) "9 b +"
    # against Ix 1600 "3 w -": ½ + 1 = 1½ GP to ½, a won match, 2 MP (2-1-0). Totals 2 + 1 + 2 = 5 MP, 1½ + 1 + 1½ = 4.
    data = card_json(RATED, "rooks")
    assert (data["team"]["place"], data["team"]["mp"], data["team"]["gp"], data["kind"]) == (
        "1", "5", "4", "round-robin"
    )  # fmt: skip
    r3 = data["rounds"][2]
    assert [(b["player"]["rating"], b["opponent"]["rating"], b["colour"], b["score"]) for b in r3["boards"]] == [
        (2000, 1800, "w", "½-½"),
        (1600, 1600, "b", "+-"),
    ]
    assert [p["number"] for p in data["players"]] == [1, 2, 3]


def test_team_card_data_is_the_cards_dict_and_the_command_gives_it() -> None:
    ranked = standings(read(FOUR_CLUBS), Request.parse())
    assert team_card_data(ranked, 2) == card_json(FOUR_CLUBS, "2")
    card = build_team_card(ranked, 2)
    assert (card.name, str(card.mp), [m.words for m in card.matches]) == (
        "Beta", "0", ["lost", "lost by forfeit", "half-point bye"]
    )  # fmt: skip


def test_an_unknown_team_is_one_line_saying_how_to_name_one() -> None:
    message = refused("crosstable", str(FOUR_CLUBS), "--team", "zeta")
    assert message == (
        "sonneborn: error: --team: no team's name contains 'zeta' (give a team number from 1 to 4, or a part of "
        "a team's name: 1 'Alpha', 2 'Beta', 3 'Gamma', 4 'Delta')\n"
    )
    assert "no team has the number 5 (give a team number from 1 to 4" in refused(
        "crosstable", str(FOUR_CLUBS), "--team", "5"
    )
    # "a" is in every name: the teams it names, as --explain lists players.
    assert "'a' names 4 teams: 'Alpha' (no. 1)" in refused("crosstable", str(FOUR_CLUBS), "--team", "a")
    assert "--explain: no team's name contains 'zeta'" in refused("standings", str(FOUR_CLUBS), "--explain", "zeta")


def test_team_and_board_options_are_refused_where_they_mean_nothing() -> None:
    individual = str(TEAMS.parent / "crosstable" / "double_round_robin.txt")
    assert refused("crosstable", individual, "--team", "1").endswith(
        "--team: is for a team file; this file is an individual event\n"
    )
    assert "--min-games: goes with --boards" in refused("crosstable", str(RATED), "--min-games", "2")
    assert "--board-order: goes with --boards" in refused("crosstable", str(RATED), "--board-order", "points")
    assert "--team: is one team's card" in refused("crosstable", str(RATED), "--team", "1", "--boards")


# Board prizes: --min-games, --board-order and the performance rating per board.


def board_rows(*args: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(run("crosstable", str(RATED), "--boards", "-f", "csv", *args))))


def test_board_prizes_by_percentage_with_the_performance_on_each_board() -> None:
    # Board 1, three games each over the board:
    #   Fe (2100): ½ Ha 1800, 1 Ada 2000, ½ Di 1900 = 2/3, 66.7 %; ARO 5700/3 = 1900, dp(0.67) = 125: 2025.
    #   Di (1900): 0 Ada 2000, 1 Ha 1800, ½ Fe 2100 = 1½/3, 50 %; ARO 5900/3 = 1966.67 → 1967, dp(0.50) = 0: 1967.
    #   Ada (2000): 1 Di 1900, 0 Fe 2100, ½ Ha 1800 = 1½/3, 50 %; ARO 5800/3 = 1933.33 → 1933: 1933.
    #   Ha (1800): ½ Fe, 0 Di, ½ Ada = 1/3, 33.3 %; ARO 6000/3 = 2000, dp(0.33) = −125: 1875.
    # Di and Ada tie on 50 % over 3 games: the performance rating decides, 1967 before 1933.
    rows = board_rows()
    assert [(r["Rk"], r["No"], r["Pts"], r["Games"], r["%"], r["Perf"]) for r in rows if r["Bd"] == "1"] == [
        ("1", "6", "2", "3", "66.7", "2025"),
        ("2", "4", "1.5", "3", "50", "1967"),
        ("3", "1", "1.5", "3", "50", "1933"),
        ("4", "8", "1", "3", "33.3", "1875"),
    ]
    # Board 2: Cy (1600) r3 "9 b +", a forfeit win: 1 of 1 = 100 %, no game over the board, no performance.
    #   Bo (1800): ½ Ed 1700, 1 Gu 1500 = 1½/2, 75 %; ARO 1600, dp(0.75) = 193: 1793.
    #   Ed (1700): ½ Bo 1800, ½ Ix 1600, 1 Gu 1500 = 2/3, 66.7 %; ARO 4900/3 = 1633.33 → 1633, + 125: 1758.
    #   Ix (1600): 1 Gu 1500, ½ Ed 1700, r3 "3 w -" a forfeit loss: 1½ of 3 = 50 %; over the board 1½/2 against
    #   1500 and 1700: ARO 1600, dp(0.75) = 193: 1793. Gu (1500): 0 of 3 against 1600, 1800, 1700: 1700 − 800 = 900.
    assert [(r["Rk"], r["No"], r["%"], r["Perf"]) for r in rows if r["Bd"] == "2"] == [
        ("1", "3", "100", ""),
        ("2", "2", "75", "1793"),
        ("3", "5", "66.7", "1758"),
        ("4", "9", "50", "1793"),
        ("5", "7", "0", "900"),
    ]
    assert "Eligible" not in rows[0]


def test_min_games_lists_the_others_after_the_eligible_never_ranked_among_them() -> None:
    rows = board_rows("--min-games", "2")
    # Cy's 1 game on board 2 is under 2: he follows Gu (0 %), without a place, whatever his 100 %.
    assert [(r["Rk"], r["No"], r["Eligible"]) for r in rows if r["Bd"] == "2"] == [
        ("1", "2", "yes"),
        ("2", "5", "yes"),
        ("3", "9", "yes"),
        ("4", "7", "yes"),
        ("", "3", "no"),
    ]
    text = run("crosstable", str(RATED), "--boards", "--min-games", "2").splitlines()
    assert text[-1] == (
        "Board prizes ranked by percentage, then more games, then performance rating; at least 2 games on a board "
        "to be ranked."
    )


def test_board_order_by_performance_and_by_points() -> None:
    # By performance, board 2: Bo and Ix both 1793, Bo's 75 % before Ix's 50 %; Ed 1758, Gu 900; Cy has none: last.
    by_performance = board_rows("--board-order", "performance")
    assert [(r["Rk"], r["No"]) for r in by_performance if r["Bd"] == "2"] == [
        ("1", "2"), ("2", "9"), ("3", "5"), ("4", "7"), ("5", "3")
    ]  # fmt: skip
    # By points, board 2: Ed 2; Bo and Ix 1½, Bo's in 2 games (75 %) before Ix's in 3 (50 %); Cy 1; Gu 0.
    by_points = board_rows("--board-order", "points")
    assert [(r["Rk"], r["No"], r["Pts"]) for r in by_points if r["Bd"] == "2"] == [
        ("1", "5", "2"), ("2", "2", "1.5"), ("3", "9", "1.5"), ("4", "3", "1"), ("5", "7", "0")
    ]  # fmt: skip


def test_equal_records_share_a_place() -> None:
    # Four clubs, board 2 by points with every player counted at 1000 (--unrated-rating 1000): Brown 1½ of 2
    # (½ Evans, + by forfeit), over the board ½ of 1 against 1000: 1000 + dp(0.50) = 1000. Adams 1 of 1 (beat
    # Grant): 1000 + 800 = 1800; Grant 1 of 2 (+ against Irwin, 0 against Adams), over the board 0 of 1: 200.
    teams = read(FOUR_CLUBS).teams
    assert teams is not None
    prizes = board_prizes(teams, order=BoardOrder.POINTS, unrated_rating=1000)
    board2 = [(p.place, p.player + 1, p.performance) for p in prizes.prizes if p.board == 2]
    assert board2 == [("1", 2, 1000), ("2", 1, 1800), ("3", 7, 200), ("4", 5, 1000), ("5", 9, None)]
    # Board 1 by points with no performance at all (unrated, none assumed): Flynn 1½, Adams 1, Hayes ½, then Clark
    # and Dunne with 0 of 1 each, equal on points, share and performance: they share 4th-5th.
    tied = board_prizes(teams, order=BoardOrder.POINTS)
    assert [(p.place, p.player + 1) for p in tied.prizes if p.board == 1][-2:] == [("4-5", 3), ("4-5", 4)]


def test_unrated_players_give_no_performance_unless_a_rating_is_assumed() -> None:
    # C.07 10: a rating tie-break is dropped when any participant is unrated; the four clubs' players all are.
    text = run("crosstable", str(FOUR_CLUBS), "--boards").splitlines()
    assert text[-1] == (
        "no performance rating: 9 player(s) unrated (no. 1, 2, 3, 4, 5, 6, 7, 8, 9; C.07 10), give "
        "--unrated-rating N to count them at N"
    )
    rows = list(csv.DictReader(io.StringIO(run("crosstable", str(FOUR_CLUBS), "--boards", "-f", "csv"))))
    assert {r["Perf"] for r in rows} == {""}
    # Counted at 1000: Flynn, board 1, ½ Hayes and 1 Clark over the board: 1½/2, 1000 + 193 = 1193; Adams's
    # double forfeit of r3 is no game over the board: 1 of 1 against Dunne, 1000 + 800 = 1800.
    assumed = list(
        csv.DictReader(
            io.StringIO(run("crosstable", str(FOUR_CLUBS), "--boards", "-f", "csv", "--unrated-rating", "1000"))
        )
    )
    assert [(r["No"], r["Perf"]) for r in assumed if r["Bd"] == "1"][:2] == [("6", "1193"), ("1", "1800")]
    data = json.loads(run("crosstable", str(FOUR_CLUBS), "--boards", "-f", "json", "--min-games", "2"))
    assert (data["order"], data["min_games"], data["header"][:4]) == ("percentage", 2, ["Bd", "Rk", "No", "Player"])
    assert data["titles"][0][9] == "no performance rating"


# HTML: the match crosstable, the board prizes and the card, accessible tables.


def test_html_match_crosstable_heads_each_row_with_its_team() -> None:
    page = run("crosstable", str(FOUR_CLUBS), "-f", "html")
    assert page.startswith("<!doctype html>")
    assert "<caption>Match crosstable: each round&#39;s opponent, colour on board 1, GP (MP)</caption>" in page
    assert '<th scope="row" class="name">Alpha</th>' in page and '<th scope="col" class="name">Team</th>' in page
    # Alpha's row as the text crosstable has it: 2w 1.5 (3), 3w 1 (1), 4w +1 (3), 7 MP, 3.5 GP.
    row = page.split('<th scope="row" class="name">Alpha</th>', 1)[1].split("</tr>", 1)[0]
    assert [cell.split(">", 1)[1] for cell in row.split("</td>")[:5]] == [
        "2w 1.5 (3)", "3w 1 (1)", "4w +1 (3)", "7", "3.5"
    ]  # fmt: skip
    assert "Beta: -1 MP, -0.5 GP outside the rounds." in page


def test_html_board_prizes_are_a_table_a_board_with_the_performance_derivation() -> None:
    page = run("crosstable", str(RATED), "--boards", "-f", "html", "--min-games", "2")
    assert page.count("<caption>Board ") == 2 and "<caption>Board 2: its players in prize order</caption>" in page
    assert '<th scope="row" class="name">Fe, Fay</th>' in page
    assert '<td title="ARO 1900 + dp(0.67)=125; p = 2/3">2025</td>' in page
    assert "at least 2 games on a board to be ranked" in page


def test_html_team_card_captions_each_round() -> None:
    page = run("crosstable", str(FOUR_CLUBS), "--team", "4", "-f", "html")
    assert "<h2>Delta (team 4): place 3, 3 MP, 2.5 GP</h2>" in page
    assert "<caption>Round 1: against 3 Gamma, Black on board 1: lost 0.5-1.5, 0 MP</caption>" in page
    assert "<p>Round 2: against 2 Beta, White on board 1: won by forfeit 2-0, 3 MP, no boards played</p>" in page
    assert '<th scope="row" class="name">(empty)</th>' in page


# The real team file.


@pytest.mark.skipif(not CRETE.exists(), reason="the shared real files are not here")
@pytest.mark.filterwarnings("ignore")
def test_the_real_team_file_gives_cards_and_board_prizes() -> None:
    data = card_json(CRETE, "1")
    # ΓΑΖΙ 1, round 1 against team 8: Lirindzakis (13, 2186) "44 b 0" lost to Gratseas (44, 1981) "13 w 1";
    # Papathanasiou (15, 1986) "46 b 1" beat Fitsaki (46, unrated) "15 w 0".
    first = data["rounds"][0]["boards"]
    assert (first[0]["player"], first[0]["opponent"], first[0]["colour"], first[0]["score"]) == (
        {"number": 13, "name": "Lirindzakis,Timotheos", "rating": 2186},
        {"number": 44, "name": "Gratseas,Stefanos", "rating": 1981},
        "b",
        "0-1",
    )
    assert (first[2]["opponent"]["rating"], first[2]["score"]) == (None, "1-0")
    # Every match's GP is the sum of its boards' (the file has no 299 record to set one otherwise).
    for number in range(1, 16):
        for match in card_json(CRETE, str(number))["rounds"]:
            if match["boards"]:
                assert sum(Fraction(b["points"]) for b in match["boards"]) == Fraction(match["gp"]), (number, match)
    for fmt in ("table", "md", "csv", "html"):
        assert run("crosstable", str(CRETE), "--team", "2", "-f", fmt)
        assert run("crosstable", str(CRETE), "--boards", "-f", fmt)
    assert run("crosstable", str(CRETE), "-f", "html").count('<th scope="row" class="name">') == 15
    # 45 players unrated: no performance unless a rating is assumed; then every board player with a game has one.
    rows = list(csv.DictReader(io.StringIO(run("crosstable", str(CRETE), "--boards", "-f", "csv"))))
    assert {r["Perf"] for r in rows} == {""}
    assumed = run("crosstable", str(CRETE), "--boards", "-f", "csv", "--unrated-rating", "1000", "--min-games", "7")
    ranked = list(csv.DictReader(io.StringIO(assumed)))
    assert all(r["Perf"] for r in ranked if r["Eligible"] == "yes")
    assert all(not r["Rk"] for r in ranked if r["Eligible"] == "no") and any(r["Eligible"] == "no" for r in ranked)
