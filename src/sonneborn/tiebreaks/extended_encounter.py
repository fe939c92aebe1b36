"""Extended direct encounter of team events (C.07 13.3, type A): EDE, EDET, EDEB, EDEBT, EDEBB.

:func:`order_extended` is the algorithm of 13.3 over injected sources: direct encounter (Art. 6, the one
algorithm :func:`~.direct_encounter.order_by_encounters`) on the primary score, and when that breaks no
tie on the secondary score (13.3.1); for two teams still tied on both MP and GP, the option's Art. 12
tie-breaks (13.3.2, :mod:`.knockout`); and every new tied subset starts again from 13.3.1 (13.3.3). The
kernels run it in every group still tied when the code is reached. ``/P`` means what it means for DE (6.1.1):
forfeited matches count as matches played, in the one gathering of the games DE and EDE share
(:class:`~.direct_encounter.GamesWithin`).

The Art. 12 steps apply only to teams "with the same number of match points and game points" (Art. 12,
13.3.2), and count the game points of all the team's games in the tournament (12.1–12.3), not only of the
two teams' own match: FIDE's reference checker reads both otherwise (``docs/tiebreaks-teams-reference.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

import numpy as np

from sonneborn.event import Ints
from sonneborn.messages import N_, Phrase
from sonneborn.model import StartNo
from sonneborn.tiebreaks.column import Column, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.direct_encounter import (
    NOT_TIED,
    Encounters,
    GamesWithin,
    Separate,
    describe,
    members_by_group,
    order_by_encounters,
    set_places,
)
from sonneborn.tiebreaks.knockout import (
    board_count,
    board_points,
    board_text,
    bottom_board_keys,
    games_of,
    top_board_keys,
)
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec

Parts = list[list[StartNo]]
Standing = tuple[Separate, set[frozenset[int]]]


@dataclass(frozen=True, slots=True)
class Encounter:
    """Direct encounter on one score: the score's name, the separate standings of any group, a match's win
    and loss (what a match not played can still give, 6.3)."""

    score: str
    encounters: Encounters
    win: Fraction
    loss: Fraction


BoardStep = tuple[str, Callable[[list[StartNo]], Parts]]
"""An Art. 12 tie-break on two teams, by name: their order, one part when it does not separate them."""
Trace = list[tuple[str, list[StartNo]]]
"""The steps that separated teams, in order: the score DE ran on or the Art. 12 tie-break, and the teams."""


def order_extended(
    group: Sequence[StartNo],
    scores: Sequence[Encounter],
    board_steps: Sequence[BoardStep],
    same_scores: Callable[[list[StartNo]], bool],
    trace: Trace,
) -> Parts:
    """Orders a tied group of teams by extended direct encounter, C.07 13.3, as parts still tied (best first).

    13.3.1: DE on the first score (the primary); if it separates nobody, DE on the next (the secondary).
    13.3.2: two teams still tied, with the same MP and GP (``same_scores``), go through ``board_steps`` in
    order until one separates them. 13.3.3: each part of more than one team that a step leaves starts again
    from 13.3.1. ``trace`` receives each step that separated teams.
    """
    members = sorted(group)
    if len(members) < 2:
        return [members]
    for encounter in scores:
        asked: list[list[StartNo]] = []

        def recorded(
            part: Sequence[StartNo], source: Encounters = encounter.encounters, asked: list[list[StartNo]] = asked
        ) -> Standing:
            asked.append(sorted(part))  # each group Art. 6 is applied to, for the derivation
            return source(part)

        parts = order_by_encounters(members, recorded, encounter.win, encounter.loss)
        if len(parts) > 1:
            trace.extend((encounter.score, part) for part in asked)
            return [team for part in parts for team in order_extended(part, scores, board_steps, same_scores, trace)]
    if len(members) == 2 and same_scores(members):
        for name, step in board_steps:
            parts = step(members)
            if len(parts) > 1:
                trace.append((name, members))
                return parts
    return [members]


STEPS = {"EDE": (), "EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE")}
"""13.3.2's options: the Art. 12 tie-breaks applied in order to two teams still tied."""
ARTICLES = {"BC": "C.07 12.1", "TBR": "C.07 12.2", "BBE": "C.07 12.3"}


def _pair_by(key: Ints, *, lowest_first: bool) -> Callable[[list[StartNo]], Parts]:
    """Two teams ordered by a key of every row (one part when their keys are equal)."""

    def order(pair: list[StartNo]) -> Parts:
        a, b = pair
        first, second = int(key[a - 1]), int(key[b - 1])
        if first == second:
            return [pair]
        return [[a], [b]] if (first < second) == lowest_first else [[b], [a]]

    return order


