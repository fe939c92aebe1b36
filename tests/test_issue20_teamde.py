"""Issue 20, step 3 (teamde): the extended direct encounter (C.07 13.3: EDE, EDET, EDEB, EDEBT, EDEBB) and the
board tie-breaks (12.1–12.3: BC, TBR, BBE) of team events.

The engine must agree with the team oracle (``tests/oracle/teams.py``) on every value of the reference corpus,
and with FIDE's checker except where ``docs/tiebreaks-teams-reference.md`` says C.07 reads otherwise. The hand
events are those of ``tests/test_team_oracle.py``, written as TRF-26 files here; their values are worked out
there from the C.07 text (and repeated in the comments below), not read from either program.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from oracle import teams as T
from oracle.team_reader import read_team_event
from test_team_oracle import checker_ede, reference_places

from sonneborn.errors import TiebreakError
from sonneborn.event import Event
from sonneborn.formats.trf import read_trf_teams
from sonneborn.ranking import Standings, rank
from sonneborn.teams import TeamEvent, team_event
from sonneborn.tiebreaks import REGISTRY, Context, parse, parse_list
from sonneborn.tiebreaks.boards import board_games
from sonneborn.tiebreaks.knockout import board_count, board_points, bottom_board_keys, top_board_keys

REFERENCE = Path(__file__).resolve().parent / "data" / "teams" / "reference"
EVENTS = sorted(REFERENCE.glob("*.trf"))
GROUPED = ("EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE")
ART_12 = ("EDET", "EDEB", "EDEBT", "EDEBB")
"""The codes where the checker's reading of 13.3.2 differs (the reference's documented defects)."""
F = Fraction


# --- the reference corpus ------------------------------------------------------------------------------------


@cache
def corpus(path: Path) -> tuple[T.TeamEvent, TeamEvent]:
    return read_team_event(path), read_trf_teams(path.read_text(encoding="utf-8"), path=path.name)


def tied_on(event: Event) -> np.ndarray:
    """Every team's group when the list starts: the teams with the same primary score."""
    _, groups = np.unique(-Context(event).scores, return_inverse=True)
    return groups.astype(np.int64)


def engine_column(event: Event, code: str) -> list[Fraction | None]:
    spec = parse(code)
    kernel = REGISTRY[spec.code].group_kernel
    assert kernel is not None
    column = kernel(Context(event).of(spec), spec, tied_on(event))
    return [column.number(row) for row in range(event.players)]


@pytest.mark.parametrize("path", EVENTS, ids=lambda p: p.stem)
@pytest.mark.parametrize("primary", ["MP", "GP"])
def test_the_engine_agrees_with_the_oracle_on_the_corpus(path: Path, primary: str) -> None:
    theirs, ours = corpus(path)
    event = team_event(ours, primary=primary)
    differ = []
    bc = T.values(theirs, "BC", primary)
    if engine_column(event, "BC") != [bc[team.number] for team in theirs.teams]:
        differ.append("BC")
    for code in GROUPED:
        expected = T.group_places(theirs, code, primary)
        if engine_column(event, code) != [expected[team.number] for team in theirs.teams]:
            differ.append(code)
    assert not differ, f"{path.stem}, ranked by {primary}: {differ}"


def test_every_code_of_this_step_is_in_the_corpus_and_is_a_team_code() -> None:
    reference = json.loads(EVENTS[0].with_suffix(".json").read_text())["values"]["1"]
    for code in ("BC", *GROUPED):
        assert code in reference, code
        assert code == "BC" or "GP>" + code in reference, code  # BC has no primary: the checker gives it once
        assert REGISTRY[code].teams is True and REGISTRY[code].group_kernel is not None, code


def test_the_board_points_are_the_oracle_s() -> None:
    for path in EVENTS:
        theirs, ours = corpus(path)
        games = board_games(ours)
        points, unit = board_points(games), games.unit
        found = [[F(int(p), unit) for p in row] for row in points.tolist()]
        assert found == [T.board_points(theirs, team.number) for team in theirs.teams], path.stem


