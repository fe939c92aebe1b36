"""Times every command and output format of sonneborn on big generated events as a user runs them, and
the library call alone.

Each case runs a whole command in a fresh process, ``N`` times (``--runs``), its output written to a file,
for example::

    sonneborn standings FILE -f json -t BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR --rules fide-2024

and reports the median, fastest and slowest wall time and the child's peak resident memory (``ru_maxrss``
from ``os.wait4``). It then times the library calls alone (``pipeline.read`` and ``pipeline.standings``)
in a fresh process, after the imports, and compares everything with the targets of issue 10:

- Swiss 2,000 × 11: ``-f json`` ≤ 0.34 s; every other format (table, csv, md, html, trf), ``--explain 1``,
  ``crosstable``, ``check`` and ``compare`` (two editions) within 2× of ``-f json``'s median;
- the same event recording what the list in force does not give (``recorded.py``, issue 18): the ranks of
  ``SB,KS`` under FIDE-2009 (found late among the lists tried), ranks of no list (every list tried under
  every edition), BH values of FIDE-2009 and SB values of no variant (sonneborn's JSON): ``check`` within
  2× of ``standings -f json`` on the same file;
- Swiss 100,000 × 11: ``-f json`` ≤ 2 s and ≤ 1 GB; ``-f table``, ``-f csv``, ``-f md`` and ``check`` ≤ 3 s;
- a team Swiss of 200 teams × 6 boards (1,200 players) × 11 rounds, ranked by ``EDET,EMGSB/C1,BH:MP/C1,MPvGP``
  (issue 20; :data:`TEAM_TIEBREAKS` in place of the individual list): ``-f json`` within 2× of the individual
  Swiss of 1,200 × 11's, every other team output (table, csv, md, html, ``--explain 1``, ``check``,
  ``compare``) within 2× of the team ``-f json``;
- the library (read and rank) ≤ 0.1 s for 2,000 players, ≤ 1.5 s for 100,000, after the imports;
- ``identify`` (issue 22) on a Swiss of 300 × 9 ≤ 5 s: the ranks of a list no preset has under FIDE-2023
  (found among the catalogue's lists), and ranks of no list (the closest settings, each disagreement
  explained); ``identify --profile fide-swiss`` on the latter (the profile's lists alone) too;
- growth from 10,000 to 100,000 players ≤ 12×; round robin of 500 players ≤ 2 s; ``sonneborn batch`` over
  10,000 events of 20 × 7 ≤ 30 s.

The events are generated once into ``benchmarks/.cache/`` (again when ``generate.py`` or ``recorded.py``
changes). Events of
more than 9,999 players are written as TRF with sonneborn's record XXD (wider numbers than TRF-16's four digits).

Run it as ``.venv/bin/python benchmarks/run.py`` (``--quick --runs 1`` while developing, ``--batch`` for
the batch case, ``--write-results`` to record the figures in ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import generate
import recorded

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
RESULTS = HERE / "RESULTS.md"
TIEBREAKS = "BH/C1,BH,SB,SB/C1,FB,AOB,DE,WIN,WON,BPG,PS,ARO,TPR"
TEAM_TIEBREAKS = "EDET,EMGSB/C1,BH:MP/C1,MPvGP"
"""The team cases' list: FIDE's usual team Swiss tie-breaks after match points (no rating codes for teams)."""
TEAM_BOARDS = 6
MB = 1024 * 1024
RULES = "fide-2024"
LIBRARY = """\
import sys, time
from sonneborn.pipeline import Request, read, standings
mode, path, codes = sys.argv[1], sys.argv[2], sys.argv[3]
request = Request.parse(tiebreaks=codes, rules="fide-2024")
if mode == "rank":
    reading = read(path)
    began = time.perf_counter()
    standings(reading, request)
else:
    began = time.perf_counter()
    standings(read(path), request)
