"""The search for a likely cause (issue 18): the same cause as a whole ranking per candidate, each column once.

Random events get ranks recorded under a list of :data:`~sonneborn.audit.COMMON_LISTS` and an edition
chosen at random (so the cause is known), or ranks that follow no list, or a tie-break's values under a
variant and an edition; :mod:`sonneborn.causes` must name what the search of before did
(``tests/search_before.py``: every candidate ranked in full), and never a candidate after the one used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
import search_before as before
from random_events import random_event

from sonneborn.audit import COMMON_LISTS
from sonneborn.causes import Columns, RecordedRanks, RecordedValues, Search, editions
from sonneborn.event import Event, Ints
from sonneborn.model import Tournament
from sonneborn.ranking import Standings, rank
from sonneborn.tiebreaks import REGISTRY, Column, Context, Spec, parse, parse_list
from sonneborn.tiebreaks.registry import GroupKernel, Kernel
from sonneborn.tiebreaks.rules import Rules

EVENTS = 40
VARIANTS = {
    "BH": ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/C1/P"],
    "SB": ["SB", "SB/C1", "SB/M1", "SB/P", "SB/C1/P"],
    "FB": ["FB", "FB/C1", "FB/P"],
    "ARO": ["ARO", "ARO/C1"],
    "DE": ["DE"],
    "KS": ["KS"],
    "PS": ["PS"],
    "WIN": ["WIN"],
}
"""Codes a file may record, with variants to try (the audit's own for BH, SB and FB)."""


def lists_tried(current: str) -> list[str]:
    """The lists ``check`` tries: the one in force, then the common lists."""
    return [current, *(text for text in COMMON_LISTS if text != current)]


def recorded_ranks(ranks: Sequence[int], rng: random.Random) -> list[int | None]:
    """Ranks as a file writes them: now and then a player not ranked (0) or without a rank, the others
    numbered by their place among the players ranked."""
    marks = [rng.choices(["ranked", "zero", "blank"], [8, 1, 1])[0] for _ in ranks]
    counted = sorted(rank for rank, mark in zip(ranks, marks, strict=True) if mark != "zero")
    found: list[int | None] = []
    for rank_, mark in zip(ranks, marks, strict=True):
        place = sum(1 for other in counted if other < rank_) + 1
        found.append(0 if mark == "zero" else None if mark == "blank" else place)
    return found


def with_ranks(tournament: Tournament, ranks: Sequence[int | None]) -> Tournament:
    players = tuple(replace(p, recorded_rank=r) for p, r in zip(tournament.players, ranks, strict=True))
    return replace(tournament, players=players)


def base_of(tournament: Tournament, rng: random.Random) -> Standings:
    """The standings a ``check`` starts from: a list and an edition in force chosen at random."""
    current = rng.choice([*COMMON_LISTS, "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR"])
    return rank(tournament, parse_list(current), rules=rng.choice(list(Rules)))


def position(found: tuple[str, Rules], lists: Sequence[str], first: Rules) -> int:
    """Where a candidate comes in the search's order."""
    order = [(text, rules) for text in lists for rules in editions(first)]
    return order.index(found)


@pytest.mark.parametrize("seed", range(EVENTS))
def test_the_cause_of_ranks_recorded_under_a_common_list_is_the_one_found_before(seed: int) -> None:
    rng = random.Random(seed)
    event = random_event(rng)
    used = rng.choice(COMMON_LISTS), rng.choice(list(Rules))
    ranks = rank(event, parse_list(used[0]), rules=used[1]).ranks.tolist()
    recorded = recorded_ranks(ranks, rng)
    base = base_of(with_ranks(event, recorded), rng)
    lists = lists_tried(",".join(str(spec) for spec in base.tiebreaks))
    found = Search(base).ranking(lists, recorded)
    assert found == before.ranking_found(base, lists, recorded)
    assert found is not None
    assert position(found, lists, base.rules) <= position(used, lists, base.rules)


@pytest.mark.parametrize("seed", range(EVENTS))
def test_ranks_that_follow_no_list_find_what_they_found_before(seed: int) -> None:
    # The ranks of a list under an edition with two players swapped, or the points order with ties at random.
    rng = random.Random(1000 + seed)
    event = random_event(rng)
    if rng.random() < 0.5:
        ranks = rank(event, parse_list(rng.choice(COMMON_LISTS)), rules=rng.choice(list(Rules))).ranks.tolist()
        one, other = rng.sample(range(len(ranks)), 2) if len(ranks) > 1 else (0, 0)
        ranks[one], ranks[other] = ranks[other], ranks[one]
    else:
        scores = Event.of(event).table.score.totals.tolist()
        order = sorted(range(len(scores)), key=lambda row: (-scores[row], rng.random()))
        ranks = [order.index(row) + 1 for row in range(len(scores))]
    recorded = recorded_ranks(ranks, rng)
    base = base_of(with_ranks(event, recorded), rng)
    lists = lists_tried(",".join(str(spec) for spec in base.tiebreaks))
    assert Search(base).ranking(lists, recorded) == before.ranking_found(base, lists, recorded)


def column_alone(event: Tournament, spec: Spec, rules: Rules) -> Column:
    """A tie-break's column as a list of it alone gives it, ranked in full."""
    return rank(event, [spec], rules=rules).column(str(spec))


@pytest.mark.parametrize("seed", range(EVENTS))
def test_the_variant_of_recorded_values_is_the_one_found_before(seed: int) -> None:
    rng = random.Random(2000 + seed)
    event = random_event(rng)
    code = rng.choice(list(VARIANTS))
    variants = VARIANTS[code]
    used = rng.choice(variants), rng.choice(list(Rules))
    column = column_alone(event, parse(used[0]), used[1])
    values = [column.number(row) if rng.random() < 0.8 else None for row in range(len(column))]
    changed = rng.random() < 0.3 and any(value is not None for value in values)
    if changed:  # one value off by a half: perhaps no variant gives them
        row = rng.choice([row for row, value in enumerate(values) if value is not None])
        values[row] = (values[row] or 0) + Fraction(1, 2)
    players = tuple(
        replace(p, recorded_tiebreaks=() if value is None else ((code, value),))
        for p, value in zip(event.players, values, strict=True)
    )
    base = base_of(replace(event, players=players), rng)
    found = Search(base).variant(code, variants)
    assert found == before.variant_found(base, code, variants)
    if not changed:
        assert found is not None
        order = [(text, rules) for text in variants for rules in editions(base.rules)]
        assert order.index(found) <= order.index(used)


def test_a_tiebreak_said_to_be_the_same_under_every_edition_is() -> None:
    # The search computes an edition_free code once for every edition: its values must not depend on one. The
    # random events are individual ones: the team codes (EDE, BC, …) are the team tests'.
    free = [code for code, definition in REGISTRY.items() if definition.edition_free and not definition.teams]
    assert "DE" in free
    rng = random.Random(3)
    for _ in range(EVENTS):
        event = random_event(rng)
        for code in free:
            for text in [code, *(code + "/" + m.value for m in REGISTRY[code].modifiers if m.value in "PR")]:
                columns = [column_alone(event, parse(text), rules) for rules in Rules]
                for column in columns[1:]:
                    for field in ("numerator", "denominator", "present", "key"):
                        assert np.array_equal(getattr(column, field), getattr(columns[0], field)), (text, field)
                    for row in range(len(column)):
                        assert column.value(row) == columns[0].value(row), (text, row)


Calls = list[tuple[str, Rules, tuple[int, ...] | None]]
"""Kernel calls: the spec, the edition and, for a group kernel, the groups."""


def counting(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every kernel and group kernel notes its calls."""
    calls: Calls = []
    for code, definition in list(REGISTRY.items()):
        kernel, group_kernel = definition.kernel, definition.group_kernel
        if kernel is not None:

            def counted(context: Context, spec: Spec, kernel: Kernel = kernel) -> Column:
                calls.append((str(spec), context.rules, None))
                return kernel(context, spec)

            monkeypatch.setitem(REGISTRY, code, replace(definition, kernel=counted))
        elif group_kernel is not None:

            def in_groups(context: Context, spec: Spec, groups: Ints, kernel: GroupKernel = group_kernel) -> Column:
                calls.append((str(spec), context.rules, tuple(groups.tolist())))
                return kernel(context, spec, groups)

            monkeypatch.setitem(REGISTRY, code, replace(definition, group_kernel=in_groups))
    return calls


def test_each_column_is_computed_once_and_de_once_for_every_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    # A Swiss event whose ranks follow the points, ties in reverse start order, a ranking no list gives:
    # every candidate is tried. Each kernel runs once at most by spec and edition, and not again for the
    # standings' own columns; DE, first in four lists, runs in the points groups once for every edition.
    rng = random.Random(7)
    event = random_event(rng, round_robin=False)
    scores = Event.of(event).table.score.totals.tolist()
    order = sorted(range(len(scores)), key=lambda row: (-scores[row], -row))
    recorded = [order.index(row) + 1 for row in range(len(scores))]
    base = rank(with_ranks(event, recorded), parse_list("BH/C1,BH,SB"), rules=Rules.FIDE_2024)
    by_points = tuple(groups_of(rank(event, [])).tolist())
    lists = lists_tried("BH/C1,BH,SB")
    calls = counting(monkeypatch)
    found = Search(base).ranking(lists, recorded)
    now = list(calls)
    calls.clear()
    assert found is None and before.ranking_found(base, lists, recorded) is None
    kernels = Counter((spec, rules) for spec, rules, groups in now if groups is None)
    assert kernels and max(kernels.values()) == 1
    assert ("BH/C1", Rules.FIDE_2024) not in kernels
    assert [groups for spec, _, groups in now if spec == "DE"].count(by_points) == 1
    # Before: every list's every column under every edition.
    assert len(calls) > 3 * len(now)


def test_recorded_ranks_are_judged_by_the_places_still_within_reach() -> None:
    # Five players ranked 1-5 and one not ranked (0); groups [0, 0, 1, 1, 1, 2]: the first two share
    # places 1-2, the next three 3-5 (the player not ranked counts for none).
    groups = np.array([0, 0, 1, 1, 1, 2])
    assert RecordedRanks([2, 1, 3, 5, 4, 0]).decided(groups) is None
    assert RecordedRanks([2, 1, 3, 6, 4, 0]).decided(groups) is False  # 6 is out of reach
    assert RecordedRanks([3, 1, 2, 5, 4, 0]).decided(groups) is False
    assert RecordedRanks([1, 2, 3, 4, 5, 0]).decided(np.arange(6)) is True
    assert RecordedRanks([1, None, 3, 4, 5, 0]).decided(np.array([0, 1, 2, 2, 2, 3])) is None
    # In the final groups the players still tied share the first of their places.
    assert RecordedRanks([1, 1, 3, 3, 3, 0]).given(groups)
    assert not RecordedRanks([1, 2, 3, 3, 3, 0]).given(groups)
    assert RecordedRanks([0, 0]).given(np.array([0, 1]))


def test_recorded_values_are_compared_exactly() -> None:
    recorded = [(("BH", Fraction(7, 2)),), (), (("BH", Fraction(10**30, 3)),)]
    target = RecordedValues(recorded, "BH")
    present = np.array([True, False, True])

    def column(numerators: list[int], denominators: list[int], dtype: type = np.int64) -> Column:
        return Column(
            np.array(numerators, dtype=dtype), np.array(denominators, dtype=dtype), present, np.zeros(3), None
        )

    assert target.given(column([7, 0, 10**30], [2, 1, 3], object))
    assert target.given(column([14, 0, 2 * 10**30], [4, 1, 6], object))
    assert not target.given(column([7, 0, 10**30 + 1], [2, 1, 3], object))
    small = RecordedValues(recorded[:2], "BH")
    assert small.given(column([21, 0, 0], [6, 1, 1])) and not small.given(column([3, 0, 0], [1, 1, 1]))
    assert not small.given(Column(np.array([7, 0]), np.array([2, 1]), np.array([False, True]), np.zeros(2), None))


def test_columns_begin_with_the_standings_own() -> None:
    rng = random.Random(11)
    event = random_event(rng)
    base = rank(event, parse_list("BH/C1,DE,SB"), rules=Rules.FIDE_2009)
    columns = Columns.of(base)
    assert columns.column(parse("BH/C1"), Rules.FIDE_2009) is base.column("BH/C1")
    assert columns.column(parse("BH/C1"), Rules.FIDE_2024) is not base.column("BH/C1")
    # DE in the list is decided in the BH/C1 groups; alone, in the points groups, as a list of it alone.
    alone = columns.alone(parse("DE"), Rules.FIDE_2009)
    assert np.array_equal(alone.key, column_alone(event, parse("DE"), Rules.FIDE_2009).key)
    assert columns.alone(parse("DE"), Rules.NONE) is alone
    assert np.array_equal(columns.groups(parse_list("BH/C1,DE,SB"), Rules.FIDE_2009), groups_of(base))


def groups_of(standings: Standings) -> np.ndarray:
    """The final groups of standings without lots, numbered in rank order, from their ranks."""
    distinct = sorted(set(standings.ranks.tolist()))
    return np.array([distinct.index(r) for r in standings.ranks.tolist()])
