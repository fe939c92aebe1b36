"""Issue 20, step 2: team files read into the team model (teams, matches, boards, MP and GP).

Every expected value is worked out by hand from the files' lines, in the comments.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import InputError, InputWarning, TrfError
from sonneborn.event import BLACK, NOT_PLAYED, UNKNOWN, WHITE
from sonneborn.formats import load_path, read_text
from sonneborn.formats.trf import read_trf_event, read_trf_reading, read_trf_teams
from sonneborn.model import EventKind, ResultKind
from sonneborn.pipeline import Request, read, standings
from sonneborn.teams import NO_BOARD, ByePoints, TeamEvent, TeamPoints

DATA = Path(__file__).parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
CRETE = DATA / "trf" / "friendship_cup_crete_2024_team.trf"
K = ResultKind
F = Fraction


def four_clubs() -> TeamEvent:
    return read_trf_teams(FOUR_CLUBS.read_text(encoding="utf-8"), path="four.trf", warn=_no_warning)


def score(match: int | Fraction, game: int | Fraction) -> tuple[Fraction, Fraction]:
    """MP and GP as the model gives them."""
    return F(match), F(game)


def player(start: int, name: str, *blocks: str) -> str:
    """A 001 line: its round blocks from column 92, 10 columns each."""
    return f"{f'001 {start:>4}      {name}':<91}" + "".join(f"{block:<10}" for block in blocks).rstrip()


def _no_warning(warning: InputWarning) -> None:
    raise AssertionError(str(warning))


def test_four_clubs_teams_and_point_systems() -> None:
    teams = four_clubs()
    assert [(t.number, t.name, t.nickname) for t in teams.teams] == [
        (1, "Alpha", "ALP"),
        (2, "Beta", "BET"),
        (3, "Gamma", "GAM"),
        (4, "Delta", "DEL"),
    ]
    # Members in board order as player rows (start − 1); player 3 is Alpha's reserve.
    assert [t.members for t in teams.teams] == [(0, 1, 2), (3, 4), (5, 6), (7, 8)]
    assert teams.team_of.tolist() == [0, 0, 0, 1, 1, 2, 2, 3, 3]
    # 362 TW 3.0 TD 1.0 TL 0.0; 192 FIDE_TEAM_BAKU is a team Swiss; two boards a match.
    assert (teams.points.win, teams.points.draw, teams.points.loss) == (F(3), F(1), F(0))
    assert teams.kind is EventKind.SWISS and teams.record == ("362", 6)
    assert (teams.matches.teams, teams.matches.rounds, teams.matches.board_count) == (4, 3, 2)
    assert teams.event.players == 9


def test_four_clubs_round_1_played_matches_and_a_single_board_forfeit() -> None:
    m = four_clubs().matches
    # Alpha–Beta: 1 (w) beat 4, 2 (b) drew 5: Alpha 1 + ½ = 1½ GP, Beta ½ → Alpha wins, 3 MP (TW) to 0.
    assert m.opponent[:, 0].tolist() == [1, 0, 3, 2]
    assert m.lineup(0, 1) == [0, 1] and m.lineup(1, 1) == [3, 4]
    assert (m.match_kind(0, 1), m.match_kind(1, 1)) == (K.WIN, K.LOSS)
    assert m.match_score(0, 1) == score(3, F(3, 2)) and m.match_score(1, 1) == score(0, F(1, 2))
    # Gamma–Delta: 6 drew 8, 7 won by forfeit against 9 (who is on board 2 and forfeits): Gamma ½ + 1 = 1½,
    # Delta ½. Record 299 W 2.0 1.5 for Gamma in round 1 sets its MP to 2 (not 3) and its GP to 1½.
    assert m.match_kind(2, 1) is K.WIN and m.match_kind(3, 1) is K.LOSS
    assert m.match_score(2, 1) == score(2, F(3, 2)) and bool(m.awarded[2, 0])
    assert m.match_score(3, 1) == score(0, F(1, 2)) and not m.awarded[3, 0]
    # First boards: 1 had White (Alpha White), 6 had White (Gamma White).
    assert m.colour[:, 0].tolist() == [WHITE, BLACK, WHITE, BLACK]


def test_four_clubs_round_2_out_of_order_boards_and_a_forfeited_match() -> None:
    m = four_clubs().matches
    # 300 2 1 3: Alpha played its reserve 3 on board 1 and 1 on board 2; Gamma in its order, 6 then 7.
    assert m.lineup(0, 2) == [2, 0] and m.lineup(2, 2) == [5, 6]
    # 3 lost to 6, 1 beat 7: 1–1, a drawn match, 1 MP (TD) each; board 1 is 3's White.
    assert (m.match_kind(0, 2), m.match_kind(2, 2)) == (K.DRAW, K.DRAW)
    assert m.match_score(0, 2) == m.match_score(2, 2) == score(1, 1)
    assert (m.colour[0, 1], m.colour[2, 1]) == (WHITE, BLACK)
    # 330 +- 2 4 2: Delta (White) beat Beta by forfeit, no board recorded: Delta a forfeit win on both
    # boards, 2 × 1 = 2 GP and TW = 3 MP; Beta 0 and 0. Empty boards, Delta White.
    assert (m.match_kind(3, 2), m.match_kind(1, 2)) == (K.FORFEIT_WIN, K.FORFEIT_LOSS)
    assert m.match_score(3, 2) == score(3, 2) and m.match_score(1, 2) == score(0, 0)
    assert m.lineup(1, 2) == m.lineup(3, 2) == [NO_BOARD, NO_BOARD]
    assert (m.colour[3, 1], m.colour[1, 1], m.opponent[3, 1], m.opponent[1, 1]) == (WHITE, BLACK, 1, 3)


def test_four_clubs_round_3_byes_an_empty_board_and_a_match_of_forfeits() -> None:
    m = four_clubs().matches
    # Alpha–Delta: board 1 a double forfeit (1 "-" against 8 "-"), board 2 empty for Delta (300 3 4 1 8 0000),
    # where 2 won by forfeit ("0000 - +"). No board was played over the board: the match is a forfeit (C.07
    # 15.1), Alpha's GP 0 + 1 = 1 against 0: Alpha a forfeit win, TW = 3 MP; Delta a forfeit loss, 0.
    assert m.lineup(0, 3) == [0, 1] and m.lineup(3, 3) == [7, NO_BOARD]
    assert (m.match_kind(0, 3), m.match_kind(3, 3)) == (K.FORFEIT_WIN, K.FORFEIT_LOSS)
    assert m.match_score(0, 3) == score(3, 1) and m.match_score(3, 3) == score(0, 0)
    # Beta's half-point bye (240 H 3 2): a drawn match's MP (TD = 1) and ½ on each of 2 boards = 1 GP.
    assert m.match_kind(1, 3) is K.HALF_BYE and m.match_score(1, 3) == score(1, 1)
    # Gamma's PAB (320: MP 2.0, GP 1.5 in round 3), the record's values.
    assert m.match_kind(2, 3) is K.PAIRING_BYE and m.match_score(2, 3) == score(2, F(3, 2))
    assert m.opponent[1:3, 2].tolist() == [-1, -1] and m.colour[1:3, 2].tolist() == [UNKNOWN, UNKNOWN]


def test_four_clubs_totals_with_a_penalty() -> None:
    m = four_clubs().matches
    # Alpha 3 + 1 + 3 = 7 MP, 1½ + 1 + 1 = 3½ GP. Beta 0 + 0 + 1 MP and ½ + 0 + 1 GP, less the penalty of
    # 299 (blank type) −1 MP −½ GP: 0 MP, 1 GP. Gamma 2 + 1 + 2 = 5 MP, 1½ + 1 + 1½ = 4 GP.
    # Delta 0 + 3 + 0 = 3 MP, ½ + 2 + 0 = 2½ GP.
    assert [m.totals(team) for team in range(4)] == [score(7, F(7, 2)), score(0, 1), score(5, 4), score(3, F(5, 2))]
    assert m.match_adjustment.tolist() == [0, -m.match_unit, 0, 0]
    assert (m.match_unit, m.game_unit) == (1, 2)


def test_an_individual_file_reads_as_before() -> None:
    text = (DATA / "trf" / "icu_bunratty_minor_2011.trf").read_text(encoding="latin-1")
    said: list[InputWarning] = []
    found = read_trf_reading(text, path="b.trf", warn=said.append)
    before: list[InputWarning] = []
    assert not isinstance(found, TeamEvent)
    assert found.tournament == read_trf_event(text, path="b.trf", warn=before.append).tournament
    assert said == before


def test_the_individual_reader_still_refuses_team_records() -> None:
    with pytest.raises(TrfError) as caught:
        read_trf_event(FOUR_CLUBS.read_text(encoding="utf-8"), path="four.trf")
    assert str(caught.value).startswith("four.trf:6:1: team competitions are not supported yet (record 362")


def crete() -> tuple[TeamEvent, list[InputWarning]]:
    said: list[InputWarning] = []
    return read_trf_teams(CRETE.read_text(encoding="utf-8"), path="crete.trf", warn=said.append), said


def test_real_crete_file_loads_with_its_teams() -> None:
    teams, said = crete()
    m = teams.matches
    assert (len(teams.teams), teams.event.players, m.rounds, m.board_count) == (15, 129, 7, 6)
    assert teams.kind is EventKind.SWISS  # 092 Team Swiss System
    assert teams.record == ("013", 150)
    # Line 164, the 15th 013: ΣΑΧ, players 1–6 and 128.
    assert teams.team(15).name == "ΣΑΧ" and teams.team(15).members == (0, 1, 2, 3, 4, 5, 127)
    assert sum(len(team.members) for team in teams.teams) == 129
    messages = [warning.message for warning in said]
    assert any("read as the pairing-allocated bye, 1 MP and 3 GP" in message for message in messages)
    assert not any("orders that disagree" in message for message in messages)
    assert int((m.kind == NOT_PLAYED).sum()) == 0


def test_real_crete_rounds_worked_by_hand() -> None:
    teams, _ = crete()
    m = teams.matches
    hersonisos, gazi_2, soh, sax, herodotos = 13, 10, 3, 14, 12  # rows of teams 14, 11, 4, 15, 13
    # Round 5, Σ.A.ΧΕΡΣΟΝΗΣΟΥ (107–116, 122) – ΓΑΖΙ 2 (84–89, 106, 118, 124): 107 w 1 v 84, 108 b 1 v 85,
    # 109 "0000 - +" (ΓΑΖΙ 2's board 3 empty: 89 never plays), 110 b 1 v 86, 111 w 1 v 87; 88 "0000 - +"
    # against Hersonisos' empty board 6. GP 1+1+1+1+1 = 5 against 1: a win, 2 MP to 0.
    assert m.opponent[hersonisos, 4] == gazi_2
    assert m.lineup(hersonisos, 5) == [106, 107, 108, 109, 110, NO_BOARD]
    assert m.lineup(gazi_2, 5) == [83, 84, NO_BOARD, 85, 86, 87]
    assert m.match_score(hersonisos, 5) == score(2, 5) and m.match_score(gazi_2, 5) == score(0, 1)
    assert m.colour[hersonisos, 4] == WHITE  # 107 had White on board 1
    # Round 1, ΣΟΗ (29–35) – ΓΑΖΙ 2: 29 w 1 v 84, 30 b + v 85 (single-board forfeit), 31 "0000 - +" (empty
    # board 3), 32 b 1 v 86, 33 w 1 v 87, 34 b 1 v 88: 6 GP to 0, 2 MP.
    assert m.match_score(soh, 1) == score(2, 6) and m.match_score(gazi_2, 1) == score(0, 0)
    assert m.match_kind(soh, 1) is K.WIN
    # Round 1, ΣΑΧ: its players all "0000 - -" while the 14 other teams play: the PAB, 1 MP and 3 GP.
    assert m.match_kind(sax, 1) is K.PAIRING_BYE and m.match_score(sax, 1) == score(1, 3)
    # ΣΑΧ, players 1–6 round by round (board points): round 2 1+1+1+½+0+0 = 3½ (won), round 3 1+1+1+0+0+½
    # = 3½ (won), round 4 1+1+1+½+0+0 = 3½ (won), round 5 0+0+0+1+1+1 = 3 (drawn), round 6 0+0+0+0+1+1 = 2
    # (lost), round 7 ½+½+½+0+0+0 = 1½ (lost): 17 GP and 2+2+2+1 = 7 MP, with the PAB's 1 MP and 3 GP 8 and 20,
    # the official figures (3 wins, a draw, 2 losses, 8 MP, 20 GP).
    assert m.totals(sax) == score(8, 20)
    # Α.Σ.ΗΡΟΔΟΤΟΣ: players 36–41 score 3½+2½+1+2½+1+0 = 10½ on the boards, plus the PAB's 3 (round 2):
    # 13½ GP. The official 14½ counts a point for player 41 (his recorded 1.0, but his results are 0, 0, 0,
    # 0, and a double forfeit "74 w -" / "41 b -" in round 7): the file's results give 13½.
    assert m.totals(herodotos)[1] == F(27, 2)


def test_real_crete_totals_match_the_official_standings_but_one() -> None:
    teams, _ = crete()
    # The official MP and GP (chess-results, as Lichess4545/heltour's test of this file records them).
    official: dict[str, tuple[int, int | Fraction]] = {
        "ΟΑΑΗ": (11, F(49, 2)),
        "ΟΑΧ": (10, F(47, 2)),
        "ΣΟΗ": (9, F(51, 2)),
        "ΓΑΖΙ 1": (9, 25),
        "ΟΦΗ 1": (9, F(49, 2)),
        "ΟΦΗ 2": (8, 22),
        "ΣΑΧ": (8, 20),
        "ΛΕΩΝ ΚΑΝΤΙΑ 2": (7, 23),
        "Σ.A.ΧΕΡΣΟΝΗΣΟΥ": (6, 22),
        "ΓΑΖΙ 3": (6, F(37, 2)),
        "ΛΕΩΝ ΚΑΝΤΙΑ 1": (5, 19),
        "Α.Π.Ο. ΜΙΚΗΣ ΘΕΟΔΩΡΑΚΗΣ": (5, F(37, 2)),
        "ΓΑΖΙ 2": (5, F(31, 2)),
        "ΚΥΔΩΝ": (4, 18),
        "Α.Σ.ΗΡΟΔΟΤΟΣ": (3, F(29, 2)),  # the file's results give 13½ (above)
    }
    found = {team.name: teams.matches.totals(row) for row, team in enumerate(teams.teams)}
    official["Α.Σ.ΗΡΟΔΟΤΟΣ"] = (3, F(27, 2))
    assert found == {name: score(*values) for name, values in official.items()}


def test_a_team_round_robin_free_round_is_no_bye() -> None:
    # Three teams of one board, TRF-16: a round robin (each pair meets once), so the free team of each round
    # is absent (a zero-point bye, 0 MP, 0 GP), not given a PAB as a Swiss would.
    text = "\n".join(
        [
            "013 A                                1",
            "013 B                                2",
            "013 C                                3",
            player(1, "Adams, Ann", "   2 w 1", "   3 b 1"),
            player(2, "Brown, Bob", "   1 b 0", "", "   3 w ="),
            player(3, "Clark, Cid", "", "   1 w 0", "   2 b ="),
        ]
    )
    teams = read_trf_teams(text, path="rr.trf", warn=_no_warning)
    m = teams.matches
    assert teams.kind is EventKind.ROUND_ROBIN
    assert [m.match_kind(row, 3 - row) for row in range(3)] == [K.ZERO_BYE] * 3
    assert [m.totals(row) for row in range(3)] == [score(4, 2), score(1, F(1, 2)), score(1, F(1, 2))]


def test_commands_rank_a_team_file_by_its_teams() -> None:
    # MP 3-1-0: Alpha 7, Gamma 5, Delta 3, Beta 0 (test_four_clubs_totals_with_a_penalty).
    result = CliRunner().invoke(cli, ["standings", str(FOUR_CLUBS), "-f", "csv"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("rank,team,name,MP,GP")
    rows = [line.split(",") for line in lines[1:]]
    assert [(row[2], row[3]) for row in rows] == [("Alpha", "7"), ("Gamma", "5"), ("Delta", "3"), ("Beta", "0")]
    reading = read(FOUR_CLUBS)
    assert reading.teams is not None and reading.teams.matches.totals(0) == score(7, F(7, 2))
    assert [int(s) for s in standings(reading, Request()).starts] == [1, 3, 4, 2]
    with pytest.raises(InputError, match="not supported yet"):
        read_text(FOUR_CLUBS.read_text(encoding="utf-8"))
    assert load_path(FOUR_CLUBS).teams is not None


def test_team_points_parse_and_byes() -> None:
    points = TeamPoints.parse("3,1,0")
    assert (points.win, points.draw, points.loss, points.match_points(K.FORFEIT_LOSS)) == (F(3), F(1), F(0), F(0))
    # C.04.6: a PAB is a drawn match, a draw on each board; a full-point bye a won match; 6 boards.
    assert TeamPoints().bye(K.PAIRING_BYE, 6) == ByePoints(F(1), F(3))
    assert TeamPoints().bye(K.FULL_BYE, 6) == ByePoints(F(2), F(6))
    assert TeamPoints().bye(K.ZERO_BYE, 6) == ByePoints(F(0), F(0))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("362 TW 3.0", "362 TX 3.0"), "6:5: expected TW, TD or TL with its match points in record 362"),
        (("330 +-", "330 ++"), "22:5: expected a forfeit type +-, -+ or -- at columns 5-6, found '++'"),
        (("330 +-   2   4   2", "330 +-   2   4   3"), "22:5: round 2: record 330 says team 3 (Gamma) met team 4"),
        (("300   2   1   3    3    1", "300   2   1   3    3"), "23:9: round 2: record 300 leaves out player 1"),
        (("300   2   1   3", "300   2   1   4"), "23:9: round 2: record 300 names team 4 (Delta) the opponent"),
        (("240 H   3    2", "240 H   1    2"), "20:11: round 1: record 240 gives team 2 (Beta) a half-point bye"),
        (("299 W   2.0", "299 D   2.0"), "25:24: round 1: record 299 gives team 3 (Gamma) points for 'D', but"),
        (("310   4 Delta", "310   5 Delta"), "10:5: team numbers must run 1..4 without gaps, but 4 is missing"),
        (("320  2.0  1.5 000 000   3", "320  2.0  1.5 000 000   7"), "21:23: record 320 names team 7, but"),
    ],
)
def test_bad_team_records_are_placed(change: tuple[str, str], message: str) -> None:
    old, new = change
    text = FOUR_CLUBS.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(TrfError) as caught:
        read_trf_teams(text.replace(old, new, 1), path="x.trf", warn=lambda warning: None)
    assert str(caught.value).startswith("x.trf:" + message), str(caught.value)


def test_a_game_with_a_player_of_no_team() -> None:
    text = "\n".join(
        [
            "013 A                                1",
            f"{'001    1      Adams, Ann':<91}   2 w 1",
            f"{'001    2      Brown, Bob':<91}   1 b 0",
        ]
    )
    with pytest.raises(TrfError) as caught:
        read_trf_teams(text, path="x.trf")
    assert str(caught.value) == (
        "x.trf:3:92: round 1: player 1 of team 1 (A) plays player 2, who is listed in no team "
        "(expected every player of a team event in a team)"
    )


def test_a_team_type_without_teams_is_refused() -> None:
    text = "\n".join(["192 FIDE_TEAM_BAKU", f"{'001    1      Adams, Ann':<91}", f"{'001    2      Brown, Bob':<91}"])
    with pytest.raises(TrfError) as caught:
        read_trf_teams(text, path="x.trf")
    assert str(caught.value) == (
        "x.trf:1:1: a team competition (record 192) without teams (expected records 310 or 013 listing them)"
    )
