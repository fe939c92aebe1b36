"""Issue 19, "files that lie": CSV quoting, PGN tag escaping, terminal escapes.

The hostile event is ``tests/data/bad/json_hostile_names.json``: the catalogue's four-player round robin
(Adams 2½, Brown 2, Clark 1½, Dunne 0) with names that hold a lone CR before a formula, a PGN tag's end and
a line break, an OSC sequence with a BEL, a NUL. Every expected text below is written from the rules
(RFC 4180, OWASP's formula starts, PGN export format 8.1.1 and 7), not taken from the program.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import subprocess
import sys
import unicodedata
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import scaled

from sonneborn.batch import run_batch
from sonneborn.cli import cli
from sonneborn.convert import convert
from sonneborn.formats import read_text
from sonneborn.formats.lines import csv_table, from_spreadsheet, spreadsheet_text
from sonneborn.formats.pgn import read_pgn
from sonneborn.formats.pgn_writer import write_pgn
from sonneborn.scoring import scores

HOSTILE = Path(__file__).parent / "data" / "bad" / "json_hostile_names.json"
NAMES = {
    1: "Adams\r=1+1",
    2: 'Brown"]\n[Result "1-0"]',
    3: "Clark\x1b]0;owned\x07\x1b[31m",
    4: '=HYPERLINK("x"),\\Dunne\x00',
}
"""The names of the file, as JSON spells them."""
AS_CELLS = {
    1: "Adams\r'=1+1",  # its second line starts with = (OWASP)
    2: 'Brown"]\n[Result "1-0"]',  # its second line starts with [, no formula
    3: "Clark\x1b]0;owned\x07\x1b[31m",
    4: '\'=HYPERLINK("x"),\\Dunne\x00',
}
"""The names as a CSV cell holds them: a ``'`` before every line that starts with ``= + - @``, TAB or CR."""
ON_A_LINE = {
    1: "Adams =1+1",
    2: 'Brown"] [Result "1-0"]',
    3: "Clark ]0;owned  [31m",  # ESC, BEL, ESC: three spaces, one of them after "owned" and two before "[31m"
    4: '=HYPERLINK("x"),\\Dunne',  # the NUL at the end a space, taken off with the blanks at the ends
}
"""The names as a line of TRF, PGN or a crosstable holds them: each control character a space, ends stripped."""
POINTS = {1: 2.5, 2: 2.0, 3: 1.5, 4: 0.0}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def rows_of(text: str) -> list[list[str]]:
    """The rows of a CSV text as an RFC 4180 reader (Python's) gives them."""
    return list(csv.reader(io.StringIO(text, newline="")))


def physical_lines(text: str) -> list[str]:
    """The lines of a text cut at every CR and LF, as a reader that knows no quoting cuts them."""
    return re.split(r"\r\n|\r|\n", text)


def assert_no_formula_line(text: str) -> None:
    starts = ("=", "+", "-", "@")
    assert not [line for line in physical_lines(text) if line.startswith(starts)], text


# CSV.


def test_csv_table_quotes_a_lone_cr_the_separator_and_quotes() -> None:
    header = ["No", "Name"]
    cells = ["Fr\r'=1+1", "a,b", 'say "hi"', "a\nb", "plain"]
    text = csv_table(header, [[str(n) for n in range(1, 6)], cells])
    assert text.splitlines(keepends=True)[0] == "No,Name\n"
    assert '1,"Fr\r\'=1+1"\n' in text and '2,"a,b"\n' in text and '3,"say ""hi"""\n' in text
    assert "5,plain\n" in text
    assert rows_of(text) == [header, *([str(n), cell] for n, cell in enumerate(cells, 1))]


def test_csv_table_quotes_the_tab_of_a_tsv_and_not_a_comma() -> None:
    assert csv_table(["a"], [["x\ty", "x,y"]], separator="\t") == 'a\n"x\ty"\nx,y\n'


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("Fr\r=1+1", "Fr\r'=1+1"),
        ("a\n+b\r\n-c\r@d", "a\n'+b\r\n'-c\r'@d"),
        ("=1\n=2", "'=1\n'=2"),
        ("\r=1", "'\r'=1"),  # a CR first is a formula start itself (OWASP), and the line after it one too
        ("Ann\nBob", "Ann\nBob"),
        ("'t Hooft", "'t Hooft"),
    ],
)
def test_the_formula_prefix_goes_on_every_line_and_comes_off_again(text: str, cell: str) -> None:
    assert spreadsheet_text(text) == cell
    assert from_spreadsheet(cell) == text


