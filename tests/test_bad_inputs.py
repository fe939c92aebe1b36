"""The catalogue of bad inputs: each file through ``sonneborn`` gives its one line, and no reader hangs.

``tests/data/bad/expected.toml`` lists every case: the file (stored, or made
here when too big or too odd to keep), the arguments, the exit status (2 for an
error, 0 for a file that is readable but odd, with its warning) and the line
stderr must be. Then a few pathological inputs check that readers stay linear:
each has a generous time bound, a test of "no hang", not a benchmark.
"""

from __future__ import annotations

import re
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import InputError
from sonneborn.formats import read_text

BAD = Path(__file__).parent / "data" / "bad"
CASES: list[dict[str, Any]] = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))["case"]

_MB = 1 << 20


def _binary(path: Path) -> None:
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)


def _one_line_100mb(path: Path) -> None:
    # Written in chunks, never held whole.
    with path.open("wb") as handle:
        for _ in range(100):
            handle.write(b"x" * _MB)


def _json_nested(path: Path) -> None:
    path.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")


def _pgn_long_line(path: Path) -> None:
    tags = '[Round "1"]\n[White "Adams"]\n[Black "Brown"]\n[Result "1-0"]\n\n'
    path.write_text(tags + "1. e4 {" + "x" * 200_000 + "} 1-0\n", encoding="utf-8")


def _trf_long_line(path: Path) -> None:
    path.write_text("012 Long\nXXR 1\n001    1      Adams, Ann" + " " * 10_000_000 + "\n", encoding="utf-8")


SWISS = Path(__file__).parent / "data" / "trf" / "icu_bunratty_masters_2011.trf"
"""A real Swiss event (34 players, 6 rounds), whose reports are fed back to sonneborn."""


def _report(source: Path, *args: str) -> Callable[[Path], None]:
    """A generator writing what ``sonneborn COMMAND SOURCE ARGS…`` prints: one of sonneborn's own outputs."""

    def write(path: Path) -> None:
        result = CliRunner().invoke(cli, [args[0], str(source), *args[1:]])
        assert result.exit_code == 0, result.output
        path.write_text(result.stdout, encoding="utf-8")

    return write


GENERATORS: dict[str, Callable[[Path], None]] = {
    "binary": _binary,
    "one_line_100mb": _one_line_100mb,
    "json_nested": _json_nested,
    "pgn_long_line": _pgn_long_line,
    "trf_long_line": _trf_long_line,
    "standings_csv": _report(SWISS, "standings", "-f", "csv"),
    "standings_md": _report(SWISS, "standings", "-f", "md"),
    "standings_html": _report(SWISS, "standings", "-f", "html"),
    "standings_table": _report(SWISS, "standings"),
    "standings_table_unnamed": _report(BAD / "ct_valid_reference.tsv", "standings"),
    "crosstable_md": _report(SWISS, "crosstable", "-f", "md"),
    "crosstable_html": _report(BAD / "ct_valid_reference.tsv", "crosstable", "-f", "html"),
    "crosstable_csv_swiss": _report(SWISS, "crosstable", "-f", "csv"),
    "crosstable_csv_round_robin": _report(BAD / "ct_valid_reference.tsv", "crosstable", "-f", "csv"),
    "crosstable_table_swiss": _report(SWISS, "crosstable"),
    "convert_md": _report(BAD / "trf_valid_reference.trf", "convert", "-", "--to", "md"),
}
"""The files made by the test, by the ``generated`` name of their case."""


def test_the_catalogue_is_big_enough() -> None:
    bad = [case for case in CASES if case["status"] == 2]
    assert len(bad) >= 40, len(bad)
    stored = {path.name for path in BAD.iterdir()} - {"expected.toml", "README.md"}
    listed = {case["file"] for case in CASES if "generated" not in case}
    assert stored == listed, "a file without a case, or a case without its file"


