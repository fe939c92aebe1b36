"""Every published answer of FIDE TEC's tie-break exercise (Held 2024), one test case per value.

# Source: tests/data/answers/published.toml, which names the page and table of each value.
"""

from __future__ import annotations

import pytest
from answers import DATA, Cell, check, load, params, tournament

from sonneborn.formats import read_path
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse

FILE = "published.toml"


@pytest.mark.parametrize("cell", params(FILE))
def test_published_value(cell: Cell) -> None:
    check(cell)


def test_the_transcribed_event_is_the_fixture() -> None:
    # The rounds of published.toml are the fixture's (tests/data/held, the TRF written from the CSV), names
    # and ratings aside.
    fixture = read_path(DATA / "held" / "fide_tec_exercise_2023.trf")
    assert [p.entries for p in tournament(FILE, "held")] == [p.entries for p in fixture]


def test_the_scores_are_the_published_ones() -> None:
    # Section 2 (p. 5) and Exercise 25 (p. 43) print every score: a typo in the lines would show here.
    published = {
        "held": "3.5 4 3.5 3.5 2.5 3 1.5 2.5 1.5 1 2.5 2 1.5 2 2 3.5",
        "held-9": "6 6 6.5 6 4 6 4.5 4.5 3 4 3.5 3 2.5 4 4 4.5",
        "held-rr": "3.5 3.5 3.5 1.5 1.5 1.5",
    }
    assert set(load(FILE)["events"]) == set(published)
    for name, scores in published.items():
        standings = rank(tournament(FILE, name), [parse("PTS")])
        assert [str(float(standings.row(s).points)) for s in range(1, len(standings.rows) + 1)] == [
            str(float(x)) for x in scores.split()
        ], name
