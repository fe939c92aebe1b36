"""Issue 20, the remaining correctness items (teamgen): EDE with /P, on a team event worked out by hand.

``tests/data/teams/forfeit_tie.trf``: four teams, two boards, three rounds, MP 2-1-0. Round 1: Ash beats Birch
by a forfeited match (330 ``+-``: 2 MP, 2 GP; Birch 0, 0), Damson beats Cedar 2-0. Round 2: Ash beats Cedar
1½-½, Birch beats Damson 1½-½. Round 3: Damson beats Ash 2-0, Birch beats Cedar 2-0. Totals: Ash 4 MP / 3½ GP
(2 + 1½ + 0), Birch 4 / 3½ (0 + 1½ + 2), Damson 4 / 4½ (2 + ½ + 2), Cedar 0 / ½.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle import teams as T
from oracle.team_reader import read_team_event

from sonneborn.pipeline import Request, read, standings
from sonneborn.ranking import rank
from sonneborn.teams import team_event
from sonneborn.tiebreaks import parse

DATA = Path(__file__).resolve().parent / "data"
FORFEIT_TIE = DATA / "teams" / "forfeit_tie.trf"
ASH, BIRCH, CEDAR, DAMSON = 1, 2, 3, 4


def places(code: str, primary: str = "MP") -> dict[int, int]:
    event = team_event(read(FORFEIT_TIE).teams or pytest.fail("no teams"), primary=primary)
    column = rank(event, [parse(code)]).columns[0]
    return {team: int(column.number(team - 1) or 0) for team in (ASH, BIRCH, CEDAR, DAMSON)}


def test_ede_without_p_leaves_out_the_forfeited_match() -> None:
    # Tied on 4 MP: Ash, Birch, Damson. Among them (6.1.1, forfeits out): Ash lost to Damson (0 MP), Birch beat
    # Damson (2), Damson beat Ash (2); Ash-Birch is missing and could give either 2 MP, so nobody is first
    # whatever it gives (6.3): Birch 2 is caught by Ash 0 + 2, Damson 2 too. On GP (13.3.1): Ash 0, Birch 1½,
    # Damson ½ + 2 = 2½; the missing match gives up to 2 GP: Birch 1½ + 2 passes Damson. Nobody separated.
    assert places("EDE") == {ASH: 0, BIRCH: 0, CEDAR: 0, DAMSON: 0}
    assert places("DE") == places("DE/P") == {ASH: 0, BIRCH: 0, CEDAR: 0, DAMSON: 0}


def test_ede_p_counts_the_forfeited_match_as_played_as_de_p_does() -> None:
    # /P (6.1.1): the forfeit counts as a match played: all three met. On MP, Ash 2 (the forfeit) + 0, Birch 0 +
    # 2, Damson 0 + 2: all 2, DE/P separates nobody (6.2), hence DE/P 0 above. On GP, 13.3.1's next step: Ash
    # 2 + 0 = 2, Birch 0 + 1½ = 1½, Damson ½ + 2 = 2½: Damson, Ash, Birch, each alone.
    assert places("EDE/P") == {DAMSON: 1, ASH: 2, BIRCH: 3, CEDAR: 0}
    # The Art. 12 options add nothing here: no two teams are left tied.
    for code in ("EDET/P", "EDEB/P", "EDEBT/P", "EDEBB/P"):
        assert places(code) == places("EDE/P"), code
    # Ranked by GP, Damson (4½) stands alone and Ash and Birch (3½) are tied: DE/P on GP (2 against 0 in
    # their forfeited match) puts Ash first; without /P they never met and stay tied.
    assert places("EDE/P", "GP") == {ASH: 1, BIRCH: 2, CEDAR: 0, DAMSON: 0}
    assert places("EDE", "GP") == {ASH: 0, BIRCH: 0, CEDAR: 0, DAMSON: 0}


def test_the_oracle_reads_ede_p_alike() -> None:
    event = read_team_event(FORFEIT_TIE)
    assert T.order_group(event, [ASH, BIRCH, DAMSON], "EDE") == [[ASH, BIRCH, DAMSON]]
    assert T.order_group(event, [ASH, BIRCH, DAMSON], "EDE/P") == [[DAMSON], [ASH], [BIRCH]]
    assert T.order_group(event, [ASH, BIRCH], "EDE/P", T.GP) == [[ASH], [BIRCH]]


def test_a_file_stating_edet_p_is_ranked_by_it(tmp_path: Path) -> None:
    # FIDE's TEC sample states 202 EDET/P: the list is the file's, read as written.
    path = tmp_path / "stated.trf"
    path.write_text(FORFEIT_TIE.read_text(encoding="utf-8") + "202 EDET/P\n", encoding="utf-8")
    reading = read(path)
    found = standings(reading, Request.parse())
    assert found.codes == ["EDET/P"]
    assert [int(found.ranks[team - 1]) for team in (DAMSON, ASH, BIRCH, CEDAR)] == [1, 2, 3, 4]
    derivation = found.column("EDET/P").value(DAMSON - 1).note
    assert derivation is not None and derivation.startswith("DE on GP, Ash, Birch, Damson")
