"""Running the app: ``sonneborn serve`` starts uvicorn on a local address and says where.

The server bounds what a client may hold: a request's head must arrive whole
within :data:`HEAD_TIMEOUT` seconds of the connection's last answer (or of its
arrival), whatever the pace of its bytes, and fit in
:data:`~sonneborn.web.limits.MAX_HEAD` bytes; a connection that sends nothing
is closed after :data:`KEEP_ALIVE` seconds. When :data:`MAX_CONNECTIONS` are
open, a new one closes the connection that has gone the longest without a
request under way, be it silent, idle after an answer or still sending its
head: slow and silent connections never keep a fresh client from being
served, who sends its head at once. Past
:data:`~sonneborn.web.limits.MAX_REQUESTS` requests at once the app answers
its own 503 (:class:`~sonneborn.web.limits.Admission`). An answer the client
stops reading is cut when it takes less than :data:`SEND_PROGRESS` bytes in
:data:`SEND_TIMEOUT` seconds. A connection closed while the client is still sending its
body (a 413 at once, a 403) is closed as nginx's *lingering close* does: the
answer is sent and the sending side shut, the rest of the body read and
dropped (:data:`LINGER_BYTES` and :data:`LINGER_TIME` at most), so that the
client reads the answer instead of a reset. The pace of a body is the app's
business (:mod:`sonneborn.web.limits`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import itertools
import logging
import socket
import struct
import termios
import time
import weakref
from collections.abc import Iterable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from sonneborn.web.limits import MAX_HEAD, SECURITY_HEADERS, error_body, head_too_large_message

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
HEAD_TIMEOUT = 10.0
"""The longest a request's head (its line and headers) may take to arrive whole, in seconds from the
connection's arrival or its last answer."""
KEEP_ALIVE = 5
"""How long a connection may send nothing, on arrival or after an answer, in seconds."""
MAX_CONNECTIONS = 1024
"""The most connections kept open (fewer when the process may open fewer files): a new one closes the one
that has gone the longest without a request under way."""
FRESH = 1.0
"""Seconds during which a new connection (its head may be on its way) is not closed to make room for another,
unless the connections open are twice the limit, or the limit and 64."""
FILE_RESERVE = 64
"""The files kept free for the server's own use (its workers' sockets, the page's files) besides connections."""
SEND_TIMEOUT = 10.0
"""How long an answer may wait for the client to take :data:`SEND_PROGRESS` more bytes of it, in seconds:
then it is cut and dropped."""
SEND_PROGRESS = 16 * 1024
"""The bytes of an answer a client must take every :data:`SEND_TIMEOUT` seconds (16 kB)."""
LINGER_TIME = 10.0
"""The longest the rest of a refused body is read and dropped before its connection is closed, in seconds."""
LINGER_BYTES = 64 * 1024 * 1024
"""The most bytes of a refused body read and dropped before its connection is closed (64 MB)."""

logger = logging.getLogger(__name__)


def hard_limit(limit: int) -> int:
    """The connections open at which even a fresh one is closed to make room: twice the limit, or 64 more.

    >>> hard_limit(1024), hard_limit(8)
    (2048, 72)
    """
    return limit + max(limit, 64)


