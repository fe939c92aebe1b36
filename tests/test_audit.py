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


def test_check_of_a_file_that_records_nothing_says_so(tmp_path: Path) -> None:
    # The seed grid's crosstable holds results only once its points and SB columns are taken away.
    grid = [line.split("\t")[:17] for line in SEED.read_text(encoding="utf-8").splitlines()]
    path = tmp_path / "grid.tsv"
    path.write_text("\n".join("\t".join(cells) for cells in grid) + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 0, out
    assert out == "Nothing to check: the file records no points, ranks or tie-break values of its 15 players.\n"


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


# Issue 12: shared places, rank 0, likely causes.


def test_a_points_group_shares_its_places(tmp_path: Path) -> None:
    # A round robin of three players, every game drawn: 1 point each and every tie-break equal, so the three
    # share places 1-3. The file (no list stated) wrote ranks 1, 2, 3: each within 1-3, no disagreement.
    lines = [
        "XXR 3",
        trf_player(1, "Ann", "1.0", ["   2 w =", "   3 b =", "0000 - Z"], rank=1),
        trf_player(2, "Bob", "1.0", ["   1 b =", "0000 - Z", "   3 w ="], rank=2),
        trf_player(3, "Cid", "1.0", ["0000 - Z", "   1 w =", "   2 b ="], rank=3),
    ]
    path = tmp_path / "shared.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 0, out
    # A rank outside the group's places is named with the right range.
    path.write_text("\n".join(lines).replace("1.0    3", "1.0    4") + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1
    assert out.splitlines()[0] == "player 3 (Cid): rank 4 recorded, 1 computed: 1 points place 1–3"


def test_rank_zero_is_not_ranked(tmp_path: Path) -> None:
    # Dan withdrew after round 1 and the file ranks him 0 (not ranked); the others are ranked 1-3 among
    # themselves, so nobody below him is shifted by one.
    #   R1 Ann-Dan 1-0, Bob-Cid 1-0; R2 Ann-Bob 1-0, Cid has the PAB (Dan is gone).
    #   Ann 2, Bob 1, Cid 1 (the PAB), Dan 0. By points then BH: Bob's BH (Ann 2 + Cid 1) = 3 beats Cid's
    #   (Bob 1 + a PAB dummy of his own 1, 16.4 = 2).
    lines = [
        "XXR 2",
        "202 BH",
        trf_player(1, "Ann", "2.0", ["   4 w 1", "   2 b 1"], rank=1),
        trf_player(2, "Bob", "1.0", ["   3 w 1", "   1 w 0"], rank=2),
        trf_player(3, "Cid", "1.0", ["   2 b 0", "0000 - U"], rank=3),
        trf_player(4, "Dan", "0.0", ["   1 b 0", "0000 - Z"], rank=0),
    ]
    path = tmp_path / "withdrawn.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 0, out


def test_the_list_that_gives_the_recorded_ranks_is_named(tmp_path: Path) -> None:
    # Held's event ranked by points then SB, by the published SB values (Held, exercise 12): within the points
    # groups 3.5 (#3 10.5, #4 9.75, #1 8, #16 7.25), 2.5 (#11, #8, #5), 2 (#14, #12, #15), 1.5 (#13, #7, #9).
    order = [2, 3, 4, 1, 16, 6, 11, 8, 5, 14, 12, 15, 13, 7, 9, 10]
    rank_of = {start: place for place, start in enumerate(order, 1)}
    text = (Path(__file__).parent / "data" / "held" / "fide_tec_exercise_2023.trf").read_text(encoding="utf-8")
    written = []
    for line in text.splitlines():
        if line.startswith("001"):
            start = int(line[4:8])
            line = f"{line[:85]}{rank_of[start]:>4}{line[89:]}"
        written.append(line)
    path = tmp_path / "held.trf"
    path.write_text("\n".join(written) + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path), "-t", "BH/C1,BH,SB", "--rules", "fide-2023")
    assert code == 1
    lines = out.splitlines()
    assert "Likely cause: the recorded ranks follow -t SB,BH --rules fide-2023." in lines
    assert lines[-1].endswith("each with a likely cause.")


def test_issue18_a_total_counting_an_odd_round_robins_free_round_names_the_free_round(tmp_path: Path) -> None:
    # Three players, one cycle: each sits out one round. Ann won in round 2 and lost in round 3, so her results
    # give 1; the file records 1.5, her free round (round 1) counted as a draw. A free round is no absence.
    lines = [
        "012 Free round",
        trf_player(1, "Ann", "1.5", ["0000 - Z", "   3 w 1", "   2 b 0"]),
        trf_player(2, "Bob", "1.0", ["   3 b 0", "0000 - Z", "   1 w 1"]),
        trf_player(3, "Cid", "1.0", ["   2 w 1", "   1 b 0", "0000 - Z"]),
    ]
    path = tmp_path / "free.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1, out
    assert "player 1 (Ann): points 1.5 recorded, 1 computed: round 1 free round counted as a draw" in out


def test_check_lines_and_causes_in_each_language_issue_21(tmp_path: Path) -> None:
    # Ann's half-point bye in round 3 left out of her total (2 recorded, 2.5 computed), its words and decimal sign
    # the language's; the start number, the name and the numbers kept.
    path = swiss_file(tmp_path, ann_points="2.0")
    said = {}
    for code in ("es", "th", "ko"):
        result = CliRunner().invoke(cli, ["--lang", code, "check", path])
        assert result.exit_code == 1, result.output
        said[code] = result.stdout.splitlines()[0]
    assert said["es"] == "jugador 1 (Ann): puntos 2 registrado, 2,5 calculado: ronda 3: bye de medio punto no contada"
    assert said["th"] == "ผู้เล่น 1 (Ann): คะแนน บันทึกไว้ 2 คำนวณได้ 2.5: รอบ 3: บายได้ครึ่งแต้ม ไม่ได้นับ"
    assert said["ko"] == "선수 1 (Ann): 점수 기록 2, 계산 2.5: 3라운드 0.5점 부전 계산되지 않음"
