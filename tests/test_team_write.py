"""Issue 20: team competitions written back (TRF-26 team records, JSON) and read again into the same teams.

The values the hand-made file gives are worked out from its lines, in the comments.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import InputWarning
from sonneborn.formats.jsonteams import read_json_reading, write_json_teams
from sonneborn.formats.trf import read_trf_teams, write_trf_teams
from sonneborn.teams import TeamEvent

DATA = Path(__file__).parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
CRETE = DATA / "trf" / "friendship_cup_crete_2024_team.trf"
TEAM_FILES = [*sorted((DATA / "teams" / "reference").glob("*.trf")), FOUR_CLUBS, CRETE]
F = Fraction
_ignored: list[InputWarning] = []


def read(path: Path) -> TeamEvent:
    return read_trf_teams(path.read_text(encoding="utf-8"), path=path.name, warn=_ignored.append)


def differences(first: TeamEvent, second: TeamEvent) -> list[str]:
    """What two team events hold differently: teams, matches, boards, points, point systems, the games."""
    found = []
    one, two = first.matches, second.matches
    for name in ("opponent", "kind", "colour", "boards", "awarded"):
        if not np.array_equal(getattr(one, name), getattr(two, name)):
            found.append(name)
    for row in range(one.teams):
        for round_no in range(1, one.rounds + 1):
            if one.match_score(row, round_no) != two.match_score(row, round_no):
                found.append(f"team {row + 1} round {round_no}: MP and GP")
        if one.totals(row) != two.totals(row):
            found.append(f"team {row + 1}: totals")
    listed = [[(t.number, t.name, t.nickname, t.members) for t in e.teams] for e in (first, second)]
    if listed[0] != listed[1]:
        found.append("teams")
    for name in ("points", "kind", "sequence"):
        if getattr(first, name) != getattr(second, name):
            found.append(name)
    games = [(e.event.table.opponent, e.event.table.kind, e.event.table.colour) for e in (first, second)]
    if not all(np.array_equal(a, b) for a, b in zip(*games, strict=True)):
        found.append("the players' games")
    return found


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda path: path.stem)
def test_team_files_written_read_back_into_the_same_teams(path: Path) -> None:
    teams = read(path)
    said: list[InputWarning] = []
    again = read_trf_teams(write_trf_teams(teams), path="written.trf", warn=said.append)
    assert differences(teams, again) == []
    # What the written file records is the computed standing, for ``check``.
    for row, team in enumerate(again.teams):
        assert (team.recorded_match_points, team.recorded_game_points) == teams.matches.totals(row)
    # A written file says everything itself: no PAB to infer, no board orders to guess.
    assert [str(w) for w in said if "FIDE id" not in str(w)] == []


def test_written_team_file_is_stable() -> None:
    written = write_trf_teams(read(CRETE))
    assert write_trf_teams(read_trf_teams(written, warn=_ignored.append)) == written


def test_four_clubs_records_worked_by_hand() -> None:
    lines = write_trf_teams(read(FOUR_CLUBS), ranks={1: 1, 3: 2, 4: 3, 2: 4}, newline="\n").splitlines()
    teams = {int(line[4:7]): line for line in lines if line.startswith("310")}
    # MP (TW 3 TD 1 TL 0) and GP, two boards a match:
    # Alpha: r1 beats Beta 1.5-0.5 (3), r2 draws Gamma 1-1 on boards 3, 1 (1), r3 Delta forfeits (3) with
    #        Bob's forfeit win 1-0: 7 MP, 3.5 GP.
    # Beta: r1 0.5 (0), r2 forfeited to Delta (0 GP, no boards), r3 HPB 1 MP 2 x 0.5 GP, bonus -1 MP -0.5 GP:
    #       0 MP, 1.0 GP.
    # Gamma: r1 299 sets 2 MP 1.5 GP, r2 1 MP 1 GP, r3 PAB of 320 2.0 MP 1.5 GP: 5 MP, 4.0 GP.
    # Delta: r1 0.5 (0), r2 forfeit win on 2 boards 2.0 GP (3), r3 0 GP (0): 3 MP, 2.5 GP.
    found = {number: (line[54:60].strip(), line[61:67].strip(), line[68:71].strip()) for number, line in teams.items()}
    assert found == {
        1: ("7.0", "3.5", "1"),
        2: ("0.0", "1.0", "4"),
        3: ("5.0", "4.0", "2"),
        4: ("3.0", "2.5", "3"),
    }
    assert [line[73:].split() for line in teams.values()] == [["1", "2", "3"], ["4", "5"], ["6", "7"], ["8", "9"]]
    assert "362 TW 3.0   TD 1.0   TL 0.0" in lines
    assert "240 H   3    2" in lines  # Beta's half-point bye
    assert "320  2.0  1.5 000 000 003" in lines  # Gamma's PAB in round 3
    # Round 2: Delta (White, 330 of the file) beats Beta by forfeit; round 3: Ann has White on board 1 for
    # Alpha, whose forfeit win is stated rather than left to the boards.
    assert [line for line in lines if line.startswith("330")] == ["330 +-   2   4   2", "330 +-   3   1   4"]
    # Round 2: Alpha fielded Cid, then Ann (roster order 1, 2, 3); Gamma follows with Fay, Gus.
    assert [line for line in lines if line.startswith("300")] == [
        "300   2   1   3    3    1",
        "300   2   3   1    6    7",
    ]
    assert [line for line in lines if line.startswith("299")] == [
        "299    -1.0  -0.5  000    2",
        "299 W   2.0   1.5  001    3",
    ]
    # The players' lines are an individual writer's: their blocks, as read.
    assert next(line for line in lines if line.startswith("001    2"))[91:].split() == [
        "5",
        "b",
        "=",
        "0000",
        "-",
        "Z",
        "0000",
        "-",
        "+",
    ]


def test_individual_file_written_as_before() -> None:
    from sonneborn.formats.trf import read_trf, write_trf

    text = "\n".join(
        ["012 Club", "XXR 2", f"{'001    1      Adams, Ann':<91}   2 w 1", f"{'001    2      Brown, Bob':<91}   1 b 0"]
    )
    assert write_trf(read_trf(text), newline="\n") == (
        "012 Club\n062 2\n142 2\n"
        f"{'001    1      Adams, Ann':<81}1.0          2 w 1\n"
        f"{'001    2      Brown, Bob':<81}0.0          1 b 0\n"
    )


def test_convert_team_file_to_trf(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    result = CliRunner().invoke(cli, ["convert", str(FOUR_CLUBS), str(target)])
    assert result.exit_code == 0, result.output
    assert "4 teams, 9 players, 3 rounds" in result.output
    assert differences(read(FOUR_CLUBS), read(target)) == []


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda path: path.stem)
def test_team_files_through_json_and_back(path: Path) -> None:
    teams = read(path)
    from_json = read_json_reading(write_json_teams(teams), path="teams.json", warn=_ignored.append)
    assert isinstance(from_json, TeamEvent)
    assert differences(teams, from_json) == []
    # TRF → JSON → TRF: the same file as TRF → TRF.
    assert write_trf_teams(from_json) == write_trf_teams(teams)


def test_team_json_read_by_hand() -> None:
    path = DATA / "bad" / "json_team_valid_reference.json"
    teams = read_json_reading(path.read_text(encoding="utf-8"), path=path.name)
    assert isinstance(teams, TeamEvent)
    # Ann beats Cid, Bob draws Dan: Alpha 1.5 GP and a won match (2 MP of 2-1-0), Beta 0.5 GP and 0 MP.
    assert [teams.matches.totals(row) for row in range(2)] == [(F(2), F(3, 2)), (F(0), F(1, 2))]
    assert [team.members for team in teams.teams] == [(0, 1), (2, 3)]
    assert teams.matches.lineup(1, 1) == [2, 3]


def test_individual_json_reader_refuses_teams() -> None:
    from sonneborn.errors import InputError
    from sonneborn.formats.jsonio import read_json

    path = DATA / "bad" / "json_team_valid_reference.json"
    with pytest.raises(InputError, match=r":9:\d+: tournament.teams: a team competition"):
        read_json(path.read_text(encoding="utf-8"), path=path.name)


def test_convert_team_file_to_json_and_back(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    assert CliRunner().invoke(cli, ["convert", str(FOUR_CLUBS), str(target)]).exit_code == 0
    back = tmp_path / "back.trf"
    result = CliRunner().invoke(cli, ["convert", str(target), str(back)])
    assert result.exit_code == 0, result.output
    assert differences(read(FOUR_CLUBS), read(back)) == []


def test_convert_team_file_refuses_a_format_without_teams(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(FOUR_CLUBS), str(tmp_path / "out.pgn")])
    assert result.exit_code == 2
    assert "pgn cannot hold its teams (expected trf, json)" in result.output
