"""Running the app: ``sonneborn serve`` starts uvicorn on a local address and says where.

The server bounds what a client may hold: a request's head must arrive within
:data:`HEAD_TIMEOUT` seconds and fit in :data:`MAX_HEAD` bytes; a connection
that sends nothing is closed after :data:`KEEP_ALIVE` seconds (on arrival or
after an answer), and when :data:`MAX_CONCURRENCY` connections are open a new
one closes the one quiet the longest, so that idle connections never lock
clients out; past :data:`MAX_CONCURRENCY` requests at once it answers 503. An
answer the client stops reading is cut after :data:`SEND_TIMEOUT` seconds
without progress. A connection closed while the client is still sending its
body (a 413 at once, a 403) is closed as nginx's *lingering close* does: the
answer is sent and the sending side shut, the rest of the body read and
dropped (:data:`LINGER_BYTES` and :data:`LINGER_TIME` at most), so that the
client reads the answer instead of a reset. The pace of a body is the app's
business (:mod:`sonneborn.web.limits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
HEAD_TIMEOUT = 10.0
"""The longest a request's head (its line and headers) may take to arrive, in seconds."""
MAX_HEAD = 16 * 1024
"""The largest request head, in bytes: a longer one is answered 400."""
KEEP_ALIVE = 5
"""How long an idle connection is kept open after an answer, in seconds."""
MAX_CONCURRENCY = 64
"""The most requests handled at once, any more answered 503; and the most connections kept open (a new one
closes the one quiet the longest)."""
SEND_TIMEOUT = 10.0
"""How long an answer may wait for the client to read it, in seconds without progress: then it is cut."""
LINGER_TIME = 10.0
"""The longest the rest of a refused body is read and dropped before its connection is closed, in seconds."""
LINGER_BYTES = 64 * 1024 * 1024
"""The most bytes of a refused body read and dropped before its connection is closed (64 MB)."""

logger = logging.getLogger(__name__)


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
        linger_time: float = LINGER_TIME,
        linger_bytes: int = LINGER_BYTES,
        **options: Any,
    ) -> None:
        defaults = {
            "http": Protocol,
            "ws": "none",
            "lifespan": "on",
            "log_level": "warning",
            "access_log": False,
            "timeout_keep_alive": KEEP_ALIVE,
            "limit_concurrency": MAX_CONCURRENCY,
            "h11_max_incomplete_event_size": MAX_HEAD,
        }
        super().__init__(app, **{**defaults, **options})
        self.head_timeout = head_timeout
        self.send_timeout = send_timeout
        self.linger_time = linger_time
        self.linger_bytes = linger_bytes


class Protocol(H11Protocol):
    """Uvicorn's HTTP/1.1 protocol with the limits above.

    Uvicorn times a connection only while it is idle after an answer, and any
    byte restarts nothing: a client sending a header a minute, or nothing at
    all, would hold its connection forever. Here a connection's next request
    must begin within :data:`KEEP_ALIVE` seconds and its head be whole within
    :data:`HEAD_TIMEOUT`; an answer must be read (:data:`SEND_TIMEOUT`); and a
    connection closed while its body still arrives lingers to drop the rest.
    """

    _head_timer: asyncio.TimerHandle | None = None
    _send_timer: asyncio.TimerHandle | None = None
    _linger_timer: asyncio.TimerHandle | None = None
    _quiet_since: float | None = None
    """When the connection last had no request under way (``None`` while one is)."""
    _send_mark: int = 0
    """The bytes of the answer waiting to be sent when the send timer was armed."""
    _lingering: bool = False
    _lingered: int = 0
    _lost: bool = False
    _raw: asyncio.Transport

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._evict_the_quietest()
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
        if self._quiet_since is not None and self._head_timer is not None:
            self._quiet_since = None  # a request begins: the head's deadline stands, not the idle one
            self._arm(getattr(self.config, "head_timeout", HEAD_TIMEOUT))
        super().data_received(data)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:
            self._disarm()
            self._quiet_since = None

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
        for timer in (self._send_timer, self._linger_timer):
            if timer is not None:
                timer.cancel()
        self._send_timer = self._linger_timer = None
        super().connection_lost(exc)

    def _await_head(self) -> None:
        # Nothing received yet: the idle deadline, shorter than the head's, until a byte comes.
        self._quiet_since = time.monotonic()
        self._arm(min(self.timeout_keep_alive, getattr(self.config, "head_timeout", HEAD_TIMEOUT)))

    def _arm(self, timeout: float) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            with contextlib.suppress(h11.LocalProtocolError):
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()

    def _send_too_slow(self) -> None:
        # Still paused: cut unless the client took some of the answer meanwhile.
        left = self._raw.get_write_buffer_size()
        if left < self._send_mark:
            self._send_mark = left
            timeout = getattr(self.config, "send_timeout", SEND_TIMEOUT)
            self._send_timer = self.loop.call_later(timeout, self._send_too_slow)
            return
        self._send_timer = None
        logger.info("an answer to %s was not read in time: connection cut", self.client)
        self._raw.abort()

    def _evict_the_quietest(self) -> None:
        """When the connections are all taken, closes the one without a request under way the longest."""
        limit = self.limit_concurrency
        if limit is None or len(self.connections) + 1 < limit:  # uvicorn counts the new one too
            return
        quiet = [c for c in self.connections if isinstance(c, Protocol) and c._quiet_since is not None]
        if quiet:
            oldest = min(quiet, key=lambda c: c._quiet_since or 0.0)
            logger.info("%d connections open: closing the one quiet the longest", len(self.connections))
            oldest._head_too_slow()

    def close_transport(self) -> None:
        """Closes the connection, lingering first when the client is still sending a body."""
        if self._lingering:
            return
        if self._lost or self._raw.is_closing() or self.conn.their_state is not h11.SEND_BODY:
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


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Serves the page and the API until interrupted; prints the address it serves on."""
    from sonneborn.web.app import create_app

    server = _Server(Config(create_app(), host=host, port=port))
    # Uvicorn shuts down on Ctrl+C, then raises it again: the stop asked for, not an error.
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