print(time.perf_counter() - began)
"""
"""The library calls alone, timed inside a fresh process after the imports: ``read+rank`` is
``standings(read(FILE), request)``, ``rank`` the ranking of an event already read."""
LIBRARY_MODES = ("read+rank", "rank")
LIBRARY_TARGETS = {2_000: 0.1, 100_000: 1.5}
"""The target of the library call (read and rank), by number of players."""


@dataclass(frozen=True, slots=True)
class Case:
    """One benchmark: an event (or a folder of events) and its targets."""

    name: str
    kind: str
    """``swiss``, ``roundrobin``, ``teams`` (a team Swiss, ``players`` teams of :data:`TEAM_BOARDS`), ``batch`` or
    ``startup`` (``sonneborn --version``: interpreter and imports)."""
    players: int
    rounds: int
    seconds: float | None = None
    """The target of the median wall time, if any."""
    memory: int | None = None
    """The target of the peak resident memory in bytes, if any."""
    count: int = 1
    """The number of events (a batch)."""
    command: tuple[str, ...] = ("standings", "-f", "json")
    """The sonneborn command, the event file put after its first word."""
    relative: tuple[str, float] | None = None
    """Another case and the most this one's median may be of it (``("swiss-2000", 2.0)``: within 2×)."""
    library: bool = False
    """Whether the library calls are timed on the case's event too."""
    recorded: str = ""
    """What the file records beyond the results and points, a key of :data:`RECORDED` (``""``: nothing)."""
    status: int = 0
    """The exit status of a run that went well (``check`` of a file that disagrees: 1)."""

    @property
    def tiebreaks(self) -> str:
        """The ``-t`` list of the case's command."""
        return TEAM_TIEBREAKS if self.kind == "teams" else TIEBREAKS

    @property
    def event(self) -> str:
        """The name of the event the case reads (several cases share one)."""
        return self.name.split(":")[0]

    @property
    def path(self) -> Path:
        """The generated file (a folder for a batch)."""
        if self.kind == "batch":
            return CACHE / f"small-{self.count}x{self.players}x{self.rounds}"
        # Beyond 9,999 players the generator writes sonneborn's wide TRF (record XXD).
        return CACHE / f"{self.event}{'.json' if self.recorded == 'values' else '.trf'}"

    @property
    def source(self) -> Case:
        """The case whose generated event a file with recorded values is made from (the case itself else)."""
        return replace(self, name=f"{self.kind}-{self.players}", recorded="") if self.recorded else self

    @property
    def label(self) -> str:
        if self.kind == "startup":
            return "start-up (--version)"
        if self.kind == "batch":
            return f"batch {self.count:,} × ({self.players} × {self.rounds})"
        if self.kind == "teams":
            return f"team Swiss {self.players} × {TEAM_BOARDS} boards × {self.rounds}: {' '.join(self.command)}"
        what = "Swiss" if self.kind == "swiss" else "round robin"
        recorded = f", {RECORDED[self.recorded]}" if self.recorded else ""
        return f"{what} {self.players:,} × {self.rounds}{recorded}: {' '.join(self.command)}"


RECORDED = {
    "late": f"ranks of -t {recorded.LATE_LIST[0]} --rules {recorded.LATE_LIST[1]}",
    "unlisted": "ranks of no list",
    "values": "BH of fide-2009, SB/P one off (JSON)",
    "identify": f"ranks of -t {recorded.IDENTIFY_LIST[0]} --rules {recorded.IDENTIFY_LIST[1]}, no list stated",
}
"""The files that record ranks or tie-break values the list in force does not give, as ``recorded.py``
writes them from the generated event: what the label says of each."""