def test_the_engine_agrees_with_fides_checker_but_for_its_documented_reading_of_13_3_2() -> None:
    # docs/tiebreaks-teams-reference.md: of the four EDE codes with Art. 12 steps, 132 values differ, every one
    # the checker's reading (checker_ede); BC, TBR, BBE and EDE agree everywhere.
    explained = 0
    for path in EVENTS:
        theirs, ours = corpus(path)
        reference = json.loads(path.with_suffix(".json").read_text())["values"]
        for primary in ("MP", "GP"):
            event = team_event(ours, primary=primary)
            prefix = "" if primary == "MP" else "GP>"
            codes = [c for c in ("BC", *GROUPED) if prefix + c in reference["1"]]
            groups: dict[int, list[int]] = {}
            for row, group in enumerate(tied_on(event).tolist()):
                groups.setdefault(group, []).append(row + 1)
            for code in codes:
                checker = {int(t): F(row[prefix + code]) for t, row in reference.items()}
                values = engine_column(event, code)
                if code == "BC":
                    assert values == [checker[t] for t in range(1, event.players + 1)], path.stem
                    continue
                # The checker ranks within the group (1 the best); the engine's value is the same place.
                places = reference_places(list(groups.values()), dict(checker.items()))
                ours_ahead = reference_places(list(groups.values()), {t: values[t - 1] for t in checker})
                if code not in ART_12:
                    assert ours_ahead == places, (path.stem, primary, code)
                    continue
                reading = {
                    t: ahead
                    for group in groups.values()
                    for ahead, part in _ahead(checker_ede(theirs, group, primary, code))
                    for t in part
                }
                for team, ahead in ours_ahead.items():
                    if ahead != places[team]:
                        assert reading[team] == places[team], (path.stem, primary, code, team)
                        explained += 1
    assert explained == 132


def _ahead(parts: Sequence[Sequence[int]]) -> list[tuple[int, Sequence[int]]]:
    found, ahead = [], 0
    for part in parts:
        found.append((ahead, part))
        ahead += len(part)
    return found


# --- hand events -----------------------------------------------------------------------------------------------

Pairing = tuple[str, int, int, str]
"""("m", home, away, board results from home's side), ("bye", team, 0, "H") for a half-point bye; a team not
paired in a round has a zero-point bye (a round robin's free round)."""


def trf(rounds: list[list[Pairing]], boards: int = 2, *, round_robin: bool = False) -> str:
    """A TRF-26 team file of the oracle test's notation: team ``t`` has players ``(t − 1) × boards + 1 …``, the
    home team White on board 1, the colours alternating down the boards."""
    teams = sorted({p[1] for r in rounds for p in r} | {p[2] for r in rounds for p in r if p[2]})
    blocks: dict[int, list[str]] = {
        (t - 1) * boards + b: ["        "] * len(rounds) for t in teams for b in range(1, boards + 1)
    }
    byes = []
    other = {"1": "0", "=": "=", "0": "1"}
    for number, pairings in enumerate(rounds, start=1):
        for kind, home, away, text in pairings:
            if kind == "bye":
                byes.append(f"240 {text} {number:>3} {home:>4}")
                continue
            for b, result in enumerate(text, start=1):
                white_home = b % 2 == 1
                h, a = (home - 1) * boards + b, (away - 1) * boards + b
                blocks[h][number - 1] = f"{a:>4} {'w' if white_home else 'b'} {result}"
                blocks[a][number - 1] = f"{h:>4} {'b' if white_home else 'w'} {other[result]}"
    lines = [
        "012 Hand-made team event (tests/test_issue20_teamde.py)",
        f"142 {len(rounds)}",
        "192 " + ("BERGER_TEAM_ROUNDROBIN" if round_robin else "FIDE_TEAM_BAKU"),
    ]
    for t in teams:
        members = " ".join(f"{(t - 1) * boards + b:>4}" for b in range(1, boards + 1))
        lines.append(f"{f'310 {t:>3} Team {t}':<73}{members}")
    for start, cells in blocks.items():
        lines.append(f"{f'001 {start:>4}      Player {start}':<89}" + "".join(f"  {cell}" for cell in cells))
    return "\n".join([*lines, *byes]) + "\n"


