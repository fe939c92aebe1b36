"""Every code of the FIDE C.07 individual table is accepted by ``-t`` and computed under every edition."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from answers import load, number
from click.testing import CliRunner
from test_seed_event import SEED

from sonneborn.cli import cli
from sonneborn.tiebreaks import REGISTRY
from sonneborn.tiebreaks.rules import Rules

# C.07 (2026) Art. 5 table, individual tie-breaks, with GE (the 2023 name of REP).
FIDE_INDIVIDUAL = [
    "AOB", "APPO", "APRO", "ARO", "BH", "DE", "FB", "REP", "GE", "KS", "BPG", "WON", "BWG", "WIN",
    "PTP", "RTNG", "SB", "STD", "PS", "TPN", "TPR",
]  # fmt: skip
WITH_MODIFIERS = ["BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB/C1", "SB/M2", "FB/C1", "PS/C1", "ARO/C1", "KS/L+1",
                  "DE/P", "BH/P", "AOB/F", "TPN/R", "RTNG/R", "ARO/U1200"]  # fmt: skip


def test_registry_covers_the_table() -> None:
    assert set(FIDE_INDIVIDUAL) <= set(REGISTRY)


@pytest.mark.parametrize("rules", [r.value for r in Rules])
@pytest.mark.parametrize("kind", ["round-robin", "swiss"])
def test_every_code_under_every_edition(rules: str, kind: str) -> None:
    codes = ",".join(FIDE_INDIVIDUAL + WITH_MODIFIERS)
    result = CliRunner().invoke(
        cli, ["standings", str(SEED), "-t", codes, "-f", "json", "--rules", rules, "--kind", kind,
              "--unrated-rating", "1500"],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rules"] == rules
    assert len(data["standings"]) == 15
    assert set(data["standings"][0]["values"]) == set(FIDE_INDIVIDUAL + WITH_MODIFIERS)
    # Sloth's value of every code, derived by hand (tests/data/answers/catalogue.toml).
    sloth = next(row for row in data["standings"] if row["start"] == 1)
    # JSON numbers are the exact values as floats (tests/render/test_json.py pins that).
    want = {code: expected(code, kind, rules) for code in FIDE_INDIVIDUAL + WITH_MODIFIERS}
    assert sloth["values"] == {code: None if value is None else float(value) for code, value in want.items()}


def expected(code: str, kind: str, rules: str) -> Fraction | None:
    """Sloth's hand-derived value: the most specific of "swiss-<rules>", the kind, "all"."""
    values = load("catalogue.toml")["values"][code]
    for key in (f"{kind}-{rules}", kind, "all"):
        if key in values:
            return number(values[key])
    raise KeyError(f"{code}: no value for {kind}, {rules}")


def test_the_expected_values_cover_the_catalogue() -> None:
    assert set(load("catalogue.toml")["values"]) == set(FIDE_INDIVIDUAL + WITH_MODIFIERS)


def test_unrated_players_drop_the_rating_tiebreaks_with_a_warning(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["standings", str(SEED), "-t", "ARO,SB", "-f", "json"])
    assert result.exit_code == 0
    assert "sonneborn: warning: ARO dropped" in result.stderr
    rows = json.loads(result.stdout)["standings"]
    assert all(row["values"]["ARO"] is None for row in rows)
    # ARO separates nobody: SB decides, as without it.
    assert [row["start"] for row in rows[:3]] == [1, 2, 3]
