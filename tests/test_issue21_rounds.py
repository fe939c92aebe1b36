"""Issue 21: the standings after any round (``--after-round N``, ``Request.after_round``, the API's ``after_round``).

The small Swiss below was worked by hand (1-½-0, C.07 2026):

- R1: #1-#2 1-0, #3-#4 ½-½. R2: #1-#3 1-0, #2 a requested zero-point bye, #4 the PAB. R3: #4-#1 1-0, #2-#3 1-0.
- Final scores: #1 2, #2 1, #3 ½, #4 2½. After round 2: #1 2, #2 0, #3 ½, #4 1½.
- After round 2, #2's bye is in the last round played: 16.2.5, so his opponents see 0 + ½ = ½ (16.3). In the
  whole event round 3 follows it with a game: 16.2.3, seen as his own 1.
- BH after round 2: #1 = #2 ½ + #3 ½ = 1; #2 = #1 2 + own dummy min(0, ½ × 2 rounds) = 2; #3 = #4 1½ + #1 2 =
  3½; #4 = #3 ½ + PAB dummy min(own 1½, ½ × 2 rounds played) = 1½.
- FB after round 2 is BH (8.3: no final round yet). Had round 2 been the final one, its game #1-#3 drawn
  would give #3 FB = #4 1½ + #1 1½ = 3.
- SB after round 2: #1 = ½ + ½ = 1; #3 = ½ × 1½ = ¾; #4 = ½ × ½ + 1 × 1 = 1¼. PS: #1 1 + 2 = 3, #4 ½ + 1½ = 2.
  REP: #2 2 rounds − 1 bye = 1, every other 2.
- Order after round 2: #1, #4, #3, #2 (points alone).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from builders import event as build_event
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import scaled
from random_events import quiet, random_event

from sonneborn.cli import cli
from sonneborn.errors import OptionError
from sonneborn.event import Event
from sonneborn.formats.jsonio import read_json, write_json
from sonneborn.formats.trf import read_trf, write_trf
from sonneborn.model import Colour, Entry, EventKind, ResultKind, Tournament
from sonneborn.pipeline import Reading, Request, read, standings
from sonneborn.ranking import Standings
from sonneborn.render.json import render_json
from sonneborn.tiebreaks.rules import Rules

F = Fraction
DATA = Path(__file__).resolve().parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
SWISS = """
1 A: 2w1 3w1 4b0
2 B: 1b0 -Z 3w1
3 C: 4w= 1b0 2b0
4 D: 3b= -U 1w1
"""
CODES = "BH,FB,SB,PS,REP"


def values(result: Standings) -> dict[int, dict[str, Fraction | None]]:
    data = json.loads(render_json(result))
    return {
        row["start"]: {c: None if v is None else F(v) for c, v in row["values"].items()} for row in data["standings"]
    }


def after(text: str, last: int | None, codes: str = CODES) -> Standings:
    tournament = build_event(text, kind=EventKind.SWISS)
    return standings(Reading.of(Event.of(tournament)), Request.parse(tiebreaks=codes, after_round=last))


def test_the_swiss_after_round_2_has_the_values_worked_by_hand() -> None:
    result = after(SWISS, 2)
    got = values(result)
    assert {start: got[start]["BH"] for start in got} == {1: 1, 2: 2, 3: F(7, 2), 4: F(3, 2)}
    assert all(got[start]["FB"] == got[start]["BH"] for start in got)  # 8.3: no final round yet
    assert (got[1]["SB"], got[3]["SB"], got[4]["SB"]) == (F(1), F(3, 4), F(5, 4))
    assert (got[1]["PS"], got[4]["PS"]) == (F(3), F(2))
    assert {start: got[start]["REP"] for start in got} == {1: 2, 2: 1, 3: 2, 4: 2}
    assert [row + 1 for row in result.order.tolist()] == [1, 4, 3, 2]


def test_a_bye_followed_by_a_game_only_later_is_in_the_last_round_after_round_2() -> None:
    # #1's BH counts #2's adjusted score: ½ after round 2 (16.2.5), but the whole event's #2 is seen as his 1.
    whole = values(after(SWISS, None, "BH"))
    part = values(after(SWISS, 2, "BH"))
    assert part[1]["BH"] == F(1, 2) + F(1, 2)
    assert whole[1]["BH"] == 1 + F(1, 2) + F(5, 2)  # #2 1 (16.2.3) + #3 ½ + #4 2½


def test_a_round_robin_after_a_round_stays_a_round_robin() -> None:
    # A round robin of 4 after round 1 has paired only two pairs: it is ranked as a round robin still (15.2).
    text = """
