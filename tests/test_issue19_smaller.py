"""Issue 19, "Smaller points": each through the command line as a user meets it.

A file's point values are bounded as ``--points`` bounds them; a closed standard output or a reader that
went away ends with one line or quietly, never an internal error; ``batch -j`` is capped at the cores,
``batch DIR -o DIR`` refuses, an event reached through a link is named after its file; a second ``XXR``
that disagrees is an error; players without a name are warned of. The bad inputs themselves are in
``tests/data/bad/expected.toml``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.event import EXACT_LIMIT
from sonneborn.model import point_value, within_point_bound
from sonneborn.pipeline import Request, read, standings

DATA = Path(__file__).parent / "data"
REFERENCE = DATA / "bad" / "trf_valid_reference.trf"
"""A four-player round robin of three rounds that reads without a word."""
JSON_REFERENCE = DATA / "bad" / "json_valid_reference.json"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "value",
    [
        Fraction(1, 2),
        Fraction(1, 10**6),
        Fraction(1, 10**7),
        Fraction(999_999),
        Fraction(10**6),
        Fraction(1, 1024),
        Fraction(999_999, 999_998),
        Fraction(1_000_001, 3),
        Fraction(-3, 7),
        Fraction(2_000_001, 2),
    ],
)
def test_a_files_point_values_are_those_points_could_give(value: Fraction) -> None:
    # The bound of a file's values is --points's: a value is within it when some text --points reads gives it.
    def given(text: str) -> bool:
        try:
            return point_value(text) == value
        except ValueError:
            return False

    texts = [f"{value.numerator}/{value.denominator}", str(value.numerator)]
    if 10**12 % value.denominator == 0:  # a decimal: the digits after the point, exactly
        whole, rest = divmod(abs(value.numerator) * 10**12 // value.denominator, 10**12)
        sign = "-" if value < 0 else ""
        texts.append(f"{sign}{whole}.{str(rest).rjust(12, '0').rstrip('0')}".rstrip("."))
    assert within_point_bound(value) == any(given(text) for text in texts), texts


def test_a_point_system_points_allows_is_written_and_read_back(tmp_path: Path) -> None:
    # 1/1024 is a fraction --points reads; the JSON writes it as 0.0009765625, which must read back.
    code, out, err = run("standings", str(REFERENCE), "--points", "1,1/1024,0", "-f", "json", "--with-event")
    assert code == 0, err
    assert json.loads(out)["tournament"]["point_system"]["draw"] == 0.0009765625
    event = tmp_path / "event.json"
    event.write_text(out, encoding="utf-8")
    code, out, err = run("standings", str(event), "-f", "json", "-t", "AOB")
    assert code == 0, err
    # Brown drew Adams and Clark and beat Dunne: 1 + 2/1024.
    assert next(row for row in json.loads(out)["standings"] if row["start"] == 2)["points"] == 1 + 2 / 1024


def test_aob_and_solkoff_of_a_unit_beyond_64_bits() -> None:
    # Six-digit primes as denominators: the unit, their product, is about 10^30. Was an internal error.
    points = "1,499991/999983,0,forfeit_win=999958/999959,pairing_bye=999960/999961,half_bye=499989/999979,"
    points += "zero_bye=-1/999953"
    code, _, err = run("standings", str(JSON_REFERENCE), "--points", points, "-t", "AOB,SOLK", "-f", "json")
    assert code == 0, err
    result = standings(read(JSON_REFERENCE), Request.parse(tiebreaks="AOB,SOLK", points=points))
    assert result.event.table.score.unit >= EXACT_LIMIT
    d = Fraction(499_991, 999_983)
    # Every game played, so BH is the sum of the opponents' scores: Adams won, drew Brown, won (2 + d);
    # Brown drew, drew, won (1 + 2d); Clark drew Brown, beat Dunne, lost to Adams (1 + d); Dunne 0.
    adams, brown, clark, dunne = 2 + d, 1 + 2 * d, 1 + d, Fraction(0)
    bh = [brown + clark + dunne, adams + clark + dunne, adams + brown + dunne, adams + brown + clark]
    # AOB of Dunne (row 3): his opponents' BH averaged over his 3 games; of Adams, Dunne's counted too.
    aob, solk = result.column("AOB"), result.column("SOLK")
    assert aob.number(3) == (bh[0] + bh[1] + bh[2]) / 3
    assert aob.number(0) == (bh[1] + bh[2] + bh[3]) / 3
    assert [solk.number(row) for row in range(4)] == bh  # no unplayed game: Solkoff is Buchholz


def _closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:
    """``sonneborn ARGS >&-``: the command started without a standard output."""
    command = ["sh", "-c", 'exec "$0" -m sonneborn "$@" >&-', sys.executable, *args]
    return subprocess.run(command, capture_output=False, stderr=subprocess.PIPE, text=True, check=False)


@pytest.mark.parametrize(
    "args",
    [
        ["standings", str(REFERENCE)],
        ["standings", str(REFERENCE), "-f", "json"],
        ["crosstable", str(REFERENCE)],
        ["check", str(REFERENCE)],
        ["compare", str(REFERENCE)],
        ["convert", str(REFERENCE), "-", "--to", "json"],
        ["demo"],
    ],
    ids=lambda args: " ".join(args[:1] + args[2:]),
)
def test_a_closed_standard_output_is_one_line(args: list[str]) -> None:
    # Was "internal error: AttributeError: 'NoneType' object has no attribute 'flush'".
    found = _closed_stdout(*args)
    assert (found.returncode, found.stderr) == (
        2,
        "sonneborn: error: <stdout>: cannot write the output: standard output is closed\n",
    )


def test_a_command_that_writes_files_needs_no_standard_output(tmp_path: Path) -> None:
    target = tmp_path / "event.json"
    found = _closed_stdout("convert", str(REFERENCE), str(target))
    assert found.returncode == 0, found.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["tournament"]["players"][0]["name"] == "Adams, Ann"
    found = _closed_stdout("batch", str(REFERENCE), "-o", str(tmp_path / "out"), "-j", "1")
    assert found.returncode == 0, found.stderr
    assert (tmp_path / "out" / "trf_valid_reference.json").is_file()


@pytest.mark.parametrize("args", [["demo"], ["check", str(REFERENCE)], ["crosstable", str(REFERENCE)]])
def test_a_reader_gone_before_the_output_ends_it_quietly(args: list[str]) -> None:
    # `sonneborn demo | head -c0`: the pipe is closed before the first write; a quiet SIGPIPE status.
    command = [sys.executable, "-m", "sonneborn", *args]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        errors = process.stderr.read()
    assert (process.returncode, errors) == (141, b"")


def _events(folder: Path, *names: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in names]
    for path in paths:
        path.write_bytes(REFERENCE.read_bytes())
    return paths


def test_batch_into_its_own_folder_refuses_instead_of_doing_nothing(tmp_path: Path) -> None:
    # `batch DIR -o DIR` was "0 done, 0 skipped, 0 failed" and exit 0: its inputs were taken for outputs.
    from sonneborn.batch import find_inputs, run_batch
    from sonneborn.errors import OptionError

    events = tmp_path / "events"
    _events(events, "a.trf", "b.trf")
    code, out, err = run("batch", str(events), "-o", str(events))
    assert (code, out) == (2, ""), err
    assert err.startswith(f"sonneborn: error: --output: the output folder {str(events)!r} holds every input"), err
    assert err.count("\n") == 1 and sorted(p.name for p in events.iterdir()) == ["a.trf", "b.trf"]
    with pytest.raises(OptionError, match="nothing would be done"):
        run_batch(find_inputs(str(events)), tmp_path, jobs=1, progress=False)  # a folder that holds them
    # A folder of its own inside the inputs' folder is what the message proposes: it works, and again.
    for _ in range(2):
        code, _, err = run("batch", str(events), "-o", str(events / "standings"), "-j", "1")
        assert code == 0, err
    assert sorted(p.name for p in (events / "standings").iterdir()) == ["a.json", "b.json"]


def test_batch_jobs_are_capped_at_the_cores_with_one_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    import sonneborn.batch

    pools: list[int | None] = []

    class Recorded(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, max_workers: int | None = None) -> None:
            pools.append(max_workers)
            super().__init__(max_workers=max_workers)

    monkeypatch.setattr(sonneborn.batch, "available_cores", lambda: 2)
    monkeypatch.setattr(sonneborn.batch, "ProcessPoolExecutor", Recorded)
    _events(tmp_path / "events", "a.trf", "b.trf", "c.trf")
    code, _, err = run("batch", str(tmp_path / "events"), "-o", str(tmp_path / "out"), "-j", "1000000")
    assert code == 0, err
    assert err.splitlines()[0] == "sonneborn: warning: -j 1000000: this process may use 2 cores, so 2 workers"
    assert err.count("warning") == 1 and pools == [2]
    assert len(list((tmp_path / "out").iterdir())) == 3
    assert "at most the cores" in run("batch", "--help")[1]


def test_an_event_reached_through_a_link_is_named_after_its_file(tmp_path: Path) -> None:
    (target,) = _events(tmp_path / "archive", "open_2019.trf")
    links = tmp_path / "events"
    links.mkdir()
    (links / "current.trf").symlink_to(target)
    _events(links, "club.trf")
    code, _, err = run("batch", str(links), "-o", str(tmp_path / "out"), "-j", "1")
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["club.json", "open_2019.json"]
    # The link beside the file it links to: one event, one output, under the file's name.
    (tmp_path / "archive" / "latest.trf").symlink_to(target)
    code, _, err = run("batch", str(tmp_path / "archive"), "-o", str(tmp_path / "out2"), "-j", "1")
    assert code == 0, err
    assert [p.name for p in (tmp_path / "out2").iterdir()] == ["open_2019.json"]
    # Two links to two files of one name: each output named after its link.
    other = _events(tmp_path / "other", "open_2019.trf")[0]
    (links / "previous.trf").symlink_to(other)
    code, _, err = run("batch", str(links), "-o", str(tmp_path / "out3"), "-j", "1")
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out3").iterdir()) == [
        "club.json",
        "current.trf.json",
        "previous.trf.json",
    ]


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (["XXR 3", "142 3"], None),  # TRF-26's 142 beside XXR, agreeing: read as before
        (["XXR 3", "142 4"], "2:5: record 142 gives 4 as the number of rounds, but record XXR at line 1 gave 3"),
        (["XXD 4", "XXD 5"], "2:5: record XXD gives 5 as the number of digits, but record XXD at line 1 gave 4"),
        (["202 SB,BH", "202 BH"], "2:5: record 202 gives 'BH' as the tie-break list, but record 202 at line 1 gave"),
    ],
    ids=["agreeing", "rounds", "digits", "list"],
)
def test_a_record_given_twice_must_agree(tmp_path: Path, records: list[str], message: str | None) -> None:
    path = tmp_path / "twice.trf"
    lines = REFERENCE.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*records, *(line for line in lines if not line.startswith("XXR"))]) + "\n", "utf-8")
    code, out, err = run("standings", str(path), "-f", "json")
    if message is None:
        assert code == 0, err
        assert json.loads(out)["event"]["rounds"] == 3
        return
    assert (code, out) == (2, ""), err
    first, *under = err.splitlines()
    assert first.startswith(f"sonneborn: error: {path}:{message}") and all(line.startswith("  ") for line in under), err


NAMELESS = DATA / "bad" / "trf_players_without_names.trf"
"""The reference with players 2 and 4 left without a name."""


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "-f", "table"],
        ["standings", "-f", "json"],
        ["standings", "-f", "csv"],
        ["standings", "-f", "html"],
        ["standings", "-f", "md"],
        ["standings", "-f", "trf"],
        ["standings", "--explain", "2"],
        ["crosstable", "-f", "table"],
        ["crosstable", "-f", "html"],
        ["check"],
        ["compare", "--rules", "fide-2009,fide-2026"],
    ],
    ids=" ".join,
)
def test_players_without_a_name_are_warned_of_once_and_every_output_is_made(args: list[str]) -> None:
    code, out, err = run(args[0], str(NAMELESS), *args[1:])
    assert code == 0, err
    assert (
        err
        == f"sonneborn: warning: {NAMELESS}: players 2 and 4 have no name (each is shown by his start number only)\n"
    )
    assert out.strip()


def test_players_without_a_name_keep_their_start_numbers_and_values() -> None:
    # Brown (no. 2) drew Clark and Adams and beat Dunne: 2 points, SB ½×2.5 + ½×1.5 + 0 = 2.
    code, out, err = run("standings", str(NAMELESS), "-f", "json", "-t", "SB")
    assert code == 0, err
    rows = {row["start"]: row for row in json.loads(out)["standings"]}
    assert (rows[2]["name"], rows[2]["points"], rows[2]["values"]["SB"]) == ("", 2.0, 2.0)
    assert (rows[4]["name"], rows[4]["rank"]) == ("", 4)


@pytest.mark.parametrize(("target", "what"), [("event.pgn", "a PGN file"), ("event.tsv", "a crosstable")])
def test_converting_players_without_a_name_to_a_format_that_needs_one_says_so(
    tmp_path: Path, target: str, what: str
) -> None:
    out = tmp_path / target
    code, _, err = run("convert", str(NAMELESS), str(out))
    assert code == 0, err
    sentence = f"players without a name (no. 2, 4): {what} knows players by name, so it will not read back until"
    assert f"sonneborn: warning: {out}: {sentence}" in err
    assert run("standings", str(out))[0] == 2  # as it says