_WITHIN_TWICE_JSON = ("swiss-2000", 2.0)
_SMALL = [
    ("table", ("standings", "-f", "table")),
    ("csv", ("standings", "-f", "csv")),
    ("md", ("standings", "-f", "md")),
    ("html", ("standings", "-f", "html")),
    ("trf", ("standings", "-f", "trf")),
    ("explain", ("standings", "-f", "json", "--explain", "1")),
    ("crosstable", ("crosstable",)),
    ("check", ("check",)),
    ("compare", ("compare", "--rules", "fide-2024,fide-2026")),
]
_BIG = [
    ("table", ("standings", "-f", "table")),
    ("csv", ("standings", "-f", "csv")),
    ("md", ("standings", "-f", "md")),
    ("check", ("check",)),
]
_WITHIN_TWICE_TEAM_JSON = ("teams-200", 2.0)
CASES = {
    case.name: case
    for case in [
        Case("startup", "startup", 0, 0),
        Case("swiss-2000", "swiss", 2_000, 11, seconds=0.34, library=True),
        *(
            Case(f"swiss-2000:{name}", "swiss", 2_000, 11, command=command, relative=_WITHIN_TWICE_JSON)
            for name, command in _SMALL
        ),
        *(
            case
            for key in RECORDED
            if key != "identify"  # identify's own file, of 300 players (below)
            for case in (
                Case(f"swiss-2000-{key}", "swiss", 2_000, 11, recorded=key),
                Case(
                    f"swiss-2000-{key}:check",
                    "swiss",
                    2_000,
                    11,
                    command=("check",),
                    relative=(f"swiss-2000-{key}", 2.0),
                    recorded=key,
                    status=1,
                ),
            )
        ),
        # Issue 22: identify finds a list no preset has among the catalogue's, or the closest when none is.
        Case("swiss-300-identify:identify", "swiss", 300, 9, seconds=5.0, command=("identify",), recorded="identify"),
        Case(
            "swiss-300-unlisted:identify",
            "swiss",
            300,
            9,
            seconds=5.0,
            command=("identify",),
            recorded="unlisted",
            status=1,
        ),
        # identify --profile: the profile's lists alone, under every edition and reading (neither found here).
        Case(
            "swiss-300-unlisted:identify-profile",
            "swiss",
            300,
            9,
            seconds=5.0,
            command=("identify", "--profile", "fide-swiss"),
            recorded="unlisted",
            status=1,
        ),
        Case("swiss-1200", "swiss", 1_200, 11),
        Case("teams-200", "teams", 200, 11, relative=("swiss-1200", 2.0)),
        *(
            Case(f"teams-200:{name}", "teams", 200, 11, command=command, relative=_WITHIN_TWICE_TEAM_JSON)
            for name, command in _SMALL
            # The match crosstable and the TRF-26 team writer are teamio's (issue 20): timed once merged.
            if name not in ("crosstable", "trf")
        ),
        Case("swiss-10000", "swiss", 10_000, 11),
        Case("swiss-100000", "swiss", 100_000, 11, seconds=2.0, memory=1024 * MB, library=True),
        *(Case(f"swiss-100000:{name}", "swiss", 100_000, 11, seconds=3.0, command=command) for name, command in _BIG),
        Case("rr-500", "roundrobin", 500, 499, seconds=2.0),
        Case("batch-10000", "batch", 20, 7, seconds=30.0, count=10_000),
    ]
}
QUICK = (
    "startup",
    "swiss-2000",
    *(f"swiss-2000:{name}" for name, _ in _SMALL),
    *(f"swiss-2000-{key}{verb}" for key in RECORDED if key != "identify" for verb in ("", ":check")),
    "swiss-300-identify:identify",
    "swiss-300-unlisted:identify",
    "swiss-300-unlisted:identify-profile",
)
TEAMS = ("swiss-1200", *(name for name in CASES if CASES[name].kind == "teams"))
"""The team cases (``--teams``) and the individual Swiss of as many players they are measured against."""
GROWTH = ("swiss-10000", "swiss-100000", 12.0)
"""Growth from one case to another, and its target: near linear in the number of players."""


@dataclass(frozen=True, slots=True)
class Run:
    """One run of a command in a child process."""

    seconds: float
    peak: int
    """The child's peak resident memory in bytes."""
    status: str
    """``ok``, ``timeout`` or ``exit N``."""
    stdout: str = ""
    stderr: str = ""


