"""The ``sonneborn`` command through click's CliRunner: the JSON contract, explanations and errors."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from builders import trf_player
from click.testing import CliRunner
from test_seed_event import SEED, published

from sonneborn.cli import cli

DATA = Path(__file__).parent / "data"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_contract_for_the_seed() -> None:
    code, out, err = run("standings", str(SEED), "-t", "SB,GF,NNSB", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["event"] == {
        "name": None,
        "rounds": 15,
        "played": 15,
        "provisional": False,
        "players": 15,
        "kind": "round-robin",
        # A crosstable says nothing of the event's place, dates or arbiter (issue 21: null, never made up).
        "city": None,
        "federation": None,
        "start_date": None,
        "end_date": None,
        "chief_arbiter": None,
    }
    assert data["tiebreaks"] == ["SB", "GF", "NNSB"]
    table = published()
    for row in data["standings"]:
        cs, ns = table[row["start"]]
        assert row["points"] == float(cs)
        assert row["values"] == {"SB": float(ns), "GF": float(cs + ns / 14), "NNSB": float(cs * cs + ns)}
    assert [r["rank"] for r in data["standings"]] == sorted(r["rank"] for r in data["standings"])


def test_json_of_the_default_list_matches_the_documented_example() -> None:
    code, out, _ = run("standings", str(SEED), "-f", "json")
    assert code == 0
    first = json.loads(out)["standings"][0]
    assert first == {
        "rank": 1,
        "start": 1,
        "name": "Slot",
        "points": 11.0,
        "values": {"DE": 0, "SB": 69.5, "WIN": 8, "KS": 6.5},
        # The crosstable holds names alone: every player field is null (issue 21).
        "title": None,
        "federation": None,
        "fide_id": None,
        "rating": None,
        "sex": None,
        "birth_date": None,
        "club": None,
    }


def test_table_and_explanation() -> None:
    code, out, _ = run("standings", str(SEED), "-t", "SB,DE,WIN", "--explain", "1")
    assert code == 0
    lines = out.splitlines()
    # No player is rated: no rating column.
    assert lines[0].split()[:4] == ["Rk", "No", "Name", "Pts"]
    assert lines[1].split() == ["1", "1", "Slot", "11", "69.50", "–", "8"]  # alone on 11: DE does not apply
    expected = (
        "SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov) + 1×8.5 (Khasin) + ½×8 (Kletsel) + "
        "½×7 (De Carbonnel) + 1×7 (Arnlind) + 1×7 (Dunhaupt) + ½×7 (Maedler) + 1×7 (Estrin) + "
        "½×5.5 (Walther) + 1×5.5 (Boey) + 1×4.5 (Abramov) + 1×4.5 (Siklos) + 1×1 (Nun)"
    )
    assert "  " + expected in lines


def test_explanation_names_the_cut_element() -> None:
    code, out, _ = run("standings", str(SEED), "-t", "SB/C1", "--explain", "1")
    assert code == 0
    line = next(line for line in out.splitlines() if line.strip().startswith("SB/C1"))
    assert line.strip().startswith("SB/C1 68.5 = ")
    assert line.endswith("; cut: 1×1 (Nun)")


def test_csv_output() -> None:
    code, out, _ = run("standings", str(SEED), "-t", "SB,GF", "-f", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,start,name,rating,points,SB,GF,title,federation,fide_id,sex,birth_date,club"
    assert lines[1].split(",")[:6] == ["1", "1", "Slot", "", "11", "69.5"]
    assert lines[1].split(",")[7:] == [""] * 6  # the crosstable has no player fields
    assert float(lines[1].split(",")[6]) == float(Fraction(447, 28))


def test_rank_by_gelbfuhs() -> None:
    code, out, _ = run("standings", str(SEED), "--rank-by", "GF", "-t", "SB", "-f", "json")
    assert code == 0
    data = json.loads(out)
    assert data["rank_by"] == "GF" and data["tiebreaks"] == ["GF", "SB"]
    gf = [row["values"]["GF"] for row in data["standings"]]
    assert gf == sorted(gf, reverse=True)


def test_demo_prints_sloth_first_and_his_derivation() -> None:
    code, out, _ = run("demo")
    assert code == 0
    lines = out.splitlines()
    rows = [line.split() for line in lines[2:5]]
    assert [(r[0], r[2], r[4]) for r in rows] == [
        ("1", "Sloth", "69.50"),
        ("2", "Zagorovsky", "66.75"),
        ("3", "Kosenkov", "67.50"),
    ]
    assert lines[-1].startswith("SB 69.5 = ½×11 (Zagorovsky)")


def test_unknown_tiebreak_lists_valid_codes() -> None:
    code, _, err = run("standings", str(SEED), "-t", "SB,FOO")
    assert code == 2
    assert err.startswith("sonneborn: error: unknown tie-break 'FOO' (valid codes: ")
    assert ", BH, " in err and ", SB, " in err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("name", "text", "where", "what"),
    [
        ("empty.tsv", "", ":1:", "empty"),
        ("bothwon.tsv", "1\tA\tX\t1\n2\tB\t1\tX\n", ":2:", "complement"),
        ("symbol.tsv", "1\tA\tX\t2\n2\tB\t0\tX\n", ":1:", "'2'"),
        (
            "truncated.trf",
            "012 Test\n"
            + trf_player(1, "A", "1.0", ["   2 w 1"])[:96]
            + "\n"
            + trf_player(2, "B", "0.0", ["   1 b 0"])
            + "\n",
            ":2:",
            "",
        ),
        (
            "mirror.trf",
            "012 Test\n"
            + trf_player(1, "A", "1.0", ["   2 w 1"])
            + "\n"
            + trf_player(2, "B", "0.0", ["   1 b 1"])
            + "\n",
            ":2:",
            "",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_line(
    tmp_path: Path, name: str, text: str, where: str, what: str
) -> None:
    path = write(tmp_path, name, text)
    code, out, err = run("standings", path)
    assert code == 2, (out, err)
    first, *under = err.splitlines()
    assert "Traceback" not in err and all(line.startswith("  ") for line in under), err
    assert first.startswith(f"sonneborn: error: {path}{where}"), err
    assert what in first


def test_point_system_option() -> None:
    # Sloth: 8 wins and 6 draws, 30; Zagorovsky: 9 wins and 4 draws, 31, now first.
    code, out, err = run("standings", str(SEED), "--points", "3,1,0", "-t", "WIN", "-f", "json")
    assert code == 0, err
    rows = json.loads(out)["standings"]
    assert (rows[0]["name"], rows[0]["points"]) == ("Zagorovsky", 31.0)
    assert next(r["points"] for r in rows if r["start"] == 1) == 30.0
    code, _, err = run("standings", str(SEED), "--points", "3,x,0")
    assert code == 2 and "--points" in err


def test_rules_edition_is_named_in_the_json_and_changes_dummies(tmp_path: Path) -> None:
    # A three-round Swiss: Ann has a half-point bye in round 3 (last round: 16.2.5).
    lines = [
        "012 Editions",
        trf_player(1, "Ann", "2.5", ["   2 w 1", "   3 b 1", "0000 - H"]),
        trf_player(2, "Bob", "1.0", ["   1 b 0", "0000 - U", "   3 w 0"]),
        trf_player(3, "Cid", "1.0", ["0000 - U", "   1 w 0", "   2 b 1"]),
    ]
    path = write(tmp_path, "editions.trf", "\n".join(lines) + "\n")
    outputs = {}
    for rules in ("fide-2026", "fide-2023", "none"):
        # Everyone met everyone, so the event would be taken for a round robin: say it is a Swiss.
        code, out, err = run("standings", path, "-t", "BH", "-f", "json", "--rules", rules, "--kind", "swiss")
        assert code == 0, err
        data = json.loads(out)
        assert data["rules"] == rules
        outputs[rules] = next(r["values"]["BH"] for r in data["standings"] if r["start"] == 1)
    # Ann's opponents: Bob 1, Cid 2 (PABs are not 16.2.5, so no adjustment): 3.
    # 2023: HPB dummy = own 2.5 → 5.5; 2026: capped at ½ × 3 rounds = 1.5 → 4.5; none: no dummy → 3.
    assert outputs == {"fide-2026": 4.5, "fide-2023": 5.5, "none": 3.0}


def test_output_cut_short_by_its_reader_ends_quietly(tmp_path: Path) -> None:
    # `sonneborn standings big.trf | head`: no error for the user, the exit status of a SIGPIPE.
    import subprocess

    from test_generate import generate

    path = tmp_path / "big.trf"
    path.write_text(generate.to_trf(generate.swiss(1500, 5)), encoding="utf-8")
    command = [sys.executable, "-m", "sonneborn", "standings", str(path), "-f", "json", "-t", "BH,SB"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(100).startswith(b"{")
        process.stdout.close()
        errors = process.stderr.read()
    assert errors == b""
    assert process.returncode == 141


@pytest.mark.parametrize("codes", ["BH,SB", "BH,SB,GF"], ids=["array path", "reference path"])
def test_a_file_mixing_encodings_is_read_and_warned_of_once(tmp_path: Path, codes: str) -> None:
    path = tmp_path / "mixed.trf"
    lines = [trf_player(1, "Bjørn", "1.0", ["   2 w 1"]), trf_player(2, "Clärk", "0.0", ["   1 b 0"])]
    path.write_bytes((lines[0] + "\n").encode("utf-8") + (lines[1] + "\n").encode("latin-1"))
    code, out, err = run("standings", str(path), "-f", "json", "-t", codes)
    assert code == 0, err
    assert [row["name"] for row in json.loads(out)["standings"]] == ["Bjørn", "Clärk"]
    assert err.count("the file mixes encodings") == 1, err
    assert "mixed.trf:2:" in err


@pytest.mark.parametrize(
    ("stated", "given"),
    [("", None), ("202 GF,BH\n", None), ("202 BH,SB\n", None), ("", "GF"), ("", "BH")],
    ids=["no list", "file's list needs the reference path", "file's list on arrays", "given GF", "given BH"],
)
def test_each_warning_is_said_once_whichever_path_ranks(tmp_path: Path, stated: str, given: str | None) -> None:
    path = tmp_path / "twice.trf"
    lines = [trf_player(1, "Bjørn", "1.0", ["   2 w 1"]), trf_player(2, "Bjørn", "0.0", ["   1 b 0"])]
    body = (stated + lines[0] + "\n").encode("utf-8") + (lines[1] + "\n").encode("latin-1")
    path.write_bytes(body)
    code, out, err = run("standings", str(path), "-f", "json", *(["-t", given] if given else []))
    assert code == 0, err
    assert [row["start"] for row in json.loads(out)["standings"]] == [1, 2]
    warnings = err.splitlines()
    assert len(warnings) == 2, err
    assert "mixes encodings" in warnings[0]  # the file's encoding first, then its lines, as the reference says
    assert "the same name as player 1" in warnings[1]


@pytest.mark.parametrize("given", [None, "GF", "BH"])
@pytest.mark.parametrize("stated", ["GF,BH", "BH,SB"])
def test_an_event_the_reference_reader_reads_is_read_once(tmp_path: Path, stated: str, given: str | None) -> None:
    # A JSON event: read the reference way once, then ranked on arrays where they cover the list.
    trf = tmp_path / "twice.trf"
    lines = [f"202 {stated}", trf_player(1, "Ann", "1.0", ["   2 w 1"]), trf_player(2, "Ann", "0.0", ["   1 b 0"])]
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    event = tmp_path / "twice.json"
    assert run("convert", str(trf), str(event))[0] == 0
    code, out, err = run("standings", str(event), "-f", "json", *(["-t", given] if given else []))
    assert code == 0, err
    assert json.loads(out)["tiebreaks"] == (given or stated).split(",")
    assert err.count("the same name as player 1") == 1, err


# A 6-player Swiss of 3 rounds (issue 12, a code listed twice): A beat B, C met neither.
#   R1 A-B 1-0, C-D 1-0, E-F ½-½; R2 A-E 1-0, C-F 0-1, B-D 1-0; R3 D-A 1-0, E-C 0-1, F-B 0-1.
#   Points: A 2, B 2, C 2, D 1, E ½, F 1.5.
#   DE on {A, B, C} (C.07 6.3): A 1, B 0, C 0 among them, but C's missing games won give him 2 > A's 1 with
#   his lost: nobody is first whatever the missing games, so DE separates no one (0 for all three).
#   SB (9.1): A = 1×2 (B) + 1×½ (E) + 0×1 (D) = 2.5; B = 1×1 (D) + 1×1.5 (F) = 2.5; C = 1×1 (D) + 1×½ (E) = 1.5.
#   The second DE, on {A, B} still tied after SB (they met, 6.2): A 1st, B 2nd; C was no longer tied: 0.
TWICE = [
    trf_player(1, "A", "2.0", ["   2 w 1", "   5 w 1", "   4 b 0"]),
    trf_player(2, "B", "2.0", ["   1 b 0", "   4 w 1", "   6 b 1"]),
    trf_player(3, "C", "2.0", ["   4 w 1", "   6 w 0", "   5 b 1"]),
    trf_player(4, "D", "1.0", ["   3 b 0", "   2 b 0", "   1 w 1"]),
    trf_player(5, "E", "0.5", ["   6 w =", "   1 b 0", "   3 w 0"]),
    trf_player(6, "F", "1.5", ["   5 b =", "   3 b 1", "   2 w 0"]),
]


def test_a_code_listed_twice_keeps_each_value_issue_12(tmp_path: Path) -> None:
    path = tmp_path / "twice.trf"
    path.write_text("012 Twice\nXXR 3\n" + "\n".join(TWICE) + "\n", encoding="utf-8")
    code, out, err = run("standings", str(path), "-t", "DE,SB,DE", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tiebreaks"] == ["DE", "SB", "DE#2"]
    rows = {row["name"]: (row["rank"], row["values"]) for row in data["standings"]}
    assert rows["A"] == (1, {"DE": 0, "SB": 2.5, "DE#2": 1})
    assert rows["B"] == (2, {"DE": 0, "SB": 2.5, "DE#2": 2})
    assert rows["C"] == (3, {"DE": 0, "SB": 1.5, "DE#2": 0})
    # Without the second DE, A and B share the first place.
    code, out, err = run("standings", str(path), "-t", "DE,SB", "-f", "json")
    assert code == 0, err
    assert [(row["name"], row["rank"]) for row in json.loads(out)["standings"][:3]] == [("A", 1), ("B", 1), ("C", 3)]
    # The terminal table has a column for each occurrence, with its own values.
    code, out, err = run("standings", str(path), "-t", "DE,SB,DE")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].split()[-3:] == ["DE", "SB", "DE"], lines[1]
    assert lines[2].split()[-3:] == ["0", "2.50", "1"], lines[2]
