"""The long fuzz run of ``make fuzz``: every reader on many mutated files, from a seeded generator.

The mutations and the checks are those of ``tests/test_fuzz.py`` (which runs
them briefly under Hypothesis in ``make test``); here plain :mod:`random`
drives them, input ``i`` of a reader from the seed ``(seed, reader, i)``, so
that a failure is found again by its number alone. Failing inputs are saved
under ``fuzz/failures/`` with the error they raised.

    python fuzz/run.py --inputs 100000 --reader all
    python fuzz/run.py --reader pgn --only 4711     # input 4711 of the PGN reader again
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_fuzz import TARGETS, mutated  # noqa: E402

FAILURES = ROOT / "fuzz" / "failures"
BLOCK = 1000
"""Inputs a worker tries at a time (progress is reported every ten blocks of a reader)."""
SLOW = 2.0
"""Seconds beyond which an input counts as a failure: no reader may take so long on these small files."""


@dataclass(slots=True)
class Tally:
    """What a share of a reader's run gave."""

    inputs: int = 0
    results: int = 0
    errors: int = 0
    failures: list[tuple[int, str, bytes]] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0


def _rng(seed: int, reader: str, index: int) -> random.Random:
    return random.Random(f"{seed}:{reader}:{index}")


def run_share(reader: str, seed: int, first: int, stop: int) -> Tally:
    """Tries the inputs ``first`` to ``stop - 1`` of one reader."""
    target = TARGETS[reader]
    tally = Tally()
    begin = time.perf_counter()
    for index in range(first, stop):
        data = mutated(reader, _rng(seed, reader, index))
        started = time.perf_counter()
        try:
            outcome = target(data)
        except BaseException as error:  # every failure is recorded, whatever it is
            if isinstance(error, KeyboardInterrupt):
                raise
            tally.failures.append((index, "".join(traceback.format_exception(error)), data))
            outcome = "failure"
        spent = time.perf_counter() - started
        tally.slowest = max(tally.slowest, spent)
        if spent > SLOW and outcome != "failure":
            tally.failures.append((index, f"slow: {spent:.1f} s for {len(data)} bytes\n", data))
        tally.inputs += 1
        tally.results += outcome == "result"
        tally.errors += outcome == "error"
    tally.seconds = time.perf_counter() - begin
    return tally


def _share(arguments: tuple[str, int, int, int]) -> tuple[str, Tally]:
    return arguments[0], run_share(*arguments)


def _failure_path(reader: str, index: int, data: bytes) -> Path:
    return FAILURES / f"{reader}-{index}-{hashlib.sha1(data).hexdigest()[:10]}.input"


def save(reader: str, index: int, report: str, data: bytes) -> Path:
    """Writes a failing input and what it raised, named after its reader, number and content."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    path = _failure_path(reader, index, data)
    path.write_bytes(data)
    path.with_suffix(".txt").write_text(report, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs per reader (default 100000)")
    parser.add_argument("--reader", default="all", choices=["all", *TARGETS], help="the reader to fuzz")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generator (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)")
    parser.add_argument(
        "--only", type=int, metavar="INDEX", help="try input INDEX of --reader alone, with its traceback"
    )
    options = parser.parse_args(argv)
    readers = list(TARGETS) if options.reader == "all" else [options.reader]
    if options.only is not None:
        if options.reader == "all":
            parser.error("--only needs --reader")
        data = mutated(options.reader, _rng(options.seed, options.reader, options.only))
        print(f"{options.reader} input {options.only}: {data[:200]!r}{'…' if len(data) > 200 else ''}")
        print(TARGETS[options.reader](data))
        return 0
    jobs = max(1, options.jobs)
    shares = [
        (reader, options.seed, first, min(first + BLOCK, options.inputs))
        for reader in readers
        for first in range(0, options.inputs, BLOCK)
    ]
    totals = {reader: Tally() for reader in readers}
    begin = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        for reader, tally in pool.imap_unordered(_share, shares):
            total = totals[reader]
            total.inputs += tally.inputs
            total.results += tally.results
            total.errors += tally.errors
            total.failures += tally.failures
            total.seconds += tally.seconds
            total.slowest = max(total.slowest, tally.slowest)
            for index, report, data in tally.failures:
                save(reader, index, report, data)
            if total.inputs % (10 * BLOCK) == 0 or total.inputs == options.inputs:
                print(f"{reader}: {total.inputs:,} of {options.inputs:,}, {len(total.failures)} failures",
                      file=sys.stderr, flush=True)  # fmt: skip
    wall = time.perf_counter() - begin
    print(f"seed {options.seed}, {jobs} worker processes, {wall:.0f} s")
    header = ("reader", "inputs tried", "results", "clean errors", "failures", "time (cpu s)", "slowest (s)")
    print(f"{header[0]:<11}" + "".join(f"{title:>14}" for title in header[1:]))
    for reader, tally in totals.items():
        figures = (tally.inputs, tally.results, tally.errors, len(tally.failures))
        print(f"{reader:<11}" + "".join(f"{figure:>14,}" for figure in figures), end="")
        print(f"{tally.seconds:>14.1f}{tally.slowest:>14.3f}")
    failed = [(reader, failure) for reader, tally in totals.items() for failure in tally.failures]
    for reader, (index, report, data) in failed:
        path = _failure_path(reader, index, data)
        print(f"{reader} input {index}: {report.strip().splitlines()[-1]} (saved as {path.relative_to(ROOT)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
