"""``run_batch``: every file of a folder ranked in parallel, failures reported, outputs as ``standings`` writes them."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from sonneborn.batch import BatchSummary, find_inputs, run_batch
from sonneborn.errors import TiebreakError
from sonneborn.formats import read_path
from sonneborn.languages import language
from sonneborn.ranking import rank
from sonneborn.render import render
from sonneborn.tiebreaks import parse_list

GENERATOR = Path(__file__).parent.parent / "benchmarks" / "generate.py"
COUNT, BROKEN = 30, 3


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_generate", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(spec.name) or importlib.util.module_from_spec(spec)
    if spec.name not in sys.modules:
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """A folder of 30 small Swiss events, 3 of them broken."""
    folder = tmp_path_factory.mktemp("events")
    _, broken = _load_generator().small_events(folder, COUNT, players=16, rounds=7, broken=BROKEN, seed=5)
    return folder, broken


@pytest.fixture(scope="module")
def local_run(events: tuple[Path, list[Path]], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the local executor wrote, after a first run checked."""
    folder, broken = events
    out = tmp_path_factory.mktemp("out")
    summary = run_batch(find_inputs(str(folder)), out, jobs=2, progress=False)
    assert (summary.done, summary.skipped, len(summary.failed)) == (COUNT - BROKEN, 0, BROKEN), summary
    assert [path for path, _ in summary.failed] == broken
    return out


def _outputs(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_a_folder_with_broken_files_writes_the_others_and_reports_each_error(
    events: tuple[Path, list[Path]], local_run: Path
) -> None:
    folder, broken = events
    outputs = _outputs(local_run)
    assert len(outputs) == COUNT - BROKEN
    for path in sorted(folder.glob("*.trf")):
        if path in broken:
            assert path.with_suffix(".json").name not in outputs
            continue
        assert outputs[path.with_suffix(".json").name] == render(rank(read_path(path)), "json").encode()
    summary = run_batch(find_inputs(str(folder)), local_run, jobs=2, progress=False)
    messages = [str(message) for _, message in summary.failed]
    for path, message in zip(broken, messages, strict=True):
        assert message.startswith(f"{path}:"), message
        assert message.split(":")[1].isdigit(), message
    assert "found end of line" in messages[0]
    assert "but player" in messages[1]
    assert "'Q'" in messages[2]


def test_a_second_run_skips_what_is_up_to_date_and_force_recomputes(
    events: tuple[Path, list[Path]], local_run: Path
) -> None:
    folder, _ = events
    before = {path: path.stat().st_mtime_ns for path in local_run.iterdir()}
    again = run_batch(find_inputs(str(folder)), local_run, jobs=2, progress=False)
    assert (again.done, again.skipped, len(again.failed)) == (0, COUNT - BROKEN, BROKEN)
    assert {path: path.stat().st_mtime_ns for path in local_run.iterdir()} == before
    forced = run_batch(find_inputs(str(folder)), local_run, jobs=2, force=True, progress=False)
    assert (forced.done, forced.skipped, len(forced.failed)) == (COUNT - BROKEN, 0, BROKEN)
    assert all(path.stat().st_mtime_ns > mtime for path, mtime in before.items())
    assert "27 done, 0 skipped, 3 failed in" in str(forced)


def test_a_glob_pattern_a_format_and_a_list(events: tuple[Path, list[Path]], tmp_path: Path) -> None:
    folder, _ = events
    inputs = find_inputs(str(folder / "event-000*.trf"))
    assert [path.name for path in inputs] == [f"event-{n:04d}.trf" for n in range(1, 10)]
    summary = run_batch(inputs, tmp_path, fmt="csv", tiebreaks="SB,WIN", jobs=1, progress=False)
    assert (summary.done, len(summary.failed)) == (8, 1)
    expected = render(rank(read_path(inputs[0]), parse_list("SB,WIN")), "csv")
    assert (tmp_path / "event-0001.csv").read_text(encoding="utf-8") == expected
    with pytest.raises(TiebreakError):
        run_batch(inputs, tmp_path, tiebreaks="SB,NOPE", progress=False)


def test_sub_folders_keep_their_paths_and_outputs_are_not_read_again(
    events: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    folder, _ = events
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "event.trf").write_bytes((folder / "event-0001.trf").read_bytes())
    out = tmp_path / "out"
    summary = run_batch(find_inputs(str(tmp_path)), out, jobs=2, progress=False)
    assert summary.done == 2
    assert sorted(str(path.relative_to(out)) for path in out.rglob("*.json")) == ["a/event.json", "b/event.json"]
    again = run_batch(find_inputs(str(tmp_path)), out, jobs=2, progress=False)
    assert (again.done, again.skipped) == (0, 2)
    data = json.loads((out / "a" / "event.json").read_text(encoding="utf-8"))
    assert data["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]


@pytest.fixture
def cluster() -> Iterator[str]:
    """The address of an in-process Dask cluster of one worker."""
    distributed = pytest.importorskip("dask.distributed")
    # Its HTTP server on a free port: with no address it takes 8787, and fails when another run holds that port.
    free = "127.0.0.1:0"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=free) as local:
        yield local.scheduler_address


def test_the_dask_executor_writes_the_same_files(
    events: tuple[Path, list[Path]], local_run: Path, cluster: str, tmp_path: Path
) -> None:
    folder, broken = events
    summary = run_batch(find_inputs(str(folder)), tmp_path, executor="dask", scheduler=cluster, progress=False)
    assert (summary.done, [path for path, _ in summary.failed]) == (COUNT - BROKEN, broken)
    assert _outputs(tmp_path) == _outputs(local_run)


def test_acceptance_1000_events_3_broken(tmp_path: Path) -> None:
    # Issue 6: 1,000 generated events, 3 broken: 997 outputs, the 3 reported with their errors, exit 1.
    from click.testing import CliRunner

    from sonneborn.cli import cli

    folder = tmp_path / "events"
    _, broken = _load_generator().small_events(folder, 1000, players=12, rounds=5, broken=3, seed=11)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(out), "-j", "2"])
    assert result.exit_code == 1, result.stderr
    assert len(list(out.glob("*.json"))) == 997
    errors = [line for line in result.stderr.splitlines() if line.startswith("sonneborn: error: ")]
    assert len(errors) == 3
    for path in broken:
        assert any(str(path) in line for line in errors), path