def _case_id(case: dict[str, Any]) -> str:
    args: list[str] = case.get("args", [])
    return str(case["file"]) + ("" if not args else " " + " ".join(args[2:]))


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_case(case: dict[str, Any], tmp_path: Path) -> None:
    if "generated" in case:
        path = tmp_path / case["file"]
        GENERATORS[case["generated"]](path)
    else:
        path = BAD / case["file"]
    args = [arg.replace("{path}", str(path)) for arg in case.get("args", ["standings", "{path}"])]
    started = time.perf_counter()
    result = CliRunner().invoke(cli, args)
    spent = time.perf_counter() - started
    err = result.stderr
    assert "Traceback" not in result.output + err
    assert result.exit_code == case["status"], (result.output, err)
    assert spent < 10, f"{spent:.1f} s"
    lines = err.splitlines()
    if case["status"] == 2:
        # One line says it all; under it, indented, the format the file was read as and the line it names.
        assert err.endswith("\n") and all(line.startswith("  ") for line in lines[1:]), err
        _check_source(lines, path, case)
        err = lines[0] + "\n"
    if "stderr_match" in case:
        assert re.fullmatch(case["stderr_match"], err.rstrip("\n")), err
    else:
        expected = case["stderr"].replace("{path}", str(path))
        assert err == (expected + "\n" if expected else ""), err


def _check_source(lines: list[str], path: Path, case: dict[str, Any]) -> None:
    """The lines under an error: the case's ``why`` when it gives one, then the file's line the error names,
    as the file holds it, with the caret under the character of the named column."""
    if "why" in case:
        assert lines[1] == "  " + case["why"], lines
    place = re.match(r"sonneborn: error: .*?:(\d+):(\d+): ", lines[0])
    shown = [line for line in lines[1:] if re.match(r"  \d+ \| ", line)]
    if place is None or not shown or "generated" in case:
        return
    number, column = int(place.group(1)), int(place.group(2))
    held = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n").split("\n")[number - 1]
    prefix = f"  {number} | "
    assert shown[0] == prefix + held, (shown[0], held)
    caret = lines[lines.index(shown[0]) + 1]
    assert caret.startswith(" " * (len(prefix) - 2) + "| ") and caret.endswith("^"), caret
    marked = len(caret) - 1 - len(prefix)
    # Tabs in the caret line copy the line's own; a Hangul syllable takes two cells of a terminal, so two
    # blanks stand under it: the caret is under the column's character.
    wide = len(re.findall("[\uac00-\ud7a3]", held[: column - 1]))
    assert marked == column - 1 + wide and all(c in " \t" for c in caret[len(prefix) : -1]), (caret, column)


# The --debug flag and the catch-all.


def _broken(*args: Any, **kwargs: Any) -> Any:
    raise KeyError("no such round")


def test_an_unexpected_error_is_one_line_without_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sonneborn.pipeline.rank", _broken)
    result = CliRunner().invoke(cli, ["standings", str(BAD / "trf_valid_reference.trf")])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "sonneborn: error: internal error: KeyError: 'no such round' (run with --debug for the details)\n"
    )
    assert "Traceback" not in result.output


def test_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sonneborn.pipeline.rank", _broken)
    result = CliRunner().invoke(cli, ["--debug", "standings", str(BAD / "trf_valid_reference.trf")])
    assert isinstance(result.exception, KeyError), result.output
    assert result.exit_code == 1


