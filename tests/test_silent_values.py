"""Values and files that were quietly wrong: each test's answer worked by hand from C.07 or the TRF spec.

- PS (C.07 7.5) is the sum of the running scores S_r, the score the standings after round r give: a bonus or
  penalty outside the rounds (TRF-26 299 of a blank type) is part of every S_r from round 1 on.
  Alpha and Beta, two rounds: R1 Alpha beat Beta, R2 a draw; Beta has a bonus of 1. Beta's S_1 = 1 + 0 = 1,
  S_2 = 1 + ½ = 1½, PS = 2½ (it was ½, the bonus left out); Alpha's S_1 = 1, S_2 = 1½, PS = 2½. PS/C1 drops
  S_1: 1½ each.
- The Four Clubs Cup (tests/data/teams/four_clubs_trf26.trf): Beta's MP by round 0 (lost to Alpha), 0 (forfeit
  loss against Delta), 1 (a half-point bye: a drawn match's MP), and a penalty of −1 MP (299, round 000): its
  S_r are −1, −1, 0, PS −2 (it was 0 + 0 + 1 = 1).
- A blank-type 299 that names a round is read as one outside the rounds, from round 1, and warned of.
- Record 132 (TRF-16): round r's date at columns 92 + 10 (r − 1) on; four-digit years written in turn are read
  in turn, and a text that is no date there is refused at its column.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from builders import place, trf_player
from click.testing import CliRunner
from oracle.trf_compare import assert_same_reading

from sonneborn.cli import cli
from sonneborn.errors import TrfError
from sonneborn.formats.trf import read_trf
from sonneborn.model import PointSystem, ResultKind
from sonneborn.scoring import running_scores

F = Fraction
DATA = Path(__file__).resolve().parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
BAD = DATA / "bad"
BONUS_OF_A_ROUND = (
    "record 299 gives a bonus or penalty in round 2: it counts from round 1 on, as one outside the rounds (000) "
    "does (the standings after the earlier rounds and PS include it)"
)


def two_rounds(bonus_round: str = "000") -> str:
    return "\n".join(
        [
            "012 PS and a bonus",
            trf_player(1, "Alpha", "1.5", ["   2 w 1", "   2 b ="]),
            trf_player(2, "Beta", "1.5", ["   1 b 0", "   1 w ="]),
            place((1, "299"), (14, " 1.0"), (20, bonus_round), (24, "   2")),
            "",
        ]
    )


def run(path: Path, *args: str) -> tuple[dict[int, dict[str, Fraction]], str]:
    result = CliRunner().invoke(cli, ["standings", str(path), "-f", "json", *args])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["standings"]
    values = {row["start"]: {"points": F(row["points"])} for row in rows}
    for row in rows:
        values[row["start"]].update((code, F(value)) for code, value in row["values"].items())
    return values, result.stderr


def test_ps_counts_a_bonus_outside_the_rounds_in_every_running_score(tmp_path: Path) -> None:
    path = tmp_path / "bonus.trf"
    path.write_text(two_rounds())
    values, stderr = run(path, "-t", "PS,PS/C1")
    assert stderr == ""
    assert values[2] == {"points": F(3, 2), "PS": F(5, 2), "PS/C1": F(3, 2)}
    assert values[1] == {"points": F(3, 2), "PS": F(5, 2), "PS/C1": F(3, 2)}


def test_the_running_scores_of_the_model_count_the_bonus_from_round_1() -> None:
    tournament = read_trf(two_rounds())
    assert running_scores(tournament, tournament.player(2)) == [F(1), F(3, 2)]
    assert running_scores(tournament, tournament.player(1)) == [F(1), F(3, 2)]


def test_a_teams_penalty_outside_the_rounds_is_in_its_ps_from_round_1() -> None:
    values, _ = run(FOUR_CLUBS, "-t", "PS")
    assert values[2]["points"] == 0
    assert values[2]["PS"] == -2


def test_a_bonus_that_names_a_round_is_warned_of_and_counted_from_round_1(tmp_path: Path) -> None:
    path = tmp_path / "round_bonus.trf"
    path.write_text(two_rounds("002"))
    values, stderr = run(path, "-t", "PS")
    assert stderr == f"sonneborn: warning: {path}:4: {BONUS_OF_A_ROUND}\n"
    assert values[2]["PS"] == F(5, 2)


def test_a_teams_bonus_that_names_a_round_is_warned_of(tmp_path: Path) -> None:
    text = FOUR_CLUBS.read_text().replace("299    -1.0  -0.5  000    2", "299    -1.0  -0.5  002    2")
    lineno = text.splitlines().index("299    -1.0  -0.5  002    2") + 1
    path = tmp_path / "team_round_bonus.trf"
    path.write_text(text)
    values, stderr = run(path, "-t", "PS")
    assert stderr == f"sonneborn: warning: {path}:{lineno}: {BONUS_OF_A_ROUND}\n"
    assert values[2]["PS"] == -2


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        # 1-½-0: a forfeit win, a pairing bye and a full bye are worth a win, a half bye a draw, a forfeit
        # loss and a zero bye a loss (C.07 16.2: byes and forfeits at their usual values).
        ("1,0.5,0", (F(1), F(0), F(1), F(1), F(1, 2), F(0))),
        ("3,1,0", (F(3), F(0), F(3), F(3), F(1), F(0))),
        # A value stated apart changes that result alone; the others still follow the game they default to.
        ("3,1,0,pairing_bye=1", (F(3), F(0), F(1), F(3), F(1), F(0))),
        ("2,1,0,forfeit_loss=-1,half_bye=0", (F(2), F(-1), F(2), F(2), F(0), F(0))),
    ],
)
def test_each_result_stated_apart_has_its_defaults_points(system: str, expected: tuple[Fraction, ...]) -> None:
    points = PointSystem.parse(system)
    kinds = (
        ResultKind.FORFEIT_WIN,
        ResultKind.FORFEIT_LOSS,
        ResultKind.PAIRING_BYE,
        ResultKind.FULL_BYE,
        ResultKind.HALF_BYE,
        ResultKind.ZERO_BYE,
    )
    assert tuple(points.points(kind) for kind in kinds) == expected
    assert points.points(ResultKind.NOT_PLAYED) == 0


def test_a_systems_text_names_only_the_results_stated_otherwise_than_their_default() -> None:
    assert str(PointSystem.parse("3,1,0,pairing_bye=1,full_bye=3")) == "3-1-0, pairing_bye=1"
    assert str(PointSystem.parse("2,1,0,forfeit_loss=-1,half_bye=0")) == "2-1-0, forfeit_loss=-1, half_bye=0"


def test_standings_compares_ranks_within_points_groups_under_another_list() -> None:
    # Under -t WIN the order within a points group may change, never across groups: Brown's 2 is 2nd whatever
    # the list, so his recorded 3rd is still wrong (and Clark's 2nd for 1½).
    _, stderr = run(BAD / "trf_ranks_disagree.trf", "-t", "WIN")
    assert "the recorded ranks of 2 players are not the ones computed" in stderr
    assert stderr.count("\n") == 1


@pytest.mark.parametrize("args", [("--after-round", "2"), ("--rank-by", "SB"), ("--lots", "7")])
def test_standings_other_than_the_files_own_are_not_compared(args: tuple[str, ...]) -> None:
    _, stderr = run(BAD / "trf_ranks_disagree.trf", *args)
    assert stderr == ""


def test_recorded_ranks_that_agree_are_not_warned_of(tmp_path: Path) -> None:
    text = (BAD / "trf_ranks_disagree.trf").read_text().splitlines()
    # The ranks worked by hand: Adams 2½ first, Brown 2 second, Clark 1½ third, Dunne 0 fourth.
    fixed = [line[:85] + {"2": "   3", "3": "   2"}.get(line[85:89].strip(), line[85:89]) + line[89:] for line in text]
    path = tmp_path / "ranks_agree.trf"
    path.write_text("\n".join(fixed) + "\n")
    _, stderr = run(path)
    assert stderr == ""


REFERENCE = (BAD / "trf_valid_reference.trf").read_text().splitlines()


def with_132(dates: str) -> str:
    """The bad-input reference (three rounds) with a record 132 whose text starts at round 1's column, 92."""
    return "\n".join([*REFERENCE[:3], "132" + " " * 88 + dates, *REFERENCE[3:]]) + "\n"


