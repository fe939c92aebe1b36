"""Issue 18 on the web: the page's report carries the reading's warnings of blank rounds read as byes and of
recorded totals nothing explains, as every command prints them, in the page's words (no command to run: issue 21)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

DATA = Path(__file__).resolve().parents[1] / "data"
OPEN = DATA / "recorded" / "open_split.trf"
UNEXPLAINED = DATA / "bad" / "trf_totals_unexplained.trf"


def report(client: TestClient, path: Path) -> dict[str, object]:
    response = client.post("/api/report", files={"file": (path.name, path.read_bytes())})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def test_the_report_says_which_blank_rounds_were_read_as_byes(client: TestClient) -> None:
    found = report(client, OPEN)
    assert found["warnings"] == [
        "open_split.trf: the recorded points count 3 rounds left blank (no opponent, no result) as byes, as "
        "Swiss-Perfect and other programs write them: read as 2 half-point byes and 1 pairing-allocated bye; the "
        "totals of player 4 leave the split open: half-point byes are read before full-point ones, in the "
        'earliest blank rounds (docs/tiebreaks.md, "Blank rounds that the totals count")'
    ]
    rows = found["rows"]
    assert isinstance(rows, list)
    assert {row["start"]: row["points"] for row in rows} == {1: "2.5", 2: "1", 3: "0.5", 4: "1.5", 5: "2.5"}


def test_the_report_warns_of_totals_nothing_explains(client: TestClient) -> None:
    found = report(client, UNEXPLAINED)
    assert found["warnings"] == [
        "trf_totals_unexplained.trf: the recorded points of 2 players differ from their results, and no bye in a "
        "blank round explains them (Brown, Bob (no. 2): 0.5 recorded, 1 from the results; Dunne, Dan (no. 4): 3.5 "
        "recorded, 0.5 from the results)"
    ]
