"""Running the app: ``sonneborn serve`` starts uvicorn on a local address and says where.

The server bounds what a client may hold: a request's head must arrive within
:data:`HEAD_TIMEOUT` seconds and fit in :data:`MAX_HEAD` bytes, an idle
connection is closed after :data:`KEEP_ALIVE` seconds, and past
:data:`MAX_CONCURRENCY` connections or requests at once it answers 503. The
pace of a body is the app's business (:mod:`sonneborn.web.limits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
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
"""The most connections or requests handled at once; any more are answered 503."""


def address(host: str, port: int) -> str:
    """The URL of the page served on a host and port.

    >>> address("127.0.0.1", 8000), address("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class Config(uvicorn.Config):
    """Uvicorn's configuration with the limits above and :class:`Protocol` to keep the head's."""

    def __init__(self, app: Any, *, head_timeout: float = HEAD_TIMEOUT, **options: Any) -> None:
        defaults = {
            "http": Protocol,
            "ws": "none",
            "lifespan": "off",
            "log_level": "warning",
            "access_log": False,
            "timeout_keep_alive": KEEP_ALIVE,
            "limit_concurrency": MAX_CONCURRENCY,
            "h11_max_incomplete_event_size": MAX_HEAD,
        }
        super().__init__(app, **{**defaults, **options})
        self.head_timeout = head_timeout


class Protocol(H11Protocol):
    """Uvicorn's HTTP/1.1 protocol, closing a connection whose next request's head does not arrive in time.

    Uvicorn times a connection only while it is idle after an answer, and any
    byte restarts nothing: a client sending a header a minute, or nothing at
    all, would hold its connection forever.
    """

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()

    def on_response_complete(self) -> None:
        # Armed before the pipelined requests already received are handled: handle_events disarms it.
        self._await_head()
        super().on_response_complete()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        self._disarm()
        timeout = getattr(self.config, "head_timeout", HEAD_TIMEOUT)
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