@pytest.mark.parametrize(
    ("dates", "expected"),
    [
        # TRF-16: round r's date in the columns of round r's block, 92 + 10 (r − 1) on.
        ("24/11/23  24/11/24  24/11/25", ("24/11/23", "24/11/24", "24/11/25")),
        # Four-digit years fill the ten columns: written one after another, each at its round's column.
        ("2024/11/232024/11/242024/11/25", ("2024/11/23", "2024/11/24", "2024/11/25")),
        # A blank between them puts round 2's at 103, round 3's at 114: read in turn, not cut at 102 and 112
        # (which read '2024/11/2', the 2nd of November, and '4 2024/11/').
        ("2024/11/23 2024/11/24 2024/11/25", ("2024/11/23", "2024/11/24", "2024/11/25")),
        # YYYYMMDD run together: eight digits a date, not '2024112320' cut at the round's ten columns.
        ("202411232024112420241125", ("20241123", "20241124", "20241125")),
        ("20241123  20241124  20241125", ("20241123", "20241124", "20241125")),
    ],
)
def test_round_dates_with_four_digit_years_are_read_as_written(dates: str, expected: tuple[str, ...]) -> None:
    text = with_132(dates)
    assert read_trf(text).round_dates == expected
    assert assert_same_reading(text) == "result"


