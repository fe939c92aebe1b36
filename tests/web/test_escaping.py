"""Hostile names and paths: markup in a file comes back as text, and a file name is only ever echoed.

The page's own test of the same event, in a real browser, is in ``test_browser.py``.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from hostile import EVENT_NAME, FILE_NAME, MARKUP, MARKUP_TRF, NAMES

from sonneborn.formats import read_text

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


def test_markup_survives_the_trf() -> None:
    # The names fit TRF's 33 columns: the event read back has them whole.
    event = read_text(MARKUP_TRF)
    assert event.name == EVENT_NAME
    assert {p.start: p.name for p in event.players if p.start in NAMES} == NAMES


def test_html_standings_escape_every_name(client: TestClient) -> None:
    response = client.post("/api/standings?format=html", files={"file": (FILE_NAME, MARKUP_TRF.encode())})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    page = response.content
    assert MARKUP.search(page) is None, MARKUP.search(page)
    text = response.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in text
    assert "{{7*7}} &amp;amp; &lt;b&gt;bold&lt;/b&gt;" in text, "no template runs the names, nor decodes them"
    assert "O&#39;Brien &amp; Sons" in text
    assert f"<title>{EVENT_NAME.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</title>" in text


@pytest.mark.parametrize("fmt", ["md", "csv", "table", "trf"])
def test_text_formats_are_never_served_as_html(client: TestClient, fmt: str) -> None:
    response = client.post(f"/api/standings?format={fmt}", files={"file": (FILE_NAME, MARKUP_TRF.encode())})
    assert response.status_code == 200, response.text
    assert not response.headers["content-type"].startswith("text/html")
    assert response.headers["x-content-type-options"] == "nosniff"


def test_report_gives_the_names_as_data_for_the_page_to_show_as_text(client: TestClient) -> None:
    response = client.post("/api/report", files={"file": (FILE_NAME, MARKUP_TRF.encode())})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    report = response.json()
    assert report["input"]["path"] == FILE_NAME
    assert report["standings"]["event"]["name"] == EVENT_NAME
    names = {row["start"]: row["name"] for row in report["rows"]}
    assert {start: names[start] for start in NAMES} == NAMES


@pytest.mark.parametrize("endpoint", ["/api/standings", "/api/explain", "/api/report"])
def test_an_error_echoes_the_file_name_in_json(client: TestClient, endpoint: str) -> None:
    response = client.post(endpoint, files={"file": (FILE_NAME, b"<script>alert(1)</script>\n")})
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"]["path"] == FILE_NAME


def test_the_page_never_holds_what_a_client_sent(client: TestClient) -> None:
    page = client.get("/", params={"name": "<script>alert(1)</script>"}, headers={"referer": "<script>"}).text
    assert "alert(1)" not in page


def test_the_page_script_writes_text_never_markup() -> None:
    from importlib.resources import files

    script = files("sonneborn.web").joinpath("static", "app.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script, sink


# Paths: a file name from the client is shown, never opened.

HOSTILE_PATHS = ["../../etc/passwd", "/etc/passwd", "..\\..\\windows\\win.ini", "/proc/self/environ", "~/.ssh/id_rsa"]


class FileWatch:
    """Records every file a thread opens, removes or renames while it watches (through the audit hook)."""

    def __init__(self) -> None:
        self.watching = False
        self.seen: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.watching or not (event == "open" or event.startswith(("os.", "shutil."))):
            return
        if event == "open":
            path, mode, flags = args
            writes = (mode is not None and any(c in str(mode) for c in "wax+")) or (
                isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
            )
            what = "write" if writes else "read"
        elif event in {"os.remove", "os.rename", "os.mkdir", "os.truncate", "os.link", "os.symlink"}:
            path, what = args[0], event
        else:
            return
        with self.lock:
            self.seen.append((what, str(path)))


_WATCH = FileWatch()
sys.addaudithook(_WATCH)  # Audit hooks cannot be removed: this one records only while a test watches.


@pytest.fixture
def watch() -> Iterator[FileWatch]:
    _WATCH.seen.clear()
    _WATCH.watching = True
    try:
        yield _WATCH
    finally:
        _WATCH.watching = False


def test_the_watch_sees_what_is_opened(watch: FileWatch) -> None:
    with open(os.devnull, "w", encoding="utf-8"):
        pass
    assert ("write", os.devnull) in watch.seen


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_a_file_name_is_echoed_never_opened(client: TestClient, watch: FileWatch, path: str) -> None:
    answers = [
        client.post("/api/report", files={"file": (path, MARKUP_TRF.encode())}),
        client.post("/api/standings", files={"file": (path, b"no tournament\n")}),
        client.post("/api/explain", json={"text": "no tournament\n", "filename": path}),
    ]
    assert answers[0].json()["input"]["path"] == path
    assert [answer.json()["error"]["path"] for answer in answers[1:]] == [path, path]
    written = [entry for entry in watch.seen if entry[0] != "read"]
    assert written == [], "the server writes nothing"
    named = [entry for entry in watch.seen if any(part in entry[1] for part in ("passwd", "win.ini", "environ", "ssh"))]
    assert named == [], "the server opens no file a client named"


@pytest.mark.parametrize(
    "path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2f..%2fcli.py", "/static/%2fetc%2fpasswd"]
)
def test_static_files_stay_in_their_folder(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, response.text
