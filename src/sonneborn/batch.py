"""Standings for many event files at once, on this machine's cores or on a Dask cluster.

Each file is read, ranked and rendered as ``sonneborn standings FILE -f FORMAT`` would, and the result is
written to the output folder under the input's name (``a/b.trf`` → ``OUT/a/b.json``, keeping the path
below the folder the inputs share; a link is named after the file it links to). A file that fails is
recorded with its error and the others go on; an output newer than its input is left as it is unless forced.

>>> import tempfile
>>> seed = Path(__file__).parent / "data" / "wccc_1975_final.tsv"
>>> with tempfile.TemporaryDirectory() as out:
...     summary = run_batch([seed], Path(out), jobs=1, progress=False)
...     again = run_batch([seed], Path(out), jobs=1, progress=False)
...     written = [path.name for path in Path(out).iterdir()]
>>> (summary.done, summary.failed, again.skipped, written)
(1, (), 1, ['wccc_1975_final.json'])
"""

from __future__ import annotations

import glob
import math
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sonneborn.cluster import EXECUTORS, check_executor, connect
from sonneborn.errors import InputError, InputWarning, OptionError, OutputError, TiebreakError
from sonneborn.files import write_file
from sonneborn.formats import FORMATS as INPUT_FORMATS
from sonneborn.messages import N_, Message, Number
from sonneborn.pipeline import Request
from sonneborn.render import render
from sonneborn.render.json import iter_json

__all__ = ["EXECUTORS", "FORMATS", "INPUT_SUFFIXES", "BatchSummary", "available_cores", "find_inputs", "run_batch"]

INPUT_SUFFIXES = tuple(suffix for f in INPUT_FORMATS.values() for suffix in f.suffixes)
"""The files a folder given as input contributes, by extension."""
FORMATS = {"json": ".json", "csv": ".csv", "html": ".html"}
"""The output formats, each with the extension of its files."""
CHUNK = 50
"""At most this many files go to a worker at once, so that the cost of a task is spread over many."""

Job = tuple[str, str]
"""An input file and its output file."""
Outcome = tuple[str, Message | None, tuple[Message, ...]]
"""An input file, the error that stopped it (``None`` when its output was written) and its warnings, each on one
line and naming the file."""


@dataclass(frozen=True, slots=True)
class BatchSummary:
    """What a batch did.

    >>> print(BatchSummary(done=997, skipped=0, failed=((Path("x.trf"), Message("x.trf:3: bad")),) * 3, seconds=12.0))
    997 done, 0 skipped, 3 failed in 12.0 s
    """

    done: int
    """Outputs written."""
    skipped: int
    """Outputs already newer than their inputs, left as they were."""
    failed: tuple[tuple[Path, Message], ...]
    """The inputs that failed, each with its error on one line, in the order of the inputs."""
    seconds: float
    """The wall time of the whole batch."""
    warnings: int = 0
    """The warnings the readers and the rankings gave, over every file."""
    warned: tuple[tuple[Path, tuple[Message, ...]], ...] = ()
    """Each file that gave warnings, with them (one line each, naming the file), in the order of the inputs."""

    @property
    def said(self) -> Message:
        """The summary as a message (``997 done, 0 skipped, 3 failed in 12.0 s``), for a language to write."""
        # Each count its own plural entry, so that its word agrees with it ("1 hecho, 2 fallidos").
        counts = {
            "done": Message.ngettext("{count} done", "{count} done", self.done),
            "skipped": Message.ngettext("{count} skipped", "{count} skipped", self.skipped),
            "failed": Message.ngettext("{count} failed", "{count} failed", len(self.failed)),
            "warnings": Message.ngettext("{count} warnings", "{count} warnings", self.warnings),
        }
        template = (
            N_("{done}, {skipped}, {failed} in {seconds} s, {warnings}")
            if self.warnings
            else N_("{done}, {skipped}, {failed} in {seconds} s")
        )
        return Message.of(template, seconds=Number(f"{self.seconds:.1f}"), **counts)

    def __str__(self) -> str:
        return str(self.said)


