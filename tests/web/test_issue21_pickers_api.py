"""Issue 21: the kept event's page and search with ``category`` and ``after_round``, as the page's pickers ask.

The event is ``tests/data/trf/issue21_pickers.trf``, worked out by hand in ``test_issue21_pickers.py``'s
docstring, ranked by BH then FB:

- Final: Brown 2½, Dunne 2, Adams 1½ (BH 6), Flynn 1½ (BH 4½), Clark 1, Egan ½.
- After round 2: Adams 1½ (BH 2½), Flynn 1½ (BH 1½), Brown 1½ (BH ½), Dunne 1 (BH 2), Egan ½ (BH 2½), Clark 0
  (BH 3); FB is BH, the final round not paired yet (C.07 8.3).
- Women: Adams, Clark, Egan. Under 16: Clark (born 2012), Dunne (2011), Flynn (2015). Federation IRL: Adams,
  Clark, Dunne, Flynn. The held categories and their counts are listed there too.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import TYPE_CHECKING, Any

from builders import event as build_event
from pages import DATA

from sonneborn.formats.jsonio import write_json

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

EVENT = DATA / "trf" / "issue21_pickers.trf"
LIST = "tiebreaks=BH,FB"
HELD = [
    ("women", "Women", 3), ("U12", "Under 12", 1), ("U14", "Under 14", 2), ("U16", "Under 16", 3),
    ("U18", "Under 18", 3), ("U20", "Under 20", 3), ("50+", "50 and over", 2), ("65+", "65 and over", 1),
    ("rating:<1800", "Rating <1800", 1), ("rating:<2000", "Rating <2000", 3), ("rating:<2200", "Rating <2200", 4),
    ("fed:ENG", "Federation ENG", 2), ("fed:IRL", "Federation IRL", 4),
]  # fmt: skip


def kept(client: TestClient, query: str = LIST, data: bytes | None = None, name: str = EVENT.name) -> dict[str, Any]:
    response = client.post(f"/api/events?{query}", files={"file": (name, EVENT.read_bytes() if data is None else data)})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def get(client: TestClient, key: str, what: str) -> dict[str, Any]:
    response = client.get(f"/api/events/{key}/{what}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def refused(client: TestClient, key: str, what: str) -> dict[str, Any]:
    response = client.get(f"/api/events/{key}/{what}")
    assert response.status_code == 422, response.text
    return response.json()["error"]  # type: ignore[no-any-return]


def rows_of(page: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    """Each row's name, its place in the table shown and its overall place (None outside a category)."""
    return [(row["name"], row["place"], row.get("overall")) for row in page["rows"]]


def test_the_whole_events_page_lists_the_categories_it_holds(client: TestClient) -> None:
    page = kept(client)
    assert [(c["code"], c["name"], c["count"]) for c in page["categories"]] == HELD
    assert page["category"] is None and page["total"] == 6
    assert "overall" not in page["rows"][0]
    assert [row["name"] for row in page["rows"]] == [
        "Brown, Bob", "Dunne, Dan", "Adams, Ann", "Flynn, Finn", "Clark, Cat", "Egan, Eve"
    ]  # fmt: skip


def test_a_categorys_page_places_its_players_in_it_and_overall(client: TestClient) -> None:
    key = kept(client)["event"]
    women = get(client, key, f"page?{LIST}&category=women")
    assert rows_of(women) == [("Adams, Ann", "1", "3"), ("Clark, Cat", "2", "5"), ("Egan, Eve", "3", "6")]
    assert [row["rank"] for row in women["rows"]] == [1, 2, 3]
    assert women["total"] == 3
    assert women["category"] == {"code": "women", "name": "Women", "heading": "Women (women): 3 of 6 players"}
    # The categories offered are the whole event's, whichever is shown; the crosstable is the whole event's only.
    assert [c["code"] for c in women["categories"]] == [code for code, _, _ in HELD]
    assert "crosstable" not in women
    # Jump to the third place of federation IRL (Dunne, Adams, Flynn, Clark), two rows a page: Flynn and Clark.
    irl = get(client, key, f"page?{LIST}&category=fed:IRL&rank=3&limit=2")
    assert irl["offset"] == 2 and irl["total"] == 4
    assert rows_of(irl) == [("Flynn, Finn", "3", "4"), ("Clark, Cat", "4", "5")]
    # A player outside the category shown: its first page.
    assert get(client, key, f"page?{LIST}&category=women&start=4")["offset"] == 0