def test_debug_after_the_command_issue_12(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sonneborn.pipeline.rank", _broken)
    result = CliRunner().invoke(cli, ["standings", str(BAD / "trf_valid_reference.trf"), "--debug"])
    assert isinstance(result.exception, KeyError), result.output
    result = CliRunner().invoke(cli, ["check", "--debug", str(BAD / "trf_valid_reference.trf")])
    assert isinstance(result.exception, KeyError), result.output


def test_debug_leaves_expected_errors_as_they_are() -> None:
    result = CliRunner().invoke(cli, ["--debug", "standings", str(BAD / "trf_both_won.trf")])
    assert result.exit_code == 2
    first, *under = result.stderr.splitlines()
    assert first.startswith("sonneborn: error: ") and "Traceback" not in result.stderr
    assert under[0] == "  read as TRF because line 1 starts with '012'" and len(under) == 3, result.stderr


def test_usage_errors_are_still_clicks() -> None:
    result = CliRunner().invoke(cli, ["standings", str(BAD / "trf_valid_reference.trf"), "--with-event"])
    assert result.exit_code == 2
    assert "--with-event goes with -f json" in result.stderr
    assert "internal error" not in result.stderr


# Resource bounds: no reader is super-linear, and none runs out of memory on a small pathological file.


def _crosstable_cycles(games: int) -> str:
    """A hundred players, one pair with ``games`` games and every other cell empty: millions of rounds."""
    rows = []
    for i in range(100):
        cells = ["X" if j == i else "1" * games if (i, j) == (0, 1) else "0" * games if (i, j) == (1, 0) else ""
                 for j in range(100)]  # fmt: skip
        rows.append("\t".join([str(i + 1), f"P{i}", *cells]))
    return "\n".join(rows) + "\n"


def _pgn_games(count: int) -> str:
    """Games of new players, each in a round of its own: players × rounds grows as the square of the games."""
    return "".join(
        f'[Round "{i}"]\n[White "A{i}"]\n[Black "B{i}"]\n[Result "1-0"]\n\n1-0\n\n' for i in range(1, count + 1)
    )


def _pgn_search(count: int) -> str:
    """Games without a Round tag whose players' free rounds are far apart: the search for a round is long."""
    game = '[White "{}"]\n[Black "{}"]\n[Result "1-0"]\n{}\n1-0\n\n'
    text = "".join(game.format("A", f"F{i}", f'[Round "{i + 2}"]') for i in range(count))
    for i in range(count):
        text += game.format(f"B{i}", f"G{i}", '[Round "1"]') + game.format(f"B{i}", f"H{i}", f'[Round "{count + 2}"]')
    return text + "".join(game.format("A", f"B{i}", "") for i in range(count))


def _pgn_tags(count: int) -> str:
    tags = "".join(f'[T{i} "v"]\n' for i in range(count))
    return tags + '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'


def _trf_every_round_records(count: int) -> str:
    record = "299 W" + " " * 8 + " 1.0" + "  000    1\n"
    return "XXR 64\n001    1      Adams, Ann\n" + record * count


PATHOLOGICAL: list[tuple[str, str, Callable[[], str], str]] = [
    ("crosstable line of a million characters", "crosstable", lambda: "1 A X " + "1 " * 500_000, ":1:100001: line of"),
    ("crosstable cell of 50,000 games", "crosstable", lambda: _crosstable_cycles(50_000), "50,000 games a pair"),
    ("crosstable of 50,000 rows", "crosstable", lambda: "A X\n" * 50_000, "result cells"),
    ("TRF line of 10 MB", "trf", lambda: "001    1      A" + " " * 10_000_000, ":1:100001: line of"),
    ("TRF asking for 10 million rounds", "trf", lambda: "XXR 10000000\n001    1      A\n", "gives 10,000,000 rounds"),
    ("TRF 50,000 points records for every round", "trf", lambda: _trf_every_round_records(50_000), ""),
    ("PGN game of 100,000 tags", "pgn", lambda: _pgn_tags(100_000), ""),
    ("PGN of 10,000 rounds of new players", "pgn", lambda: _pgn_games(10_000), "too many for a file"),
    ("PGN of long searches for a round", "pgn", lambda: _pgn_search(3_000), "without a Round tag"),
    ("JSON nested 10,000 deep", "json", lambda: "[" * 10_000 + "]" * 10_000, "nested too deeply"),
    ("JSON of a 10 MB name", "json", lambda: '{"tournament": {"name": "' + "x" * 10_000_000 + '", "players": []}}', ""),
]  # fmt: skip


@pytest.mark.parametrize(("what", "fmt", "make", "message"), PATHOLOGICAL, ids=[case[0] for case in PATHOLOGICAL])
def test_pathological_inputs_end_quickly(what: str, fmt: str, make: Callable[[], str], message: str) -> None:
    text = make()
    started = time.perf_counter()
    try:
        read_text(text, path="p", input_format=fmt)
    except InputError as error:
        assert message and message in str(error), str(error)
    else:
        assert not message, f"read, expected an error with {message!r}"
    assert time.perf_counter() - started < 10