def standings(rounds: list[list[Pairing]], codes: str, boards: int = 2, **options: object) -> Standings:
    primary = str(options.pop("primary", "MP"))
    teams = read_trf_teams(trf(rounds, boards, round_robin=bool(options.get("round_robin"))), path="hand.trf")
    return rank(team_event(teams, primary=primary), parse_list(codes))


def values(found: Standings, code: str) -> dict[int, Fraction | None]:
    return {row + 1: found.column(code).number(row) for row in range(found.event.players)}


SWISS = [
    [("m", 1, 2, "1="), ("m", 3, 4, "==")],
    [("m", 1, 3, "00"), ("m", 2, 4, "11")],
    [("m", 1, 4, "=0"), ("bye", 2, 0, "H")],
]
"""Four teams, three rounds, two boards (test_team_oracle.SWISS): MP / GP 1 2 / 2, 2 3 / 3½, 3 3 / 3, 4 3 / 2½;
team 2 has a half-point bye in round 3, team 3 a zero-point bye."""

CYCLE = [[("m", 1, 2, "1==")], [("m", 2, 3, "11=")], [("m", 3, 1, "111")]]
"""A round robin of three teams on three boards, each beating the next (test_team_oracle.CYCLE): 2 MP each;
GP 1: 2, 2: 3½, 3: 3½."""

PAIR = [
    [("m", 1, 2, "1="), ("m", 3, 4, "11"), ("m", 5, 6, "==")],
    [("m", 1, 3, "1="), ("m", 2, 5, "11"), ("m", 4, 6, "==")],
    [("m", 1, 4, "0="), ("m", 2, 6, "1="), ("m", 3, 5, "=1")],
]
"""Six teams, three rounds, two boards (test_team_oracle.PAIR): 1, 2 and 3 on 4 MP with 3½, 4 and 4 GP; 2 and 3
did not meet."""


def test_the_hand_files_are_the_oracle_s_events() -> None:
    found = standings(SWISS, "BC")
    mp, gp = found.event.table.scores["MP"], found.event.table.scores["GP"]
    assert [F(int(v), mp.unit) for v in mp.totals] == [2, 3, 3, 3]
    assert [F(int(v), gp.unit) for v in gp.totals] == [2, F(7, 2), 3, F(5, 2)]
    cycle = standings(CYCLE, "BC", boards=3, round_robin=True).event.table.scores["GP"]
    assert [F(int(v), cycle.unit) for v in cycle.totals] == [2, F(7, 2), F(7, 2)]


def test_board_points_count_a_bye_on_every_board() -> None:
    # 12: team 1's boards: board 1 1 + 0 + ½, board 2 ½ + 0 + 0; team 2's 0 + 1 + HPB ½ and ½ + 1 + ½; team
    # 3's ½ + 1 (its ZPB nothing) on each; team 4's ½ + 0 + ½ and ½ + 0 + 1
    games = board_games(read_trf_teams(trf(SWISS), path="swiss.trf"))
    points, unit = board_points(games), games.unit
    assert [[F(int(p), unit) for p in row] for row in points.tolist()] == [
        [F(3, 2), F(1, 2)],
        [F(3, 2), 2],
        [F(3, 2), F(3, 2)],
        [1, F(3, 2)],
    ]
    # BC (12.1): 1: 1½ + 2×½ = 2½; 2: 1½ + 2×2 = 5½; 3: 1½ + 3 = 4½; 4: 1 + 3 = 4
    assert [F(int(v), unit) for v in board_count(points).tolist()] == [F(5, 2), F(11, 2), F(9, 2), 4]
    # TBR (12.2) top down: 2 and 3 equal on board 1, 2 ahead on board 2; 4 last on board 1
    tbr = top_board_keys(points).tolist()
    assert tbr[1] > tbr[2] > tbr[3]
    # BBE (12.3) with two boards: board 1 alone, where 1, 2 and 3 are equal and 4 behind
    bbe = bottom_board_keys(points).tolist()
    assert bbe[0] == bbe[1] == bbe[2] > bbe[3]


