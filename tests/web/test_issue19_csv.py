"""Issue 19: the API's CSV quotes every name as RFC 4180 asks, in-process and over a real server.

The names are those of ``tests/data/bad/json_hostile_names.json``; the cells expected are written from
RFC 4180 and OWASP's formula starts (a ``'`` before each line of a cell that starts with ``=``).
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

HOSTILE = Path(__file__).parent.parent / "data" / "bad" / "json_hostile_names.json"
AS_CELLS = {
    1: "Adams\r'=1+1",
    2: 'Brown"]\n[Result "1-0"]',
    3: "Clark\x1b]0;owned\x07\x1b[31m",
    4: '\'=HYPERLINK("x"),\\Dunne\x00',
}


def check_csv(response: httpx.Response) -> None:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/csv")
    text = response.content.decode()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:3] == ["rank", "start", "name"] and len(rows) == 5, rows
    assert {int(row[1]): row[2] for row in rows[1:]} == AS_CELLS
    # A reader that cuts at every CR or LF sees no row that starts as a formula.
    assert not [line for line in re.split(r"\r\n|\r|\n", text) if line.startswith(("=", "+", "-", "@"))], text


def test_the_api_csv_quotes_every_hostile_name(client: TestClient) -> None:
    text = HOSTILE.read_text(encoding="utf-8")
    check_csv(client.post("/api/standings", json={"text": text, "format": "csv"}))


def test_the_real_server_csv_quotes_every_hostile_name(live_server: str) -> None:
    with httpx.Client(base_url=live_server, timeout=30) as http, HOSTILE.open("rb") as handle:
        check_csv(http.post("/api/standings?format=csv", files={"file": ("hostile.json", handle)}))
