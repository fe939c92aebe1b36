"""Issue 21: a kept event answered a piece at a time (a page, a search, a card, a round), compressed.

The expected values are read off the seed crosstable (tests/data, the 1975–80 correspondence final) and the
Berger tables, not taken from the program's output.
"""

from __future__ import annotations

import gzip
from typing import TYPE_CHECKING, Any

from conftest import make_client

from sonneborn.demo import SEED_FILE, seed_text
from sonneborn.web.events import Events

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

SEED = seed_text().encode()


def kept(client: TestClient, query: str = "", data: bytes = SEED, name: str = SEED_FILE) -> dict[str, Any]:
    response = client.post(f"/api/events{query}", files={"file": (name, data)})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def get(client: TestClient, key: str, what: str, **headers: str) -> Any:
    response = client.get(f"/api/events/{key}/{what}", headers=headers)
    assert response.status_code == 200, response.text
    return response


def test_pages_of_the_standings_in_final_order(client: TestClient) -> None:
    first = kept(client, "?limit=5&tiebreaks=SB")
    assert first["total"] == 15
    assert [row["name"] for row in first["rows"][:3]] == ["Sloth", "Zagorovsky", "Kosenkov"]
    assert first["rows"][0]["values"]["SB"] == "69.50"
    assert len(first["rows"]) == 5
    last = get(client, first["event"], "page?offset=10&limit=5&tiebreaks=SB").json()
    assert (last["offset"], len(last["rows"]), last["rows"][-1]["name"]) == (10, 5, "Nun")
    # Jump to rank 12: the page of 5 that holds the 12th row starts at row 10.
    assert get(client, first["event"], "page?rank=12&limit=5&tiebreaks=SB").json()["offset"] == 10
    # A player's page: Kosenkov (no. 3) is third, on the second page of 2 rows.
    assert get(client, first["event"], "page?start=3&limit=2&tiebreaks=SB").json()["offset"] == 2


def test_a_change_of_list_ranks_the_kept_event_again(client: TestClient) -> None:
    key = kept(client, "?tiebreaks=SB")["event"]
    again = get(client, key, "page?tiebreaks=WIN,SB").json()
    assert again["list"] == ["WIN", "SB"]
    # Zagorovsky won more games than Sloth (9 against 8 in the seed's rows): WIN first puts him first.
    assert again["rows"][0]["name"] == "Zagorovsky"


def test_search_by_name_part_and_by_start_number(client: TestClient) -> None:
    key = kept(client)["event"]
    assert [m["start"] for m in get(client, key, "search?q=KOS").json()["matches"]] == [3]
    found = get(client, key, "search?q=15").json()["matches"]
    assert [(m["start"], m["name"]) for m in found] == [(15, "Nun")]
    assert get(client, key, "search?q=nobody").json() == {"event": key, "query": "nobody", "count": 0, "matches": []}


def test_player_card_rounds_running_score_and_derivations(client: TestClient) -> None:
    key = kept(client, "?tiebreaks=SB")["event"]
    card = get(client, key, "player?start=1&tiebreaks=SB").json()["player"]
    assert (card["name"], card["place"], card["points"]) == ("Sloth", "1", "11")
    assert len(card["rounds"]) == 15
    # Berger round 1 of 16 places pairs no. 1 with the dummy 16: Sloth has no game.
    assert card["rounds"][0]["opponent"] is None
    assert card["running"][-1] == "11"
    assert card["values"]["SB"].startswith("SB 69.5 = ½×11 (Zagorovsky)")
    opponents = {r["opponent"] for r in card["rounds"] if r["opponent"] is not None}
    assert opponents == set(range(2, 16))


def test_round_view_board_by_board_with_the_player_without_a_game(client: TestClient) -> None:
    key = kept(client)["event"]
    first = get(client, key, "round?round=1").json()
    # Berger round 1 of 16: 2–15, 3–14, 4–13, 5–12, 6–11, 7–10, 8–9, and 1 against the dummy.
    pairs = {frozenset((b["white"]["start"], b["black"]["start"])) for b in first["boards"]}
    assert pairs == {frozenset((k, 17 - k)) for k in range(2, 9)}
    assert [u["start"] for u in first["unpaired"]] == [1]
    assert first["total"] == 8
    paged = get(client, key, "round?round=1&offset=6&limit=5").json()
    assert (len(paged["boards"]), [u["start"] for u in paged["unpaired"]]) == (1, [1])


def test_answers_are_gzip_compressed_when_the_client_accepts_it(client: TestClient) -> None:
    key = kept(client)["event"]
    raw = client.get(f"/api/events/{key}/page", headers={"accept-encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    assert int(raw.headers["content-length"]) < len(raw.content)  # httpx has decompressed it
    plain = client.get(f"/api/events/{key}/page", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.json()["rows"] == raw.json()["rows"]
    assert gzip.decompress(gzip.compress(plain.content)) == plain.content


def test_unknown_key_bad_player_and_round_are_one_line_errors(client: TestClient) -> None:
    unknown = client.get("/api/events/0123/page")
    assert unknown.status_code == 404
    assert unknown.json()["error"]["field"] == "event"
    key = kept(client)["event"]
    player = client.get(f"/api/events/{key}/player?start=16")
    assert player.status_code == 422
    assert player.json()["error"]["message"] == "no player has start number 16: the event has 15"
    assert player.json()["error"]["field"] == "start"
    assert client.get(f"/api/events/{key}/round?round=16").json()["error"]["field"] == "round"
    assert client.get(f"/api/events/{key}/page?limit=501").status_code == 422


def test_the_least_recently_used_event_is_dropped_past_the_memory_cap() -> None:
    events = Events(memory=2 * len(SEED) + 10)
    with make_client(events=events) as client:
        first = kept(client, name="a.tsv")["event"]
        second = kept(client, name="b.tsv")["event"]
        get(client, first, "page")  # the first is now the more recently used
        kept(client, name="c.tsv")
        assert client.get(f"/api/events/{second}/page").status_code == 404
        assert client.get(f"/api/events/{first}/page").status_code == 200
        assert len(events) == 2
        # The same file again is the same key: kept once.
        assert kept(client, name="a.tsv")["event"] == first


def test_issue21_board_prizes_of_a_kept_team_event_and_none_of_a_single_event(client: TestClient) -> None:
    from pages import DATA

    path = DATA / "teams" / "four_clubs_trf26.trf"
    key = kept(client, data=path.read_bytes(), name=path.name)["event"]
    found = get(client, key, "boards?order=points&min_games=2").json()
    # With two games needed on a board: on board 2 only Brown (1.5 of 2) and Grant (1 of 2) are ranked, in that
    # order by points; the board's other players follow unranked.
    board_two = [row for row in found["rows"] if row[0] == "2"]
    assert [row[3] for row in board_two[:2]] == ["Brown, Bob", "Grant, Gus"]
    assert (found["order"], found["min_games"]) == ("points", 2)
    single = kept(client)["event"]
    refused = client.get(f"/api/events/{single}/boards")
    assert refused.status_code == 422, refused.text
    assert "team event" in refused.text
