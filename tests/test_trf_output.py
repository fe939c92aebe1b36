"""``-f trf``: the standings written as TRF-26 read back to the same standings (issue 3 acceptance)."""

from __future__ import annotations

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
@pytest.mark.parametrize("tiebreaks", [None, "BH/C1,BH,SB/C1,FB,AOB,DE,WIN,STD,REP"])
def test_trf_output_reads_back_to_the_same_json(tmp_path: Path, path: Path, tiebreaks: str | None) -> None:
    options = [] if tiebreaks is None else ["-t", tiebreaks]
    out = tmp_path / "out.trf"
    out.write_text(run("standings", str(path), *options, "-f", "trf"), encoding="utf-8")
    # The written file names the list in record 202, so no -t is needed to read it back.
    assert run("standings", str(out), "-f", "json") == run("standings", str(path), *options, "-f", "json")


def test_trf_output_records_points_ranks_and_the_list(tmp_path: Path) -> None:
    text = run("standings", str(DATA / "crosstable" / "wccc_1975_final.tsv"), "-t", "SB,DE,WIN", "-f", "trf")
    lines = text.splitlines()
    assert "202 SB,DE,WIN" in lines and "212 PTS,SB,DE,WIN" in lines
    first = next(line for line in lines if line.startswith("001    1 "))
    assert first[80:84] == "11.0" and first[85:89] == "   1"
