"""Issue 20, step 3 (teamrank): the team event as an engine event, its rows the teams, and its ranking.

The four clubs file (``tests/data/teams/four_clubs_trf26.trf``) is worked out in ``tests/test_team_read.py``:
MP 3-1-0 (record 362), two boards, totals Alpha 7 MP / 3½ GP, Beta 0 / 1 (a penalty of −1 MP −½ GP), Gamma
5 / 4, Delta 3 / 2½.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from oracle import teams as T
from oracle.team_reader import read_team_event

from sonneborn.cli import cli
from sonneborn.errors import OptionError, TiebreakError
from sonneborn.formats.trf import read_trf_teams
from sonneborn.pipeline import Request, read, standings
from sonneborn.ranking import rank
from sonneborn.teams import TeamEvent, team_event, teams_of
from sonneborn.tiebreaks import REGISTRY, parse, parse_list

DATA = Path(__file__).resolve().parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
F = Fraction


def four_clubs() -> TeamEvent:
    return read_trf_teams(FOUR_CLUBS.read_text(encoding="utf-8"), path="four.trf")


def test_the_rows_are_the_teams_with_both_scores() -> None:
    teams = four_clubs()
    event = team_event(teams)
    assert list(event.roster.names) == ["Alpha", "Beta", "Gamma", "Delta"]
    assert event.table.primary == "MP" and list(event.table.scores) == ["MP", "GP"]
    mp, gp = event.table.scores["MP"], event.table.scores["GP"]
    assert [F(int(v), mp.unit) for v in mp.totals] == [7, 0, 5, 3]
    assert [F(int(v), gp.unit) for v in gp.totals] == [F(7, 2), 1, 4, F(5, 2)]
    # A match's win, draw and loss: 3-1-0 MP; on two boards of 1-½-0, 2, 1 and 0 GP (Art. 16's draw: 1 GP).
    assert (F(mp.win, mp.unit), F(mp.draw, mp.unit), F(mp.loss, mp.unit)) == (F(3), F(1), F(0))
    assert (F(gp.win, gp.unit), F(gp.draw, gp.unit), F(gp.loss, gp.unit)) == (F(2), F(1), F(0))
    assert teams_of(event) is teams and event.teams is teams
    assert team_event(teams, primary="GP").table.score is not None


def test_rating_codes_are_refused_for_teams_and_team_data_for_individuals() -> None:
    event = team_event(four_clubs())
    with pytest.raises(TiebreakError, match=r"^ARO: Average rating of opponents reads the players' ratings"):
        rank(event, parse_list("BH,ARO"))
    with pytest.raises(TiebreakError, match="no team event"):
        teams_of(four_clubs().event)


# --- the engine against the team oracle, on FIDE's reference corpus -------------------------------------------

REFERENCE = DATA / "teams" / "reference"
CORPUS = sorted(REFERENCE.glob("*.trf"))
OTHERS = {"BC", "TBR", "BBE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "MPTS", "GPTS"}
"""Codes of the corpus another step ranks (the board tie-breaks and EDE, teamde) or none names (MPTS, GPTS: the
scores themselves, PTS here)."""


@cache
def corpus_keys(path: Path) -> list[str]:
    values = json.loads(path.with_suffix(".json").read_text())["values"]
    return [key for key in next(iter(values.values())) if T.Code.parse(key.split(">")[-1]).name not in OTHERS]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_engine_agrees_with_the_team_oracle_on_the_reference_corpus(path: Path) -> None:
    oracle = read_team_event(path)
    reading = read(path)
    assert reading.teams is not None
    differ: list[tuple[object, ...]] = []
    for key in corpus_keys(path):
        primary = "GP" if key.startswith("GP>") else "MP"
        code = key.split(">")[-1]
        event = team_event(reading.teams, primary=primary)
        column = rank(event, [parse(code)]).columns[0]
        if T.Code.parse(code).name == "DE":
            groups: dict[Fraction, list[int]] = {}
            for team in oracle.teams:
                groups.setdefault(T.total(oracle, team.number, primary), []).append(team.number)
            for group in groups.values():
                parts = T.order_group(oracle, group, code, primary)
                # The engine's DE value is a place inside the group: teams of an earlier part have a better one.
                for better, worse in pairwise(parts):
                    for a in better:
                        for b in worse:
                            if not column.key[a - 1] > column.key[b - 1]:
                                differ.append((key, a, b))
                for part in parts:
                    if len({int(column.key[t - 1]) for t in part}) != 1:
                        differ.append((key, part))
            continue
        expected = T.values(oracle, code, primary)
        for team in oracle.teams:
            found, wanted = column.number(team.number - 1), expected[team.number]
            if found != wanted:
                differ.append((key, team.number, found, wanted))
    assert not differ, f"{path.stem}: {len(differ)} differ, the first {differ[:5]}"


def test_the_corpus_covers_every_team_code_of_this_step() -> None:
    names = {T.Code.parse(key.split(">")[-1]).name for key in corpus_keys(CORPUS[0])}
    assert {"BH", "FB", "AOB", "SB", "PS", "KS", "STD", "DE", "WIN", "WON", "BPG", "BWG", "REP", "TPN"} <= names
    assert {"MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"} <= names
    registered = {code for code, d in REGISTRY.items() if d.teams}
    assert registered - OTHERS <= names  # the others are tests/test_issue20_teamde.py's


# --- hand cases on the four clubs ------------------------------------------------------------------------------


def test_four_clubs_mpvgp_and_sssc_by_hand() -> None:
    event = team_event(four_clubs())
    found = rank(event, parse_list("MPvGP,SSSC,SSSC/K2"))
    assert found.codes == ["MPvGP", "SSSC", "SSSC/K2"]
    # MPvGP: the GP, 3½, 1, 4, 2½.
    assert [found.column("MPvGP").number(r) for r in range(4)] == [F(7, 2), 1, 4, F(5, 2)]
    # SSSC: K = trunc(3 MP × 3 rounds / 2 GP (both boards won)) = 4. Alpha's BH:MP (Swiss, Art. 16): Beta 0
    # (its HPB of round 3 is 16.2.5, counted as a draw: 1 MP, as it was), Gamma 5, and for round 3, won by
    # forfeit (16.2.2), a dummy of Alpha's own 7 capped at Delta's 3 (16.4.1): 0 + 5 + 3 = 8.
    # SSSC = 3½ + 8/4 = 5½; /K2: 3½ + 4 = 7½.
    assert found.column("SSSC").number(0) == F(11, 2)
    assert found.column("SSSC/K2").number(0) == F(15, 2)


def test_team_codes_are_refused_for_an_individual_event() -> None:
    with pytest.raises(TiebreakError, match=r"^EMGSB/C1: Extended Sonneborn–Berger .* is a team tie-break"):
        rank(four_clubs().event, parse_list("EMGSB/C1"))


# --- the real Crete file ----------------------------------------------------------------------------------------

CRETE = DATA.parent.parent.parent / "shared" / "data" / "real" / "friendship_cup_crete_2024_team.trf"


@pytest.mark.skipif(not CRETE.exists(), reason="the shared real files are not here")
def test_real_crete_team_standings() -> None:
    # The official order by MP (chess-results; tests/test_team_read.py): ΟΑΑΗ 11, ΟΑΧ 10, then three on 9.
    result = standings(read(CRETE), Request.parse(tiebreaks="MPvGP"))
    names = [result.event.roster.names[row] for row in result.order.tolist()]
    assert names[:2] == ["ΟΑΑΗ", "ΟΑΧ"]
    # On 9 MP, by GP: ΣΟΗ 25½, ΓΑΖΙ 1 25, ΟΦΗ 1 24½; last Α.Σ.ΗΡΟΔΟΤΟΣ, 3 MP and 13½ GP by the file's results
    # (the official 14½ counts a point player 41 never scored).
    assert names[2:5] == ["ΣΟΗ", "ΓΑΖΙ 1", "ΟΦΗ 1"]
    last = int(result.order[-1])
    assert names[-1] == "Α.Σ.ΗΡΟΔΟΤΟΣ" and result.column("MPvGP").number(last) == F(27, 2)


# --- the command ----------------------------------------------------------------------------------------------


def test_the_json_of_team_standings() -> None:
    result = CliRunner().invoke(cli, ["standings", str(FOUR_CLUBS), "-f", "json", "-t", "MPvGP,BH:MP/C1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["event"]["competitors"] == "teams" and data["event"]["teams"] == 4
    assert data["tiebreaks"] == ["MPvGP", "BH:MP/C1"]
    first = data["standings"][0]
    assert (first["start"], first["name"], first["points"], first["secondary"]) == (1, "Alpha", 7, 3.5)
    assert first["values"]["MPvGP"] == 3.5
    # Alpha's players: Adams 1 + 1 + "-" (rounds 1–3, boards 1, 2, 1), Brown ½ + "+" in round 3, Clark 0.
    assert [(p["name"], p["points"], p["games"]) for p in first["players"]] == [
        ("Adams, Ann", 2, 3),
        ("Brown, Bob", 1.5, 2),
        ("Clark, Cid", 0, 1),
    ]


def test_primary_gp_and_explain_a_team_by_name() -> None:
    result = CliRunner().invoke(
        cli, ["standings", str(FOUR_CLUBS), "--primary", "gp", "-t", "MPvGP", "--explain", "gamma"]
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # By GP: Gamma 4, Alpha 3½, Delta 2½, Beta 1.
    assert "Gamma (no. 3), rank 1" in lines
    assert any(line.startswith("  GP 4 = ") for line in lines)
    assert any(line.startswith("  MPvGP 5 = ") for line in lines)


def test_a_primary_score_is_only_a_team_events() -> None:
    with pytest.raises(OptionError, match="only a team event has a primary score"):
        standings(four_clubs().event, Request.parse(primary="GP"))


def test_a_trf16_team_file_is_ranked() -> None:
    # Once refused (a bad input): Catalogue A (1, 2) v B (3, 4), two boards, three rounds. Round 1: 1 beat 3,
    # 2 drew 4: 1½–½, A wins; round 2: two draws, 1–1; round 3: 1 beat 3, 2 beat 4: 2–0. MP 2-1-0: A 5, B 1;
    # GP A 1½ + 1 + 2 = 4½, B 1½.
    result = CliRunner().invoke(cli, ["standings", str(DATA / "teams" / "catalogue_trf16.trf"), "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["standings"]
    assert [(row["name"], row["points"], row["secondary"]) for row in rows] == [
        ("Catalogue A", 5, 4.5),
        ("Catalogue B", 1, 1.5),
    ]


@pytest.mark.parametrize("primary", ["MP", "GP"])
def test_every_team_derivation_adds_up_to_its_value(primary: str) -> None:
    # A Swiss with forfeits, byes and a withdrawal: the addends kept of each team code sum to its value.
    reading = read(REFERENCE / "swiss08_b5.trf")
    assert reading.teams is not None
    codes = "MPvGP,EMMSB/C1,EMGSB/P,EGMSB/M1,EGGSB,SSSC,SSSC/F/K3,WIN:GP,BPG:GP,BH:GP/C1,SB:MP"
    result = rank(team_event(reading.teams, primary=primary), parse_list(codes))
    for key in result.codes:
        column = result.column(key)
        for row in range(result.event.players):
            value = column.value(row)
            assert value.number is not None, (key, row)
            if value.elements:
                assert sum((e.value for e in value.elements), F(0)) == value.number, (key, row)
            else:  # a count says its games
                assert value.note, (key, row)
