"""``sonneborn check`` (audit a results file) and ``sonneborn compare`` (editions side by side)."""

from __future__ import annotations

import json
from pathlib import Path

from builders import trf_player
from click.testing import CliRunner
from test_seed_event import SEED

from sonneborn.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def swiss_file(tmp_path: Path, *, ann_points: str = "2.5") -> str:
    """Four players, three rounds; Ann has a half-point bye in the last round, Dan the PAB.

    Scores: Ann 2.5, Bob 1.5, Dan 1.5, Cid 1.
    """
    lines = [
        "012 Audit test",
        "XXR 3",
        trf_player(1, "Ann", ann_points, ["   2 w 1", "   3 b 1", "0000 - H"], rank=1),
        trf_player(2, "Bob", "1.5", ["   1 b 0", "   4 w 1", "   3 w ="], rank=2),
        trf_player(3, "Cid", "1.0", ["   4 b =", "   1 w 0", "   2 b ="], rank=4),
        trf_player(4, "Dan", "1.5", ["   3 w =", "   2 b 0", "0000 - U"], rank=3),
    ]
    path = tmp_path / "audit.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_check_passes_a_correct_file(tmp_path: Path) -> None:
    code, out, _ = run("check", swiss_file(tmp_path))
    assert code == 0, out
    assert out.startswith("No disagreement: points, ranks of 4 players agree")


def test_check_names_the_player_and_the_round_of_a_wrong_total(tmp_path: Path) -> None:
    # Ann's half-point bye in round 3 left out of her total: 2.0 recorded, 2.5 computed.
    code, out, _ = run("check", swiss_file(tmp_path, ann_points="2.0"))
    assert code == 1
    assert out.splitlines()[0] == "player 1 (Ann): points 2 recorded, 2.5 computed: round 3 half-point bye not counted"


def test_check_reads_the_neustadtl_column_of_a_crosstable(tmp_path: Path) -> None:
    code, out, _ = run("check", str(SEED))
    assert code == 0
    assert "points, SB of 15 players agree" in out
    wrong = tmp_path / "wrong.tsv"
    wrong.write_text(SEED.read_text(encoding="utf-8").replace("\t66.75", "\t66.5"), encoding="utf-8")
    code, out, _ = run("check", str(wrong))
    assert code == 1
    assert "player 2 (Zagorovsky): SB 66.5 recorded, 66.75 computed" in out


def test_compare_editions_marks_rank_changes(tmp_path: Path) -> None:
    path = swiss_file(tmp_path)
    code, out, err = run("compare", path, "--rules", "fide-2023,none", "-t", "BH", "--kind", "swiss", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [v["rules"] for v in data["variants"]] == ["fide-2023", "none"]
    # Under 2023 Ann's last-round HPB (16.2.5) is seen as a draw (no change) and counts for her as
    # a dummy of her own 2.5; Dan's PAB a dummy of his own 1.5:
    # Ann 1.5 + 1 + 2.5 = 5; Bob 2.5 + 1.5 + 1 = 5; Cid 1.5 + 2.5 + 1.5 = 5.5; Dan 1 + 1.5 + 1.5 = 4.
    # Under "none" the byes add nothing: Ann 2.5, Dan 2.5. Bob stays ahead of Dan either way.
    bh = {v["rules"]: {r["start"]: r["values"]["BH"] for r in v["standings"]} for v in data["variants"]}
    assert bh["fide-2023"] == {1: 5.0, 2: 5.0, 3: 5.5, 4: 4.0}
    assert bh["none"] == {1: 2.5, 2: 5.0, 3: 5.5, 4: 2.5}
    assert data["changed"] == []
    code, out, _ = run("compare", path, "--rules", "fide-2023", "-t", "BH", "-t", "TPN/R", "--kind", "swiss")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "A: fide-2023 — BH" and lines[1] == "B: fide-2023 — TPN/R"
    # Under TPN/R the higher pairing number wins the 1.5 tie: Dan second, Bob third.
    marked = {line.split()[1] for line in lines[3:] if line.endswith("*")}
    assert marked == {"Bob", "Dan"}
