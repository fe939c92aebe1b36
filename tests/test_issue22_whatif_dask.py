"""Issue 22, ``whatif --executor dask --scheduler ADDRESS``: the simulation's runs on a Dask cluster, as ``batch``
sends its files there.

Each block of runs is drawn from its own generator (the seed and the block's number), so the counts cannot
depend on how the blocks are split: a run in this process, over two processes and on a cluster of worker
processes (the simulation pickled to them) must give the very same answer. The errors are one line each, naming
the option.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from builders import last_round_open
from click.testing import CliRunner
from random_events import random_event

from sonneborn.cli import cli
from sonneborn.errors import OptionError
from sonneborn.event import Event
from sonneborn.pipeline import Reading, Request, read
from sonneborn.whatif import Model, Open, what_if

ROUND_ROBIN = Path(__file__).parent / "data" / "whatif" / "rr4_before_last.trf"
UNREACHABLE = "tcp://127.0.0.1:1"
"""A port nothing listens on."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a Dask cluster of one worker process (two threads): what it computes was pickled to it."""
    distributed = pytest.importorskip("dask.distributed")
    free = "127.0.0.1:0"  # its HTTP server on a free port, not 8787 that another run may hold
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=free) as local:
        yield local.scheduler_address


def _swiss(seed: int) -> Reading:
    """A random Swiss of at least 10 players before its paired last round."""
    rng = random.Random(seed)
    while True:
        event = Event.of(last_round_open(random_event(rng, round_robin=False)))
        if event.players >= 10 and Open.of(event).items >= 4:
            return Reading.of(event)


@pytest.mark.parametrize("seed", range(3))
def test_the_cluster_gives_the_runs_of_one_process_and_of_two(cluster: str, seed: int) -> None:
    reading, request = _swiss(seed), Request.parse(tiebreaks="BH/C1,BH,SB,DE,WIN")
    asked = {"method": "simulation", "runs": 1_300, "seed": 7 + seed, "places": 3}  # 6 blocks, the last short
    alone = what_if(reading, request, **asked)  # type: ignore[arg-type]
    two = what_if(reading, request, jobs=2, **asked)  # type: ignore[arg-type]
    spread = what_if(reading, request, executor="dask", scheduler=cluster, **asked)  # type: ignore[arg-type]
    assert alone.ranked > 0, "no run was ranked by the tie-breaks: the event tests nothing"
    for other in (two, spread):
        assert (other.method, other.runs, other.ranked, other.seed) == ("simulation", 1_300, alone.ranked, 7 + seed)
        assert other.rows == alone.rows
        assert other.notes == alone.notes
    # Another seed draws other runs: the answers above are the seed's, not a constant.
    other_seed = what_if(reading, request, executor="dask", scheduler=cluster, **{**asked, "seed": 99})  # type: ignore[arg-type]
    assert [r.chances for r in other_seed.rows] != [r.chances for r in alone.rows]


def test_the_command_on_a_cluster_prints_what_one_process_prints(cluster: str) -> None:
    runner = CliRunner()
    common = ["whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "-f", "json", "--method", "simulation", "--runs", "800"]
    here = runner.invoke(cli, common)
    there = runner.invoke(cli, [*common, "--executor", "dask", "--scheduler", cluster])
    assert here.exit_code == 0, here.output
    assert there.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(here.stdout)
    # The exact method (auto, 9 outcomes) runs here: the executor changes nothing.
    auto = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "-f", "json", "--executor", "dask", "--scheduler", cluster])
    assert auto.exit_code == 0, auto.output
    assert json.loads(auto.stdout)["method"] == "exact"


def _error(args: list[str]) -> str:
    result = CliRunner().invoke(cli, ["whatif", str(ROUND_ROBIN), *args])
    assert result.exit_code == 2, result.output
    # The reader's warning of the paired round may come first; the error is one line, the last.
    lines = [line for line in result.stderr.strip().splitlines() if "warning" not in line]
    assert len(lines) == 1, lines
    return lines[0]


def test_the_dask_executor_without_a_scheduler_is_one_line() -> None:
    line = _error(["--executor", "dask"])
    assert line == (
        "sonneborn: error: --scheduler: the dask executor needs the address of a scheduler (--scheduler tcp://host:8786)"
    )
    with pytest.raises(OptionError, match="address of a scheduler"):
        what_if(read(ROUND_ROBIN), executor="dask")


def test_a_scheduler_that_cannot_be_reached_is_one_line() -> None:
    dask = pytest.importorskip("dask")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        line = _error(["--method", "simulation", "--runs", "10", "--executor", "dask", "--scheduler", UNREACHABLE])
    assert line.startswith(f"sonneborn: error: --scheduler: cannot reach the Dask scheduler at '{UNREACHABLE}': ")
    assert "Timed out" in line
    malformed = _error(["--method", "simulation", "--executor", "dask", "--scheduler", "nonsense"])
    assert malformed.startswith("sonneborn: error: --scheduler: cannot reach the Dask scheduler at 'nonsense': ")


def test_batch_says_the_same_of_a_scheduler_that_cannot_be_reached(tmp_path: Path) -> None:
    dask = pytest.importorskip("dask")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = CliRunner().invoke(
            cli, ["batch", str(ROUND_ROBIN), "-o", str(tmp_path / "out"), "--executor", "dask", "--scheduler",
                  UNREACHABLE],
        )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(
        f"sonneborn: error: --scheduler: cannot reach the Dask scheduler at '{UNREACHABLE}'"
    )
    nothing = CliRunner().invoke(cli, ["batch", str(ROUND_ROBIN), "-o", str(tmp_path / "out"), "--executor", "dask"])
    assert nothing.exit_code == 2
    assert nothing.stderr.strip() == (
        "sonneborn: error: --scheduler: the dask executor needs the address of a scheduler (--scheduler tcp://host:8786)"
    )


def test_dask_not_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if it were not installed: importing it fails
    line = _error(["--method", "simulation", "--executor", "dask", "--scheduler", UNREACHABLE])
    assert line == "sonneborn: error: --executor: the dask executor needs Dask distributed: pip install sonneborn[dask]"


def test_the_exact_method_and_processes_are_refused_with_the_cluster() -> None:
    line = _error(["--method", "exact", "--executor", "dask", "--scheduler", UNREACHABLE])
    assert line.startswith("sonneborn: error: --executor: the exact method runs in this process;")
    line = _error(["--method", "simulation", "-j", "2", "--executor", "dask", "--scheduler", UNREACHABLE])
    assert line.startswith("sonneborn: error: --jobs: -j counts this machine's processes;")
    with pytest.raises(OptionError, match="exact method runs in this process"):
        what_if(read(ROUND_ROBIN), model=Model(0.3), method="exact", executor="dask", scheduler=UNREACHABLE)
