"""Issue 20: ``--match-points`` (a won, drawn and lost match's MP) and ``--points`` (each board's game points) on a
team event, parsed once into the request, every match built again from the file.

Two teams of two boards play twice (by hand): round 1, Adams beats Clark and Brown draws Dunne, so Alpha wins
1½–½; round 2, both boards are drawn, a drawn match 1–1. Under 2-1-0 Alpha has 2 + 1 = 3 MP and Beta 0 + 1 = 1;
under 3-1-0, 4 and 1; under 3-2-0 (``3,2,0``), 5 and 2. Game points 1-½-0 give Alpha 1½ + 1 = 2½ and Beta ½ + 1
= 1½; game points 2-1-0 double them, 5 and 3, and change no match's result.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.pipeline import Request, read_text, standings

LINES = [
    "012 Two clubs, twice",
    "013 Alpha                              1    2",
    "013 Beta                               3    4",
    f"{'001    1      Adams, Ann':<91}   3 w 1     3 b =",
    f"{'001    2      Brown, Bob':<91}   4 b =     4 w =",
    f"{'001    3      Clark, Cid':<91}   1 b 0     1 w =",
    f"{'001    4      Dunne, Dan':<91}   2 w =     2 b =",
]
TEXT = "\n".join(LINES) + "\n"


def _scores(options: dict[str, str]) -> dict[str, tuple[float, float]]:
    request = Request.parse(tiebreaks="MPvGP", points=options.get("points"), match_points=options.get("match_points"))
    result = standings(read_text(TEXT, path="two.trf"), request)
    rows = {}
    for row in range(result.event.players):
        name = result.event.roster.names[row]
        rows[name] = (float(result.points.number(row) or 0), float(result.columns[0].number(row) or 0))
    return rows


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {"Alpha": (3, 2.5), "Beta": (1, 1.5)}),
        ({"match_points": "3,1,0"}, {"Alpha": (4, 2.5), "Beta": (1, 1.5)}),
        ({"match_points": "3,2,0"}, {"Alpha": (5, 2.5), "Beta": (2, 1.5)}),
        ({"points": "2,1,0"}, {"Alpha": (3, 5), "Beta": (1, 3)}),
        ({"points": "2,1,0", "match_points": "3,1,0"}, {"Alpha": (4, 5), "Beta": (1, 3)}),
    ],
)
def test_match_and_game_points_as_asked(options: dict[str, str], expected: dict[str, tuple[float, float]]) -> None:
    assert _scores(options) == expected


def test_the_command_takes_match_points(tmp_path: Path) -> None:
    path = tmp_path / "two.trf"
    path.write_text(TEXT, encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "--match-points", "3,1,0", "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["standings"]
    assert [(row["name"], row["points"], row["secondary"]) for row in rows] == [("Alpha", 4, 2.5), ("Beta", 1, 1.5)]


def test_match_points_are_refused_for_an_individual_event_and_when_malformed(tmp_path: Path) -> None:
    single = tmp_path / "single.trf"
    single.write_text("\n".join(line for line in LINES if not line.startswith("013")) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(single), "--match-points", "3,1,0"])
    assert result.exit_code == 2
    assert "--match-points: only a team event has match points" in result.output
    path = tmp_path / "two.trf"
    path.write_text(TEXT, encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "--match-points", "3,x,0"])
    assert result.exit_code == 2
    assert "--match-points: match points '3,x,0': the draw 'x' is not a point value" in result.output