def find_inputs(pattern: str) -> list[Path]:
    """The event files a folder holds (by :data:`INPUT_SUFFIXES`, recursively), else a glob pattern's files.

    >>> data = Path(__file__).parent / "data"
    >>> [path.name for path in find_inputs(str(data))]
    ['fide_b02_tables.json', 'wccc_1975_final.tsv']
    >>> [path.name for path in find_inputs(str(data / "*.tsv"))]
    ['wccc_1975_final.tsv']
    """
    path = Path(pattern)
    if path.is_dir():
        found = [p for p in _walk(path) if p.suffix.lower() in INPUT_SUFFIXES]
    elif "**" in pattern:
        root, _, rest = _split_glob(pattern)
        wanted = _glob_pattern(rest)
        found = [p for p in _walk(root) if wanted.fullmatch(p.relative_to(root).as_posix())]
    else:  # no recursion: a plain glob cannot loop
        found = [Path(name) for name in glob.glob(pattern) if os.path.isfile(name)]
    # Each file once, by its real path: two links to one event are one input, the file itself where it is found.
    unique: dict[str, Path] = {}
    for file in sorted(found):
        real = os.path.realpath(file)
        if real not in unique or real == os.path.abspath(file):
            unique[real] = file
    return sorted(unique.values())


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity, where the system says), at least 1: the most
    worker processes of the local executor."""
    counted: Callable[[], int | None] | None = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return counted() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _walk(root: Path) -> Iterator[Path]:
    """The files below a folder, through links to folders but never twice into one (a loop ends there)."""
    seen: set[tuple[int, int]] = set()
    for folder, folders, files in os.walk(root, followlinks=True):
        status = os.stat(folder)
        if (status.st_dev, status.st_ino) in seen:
            folders.clear()
            continue
        seen.add((status.st_dev, status.st_ino))
        folders.sort()
        for name in sorted(files):
            file = Path(folder) / name
            if file.is_file():
                yield file


def _split_glob(pattern: str) -> tuple[Path, str, str]:
    """A recursive pattern cut into the folder before its first wildcard and the pattern below it."""
    parts = Path(pattern).parts
    first = next(index for index, part in enumerate(parts) if any(char in part for char in "*?["))
    return Path(*parts[:first]) if first else Path("."), "/", "/".join(parts[first:])


def _glob_pattern(pattern: str) -> re.Pattern[str]:
    """A glob pattern below a folder as a regular expression: ``**`` any folders, ``*`` and ``?`` within one.

    >>> bool(_glob_pattern("**/*.trf").fullmatch("a/b/x.trf")), bool(_glob_pattern("*/x?.trf").fullmatch("a/b/x1.trf"))
    (True, False)
    """
    found = ""
    index = 0
    while index < len(pattern):
        if pattern.startswith("**/", index):
            found, index = found + "(?:.*/)?", index + 3
        elif pattern.startswith("**", index):
            found, index = found + ".*", index + 2
        elif pattern[index] == "*":
            found, index = found + "[^/]*", index + 1
        elif pattern[index] == "?":
            found, index = found + "[^/]", index + 1
        elif pattern[index] == "[" and "]" in pattern[index + 2 :]:
            end = pattern.index("]", index + 2)
            inside = pattern[index + 1 : end].replace("\\", "\\\\")
            found, index = found + "[" + ("^" + inside[1:] if inside.startswith("!") else inside) + "]", end + 1
        else:
            found, index = found + re.escape(pattern[index]), index + 1
    return re.compile(found)


def run_batch(
    inputs: Sequence[Path],
    outdir: Path,
    *,
    fmt: str = "json",
    tiebreaks: str | None = None,
    request: Request | None = None,
    jobs: int | None = None,
    force: bool = False,
    executor: str = "local",
    scheduler: str | None = None,
    progress: bool = True,
) -> BatchSummary:
    """Computes and writes the standings of every input; a file that fails is recorded and the batch goes on.

    ``request`` is how every file is ranked, as ``standings`` ranks one (:class:`~sonneborn.pipeline.Request`:
    a list or a profile, a committed draw of lots, …), parsed once where the options come in; ``tiebreaks``, a
    list such as ``"BH/C1,BH,SB"``, is the request of that list alone. Without either, each file's own list
    (TRF-26 record 202) is used, else the default of its kind. ``jobs`` is the number of worker processes of the
    local executor, at most :func:`available_cores` (the default). The ``dask`` executor sends the work to the
    scheduler at ``scheduler``; its workers must see the files at the same (absolute) paths. Raises
    :exc:`~sonneborn.errors.TiebreakError` for a list that cannot be parsed, before any file is read, and
    :exc:`~sonneborn.errors.OptionError` when every input is inside ``outdir`` (nothing would be done) or the dask
    executor cannot run (:func:`~sonneborn.cluster.check_executor`, :func:`~sonneborn.cluster.connect`).
    """
    began = time.perf_counter()
    if fmt not in FORMATS:
        raise ValueError(f"unknown output format {fmt!r} (expected one of {', '.join(FORMATS)})")
    check_executor(executor, scheduler)
    if tiebreaks is not None:
        if request is not None:
            raise ValueError("give a request or a list of tie-breaks, not both")
        request = Request.parse(tiebreaks=tiebreaks)
    request = request or Request()
    _import_engine()
    targets = _targets(inputs, outdir, FORMATS[fmt])
    if inputs and not targets:
        raise OptionError(_inside_output(outdir), option="output")
    pending: list[tuple[Path, Path]] = []
    skipped = 0
    for source, target in targets:
        if not force and _newer(target, source):
            skipped += 1
        else:
            pending.append((source, target))
    absolute = executor == "dask"
    jobs_list = [(str(source.absolute() if absolute else source), str(target.absolute())) for source, target in pending]
    errors: dict[str, Message] = {}
    said: dict[str, tuple[Message, ...]] = {}
    with _progress_bar(len(jobs_list), enabled=progress) as advance:

        def collect(outcomes: list[Outcome]) -> None:
            for source, error, lines in outcomes:
                if lines:
                    said[source] = lines
                if error is not None:
                    errors[source] = error
            advance(len(outcomes))

        cores = available_cores()
        workers = (jobs or cores) if executor == "dask" else min(jobs or cores, cores)
        chunks = _chunks(jobs_list, workers)
        if executor == "dask":
            assert scheduler is not None
            _run_dask(chunks, fmt, request, scheduler, collect)
        elif workers == 1 or len(chunks) <= 1:
            for chunk in chunks:
                collect(_run_chunk(chunk, fmt, request))
        else:
            _run_local(chunks, fmt, request, min(workers, len(chunks)), collect)
    failed = tuple(
        (source, errors[job[0]]) for (source, _), job in zip(pending, jobs_list, strict=True) if job[0] in errors
    )
    done = len(pending) - len(failed)
    warned = tuple(
        (source, said[job[0]]) for (source, _), job in zip(pending, jobs_list, strict=True) if job[0] in said
    )
    count = sum(len(lines) for _, lines in warned)
    return BatchSummary(done, skipped, failed, time.perf_counter() - began, count, warned)


def _inside_output(outdir: Path) -> str:
    """Why a batch whose every input is inside the output folder refuses, and what to give instead."""
    return (
        f"the output folder {str(outdir)!r} holds every input, and the files inside it are left out as the "
        f"outputs of an earlier run: nothing would be done (give a folder of its own, such as "
        f"{str(outdir / 'standings')!r})"
    )


def _targets(inputs: Sequence[Path], outdir: Path, suffix: str) -> list[tuple[Path, Path]]:
    """Each input with its output: its path below the inputs' common folder, with the output's extension.

    Inputs inside the output folder are left out (a second run over a folder must not read its own
    outputs). An input reached through a link is named after the file it links to (the event's own name),
    in the link's folder. Two inputs that would share an output keep their own extension too
    (``a.trf.json``), and two links to files of one name in one folder are named after the links.
    """
    out = outdir.absolute()
    kept = [path for path in inputs if not path.absolute().is_relative_to(out)]
    if not kept:
        return []
    base = Path(os.path.commonpath([path.absolute().parent for path in kept]))
    relative = [path.absolute().relative_to(base) for path in kept]
    named = [rel.with_name(Path(os.path.realpath(path)).name) for path, rel in zip(kept, relative, strict=True)]
    choices = [
        [name.with_suffix(suffix), name.with_name(name.name + suffix), rel.with_name(rel.name + suffix)]
        for name, rel in zip(named, relative, strict=True)
    ]
    chosen = [names[0] for names in choices]
    for level in (1, 2):  # the first name no other input's output shares
        counts = Counter(chosen)
        chosen = [names[level] if counts[now] > 1 else now for names, now in zip(choices, chosen, strict=True)]
    shared = next((name for name, count in Counter(chosen).items() if count > 1), None)
    if shared is not None:
        both: list[str | int | Message] = [str(path) for path, name in zip(kept, chosen, strict=True) if name == shared]
        message = Message.of(N_("{paths} would both be written here; rename one"), paths=Message.listed(both))
        raise OutputError(message, path=str(outdir / shared))
    return [(path, outdir / name) for path, name in zip(kept, chosen, strict=True)]


def _newer(target: Path, source: Path) -> bool:
    """Whether the output exists and was written after the input last changed."""
    try:
        return target.stat().st_mtime_ns > source.stat().st_mtime_ns
    except OSError:
        return False


def _chunks(jobs: list[Job], workers: int) -> list[list[Job]]:
    """The jobs in chunks of at most :data:`CHUNK`, small enough to keep every worker busy."""
    if not jobs:
        return []
    size = max(1, min(CHUNK, math.ceil(len(jobs) / (4 * workers))))
    return [jobs[index : index + size] for index in range(0, len(jobs), size)]


def _run_local(
    chunks: list[list[Job]], fmt: str, request: Request, workers: int, collect: Callable[[list[Outcome]], None]
) -> None:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[list[Outcome]], list[Job]] = {
            pool.submit(_run_chunk, chunk, fmt, request): chunk for chunk in chunks
        }
        for future in as_completed(futures):
            collect(_outcomes(future, futures[future]))


def _run_dask(
    chunks: list[list[Job]], fmt: str, request: Request, scheduler: str, collect: Callable[[list[Outcome]], None]
) -> None:
    with connect(scheduler) as client:
        from dask.distributed import as_completed as dask_completed

        futures = client.map(_run_chunk, chunks, fmt=fmt, request=request, pure=False)
        chunk_of = {future.key: chunk for future, chunk in zip(futures, chunks, strict=True)}
        for future in dask_completed(futures):  # type: ignore[no-untyped-call]
            collect(_outcomes(future, chunk_of[future.key]))


def _outcomes(future: Any, chunk: list[Job]) -> list[Outcome]:
    """A chunk's outcomes; when its worker died, every file of the chunk failed with the reason."""
    try:
        outcomes: list[Outcome] = future.result()
    except Exception as error:
        return [(source, _crashed(source, error), ()) for source, _ in chunk]
    return outcomes


def _run_chunk(chunk: Sequence[Job], fmt: str, request: Request) -> list[Outcome]:
    """Runs the jobs of a chunk in a worker, returning the warnings instead of printing them."""
    outcomes: list[Outcome] = []
    for source, target in chunk:
        error, warnings = _run_one(source, Path(target), fmt, request)
        outcomes.append((source, error, warnings))
    return outcomes


def _run_one(source: str, target: Path, fmt: str, request: Request) -> tuple[Message | None, tuple[Message, ...]]:
    """Reads, ranks, renders and writes one file: the error that stopped it (on one line, else ``None``)
    and its warnings, one line each, each naming the file."""
    from sonneborn.pipeline import read, standings

    warnings: tuple[Message, ...] = ()
    try:
        reading = read(source)
        warnings = tuple(_named(source, warning) for warning in reading.warnings)
        result = standings(reading, request)
        warnings += tuple(_named(source, warning) for warning in result.warnings)
        text = "".join(iter_json(result)) if fmt == "json" else render(result, fmt)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, text, force=True)  # an output older than its input is computed again
    except InputError as error:
        return Message.of(N_("{path}: {message}"), path=error.where, message=error.text), warnings
    except OutputError as error:
        return Message.of(
            N_("{path}: {message}"),
            path=source,
            message=Message.of(N_("{path}: {message}"), path=error.path, message=error.text),
        ), warnings
    except TiebreakError as error:
        return Message.of(N_("{path}: {message}"), path=source, message=error.text), warnings
    except OptionError as error:  # a team profile on an individual event, say: this file's, not the batch's
        option = Message.of(N_("--{option}: {message}"), option=error.option.replace("_", "-"), message=error.text)
        return Message.of(N_("{path}: {message}"), path=source, message=option), warnings
    except Exception as error:
        return _crashed(source, error), warnings
    return None, warnings


def _crashed(source: str, error: BaseException) -> Message:
    """A failure no message of the library words (a bug, a worker gone), on one line naming the file."""
    return Message(_one_line(f"{source}: {type(error).__name__}: {error}"))


def _named(source: str, warning: InputWarning) -> Message:
    """A warning that names its file (a ranking's warning, such as a dropped tie-break, does not)."""
    return Message.of(N_("{path}: {message}"), path=warning.where or source, message=warning.text)


def _import_engine() -> None:
    """Imports the engine (NumPy, the kernels) once here, so that forked workers find it loaded."""
    import sonneborn.pipeline
    import sonneborn.render.csv
    import sonneborn.render.json  # noqa: F401


def _one_line(message: str) -> str:
    return message.splitlines()[0] if message.strip() else message


@contextmanager
def _progress_bar(total: int, *, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error (files done, rate, time left) when asked for and on a terminal."""
    if not enabled or not total or not sys.stderr.isatty():
        yield lambda count: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:,.0f} files/s" if speed else "– files/s", style="progress.data.speed")

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("elapsed,"),
        TimeRemainingColumn(),
        TextColumn("left"),
    )
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task("standings", total=total)
        yield lambda count: bar.advance(task, count)
