"""The benchmark generator writes events the readers accept, with every unplayed kind, and breaks files on purpose."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from sonneborn.errors import InputError
from sonneborn.formats import read_path, read_text
from sonneborn.model import EventKind, ResultKind, Tournament

GENERATOR = Path(__file__).parent.parent / "benchmarks" / "generate.py"


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_generate", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


generate = _load_generator()


def _withdrawn(tournament: Tournament) -> list[int]:
    """The players absent (no opponent, no points) from some round before the last to the end."""
    found = []
    for player in tournament.players:
        absent = 0
        for entry in reversed(player.entries):
            if entry.opponent is not None or entry.kind is not ResultKind.ZERO_BYE:
                break
            absent += 1
        if absent >= 2:
            found.append(player.start)
    return found


def test_a_swiss_event_is_read_and_has_every_unplayed_kind(tmp_path: Path) -> None:
    path = generate.write(generate.swiss(200, 11, seed=7), tmp_path / "swiss.trf")
    tournament = read_path(path)
    assert (len(tournament), tournament.rounds, tournament.kind) == (200, 11, EventKind.SWISS)
    kinds = Counter(entry.kind for player in tournament.players for entry in player.entries)
    for kind in (ResultKind.PAIRING_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE):
        assert kinds[kind] > 0, kind
    forfeits = [
        (player.start, entry)
        for player in tournament.players
        for entry in player.entries
        if entry.kind.is_forfeit and entry.opponent is not None
    ]
    results: dict[tuple[int | None, int], ResultKind] = {(s, e.round): e.kind for s, e in forfeits}
    single = [s for s, e in forfeits if e.kind is ResultKind.FORFEIT_WIN]
    double = [
        s for s, e in forfeits if e.kind is ResultKind.FORFEIT_LOSS and results.get((e.opponent, e.round)) == e.kind
    ]
    assert single and double
    assert _withdrawn(tournament)
    for player in tournament.players:
        assert player.recorded_points == sum(
            (tournament.point_system.points(entry.kind) for entry in player.entries), start=player.adjustment
        )


def test_a_swiss_event_reads_the_same_from_json(tmp_path: Path) -> None:
    event = generate.swiss(60, 7, seed=2)
    from_trf = read_path(generate.write(event, tmp_path / "event.trf"))
    from_json = read_path(generate.write(event, tmp_path / "event.json"))
    assert from_json.players == from_trf.players
    assert (from_json.kind, from_json.rounds) == (from_trf.kind, from_trf.rounds)


def test_a_round_robin_of_an_odd_field_follows_the_berger_tables(tmp_path: Path) -> None:
    tournament = read_path(generate.write(generate.round_robin(21, seed=3), tmp_path / "rr.trf"))
    assert (len(tournament), tournament.rounds, tournament.kind) == (21, 21, EventKind.ROUND_ROBIN)
    for player in tournament.players:
        opponents = [entry.opponent for entry in player.entries if entry.opponent is not None]
        assert sorted(opponents) == [start for start in range(1, 22) if start != player.start]
        whites = sum(entry.colour.value == "w" for entry in player.entries)
        assert whites in (9, 10, 11)


def test_a_round_robin_colours_match_the_first_rounds_of_the_tables() -> None:
    event = generate.round_robin(6)
    whites = [
        sorted((start, blocks[r][0]) for start, blocks in enumerate(event.results, 1) if blocks[r][1] == "w")
        for r in range(2)
    ]
    # FIDE Berger table for 5–6 players: round 1 1-6 2-5 3-4, round 2 6-4 5-3 1-2.
    assert whites == [[(1, 6), (2, 5), (3, 4)], [(1, 2), (5, 3), (6, 4)]]


def test_small_events_break_the_files_asked_for(tmp_path: Path) -> None:
    written, broken = generate.small_events(tmp_path, 9, players=12, rounds=5, broken=3, seed=4)
    assert [path.name for path in broken] == ["event-0002.trf", "event-0005.trf", "event-0008.trf"]
    messages = []
    for path in written:
        if path in broken:
            with pytest.raises(InputError) as error:
                read_path(path)
            assert error.value.line > 0
            messages.append(error.value.message)
        else:
            assert len(read_path(path)) == 12
    assert "found end of line" in messages[0]
    assert "but player" in messages[1]
    assert "'Q'" in messages[2]


def test_more_than_9999_players_get_wider_numbers() -> None:
    # TRF-16 has four digits for start numbers; the generator writes record XXD and reads back.
    event = generate.swiss(10_050, 2, seed=3)
    text = generate.to_trf(event)
    assert "XXD 5" in text.splitlines()
    assert len(read_text(text, path="big.trf")) == 10_050


def test_the_generator_examples_run() -> None:
    assert doctest.testmod(generate).failed == 0


def _load_recorded() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_recorded", GENERATOR.with_name("recorded.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_files_that_disagree_have_the_causes_they_say(tmp_path: Path) -> None:
    # Issue 18: check on files whose ranks or values the list in force does not give (benchmarks/recorded.py).
    from click.testing import CliRunner

    from sonneborn.cli import cli

    recorded = _load_recorded()
    source = generate.write(generate.swiss(120, 9, seed=2), tmp_path / "swiss.trf")
    options = ["-t", "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR", "--rules", "fide-2024"]

    def causes(kind: str, name: str) -> list[str]:
        path = recorded.WRITERS[kind](source, tmp_path / name)
        result = CliRunner().invoke(cli, ["check", str(path), *options])
        assert result.exit_code == 1, result.output
        return [line for line in result.output.splitlines() if line.startswith("Likely cause")]

    tiebreaks, rules = recorded.LATE_LIST
    assert causes("late", "late.trf") == [f"Likely cause: the recorded ranks follow -t {tiebreaks} --rules {rules}."]
    assert causes("unlisted", "unlisted.trf") == []
    assert causes("values", "values.json") == ["Likely cause: the recorded BH values are BH under --rules fide-2009."]


def test_a_team_swiss_is_read_with_the_totals_it_records(tmp_path: Path) -> None:
    """The generator keeps its own count of each team's MP and GP (record 310); the team reader, which builds the
    matches from the players' games, gives the same, and every player on the board his start order gives."""
    from sonneborn.formats import load_path

    made = generate.team_swiss(9, 5, 4, seed=3)
    path = generate.write_teams(made, tmp_path / "teams.trf")
    loaded = load_path(path)
    teams = loaded.teams
    assert teams is not None
    assert [team.members for team in teams.teams] == [tuple(range(t * 4, t * 4 + 4)) for t in range(9)]
    assert [team.recorded_match_points for team in teams.teams] == made.match_points
    assert [2 * team.recorded_game_points for team in teams.teams if team.recorded_game_points] == made.game_points
    ranked = teams.ranked()
    mp, gp = ranked.table.scores["MP"], ranked.table.scores["GP"]
    assert (mp.totals // mp.unit).tolist() == made.match_points
    assert (gp.totals * 2 // gp.unit).tolist() == made.game_points
    # Nine teams: a pairing-allocated bye each round, each to a different team.
    byes = [[teams.matches.match_kind(t, r).name for r in range(1, 6)].count("PAIRING_BYE") for t in range(9)]
    assert sorted(byes) == [0] * 4 + [1] * 5
