"""Load test of ``sonneborn serve``: concurrent valid, large, costly and hostile requests against a local server.

Starts ``sonneborn serve`` on 127.0.0.1 and a free port, drives it for
``--seconds`` with ``--concurrency`` workers (at most ``--max-requests`` in all),
samples the memory of the server and its ranking workers every second, stops
it, and prints the figures: requests, answers by status class, 5xx, latency
percentiles, ``/healthz``'s as a separate process sees it, that of a 15-player table, and memory. The mix
holds the bundled crosstable, every TRF of ``tests/data/trf``, the held TRF, the PGN files, a
generated 2,000-player Swiss, garbage, a truncated TRF, names full of markup,
12 MB bodies, wrong content types and bad parameters, and the abuse of issue
13: huge cuts and points, a list of 100,000 codes, loose and repeated
parameters, lone surrogates, a thousand form fields, a page of another site,
a foreign ``Host``; besides, a few raw clients that never read their (large) answers, and others
that send their bodies too slowly. Issue 19 adds a crowd of connections (``--crowd``, 200) that send their
head a byte a second or nothing at all and come back whenever closed, and clients (``--costly``, one of each)
that loop small requests of high cost: a 29 kB crosstable with a hundred cut codes, 3,000 players tied as one
group (without games and after a round of draws: report, page and explanations), and 9,999 tied whose 8.5 MB
report is never read. Each case has the statuses it may get.

Exits 1 on any 5xx, connection error, unexpected status, internal error in the
server's log, ``/healthz`` p99 over 1 s, overall or over any 10 s of the run (asked every 0.1 s by a
process of its own, so that the load test's own work does not weigh on it), an unread answer the server did
not cut, or memory growth past the bound: the median memory of the last quarter of
the run against that of the first quarter after the warm-up (the first third
of the run, while the allocator grows to the mix's working size), and the
memory a few seconds after the last request against that before the first (``--max-after-mb``, 64 MB).

Command line::

    python loadtest/run.py                                  # 60 s, 16 workers: make loadtest
    python loadtest/run.py --seconds 5 --concurrency 4 --json figures.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import random
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SEED = ROOT / "src" / "sonneborn" / "data" / "wccc_1975_final.tsv"
GENERATOR = ROOT / "benchmarks" / "generate.py"
TWELVE_MB = 12 * 1024 * 1024
REQUEST_TIMEOUT = 60.0
"""A request unanswered after this many seconds counts as a connection error."""
START_TIMEOUT = 30.0
SEND_TIMEOUT = 10.0
"""The server's: how long an answer may wait for a client that does not read it."""
UNREAD_WAIT = SEND_TIMEOUT + 8.0
"""How long a client that never reads waits before it looks whether the server cut its answer."""
HEALTHZ_P99 = 1000.0
"""The most ``/healthz``'s p99 may be, in milliseconds."""
SETTLE = 8.0
"""Seconds after the last request before the memory is measured again."""

OK = frozenset({200})
UNREADABLE = frozenset({422})


@dataclass(frozen=True, slots=True)
class Case:
    """One kind of request of the mix, with the statuses it may get and its share of the traffic."""

    name: str
    method: str
    path: str
    expected: frozenset[int]
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    """What ``httpx.AsyncClient.request`` is given besides the method and URL."""
    stream: Callable[[], AsyncIterator[bytes]] | None = None
    """A body sent in chunks without ``Content-Length``, made anew for each request."""


@dataclass(frozen=True, slots=True)
class Record:
    """One request as it went: its case, the status (0 for a connection error) and how long it took."""

    case: str
    status: int
    seconds: float
    error: str = ""
    slow: bool = False
    """A raw client that is slow on purpose (a body that trickles, an answer never read): not in the latencies."""


@dataclass(frozen=True, slots=True)
class Abuse:
    """A raw client the HTTP library cannot play: it never reads its answer, or sends its body too slowly."""

    name: str
    expected: frozenset[int]
    run: Callable[[str, int], Any]
    """``run(host, port)``: a coroutine giving the status seen and what went wrong, if anything."""


def abuses(swiss: bytes) -> list[Abuse]:
    """The raw clients: each kind run over and over by its own task while the mix goes on."""
    return [
        Abuse("never reads its answer (Swiss report)", OK, lambda host, port: never_reads(host, port, swiss)),
        Abuse("body trickles in (10 B every 2 s)", frozenset({408}), trickles),
        Abuse("body stops half-way", frozenset({408}), stalls),
    ]


COSTLY = OK | UNREADABLE
"""What a costly request may get: its answer after its turn among the costly, or a refusal saying why."""


