"""The engine gives the team oracle's values on random team events (issue 20), read from TRF-26 text by both.

``random_team_events.random_team_trf`` writes team Swiss events and round robins with every record a team
file uses; the engine reads them with its TRF reader (``sonneborn.formats.trf``), the oracle with its own
(``tests/oracle/team_reader.py``), and every team code is compared, each modifier it takes, on match points
and on game points as the primary score, under C.07 2026 and, for the codes the editions treat otherwise
(the dummies' caps, 16.4; a round robin's forfeit losses for REP, 15.2), 2024. A code decided inside tied
groups (DE, EDE…, TBR, BBE) is compared by each team's place among the teams of its primary score.

``SONNEBORN_TEAM_EVENTS`` sets how many events (``make random`` runs many more, from elsewhere).
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from oracle import teams as T
from oracle.team_reader import read_team_text
from random_team_events import random_team_trf

from sonneborn.event import Event
from sonneborn.pipeline import read_text
from sonneborn.teams import TeamEvent, team_event
from sonneborn.tiebreaks import REGISTRY, Context, parse
from sonneborn.tiebreaks.rules import Rules

CUTS = ["", "/C1", "/C2", "/M1", "/P", "/C1/P"]
SCORES = ["", ":MP", ":GP"]
SUMMED = [
    *(code + score + cut for code in ("BH", "FB", "SB") for score in SCORES for cut in CUTS),
    *(f"AOB{score}{fore}" for score in SCORES for fore in ("", "/F")),
    *(f"PS{score}{cut}" for score in SCORES for cut in ("", "/C1")),
    *(code + score for code in ("WIN", "WON", "BPG", "BWG", "REP", "STD", "KS") for score in SCORES),
    "TPN",
    "MPvGP",
    *(code + cut for code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB") for cut in CUTS),
    "SSSC",
    "SSSC/F",
    "SSSC/K2",
    "SSSC/K5",
    "SSSC/F/K3",
    "BC",
]
"""Codes whose value is a team's own."""
GROUPED = [
    *(f"DE{score}{played}" for score in SCORES for played in ("", "/P")),
    *(code + played for code in ("EDE", "EDET", "EDEB", "EDEBT", "EDEBB") for played in ("", "/P")),
    "TBR",
    "BBE",
]
"""Codes decided inside the groups of teams tied on the primary score."""
EDITION_BOUND = ("BH", "FB", "SB", "AOB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC", "REP")
"""The codes the 2024 edition computes otherwise: the dummies of 16.4 uncapped (BH, FB, SB, AOB, ESB, SSSC's
Buchholz); REP with a round robin's forfeit losses elected (15.2)."""
EVENTS = int(os.environ.get("SONNEBORN_TEAM_EVENTS", "16"))
FIRST = int(os.environ.get("SONNEBORN_FIRST_EVENT", "0"))
CHUNK = 4


def test_the_lists_cover_every_team_code_and_its_modifiers() -> None:
    used: dict[str, set[str]] = {}
    for text in SUMMED + GROUPED:
        spec = parse(text)
        used.setdefault(spec.code, set()).update(m.value for m in spec.modifiers)
    team_codes = {code for code, d in REGISTRY.items() if d.teams}
    assert team_codes <= set(used)
    for code in team_codes:
        assert {m.value for m in REGISTRY[code].modifiers} <= used[code], code


@cache
def team_text(seed: int) -> str:
    rng = random.Random(seed)
    return random_team_trf(rng, round_robin=[True, False, None][seed % 3], large=seed % 10 == 9)


def tied_on(event: Event) -> np.ndarray:
    """Every team's group when the list starts: the teams with the same primary score."""
    _, groups = np.unique(-Context(event).scores, return_inverse=True)
    return groups.astype(np.int64)


def differences(teams: TeamEvent, oracle: T.TeamEvent) -> list[tuple[object, ...]]:
    """Every (primary, edition, code, engine's values, oracle's) that differ."""
    found: list[tuple[object, ...]] = []
    for primary in ("MP", "GP"):
        event = team_event(teams, primary=primary)
        groups = tied_on(event)
        for rules, edition in ((Rules.FIDE_2026, 2026), (Rules.FIDE_2024, 2024)):
            context = Context(event, rules=rules)
            theirs_event = replace(oracle, edition=edition)
            for code in SUMMED + GROUPED:
                spec = parse(code)
                if edition != 2026 and spec.code not in EDITION_BOUND:
                    continue
                definition = REGISTRY[spec.code]
                if code in GROUPED:
                    assert definition.group_kernel is not None
                    column = definition.group_kernel(context.of(spec), spec, groups)
                    ours: list[object] = [column.number(row) for row in range(event.players)]
                    places = T.group_places(theirs_event, code, primary)
                    theirs: list[object] = [places[team.number] for team in theirs_event.teams]
                elif definition.group_kernel is not None:  # BC: a value of its own, ranked inside groups
                    column = definition.group_kernel(context.of(spec), spec, groups)
                    ours = [column.number(row) for row in range(event.players)]
                    values = T.values(theirs_event, code, primary)
                    theirs = [values[team.number] for team in oracle.teams]
                else:
                    assert definition.kernel is not None
                    column = definition.kernel(context.of(spec), spec)
                    ours = [column.number(row) for row in range(event.players)]
                    values = T.values(theirs_event, code, primary)
                    theirs = [values[team.number] for team in oracle.teams]
                if ours != theirs:
                    rows = [(t, a, b) for t, (a, b) in enumerate(zip(ours, theirs, strict=True), start=1) if a != b]
                    found.append((primary, edition, code, rows[:3]))
    return found


def test_the_readers_agree_on_every_match() -> None:
    # Before any tie-break: the same teams, MP and GP round by round, and board points, on every event.
    for seed in range(FIRST, FIRST + EVENTS):
        text = team_text(seed)
        teams, oracle = read_text(text, path=f"team-{seed}.trf").teams, read_team_text(text)
        assert teams is not None
        assert oracle.round_robin == (teams.kind.value == "round-robin"), seed
        for row, team in enumerate(oracle.teams):
            ours = [teams.matches.match_score(row, r) for r in range(1, oracle.rounds + 1)]
            assert ours == [(m.mp, m.gp) for m in team.matches], (seed, team.number)


@pytest.mark.parametrize("first", range(FIRST, FIRST + EVENTS, CHUNK))
def test_every_team_code_on_random_team_events(first: int) -> None:
    for seed in range(first, first + CHUNK):
        text = team_text(seed)
        teams = read_text(text, path=f"team-{seed}.trf").teams
        assert teams is not None
        differ = differences(teams, read_team_text(text))
        assert not differ, f"seed {seed}: {len(differ)} codes differ, the first {differ[:4]}"
