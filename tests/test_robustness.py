"""Issue 13, files and outputs: every input answered in time proportional to its size, with a result or a
clean one-line error, and every write going where the user asked and nowhere else.

Each test is bounded: the inputs are the few bytes that used to take hours (``XXR 1000000``), run under a
time limit generous for a loaded machine but far below what the old code took.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from builders import trf_player
from click.testing import CliRunner

from sonneborn.batch import find_inputs, run_batch
from sonneborn.cli import cli
from sonneborn.errors import InputError, OutputError
from sonneborn.files import write_file
from sonneborn.formats import MAX_FILE_BYTES, load_path, read_text

DATA = Path(__file__).parent / "data"
TRF = DATA / "trf" / "icu_bunratty_masters_2011.trf"
COMMAND = [sys.executable, "-m", "sonneborn"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """The block finishes within ``seconds`` (the old code took minutes to hours on the same input)."""
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < seconds


def one_line_error(err: str, *starts: str) -> str:
    """The error message of a failed command: one line, starting ``sonneborn: error:``, no traceback."""
    assert "Traceback" not in err and "internal error" not in err, err
    lines = [line for line in err.splitlines() if line.startswith("sonneborn: error:")]
    assert len(lines) == 1, err
    for start in starts:
        assert start in lines[0], err
    return lines[0]


# Unbounded work from tiny inputs.


def block(opponent: int, colour: str, result: str) -> str:
    """A TRF result block: opponent, colour, result."""
    return f"{opponent:4d} {colour} {result}"


def alone(name: str = "Alone, Ann") -> str:
    return trf_player(1, name, "0.0", [])


@pytest.mark.parametrize("declared", ["XXR 1000000", "142 1000000", "XXR 65"])
def test_rounds_declared_far_beyond_the_results_are_refused_at_their_line(tmp_path: Path, declared: str) -> None:
    path = tmp_path / "tiny.trf"
    path.write_text(f"012 Tiny\n{declared}\n" + alone() + "\n")
    with within(5):
        code, _, err = run("standings", str(path), "-f", "html")
    assert code == 2
    rounds = declared.split()[1]
    message = one_line_error(err, f"{path}:2:5:", f"record {declared.split()[0]} gives {int(rounds):,} rounds")
    assert "results of 0 rounds for 1 player (expected at most 64)" in message


def test_rounds_announced_but_not_played_yet_are_kept(tmp_path: Path) -> None:
    """``XXR 9`` after round 1: the nine rounds are shown, the unplayed ones empty."""
    path = tmp_path / "started.trf"
    players = [
        trf_player(1, "Adams, Ann", "1.0", [block(2, "w", "1")]),
        trf_player(2, "Brown, Bob", "0.0", [block(1, "b", "0")]),
    ]
    path.write_text("012 Started\nXXR 9\n" + "\n".join(players) + "\n")
    code, out, err = run("standings", str(path), "-f", "json")
    assert code == 0, err
    assert json.loads(out)["event"]["rounds"] == 9


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"start": 1, "name": "A", "rounds": []}], "tournament.players[0].rounds: expected 1000000 rounds, found 0"),
        ([], "tournament.rounds: gives 1,000,000 rounds, but the file holds results of 0 rounds"),
    ],
)
def test_the_json_rounds_are_bounded_by_the_results_too(tmp_path: Path, players: list[object], message: str) -> None:
    """Each player lists a result a round, so the rounds cost their characters; without players, the cap."""
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps({"tournament": {"rounds": 1_000_000, "players": players}}))
    with within(5):
        code, _, err = run("standings", str(path), "-f", "md")
    assert code == 2
    one_line_error(err, str(path), message)


def _long_event(rounds: int) -> str:
    """Two players who met in every one of ``rounds`` rounds, White alternating."""

    def results(start: int) -> list[str]:
        colours = "wb" if start == 1 else "bw"
        return [block(3 - start, colours[r % 2], "=") for r in range(rounds)]

    lines = [trf_player(start, f"Player {start}", f"{rounds // 2}", results(start)) for start in (1, 2)]
    return "012 Marathon\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "args",
    [
        ("standings", "-f", "html"),
        ("standings", "-f", "md"),
        ("standings", "-f", "csv"),
        ("standings", "-f", "trf"),
        ("standings", "--explain", "1"),
        ("crosstable", "-f", "html"),
        ("crosstable", "-f", "md"),
        ("crosstable", "-f", "table"),
        ("crosstable", "-f", "csv"),
    ],
)
def test_rendering_is_linear_in_the_rounds(tmp_path: Path, args: tuple[str, ...]) -> None:
    """A match of 4,000 rounds renders in about the time of 4,000 players × 1 round: no per-cell search."""
    path = tmp_path / "marathon.trf"
    path.write_text(_long_event(4000))
    with within(20):  # the quadratic code took minutes; linear code takes well under a second
        code, out, err = run(args[0], str(path), *args[1:])
    assert code == 0, err
    assert len(out) < 2_000_000  # the output grows with the results, not with their square


def test_repeated_names_in_json_are_read_in_linear_time(tmp_path: Path) -> None:
    """8,000 players named "A" took two minutes (each duplicate located from the start of the text)."""
    players = [{"start": n, "name": "A", "rounds": []} for n in range(1, 8001)]
    path = tmp_path / "same.json"
    path.write_text(json.dumps({"tournament": {"rounds": 0, "players": players}}))
    with within(20):
        code, out, err = run("standings", str(path), "-f", "json")
    assert code == 0, err
    assert len(json.loads(out)["standings"]) == 8000
    warned = [line for line in err.splitlines() if "is he entered twice?" in line]
    assert len(warned) == 20  # the first few, then how many more
    assert "7,979 more players have the same name or FIDE id" in err


# Events that have hardly begun.


@pytest.mark.parametrize(
    "text",
    [
        "012 Before round 1\nXXR 9\n" + alone("Adams, Ann") + "\n" + trf_player(2, "Brown, Bob", "0.0", []) + "\n",
        "012 Nothing yet\nXXR 0\n" + alone() + "\n",
        "012 Alone\n" + alone() + "\n",
    ],
    ids=["before-round-1", "XXR-0", "single-player"],
)
def test_events_without_results_rank_with_zero_values(tmp_path: Path, text: str) -> None:
    path = tmp_path / "event.trf"
    path.write_text(text)
    code, out, err = run("standings", str(path), "-t", "BH/C1,SB,DE,WIN,AOB,TPR,PS,KS", "-f", "json")
    assert code == 0, err
    for row in json.loads(out)["standings"]:
        assert row["points"] == 0
        assert all(value in (0, None) for value in row["values"].values()), row
    for fmt in ("table", "html", "md", "csv", "trf"):
        assert run("standings", str(path), "-f", fmt)[0] == 0
    assert run("crosstable", str(path))[0] == 0


# Reading: bounded, once, from pipes too.


def test_a_binary_stream_is_refused_after_its_first_bytes() -> None:
    with within(5), pytest.raises(InputError, match="binary data, not a text file"):
        load_path("/dev/zero")


def test_a_nul_byte_anywhere_is_a_clean_error_with_its_position(tmp_path: Path) -> None:
    text = TRF.read_bytes()
    at = len(text) - 100
    path = tmp_path / "nul.trf"
    path.write_bytes(text[:at] + b"\x00" + text[at:])
    line = text[:at].count(b"\n") + 1
    column = at - text.rfind(b"\n", 0, at)
    code, _, err = run("standings", str(path))
    assert code == 2
    one_line_error(err, f"{path}:{line}:{column}:", "a NUL byte")


def test_a_nul_byte_in_a_streamed_pgn_is_a_clean_error(tmp_path: Path) -> None:
    pgn = (DATA / "pgn" / "uzchess_cup_masters_2025.pgn").read_bytes()
    path = tmp_path / "nul.pgn"
    path.write_bytes(pgn[:-200] + b"\x00" + pgn[-200:])
    code, _, err = run("standings", str(path))
    assert code == 2
    one_line_error(err, str(path), "a NUL byte")


def test_a_file_over_the_size_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.trf"
    with path.open("wb") as handle:  # sparse: no gigabyte is written
        handle.truncate(MAX_FILE_BYTES + 1)
    with within(5), pytest.raises(InputError, match="too big for a tournament file"):
        load_path(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name", ["event.trf", "event.pgn", "event.tsv"])
def test_a_named_pipe_is_read_once_like_a_file(tmp_path: Path, name: str) -> None:
    source = {
        ".trf": TRF,
        ".pgn": DATA / "pgn" / "uzchess_cup_masters_2025.pgn",
        ".tsv": DATA / "crosstable" / "wccc_1975_final.tsv",
    }[Path(name).suffix]
    fifo = tmp_path / name
    os.mkfifo(fifo)
    with subprocess.Popen([*COMMAND, "standings", str(fifo), "-f", "json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:  # fmt: skip
        with fifo.open("wb") as writer:
            writer.write(source.read_bytes())
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    expected = run("standings", str(source), "-f", "json")[1]
    assert json.loads(out)["standings"] == json.loads(expected)["standings"]


@pytest.mark.parametrize("source", [TRF, DATA / "pgn" / "uzchess_cup_masters_2025.pgn"])
def test_standard_input_reads_like_the_file(source: Path) -> None:
    result = subprocess.run([*COMMAND, "standings", "-", "-f", "json"], input=source.read_bytes(),
                            capture_output=True, timeout=60, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    expected = run("standings", str(source), "-f", "json")[1]
    assert json.loads(result.stdout)["standings"] == json.loads(expected)["standings"]


# Writes.


def _convert(source: Path, target: Path, *flags: str) -> tuple[int, str]:
    code, _, err = run("convert", str(source), str(target), *flags)
    return code, err


def test_a_planted_partial_link_redirects_nothing(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    out = tmp_path / "out.json"
    (tmp_path / "out.json.partial").symlink_to(victim)
    code, err = _convert(TRF, out)
    assert code == 0, err
    assert victim.read_text() == "keep me"
    assert json.loads(out.read_text())["tournament"]["players"]


@pytest.mark.parametrize("force", [False, True])
def test_a_symbolic_link_at_the_target_is_never_followed_or_replaced(tmp_path: Path, force: bool) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    for target, points_to in (("live.json", victim), ("dangling.json", tmp_path / "nowhere")):
        link = tmp_path / target
        link.symlink_to(points_to)
        code, err = _convert(TRF, link, *(["--force"] if force else []))
        assert code == 2
        one_line_error(err, str(link), "is a symbolic link")
        assert link.is_symlink() and os.readlink(link) == str(points_to)
    assert victim.read_text() == "keep me"


def test_a_device_or_folder_target_is_refused_even_with_force(tmp_path: Path) -> None:
    code, err = _convert(TRF, Path("/dev/null"), "--force", "--to", "json")
    assert code == 2
    one_line_error(err, "/dev/null", "not a regular file")
    assert Path("/dev/null").is_char_device()
    code, err = _convert(TRF, tmp_path, "--force", "--to", "json")
    assert code == 2 and "is a directory" in err and "Traceback" not in err


def test_force_replaces_a_regular_file_in_one_step_and_leaves_nothing_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    code, err = _convert(TRF, out)
    assert code == 2
    one_line_error(err, str(out), "exists; give --force")
    assert out.read_text() == "old"
    assert _convert(TRF, out, "--force")[0] == 0
    assert json.loads(out.read_text())["tournament"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_missing_folder_or_an_unwritable_one_is_a_clean_error(tmp_path: Path) -> None:
    code, err = _convert(TRF, tmp_path / "missing" / "out.json")
    assert code == 2
    one_line_error(err, str(tmp_path / "missing" / "out.json"), "No such file or directory")
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        code, err = _convert(TRF, locked / "out.json")
        assert code == 2
        one_line_error(err, str(locked / "out.json"), "Permission denied")


def test_write_file_removes_its_temporary_file_when_the_write_fails(tmp_path: Path) -> None:
    with pytest.raises(UnicodeEncodeError):  # the readers refuse lone surrogates: this write is the library's
        write_file(tmp_path / "out.txt", "\ud800")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OutputError, match="exists; give --force"):
        (tmp_path / "kept.txt").write_text("kept")
        write_file(tmp_path / "kept.txt", "new")
    assert (tmp_path / "kept.txt").read_text() == "kept"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [("standings", "-f", "json"), ("standings",), ("crosstable", "-f", "html")])
def test_a_full_disk_on_standard_output_is_a_clean_error(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([*COMMAND, args[0], str(TRF), *args[1:]], stdout=full, stderr=subprocess.PIPE,
                                timeout=60, check=False, text=True)  # fmt: skip
    assert result.returncode != 0
    one_line_error(result.stderr, "<stdout>: cannot write the output", "No space left on device")


# batch: each file once, never through a loop.


def test_batch_follows_each_file_once_and_never_loops(tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    (events / "a.trf").write_bytes(TRF.read_bytes())
    (events / "loop").symlink_to(events)  # a link to its own folder
    (events / "self.trf").symlink_to(events / "a.trf")  # the same event under a second name
    (events / "sub").mkdir()
    (events / "sub" / "up").symlink_to(events)  # a loop two folders long
    with within(20):
        found = find_inputs(str(events))
        globbed = find_inputs(str(events / "**" / "*.trf"))
    assert found == globbed == [events / "a.trf"]
    summary = run_batch(found, tmp_path / "out", fmt="json", jobs=1, progress=False)
    assert (summary.done, summary.failed) == (1, ())
    written = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*") if p.is_file())
    assert written == ["a.json"]


def test_batch_name_clashes_are_found_in_linear_time(tmp_path: Path) -> None:
    """8,000 files took 24 s to check for outputs of the same name."""
    from sonneborn.batch import _targets

    inputs = [tmp_path / f"d{n % 2}" / f"e{n // 2}.trf" for n in range(8000)]
    with within(10):
        targets = _targets(inputs, tmp_path / "out", ".json")
    assert len({target for _, target in targets}) == 8000


# What the program writes for spreadsheets and terminals.

NASTY = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rReturn", "Ordinary, Name"]


@pytest.mark.parametrize("name", NASTY)
def test_every_csv_shows_a_formula_name_as_text(tmp_path: Path, name: str) -> None:
    document = {"tournament": {"rounds": 1, "players": [
        {"start": 1, "name": name, "rounds": [{"round": 1, "opponent": 2, "colour": "w", "result": "1"}]},
        {"start": 2, "name": "Other", "rounds": [{"round": 1, "opponent": 1, "colour": "b", "result": "0"}]},
    ]}}  # fmt: skip
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    for args in (("standings", "-f", "csv"), ("crosstable", "-f", "csv")):
        code, out, err = run(args[0], str(path), *args[1:])
        assert code == 0, err
        cells = [cell for line in out.splitlines() for cell in line.split(",")]
        dangerous = [cell.strip('"') for cell in cells if cell.strip('"')[:1] in ("=", "+", "-", "@", "\t", "\r")]
        assert dangerous == [] or all(cell.lstrip("-").replace(".", "").isdigit() for cell in dangerous), out
        if name[0] in "=+-@\t\r":
            assert "'" + name.replace('"', '""') in out, out
    if name.strip() != name:  # a name that begins with a tab or a line end does not survive a crosstable
        return
    # The crosstable the program writes reads back with the name as it was.
    grid = tmp_path / "grid.csv"
    assert run("convert", str(path), str(grid))[0] == 0
    assert read_text(grid.read_text(), input_format="crosstable").players[0].name == name


def test_control_characters_in_names_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    name = "Evil\x1b[2J\x07Name"
    document = {"tournament": {"name": "Title\x1b]0;owned\x07", "rounds": 0,
                               "players": [{"start": 1, "name": name, "rounds": []}]}}  # fmt: skip
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    for args in (("standings",), ("standings", "--explain", "1"), ("crosstable",)):
        code, out, err = run(args[0], str(path), *args[1:])
        assert code == 0, err
        assert "\x1b" not in out and "\x07" not in out, repr(out)
        assert "\\x1b[2J\\x07" in out or "\\e[2J" in out or "^[" in out, repr(out)


def test_documents_on_a_pipe_keep_every_character_of_a_name(tmp_path: Path) -> None:
    # Only terminal tables escape control characters; a document written to a pipe or a file is the document,
    # not one with whatever looked like a colour code taken out of the names.
    name = "Evil\x1b[1mBold"
    document = {"tournament": {"name": "Event", "rounds": 0, "players": [{"start": 1, "name": name, "rounds": []}]}}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    for fmt in ("csv", "html"):  # Markdown writes control characters as text of its own
        code, out, err = run("standings", str(path), "-f", fmt)
        assert code == 0, err
        assert name in out, (fmt, out)
    code, out, err = run("crosstable", str(path), "-f", "csv")
    assert code == 0 and name in out, err
