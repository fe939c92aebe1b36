"""A real server against slow, endless, oversized and too many requests: each is cut, and the server serves on.

The timeouts are shortened to a second or so; the raw sockets send exactly
what a slow or hostile client would, which no HTTP client library does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from click.testing import CliRunner
from conftest import running, swiss_trf
from uvicorn.server import ServerState

from sonneborn.cli import cli
from sonneborn.demo import seed_text
from sonneborn.web import create_app, server
from sonneborn.web.limits import MAX_HEAD
from sonneborn.web.server import HEAD_TIMEOUT, KEEP_ALIVE, Config, Protocol, connection_limit
from sonneborn.web.workers import Workers

PATIENCE = 10.0
"""How long a test waits for the server to act on a timeout of a second or so."""


def connect(url: str) -> socket.socket:
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1"
    sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=PATIENCE)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection.

    A server that closes a connection while the client's bytes wait unread makes
    the kernel send a reset instead of an orderly end: both mean "closed".
    """
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    return answer


def trickle(sock: socket.socket, part: bytes) -> bytes:
    """Sends a part every 0.2 s until the server answers or closes; what it sent back."""
    began = time.monotonic()
    while time.monotonic() - began < PATIENCE:
        try:
            sock.sendall(part)
        except (BrokenPipeError, ConnectionResetError):
            return read_all(sock)
        time.sleep(0.2)
        readable, _, _ = select.select([sock], [], [], 0)
        if readable:
            return read_all(sock)
    pytest.fail(f"the server let a request trickle in for {PATIENCE} s")


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def body_of(answer: bytes) -> dict[str, object]:
    return json.loads(answer.split(b"\r\n\r\n", 1)[1])  # type: ignore[no-any-return]


def assert_serves(url: str) -> None:
    response = httpx.get(f"{url}/healthz", timeout=PATIENCE)
    assert response.json()["status"] == "ok"


def test_body_that_never_ends_is_cut_with_408() -> None:
    with running(create_app(body_timeout=1)) as url, connect(url) as sock:
        began = time.monotonic()
        sock.sendall(
            b"POST /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            b"Content-Length: 1000\r\n\r\n0123456789"
        )
        answer = read_all(sock)
        waited = time.monotonic() - began
        assert status_of(answer) == 408, answer
        assert b"connection: close" in answer.lower()
        assert "did not arrive in time" in str(body_of(answer)["error"])
        assert 0.9 < waited < PATIENCE
        assert_serves(url)


