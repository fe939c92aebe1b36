"""Issue 13: rankings run in worker processes, each within its time and memory, and nothing holds the server.

A ranking over its budget is cut (its worker killed and replaced), heavy
uploads cannot take every worker, a worker that grew is replaced, one out of
memory answers 422, a full house answers 503, and the server's own process
never parses nor decodes a body. Budgets are shortened to a fraction of what
the events need, and every wait allows for a loaded machine.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from conftest import make_client, round_robin_crosstable, running, swiss_trf

from sonneborn.demo import seed_text
from sonneborn.web import create_app
from sonneborn.web.inputs import Body
from sonneborn.web.limits import MAX_BODY
from sonneborn.web.work import Job, answer
from sonneborn.web.workers import HEAVY, RECYCLE_GROWTH, Died, Workers, budget

PATIENCE = 30.0
"""How long a test waits for what takes a second or two on an idle machine."""
QUICK = 5.0
"""How long the server may take to answer a light request while heavy ones are ranked (ms when idle)."""

SEED = seed_text().encode()


@pytest.fixture(scope="module")
def big() -> bytes:
    """A Swiss event of 6,000 players (1.2 MB of TRF): its report takes about a second to make."""
    text = swiss_trf(6000).encode()
    assert len(text) > HEAVY
    return text


@pytest.fixture(scope="module")
def bigger() -> bytes:
    """A Swiss event of 15,000 players (3.2 MB of TRF): its report takes longer than a 3 s budget allows here,
    and seconds on any machine, so that a worker is surely busy with it for a while."""
    return swiss_trf(15_000).encode()


def post(url: str, data: bytes, path: str = "/api/report", name: str = "event.trf") -> httpx.Response:
    return httpx.post(url + path, files={"file": (name, data)}, timeout=PATIENCE * 2)


def healthz_latency(url: str) -> float:
    began = time.monotonic()
    assert httpx.get(url + "/healthz", timeout=PATIENCE).status_code == 200
    return time.monotonic() - began


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(5) as executor:
        yield executor


def test_the_budget_grows_with_the_file() -> None:
    assert budget(0) == 10.0
    assert budget(10 * 1024 * 1024) == 40.0


def test_issue13_a_ranking_over_its_budget_is_cut_and_the_server_serves_on(pool: ThreadPoolExecutor) -> None:
    # A crosstable of 400 players asks for little work, but its reading alone (some 2 s) is four times the budget.
    slow = round_robin_crosstable(400).encode()
    with running(create_app(workers=2, seconds=0.5)) as url:
        began = time.monotonic()
        cut = pool.submit(post, url, slow, "/api/standings")
        time.sleep(0.3)
        # While the worker ranks, the server's own process answers at once.
        assert max(healthz_latency(url) for _ in range(5)) < QUICK
        response = cut.result(timeout=PATIENCE)
        assert response.status_code == 422, response.text
        error = response.json()["error"]
        assert error["message"].startswith("the event took longer than the 0.5 s the server gives")
        assert error["path"] == "event.trf"
        assert time.monotonic() - began < PATIENCE
        # The killed worker was replaced: the next request is ranked.
        response = post(url, SEED, "/api/standings?tiebreaks=SB", "seed.tsv")
        assert response.status_code == 200, response.text
        assert response.json()["standings"][0]["name"] == "Sloth"


def test_issue13_heavy_uploads_cannot_take_every_worker(big: bytes, pool: ThreadPoolExecutor) -> None:
    with running(create_app(workers=2, seconds=4)) as url:
        heavy: list[Future[httpx.Response]] = [pool.submit(post, url, big) for _ in range(3)]
        time.sleep(0.5)
        began = time.monotonic()
        response = post(url, SEED, "/api/standings?tiebreaks=SB", "seed.tsv")
        assert response.status_code == 200, response.text
        assert time.monotonic() - began < QUICK, "a small request waited for the heavy ones"
        for future in heavy:
            assert future.result(timeout=PATIENCE).status_code in {200, 422}


def test_issue13_a_full_house_answers_503_with_retry_after(bigger: bytes, pool: ThreadPoolExecutor) -> None:
    with running(create_app(workers=Workers(1, queue_timeout=0.3), seconds=3)) as url:
        busy = pool.submit(post, url, bigger)
        time.sleep(0.5)
        response = post(url, SEED, "/api/standings", "seed.tsv")
        assert response.status_code == 503, response.text
        assert response.headers["retry-after"] == "5"
        assert "busy" in response.json()["error"]["message"]
        assert busy.result(timeout=PATIENCE).status_code in {200, 422}


def run_jobs(workers: Workers, *jobs: Job, seconds: float = PATIENCE) -> list[tuple[int, bytes]]:
    async def main() -> list[tuple[int, bytes]]:
        found = []
        for job in jobs:
            result = await workers.run(job, seconds=seconds)
            body = result.body()
            result.drop()
            found.append((result.status, body))
        return found

    return asyncio.run(main())


def resident(pid: int) -> int:
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return pages * 4096


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")
def test_issue13_a_worker_that_grew_is_replaced_and_memory_returns(big: bytes) -> None:
    workers = Workers(1)
    try:
        seed = Job("standings", {}, Body("bytes", SEED))
        [(status, _)] = run_jobs(workers, seed)
        assert status == 200
        [first] = workers.pids
        baseline = resident(first)
        [(status, answer)] = run_jobs(workers, Job("report", {}, Body("bytes", big)))
        assert status == 200, answer[:300]
        assert len(answer) > 20_000_000
        assert workers.pids == [], "the worker that grew by the report's size ended"
        assert workers.held == 0, "the answer's memory was given back"
        run_jobs(workers, seed)
        [second] = workers.pids
        assert second != first
        assert resident(second) < baseline + RECYCLE_GROWTH
    finally:
        workers.close()


def test_issue13_a_ranking_out_of_memory_is_refused_and_its_worker_replaced(big: bytes) -> None:
    workers = Workers(1, memory_limit=48 * 1024 * 1024)
    try:
        report, seed = Job("report", {}, Body("bytes", big)), Job("standings", {}, Body("bytes", SEED))
        try:
            [(status, answer)] = run_jobs(workers, report)
            message = json.loads(answer)["error"]["message"]
        except Died as died:
            # The limit may end the worker before it answers itself: its end is read as the same refusal, which the
            # app answers as it answers the worker's own (a 422 with this message).
            status, message = died.status, died.message
        assert status == 422, message[:300]
        assert "more memory" in message
        [(after, _)] = run_jobs(workers, seed)
        assert after == 200
    finally:
        workers.close()


def test_issue13_the_servers_process_never_parses_nor_decodes_a_body(monkeypatch: pytest.MonkeyPatch) -> None:
    # Both happen in the worker, off the server's event loop: broken here, they are not even called.
    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("called in the server's process")

    monkeypatch.setattr("sonneborn.web.inputs.decode", broken)
    monkeypatch.setattr("sonneborn.web.inputs.json.loads", broken)
    with make_client() as client:
        response = client.post("/api/standings?tiebreaks=SB", json={"text": seed_text()})
        assert response.status_code == 200, response.text
        response = client.post("/api/standings?tiebreaks=SB", files={"file": ("seed.tsv", SEED)})
        assert response.status_code == 200, response.text


def test_issue13_answers_are_sent_in_chunks_and_given_back(big: bytes) -> None:
    workers = Workers(1)
    app = create_app(workers=workers)
    try:
        with running(app) as url, httpx.stream("POST", url + "/api/report", files={"file": ("e.trf", big)}) as answer:
            assert answer.status_code == 200
            length = int(answer.headers["content-length"])
            sizes = [len(chunk) for chunk in answer.iter_raw()]
        assert sum(sizes) == length > 20_000_000
        deadline = time.monotonic() + PATIENCE
        while workers.held and time.monotonic() < deadline:
            time.sleep(0.05)
        assert workers.held == 0
    finally:
        workers.close()


def test_workers_end_with_their_app() -> None:
    workers = Workers(2)
    with make_client(workers=workers) as client:
        assert client.post("/api/standings", files={"file": ("seed.tsv", SEED)}).status_code == 200
        pids = workers.pids
        assert pids
    deadline = time.monotonic() + PATIENCE
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in pids):
        assert time.monotonic() < deadline, "the workers outlived their app"
        time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0].lower()
    except (OSError, IndexError):
        return "zombie"


def test_a_worker_killed_while_idle_is_replaced_for_the_next_request() -> None:
    workers = Workers(1)
    try:
        seed = Job("standings", {}, Body("bytes", SEED))
        run_jobs(workers, seed)
        [pid] = workers.pids
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        [(status, _)] = run_jobs(workers, seed)
        assert status == 200
        assert workers.pids != [pid]
    finally:
        workers.close()


def test_issue13_a_worker_that_grew_ends_when_the_requests_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sonneborn.web.workers.IDLE_TIME", 0.5)
    workers = Workers(2)
    small = Job("standings", {}, Body("bytes", SEED))
    swiss = Job("report", {}, Body("bytes", swiss_trf(600).encode()))  # cheap: a costly one's worker ends after it

    async def main() -> tuple[list[int], list[int], list[int]]:
        await workers.run(small, seconds=PATIENCE)
        fresh = workers.pids
        (await workers.run(swiss, seconds=PATIENCE)).drop()
        busy = workers.pids
        await asyncio.sleep(3)
        return fresh, busy, workers.pids

    try:
        fresh, busy, rested = asyncio.run(main())
        assert busy == fresh, "the same worker took both requests"
        assert rested == [], "the worker that grew by the report ended once idle"
    finally:
        workers.close()


def test_issue13_a_request_its_client_left_frees_its_worker_at_once() -> None:
    # The page aborts a request it no longer needs: the ranking stops with it. The event is as big as the
    # server takes (under 10 MB), so that its ranking (some 8 s here) outlasts QUICK by far.
    heavy = swiss_trf(45_000).encode()
    assert len(heavy) < MAX_BODY
    with running(create_app(workers=Workers(1), seconds=120)) as url:
        parts = url.split(":")
        with socket.create_connection((parts[1].strip("/"), int(parts[2]))) as sock:
            head = f"POST /api/report HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {len(heavy)}"
            sock.sendall(head.encode() + b"\r\n\r\n" + heavy)
            time.sleep(1.0)
        began = time.monotonic()
        response = post(url, SEED, "/api/standings?tiebreaks=SB", "seed.tsv")
        assert response.status_code == 200, response.text
        assert time.monotonic() - began < QUICK, "the only worker went on ranking for a client that had left"


def kill_when_grown(pid: int, megabytes: int, sig: signal.Signals) -> None:
    """Sends ``sig`` to a worker once its resident memory has grown by ``megabytes`` since now."""
    start = resident(pid)
    deadline = time.monotonic() + PATIENCE
    while resident(pid) - start < megabytes << 20:
        assert time.monotonic() < deadline, "the worker never grew that much"
        time.sleep(0.01)
    os.kill(pid, sig)


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("sig", "megabytes", "status", "fragment"),
    [
        (signal.SIGSEGV, 96, 422, "needs more memory"),  # a native allocator failing past the limit
        (signal.SIGKILL, 8, 503, "was killed before it answered"),  # the system's OOM killer, or someone
        (signal.SIGSEGV, 8, 500, "a bug in sonneborn"),  # a crash far from any limit
    ],
    ids=["crashed near its memory limit", "killed", "crashed"],
)
def test_issue19_a_worker_that_dies_on_its_job_answers_for_it_once(
    big: bytes, sig: signal.Signals, megabytes: int, status: int, fragment: str, caplog: pytest.LogCaptureFixture
) -> None:
    # A quarter of the limit grown (64 MB) tells a death from the limit from a crash; the same job never goes to
    # a second worker, which would crash again.
    workers = Workers(1, memory_limit=256 * 1024 * 1024)

    async def main() -> Died:
        await workers.start(1)
        [pid] = workers.pids
        job = asyncio.ensure_future(workers.run(Job("report", {}, Body("bytes", big)), seconds=PATIENCE))
        await asyncio.to_thread(kill_when_grown, pid, megabytes, sig)
        with pytest.raises(Died) as died:
            await job
        return died.value

    try:
        died = asyncio.run(main())
        assert (died.status, fragment in died.message) == (status, True), died.reason
        assert workers.pids == [], "no other worker took the job"
        assert signal.Signals(sig).name in caplog.text
        if status == 500:
            assert any(record.levelname == "ERROR" for record in caplog.records)
    finally:
        workers.close()


def test_issue19_a_huge_tie_group_is_answered_and_the_bounds_still_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    # Players without a game yet tie as one group. A member's DE derivation once named every other member: 3,000
    # were refused (a report of 235 MB). It now says the group in a few words, so that they are answered, in a few
    # MB. The bounds still work: the size of an answer is known from its texts before orjson (which crashes where
    # memory runs out) encodes it, and the DE derivations are measured before any is written.
    text = "012 No games yet\n" + "".join(f"001 {start:4d}      P{start:<6}\n" for start in range(1, 301))
    monkeypatch.setattr("sonneborn.web.work.MAX_ANSWER", 64 * 1024)
    found = answer(Job("report", {"tiebreaks": "DE,DE/P,DE"}, Body("text", text=text)))
    assert found.status == 422
    assert "the answer would be" in json.loads(found.body)["error"]["message"]
    monkeypatch.undo()
    text3000 = "012 No games yet\n" + "".join(f"001 {start:4d}      P{start:<6}\n" for start in range(1, 3001))
    for endpoint, query in (("report", {}), ("standings", {"format": "html"}), ("explain", {})):
        found = answer(Job(endpoint, query, Body("text", text=text3000)))  # type: ignore[arg-type]
        assert found.status == 200, endpoint
        assert len(found.body) < 4 * 1024 * 1024, (endpoint, len(found.body))
        assert "3,000 players tied on 0 points, no games among them" in found.body.decode(), endpoint
    monkeypatch.setattr("sonneborn.web.cost.MAX_TIED", 64 * 1024)
    found = answer(Job("report", {}, Body("text", text=text3000)))
    assert found.status == 422
    message = json.loads(found.body)["error"]["message"]
    assert message.startswith("the derivations of DE would be"), message
    assert "groups of up to 3,000 players tied" in message
    monkeypatch.undo()
    monkeypatch.setattr("sonneborn.web.work.memory_left", lambda: 1024 * 1024)
    found = answer(Job("report", {"tiebreaks": "DE"}, Body("text", text=text3000)))
    assert (found.status, found.out_of_memory) == (422, True)
    assert "needs more memory" in json.loads(found.body)["error"]["message"]


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")
def test_issue19_a_worker_dead_of_its_memory_limit_is_the_clients_422_over_http(
    big: bytes, pool: ThreadPoolExecutor
) -> None:
    workers = Workers(1, memory_limit=256 * 1024 * 1024)
    with running(create_app(workers=workers)) as url:
        assert post(url, SEED, "/api/standings", "seed.tsv").status_code == 200
        [pid] = workers.pids
        answered = pool.submit(post, url, big)
        kill_when_grown(pid, 96, signal.SIGSEGV)
        response = answered.result(timeout=PATIENCE)
        assert response.status_code == 422, response.text
        assert "needs more memory" in response.json()["error"]["message"]
        assert response.json()["error"]["path"] == "event.trf"
        assert post(url, SEED, "/api/standings", "seed.tsv").status_code == 200
    workers.close()


CUTS = [f"{code}/C{cut}" for cut in range(1, 26) for code in ("BH", "SB", "FB", "ARO")]
CUT_CODES = ",".join(CUTS)
"""A hundred cut codes: a few kB of file then ask for seconds of work."""


def test_issue19_a_request_asking_for_more_work_than_its_budget_is_refused_at_once() -> None:
    # 15 players × 15 rounds × 201 values (a cut counts twice) is more than 0.01 s of budget allow (20,000 cells).
    with make_client(workers=0, seconds=0.01) as client:
        assert client.post("/api/standings", files={"file": ("seed.tsv", SEED)}).status_code == 200
        response = client.post("/api/report", files={"file": ("seed.tsv", SEED)}, params={"tiebreaks": CUT_CODES})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["message"].startswith("the request asks for too much work: 15 players × 15 rounds × 201 values")
    assert "× 4 for the report" in error["message"]
    assert error["path"] == "seed.tsv"


def test_issue22_a_whatif_counts_its_proof_effort_in_its_work() -> None:
    # The seed grid before its last round: 15 players × 15 rounds × 5 values (the points and four codes) × 1,000
    # for the What if is 1,125,000 cells, within 1 s of budget (2,000,000); three times the proofs' search is not.
    files = {"file": ("seed.tsv", SEED)}
    params = {"tiebreaks": "SB,DE,WIN,KS", "after_round": "14", "runs": "10"}
    with make_client(workers=0, seconds=1.0) as client:
        assert client.post("/api/whatif", files=files, params={**params, "proof_effort": "1"}).status_code == 200
        response = client.post("/api/whatif", files=files, params={**params, "proof_effort": "3"})
    assert response.status_code == 422, response.text
    message = response.json()["error"]["message"]
    assert message.startswith("the request asks for too much work: 15 players × 15 rounds × 5 values"), message
    assert "× 3000 for the whatif = 3,375,000 cells" in message


def test_issue19_costly_small_requests_queue_while_a_small_table_is_answered_at_once(
    pool: ThreadPoolExecutor,
) -> None:
    # Each costly request is a 29 kB crosstable with fifty cut codes (seconds of work), or 1,200 players
    # without a game tied as one group (a report of 50 MB before issue 19's DE derivations, 1 MB now): three
    # clients loop them, more than the workers.
    crosstable = round_robin_crosstable(110).encode()
    untied = "012 No games yet\n" + "".join(f"001 {start:4d}      P{start:<6}\n" for start in range(1, 1201))
    stop = threading.Event()
    statuses: list[int] = []

    def loop(data: bytes, path: str) -> None:
        while not stop.is_set():
            statuses.append(post(url, data, path).status_code)

    with running(create_app(workers=Workers(2))) as url:
        cuts = f"/api/report?tiebreaks={','.join(CUTS[:50])}"
        loops = [pool.submit(loop, crosstable, cuts) for _ in range(2)]
        loops.append(pool.submit(loop, untied.encode(), "/api/report"))
        time.sleep(1.5)
        latencies = []
        for _ in range(6):
            began = time.monotonic()
            response = post(url, SEED, "/api/standings?format=table", "seed.tsv")
            latencies.append(time.monotonic() - began)
            assert response.status_code == 200, response.text
            time.sleep(0.25)
        stop.set()
        for future in loops:
            future.result(timeout=PATIENCE * 2)
    assert statuses and set(statuses) <= {200}, statuses
    assert sorted(latencies)[len(latencies) // 2] < 1.0, latencies
    assert max(latencies) < QUICK, latencies


def test_issue19_a_cheap_looking_request_that_takes_long_goes_on_among_the_costly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A crosstable of 400 players asks for little work, but its reading takes about 2 s: past the cheap
    # share's time its worker is stopped and it runs again among the costly, once, to its answer.
    caplog.set_level(logging.INFO, "sonneborn.web.workers")
    workers = Workers(2, cheap_seconds=0.3)
    slow = Job("standings", {"format": "csv"}, Body("bytes", round_robin_crosstable(400).encode()), seconds=PATIENCE)
    try:
        [(status, body)] = run_jobs(workers, slow)
        assert status == 200, body[:300]
        assert caplog.text.count("queues among the costly") == 1
    finally:
        workers.close()