@pytest.mark.parametrize(
    ("dates", "column", "found"),
    [
        ("2024/11/23 2024/11/24 2024/11/3x", 102, "' 2024/11/2'"),
        ("2024112320241124202411", 92, "'2024112320'"),
        ("24/11/23  TBD", 102, "'TBD'"),
    ],
)
def test_round_dates_that_are_no_dates_are_refused_at_their_column(dates: str, column: int, found: str) -> None:
    text = with_132(dates)
    with pytest.raises(TrfError) as caught:
        read_trf(text, path="x.trf")
    round_no = (column - 92) // 10 + 1
    assert (caught.value.line, caught.value.column) == (4, column)
    assert str(caught.value.message) == (
        f"record 132: expected the date of round {round_no} at columns {column}-{column + 9}, found {found} (are the "
        "dates run together, or not at their rounds' columns?)"
    )
    assert assert_same_reading(text) == "error"


def test_convert_writes_run_together_round_dates_as_trf_dates(tmp_path: Path) -> None:
    path = tmp_path / "dates.trf"
    path.write_text(with_132("202411232024112420241125"))
    out = tmp_path / "dates.pgn"
    result = CliRunner().invoke(cli, ["convert", str(path), str(out)])
    assert result.exit_code == 0, result.output
    games = out.read_text()
    assert '[Date "2024.11.23"]' in games and '[Date "2024.11.25"]' in games


def with_federations(**federations: str) -> str:
    """The bad-input reference with the federation columns (54-56, TRF-16) of some players rewritten."""
    lines = []
    for line in REFERENCE:
        start = line[4:8].strip() if line.startswith("001") else ""
        if f"p{start}" in federations:
            line = line[:53] + federations[f"p{start}"].ljust(3)[:3] + line[56:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def warnings_of(text: str) -> list[str]:
    said: list[str] = []
    read_trf(text, path="x.trf", warn=lambda warning: said.append(str(warning)))
    return said


def test_three_letter_federations_of_either_case_and_blank_ones_read_without_a_word() -> None:
    text = with_federations(p1="IRL", p2="esp", p3="")
    assert warnings_of(text) == []
    assert [player.federation for player in read_trf(text)] == ["IRL", "esp", "", ""]
    assert assert_same_reading(text) == "result"


@pytest.mark.parametrize("federation", ["IR", "I1L", "Ä12", "1"])
def test_a_federation_that_is_not_three_letters_is_warned_of_at_its_column(federation: str) -> None:
    text = with_federations(p3=federation)
    found = repr(federation.ljust(3))
    assert warnings_of(text) == [
        f"x.trf:6:54: expected a federation of three letters (such as IRL) at columns 54-56, found {found}: read as "
        "written"
    ]
    assert read_trf(text).player(3).federation == federation  # kept as written
    assert assert_same_reading(text, "x.trf") == "result"


def test_the_round_bonus_warning_is_the_oracles_too() -> None:
    assert assert_same_reading(two_rounds("002")) == "result"


def test_a_pgn_game_of_round_0_is_placed_in_the_first_round_free_for_both_and_said_so() -> None:
    # Round 1: Adams-Dunne, Brown-Clark; the game of "round 0" is Dunne-Clark, whom round 1 occupies: round 2.
    from sonneborn.formats.pgn import read_pgn

    said: list[str] = []
    text = (BAD / "pgn_round_zero.pgn").read_text()
    tournament = read_pgn(text, path="x.pgn", warn=lambda warning: said.append(str(warning)))
    dunne = next(player for player in tournament if player.name == "Dunne")
    clark = next(player for player in tournament if player.name == "Clark")
    assert dunne.entry(2).opponent == clark.start and clark.entry(2).opponent == dunne.start
    assert said == [
        "x.pgn:18:9: the Round tag gives round '0', but rounds count from 1: the game is placed in round 2, the "
        "first in which neither player has a game"
    ]


def test_pgn_games_all_of_round_0_are_said_once_with_their_count() -> None:
    from sonneborn.formats.pgn import read_pgn

    said: list[str] = []
    text = (BAD / "pgn_valid_reference.pgn").read_text().replace('[Round "1"]', '[Round "0"]')
    text = text.replace('[Round "2"]', '[Round "-1"]').replace('[Round "3"]', '[Round "0"]')
    read_pgn(text, path="x.pgn", warn=lambda warning: said.append(str(warning)))
    assert len(said) == 1 and said[0].startswith("x.pgn:2:9: the Round tag gives round '0'")
    assert said[0].endswith("as is every game whose Round tag gives a round below 1 (6 games)")