@dataclass(slots=True)
class Measured:
    """The runs of one case."""

    case: Case
    size: int
    runs: list[Run] = field(default_factory=list)
    library: dict[str, list[Run]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return bool(self.runs) and all(run.status == "ok" for run in self.runs)

    @property
    def times(self) -> list[float]:
        return [run.seconds for run in self.runs if run.status == "ok"]

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.ok else None

    @property
    def peak(self) -> int:
        return max((run.peak for run in self.runs), default=0)

    def library_median(self, mode: str) -> str:
        """The median of the library call by one path, or why it has none."""
        runs = self.library.get(mode, [])
        bad = next((run for run in runs if run.status != "ok"), None)
        if bad is not None:
            return "declined" if bad.status == "exit 3" else bad.status
        return _seconds(statistics.median(float(run.stdout) for run in runs) if runs else None)

    @property
    def failure(self) -> str:
        """Why the command did not run to the end, if it did not."""
        bad = next((run for run in self.runs if run.status != "ok"), None)
        return "" if bad is None else bad.status

    def verdicts(self, by_name: dict[str, Measured]) -> list[tuple[str, bool]]:
        """Each target of the case with whether it was met."""
        found = []
        if self.case.seconds is not None:
            found.append((f"≤ {self.case.seconds:g} s", self.median is not None and self.median <= self.case.seconds))
        if self.case.memory is not None:
            found.append((f"≤ {self.case.memory / MB / 1024:g} GB", self.ok and self.peak <= self.case.memory))
        if self.case.relative is not None and self.case.relative[0] in by_name:
            other, factor = by_name[self.case.relative[0]], self.case.relative[1]
            met = self.median is not None and other.median is not None and self.median <= factor * other.median
            ratio = f" ({self.median / other.median:.2f}×)" if self.median and other.median else ""
            found.append((f"≤ {factor:g}× json{ratio}", met))
        for mode in LIBRARY_MODES[:1]:
            limit = LIBRARY_TARGETS.get(self.case.players)
            runs = self.library.get(mode, [])
            if limit is not None and runs:
                seconds = statistics.median(float(run.stdout) for run in runs if run.status == "ok") if all(
                    run.status == "ok" for run in runs) else None  # fmt: skip
                found.append((f"library ≤ {limit:g} s", seconds is not None and seconds <= limit))
        return found


def measure(command: list[str], stdout: Path, timeout: float, *, status: int = 0) -> Run:
    """Runs a command with its output to a file; its wall time and its own peak memory, killed at ``timeout``;
    ``ok`` when it exits with ``status``."""
    stderr = stdout.with_name(stdout.name + ".stderr")
    with open(stdout, "wb") as out, open(stderr, "wb") as err:
        began = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            process.kill()

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, exit_status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        seconds = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(exit_status)
    if killed.is_set() and process.returncode == -signal.SIGKILL:
        state = "timeout"
    else:
        state = "ok" if process.returncode == status else f"exit {process.returncode}"
    # Linux gives ru_maxrss in kilobytes, macOS in bytes.
    peak = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
    text = (
        stdout.read_text(encoding="utf-8", errors="replace") if state == "ok" and stdout.stat().st_size < 4096 else ""
    )
    return Run(seconds, peak, state, text.strip(), stderr.read_text(encoding="utf-8", errors="replace")[-2000:])


def prepare(case: Case) -> Path:
    """The case's event file (or folder), generated unless the cache holds it, newer than the generator (and,
    for a file with recorded values, than ``recorded.py`` and the event it is made from)."""
    path = case.path
    if case.kind == "startup":
        return path
    stamp = path / ".complete" if case.kind == "batch" else path
    makers = [Path(generate.__file__)]
    if case.recorded:
        makers += [Path(recorded.__file__), prepare(case.source)]
    if stamp.exists() and all(stamp.stat().st_mtime > maker.stat().st_mtime for maker in makers):
        return path
    began = time.perf_counter()
    print(f"generating {path.relative_to(HERE.parent)} …", file=sys.stderr, flush=True)
    if case.recorded:
        writer = [sys.executable, recorded.__file__, case.recorded, str(case.source.path), str(path)]
        subprocess.run(writer, check=True)
    elif case.kind == "batch":
        shutil.rmtree(path, ignore_errors=True)
        generate.small_events(path, case.count, players=case.players, rounds=case.rounds)
        stamp.touch()
    elif case.kind == "teams":
        generate.write_teams(generate.team_swiss(case.players, case.rounds, TEAM_BOARDS, seed=1), path)
    elif case.kind == "swiss":
        generate.write(generate.swiss(case.players, case.rounds, seed=1), path)
    else:
        generate.write(generate.round_robin(case.players, seed=1), path)
    print(f"  {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return path


def _command(case: Case, path: Path, output: Path) -> list[str]:
    """The command a user runs for the case."""
    if case.kind == "startup":
        return [sys.executable, "-m", "sonneborn", "--version"]
    if case.kind == "batch":
        return [sys.executable, "-m", "sonneborn", "batch", str(path), "-o", str(output), "-f", "json"]
    verb, *options = case.command
    if verb == "identify":  # it searches the lists and editions: none is given
        return [sys.executable, "-m", "sonneborn", verb, str(path), *options]
    listed = [] if verb == "compare" else ["--rules", RULES]
    return [sys.executable, "-m", "sonneborn", verb, str(path), *options, "-t", case.tiebreaks, *listed]


def bench(cases: list[Case], runs: int, timeout: float, *, library: bool) -> list[Measured]:
    """Runs every case ``runs`` times, in turns (one run of each case, then the next round), so that a machine
    whose speed drifts from one minute to the next weighs on every case alike; a case stops at its first
    failure. Then the library call alone, case by case.
    """
    paths = [prepare(case) for case in cases]  # cases of one event share its file
    results = []
    for case, path in zip(cases, paths, strict=True):
        if case.kind == "startup":
            size = 0
        elif path.is_dir():
            size = sum(p.stat().st_size for p in path.iterdir())
        else:
            size = path.stat().st_size
        results.append(Measured(case, size))
    for number in range(1, runs + 1):
        for measured, path in zip(results, paths, strict=True):
            case = measured.case
            if any(run.status != "ok" for run in measured.runs):
                continue  # stopped at its first failure
            output = CACHE / f"{case.name.replace(':', '-')}.out"
            if case.kind == "batch":
                shutil.rmtree(output, ignore_errors=True)
            stdout = CACHE / f"{case.name.replace(':', '-')}.stdout" if case.kind == "batch" else output
            run = measure(_command(case, path, output), stdout, timeout, status=case.status)
            measured.runs.append(run)
            print(
                f"  {case.name} run {number}: {run.status} {run.seconds:.2f} s {run.peak / MB:.0f} MB", file=sys.stderr
            )
            if run.status != "ok":
                print(f"    {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ''}", file=sys.stderr)
    for measured, path in zip(results, paths, strict=True):
        case = measured.case
        if not (library and case.library and measured.ok):
            continue
        for mode in LIBRARY_MODES:
            found = measured.library.setdefault(mode, [])
            for _ in range(runs):
                command = [sys.executable, "-c", LIBRARY, mode, str(path), TIEBREAKS]
                run = measure(command, CACHE / "library.out", timeout)
                found.append(run)
                print(f"  {case.name} library ({mode}): {run.status} {run.stdout or ''}", file=sys.stderr)
                if run.status != "ok":
                    break
    return results


def _seconds(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def rows(results: list[Measured]) -> list[list[str]]:
    """The table: one row a case, then the growth row."""
    table = []
    by_name = {measured.case.name: measured for measured in results}
    for measured in results:
        times = measured.times
        spread = f"{min(times):.3f}–{max(times):.3f}" if times and measured.ok else measured.failure or "–"
        verdicts = measured.verdicts(by_name)
        table.append(
            [
                measured.case.label,
                f"{measured.size / MB:.1f} MB" if measured.size else "–",
                str(len(measured.runs)),
                _seconds(measured.median),
                spread,
                f"{measured.peak / MB:.0f} MB" if measured.peak else "–",
                *(measured.library_median(mode) for mode in LIBRARY_MODES),
                ", ".join(target for target, _ in verdicts) or "–",
                ", ".join("PASS" if met else "FAIL" for _, met in verdicts) or "–",
            ]
        )
    low, high, limit = GROWTH
    if low in by_name and high in by_name:
        one, other = by_name[low].median, by_name[high].median
        ratio = other / one if one and other else None
        table.append(
            [
                f"growth {CASES[low].players:,} → {CASES[high].players:,}",
                "",
                "",
                "–" if ratio is None else f"{ratio:.1f}×",
                "",
                "",
                "",
                "",
                f"≤ {limit:g}×",
                "FAIL" if ratio is None or ratio > limit else "PASS",
            ]
        )
    return table


HEADERS = [
    "case", "file", "runs", "median", "min–max (s)", "peak RSS", "library read+rank", "library rank", "target", "result",
]  # fmt: skip


def print_table(table: list[list[str]]) -> None:
    """The table on the terminal, with rich."""
    from rich.console import Console
    from rich.table import Table

    view = Table(title=f"sonneborn COMMAND FILE -t {TIEBREAKS} --rules {RULES}")
    for header in HEADERS:
        view.add_column(header, justify="left" if header in ("case", "target", "result") else "right")
    for row in table:
        style = "red" if "FAIL" in row[-1] else "green" if "PASS" in row[-1] else None
        view.add_row(*row, style=style)
    console = Console()
    if not console.is_terminal:
        console = Console(width=200)
    console.print(view)


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    memory = ""
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8")
        cpu = next(
            (line.split(":", 1)[1].strip() for line in cpuinfo.splitlines() if line.startswith("model name")), cpu
        )
        meminfo = Path("/proc/meminfo").read_text(encoding="utf-8").split()
        memory = f"{int(meminfo[meminfo.index('MemTotal:') + 1]) / 1024 / 1024:.1f} GB"
    except (OSError, ValueError, StopIteration):
        pass
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": platform.platform(),
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "memory": memory,
        "python": platform.python_version(),
    }


def write_results(table: list[list[str]], runs: int) -> None:
    """Records the table with the machine and the date in ``RESULTS.md``, replacing the previous record."""
    info = machine()
    lines = [
        "# Benchmark results",
        "",
        "Written by `benchmarks/run.py --write-results`; see `benchmarks/README.md` for what each case measures.",
        "",
        f"- date: {info['date']}",
        f"- machine: {info['machine']}, {info['cpu']}, {info['cores']} cores, {info['memory']} memory",
        f"- Python {info['python']}; {runs} runs a case; median, fastest–slowest, peak RSS of the command",
        f"- command: `sonneborn COMMAND FILE -t {TIEBREAKS} --rules {RULES} > out` (compare: both editions)",
        "- library: `standings(read(FILE), request)` (read+rank) and `standings(reading, request)` (rank), each",
        "  in a fresh process, timed after the imports",
        "- events of more than 9,999 players are TRF with record XXD: TRF-16 start numbers have four digits",
        "",
        "| " + " | ".join(HEADERS) + " |",
        "|" + "---|" * len(HEADERS),
        *("| " + " | ".join(row) + " |" for row in table),
        "",
    ]
    RESULTS.write_text("\n".join(lines), encoding="utf-8")
    print(f"written {RESULTS.relative_to(HERE.parent)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Times sonneborn standings on big generated events.")
    parser.add_argument("--runs", type=int, default=5, help="Runs of each case (default 5).")
    parser.add_argument("--quick", action="store_true", help="Only " + " and ".join(QUICK) + ".")
    parser.add_argument("--cases", help="Comma-separated cases: " + ", ".join(CASES) + ".")
    parser.add_argument("--teams", action="store_true", help="Only " + ", ".join(TEAMS) + ".")
    parser.add_argument("--batch", action="store_true", help="Add the batch case (10,000 events of 20 × 7).")
    parser.add_argument("--timeout", type=float, default=120.0, help="Seconds before a run is killed (default 120).")
    parser.add_argument("--no-library", action="store_true", help="Skip timing the library call alone.")
    parser.add_argument("--write-results", action="store_true", help="Record the table in benchmarks/RESULTS.md.")
    parser.add_argument("--no-whatif", action="store_true", help="Skip the whatif cases (benchmarks/whatif.py).")
    args = parser.parse_args(argv)
    if args.cases:
        names = [name.strip() for name in args.cases.split(",") if name.strip()]
        unknown = [name for name in names if name not in CASES]
        if unknown:
            parser.error(f"unknown case {unknown[0]!r} (expected one of {', '.join(CASES)})")
    else:
        names = [name for name in CASES if CASES[name].kind != "batch"]
        if args.quick or args.teams:
            names = list(QUICK if args.quick else TEAMS)
    if args.batch and "batch-10000" not in names:
        names.append("batch-10000")
    CACHE.mkdir(parents=True, exist_ok=True)
    results = bench([CASES[name] for name in names], args.runs, args.timeout, library=not args.no_library)
    table = rows(results)
    print_table(table)
    if args.write_results:
        write_results(table, args.runs)
    status = 0 if all("FAIL" not in row[-1] for row in table) else 1
    if not args.no_whatif and not args.cases:
        import whatif

        print()
        status |= whatif.main()
    return status


if __name__ == "__main__":
    sys.exit(main())
