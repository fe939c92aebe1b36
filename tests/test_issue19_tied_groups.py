"""Issue 19, "Output quadratic in a tie group": every output grows with the players tied, not their square.

A member's DE derivation once named the whole tied group, so that 3,000 players without a game yet (one group)
made a report of 235 MB. Each output is measured here for a group of n and of 2n players, without games and
after one round of draws (n/2 games inside the group): doubling the players must not much more than double it.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from builders import trf_player
from click.testing import CliRunner

from sonneborn.cli import cli

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

SMALL, LARGE = 200, 400
GROWTH = 2.5
"""The most an output may grow when the players double (linear: 2, and a little for the longer numbers)."""


def untied(players: int) -> str:
    """A TRF of players entered and no game played yet: one tied group."""
    return "012 No games yet\n" + "".join(f"001 {start:4d}      Player {start}\n" for start in range(1, players + 1))


def drawn(players: int) -> str:
    """A TRF after one round in which every game was drawn: one group tied on ½ with players/2 games in it."""
    lines = ["012 One round of draws"]
    for start in range(1, players + 1):
        opponent, colour = (start + 1, "w") if start % 2 else (start - 1, "b")
        lines.append(trf_player(start, f"Player {start}", "0.5", [f"{opponent:4d} {colour} ="]))
    return "\n".join(lines) + "\n"


def cli_output(text: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["standings", "-", *args], input=text, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def crosstable_output(text: str, *args: str) -> str:
    result = CliRunner().invoke(cli, ["crosstable", "-", *args], input=text, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


OUTPUTS: dict[str, Callable[[str], str]] = {
    "table": lambda text: cli_output(text),
    "json": lambda text: cli_output(text, "-f", "json"),
    "csv": lambda text: cli_output(text, "-f", "csv"),
    "md": lambda text: cli_output(text, "-f", "md"),
    "html": lambda text: cli_output(text, "-f", "html"),
    "trf": lambda text: cli_output(text, "-f", "trf"),
    "json --explain": lambda text: cli_output(text, "-f", "json", "--explain", "1", "--explain", "2"),
    "--explain": lambda text: cli_output(text, "--explain", "1", "--explain", "2"),
    "crosstable": lambda text: crosstable_output(text),
    "crosstable html": lambda text: crosstable_output(text, "-f", "html"),
}


@pytest.mark.parametrize("event", [untied, drawn], ids=["no games", "one round drawn"])
@pytest.mark.parametrize("output", list(OUTPUTS))
def test_issue19_every_output_grows_linearly_with_a_tied_group(output: str, event: Callable[[int], str]) -> None:
    small, large = (len(OUTPUTS[output](event(players))) for players in (SMALL, LARGE))
    assert large < GROWTH * small, (output, small, large)


def test_issue19_the_explanation_of_one_player_does_not_grow_with_his_group() -> None:
    # One player's DE line is the group in a few words and his own games: the same length for 200 tied as for 400.
    def de_line(players: int) -> str:
        [line] = [
            line for line in cli_output(drawn(players), "--explain", "3").splitlines() if line.startswith("  DE ")
        ]
        return line

    assert de_line(SMALL) == (
        "  DE 0: 200 players tied on 0.5 points, 100 games among them (not everyone met); "
        "separate score 0.5 = 0.5 (Player 4)"
    )
    assert de_line(LARGE) == de_line(SMALL).replace("200 players", "400 players").replace("100 games", "200 games")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    from starlette.exceptions import StarletteDeprecationWarning

    from sonneborn.web import create_app

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`", StarletteDeprecationWarning)
        from fastapi.testclient import TestClient

    with TestClient(create_app(workers=0), base_url="http://localhost") as client:
        yield client


@pytest.mark.parametrize("event", [untied, drawn], ids=["no games", "one round drawn"])
@pytest.mark.parametrize("path", ["/api/report", "/api/explain", "/api/standings?format=html"])
def test_issue19_the_apis_answers_grow_linearly_with_a_tied_group(
    client: TestClient, path: str, event: Callable[[int], str]
) -> None:
    sizes = []
    for players in (SMALL, LARGE):
        response = client.post(path, content=event(players).encode(), headers={"content-type": "text/plain"})
        assert response.status_code == 200, response.text
        sizes.append(len(response.content))
    assert sizes[1] < GROWTH * sizes[0], (path, sizes)


def test_issue19_the_report_gives_each_member_his_group_once(client: TestClient) -> None:
    response = client.post("/api/report", content=drawn(SMALL).encode(), headers={"content-type": "text/plain"})
    assert response.status_code == 200, response.text
    players = response.json()["rows"]
    found = {player["start"]: player["explanations"]["DE"] for player in players}
    assert found[1] == (
        "DE 0: 200 players tied on 0.5 points, 100 games among them (not everyone met); "
        "separate score 0.5 = 0.5 (Player 2)"
    )
    assert all("(Player 7)" not in text for start, text in found.items() if start not in (7, 8)), "others not named"
    assert json.dumps(response.json()).count("200 players tied") == 3 * SMALL  # explanation, line, crosstable title
