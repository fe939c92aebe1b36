"""Issue 22, the page's "What if" tab through its API: a kept event's ``/api/events/{key}/whatif`` with results
fixed, answered as ``sonneborn whatif --set`` answers (one path), on the hand-made round robin of four.

``tests/test_issue22_whatif.py`` works out the nine outcomes of its last round by hand (``a`` Adams's score
against Dunne, board 2; ``b`` Brown's against Clark, board 1 — Clark–Brown is board 1, its better score before
the round being Clark's 1½ against Dunne's 1). Fixing ``3.2=1-0`` (``a = 1``) leaves the rows ``b = 1, ½, 0``:
Adams 1, 2, 2; Brown 2, 3, 3; Clark 3, 1, 1; Dunne 4 each time. So Adams 1–2 (he has clinched second), Brown
2–3 (cannot win), Clark 1–3, Dunne 4–4. Fixing ``3.2=0-1`` (``a = 0``) leaves Brown 1, 2, 4; Clark 2, 1, 1;
Dunne 2, 3, 2; Adams 4, 4, 3: Adams 3–4, Brown 1–4, Clark 1–2, Dunne 2–3. With both games fixed
(``3.2=1-0,3.1=0-1``: ``a = b = 1``) every place is settled: Adams 1 (DE over Brown), Brown 2, Clark 3,
Dunne 4. The standings of ``a = 1`` alone count the games played: Adams 2, Clark 1½, Brown 1, Dunne ½.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from click.testing import CliRunner
from conftest import make_client

from sonneborn.cli import cli

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

DATA = Path(__file__).parents[1] / "data" / "whatif"
ROUND_ROBIN = DATA / "rr4_before_last.trf"
TEAMS = DATA / "team4_before_last.trf"
PAGE = {"X-Sonneborn-Client": "page"}


def _keep(client: TestClient, path: Path, query: str = "tiebreaks=DE,WIN") -> str:
    response = client.post(f"/api/events?{query}", files={"file": (path.name, path.read_bytes())}, headers=PAGE)
    assert response.status_code == 200, response.text
    key: str = response.json()["event"]
    return key


def _tab(client: TestClient, key: str, results: str, query: str = "tiebreaks=DE,WIN") -> Any:
    response = client.get(f"/api/events/{key}/whatif?{query}&results={results}")
    assert response.status_code == 200, response.text
    return response.json()


def _places(data: Any) -> dict[int, tuple[int, int, bool]]:
    return {row["start"]: (row["best"], row["worst"], row["can_win"]) for row in data["standings"]}


def test_fixing_a_result_changes_the_places_as_worked_out_by_hand() -> None:
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        before = _tab(client, key, "")
        won = _tab(client, key, "3.2=1-0")
        lost = _tab(client, key, "3.2=0-1")
        both = _tab(client, key, "3.2=1-0,3.1=0-1")
    assert _places(before) == {1: (1, 4, True), 2: (1, 4, True), 3: (1, 3, True), 4: (2, 4, False)}
    assert _places(won) == {1: (1, 2, True), 2: (2, 3, False), 3: (1, 3, True), 4: (4, 4, False)}
    assert _places(lost) == {1: (3, 4, False), 2: (1, 4, True), 3: (1, 2, True), 4: (2, 3, False)}
    assert _places(both) == {1: (1, 1, True), 2: (2, 2, False), 3: (3, 3, False), 4: (4, 4, False)}
    # The standings of the scenario, in their order, with the games played counted.
    assert [(row["start"], row["rank"], row["points"]) for row in won["standings"]] == [
        (1, 1, 2), (3, 2, 1.5), (2, 3, 1), (4, 4, 0.5),
    ]  # fmt: skip
    assert {row["start"]: row["clinched"] for row in won["standings"]} == {1: [2, 3], 2: [3], 3: [3], 4: []}
    assert (won["method"], won["runs"], both["runs"]) == ("exact", 3, 1)
    assert won["fixed"] == ["3.2=1-0"]


def test_the_tab_lists_the_games_still_to_be_played_board_by_board() -> None:
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        data = _tab(client, key, "3.2=½-½")
    boards = [(b["round"], b["board"], b["white"]["name"], b["black"]["name"], b["set"]) for b in data["boards"]]
    assert boards == [(3, 1, "Clark, Cid", "Brown, Bob", None), (3, 2, "Adams, Ann", "Dunne, Dan", "½-½")]
    assert data["boards"][0]["results"] == ["1-0", "½-½", "0-1"]
    assert data["boards_total"] == 2 and data["competitors"] == "players"


def test_the_tab_answers_as_the_command_with_set() -> None:
    """One path: the CLI's --set and the API's results give the same answer."""
    runner = CliRunner()
    command = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "--set", "3.2=1/2-1/2", "-f", "json"])
    assert command.exit_code == 0, command.output
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        tab = _tab(client, key, "3.2=1/2-1/2")
        posted = client.post(
            "/api/whatif?tiebreaks=DE,WIN&results=3.2=0.5-0.5", files={"file": ("rr.trf", ROUND_ROBIN.read_bytes())}
        )
    assert posted.status_code == 200, posted.text
    expected = json.loads(command.stdout)
    # The tab adds the places as the terminal table writes them (a bound as "3–6") and the points as the language
    # writes them, what decides first place in the language (English here, as the command's); the rest is the
    # command's.
    shown = [
        {k: v for k, v in row.items() if k not in ("best_text", "worst_text", "points_text", "decides_text")}
        for row in tab["standings"]
    ]
    assert shown == expected["standings"] == posted.json()["standings"]
    assert [(row["best_text"], row["worst_text"]) for row in tab["standings"]] == [
        (str(row["best"]), str(row["worst"])) for row in expected["standings"]
    ]
    assert [row["decides_text"] for row in tab["standings"]] == [row["decides"] for row in expected["standings"]]
    # The notes the command's, but the exact method's hint of its options for the chances, which the page has not.
    hint = "; chances are the simulation's (--method simulation, --chances)"
    assert any(note.endswith(hint) for note in expected["notes"])
    assert tab["notes"] == [note.removesuffix(hint) for note in expected["notes"]]


@pytest.mark.parametrize(
    ("results", "says"),
    [
        ("3.3=1-0", "round 3 has no board 3 still to be played"),
        ("2.1=1-0", "round 2 has no board 1 still to be played"),
        ("3.1=2-0", "expected one of 1-0, ½-½, 0-1"),
        ("3.1", "expected ROUND.BOARD=RESULT"),
        ("3.1=1-0,3.1=0-1", "round 3 board 1 is fixed twice"),
    ],
)
def test_a_bad_fixed_result_is_the_parameters_error(results: str, says: str) -> None:
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        response = client.get(f"/api/events/{key}/whatif?tiebreaks=DE,WIN&results={results}")
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["field"] == "results" and says in error["message"], error
    runner = CliRunner()
    command = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "--set", results])
    assert command.exit_code == 2 and "--set: fixed result" in command.stderr and says in command.stderr


def test_a_team_match_is_fixed_by_its_score() -> None:
    """The team round robin (two boards, MP 2-1-0, DE) is the individual one with matches: Alpha–Delta is
    Adams–Dunne, board 2 of round 3 (Beta–Gamma board 1, Beta's first board White). Alpha winning it 2-0 is
    ``a = 1``: Alpha's places are Adams's, 1–2, and Delta's Dunne's, 4."""
    with make_client() as client:
        key = _keep(client, TEAMS, "tiebreaks=DE")
        data = _tab(client, key, "3.2=2-0", "tiebreaks=DE")
    assert data["competitors"] == "teams"
    assert [(b["board"], b["white"]["name"], b["black"]["name"]) for b in data["boards"]] == [
        (1, "Beta", "Gamma"), (2, "Alpha", "Delta"),
    ]  # fmt: skip
    assert data["boards"][0]["results"] == ["2-0", "1½-½", "1-1", "½-1½", "0-2"]
    assert _places(data)[1][:2] == (1, 2) and _places(data)[4][:2] == (4, 4)


def test_a_bigger_event_is_answered_a_page_at_a_time_under_300_kb() -> None:
    """400 players before their last round (its games made unplayed again), 100 of the games listed, 100 rows of
    400, simulated. (The server's budget refuses the whatif of much bigger events, as POST /api/whatif does.)"""
    from builders import last_round_open
    from test_generate import generate

    from sonneborn.formats.trf.write import write_trf
    from sonneborn.pipeline import read_text

    played = read_text(str(generate.to_trf(generate.swiss(400, 9))), path="swiss.trf").event.tournament
    trf = write_trf(last_round_open(played))
    games = sum(1 for p in played.players if p.entries[8].opponent is not None and p.entries[8].kind.is_played) // 2
    with make_client() as client:
        response = client.post("/api/events", files={"file": ("big.trf", trf.encode())}, headers=PAGE)
        assert response.status_code == 200, response.text
        key = response.json()["event"]
        tab = client.get(f"/api/events/{key}/whatif?tiebreaks=BH&runs=200&results=9.1=1-0&offset=100")
    assert tab.status_code == 200, tab.text
    assert len(tab.content) < 300_000
    data = tab.json()
    assert (data["total"], data["offset"], len(data["standings"]), data["method"]) == (400, 100, 100, "simulation")
    assert (data["boards_total"], len(data["boards"]), data["boards"][0]["set"]) == (games, 100, "1-0")


@pytest.mark.parametrize(
    ("query", "field", "spanish"),
    [
        (
            "rank_by=GF",
            "rank_by",
            "la pestaña «Qué pasaría si» clasifica por puntos (o por la puntuación principal de un evento por "
            "equipos): ponga «Clasificar por» en «Puntos» para verla",
        ),
        (
            "lots=5",
            "lots",
            "la pestaña «Qué pasaría si» cuenta los puestos compartidos como compartidos: borre el sorteo en "
            "«Avanzado» para verla",
        ),
    ],
)
def test_the_tab_refuses_what_whatif_cannot_do_in_the_pages_words(query: str, field: str, spanish: str) -> None:
    """Issue 21: the tab names the page's controls (Rank by, Advanced), never the command line's flags; the API's
    own /api/whatif keeps its words."""
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        tab = client.get(f"/api/events/{key}/whatif?{query}&lang=es")
        english = client.get(f"/api/events/{key}/whatif?{query}")
        api = client.post(f"/api/whatif?{query}", files={"file": (ROUND_ROBIN.name, ROUND_ROBIN.read_bytes())})
    assert tab.status_code == 422, tab.text
    assert (tab.json()["error"]["field"], tab.json()["error"]["message"]) == (field, spanish)
    assert "--" not in english.json()["error"]["message"] and "What if tab" in english.json()["error"]["message"]
    assert api.status_code == 422 and f"--{field.replace('_', '-')}" in api.json()["error"]["message"]


def test_the_tab_says_how_many_rows_are_left_as_bounds_and_the_effort_asked() -> None:
    # The round robin's nine outcomes are enumerated: every place exact, nothing for "Prove more places".
    with make_client() as client:
        key = _keep(client, ROUND_ROBIN)
        data = _tab(client, key, "", "tiebreaks=DE,WIN&proof_effort=3")
    assert (data["method"], data["bounds"], data["proof_effort"], data["proof_effort_limit"]) == ("exact", 0, 3, 100)