def _extended(context: Context, spec: Spec, groups: Ints) -> Column:
    """The column of an EDE code: each team's place in its tied group, 0 where the code separates nobody."""
    players, names = context.players, context.names
    first = context.score_name
    order = [context.using(name) for name in (first, *(n for n in context.table.scores if n != first))]
    sizes = np.bincount(groups, minlength=1)
    tied = np.flatnonzero(sizes[groups] > 1)
    games = [GamesWithin(scored, spec, groups, tied) for scored in order]
    games_by_board = games_of(context)
    points, unit = board_points(games_by_board), games_by_board.unit
    keys = {"BC": board_count(points), "TBR": top_board_keys(points), "BBE": bottom_board_keys(points)}
    board_steps = [(name, _pair_by(keys[name], lowest_first=name == "BC")) for name in STEPS[spec.code]]

    def same_scores(pair: list[StartNo]) -> bool:
        return all(int(scored.scores[pair[0] - 1]) == int(scored.scores[pair[1] - 1]) for scored in order)

    places = np.zeros(players, dtype=np.int64)
    sub = np.zeros(players, dtype=np.int64)
    traces: dict[int, Trace] = {}
    members_of = members_by_group(groups, tied)
    for number, members in members_of.items():
        encounters = [
            Encounter(
                scored.score_name,
                partial(found.separate, number),
                Fraction(scored.win, scored.unit),
                Fraction(scored.loss, scored.unit),
            )
            for scored, found in zip(order, games, strict=True)
        ]
        trace = traces[number] = []
        parts = order_extended(members, encounters, board_steps, same_scores, trace)
        set_places(parts, places, sub)

    def step_text(number: int, step: str, members: list[StartNo]) -> str:
        teams_named = ", ".join(names[start - 1] for start in members)
        if step in ARTICLES:
            values = Phrase.joined(
                [names[start - 1] + " " + board_text(step, points, unit, start - 1) for start in members], "; "
            )
            template = N_("{step} ({article}), {teams}, the same MP and GP: {values}")
            return Phrase.of(template, step=step, article=ARTICLES[step], teams=teams_named, values=values)
        found = games[[scored.score_name for scored in order].index(step)]
        return Phrase.of(
            N_("DE on {score}, {teams}: {standings}"),
            score=step,
            teams=teams_named,
            standings=describe(names, members, *found.separate(number, members)),
        )

    def derive(row: int) -> Value:
        number = int(groups[row])
        if number not in traces:
            return Value(Fraction(0), note=NOT_TIED)
        trace = traces[number]
        if not trace:
            what = [Phrase.of(N_("DE on {score}"), score=scored.score_name) for scored in order]
            nor = Phrase.of(N_("separates nobody: neither {steps}"), steps=_nor(what))
            note: str = nor + _boards_note(spec.code, members_of[number], same_scores)
        else:
            steps = [step_text(number, step, members) for step, members in trace]
            note = _one_after_another(steps, N_("; then {next}"))
        return Value(Fraction(int(places[row])), note=note)

    return Column(places, np.ones(players, dtype=np.int64), np.ones(players, dtype=bool), -sub, derive)


def _boards_note(code: str, members: list[StartNo], same_scores: Callable[[list[StartNo]], bool]) -> str:
    """Why an option's Art. 12 steps did not separate a group EDE left whole (C.07 13.3.2)."""
    if not STEPS[code]:
        return ""
    steps = ", ".join(STEPS[code])
    if len(members) != 2:
        return Phrase.of(N_("; {steps} only for two teams left tied (C.07 13.3.2)"), steps=steps)
    if not same_scores(members):
        return Phrase.of(N_("; {steps} only for two teams with the same MP and GP (C.07 13.3.2)"), steps=steps)
    return Phrase.of(N_(", nor {steps}"), steps=_nor(STEPS[code]))


def _one_after_another(parts: Sequence[str], then: str) -> str:
    """Parts one after the other, each after the first joined by ``then`` (``" nor {next}"``), translated."""
    found: str = parts[0]
    for part in parts[1:]:
        found = found + Phrase.of(then, next=part)
    return found


def _nor(parts: Sequence[str]) -> str:
    """``DE on MP nor DE on GP``: what separated nobody."""
    return _one_after_another(parts, N_(" nor {next}"))


@tiebreak(
    "EDE",
    "Extended direct encounter",
    "C.07 13.3",
    "Direct encounter on the primary score, on the secondary when that separates nobody, and again on every "
    "subgroup still tied; the value is the place within the tied group.",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def extended_direct_encounter(context: Context, spec: Spec, groups: Ints) -> Column:
    """EDE, C.07 13.3.1 and 13.3.3: DE on the primary score, then on the secondary when that separates nobody;
    every new tied subset starts again."""
    return _extended(context, spec, groups)


@tiebreak(
    "EDET",
    "Extended direct encounter, then top board result",
    "C.07 13.3",
    "EDE, then for two teams still tied with the same MP and GP, the top board result (12.2).",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def edet(context: Context, spec: Spec, groups: Ints) -> Column:
    """EDET, C.07 13.3.2: EDE, then TBR (12.2) for two teams still tied with the same MP and GP."""
    return _extended(context, spec, groups)


@tiebreak(
    "EDEB",
    "Extended direct encounter, then bottom board elimination",
    "C.07 13.3",
    "EDE, then for two teams still tied with the same MP and GP, the bottom board elimination (12.3).",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def edeb(context: Context, spec: Spec, groups: Ints) -> Column:
    """EDEB, C.07 13.3.2: EDE, then BBE (12.3) for two teams still tied with the same MP and GP."""
    return _extended(context, spec, groups)


@tiebreak(
    "EDEBT",
    "Extended direct encounter, then board count and top board result",
    "C.07 13.3",
    "EDE, then for two teams still tied with the same MP and GP, the board count (12.1) and the top board "
    "result (12.2).",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def edebt(context: Context, spec: Spec, groups: Ints) -> Column:
    """EDEBT, C.07 13.3.2: EDE, then BC (12.1) and TBR (12.2) for two teams still tied with the same MP and GP."""
    return _extended(context, spec, groups)


@tiebreak(
    "EDEBB",
    "Extended direct encounter, then board count and bottom board elimination",
    "C.07 13.3",
    "EDE, then for two teams still tied with the same MP and GP, the board count (12.1) and the bottom "
    "board elimination (12.3).",
    modifiers="P",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def edebb(context: Context, spec: Spec, groups: Ints) -> Column:
    """EDEBB, C.07 13.3.2: EDE, then BC (12.1) and BBE (12.3) for two teams still tied with the same MP and GP."""
    return _extended(context, spec, groups)
