"""Fixtures of the web tests: the app in-process, a real server on a free local port, the seed as a file."""

from __future__ import annotations

import functools
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import uvicorn
from pages import chromium
from starlette.exceptions import StarletteDeprecationWarning

from sonneborn.demo import SEED_FILE, seed_text
from sonneborn.web import create_app
from sonneborn.web.server import Config

if TYPE_CHECKING:
    from fastapi.testclient import TestClient
    from playwright.sync_api import Browser
    from starlette.types import ASGIApp


def make_client(*, raise_server_exceptions: bool = True, **app_options: Any) -> TestClient:
    """FastAPI's test client around a new app (``create_app(**app_options)``)."""
    # Starlette asks for httpx2 instead of httpx under its test client; either works for these tests.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`", StarletteDeprecationWarning)
        from fastapi.testclient import TestClient

    # A name the app answers for (not TestClient's "testserver": limits.AllowedHosts refuses it).
    app = create_app(**app_options)
    return TestClient(app, base_url="http://localhost", raise_server_exceptions=raise_server_exceptions)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with make_client() as client:
        yield client


@pytest.fixture
def lenient_client() -> Iterator[TestClient]:
    """A client that gets the 500 answer of a failing app instead of its exception."""
    with make_client(raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def seed_file(tmp_path: Path) -> Path:
    """The bundled seed crosstable written to a file, as a user would upload it."""
    path = tmp_path / SEED_FILE
    path.write_text(seed_text(), encoding="utf-8")
    return path


@contextmanager
def running(app: ASGIApp, **options: Any) -> Iterator[str]:
    """The app served as ``serve`` serves it, by uvicorn in a thread on 127.0.0.1 and a free port; its base URL."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(Config(app, **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            listening.close()
            pytest.fail("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        listening.close()


@functools.cache
def swiss_trf(players: int, rounds: int = 11) -> str:
    """A generated Swiss event as TRF (the benchmarks' generator): 2,000 players make 400 kB, 6,000 1.2 MB."""
    from test_generate import generate

    return str(generate.to_trf(generate.swiss(players, rounds)))


@functools.cache
def round_robin_crosstable(players: int) -> str:
    """A generated round robin as a crosstable (TSV): 200 players make 92 kB, read in about half a second; 400
    players four times that (the cells grow with the square)."""
    from test_generate import generate

    from sonneborn.formats.crosstable_writer import write_crosstable
    from sonneborn.pipeline import read_text

    event = read_text(str(generate.to_trf(generate.round_robin(players))), path="rr.trf").event
    return write_crosstable(event.tournament)[0]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, one for a module's browser tests (tests/web/pages.py)."""
    with chromium() as browser:
        yield browser


@pytest.fixture(autouse=True)
def closed_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page and context a browser test opened, closed after it: the module's chromium would otherwise keep
    each one (its renderer and the page's memory) until the module ends."""
    browser: Browser | None = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        for context in browser.contexts:
            context.close()


@pytest.fixture
def problems() -> list[str]:
    """Console errors and uncaught exceptions of the page: none is expected."""
    return []


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The app served by uvicorn in a thread on 127.0.0.1 and a free port; yields its base URL."""
    with running(create_app()) as url:
        yield url
