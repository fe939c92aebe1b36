"""Issue 19: slow and silent connections, too many requests, heads over the limit and foreign host names.

A crowd of raw sockets plays the clients no HTTP library plays: heads sent a
byte at a time, connections that stay silent and come back when closed. The
server's limits are shortened so that a few dozen sockets fill them.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import httpx
import pytest
from conftest import running
from hypothesis import given
from hypothesis import strategies as st
from starlette.types import Message, Receive, Scope, Send
from test_timeouts import body_of, connect, read_all, status_of

from sonneborn.web import create_app, server
from sonneborn.web.limits import LOCAL_HOSTS, AllowedHosts, host_name

PATIENCE = 10.0
"""How long a fresh client may wait here, on a loaded machine (milliseconds when idle)."""
HEAD = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 4000 + b"\r\n\r\n"


class Crowd:
    """``size`` raw connections that never finish a head: each sends a byte of one every ``pace`` seconds
    (``None``: nothing at all), and connects again whenever the server closes it."""

    def __init__(self, url: str, size: int, pace: float | None) -> None:
        parts = urlsplit(url)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.size, self.pace = size, pace
        self.closed = 0
        """How many times the server closed one of the crowd's connections."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        sockets: dict[socket.socket, int] = {}
        while not self._stop.is_set():
            while len(sockets) < self.size:
                with _suppressed():
                    sockets[socket.create_connection(self.address, timeout=PATIENCE)] = 0
            for sock, sent in list(sockets.items()):
                try:
                    sock.setblocking(False)
                    try:
                        gone = sock.recv(4096) == b""
                    except BlockingIOError:
                        gone = False
                    if not gone and self.pace is not None and sent < len(HEAD) - 4:
                        sock.send(HEAD[sent : sent + 1])
                        sockets[sock] = sent + 1
                except OSError:
                    gone = True
                if gone:
                    self.closed += 1
                    sock.close()
                    del sockets[sock]
            self._stop.wait(self.pace or 0.05)
        for sock in sockets:
            sock.close()

    def __enter__(self) -> Crowd:
        self._thread.start()
        time.sleep(1.0)  # every connection open, the slow ones a few bytes into their heads
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=PATIENCE)


@contextmanager
def _suppressed() -> Iterator[None]:
    try:
        yield
    except OSError:
        time.sleep(0.05)


def fresh_healthz(url: str) -> tuple[int, float, httpx.Headers]:
    """``/healthz`` asked on a new connection, as a monitor does: the status, the seconds it took, the headers."""
    began = time.monotonic()
    response = httpx.get(f"{url}/healthz", timeout=PATIENCE, headers={"connection": "close"})
    return response.status_code, time.monotonic() - began, response.headers


@pytest.mark.parametrize("pace", [0.2, None], ids=["heads a byte at a time", "silent, back when closed"])
def test_issue19_slow_or_silent_connections_never_keep_a_fresh_client_out(pace: float | None) -> None:
    # Three times as many as the server keeps: uvicorn's limit answered every fresh client 503 in plain text.
    with running(create_app(), max_connections=8) as url, Crowd(url, 24, pace) as crowd:
        for _ in range(5):
            status, seconds, _ = fresh_healthz(url)
            assert status == 200
            assert seconds < PATIENCE
            time.sleep(0.2)
        assert crowd.closed >= 5, "the crowd's connections were closed to make room"


def test_issue19_a_connection_with_a_request_under_way_is_never_closed_for_another() -> None:
    # Its head is in, its body still coming: a crowd of new connections closes one another, never this one.
    with running(create_app(), max_connections=4) as url, connect(url) as uploading:
        text = b"012 Event\n001    1      Alice\n001    2      Bob\n"
        head = (
            f"POST /api/standings?format=csv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(text)}\r\n"
            "Connection: close\r\n\r\n"
        )
        uploading.sendall(head.encode() + text[:5])
        with Crowd(url, 12, None) as crowd:
            time.sleep(server.FRESH)
            for _ in range(6):  # each closes the connection silent the longest, never the upload
                assert fresh_healthz(url)[0] == 200
            uploading.sendall(text[5:])
            time.sleep(0.3)
            assert crowd.closed >= 5
        answer = read_all(uploading)
        assert status_of(answer) == 200, answer