def costly_loops(crosstable: bytes, untied: bytes) -> list[Abuse]:
    """Clients that ask, one request after another, for small files of high cost (issue 19): a crosstable of
    110 players with a hundred cut codes; 3,000 players tied as one group, without a game yet and after a round
    of draws, as a report, the HTML page and every explanation (refused before their DE derivations were linear:
    a report of 235 MB, 2.6 MB now); and 9,999 tied, a report of 8.5 MB which the client never reads."""
    cuts = ",".join(f"{code}/C{cut}" for cut in range(1, 26) for code in ("BH", "SB", "FB", "ARO"))
    drawn = drawn_trf(3000)
    largest = untied_trf(9999)
    tied = [
        Abuse(
            f"costly: 3,000 tied, {what}, {len(body) // 1024} kB ({path})",
            COSTLY,
            lambda host, port, path=path, body=body: whole_request(host, port, path, body),
        )
        for what, body in (("no games", untied), ("a round drawn", drawn))
        for path in ("/api/report", "/api/standings?format=html", "/api/explain")
    ]
    return [
        Abuse(
            f"costly: {len(crosstable) // 1024} kB crosstable, 100 cut codes (report)",
            COSTLY,
            lambda host, port: whole_request(host, port, f"/api/report?tiebreaks={cuts}", crosstable),
        ),
        *tied,
        Abuse(
            "costly, never reads its answer: 9,999 tied (report)",
            COSTLY,
            lambda host, port: never_reads(host, port, largest),
        ),
    ]


async def whole_request(host: str, port: int, path: str, body: bytes) -> tuple[int, str]:
    """Posts a file as the raw body and reads the whole answer; its status."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode() + body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REQUEST_TIMEOUT)
        status = int(answer.split(b" ", 2)[1])
        length = int(re.search(rb"content-length: (\d+)", answer, re.IGNORECASE).group(1))  # type: ignore[union-attr]
        received = 0
        while received < length:
            chunk = await asyncio.wait_for(reader.read(1 << 20), REQUEST_TIMEOUT)
            if not chunk:
                return status, f"the answer ended after {received} of {length} bytes"
            received += len(chunk)
        return status, ""
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


SLOW_HEAD = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
"""The head a slow client sends a byte a second (it never ends)."""


async def crowd_member(host: str, port: int, slow: bool, deadline: float, counts: Counter[str]) -> None:
    """A connection that sends its head a byte a second (``slow``) or nothing at all, and comes back whenever the
    server closes it, until ``deadline`` (issue 19: such clients used to lock everyone out)."""
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(0.1)
            continue
        counts["connections"] += 1
        try:
            sent = 0
            while time.monotonic() < deadline:
                try:
                    if not await asyncio.wait_for(reader.read(4096), 1.0):
                        break  # closed by the server: come back
                except TimeoutError:
                    pass
                if slow and sent < len(SLOW_HEAD):
                    writer.write(SLOW_HEAD[sent : sent + 1])
                    sent += 1
        except OSError:
            pass
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def never_reads(host: str, port: int, body: bytes) -> tuple[int, str]:
    """Asks for a report of some 8–12 MB, reads its head, then nothing: the server must cut it (send timeout)."""
    reader, writer = await asyncio.open_connection(host, port, limit=4096)
    try:
        head = (
            f"POST /api/report HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        writer.write(head.encode() + body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REQUEST_TIMEOUT)
        status = int(answer.split(b" ", 2)[1])
        length = int(re.search(rb"content-length: (\d+)", answer, re.IGNORECASE).group(1))  # type: ignore[union-attr]
        await asyncio.sleep(UNREAD_WAIT)
        received = 0
        try:
            while chunk := await asyncio.wait_for(reader.read(1 << 20), REQUEST_TIMEOUT):
                received += len(chunk)
        except (ConnectionError, TimeoutError):
            pass
        cut = received < length or status != 200  # a refusal is short: nothing to cut
        return status, "" if cut else f"the server waited {UNREAD_WAIT:g} s and more for a reader"
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


async def trickles(host: str, port: int) -> tuple[int, str]:
    """Sends 10 bytes of a 1,000-byte body every 2 s: each part in time, the whole never (408 after 30 s)."""
    return await slow_body(host, port, pause=2.0, parts=1000)


async def stalls(host: str, port: int) -> tuple[int, str]:
    """Sends 10 bytes of a 1,000-byte body, then nothing (408 after 10 s)."""
    return await slow_body(host, port, pause=REQUEST_TIMEOUT, parts=1)


async def slow_body(host: str, port: int, *, pause: float, parts: int) -> tuple[int, str]:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        head = f"POST /api/standings HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: 1000\r\n\r\n"
        writer.write(head.encode())
        answer = asyncio.ensure_future(reader.read(65536))
        for _ in range(parts):
            writer.write(b"0123456789")
            await writer.drain()
            done, _ = await asyncio.wait([answer], timeout=pause)
            if done:
                break
        data = await asyncio.wait_for(answer, REQUEST_TIMEOUT)
        return (int(data.split(b" ", 2)[1]), "") if data else (0, "closed without an answer")
    except (ConnectionError, TimeoutError) as error:
        return 0, type(error).__name__
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


def upload(name: str, data: bytes, path: str = "/api/standings", **params: str) -> dict[str, Any]:
    """A multipart upload of a file, encoded once: the client's own work would weigh on the timings."""
    encoded = httpx.Request("POST", "http://localhost/", files={"file": (name, data)})
    body = encoded.read()
    options: dict[str, Any] = {"content": body, "headers": {"content-type": encoded.headers["content-type"]}}
    return {**options, "params": params} if params else options


