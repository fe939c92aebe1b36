"""Issue 20, step 3 (teamrank): the team event as an engine event, its rows the teams, and its ranking.

The four clubs file (``tests/data/teams/four_clubs_trf26.trf``) is worked out in ``tests/test_team_read.py``:
MP 3-1-0 (record 362), two boards, totals Alpha 7 MP / 3½ GP, Beta 0 / 1 (a penalty of −1 MP −½ GP), Gamma
5 / 4, Delta 3 / 2½.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from sonneborn.errors import TiebreakError
from sonneborn.formats.trf import read_trf_teams
from sonneborn.ranking import rank
from sonneborn.teams import TeamEvent, team_event, teams_of
from sonneborn.tiebreaks import parse_list

DATA = Path(__file__).resolve().parent / "data"
FOUR_CLUBS = DATA / "teams" / "four_clubs_trf26.trf"
F = Fraction


def four_clubs() -> TeamEvent:
    return read_trf_teams(FOUR_CLUBS.read_text(encoding="utf-8"), path="four.trf")


def test_the_rows_are_the_teams_with_both_scores() -> None:
    teams = four_clubs()
    event = team_event(teams)
    assert list(event.roster.names) == ["Alpha", "Beta", "Gamma", "Delta"]
    assert event.table.primary == "MP" and list(event.table.scores) == ["MP", "GP"]
    mp, gp = event.table.scores["MP"], event.table.scores["GP"]
    assert [F(int(v), mp.unit) for v in mp.totals] == [7, 0, 5, 3]
    assert [F(int(v), gp.unit) for v in gp.totals] == [F(7, 2), 1, 4, F(5, 2)]
    # A match's win, draw and loss: 3-1-0 MP; on two boards of 1-½-0, 2, 1 and 0 GP (Art. 16's draw: 1 GP).
    assert (F(mp.win, mp.unit), F(mp.draw, mp.unit), F(mp.loss, mp.unit)) == (F(3), F(1), F(0))
    assert (F(gp.win, gp.unit), F(gp.draw, gp.unit), F(gp.loss, gp.unit)) == (F(2), F(1), F(0))
    assert teams_of(event) is teams and event.teams is teams
    assert team_event(teams, primary="GP").table.score is not None


def test_rating_codes_are_refused_for_teams_and_team_data_for_individuals() -> None:
    event = team_event(four_clubs())
    with pytest.raises(TiebreakError, match=r"^ARO: Average rating of opponents reads the players' ratings"):
        rank(event, parse_list("BH,ARO"))
    with pytest.raises(TiebreakError, match="no team event"):
        teams_of(four_clubs().event)
