"""Issue 22: ``after_round`` on ``POST /api/whatif`` and the page's "What if" tab asks from round N + 1's pairings.

``rr4_final.trf`` is ``rr4_before_last.trf`` finished; after round 2 it asks what that file asks, whose places
``tests/test_issue22_whatif.py`` works out by hand (by start number: best, worst, can win, clinched) and whose
round 3 boards are Clark–Brown (board 1) and Adams–Dunne (board 2), as ``test_issue22_whatif_tab.py`` says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import make_client

DATA = Path(__file__).parents[1] / "data" / "whatif"
FINAL = DATA / "rr4_final.trf"
HAND = {1: (1, 4, True, []), 2: (1, 4, True, []), 3: (1, 3, True, [3]), 4: (2, 4, False, [])}
PAGE = {"X-Sonneborn-Client": "page"}


def _places(data: Any) -> dict[int, tuple[int, int, bool, list[int]]]:
    return {e["start"]: (e["best"], e["worst"], e["can_win"], e["clinched"]) for e in data["standings"]}


def test_the_api_asks_from_the_next_rounds_pairings() -> None:
    files = {"file": (FINAL.name, FINAL.read_bytes())}
    with make_client() as client:
        after = client.post("/api/whatif?tiebreaks=DE,WIN&after_round=2", files=files)
        final = client.post("/api/whatif?tiebreaks=DE,WIN", files=files)
        beyond = client.post("/api/whatif?tiebreaks=DE,WIN&after_round=4", files=files)
    assert after.status_code == 200, after.text
    data = after.json()
    assert _places(data) == HAND and (data["method"], data["runs"]) == ("exact", 9)
    assert data["notes"][0].startswith("taken after round 2: the file's results of round 3 are set aside")
    # Without after_round the file is over: every place is settled.
    assert final.json()["runs"] == 1 and {e["best"] == e["worst"] for e in final.json()["standings"]} == {True}
    assert beyond.status_code == 422 and "after_round" in beyond.text


def test_the_tab_lists_the_next_rounds_games_after_a_round() -> None:
    with make_client() as client:
        kept = client.post(
            "/api/events?tiebreaks=DE,WIN", files={"file": (FINAL.name, FINAL.read_bytes())}, headers=PAGE
        )
        assert kept.status_code == 200, kept.text
        key = kept.json()["event"]
        tab = client.get(f"/api/events/{key}/whatif?tiebreaks=DE,WIN&after_round=2&results=3.2=1-0")
    assert tab.status_code == 200, tab.text
    data = tab.json()
    boards = [(b["round"], b["board"], b["white"]["name"], b["black"]["name"], b["set"]) for b in data["boards"]]
    assert boards == [(3, 1, "Clark, Cid", "Brown, Bob", None), (3, 2, "Adams, Ann", "Dunne, Dan", "1-0")]
    # Adams beats Dunne: as test_issue22_whatif_tab.py works it out, Adams 1–2, Brown 2–3, Clark 1–3, Dunne 4.
    assert {e["start"]: (e["best"], e["worst"]) for e in data["standings"]} == {
        1: (1, 2),
        2: (2, 3),
        3: (1, 3),
        4: (4, 4),
    }
