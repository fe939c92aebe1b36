"""``-f trf``: the standings written as TRF-26 read back to the same standings (issue 3 acceptance)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli

DATA = Path(__file__).parent / "data"
INDIVIDUAL = sorted(p for p in (DATA / "trf").glob("*.trf") if "_team" not in p.name)  # team events are refused
EVENTS = INDIVIDUAL + sorted((DATA / "trf26").glob("*.trf"))


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("path", EVENTS, ids=[p.name for p in EVENTS])
@pytest.mark.parametrize(
    "options", [[], ["-t", "BH/C1,BH,SB/C1,FB,AOB,DE,WIN,STD,REP"], ["-t", "BH/C1,SB", "--rules", "fide-2009"]]
)
def test_trf_output_reads_back_to_the_same_json(tmp_path: Path, path: Path, options: list[str]) -> None:
    out = tmp_path / "out.trf"
    out.write_text(run("standings", str(path), *options, "-f", "trf"), encoding="utf-8")
    # The written file names the list in record 202 and the rules edition in XXT (issue 12), so neither -t nor
    # --rules is needed to read it back.
    assert run("standings", str(out), "-f", "json") == run("standings", str(path), *options, "-f", "json")


def test_trf_output_records_the_rules_edition_issue_12(tmp_path: Path) -> None:
    text = run("standings", str(DATA / "held" / "fide_tec_exercise_2023.trf"), "--rules", "fide-2023", "-f", "trf")
    assert "XXT fide-2023" in text.splitlines()
    out = tmp_path / "out.trf"
    out.write_text(text, encoding="utf-8")
    # Read back without --rules, it is ranked under fide-2023: David's BH is Held's 15.0 (C.07-2023, no cap).
    data = json.loads(run("standings", str(out), "-t", "BH", "-f", "json"))
    assert data["rules"] == "fide-2023"
    assert next(row["values"]["BH"] for row in data["standings"] if row["start"] == 4) == 15.0
    # --rules still decides when given.
    assert json.loads(run("standings", str(out), "--rules", "none", "-f", "json"))["rules"] == "none"
    out.write_text(text.replace("XXT fide-2023", "XXT fide-1999"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(out)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"sonneborn: error: {out}:")
    assert "the file's rules edition (record XXT): unknown rules 'fide-1999'" in result.stderr


def test_trf_output_records_points_ranks_and_the_list(tmp_path: Path) -> None:
    text = run("standings", str(DATA / "crosstable" / "wccc_1975_final.tsv"), "-t", "SB,DE,WIN", "-f", "trf")
    lines = text.splitlines()
    assert "202 SB,DE,WIN" in lines and "212 PTS,SB,DE,WIN" in lines
    first = next(line for line in lines if line.startswith("001    1 "))
    assert first[80:84] == "11.0" and first[85:89] == "   1"