def connection_limit(wanted: int = MAX_CONNECTIONS) -> int:
    """The most connections to keep open: ``wanted``, fewer when the process may not open that many files.

    A connection accepted past the process's limit on files would fail, and
    stop the server accepting any for a second: :func:`hard_limit` of the
    result stays within it.
    """
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):  # pragma: no cover - no such limit here
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    files = max(16, soft - FILE_RESERVE)
    return min(wanted, files // 2, files - 64) if files > 128 else max(1, min(wanted, files // 2))


def raise_file_limit(wanted: int = hard_limit(MAX_CONNECTIONS) + FILE_RESERVE) -> None:
    """Raises the process's soft limit on open files towards ``wanted``, within its hard limit."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            raised = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))


def address(host: str, port: int) -> str:
    """The URL of the page served on a host and port.

    >>> address("127.0.0.1", 8000), address("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class Config(uvicorn.Config):
    """Uvicorn's configuration with the limits above and :class:`Protocol` to keep those uvicorn lacks."""

    def __init__(
        self,
        app: Any,
        *,
        head_timeout: float = HEAD_TIMEOUT,
        send_timeout: float = SEND_TIMEOUT,
        send_progress: int = SEND_PROGRESS,
        linger_time: float = LINGER_TIME,
        linger_bytes: int = LINGER_BYTES,
        max_connections: int = MAX_CONNECTIONS,
        **options: Any,
    ) -> None:
        defaults = {
            "http": Protocol,
            "ws": "none",
            "lifespan": "on",
            "log_level": "warning",
            "access_log": False,
            "timeout_keep_alive": KEEP_ALIVE,
            "h11_max_incomplete_event_size": MAX_HEAD,
        }
        # Uvicorn's limit_concurrency counts connections, silent ones too, and answers past it in plain text:
        # the connections are bounded here instead, and the requests by the app (limits.Admission).
        super().__init__(app, **{**defaults, **options, "limit_concurrency": None})
        self.head_timeout = head_timeout
        self.send_timeout = send_timeout
        self.send_progress = send_progress
        self.linger_time = linger_time
        self.linger_bytes = linger_bytes
        self.max_connections = connection_limit(max_connections)


class _Slots:
    """The connections of one server that have no request under way, the longest without one first."""

    def __init__(self) -> None:
        self.quiet: collections.OrderedDict[Protocol, None] = collections.OrderedDict()
        self.closing: weakref.WeakSet[Protocol] = weakref.WeakSet()
        """Connections this server closed whose end is not yet done: no longer counted as open."""


_SLOTS: weakref.WeakKeyDictionary[ServerState, _Slots] = weakref.WeakKeyDictionary()


class Protocol(H11Protocol):
    """Uvicorn's HTTP/1.1 protocol with the limits above.

    Uvicorn times a connection only while it is idle after an answer, and any
    byte restarts nothing: a client sending a header a minute, or nothing at
    all, would hold its connection forever; and its ``limit_concurrency``
    counts such connections, answering every request past it in plain text.
    Here a connection's next request must begin within :data:`KEEP_ALIVE`
    seconds and its head be whole within :data:`HEAD_TIMEOUT`; a connection
    without a request under way (silent, idle, or still sending its head) is
    closed to make room for a new one past :data:`MAX_CONNECTIONS`; an answer
    must be read (:data:`SEND_TIMEOUT`); a connection closed while its body
    still arrives lingers to drop the rest; and a request that is not HTTP, or
    whose unfinished head passes its bound, is answered in JSON.
    """

    _head_timer: asyncio.TimerHandle | None = None
    _send_timer: asyncio.TimerHandle | None = None
    _linger_timer: asyncio.TimerHandle | None = None
    _quiet_since: float | None = None
    """When the connection last had no request under way (``None`` while one is): on arrival, after an answer."""
    _heading: bool = False
    """Whether the bytes of a head have begun to arrive (the connection still counts as without a request)."""
    _send_mark: int = 0
    """The bytes of the answer waiting to be sent when the send timer was armed."""
    _lingering: bool = False
    _lingered: int = 0
    _lost: bool = False
    _raw: asyncio.Transport
    _slots: _Slots

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._slots = _SLOTS.setdefault(self.server_state, _Slots())
        self._make_room()
        super().connection_made(transport)
        self._raw = transport
        self.transport = _Lingering(transport, self)  # type: ignore[assignment]
        self._await_head()

    def on_response_complete(self) -> None:
        # Armed before the pipelined requests already received are handled: handle_events disarms it.
        self._await_head()
        super().on_response_complete()

    def data_received(self, data: bytes) -> None:
        if self._lingering:
            self._lingered += len(data)
            if self._lingered > getattr(self.config, "linger_bytes", LINGER_BYTES):
                self._end_linger()
            return
        if self._quiet_since is not None and not self._heading and self._head_timer is not None:
            # A head begins: its deadline counts from when the connection became quiet, whatever its pace.
            self._heading = True
            left = self._quiet_since + getattr(self.config, "head_timeout", HEAD_TIMEOUT) - time.monotonic()
            self._arm(max(left, 0.0))
        super().data_received(data)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's head is in: it is under way
            self._disarm()
            self._quiet_since = None
            self._heading = False
            self._slots.quiet.pop(self, None)

    def eof_received(self) -> None:
        if self._lingering:  # the client has sent all it will: the linger is over
            self._end_linger()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._send_timer is None:
            self._send_mark = self._raw.get_write_buffer_size()
            timeout = getattr(self.config, "send_timeout", SEND_TIMEOUT)
            self._send_timer = self.loop.call_later(timeout, self._send_too_slow)

    def resume_writing(self) -> None:
        if self._send_timer is not None:
            self._send_timer.cancel()
            self._send_timer = None
        super().resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        self._disarm()
        self._slots.quiet.pop(self, None)
        self._slots.closing.discard(self)
        for timer in (self._send_timer, self._linger_timer):
            if timer is not None:
                timer.cancel()
        self._send_timer = self._linger_timer = None
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """Answers a request that is not HTTP/1.1, or whose unfinished head passed its bound, in JSON (and closes)."""
        limit = self.config.h11_max_incomplete_event_size or MAX_HEAD
        if len(self.conn.trailing_data[0]) > limit:
            # The head is unfinished: no Accept-Language to read, so English.
            status, message = 431, str(head_too_large_message(limit))
        else:
            status, message = 400, "the request is not valid HTTP/1.1"
        body = error_body(message)
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        with contextlib.suppress(h11.LocalProtocolError):
            for event in (h11.Response(status_code=status, headers=headers), h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event) or b"")
        self._closing()
        self.transport.close()

    def _await_head(self) -> None:
        # Nothing received yet: the idle deadline, shorter than the head's, until a byte comes.
        self._quiet_since = time.monotonic()
        self._heading = False
        self._slots.quiet[self] = None
        self._slots.quiet.move_to_end(self)
        if not self._lingering:  # a lingering connection has its own deadline
            self._arm(min(self.timeout_keep_alive, getattr(self.config, "head_timeout", HEAD_TIMEOUT)))

    def _arm(self, timeout: float) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _closing(self) -> None:
        """Counts the connection as closed from now on: its end is under way."""
        self._slots.quiet.pop(self, None)
        if not self._lost:
            self._slots.closing.add(self)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self._closing()
            with contextlib.suppress(h11.LocalProtocolError):
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()

    def _send_too_slow(self) -> None:
        # Still paused: cut unless the client took enough of the answer meanwhile.
        left = self._raw.get_write_buffer_size()
        if left <= self._send_mark - getattr(self.config, "send_progress", SEND_PROGRESS):
            self._send_mark = left
            timeout = getattr(self.config, "send_timeout", SEND_TIMEOUT)
            self._send_timer = self.loop.call_later(timeout, self._send_too_slow)
            return
        self._send_timer = None
        logger.info("an answer to %s was not read in time: connection cut", self.client)
        self._closing()
        with contextlib.suppress(AttributeError, OSError):
            # A reset, not an orderly end: what the kernel still holds of the answer is dropped with it.
            self._raw.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self._raw.abort()

    def _make_room(self) -> None:
        """When the connections are all taken, closes the one that has gone without a request the longest.

        Such a connection is silent, idle after an answer, or still sending its
        head (which a client that means to be served sends at once); one with a
        request under way is never closed for another.
        """
        limit = getattr(self.config, "max_connections", MAX_CONNECTIONS)
        slots = self._slots
        count = len(self.connections) - len(slots.closing)
        if count < limit:
            return
        crowded = count >= hard_limit(limit)
        now = time.monotonic()
        victim = waiting = None
        for candidate in list(itertools.islice(slots.quiet, 64)):
            if candidate._lost:
                slots.quiet.pop(candidate, None)
            elif not crowded and now - (candidate._quiet_since or now) < FRESH:
                break  # the others are fresher still
            elif candidate._bytes_waiting():
                waiting = waiting or candidate  # its head is on its way
            else:
                victim = candidate
                break
        victim = victim or (waiting if crowded else None)
        if victim is not None:
            logger.info("%d connections open: closing the one without a request the longest", count)
            victim._evict()

    def _bytes_waiting(self) -> bool:
        """Whether the client's bytes wait to be read (a head on its way), as the kernel says."""
        try:
            sock = self._raw.get_extra_info("socket")
            return bool(struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0])
        except (AttributeError, OSError, ValueError):
            return False

    def _evict(self) -> None:
        """Closes the connection to make room for another: it has no request under way."""
        if self._lingering:
            self._end_linger()
        else:
            self._head_too_slow()

    def close_transport(self) -> None:
        """Closes the connection, lingering first when the client is still sending a body."""
        if self._lingering:
            return
        if self._lost or self._raw.is_closing() or self.conn.their_state is not h11.SEND_BODY:
            self._closing()
            self._raw.close()
            return
        # The answer is out (or going): say so with a FIN, then drop what still comes, a while at most.
        self._lingering = True
        self._disarm()
        self.flow.resume_reading()
        try:
            if self._raw.can_write_eof():
                self._raw.write_eof()
        except OSError:  # the client is gone already: nothing to linger for
            self._raw.close()
            return
        self._linger_timer = self.loop.call_later(getattr(self.config, "linger_time", LINGER_TIME), self._end_linger)

    def _end_linger(self) -> None:
        if self._linger_timer is not None:
            self._linger_timer.cancel()
            self._linger_timer = None
        self._closing()
        self._raw.close()