def build_cases(large: Path) -> list[Case]:
    """The mix: service calls, real events, a large Swiss and hostile requests."""
    seed = SEED.read_bytes()
    cases = [
        Case("GET /healthz", "GET", "/healthz", OK, 8),
        Case("GET /api/tiebreaks", "GET", "/api/tiebreaks", OK, 4),
        Case("GET / (the page)", "GET", "/", OK, 2),
        Case("GET /static/app.js", "GET", "/static/app.js", OK, 2),
        Case("GET /openapi.json", "GET", "/openapi.json", OK, 1),
        Case("seed standings (multipart)", "POST", "/api/standings", OK, 8, upload(SEED.name, seed)),
        Case(
            "seed standings csv (raw body)",
            "POST",
            "/api/standings?format=csv&tiebreaks=SB,DE",
            OK,
            4,
            {"content": seed, "headers": {"content-type": "text/plain"}},
        ),
        Case(
            "seed standings html (JSON)",
            "POST",
            "/api/standings",
            OK,
            3,
            {"json": {"text": seed.decode(), "tiebreaks": ["SB", "WIN"], "format": "html"}},
        ),
        Case("seed explain start=1", "POST", "/api/explain?start=1", OK, 4, upload(SEED.name, seed)),
        Case("seed report", "POST", "/api/report", OK, 4, upload(SEED.name, seed)),
    ]
    events = sorted((DATA / "trf").glob("*.trf")) + sorted((DATA / "held").glob("*.trf"))
    events += sorted((DATA / "pgn").glob("*.pgn"))
    for path in events:
        data = path.read_bytes()
        # Team competitions are ranked by their teams too (issue 20).
        cases.append(Case(f"{path.name} standings", "POST", "/api/standings", OK, 2, upload(path.name, data)))
        cases.append(Case(f"{path.name} report", "POST", "/api/report", OK, 0.5, upload(path.name, data)))
    swiss = large.read_bytes()
    players = len(re.findall(rb"^001 ", swiss, flags=re.MULTILINE))
    cases += [
        Case(f"Swiss of {players:,} standings", "POST", "/api/standings", OK, 1, upload(large.name, swiss)),
        Case(
            f"Swiss of {players:,} standings html",
            "POST",
            "/api/standings?format=html",
            OK,
            0.5,
            upload(large.name, swiss),
        ),
    ]
    rng = random.Random(7)
    garbage = bytes(rng.getrandbits(8) for _ in range(4096))
    words = " ".join(rng.choice(["round", "7", "½", "Sloth", "==", "\t", "1-0", "\n"]) for _ in range(2000))
    trf = (DATA / "trf" / "icu_bunratty_major_2011.trf").read_bytes()
    markup = seed.replace(b"Sloth", b"<script>alert(1)</script>").replace(b"Nun", b"<img src=x onerror=alert(1)>")
    cases += [
        Case("garbage bytes", "POST", "/api/standings", UNREADABLE, 2, upload("garbage.bin", garbage)),
        Case("garbage text", "POST", "/api/report", UNREADABLE, 2, upload("garbage.txt", words.encode())),
        Case("truncated TRF", "POST", "/api/report", OK | UNREADABLE, 2, upload("cut.trf", trf[: len(trf) * 11 // 20])),
        Case(
            "names full of markup (html)",
            "POST",
            "/api/standings?format=html",
            OK,
            1,
            upload("<img src=x onerror=alert(1)>.tsv", markup),
        ),
        Case("path as file name", "POST", "/api/report", OK, 1, upload("../../etc/passwd", seed)),
        Case("12 MB multipart", "POST", "/api/standings", frozenset({413}), 0.3, upload("big.trf", b"0" * TWELVE_MB)),
        Case(
            "12 MB chunked",
            "POST",
            "/api/report",
            frozenset({413}),
            0.2,
            {"headers": {"content-type": "text/plain"}},
            stream=_twelve_megabytes,
        ),
        Case(
            "wrong content type",
            "POST",
            "/api/standings",
            frozenset({415}),
            2,
            {"content": seed, "headers": {"content-type": "application/xml"}},
        ),
        Case("unknown tie-break", "POST", "/api/standings?tiebreaks=SB,XX", UNREADABLE, 2, upload(SEED.name, seed)),
        Case("no such player", "POST", "/api/explain?start=99", UNREADABLE, 1, upload(SEED.name, seed)),
        Case(
            "JSON nested too deeply",
            "POST",
            "/api/report",
            UNREADABLE,
            1,
            {"content": b"[" * 50_000 + b"]" * 50_000, "headers": {"content-type": "application/json"}},
        ),
        Case("no such path", "GET", "/api/nothing", frozenset({404}), 1),
        Case("wrong method", "GET", "/api/standings", frozenset({405}), 1),
        Case("HEAD / (the page)", "HEAD", "/", OK, 1),
        Case(
            "redirect, another port in Host",
            "GET",
            "/api/tiebreaks/",
            frozenset({307}),
            0.5,
            {"headers": {"host": "localhost:1"}, "follow_redirects": False},
        ),
        Case(
            "a foreign Host (DNS rebinding)",
            "POST",
            "/api/report",
            frozenset({421}),
            0.5,
            {**upload(SEED.name, seed), "headers": {**upload(SEED.name, seed)["headers"], "host": "rebound.example"}},
        ),
    ]
    return cases + abusive_cases(seed, swiss)


def abusive_cases(seed: bytes, swiss: bytes) -> list[Case]:
    """Issue 13's inputs of a few bytes that used to take hours, gigabytes or a 500: each a quick 4xx now."""
    text = seed.decode()
    return [
        Case("huge cut BH/C999999999", "POST", "/api/report?tiebreaks=BH/C999999999", UNREADABLE, 1, upload("s", seed)),
        Case("huge median on a Swiss", "POST", "/api/standings", UNREADABLE, 0.5, upload("s.trf", swiss) | {
            "params": {"tiebreaks": "BH/M999999999,SB/M999999999"}
        }),
        Case("huge points 1e20000000", "POST", "/api/report", UNREADABLE, 1, {
            "json": {"text": text, "points": "1e20000000,0,0"}
        }),
        Case("100,000 codes (300 kB)", "POST", "/api/report", UNREADABLE, 0.5, {
            "json": {"text": text, "tiebreaks": ",".join(["SB"] * 100_000)}
        }),
        Case("contradictory BH/C1/C2/M3", "POST", "/api/report", UNREADABLE, 0.5, {
            "json": {"text": text, "tiebreaks": "BH/C1/C2/M3"}
        }),
        Case("loose lots: true", "POST", "/api/standings", UNREADABLE, 0.5, {"json": {"text": text, "lots": True}}),
        Case("repeated query parameter", "POST", "/api/standings?lots=1&lots=2", UNREADABLE, 0.5, upload("s", seed)),
        Case("lone surrogate in JSON", "POST", "/api/report", UNREADABLE, 0.5, {
            "content": b'{"text": "\\ud800", "filename": "\\udfff"}', "headers": {"content-type": "application/json"}
        }),
        Case("1,001 form fields", "POST", "/api/standings", UNREADABLE, 0.3, {
            "content": b"&".join(b"f%d=1" % i for i in range(1001)),
            "headers": {"content-type": "application/x-www-form-urlencoded"},
        }),
        Case("URL-encoded text over 1 MB", "POST", "/api/report", frozenset({413}), 0.2, {
            "content": b"text=" + b"x" * (1024 * 1024 + 1),
            "headers": {"content-type": "application/x-www-form-urlencoded"},
        }),
        Case("another site's page", "POST", "/api/report", frozenset({403}), 0.5, foreign(upload("s", seed))),
    ]


def foreign(options: dict[str, Any]) -> dict[str, Any]:
    """A request as a page of another site would send it through its visitor's browser."""
    return {**options, "headers": {**options.get("headers", {}), "origin": "http://evil.example"}}


async def _twelve_megabytes() -> AsyncIterator[bytes]:
    for _ in range(12):
        yield b"0" * (1024 * 1024)


def untied_trf(players: int) -> bytes:
    """A TRF of ``players`` entered and no game played yet: every one tied with every other (59 kB for 3,000)."""
    lines = ["012 No games yet", *(f"001 {start:4d}      Player {start}" for start in range(1, players + 1))]
    return ("\n".join(lines) + "\n").encode()


def drawn_trf(players: int) -> bytes:
    """A TRF after one round of draws (1 with 2, 3 with 4, …): one group tied on ½ with ``players``/2 games."""
    lines = ["012 One round of draws"]
    for start in range(1, players + 1):
        opponent, colour = (start + 1, "w") if start % 2 else (start - 1, "b")
        name = f"Player {start}"
        fields = f"{name:<33} {'':4} {'':3} {'':11} {'':10}  0.5 {'':4}"
        lines.append(f"001 {start:4d}      {fields}  {opponent:4d} {colour} =")
    return ("\n".join(lines) + "\n").encode()


def generate_crosstable(players: int, folder: Path) -> bytes:
    """A round robin of ``players`` as a crosstable (TSV): 110 players make 29 kB, slow to read and rank."""
    trf, target = folder / f"rr_{players}.trf", folder / f"rr_{players}.tsv"
    command = [sys.executable, str(GENERATOR), "roundrobin", "--players", str(players), "-o", str(trf)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    convert = [sys.executable, "-m", "sonneborn", "convert", str(trf), str(target)]
    subprocess.run(convert, check=True, capture_output=True, timeout=120, cwd=ROOT)
    return target.read_bytes()


def generate_swiss(players: int, folder: Path) -> Path:
    """A Swiss event of ``players`` × 11 rounds as TRF, written by the benchmarks' generator."""
    target = folder / f"swiss_{players}x11.trf"
    command = [sys.executable, str(GENERATOR), "swiss", "--players", str(players), "--rounds", "11", "-o", str(target)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    return target


class Server:
    """``sonneborn serve`` on 127.0.0.1 and a free port, in a process of its own; its log goes to a file."""

    def __init__(self, log: Path) -> None:
        self.log = log
        command = [sys.executable, "-m", "sonneborn", "serve", "--host", "127.0.0.1", "--port", "0"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with log.open("wb") as sink:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=sink, cwd=ROOT, env=env)
        self.url = self._address()

    def _address(self) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(left, 0))
            if not ready or self.process.poll() is not None:
                self.stop()
                raise SystemExit(f"loadtest: the server did not start:\n{self.log.read_text(errors='replace')}")
            line += os.read(self.process.stdout.fileno(), 1)
        url = line.decode().split(" on ", 1)[1].split()[0].rstrip("/")
        if urlsplit(url).hostname != "127.0.0.1":
            self.stop()
            raise SystemExit(f"loadtest: the server is not on 127.0.0.1: {url}")
        return url

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> None:
        """Stops the server as Ctrl+C would, or kills it after 15 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def errors(self) -> list[str]:
        """The lines of the server's log that tell of a bug: internal errors and tracebacks."""
        lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return [line for line in lines if "internal error" in line or line.startswith("Traceback")]


def resident_megabytes(pid: int) -> float | None:
    """The memory of a process and its descendants (the server and its ranking workers) in MB, or ``None``.

    Each process counts its proportional share (``Pss``, from ``/proc``), so that the pages the workers
    share with the process they were forked from are counted once; psutil's RSS where ``/proc`` is not there.
    """
    if Path(f"/proc/{pid}").exists():
        found = [_proportional(member) for member in _tree(pid)]
        known = [size for size in found if size is not None]
        return sum(known) / 1024 if known else None
    try:
        psutil: Any = importlib.import_module("psutil")
        process = psutil.Process(pid)
        members = [process, *process.children(recursive=True)]
        return float(sum(member.memory_info().rss for member in members)) / (1024 * 1024)
    except Exception:
        return None


def _tree(pid: int) -> list[int]:
    """A process and its descendants, from the parents ``/proc/*/stat`` gives."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        member = todo.pop()
        found.append(member)
        todo += children.get(member, [])
    return found


def _proportional(pid: int) -> int | None:
    """A process's proportional set size in kB (its resident size where the kernel gives no ``Pss``)."""
    for name, key in ((f"/proc/{pid}/smaps_rollup", "Pss:"), (f"/proc/{pid}/status", "VmRSS:")):
        try:
            for line in Path(name).read_text().splitlines():
                if line.startswith(key):
                    return int(line.split()[1])
        except OSError:
            continue
    return None


async def sample_memory(pid: int, samples: list[tuple[float, float]], began: float, stop: asyncio.Event) -> None:
    while not stop.is_set():
        # Read in a thread: walking /proc takes a tenth of a second, which the requests' timings would bear.
        rss = await asyncio.to_thread(resident_megabytes, pid)
        if rss is not None:
            samples.append((time.monotonic() - began, rss))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1.0)


PROBE_INTERVAL = 0.1
"""Seconds between two questions of the ``/healthz`` probe."""


def probe(url: str, seconds: float) -> list[float | None]:
    """Asks ``/healthz`` every :data:`PROBE_INTERVAL` on a new connection, as a monitor would, for ``seconds``:
    each answer's time in milliseconds, ``None`` for a question not answered 200 within 10 s."""
    import http.client

    parts = urlsplit(url)
    found: list[float | None] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=10)
        try:
            connection.request("GET", "/healthz")
            answer = connection.getresponse()
            answer.read()
            found.append((time.perf_counter() - start) * 1000 if answer.status == 200 else None)
        except OSError:
            found.append(None)
        finally:
            connection.close()
        time.sleep(max(0.0, PROBE_INTERVAL - (time.perf_counter() - start)))
    return found


async def drive(
    url: str,
    cases: Sequence[Case],
    *,
    seconds: float,
    concurrency: int,
    max_requests: int,
    seed: int,
    pid: int,
    raw: Sequence[Abuse] = (),
    probed: list[float | None] | None = None,
    crowd: int = 0,
    crowd_counts: Counter[str] | None = None,
) -> tuple[list[Record], list[tuple[float, float]], float]:
    """Runs the workers, the raw clients, a crowd of slow and silent connections (half of each), the memory
    sampler and the ``/healthz`` probe (its answers' times go to ``probed``); the records, the memory samples and
    the time taken."""
    rng = random.Random(seed)
    weights = [case.weight for case in cases]
    records: list[Record] = []
    samples: list[tuple[float, float]] = []
    issued = 0
    began = time.monotonic()
    deadline = began + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async with httpx.AsyncClient(base_url=url, timeout=REQUEST_TIMEOUT, limits=limits) as client:

        async def worker() -> None:
            nonlocal issued
            while time.monotonic() < deadline and issued < max_requests:
                issued += 1
                case = rng.choices(cases, weights)[0]
                options = dict(case.options)
                if case.stream is not None:
                    options["content"] = case.stream()
                start = time.perf_counter()
                try:
                    response = await client.request(case.method, case.path, **options)
                    records.append(Record(case.name, response.status_code, time.perf_counter() - start))
                except httpx.HTTPError as error:
                    records.append(Record(case.name, 0, time.perf_counter() - start, f"{type(error).__name__}"))

        async def abuser(abuse: Abuse) -> None:
            parts = urlsplit(url)
            host, port = parts.hostname or "127.0.0.1", parts.port or 80
            while time.monotonic() < deadline:
                start = time.perf_counter()
                try:
                    status, error = await abuse.run(host, port)
                except (OSError, asyncio.IncompleteReadError) as failure:
                    status, error = 0, type(failure).__name__
                records.append(Record(abuse.name, status, time.perf_counter() - start, error, slow=True))

        stop = asyncio.Event()
        sampler = asyncio.create_task(sample_memory(pid, samples, began, stop))
        prober = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--probe", url, "--seconds", str(seconds), stdout=asyncio.subprocess.PIPE
        )
        parts = urlsplit(url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        counts = crowd_counts if crowd_counts is not None else Counter()
        members = [crowd_member(host, port, index % 2 == 0, deadline, counts) for index in range(crowd)]
        await asyncio.gather(
            *(worker() for _ in range(concurrency)), *(abuser(abuse) for abuse in raw), *members
        )
        ended = time.monotonic()
        output, _ = await prober.communicate()
        if probed is not None:
            probed += json.loads(output) if prober.returncode == 0 else [None]
        await asyncio.sleep(SETTLE)  # the memory after the run: the last sample, once the server is idle
        stop.set()
        await sampler
    return records, samples, ended - began


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of some values (``share`` from 0 to 1).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def memory_figures(
    samples: Sequence[tuple[float, float]], warm_up: float, elapsed: float
) -> dict[str, float] | None:
    """Memory after the warm-up: the medians of the first, middle and last quarters, the peak and the growth;
    and the memory before the first request and once the server is idle again after the last."""
    during = [rss for t, rss in samples if warm_up <= t <= elapsed]
    if len(during) < 8:
        return None
    quarter = len(during) // 4
    start = statistics.median(during[:quarter])
    middle = statistics.median(during[len(during) // 2 - quarter // 2 : len(during) // 2 + quarter - quarter // 2])
    end = statistics.median(during[-quarter:])
    before, after = samples[0][1], samples[-1][1]
    return {
        "start_mb": start,
        "middle_mb": middle,
        "end_mb": end,
        "peak_mb": max(rss for _, rss in samples),
        "growth_mb": end - start,
        "growth_percent": 100 * (end - start) / start,
        "before_mb": before,
        "after_mb": after,
        "after_growth_mb": after - before,
    }


def figures(
    records: Sequence[Record],
    samples: Sequence[tuple[float, float]],
    cases: Sequence[Case],
    *,
    elapsed: float,
    warm_up: float,
    raw: Sequence[Abuse] = (),
    probed: Sequence[float | None] = (),
) -> dict[str, Any]:
    """Everything the run measured, as plain data."""
    kinds: list[Case | Abuse] = [*cases, *raw]
    expected = {case.name: case.expected for case in kinds}
    classes = Counter(f"{r.status // 100}xx" if r.status else "error" for r in records)
    latencies = [r.seconds * 1000 for r in records if r.status and not r.slow]
    healthz = [r.seconds * 1000 for r in records if r.status and r.case == "GET /healthz"]
    unexpected = Counter(f"{r.case}: {r.status}" for r in records if r.status and r.status not in expected[r.case])
    by_case = {}
    for case in kinds:
        mine = [r for r in records if r.case == case.name]
        if mine:
            times = [r.seconds * 1000 for r in mine]
            by_case[case.name] = {
                "requests": len(mine),
                "statuses": dict(sorted(Counter(str(r.status) for r in mine).items())),
                "p50_ms": percentile(times, 0.5),
                "p99_ms": percentile(times, 0.99),
            }
    return {
        "requests": len(records),
        "seconds": elapsed,
        "per_second": len(records) / elapsed if elapsed else 0.0,
        "classes": dict(sorted(classes.items())),
        "server_errors": sum(1 for r in records if r.status >= 500),
        "connection_errors": dict(Counter(f"{r.case}: {r.error}" for r in records if not r.status)),
        "unexpected": dict(unexpected),
        "abuse_failures": dict(Counter(f"{r.case}: {r.error}" for r in records if r.status and r.error)),
        "healthz_ms": {
            "p50": percentile(healthz, 0.5) if healthz else None,
            "p99": percentile(healthz, 0.99) if healthz else None,
            "max": max(healthz) if healthz else None,
        },
        "probe_ms": {
            "questions": len(probed),
            "unanswered": sum(1 for t in probed if t is None),
            "p50": percentile(answered, 0.5) if (answered := [t for t in probed if t is not None]) else None,
            "p99": percentile(answered, 0.99) if answered else None,
            "max": max(answered) if answered else None,
            "worst_window_p99": worst_window(probed),
        },
        "small_table_ms": {
            "p50": percentile(table, 0.5) if (table := by_name(records, SMALL_TABLE)) else None,
            "p99": percentile(table, 0.99) if table else None,
        },
        "latency_ms": {
            "p50": percentile(latencies, 0.5) if latencies else None,
            "p90": percentile(latencies, 0.9) if latencies else None,
            "p99": percentile(latencies, 0.99) if latencies else None,
            "max": max(latencies) if latencies else None,
        },
        "memory": memory_figures(samples, warm_up, elapsed),
        "memory_samples": [(round(t, 1), round(rss, 1)) for t, rss in samples],
        "by_case": by_case,
    }


SMALL_TABLE = "seed standings (multipart)"
"""The case whose latency tells whether a 15-player table is answered at once while costly requests queue."""
WINDOW = 10.0
"""Seconds of the probe's answers whose p99 is judged on its own: /healthz must stay quick throughout."""


def by_name(records: Sequence[Record], name: str) -> list[float]:
    """The milliseconds of the answered requests of one case."""
    return [r.seconds * 1000 for r in records if r.case == name and r.status]


def worst_window(probed: Sequence[float | None]) -> float | None:
    """The highest p99 of the probe's answers over windows of :data:`WINDOW` seconds (an unanswered question
    counts as 10 s).

    >>> worst_window([1.0] * 150 + [900.0, 800.0] + [1.0] * 48)
    800.0
    """
    size = max(1, int(WINDOW / PROBE_INTERVAL))
    windows = [
        [10_000.0 if t is None else t for t in probed[start : start + size]] for start in range(0, len(probed), size)
    ]
    return max((percentile(window, 0.99) for window in windows if window), default=None)


def verdict(
    found: dict[str, Any],
    *,
    max_growth_mb: float,
    max_growth_percent: float,
    max_healthz_ms: float = HEALTHZ_P99,
    max_after_mb: float = 64.0,
) -> list[str]:
    """What went wrong, if anything: each failure in words."""
    failures = []
    if found["server_errors"]:
        failures.append(f"{found['server_errors']} answers were 5xx")
    if found["connection_errors"]:
        failures.append(f"{sum(found['connection_errors'].values())} requests got no answer")
    if found["unexpected"]:
        failures.append(f"{sum(found['unexpected'].values())} answers had an unexpected status")
    if found["log_errors"]:
        failures.append(f"the server logged {len(found['log_errors'])} internal errors")
    if found["abuse_failures"]:
        failures.append(f"{sum(found['abuse_failures'].values())} abusive clients were not cut")
    probe = found["probe_ms"]
    if probe["unanswered"]:
        failures.append(f"{probe['unanswered']} of the probe's /healthz questions got no 200")
    if probe["p99"] is not None and probe["p99"] > max_healthz_ms:
        failures.append(f"/healthz p99 was {probe['p99']:,.0f} ms, past {max_healthz_ms:,.0f} ms")
    worst = probe.get("worst_window_p99")
    if worst is not None and worst > max_healthz_ms:
        failures.append(f"/healthz p99 over {WINDOW:g} s was {worst:,.0f} ms at worst, past {max_healthz_ms:,.0f} ms")
    memory = found["memory"]
    if memory is not None and (memory["growth_mb"] > max_growth_mb or memory["growth_percent"] > max_growth_percent):
        failures.append(
            f"memory grew by {memory['growth_mb']:.1f} MB ({memory['growth_percent']:.1f} %), "
            f"past {max_growth_mb:g} MB or {max_growth_percent:g} %"
        )
    if memory is not None and memory["after_growth_mb"] > max_after_mb:
        failures.append(
            f"memory {SETTLE:g} s after the run was {memory['after_growth_mb']:.1f} MB above that before it, "
            f"past {max_after_mb:g} MB"
        )
    return failures


def report(found: dict[str, Any], failures: Sequence[str]) -> str:
    """The figures as a table."""
    latency = found["latency_ms"]
    classes = found["classes"]
    lines = [
        f"requests            {found['requests']:,} in {found['seconds']:.1f} s ({found['per_second']:.0f}/s)",
        "  by status class   " + ", ".join(f"{name} {count:,}" for name, count in classes.items()),
        f"  5xx               {found['server_errors']}",
        f"  connection errors {sum(found['connection_errors'].values())}",
        f"  unexpected status {sum(found['unexpected'].values())}",
    ]
    lines.append(f"  abusers not cut   {sum(found['abuse_failures'].values())}")
    if latency["p50"] is not None:
        lines.append(
            f"latency (ms)        p50 {latency['p50']:,.1f}  p90 {latency['p90']:,.1f}  "
            f"p99 {latency['p99']:,.1f}  max {latency['max']:,.1f}  (the slow raw clients aside)"
        )
    probe = found["probe_ms"]
    if probe["p50"] is not None:
        lines.append(
            f"/healthz (ms)       p50 {probe['p50']:,.1f}  p99 {probe['p99']:,.1f}  max {probe['max']:,.1f}  "
            f"worst {WINDOW:g}-s p99 {probe['worst_window_p99']:,.1f}  "
            f"({probe['questions']:,} asked by a probe of its own, {probe['unanswered']} unanswered)"
        )
    table = found["small_table_ms"]
    if table["p50"] is not None:
        lines.append(f"15-player table (ms) p50 {table['p50']:,.1f}  p99 {table['p99']:,.1f}  (costly requests queue)")
    crowd = found.get("crowd")
    if crowd and crowd["members"]:
        lines.append(
            f"crowd               {crowd['members']} slow and silent clients made {crowd.get('connections', 0):,} "
            f"connections ({crowd.get('refused', 0)} refused)"
        )
    memory = found["memory"]
    if memory is None:
        lines.append("memory (PSS, MB)    too short a run to judge")
    else:
        lines.append(
            f"memory (PSS, MB)    start {memory['start_mb']:.1f}  middle {memory['middle_mb']:.1f}  "
            f"end {memory['end_mb']:.1f}  peak {memory['peak_mb']:.1f}  "
            f"growth {memory['growth_mb']:+.1f} MB ({memory['growth_percent']:+.1f} %)"
        )
        lines.append(
            f"  before and after  {memory['before_mb']:.1f} before the first request, {memory['after_mb']:.1f} "
            f"{SETTLE:g} s after the last ({memory['after_growth_mb']:+.1f} MB); server and workers"
        )
    lines += ["", f"{'by case':<48} {'requests':>8}  {'p50 ms':>9} {'p99 ms':>9}  statuses"]
    for name, case in found["by_case"].items():
        statuses = " ".join(f"{status}×{count}" for status, count in case["statuses"].items())
        lines.append(
            f"  {name:<46} {case['requests']:>8,}  {case['p50_ms']:>9,.1f} {case['p99_ms']:>9,.1f}  {statuses}"
        )
    for name, count in {**found["connection_errors"], **found["unexpected"], **found["abuse_failures"]}.items():
        lines.append(f"  ! {name} ×{count}")
    for line in found["log_errors"][:10]:
        lines.append(f"  ! server log: {line}")
    lines += ["", "verdict: " + ("ok" if not failures else "FAILED: " + "; ".join(failures))]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load test of sonneborn serve, on 127.0.0.1 only.")
    parser.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)  # the /healthz probe's own process
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to send requests (default 60)")
    parser.add_argument("--concurrency", type=int, default=16, help="requests in flight at once (default 16)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="stop after this many (default 200,000)")
    parser.add_argument("--large-players", type=int, default=2000, help="players of the large Swiss (default 2,000)")
    parser.add_argument("--max-growth-mb", type=float, default=200.0, help="memory growth allowed (default 200 MB)")
    parser.add_argument("--max-growth-percent", type=float, default=50.0, help="growth allowed (default 50 %%)")
    parser.add_argument(
        "--max-after-mb", type=float, default=64.0, help="memory after the run past that before it (default 64 MB)"
    )
    parser.add_argument(
        "--abusers", type=int, default=2, help="raw clients of each kind: never reading, slow bodies (default 2)"
    )
    parser.add_argument(
        "--costly", type=int, default=1, help="clients looping each kind of small costly request (default 1)"
    )
    parser.add_argument(
        "--crowd", type=int, default=200, help="connections sending a head a byte a second, or nothing (default 200)"
    )
    parser.add_argument(
        "--max-healthz-ms", type=float, default=HEALTHZ_P99, help="the p99 of /healthz allowed (default 1,000 ms)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the mix (default 1)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file as JSON")
    parser.add_argument("--server-log", type=Path, help="keep the server's log (its standard error) in this file")
    args = parser.parse_args(argv)
    if args.probe:
        print(json.dumps(probe(args.probe, args.seconds)))
        return 0
    warm_up = args.seconds / 3

    with tempfile.TemporaryDirectory(prefix="sonneborn-loadtest-") as folder:
        large = generate_swiss(args.large_players, Path(folder))
        cases = build_cases(large)
        untied = untied_trf(3000)
        raw = [abuse for abuse in abuses(large.read_bytes()) for _ in range(args.abusers)]
        if args.costly:
            crosstable = generate_crosstable(110, Path(folder))
            raw += [loop for loop in costly_loops(crosstable, untied) for _ in range(args.costly)]
        server = Server(Path(folder) / "server.log")
        probed: list[float | None] = []
        crowd: Counter[str] = Counter()
        try:
            print(
                f"sonneborn load test: {args.seconds:g} s, {args.concurrency} workers, {len(raw)} raw clients and a "
                f"crowd of {args.crowd}, {len(cases)} kinds of request, server {server.url}/ (pid {server.pid})",
                flush=True,
            )
            records, samples, elapsed = asyncio.run(
                drive(
                    server.url,
                    cases,
                    seconds=args.seconds,
                    concurrency=args.concurrency,
                    max_requests=args.max_requests,
                    seed=args.seed,
                    pid=server.pid,
                    raw=raw,
                    probed=probed,
                    crowd=args.crowd,
                    crowd_counts=crowd,
                )
            )
        except KeyboardInterrupt:
            print("loadtest: interrupted", file=sys.stderr)
            return 130
        finally:
            server.stop()
        found = figures(records, samples, cases, elapsed=elapsed, warm_up=warm_up, raw=raw, probed=probed)
        found["crowd"] = {"members": args.crowd, **crowd}
        found["log_errors"] = server.errors()
        if args.server_log is not None:
            args.server_log.write_bytes(server.log.read_bytes())
    failures = verdict(
        found,
        max_growth_mb=args.max_growth_mb,
        max_growth_percent=args.max_growth_percent,
        max_healthz_ms=args.max_healthz_ms,
        max_after_mb=args.max_after_mb,
    )
    found["failures"] = failures
    if args.json is not None:
        args.json.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(report(found, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