def test_body_that_trickles_in_is_cut_at_the_whole_bodys_deadline() -> None:
    with running(create_app(chunk_timeout=1, body_timeout=1.5)) as url, connect(url) as sock:
        sock.sendall(b"POST /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        # Each part comes well within the second allowed between parts; the whole never does.
        answer = trickle(sock, b"1\r\nx\r\n")
        assert status_of(answer) == 408, answer
        assert_serves(url)


def test_body_that_stops_is_cut_at_the_parts_deadline() -> None:
    with running(create_app(chunk_timeout=0.5, body_timeout=PATIENCE * 2)) as url, connect(url) as sock:
        began = time.monotonic()
        sock.sendall(b"POST /api/explain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20\r\n\r\n0123456789")
        answer = read_all(sock)
        assert status_of(answer) == 408, answer
        assert time.monotonic() - began < PATIENCE


def test_a_body_in_time_is_read() -> None:
    text = seed_text().encode()
    with running(create_app(chunk_timeout=1, body_timeout=3)) as url, connect(url) as sock:
        head = f"POST /api/standings?format=table HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(text)}\r\n"
        sock.sendall(head.encode() + b"Connection: close\r\n\r\n")
        for start in range(0, len(text), len(text) // 4 + 1):
            time.sleep(0.3)
            sock.sendall(text[start : start + len(text) // 4 + 1])
        answer = read_all(sock)
        assert status_of(answer) == 200, answer
        assert b"Sloth" in answer


@pytest.mark.parametrize(
    "sent",
    [b"", b"POST /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
    ids=["nothing", "half a head"],
)
def test_connection_without_a_whole_head_is_closed(sent: bytes) -> None:
    with running(create_app(), head_timeout=1) as url, connect(url) as sock:
        began = time.monotonic()
        sock.sendall(sent)
        assert read_all(sock) == b""
        assert 0.9 < time.monotonic() - began < PATIENCE
        assert_serves(url)


def test_head_sent_a_header_at_a_time_is_closed() -> None:
    with running(create_app(), head_timeout=1) as url, connect(url) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert trickle(sock, b"X-Slow: 1\r\n") == b""


@pytest.mark.parametrize("whole", [False, True], ids=["unfinished", "whole in one read"])
def test_issue19_a_head_over_the_limit_is_refused_however_it_arrives(whole: bool) -> None:
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (MAX_HEAD + 1)
    with running(create_app()) as url, connect(url) as sock:
        sock.sendall(head + (b"\r\n\r\n" if whole else b""))
        answer = read_all(sock)
        assert status_of(answer) == 431, answer
        assert "larger than 16 kB" in str(body_of(answer)["error"])
        assert b"content-type: application/json" in answer.lower()
        assert b"x-content-type-options: nosniff" in answer.lower()
        assert_serves(url)


def test_issue19_a_request_that_is_not_http_is_answered_in_json() -> None:
    with running(create_app()) as url, connect(url) as sock:
        sock.sendall(b"HELLO THERE\r\n\r\n")
        answer = read_all(sock)
        assert status_of(answer) == 400, answer
        assert body_of(answer)["error"]["message"] == "the request is not valid HTTP/1.1"  # type: ignore[index]


def test_keep_alive_connection_serves_requests_one_after_another() -> None:
    # The head's timer restarts with each request: a busy connection is never cut.
    with running(create_app(), head_timeout=1) as url, httpx.Client(base_url=url, timeout=PATIENCE) as client:
        for _ in range(4):
            assert client.get("/healthz").status_code == 200
            time.sleep(0.4)


def test_issue13_idle_connections_cannot_lock_out_a_new_client() -> None:
    # Every connection is taken by clients that send nothing: the one quiet the longest makes room.
    with running(create_app(), max_connections=2) as url, connect(url) as first, connect(url) as second:
        time.sleep(server.FRESH + 0.2)  # a fresher connection is spared: its head may be on its way
        with connect(url) as third:
            third.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert status_of(read_all(third)) == 200
        assert read_all(first) == b"", "the quietest connection was closed"
        second.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert status_of(read_all(second)) == 200


def test_issue19_requests_over_the_limit_get_the_servers_own_503() -> None:
    # Two requests under way (their bodies still coming) hold both places: a third request is refused.
    head = b"POST /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n0123"
    with running(create_app(max_requests=2)) as url, connect(url) as first, connect(url) as second:
        first.sendall(head)
        second.sendall(head)
        time.sleep(0.3)
        with connect(url) as third:
            third.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = read_all(third)
        assert status_of(answer) == 503, answer
        head_of = answer.split(b"\r\n\r\n")[0].lower()
        for header in (b"retry-after: 5", b"content-type: application/json", b"x-frame-options: deny"):
            assert header in head_of, answer
        assert "busy" in str(body_of(answer)["error"])


def test_issue13_a_connection_that_sends_nothing_goes_before_the_heads_deadline() -> None:
    with running(create_app(), timeout_keep_alive=1, head_timeout=PATIENCE * 2) as url, connect(url) as sock:
        began = time.monotonic()
        assert read_all(sock) == b""
        assert 0.9 < time.monotonic() - began < PATIENCE


def test_server_configuration_bounds_the_clients() -> None:
    config = Config(create_app())
    assert config.host == "127.0.0.1"
    assert config.http is Protocol
    assert config.timeout_keep_alive == KEEP_ALIVE
    assert config.limit_concurrency is None, "uvicorn's plain-text 503 counts silent connections"
    assert config.max_connections == connection_limit() > 64
    assert config.h11_max_incomplete_event_size == MAX_HEAD
    assert config.head_timeout == HEAD_TIMEOUT


def test_serve_binds_127_0_0_1_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    bound: list[tuple[str, int]] = []

    def run(self: server._Server) -> None:
        bound.append((self.config.host, self.config.port))

    monkeypatch.setattr(server._Server, "run", run)
    server.serve()
    server.serve("0.0.0.0", 8080)
    assert bound == [("127.0.0.1", 8000), ("0.0.0.0", 8080)]


def test_command_binds_127_0_0_1_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    bound: list[tuple[str, int]] = []
    monkeypatch.setattr("sonneborn.web.serve", lambda host, port, allow_hosts: bound.append((host, port)))
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["serve", "--host", "::1", "--port", "0"])
    assert result.exit_code == 0, result.output
    assert bound == [("127.0.0.1", 8000), ("::1", 0)]


def urllib_post(url: str, data: bytes, headers: dict[str, str]) -> tuple[int, dict[str, object]]:
    """A POST as Python's urllib sends it: the whole body at once, without waiting for an early answer."""
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.parametrize(
    ("megabytes", "headers", "status", "fragment"),
    [
        (20, {"Content-Type": "text/plain"}, 413, "larger than 10 MB"),
        (8, {"Content-Type": "image/png"}, 415, "unsupported content type"),
        (8, {"Content-Type": "text/plain", "Origin": "http://evil.example"}, 403, "another origin"),
    ],
    ids=["too large", "unknown type", "another site"],
)
def test_issue13_a_client_that_sends_its_whole_body_reads_the_early_answer(
    megabytes: int, headers: dict[str, str], status: int, fragment: str
) -> None:
    # Answered before the body arrives: the rest is read and dropped, so that urllib reads the answer, no reset.
    with running(create_app()) as url:
        found, body = urllib_post(f"{url}/api/standings", b"0" * megabytes * 1024 * 1024, headers)
        assert found == status, body
        assert fragment in str(body["error"])
        assert_serves(url)


def test_issue13_a_chunked_body_over_the_limit_is_read_to_its_end_and_answered() -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(20):
            yield b"0" * (1024 * 1024)

    with running(create_app()) as url:
        request = urllib.request.Request(f"{url}/api/report", data=chunks(), headers={"Content-Type": "text/plain"})
        with pytest.raises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(request, timeout=PATIENCE)
        assert raised.value.code == 413
        assert "10 MB" in raised.value.read().decode()


def test_issue13_lingering_is_bounded() -> None:
    # A client that goes on sending after the answer is cut once the bound is read.
    with running(create_app(), linger_bytes=1024 * 1024) as url, connect(url) as sock:
        sock.sendall(
            b"POST /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
            b"Content-Length: 999999999\r\n\r\n"
        )
        answer = trickle(sock, b"0" * 65536)
        assert status_of(answer) == 413, answer
        began = time.monotonic()
        with pytest.raises(OSError):  # sent until the server cuts the connection
            while time.monotonic() - began < PATIENCE:
                sock.sendall(b"0" * 65536)
        assert time.monotonic() - began < PATIENCE


def test_issue13_an_answer_nobody_reads_is_cut_and_its_memory_given_back() -> None:
    workers = Workers(1)
    big = swiss_trf(2000).encode()
    with running(create_app(workers=workers), send_timeout=0.5) as url, connect(url) as sock:
        head = f"POST /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: {len(big)}"
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
        sock.sendall(head.encode() + b"\r\n\r\n" + big)
        # The answer (about 12 MB) is held until the client reads it, which it never does.
        deadline = time.monotonic() + PATIENCE * 3  # the report takes a few seconds to make on a loaded machine
        while not workers.held and time.monotonic() < deadline:
            time.sleep(0.05)
        assert workers.held > 1_000_000
        deadline = time.monotonic() + PATIENCE
        while workers.held and time.monotonic() < deadline:
            time.sleep(0.05)
        assert workers.held == 0, "the connection was cut and the answer dropped"
        answer = read_all(sock)
        length = int(answer.split(b"content-length: ")[1].split(b"\r\n")[0])
        assert len(answer.split(b"\r\n\r\n", 1)[1]) < length
        assert_serves(url)
    workers.close()


def test_issue13_head_answers_as_get() -> None:
    with running(create_app()) as url:
        for path in ("/", "/healthz", "/static/app.js", "/api/tiebreaks"):
            got, head = httpx.get(url + path), httpx.head(url + path)
            assert head.status_code == got.status_code == 200, path
            assert head.content == b""
            assert head.headers["content-type"] == got.headers["content-type"]
            assert head.headers["content-length"] == str(len(got.content))


class GoneTransport(asyncio.Transport):
    """A transport whose client reset the connection: shutting down its sending side fails, as the kernel's does."""

    def __init__(self) -> None:
        super().__init__()
        self.closed = False
        self.written = b""

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += bytes(data)

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        raise OSError(107, "Transport endpoint is not connected")

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: object = None) -> object:
        return ("127.0.0.1", 8000) if name in ("sockname", "peername") else default

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def test_lingering_on_a_connection_the_client_reset_just_closes_it() -> None:
    async def main() -> GoneTransport:
        config = Config(create_app(workers=0))
        config.load()
        protocol = Protocol(config, ServerState(), {}, _loop=asyncio.get_running_loop())
        transport = GoneTransport()
        protocol.connection_made(transport)
        protocol.data_received(b"POST /api/standings HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123")
        protocol.transport.close()  # the answer is out, the body still arriving: lingering would begin
        protocol.connection_lost(None)
        return transport

    transport = asyncio.run(main())
    assert transport.closed


SERVER = """
import socket, sys, uvicorn
from sonneborn.web import create_app
from sonneborn.web.server import Config
listening = socket.socket()
listening.bind(("127.0.0.1", 0))
listening.listen(128)  # connections wait in the backlog until the server serves
print(listening.getsockname()[1], flush=True)
uvicorn.Server(Config(create_app(), send_timeout=1.0)).run(sockets=[listening])
"""


LONG_LIST = ",".join(f"{code}/C{cut}" for cut in range(1, 9) for code in ("BH", "SB", "FB", "ARO", "BH/P"))
"""Forty cut codes: a 2,000-player Swiss's report of some 90 MB, more than the 80 MB the test looks for."""


def own_resident(pid: int) -> int:
    """A process's own resident memory, in bytes (its workers aside)."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * 4096


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")
def test_issue19_answers_nobody_reads_are_dropped_and_the_servers_memory_returns() -> None:
    # Before, much of five unread reports of some 90 MB each stayed in the server's heap once they were cut.
    body = swiss_trf(2000).encode()
    path = f"/api/report?tiebreaks={LONG_LIST}"
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}"
    with (
        subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True) as process,
        contextlib.ExitStack() as sockets,
    ):
        try:
            assert process.stdout is not None
            url = f"http://127.0.0.1:{process.stdout.readline().strip()}"
            assert_serves(url)
            before = own_resident(process.pid)
            clients = [sockets.enter_context(connect(url)) for _ in range(5)]
            for sock in clients:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
                sock.sendall(head.encode() + b"\r\n\r\n" + body)
            peak, deadline = before, time.monotonic() + PATIENCE * 4
            for sock in clients:  # each answer's head comes, then nothing is read until it is cut
                sock.settimeout(PATIENCE * 4)
                assert status_of(sock.recv(4096)) == 200
                while time.monotonic() < deadline and own_resident(process.pid) > before + (50 << 20):
                    peak = max(peak, own_resident(process.pid))
                    time.sleep(0.1)
            assert peak > before + (80 << 20), "the answers were held while nobody read them"
            time.sleep(2.0)
            assert own_resident(process.pid) < before + (40 << 20), "the server's memory returned"
            sockets.close()
            assert_serves(url)
        finally:
            process.terminate()
            process.wait(timeout=PATIENCE)


def test_issue19_an_answer_read_a_trickle_at_a_time_is_cut() -> None:
    # Taking a few bytes now and then is no progress: less than 16 kB in each send timeout cuts the connection.
    workers = Workers(1)
    big = swiss_trf(2000).encode()
    with running(create_app(workers=workers), send_timeout=0.5) as url, connect(url) as sock:
        head = f"POST /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: {len(big)}"
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
        sock.sendall(head.encode() + b"\r\n\r\n" + big)
        sock.settimeout(PATIENCE * 3)
        assert status_of(sock.recv(200)) == 200
        began = time.monotonic()
        with contextlib.suppress(ConnectionResetError):
            while workers.held and sock.recv(200):  # what the kernel had taken of the answer still trickles in
                assert time.monotonic() - began < PATIENCE, "a client reading 1 kB a second held its answer"
                time.sleep(0.2)
        assert workers.held == 0, "the answer was dropped"
        assert_serves(url)
    workers.close()
