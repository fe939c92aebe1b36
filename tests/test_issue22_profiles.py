"""Issue 22: rule sets users know by name (``--profile``), each with its source."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from builders import FOUR_PLAYER_ROUND_ROBIN, event
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import OptionError
from sonneborn.event import Event
from sonneborn.model import EventKind
from sonneborn.pipeline import Request, standings

ROOT = Path(__file__).parent
SEED = ROOT / "data" / "crosstable" / "wccc_1975_final.tsv"
TEAMS = ROOT / "data" / "teams" / "four_clubs_trf26.trf"
SWISS = ROOT / "data" / "trf" / "icu_bunratty_minor_2011.trf"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def codes(*args: str) -> list[str]:
    code, out, err = run("standings", *args, "-f", "json")
    assert code == 0, err
    listed: list[str] = json.loads(out)["tiebreaks"]
    return listed


def test_profiles_lists_each_with_its_lists_and_source() -> None:
    code, out, err = run("profiles", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    found = {p["name"]: p for p in data["profiles"]}
    assert list(found) == ["fide-swiss", "fide-rr", "fide-team", "sharly-chess", "uscf"]
    assert found["uscf"]["lists"] == {
        "swiss": ["MM", "SOLK", "CUM", "OCUM"],
        "round-robin": ["MM", "SOLK", "CUM", "OCUM"],
    }
    assert "34E" in found["uscf"]["source"] and "C.02" in found["fide-swiss"]["source"]
    assert "system_sets.py" in found["sharly-chess"]["source"]
    assert set(data["unsourced"]) == {"ecf", "swiss-manager", "vega", "chess-results"}
    code, out, err = run("profiles")
    assert code == 0, err
    assert "uscf: US Chess\n  list: MM,SOLK,CUM,OCUM\n  source: US Chess Official Rules" in out
    assert "  ecf: no tie-break list published by the English Chess Federation was found" in out


def test_each_profile_gives_its_list_for_the_kind() -> None:
    assert codes(str(SEED), "--profile", "fide-rr") == ["DE", "WIN", "SB", "KS"]
    assert codes(str(SWISS), "--profile", "FIDE-Swiss") == ["DE", "WIN", "BPG", "ARO/C1", "BH/C1", "BH", "SB"]
    assert codes(str(SWISS), "--profile", "uscf") == ["MM", "SOLK", "CUM", "OCUM"]
    # Sharly Chess's own recommendation for a Swiss; its one round-robin set is FIDE's 2019 list.
    assert codes(str(SWISS), "--profile", "sharly-chess") == ["BH/C1", "DE", "BH", "SB", "WIN"]
    assert codes(str(SEED), "--profile", "sharly-chess") == ["DE", "WIN", "SB", "KS"]
    # A team Swiss: the team list of a Swiss; the same file stated a round robin, the round robin's.
    assert codes(str(TEAMS), "--profile", "fide-team") == ["MPvGP", "BH:MP/C1", "EMGSB/C1"]
    assert codes(str(TEAMS), "--profile", "fide-team", "--kind", "round-robin") == ["MPvGP", "DE", "EMGSB"]


def test_uscf_ranks_a_round_robin_by_cumulative_when_the_medians_tie() -> None:
    # Anna and Dmitri have 1.5 of 3, an even score: MM drops each one's highest (Boris 2) and lowest (Carla
    # 1) opponent, 1.5 each; SOLK 2 + 1 + 1.5 = 4.5 each; CUM: Anna lost, won, drew (0 + 1 + 1.5 = 2.5),
    # Dmitri won, drew, lost (1 + 1.5 + 1.5 = 4): Dmitri is second.
    ranked = standings(
        Event.of(event(FOUR_PLAYER_ROUND_ROBIN, kind=EventKind.ROUND_ROBIN)), Request.parse(profile="uscf")
    )
    assert [(row.rank, row.player.name) for row in ranked.rows] == [
        (1, "Boris"),
        (2, "Dmitri"),
        (3, "Anna"),
        (4, "Carla"),
    ]
    anna, dmitri = ranked.row(1), ranked.row(4)
    half = Fraction(1, 2)
    assert (anna.values["MM"].number, dmitri.values["MM"].number) == (3 * half, 3 * half)
    assert (anna.values["SOLK"].number, dmitri.values["SOLK"].number) == (9 * half, 9 * half)
    assert (anna.values["CUM"].number, dmitri.values["CUM"].number) == (5 * half, 8 * half)


def test_a_profile_beside_a_list_is_one_error() -> None:
    code, out, err = run("standings", str(SEED), "--profile", "uscf", "-t", "SB")
    assert code == 2 and not out
    assert err == "sonneborn: error: --profile: names its own list: give a profile or a list (-t), not both\n"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ecf", "no profile 'ecf': no tie-break list published by the English Chess Federation was found"),
        ("vega", "no profile 'vega': Vega's manual (2016) lists its tie-breaks but gives no default order"),
        ("olympiad", "unknown profile 'olympiad'"),
    ],
)
def test_a_profile_without_a_source_is_refused_with_the_reason(name: str, message: str) -> None:
    code, out, err = run("standings", str(SEED), "--profile", name)
    assert code == 2 and not out
    names = "fide-swiss, fide-rr, fide-team, sharly-chess, uscf"
    assert err == f"sonneborn: error: --profile: {message} (profiles: {names})\n"


def test_a_team_profile_is_for_team_events_and_the_others_not() -> None:
    code, _, err = run("standings", str(SEED), "--profile", "fide-team")
    assert code == 2
    assert err == "sonneborn: error: --profile: 'fide-team' is a list for team events; this event is not one\n"
    with pytest.raises(OptionError, match="'uscf' is a list for individual events"):
        Request.parse(profile="uscf").profile.tiebreaks(EventKind.SWISS, teams=True)  # type: ignore[union-attr]


def test_check_crosstable_and_lots_verify_take_a_profile_too() -> None:
    code, out, err = run("crosstable", str(SEED), "--profile", "fide-rr", "-f", "json")
    assert code == 0, err
    assert json.loads(out)["header"][-4:] == ["DE", "WIN", "SB", "KS"]
    for command in (["check", str(SEED)], ["lots", "verify", str(SEED), "--secret", "s" * 16, "--commitment", "x"]):
        code, out, err = run(*command, "--profile", "uscf", "-t", "SB")
        assert code == 2 and not out, command
        assert err.startswith("sonneborn: error: --") and err.count("\n") == 1, command


def test_compare_sets_profiles_side_by_side() -> None:
    code, out, err = run("compare", str(SWISS), "--profile", "fide-swiss", "--profile", "uscf")
    assert code == 0, err
    assert out.startswith("A: fide-2026 — DE, WIN, BPG, ARO/C1, BH/C1, BH, SB\nB: fide-2026 — MM, SOLK, CUM, OCUM\n")