class _Lingering:
    """The transport as uvicorn sees it: closing it lingers while the client still sends (see :class:`Protocol`)."""

    def __init__(self, transport: asyncio.Transport, protocol: Protocol) -> None:
        self._transport = transport
        self._protocol = protocol

    def close(self) -> None:
        self._protocol.close_transport()

    def is_closing(self) -> bool:
        return self._protocol._lingering or self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _Server(uvicorn.Server):
    """Uvicorn's server, saying where the page is once it listens (the port is known only then when 0)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            for server in self.servers:
                for listening in server.sockets:
                    host, port = listening.getsockname()[:2]
                    where = address(self.config.host or host, port)
                    print(f"sonneborn: serving on {where} (Ctrl+C to stop)", flush=True)
                    return


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, allow_hosts: Iterable[str] = ()) -> None:
    """Serves the page and the API until interrupted; prints the address it serves on.

    It answers for this machine's names, ``host`` and ``allow_hosts`` only
    (:class:`~sonneborn.web.limits.AllowedHosts`).
    """
    from sonneborn.web.app import create_app

    raise_file_limit()
    server = _Server(Config(create_app(hosts=[host, *allow_hosts]), host=host, port=port))
    # Uvicorn shuts down on Ctrl+C, then raises it again: the stop asked for, not an error.
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