def test_tbr_and_bbe_rank_inside_the_tied_group() -> None:
    # 2, 3 and 4 are tied on 3 MP; 1 is alone. TBR: [[2], [3], [4]]; BBE: [[2, 3], [4]] (test_team_oracle)
    found = standings(SWISS, "TBR")
    assert values(found, "TBR") == {1: 0, 2: 1, 3: 2, 4: 3}
    assert found.starts == [2, 3, 4, 1]
    found = standings(SWISS, "BBE")
    assert values(found, "BBE") == {1: 0, 2: 1, 3: 1, 4: 3}
    assert [found.row(t).rank for t in (2, 3, 4, 1)] == [1, 1, 3, 4]
    assert found.row(2).values["BBE"].note == "board 1 1.5"
    assert found.row(1).values["BBE"].note == "not tied at this point; board 1 1.5"
    assert standings(SWISS, "TBR").row(3).values["TBR"].note == "board 1 1.5, board 2 1.5"


def test_bc_is_lower_first_and_only_among_teams_with_the_same_game_points() -> None:
    # SWISS: 2, 3, 4 tied on MP have 3½, 3 and 2½ GP: BC separates none of them (12.1), whatever its values
    found = standings(SWISS, "BC")
    assert values(found, "BC") == {1: F(5, 2), 2: F(11, 2), 3: F(9, 2), 4: 4}
    assert [found.row(t).rank for t in (2, 3, 4)] == [1, 1, 1]
    assert "game points differ" in found.row(4).values["BC"].note
    # PAIR: EDE puts 1 first and leaves 2 and 3 (4 MP, 4 GP each): BC then applies, the lower first: 2's boards
    # 2 and 2 give 1×2 + 2×2 = 6, 3's 1½ and 2½ give 1½ + 5 = 6½
    found = standings(PAIR, "EDE,BC")
    assert found.starts[:3] == [1, 2, 3]
    assert values(found, "BC")[2] == 6 and values(found, "BC")[3] == F(13, 2)
    assert found.row(2).values["BC"].note == ""
    # BC first on 1, 2, 3: 1 (3½ GP) has the lowest BC but the GP differ, so BC separates nobody
    found = standings(PAIR, "BC")
    assert [found.row(t).rank for t in (1, 2, 3)] == [1, 1, 1]


def test_bc_is_shown_as_each_board_times_its_game_points() -> None:
    # SWISS: team 1 (alone on its MP) 1×1½ + 2×½ = 2½, no note; team 2 1×1½ + 2×2 = 5½ and team 4 1×1 + 2×1½
    # = 4, both tied on MP with teams whose GP differ: BC not used (12.1). The elements are the boards, no round.
    found = standings(SWISS, "BC")
    shown = {t: found.row(t).values["BC"] for t in (1, 2, 4)}
    assert [(e.round, e.opponent, e.value, e.text) for e in shown[1].elements] == [
        (0, None, F(3, 2), "1×1.5 (board 1)"),
        (0, None, F(1), "2×0.5 (board 2)"),
    ]
    assert [(e.value, e.text) for e in shown[2].elements] == [(F(3, 2), "1×1.5 (board 1)"), (F(4), "2×2 (board 2)")]
    assert [(e.value, e.text) for e in shown[4].elements] == [(F(1), "1×1 (board 1)"), (F(3), "2×1.5 (board 2)")]
    assert shown[1].note == ""
    assert shown[2].note == shown[4].note == "not used: the tied teams' game points differ, C.07 12.1"