def test_each_files_warnings_are_shown_issue_12(tmp_path: Path) -> None:
    # Two files: one whose record 062 gives a wrong number of players (a reader's warning, with its line), one
    # with an unrated player and ARO asked for (a ranking's warning, which names no file: batch names it).
    from click.testing import CliRunner

    from sonneborn.cli import cli

    folder = tmp_path / "in"
    folder.mkdir()
    player_a = f"{'001    1      Adams, Ann':<48}1800{'':<39}   2 w 1"
    player_b = f"{'001    2      Brown, Bob':<91}   1 b 0"
    (folder / "a.trf").write_text("062 3\n" + player_a + "\n" + player_b + "\n", encoding="utf-8")
    (folder / "b.trf").write_text(player_a + "\n" + player_b + "\n", encoding="utf-8")
    summary = run_batch(find_inputs(str(folder)), tmp_path / "out", tiebreaks="ARO", jobs=1, progress=False)
    a, b = str(folder / "a.trf"), str(folder / "b.trf")
    dropped = "ARO dropped: player(s) 2 unrated (C.07 10); give --unrated-rating or /U<N>"
    assert [(str(path), tuple(map(str, lines))) for path, lines in summary.warned] == [
        (a, (f"{a}:1: record 062 gives 3 players, but there are 2 player records (001)", f"{a}: {dropped}")),
        (b, (f"{b}: {dropped}",)),
    ]
    assert summary.warnings == 3
    result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(tmp_path / "again"), "-t", "ARO", "-j", "1"])
    assert result.exit_code == 0, result.stderr
    assert f"sonneborn: warning: {b}: {dropped}" in result.stderr.splitlines()


