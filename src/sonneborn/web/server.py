"""Running the app: ``sonneborn serve`` starts uvicorn on a local address and says where."""

from __future__ import annotations

import contextlib
import socket

import uvicorn

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def address(host: str, port: int) -> str:
    """The URL of the page served on a host and port.

    >>> address("127.0.0.1", 8000), address("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://[::1]:8080/')
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


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

    config = uvicorn.Config(create_app(), host=host, port=port, ws="none", log_level="warning", access_log=False)
    server = _Server(config)
    # Uvicorn shuts down on Ctrl+C, then raises it again: the stop asked for, not an error.
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