1 A: 4w1 2w= 3b=
2 B: 3w1 1b= 4w0
3 C: 2b0 4b1 1w=
4 D: 1b0 3w0 2b1
"""
    tournament = build_event(text)
    result = standings(Reading.of(Event.of(tournament)), Request(after_round=1))
    assert result.event.kind is EventKind.ROUND_ROBIN
    assert [str(spec) for spec in result.specs][:2] == ["DE", "SB"]


@pytest.mark.parametrize(("last", "message"), [(0, r"after round 1 or later \(found 0\)"), (4, "has 3 rounds played")])
def test_a_round_out_of_range_is_the_options_error(last: int, message: str) -> None:
    with pytest.raises(OptionError, match=message) as raised:
        after(SWISS, last)
    assert raised.value.option == "after_round"


def test_the_command_line_says_a_round_out_of_range_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "swiss.json"
    path.write_text(write_json(build_event(SWISS)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "--after-round", "7"])
    assert result.exit_code == 2, result.output
    assert result.stderr == "sonneborn: error: --after-round: the event has 3 rounds played (expected 1 to 3)\n"


def test_the_command_line_ranks_after_a_round(tmp_path: Path) -> None:
    path = tmp_path / "swiss.json"
    path.write_text(write_json(build_event(SWISS)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "--after-round", "2", "-t", "BH", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [row["start"] for row in data["standings"]] == [1, 4, 3, 2]
    assert [F(row["points"]) for row in data["standings"]] == [2, F(3, 2), F(1, 2), 0]
    assert (data["event"]["rounds"], data["event"]["played"]) == (3, 2)
    for command in (["crosstable", "-f", "json"], ["compare"], ["convert", "-", "--to", "json"]):
        ran = CliRunner().invoke(cli, [command[0], str(path), *command[1:], "--after-round", "2"])
        assert ran.exit_code == 0, ran.output


def test_convert_after_a_round_writes_the_event_as_it_stood(tmp_path: Path) -> None:
    path = tmp_path / "swiss.json"
    path.write_text(write_json(build_event(SWISS)), encoding="utf-8")
    ran = CliRunner().invoke(cli, ["convert", str(path), "-", "--to", "trf", "--after-round", "1"])
    assert ran.exit_code == 0, ran.output
    written = read_trf(ran.stdout)
    assert written.rounds == 3  # the rounds planned
    assert [entry.kind for entry in written.players[1].entries] == [ResultKind.LOSS, *[ResultKind.NOT_PLAYED] * 2]


# --- team events ------------------------------------------------------------------------------------------------
# The four clubs file (worked out in tests/test_issue20_teamcmd.py): MP 3-1-0, two boards, Beta −1 MP −½ GP
# outside the rounds. Round 1: Alpha 1½-½ Beta (3 MP), Gamma 1½-½ Delta with record 299 setting Gamma's MP
# to 2. Round 2: Alpha 1-1 Gamma, Delta wins Beta by forfeit (330). Round 3: Gamma the PAB (320: 2 MP 1½ GP),
# Beta a half-point bye (240), Alpha-Delta. After round 1: Alpha 3 / 1½, Gamma 2 / 1½, Delta 0 / ½, Beta −1 / 0;
# after round 2: Alpha 4 / 2½, Gamma 3 / 2½, Delta 3 / 2½, Beta −1 / 0 (round 3's PAB and bye not yet known).
# BH:MP after round 1: each team's one opponent's MP: Alpha −1, Gamma 0, Delta 2, Beta 3.


def team_totals(result: Standings) -> dict[str, tuple[Fraction, Fraction]]:
    data = json.loads(render_json(result))
    return {row["name"]: (F(row["points"]), F(row["secondary"])) for row in data["standings"]}


def test_a_team_event_after_round_1_and_2_has_the_totals_worked_by_hand() -> None:
    reading = read(FOUR_CLUBS)
    first = standings(reading, Request.parse(tiebreaks="BH:MP", after_round=1))
    assert team_totals(first) == {
        "Alpha": (F(3), F(3, 2)), "Gamma": (F(2), F(3, 2)), "Delta": (F(0), F(1, 2)), "Beta": (F(-1), F(0))
    }  # fmt: skip
    assert [first.event.roster.names[row] for row in first.order] == ["Alpha", "Gamma", "Delta", "Beta"]
    bh = first.column("BH:MP")
    assert [bh.value(row).number for row in range(4)] == [-1, 3, 0, 2]  # by team number: Alpha, Beta, Gamma, Delta
    second = standings(reading, Request(after_round=2))
    assert team_totals(second) == {
        "Alpha": (F(4), F(5, 2)), "Gamma": (F(3), F(5, 2)), "Delta": (F(3), F(5, 2)), "Beta": (F(-1), F(0))
    }  # fmt: skip
    assert second.event.table.provisional


def test_a_team_event_after_a_round_on_the_command_line() -> None:
    result = CliRunner().invoke(cli, ["crosstable", str(FOUR_CLUBS), "--boards", "-f", "json", "--after-round", "1"])
    assert result.exit_code == 0, result.output
    bad = CliRunner().invoke(cli, ["standings", str(FOUR_CLUBS), "--after-round", "4"])
    assert bad.exit_code == 2
    assert bad.stderr == "sonneborn: error: --after-round: the event has 3 rounds played (expected 1 to 3)\n"


# --- the property --------------------------------------------------------------------------------------------


def written_up_to(tournament: Tournament, last: int) -> Tournament:
    """The event as a file written after round ``last`` holds it: the later rounds empty, the rounds planned and
    the kind stated (a round robin's file says it is one), nothing recorded."""
    kind = Event.of(tournament).kind
    players = tuple(
        replace(
            player,
            entries=tuple(
                entry if entry.round <= last else Entry(entry.round, None, Colour.UNKNOWN, ResultKind.NOT_PLAYED)
                for entry in player.entries
            ),
            recorded_points=None,
            recorded_rank=None,
            recorded_tiebreaks=(),
        )
        for player in tournament.players
    )
    return replace(tournament, players=players, kind=kind)


EVERYTHING = "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,KS,REP,STD,GF,ARO/U1500,TPR/U1500"


@settings(max_examples=scaled(40), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rules=st.sampled_from(list(Rules)), data=st.data())
def test_standings_after_round_n_are_those_of_the_file_of_rounds_1_to_n(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    tournament = random_event(random.Random(seed))
    played = Event.of(tournament).table.played_rounds
    if played < 1:
        return
    last = data.draw(st.integers(min_value=1, max_value=played), label="after round")
    request = Request.parse(tiebreaks=EVERYTHING, after_round=last, rules=rules.value)
    with quiet():
        expected = json.loads(render_json(standings(Reading.of(Event.of(tournament)), request)))
        short = written_up_to(tournament, last)
        for again in (read_json(write_json(short)), read_trf(write_trf(short))):
            whole = replace(request, after_round=None)
            got = json.loads(render_json(standings(Reading.of(Event.of(again)), whole)))
            assert got["standings"] == expected["standings"]
            assert (got["event"]["rounds"], got["event"]["played"]) == (expected["event"]["rounds"], last)