def test_batch_takes_a_profile_and_a_committed_draw_as_standings_does(tmp_path: Path) -> None:
    """``--profile`` and ``--lots-secret`` reach every file by the request standings parses (issue 22): each
    output is what ``standings FILE`` gives with the same options, ranked by the profile's list and naming the
    draw (its commitment is SHA-256 of the method's name, a newline and the secret, docs/lots.md)."""
    import hashlib

    from click.testing import CliRunner

    from sonneborn.cli import cli

    secret = "open sesame, 2026 club cup"
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "drawn.tsv").write_text(
        "\tPlayer\t1\t2\t3\t4\n1\tAnna\tX\t½\t½\t½\n2\tBoris\t½\tX\t½\t½\n3\tCarla\t½\t½\tX\t½\n4\tDmitri\t½\t½\t½\tX\n",
        encoding="utf-8",
    )
    (folder / "minor.trf").write_bytes(
        (Path(__file__).parent / "data" / "trf" / "icu_bunratty_minor_2011.trf").read_bytes()
    )
    options = ["--profile", "uscf", "--lots-secret", secret]
    result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(tmp_path / "out"), "-j", "1", *options])
    assert result.exit_code == 0, result.stderr
    commitment = hashlib.sha256(f"sonneborn-lots-1\n{secret}".encode()).hexdigest()
    for name, output in (("drawn.tsv", "drawn.json"), ("minor.trf", "minor.json")):
        written = json.loads((tmp_path / "out" / output).read_text(encoding="utf-8"))
        alone = CliRunner().invoke(cli, ["standings", str(folder / name), "-f", "json", *options])
        assert alone.exit_code == 0, alone.stderr
        assert written == json.loads(alone.stdout), name
        assert written["tiebreaks"] == ["MM", "SOLK", "CUM", "OCUM"]
        assert written["drawing"]["secret"] == secret and written["drawing"]["commitment"] == commitment


def test_batch_refuses_a_bad_profile_or_secret_before_any_file_and_reports_a_misfit_per_file(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "minor.trf").write_bytes(
        (Path(__file__).parent / "data" / "trf" / "icu_bunratty_minor_2011.trf").read_bytes()
    )
    for options, message in (
        (["--lots-secret", "short"], "--lots-secret: a secret has at least 16 characters (found 5)"),
        (["--profile", "vega"], "--profile: no profile 'vega': Vega's manual (2016) lists its tie-breaks but gives"),
        (["--profile", "uscf", "-t", "SB"], "--profile: names its own list: give a profile or a list (-t), not both"),
    ):
        result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(tmp_path / "out"), *options])
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(f"sonneborn: error: {message}"), result.stderr
        assert not (tmp_path / "out").exists()
    # A team profile fits no individual event: that file fails, on one line naming it, and the batch goes on.
    result = CliRunner().invoke(cli, ["batch", str(folder), "-o", str(tmp_path / "out"), "--profile", "fide-team"])
    assert result.exit_code == 1, result.output
    expected = f"{folder / 'minor.trf'}: --profile: 'fide-team' is a list for team events; this event is not one"
    assert f"sonneborn: error: {expected}" in result.stderr.splitlines(), result.stderr


def test_the_summarys_seconds_are_a_number_of_the_language() -> None:
    # Spanish writes a decimal comma (docs/languages.md): 12.5 seconds are "12,5 s", as every number shown.
    summary = BatchSummary(done=3, skipped=0, failed=(), seconds=12.5, warnings=2)
    assert language("es").message(summary.said) == "3 hechos, 0 omitidos, 0 fallidos en 12,5 s, 2 avisos"
    assert str(summary) == "3 done, 0 skipped, 0 failed in 12.5 s, 2 warnings"