def test_ede_takes_the_secondary_score_and_restarts_on_each_new_subset() -> None:
    # CYCLE: DE on MP separates nobody (2 each); on GP it puts {2, 3} (3½) ahead of 1 (2) (13.3.1), and within
    # {2, 3} 2 (6.2); {2, 3} starting again from 13.3.1 (13.3.3) on MP would give the same: 2 beat 3
    found = standings(CYCLE, "DE,DE:GP", boards=3, round_robin=True)
    assert values(found, "DE") == {1: 0, 2: 0, 3: 0}
    assert values(found, "DE:GP") == {1: 3, 2: 1, 3: 2}
    found = standings(CYCLE, "EDE", boards=3, round_robin=True)
    assert values(found, "EDE") == {1: 3, 2: 1, 3: 2}
    assert found.starts == [2, 3, 1]
    # Ranked by GP, only 2 and 3 are tied (3½ each); EDE runs DE on GP first: 2 won their match 2½–½
    found = standings(CYCLE, "EDE", boards=3, round_robin=True, primary="GP")
    assert values(found, "EDE") == {1: 0, 2: 1, 3: 2}
    assert found.row(3).values["EDE"].note == "DE on GP, Team 2, Team 3: separate standings: Team 2 2.5, Team 3 0.5"
    note = standings(CYCLE, "EDE", boards=3, round_robin=True).row(1).values["EDE"].note
    assert note.startswith("DE on GP, Team 1, Team 2, Team 3: separate standings: Team 2 3.5, Team 3 3.5, Team 1 2")
    # Art. 6 again on {2, 3} (6.2), still on GP: 2 won their match 2½–½
    assert note.endswith("; then DE on GP, Team 2, Team 3: separate standings: Team 2 2.5, Team 3 0.5")


def test_ede_separates_nobody_when_not_everyone_met_and_nobody_leads_whatever_happens() -> None:
    # SWISS: 2 beat 4, 3 and 4 drew; 2 and 3 did not meet, and that match could still give 3 the lead (6.3)
    found = standings(SWISS, "EDE,EDEBT")
    assert values(found, "EDE") == values(found, "EDEBT") == {1: 0, 2: 0, 3: 0, 4: 0}
    assert found.row(2).values["EDEBT"].note == (
        "separates nobody: neither DE on MP nor DE on GP; BC, TBR only for two teams left tied (C.07 13.3.2)"
    )


@pytest.mark.parametrize("code", ["EDEBT", "EDEBB", "EDET", "EDEB"])
def test_the_art_12_steps_decide_two_teams_left_with_the_same_mp_and_gp(code: str) -> None:
    # PAIR: DE on MP puts 1 first whatever 2–3 could give (6.3); {2, 3} restarts, DE cannot separate them (they
    # did not meet), they have the same MP and GP: the option's Art. 12 steps put 2 ahead (BC 6 < 6½; TBR board 1
    # 2 > 1½; BBE board 1 too)
    found = standings(PAIR, code)
    assert {t: values(found, code)[t] for t in (1, 2, 3)} == {1: 1, 2: 2, 3: 3}
    assert found.starts[:3] == [1, 2, 3]
    assert values(standings(PAIR, "EDE"), "EDE") == {1: 1, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}


def test_the_art_12_step_is_named_in_the_derivation() -> None:
    note = standings(PAIR, "EDEBT").row(3).values["EDEBT"].note
    assert note.endswith(
        "; then BC (C.07 12.1), Team 2, Team 3, the same MP and GP: Team 2 BC 6 = 1×2 + 2×2; Team 3 BC 6.5 = "
        "1×1.5 + 2×2.5"
    ), note


def test_the_team_codes_are_refused_for_an_individual_event() -> None:
    from sonneborn.demo import seed_event

    for code in ("EDE", "EDET", "BC", "TBR", "BBE"):
        with pytest.raises(
            TiebreakError, match=rf"^{code}: .* is a team tie-break, and the event is an individual one$"
        ):
            rank(seed_event(), parse_list(code))


def test_the_command_ranks_a_team_file_by_these_codes(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli

    path = tmp_path / "pair.trf"
    path.write_text(trf(PAIR), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "EDEB,BC", "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = {row["start"]: row for row in json.loads(result.stdout)["standings"]}
    # PAIR: EDEB puts 1, 2, 3 in that order (BBE on board 1: 2 > 1½); BC 2: 6, 3: 6½ (see above)
    assert [rows[t]["values"]["EDEB"] for t in (1, 2, 3)] == [1, 2, 3]
    assert [rows[t]["rank"] for t in (1, 2, 3)] == [1, 2, 3]
    assert rows[3]["values"]["BC"] == 6.5


def test_the_command_refuses_a_team_code_for_an_individual_file_in_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli
    from sonneborn.demo import seed_text

    path = tmp_path / "seed.tsv"
    path.write_text(seed_text(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "SB,TBR"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        "sonneborn: error: TBR: Top board result is a team tie-break, and the event is an individual one"
    ]