def test_a_category_after_a_round_is_the_round_tables_filtered(client: TestClient) -> None:
    key = kept(client)["event"]
    whole = get(client, key, f"page?{LIST}&after_round=2")
    assert [row["name"] for row in whole["rows"]] == [
        "Adams, Ann", "Flynn, Finn", "Brown, Bob", "Dunne, Dan", "Egan, Eve", "Clark, Cat"
    ]  # fmt: skip
    bh = [F(5, 2), F(3, 2), F(1, 2), F(2), F(5, 2), F(3)]
    assert [F(row["values"]["BH"]) for row in whole["rows"]] == bh
    assert [F(row["values"]["FB"]) for row in whole["rows"]] == bh
    under16 = get(client, key, f"page?{LIST}&after_round=2&category=U16")
    assert rows_of(under16) == [("Flynn, Finn", "1", "2"), ("Dunne, Dan", "2", "4"), ("Clark, Cat", "3", "6")]
    assert [(row["points"], F(row["values"]["BH"])) for row in under16["rows"]] == [
        ("1.5", F(3, 2)),
        ("1", F(2)),
        ("0", F(3)),
    ]
    assert under16["rounds"] == {"played": 2, "scheduled": 3, "berger": False, "file_played": 3}
    assert under16["category"]["heading"] == "Under 16 (U16): 3 of 6 players"
    assert under16["notes"] == ["Provisional: after round 2 of 3."]
    # The first question may ask it too: the page's first answer after a change of file.
    first = kept(client, f"{LIST}&after_round=2&category=women")
    assert rows_of(first) == [("Adams, Ann", "1", "1"), ("Egan, Eve", "2", "5"), ("Clark, Cat", "3", "6")]


def test_a_search_looks_in_the_category_and_gives_its_places(client: TestClient) -> None:
    key = kept(client)["event"]

    def found(query: str) -> list[tuple[str, str]]:
        return [(m["name"], m["place"]) for m in get(client, key, f"search?{LIST}&{query}")["matches"]]

    # "an" is in Adams, Ann, in Dunne, Dan and in Egan, Eve.
    assert found("q=an&after_round=2") == [("Adams, Ann", "1"), ("Dunne, Dan", "4"), ("Egan, Eve", "5")]
    assert found("q=an&after_round=2&category=women") == [("Adams, Ann", "1"), ("Egan, Eve", "2")]
    assert found("q=an&category=women") == [("Adams, Ann", "1"), ("Egan, Eve", "3")]
    assert found("q=4&category=women") == []  # no. 4 is Dunne, not a woman


def test_file_played_is_the_files_rounds_whichever_round_is_shown(client: TestClient) -> None:
    key = kept(client)["event"]
    assert get(client, key, f"page?{LIST}&after_round=1")["rounds"] == {
        "played": 1, "scheduled": 3, "berger": False, "file_played": 3
    }  # fmt: skip
    # Three rounds, the third paired and not played: two played, the picker offers rounds 1 and 2.
    text = write_json(build_event("1 A: 2w1 3b= 4w*\n2 B: 1b0 4w1 3b*\n3 C: 4b= 1w= 2w*\n4 D: 3w= 2b0 1b*"))
    unfinished = kept(client, "", text.encode(), "unfinished.json")
    assert unfinished["rounds"] == {"played": 2, "scheduled": 3, "berger": False, "file_played": 2}
    after_one = get(client, unfinished["event"], "page?after_round=1")["rounds"]
    assert (after_one["played"], after_one["file_played"]) == (1, 2)


def test_bad_pickers_are_422s_naming_their_field(client: TestClient) -> None:
    key = kept(client)["event"]
    for what in ("page", "search"):
        two = refused(client, key, f"{what}?category=women,U16")
        assert two == {
            "message": "the page shows one category at a time (give one, such as women or women+U16)",
            "path": None, "line": None, "column": None, "field": "category",
        }  # fmt: skip
        unknown = refused(client, key, f"{what}?category=U15")
        assert unknown["field"] == "category" and unknown["message"].startswith("unknown category 'U15'")
        late = refused(client, key, f"{what}?after_round=4")
        assert late["field"] == "after_round"
        assert late["message"] == "the event has 3 rounds played (expected 1 to 3)"
    # Both together (women+U16) is one category: Clark alone.
    assert rows_of(get(client, key, "page?category=women%2BU16")) == [("Clark, Cat", "1", "5")]
    # A card is the whole event's: no category.
    assert refused(client, key, "player?start=1&category=women")["field"] == "category"


def test_a_team_event_has_no_category_of_players(client: TestClient) -> None:
    path = DATA / "teams" / "four_clubs_trf26.trf"
    page = kept(client, "", path.read_bytes(), path.name)
    assert page["categories"] == []
    message = "categories are of players: a team event's standings rank teams"
    for what in ("page", "search?q=a&"):
        error = refused(client, page["event"], f"{what}{'' if what.endswith('&') else '?'}category=women")
        assert (error["message"], error["field"]) == (message, "category")
    response = client.post("/api/events?category=women", files={"file": (path.name, path.read_bytes())})
    assert response.status_code == 422 and response.json()["error"]["field"] == "category"
