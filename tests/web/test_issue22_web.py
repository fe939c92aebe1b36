"""Issue 22 on the web API: ``profile`` and ``lots_secret`` as ``standings`` takes them."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from conftest import make_client
from test_issue22_lots import ANNA_WINS, ANNA_WINS_RESULTS, SECRET

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


def ask(client: TestClient, **data: str) -> Any:
    files = {"file": ("club.tsv", ANNA_WINS.encode())}
    return client.post("/api/standings", files=files, data={"format": "json", **data})


def test_the_api_takes_a_profile_and_a_committed_draw() -> None:
    with make_client() as client:
        ranked = ask(client, profile="uscf", lots_secret=SECRET)
        both = ask(client, profile="uscf", tiebreaks="SB")
        team = ask(client, profile="fide-team")
        short = ask(client, lots_secret="short")
    assert ranked.status_code == 200, ranked.text
    data = ranked.json()
    assert data["tiebreaks"] == ["MM", "SOLK", "CUM", "OCUM"]
    assert data["drawing"]["commitment"] == hashlib.sha256(f"sonneborn-lots-1\n{SECRET}".encode()).hexdigest()
    assert data["drawing"]["results"] == hashlib.sha256(ANNA_WINS_RESULTS.encode()).hexdigest()
    for response, field in ((both, "profile"), (team, "profile"), (short, "lots_secret")):
        assert response.status_code == 422, response.text
        assert response.json()["error"]["field"] == field
