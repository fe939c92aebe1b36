"""Issue 20 (teamcmd): the web API and the page take team files and answer the team standings.

The four clubs file is worked out in ``tests/test_issue20_teamcmd.py``'s docstring: ranked by MP Alpha 7 (3½ GP),
Gamma 5 (4), Delta 3 (2½), Beta 0 (1); by GP Gamma, Alpha, Delta, Beta. Alpha's BH:MP/C1 is 8.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conftest import make_client

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

FOUR_CLUBS = Path(__file__).resolve().parents[1] / "data" / "teams" / "four_clubs_trf26.trf"
BY_MP = [("Alpha", 7, 3.5), ("Gamma", 5, 4), ("Delta", 3, 2.5), ("Beta", 0, 1)]


def post(client: TestClient, endpoint: str, **data: str) -> Any:
    files = {"file": ("four.trf", FOUR_CLUBS.read_bytes())}
    return client.post(f"/api/{endpoint}", files=files, data=data)


def test_api_standings_of_a_team_file_are_the_team_json() -> None:
    with make_client() as client:
        response = post(client, "standings", tiebreaks="MPvGP,BH:MP/C1")
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["event"]["competitors"] == "teams" and data["event"]["boards"] == 2
    assert [(row["name"], row["points"], row["secondary"]) for row in data["standings"]] == BY_MP
    assert data["standings"][0]["values"] == {"MPvGP": 3.5, "BH:MP/C1": 8}


def test_api_team_standings_by_game_points_as_csv() -> None:
    with make_client() as client:
        response = post(client, "standings", format="csv", primary="gp", tiebreaks="MPvGP")
    assert response.status_code == 200, response.text
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0] == ["rank", "team", "name", "GP", "MP", "MPvGP"]
    # By GP, MPvGP is the MP.
    assert [(row[2], float(row[3]), float(row[4]), float(row[5])) for row in rows[1:]] == [
        ("Gamma", 4, 5, 5), ("Alpha", 3.5, 7, 7), ("Delta", 2.5, 3, 3), ("Beta", 1, 0, 0)
    ]  # fmt: skip


def test_api_writes_a_team_trf_and_refuses_a_primary_score_for_individuals() -> None:
    with make_client() as client:
        trf = post(client, "standings", format="trf")
        primary = client.post("/api/standings", files={"file": ("x.tsv", b"\tPlayer\t1\t2\n1\tA\tX\t1\n2\tB\t0\tX\n")},
                              data={"primary": "GP"})  # fmt: skip
    assert trf.status_code == 200, trf.text
    # The team records with each team's rank by MP (Alpha 7, Gamma 5, Delta 3, Beta 0): columns 69-71 of 310.
    ranks = {line[4:7].strip(): line[68:71].strip() for line in trf.text.splitlines() if line.startswith("310")}
    assert ranks == {"1": "1", "2": "4", "3": "2", "4": "3"}
    assert primary.status_code == 422
    assert primary.json()["error"]["message"] == "only a team event has a primary score to choose (MP or GP)"


def test_api_explain_a_team_by_name_and_every_team() -> None:
    with make_client() as client:
        one = post(client, "explain", player="gamma", tiebreaks="MPvGP")
        every = post(client, "explain", tiebreaks="MPvGP")
    assert one.status_code == 200, one.text
    (gamma,) = one.json()["explanations"]
    # Gamma: won 1½–½ (3 MP), drew 1–1 (1 MP), a pairing-allocated bye (3 MP, 1½ GP: record 320).
    assert (gamma["start"], gamma["name"], gamma["rank"]) == (3, "Gamma", 2)
    assert gamma["lines"][1].startswith("  MP 5 = ") and gamma["lines"][2].startswith("  MPvGP 4 = ")
    assert [entry["name"] for entry in every.json()["explanations"]] == ["Alpha", "Beta", "Gamma", "Delta"]


def test_api_report_of_a_team_file() -> None:
    with make_client() as client:
        response = post(client, "report", tiebreaks="MPvGP,BH:MP/C1")
    assert response.status_code == 200, response.text
    report = response.json()
    assert report["competitors"] == "teams"
    assert report["scores"] == [
        {"heading": "MP", "title": "match points", "code": "MP"},
        {"heading": "GP", "title": "game points", "code": "GP"},
    ]
    assert [(row["name"], row["scores"]) for row in report["rows"]] == [
        ("Alpha", ["7", "3.5"]), ("Gamma", ["5", "4"]), ("Delta", ["3", "2.5"]), ("Beta", ["0", "1"])
    ]  # fmt: skip
    assert report["standings"]["event"]["competitors"] == "teams"
    assert report["rows"][0]["explanations"]["BH:MP/C1"].startswith("BH:MP/C1 8 = 5 (Gamma) + 3 (round 3")


def test_issue20_a_team_s_explanations_file_its_score_under_its_name() -> None:
    # The primary score goes by its name, as the codes name it (BH:MP/C1), never PTS: Alpha's 7 MP are 3 (won
    # 1½–½ against Beta, 3-1-0) + 1 (drew with Gamma) + 3 (forfeit win, Delta); its 3½ GP are 1½ + 1 + 1.
    with make_client() as client:
        report = post(client, "report", tiebreaks="MPvGP")
        by_gp = post(client, "report", tiebreaks="MPvGP", primary="GP")
        explained = post(client, "explain", player="alpha", tiebreaks="MPvGP", primary="GP")
    assert report.status_code == by_gp.status_code == explained.status_code == 200, report.text
    alpha = next(row for row in report.json()["rows"] if row["name"] == "Alpha")
    assert set(alpha["explanations"]) == {"MP", "MPvGP"}
    assert alpha["explanations"]["MP"].startswith("MP 7 = 3 (round 1: won against Beta) + 1 (round 2")
    assert [line.split()[0] for line in alpha["explanations"].values()] == ["MP", "MPvGP"]
    alpha = next(row for row in by_gp.json()["rows"] if row["name"] == "Alpha")
    assert alpha["explanations"]["GP"].startswith("GP 3.5 = 1½ (round 1: won against Beta) + 1 (round 2")
    assert by_gp.json()["scores"][0]["code"] == "GP"
    (one,) = explained.json()["explanations"]
    assert set(one["values"]) == {"GP", "MPvGP"} and one["values"]["GP"] == alpha["explanations"]["GP"]


def test_api_takes_match_points() -> None:
    # The two clubs of tests/test_issue20_match_points.py, by hand: Alpha won a match and drew one, Beta lost one
    # and drew one; under 3-1-0 Alpha has 4 MP and Beta 1, under 3-2-0 5 and 2; GP 2½ and 1½ whatever the MP.
    from test_issue20_match_points import TEXT

    def ask(client: TestClient, match_points: str) -> Any:
        files = {"file": ("two.trf", TEXT.encode())}
        return client.post("/api/standings", files=files, data={"match_points": match_points, "format": "json"})

    with make_client() as client:
        three, other, bad = ask(client, "3,1,0"), ask(client, "3,2,0"), ask(client, "3,x,0")
    for response, expected in (
        (three, [("Alpha", 4, 2.5), ("Beta", 1, 1.5)]),
        (other, [("Alpha", 5, 2.5), ("Beta", 2, 1.5)]),
    ):
        assert response.status_code == 200, response.text
        assert [(row["name"], row["points"], row["secondary"]) for row in response.json()["standings"]] == expected
    assert bad.status_code == 422
    assert bad.json()["error"]["field"] == "match_points"
