"""Hand-derived values of every registered tie-break, its modifiers and the editions where they differ.

# Source: tests/data/answers/hand.toml: one record per (event, player, code, rules) cell, with the rule
# used and the sum worked out by hand. A case that fails names the cell, e.g. ``s16-4-BH/C1-fide-2023``.
"""

from __future__ import annotations

import pytest
from answers import Cell, cells, check, load, params, scalable

from sonneborn.tiebreaks import REGISTRY, parse
from sonneborn.tiebreaks.rules import Rules

FILE = "hand.toml"


@pytest.mark.parametrize("cell", params(FILE))
def test_hand_value(cell: Cell) -> None:
    check(cell)


@pytest.mark.parametrize(
    "cell", [p for p in params(FILE) if not parse(p.values[0].code).limit and scalable(p.values[0])]
)
def test_hand_value_with_points_a_trillion_times_larger(cell: Cell) -> None:
    # Every point value × 10¹²: sums of points grow as much, sums of points × scores (SB) as its square, counts
    # and places not at all. Products then pass 64 bits and the kernels compute on Python integers. (Not KS/L±n:
    # its limit moves by half points of the scale itself, C.07 14.5, which do not grow with the point values.)
    check(cell, scale=10**12)


@pytest.mark.parametrize("cell", [p for p in params(FILE) if parse(p.values[0].code).cut_low and scalable(p.values[0])])
def test_hand_value_of_a_cut_with_points_ten_million_times_larger(cell: Cell) -> None:
    # Every point value × 10⁷: the table stays on 64-bit integers, but ordering SB's elements by (score, product)
    # needs a key beyond 64 bits, which the cut then builds on Python integers.
    check(cell, scale=10**7)


def test_every_registered_code_has_a_hand_value() -> None:
    # A new tie-break cannot be registered without a value worked out by hand.
    # (Team codes have theirs in tests/test_issue20_teamrank.py, on team events.)
    covered = {parse(cell.code).code for cell in cells(FILE)}
    assert {code for code, d in REGISTRY.items() if not d.teams} - covered == set()


def test_the_team_codes_have_hand_values_of_their_own_kinds() -> None:
    # Issue 20: the secondary score (13.1), an ESB with the team cut (13.2, 14.1), EDE and an option of it
    # (13.3), SSSC (13.4) and BC (12.1), each on a team event worked out by hand.
    events = load(FILE)["events"]
    team_cells = [cell for cell in cells(FILE) if events[cell.event].get("teams")]
    codes = {cell.code for cell in team_cells}
    assert {"MPvGP", "EMGSB/C1", "EDE", "EDET", "SSSC", "BC"} <= codes
    assert all(REGISTRY[parse(code).code].teams is not False for code in codes)


def test_every_modifier_a_code_takes_has_a_hand_value() -> None:
    used: dict[str, set[str]] = {}
    for cell in cells(FILE):
        spec = parse(cell.code)
        used.setdefault(spec.code, set()).update(m.value for m in spec.modifiers)
    missing = {
        code: sorted({m.value for m in definition.modifiers} - used.get(code, set()))
        for code, definition in REGISTRY.items()
        if not definition.teams
    }
    assert {code: mods for code, mods in missing.items() if mods} == {}


def test_the_cells_name_known_events_and_editions() -> None:
    events = set(load(FILE)["events"])
    for cell in cells(FILE):
        assert cell.event in events, cell.id
        Rules.parse(cell.rules)
        assert cell.article and cell.derivation, cell.id
    # The editions where unplayed rounds differ each have cells of their own.
    assert {cell.rules for cell in cells(FILE)} == {rules.value for rules in Rules}


def test_one_cell_per_id() -> None:
    ids = [cell.id for cell in cells(FILE)]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