def test_standings_csv_quotes_every_hostile_name() -> None:
    code, out, err = run("standings", str(HOSTILE), "-f", "csv", "-t", "SB")
    assert code == 0, err
    rows = rows_of(out)
    assert rows[0] == ["rank", "start", "name", "rating", "points", "SB", "title", "federation", "fide_id", "sex",
                       "birth_date", "club"]  # fmt: skip
    assert {int(row[1]): row[2] for row in rows[1:]} == AS_CELLS
    assert {int(row[1]): float(row[4]) for row in rows[1:]} == POINTS
    assert_no_formula_line(out)


def test_crosstable_csv_quotes_every_hostile_name() -> None:
    code, out, err = run("crosstable", str(HOSTILE), "-f", "csv")
    assert code == 0, err
    rows = rows_of(out)
    assert len(rows) == 5, rows
    name = rows[0].index("Player")
    number = rows[0].index("No")
    assert {int(row[number]): row[name] for row in rows[1:]} == AS_CELLS
    assert_no_formula_line(out)


@pytest.mark.parametrize(("to", "separator"), [("csv", ","), ("tsv", "\t")])
def test_convert_to_a_crosstable_writes_the_names_on_their_line_and_reads_back(
    tmp_path: Path, to: str, separator: str
) -> None:
    target = tmp_path / f"event.{to}"
    code, _, err = run("convert", str(HOSTILE), str(target))
    assert code == 0, err
    assert "names: 4 written otherwise" in err and 'no. 2 \'Brown"]\\n[Result "1-0"]\'' in err
    text = target.read_bytes().decode()
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))
    assert len(rows) == 5, rows
    assert len(physical_lines(text.rstrip("\n"))) == 5  # one line a row: nothing to split a row
    assert {int(row[0]): from_spreadsheet(row[1]) for row in rows[1:]} == ON_A_LINE
    again = read_text(text, path=str(target))
    assert {p.name: p.start for p in again.players} == {name: start for start, name in ON_A_LINE.items()}
    code, out, err = run("standings", str(target), "-f", "json")
    assert code == 0, err
    assert {row["start"]: row["points"] for row in json.loads(out)["standings"]} == POINTS


def test_batch_csv_quotes_every_hostile_name(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "event.json").write_bytes(HOSTILE.read_bytes())
    summary = run_batch([source / "event.json"], tmp_path / "out", fmt="csv", jobs=1)
    assert not summary.failed, summary.failed
    text = next((tmp_path / "out").rglob("*.csv")).read_bytes().decode()  # as written: no newline translated
    rows = rows_of(text)
    assert {int(row[1]): row[2] for row in rows[1:]} == AS_CELLS
    assert_no_formula_line(text)


# PGN.


def test_pgn_tags_are_escaped_and_read_back_to_the_same_event(tmp_path: Path) -> None:
    target = tmp_path / "event.pgn"
    code, _, err = run("convert", str(HOSTILE), str(target))
    assert code == 0, err
    assert "names: 4 written otherwise" in err
    text = target.read_text(encoding="utf-8")
    # 12 games of 7 tags each, and no tag beside them: the quote and bracket in Brown's name closed nothing.
    assert len(re.findall(r"^\[", text, re.MULTILINE)) == 6 * 7
    assert '[White "Brown\\"] [Result \\"1-0\\"]"]' in text or '[Black "Brown\\"] [Result \\"1-0\\"]"]' in text
    assert '"=HYPERLINK(\\"x\\"),\\\\Dunne"' in text
    again = read_pgn(text)
    assert sorted(p.name for p in again.players) == sorted(ON_A_LINE.values())
    code, out, err = run("standings", str(target), "-f", "json")
    assert code == 0, err
    points = {row["name"]: row["points"] for row in json.loads(out)["standings"]}
    assert points == {ON_A_LINE[start]: value for start, value in POINTS.items()}


def test_a_quote_and_a_backslash_round_trip_exactly_and_unwarned() -> None:
    event = read_text(HOSTILE.read_text(encoding="utf-8"), path="hostile.json")
    names = ['Ann "The Hammer" O\\Brien', "\\", '"', 'x"]\\']
    players = tuple(replace(p, name=name) for p, name in zip(event.players, names, strict=True))
    event = replace(event, players=players)
    text, lost = write_pgn(event)
    assert not [sentence for sentence in lost if str(sentence).startswith("names")], lost
    assert '[White "Ann \\"The Hammer\\" O\\\\Brien"]' in text
    assert sorted(p.name for p in read_pgn(text).players) == sorted(names)


def test_the_pgn_reader_undoes_the_escapes_of_a_string() -> None:
    text = '[Round "1"]\n[White "Ann \\"A\\" \\\\ B"]\n[Black "C:\\\\x \\y"]\n[Result "1-0"]\n\n1-0\n'
    assert [p.name for p in read_pgn(text).players] == ['Ann "A" \\ B', "C:\\x \\y"]


# TRF.