def test_issue19_a_head_is_cut_at_its_deadline_from_the_connections_arrival() -> None:
    # Quiet almost as long as allowed, then a byte every 0.1 s: cut 3.2 s after the arrival, not 3.2 s after the
    # first byte (6 s), however steadily the bytes come.
    with running(create_app(), head_timeout=3.2, timeout_keep_alive=3) as url, connect(url) as sock:
        began = time.monotonic()
        time.sleep(2.8)
        with pytest.raises(OSError):
            for byte in HEAD:
                sock.sendall(bytes([byte]))
                time.sleep(0.1)
                if time.monotonic() - began > PATIENCE:
                    break
        assert 3.0 < time.monotonic() - began < 5.5


def test_issue19_past_the_request_limit_the_answer_is_the_servers_own_503_in_process() -> None:
    from conftest import make_client

    with make_client(max_requests=0) as client:
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.headers["retry-after"] == "5"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["connection"] == "close"
    assert response.json()["error"]["message"].startswith("the server is busy")


@pytest.mark.parametrize(
    ("host", "status"),
    [
        ("127.0.0.1:8000", 200),
        ("localhost", 200),
        ("LOCALHOST:1234", 200),
        ("[::1]:8000", 200),
        ("evil.example", 421),
        ("evil.example:8000", 421),
        ("127.0.0.1.evil.example", 421),
        ("localhost@evil.example", 421),
        ("", 421),
    ],
)
def test_issue19_only_the_servers_own_host_names_are_served(host: str, status: int) -> None:
    from conftest import make_client

    with make_client() as client:
        response = client.get("/api/tiebreaks", headers={"host": host})
        assert response.status_code == status, response.text
        if status == 421:
            assert "--allow-host" in response.json()["error"]["message"]
            assert response.headers["x-frame-options"] == "DENY"
            posted = client.post("/api/standings", content=b"x", headers={"host": host, "origin": f"http://{host}"})
            assert posted.status_code == 421, "a rebound page's post is refused before the same-origin check"


def test_issue19_names_given_to_the_app_are_served_too() -> None:
    from conftest import make_client

    with make_client(hosts=["chess.example", "::1", "0.0.0.0"]) as client:
        for host in ("chess.example", "Chess.Example:80", "0.0.0.0:8000", "localhost"):
            assert client.get("/healthz", headers={"host": host}).status_code == 200, host
        assert client.get("/healthz", headers={"host": "other.example"}).status_code == 421


def test_issue19_a_real_server_refuses_a_foreign_host() -> None:
    with running(create_app()) as url, connect(url) as sock:
        sock.sendall(b"GET /api/tiebreaks HTTP/1.1\r\nHost: rebound.example:8000\r\n\r\n")
        answer = read_all(sock)
        assert status_of(answer) == 421, answer
        assert "rebound.example" in str(body_of(answer)["error"])
        assert httpx.get(f"{url}/healthz").status_code == 200


@given(st.text(max_size=80))
def test_issue19_any_host_header_is_answered_200_or_421_and_never_raises(host: str) -> None:
    # Fuzz target of the host check: whatever bytes a client puts in Host (Latin-1, as the server reads them).
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    raw = host.encode("latin-1", "replace")
    scope = {"type": "http", "method": "GET", "path": "/", "headers": [(b"host", raw)]}
    asyncio.run(AllowedHosts(app)(scope, receive, send))
    status = sent[0]["status"]
    name = host_name(raw.decode("latin-1"))
    assert status == (200 if name in LOCAL_HOSTS else 421)
