"""Issue 21: the page's running score (the chart, the player and team cards, the report's rows) counts an
arbiter's bonus or penalty outside the rounds, as the standings after each round do.

Worked by hand. Individual (a JSON ``adjustment``): Ann beats Bob and draws Cid; Bob, −1 point, loses to Ann and
beats Dan; Cid draws Dan and Ann. After round 1 Ann 1, Bob 0 − 1 = −1, Cid ½, Dan ½; after round 2 Ann 1½,
Bob 0, Cid 1, Dan ½ (``standings --after-round 1`` gives Bob −1 too). Team (``four_clubs_trf26.trf``, worked in
``tests/test_issue20_teamcard.py``): Beta, −1 MP by a 299 of round 000, loses round 1 (0 MP), loses round 2 by
forfeit (0 MP), takes a half-point bye in round 3 (1 MP): −1, −1, 0 MP, its 0 MP in the standings. Without a
penalty: Alpha 3 (beat Beta), 4 (drew Gamma), 7 (Delta forfeited); Gamma 2 (its win set to 2 MP by 299 W), 3, 5
(the 320 bye's 2 MP); Delta 0, 3 (Beta forfeited), 3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

FOUR_CLUBS = Path(__file__).resolve().parents[1] / "data" / "teams" / "four_clubs_trf26.trf"


def _player(start: int, name: str, games: list[tuple[int, str, str]], adjustment: int = 0) -> dict[str, Any]:
    rounds = [
        {"round": number, "opponent": opponent, "colour": colour, "result": result}
        for number, (opponent, colour, result) in enumerate(games, start=1)
    ]
    return {"start": start, "name": name, **({"adjustment": adjustment} if adjustment else {}), "rounds": rounds}


PENALTY = json.dumps(
    {
        "tournament": {
            "name": "Penalty",
            "rounds": 2,
            "players": [
                _player(1, "Ann", [(2, "w", "1"), (3, "b", "=")]),
                _player(2, "Bob", [(1, "b", "0"), (4, "w", "1")], adjustment=-1),
                _player(3, "Cid", [(4, "w", "="), (1, "w", "=")]),
                _player(4, "Dan", [(3, "b", "="), (2, "b", "0")]),
            ],
        }
    }
).encode()
BY_HAND = {"Ann": [1, 1.5], "Bob": [-1, 0], "Cid": [0.5, 1], "Dan": [0.5, 0.5]}
TEAMS_BY_HAND = {"Alpha": [3, 4, 7], "Beta": [-1, -1, 0], "Gamma": [2, 3, 5], "Delta": [0, 3, 3]}


def _kept(client: TestClient, name: str, data: bytes) -> dict[str, Any]:
    response = client.post("/api/events", files={"file": (name, data)})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("penalty.json", PENALTY, BY_HAND), ("four.trf", FOUR_CLUBS.read_bytes(), TEAMS_BY_HAND)
])  # fmt: skip
def test_running_score_counts_the_adjustment_from_round_one(
    client: TestClient, name: str, data: bytes, expected: dict[str, list[float]]
) -> None:
    page = _kept(client, name, data)
    assert {leader["name"]: [float(v) for v in leader["running"]] for leader in page["leaders"]} == expected
    # The last running score is the standings' points, on the chart and in every card.
    for start in range(1, len(expected) + 1):
        card = client.get(f"/api/events/{page['event']}/player?start={start}").json()["player"]
        assert [float(v) for v in card["running"]] == expected[card["name"]]
        assert [float(entry["running"]) for entry in card["rounds"]] == expected[card["name"]]
        assert float(card["running"][-1]) == float(card["points"])
    report = client.post("/api/report", files={"file": (name, data)})
    assert report.status_code == 200, report.text
    assert {row["name"]: row["running"] for row in report.json()["rows"]} == expected