def test_trf_writes_the_names_on_their_line_and_reads_back(tmp_path: Path) -> None:
    target = tmp_path / "event.trf"
    code, _, err = run("convert", str(HOSTILE), str(target))
    assert code == 0, err
    assert "no. 3 'Clark\\x1b]0;owned\\x07\\x1b[31m' as 'Clark ]0;owned  [31m'" in err
    again = read_text(target.read_text(encoding="utf-8"), path=str(target))
    assert {p.start: p.name for p in again.players} == ON_A_LINE
    code, out, err = run("standings", str(target), "-f", "json")
    assert code == 0, err
    assert {row["start"]: row["points"] for row in json.loads(out)["standings"]} == POINTS


# Terminal escapes.


def on_a_terminal(*args: str) -> bytes:
    """What ``sonneborn ARGS`` writes when its standard output is a terminal (a pseudo-terminal here)."""
    master, slave = pty.openpty()
    try:
        script = "from sonneborn.cli import main; main()"
        proc = subprocess.run(
            [sys.executable, "-c", script, *args], stdout=slave, stderr=subprocess.PIPE, timeout=120, check=False
        )
    finally:
        os.close(slave)
    assert proc.returncode == 0, proc.stderr
    out = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the other end closed: everything was read
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return out


@pytest.mark.parametrize(
    "args",
    [
        ["standings", str(HOSTILE), "-f", "csv"],
        ["standings", str(HOSTILE), "-f", "trf"],
        ["standings", str(HOSTILE), "-f", "html"],
        ["crosstable", str(HOSTILE), "-f", "csv"],
        ["convert", str(HOSTILE), "-", "--to", "tsv"],
        ["convert", str(HOSTILE), "-", "--to", "html"],
        ["standings", str(HOSTILE), "--no-color"],
    ],
    ids=lambda args: " ".join(args[:1] + args[2:]),
)
def test_no_control_character_reaches_a_terminal(args: list[str]) -> None:
    out = on_a_terminal(*args)
    assert not re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", out), out[:2000]
    assert b"Clark" in out


def test_a_document_on_a_terminal_shows_the_escapes_as_the_table_does() -> None:
    out = on_a_terminal("standings", str(HOSTILE), "-f", "csv", "-t", "SB").decode()
    # The pseudo-terminal writes each LF as CR LF; the CR of Adams's name is shown as \r.
    assert "3,3,Clark\\x1b]0;owned\\x07\\x1b[31m,,1.5,1,,,,,,\r\n" in out  # no player field: six empty cells
    assert '1,1,"Adams\\r\'=1+1",,2.5,2.5,,,,,,\r\n' in out


def test_a_document_off_a_terminal_is_written_as_made() -> None:
    code, out, _ = run("standings", str(HOSTILE), "-f", "csv")
    assert code == 0
    assert "Clark\x1b]0;owned\x07\x1b[31m" in out


# Every writer that has a reader, over names of any characters.

READERS = {"pgn": "pgn", "trf": "trf", "json": "json", "tsv": "crosstable", "csv": "crosstable"}
"""The reader of each event format ``convert`` writes."""
NAME_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
"""Any text a file can hold (surrogates aside, which no UTF-8 file does), up to TRF's width with the prefix."""


def on_a_line(name: str) -> str:
    """A name as a line holds it, worked out from the rule: each C0, DEL, C1 control, line or paragraph
    separator a space; blanks at the ends off."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in name).strip()


@pytest.mark.parametrize("fmt", sorted(READERS))
@settings(max_examples=scaled(25), deadline=None)
@given(texts=st.lists(NAME_TEXT, min_size=4, max_size=4))
def test_every_writer_reads_back_to_the_same_event_or_names_the_changed_names(fmt: str, texts: list[str]) -> None:
    reference = read_text(HOSTILE.read_text(encoding="utf-8"), path="hostile.json")
    # A number first keeps the names apart and never blank: what is tested is their characters.
    names = [f"P{start} {text}" for start, text in enumerate(texts, 1)]
    event = replace(reference, players=tuple(replace(p, name=n) for p, n in zip(reference.players, names, strict=True)))
    text, lost = convert(event, fmt)
    again = read_text(text, path=f"event.{fmt}", input_format=READERS[fmt])
    expected = names if fmt == "json" else [on_a_line(name) for name in names]
    points = {player.name: scores(again)[player.start] for player in again.players}
    assert points == {name: Fraction(POINTS[start]).limit_denominator() for start, name in enumerate(expected, 1)}
    said = " ".join(str(sentence) for sentence in lost if str(sentence).startswith("names:"))
    changed = [start for start, (name, line) in enumerate(zip(names, expected, strict=True), 1) if name != line]
    assert [start for start in range(1, 5) if f"no. {start} " in said] == changed, said
