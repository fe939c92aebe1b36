"""Issue 22, ``sonneborn identify FILE --profile NAME``: only that profile's lists are searched, under every rule
edition and reading of the points and unplayed rounds; the catalogue only when ``--max-codes`` is given too.

Files are written as ``tests/test_identify.py`` writes them: a random event ranked by a list under an edition, its
ranks recorded, the records that state the list and the edition left out. Whether another profile's list could
give those ranks is worked out apart from ``identify``: the event ranked by that list under each edition.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_identify import DATA, published

from sonneborn.cli import cli
from sonneborn.identify import identify, profile_presets
from sonneborn.pipeline import Request, read_text, standings
from sonneborn.profiles import PROFILES
from sonneborn.ranking import rank
from sonneborn.render.trf import render_trf
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

INDIVIDUAL = [name for name, profile in PROFILES.items() if not profile.teams]
FIDE_SWISS = PROFILES["fide-swiss"].lists[next(iter(PROFILES["fide-swiss"].lists))]
USCF = "MM,SOLK,CUM,OCUM"


@pytest.mark.parametrize("rules", [Rules.FIDE_2009, Rules.FIDE_2023, Rules.FIDE_2026], ids=str)
@pytest.mark.parametrize("name", INDIVIDUAL)
def test_a_file_written_under_a_profile_is_found_by_it_alone(name: str, rules: Rules) -> None:
    presets = profile_presets(PROFILES[name])
    for preset in presets:  # sharly-chess has a Swiss list and a round robin's
        known = tuple(parse_list(preset.tiebreaks))
        for seed in range(3):
            reading = read_text(published(preset.tiebreaks, rules, seed), path="published.trf")
            request = Request.parse(profile=name)
            found = identify(standings(reading, request), presets=presets, common=False, max_length=None)
            assert found.exact, (preset.name, seed, found.matches[:3])
            # Only the profile's lists: no list in force, no list check tries, none of the catalogue.
            assert {match.setting.preset for match in found.matches} <= {p.name for p in presets}
            assert any(match.setting.tiebreaks == known and rules in match.setting.rules for match in found.matches), (
                preset.name,
                seed,
                [(m.setting.tiebreaks, m.setting.rules) for m in found.matches],
            )


def _fide_swiss_file_that_uscf_cannot_give(tmp_path: Path) -> tuple[Path, int]:
    """A Swiss written under fide-swiss (FIDE-2026) whose ranks US Chess's list gives under no edition, and the
    fewest players whose rank that list gives otherwise under any edition."""
    for seed in range(40):
        text = published(FIDE_SWISS, Rules.FIDE_2026, seed)
        event = read_text(text, path="x.trf").event
        recorded = list(event.roster.recorded_ranks)
        ranked = [rank(event, parse_list(USCF), rules=r).ranks.tolist() for r in Rules]
        off = min(sum(mine != theirs for mine, theirs in zip(ranks, recorded, strict=True)) for ranks in ranked)
        if off and event.players >= 8:
            path = tmp_path / "fide_swiss.trf"
            path.write_text(text, encoding="utf-8")
            return path, off
    raise AssertionError("no such event among 40 seeds")


def test_another_profile_reports_none_reproduces_with_the_closest(tmp_path: Path) -> None:
    path, off = _fide_swiss_file_that_uscf_cannot_give(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["identify", str(path), "--profile", "uscf", "-f", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is False and data["matches"]
    assert all(match["preset"] == "uscf" and match["tiebreaks"] == USCF.split(",") for match in data["matches"])
    first = data["matches"][0]
    # Some ranks are off (a rank within a shared place the file splits is not a disagreement, so at most `off`).
    assert 1 <= first["disagreements"] <= off
    assert all(detail["what"] == "rank" and detail["cause"] for detail in first["details"])
    table = runner.invoke(cli, ["identify", str(path), "--profile", "uscf"])
    assert table.exit_code == 1, table.output
    assert table.stdout.startswith("No setting reproduces every recorded rank and value")
    assert "MM,SOLK,CUM,OCUM" in table.stdout
    # Its own profile finds it; with --max-codes the catalogue is searched too, beside the profile's list.
    own = runner.invoke(cli, ["identify", str(path), "--profile", "fide-swiss", "-f", "json"])
    assert own.exit_code == 0, own.output
    assert {match["preset"] for match in json.loads(own.stdout)["matches"]} == {"fide-swiss"}
    wider = runner.invoke(cli, ["identify", str(path), "--profile", "uscf", "--max-codes", "2", "-f", "json"])
    presets = {match["preset"] for match in json.loads(wider.stdout)["matches"]}
    assert None in presets and presets <= {None, "uscf"}, presets


def test_a_team_file_is_found_by_the_team_profile() -> None:
    source = read_text((DATA.parent / "teams" / "four_clubs_trf26.trf").read_text(encoding="utf-8"), path="t.trf")
    written = render_trf(standings(source, Request.parse(profile="fide-team")))
    text = "".join(line for line in written.splitlines(keepends=True) if not line.startswith(("202", "XXT")))
    reading = read_text(text, path="t.trf")
    presets = profile_presets(PROFILES["fide-team"])
    found = identify(standings(reading, Request.parse(profile="fide-team")), presets=presets, common=False,
                     max_length=None)  # fmt: skip
    assert found.exact
    assert {match.setting.preset for match in found.matches} <= {preset.name for preset in presets}
    known = tuple(PROFILES["fide-team"].tiebreaks(reading.event.kind, teams=True))
    assert any(match.setting.tiebreaks == known for match in found.matches)


@pytest.mark.parametrize("name", ["nope", "ecf", "fide-team"])
def test_a_profile_that_cannot_be_used_gets_the_error_of_standings(name: str) -> None:
    path = str(DATA / "hand_written_sb_typo.csv")
    runner = CliRunner()
    said = runner.invoke(cli, ["identify", path, "--profile", name])
    ranked = runner.invoke(cli, ["standings", path, "--profile", name])
    assert said.exit_code == ranked.exit_code == 2, (said.output, ranked.output)
    assert said.stderr == ranked.stderr
    assert said.stderr.startswith("sonneborn: error: --profile: ") and said.stderr.count("\n") == 1
