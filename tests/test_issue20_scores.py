"""Issue 20, step 1: the score out of the table. A code names its score (``BH:MP``, ``SB:GP``) and its kernel runs
on the context of that score; an individual event has one score, ``PTS``.

The team event below is built by hand as arrays (the team-file reader is another step): four teams of four
boards in a round robin, match points 2–1–0 and game points, the board points summed.

- round 1: T1–T2 3–1, T3–T4 2–2
- round 2: T1–T3 2½–1½, T2–T4 1–3
- round 3: T1–T4 1–3, T2–T3 2–2

Match points: T1 4 (W W L), T2 1 (L L D), T3 2 (D L D), T4 5 (D W W).
Game points: T1 6½ (3 + 2½ + 1), T2 4 (1 + 1 + 2), T3 5½ (2 + 1½ + 2), T4 8 (2 + 3 + 3).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import TiebreakError
from sonneborn.event import CODE, Event, Roster, Table, build_score
from sonneborn.model import EventInfo, EventKind, PointSystem, ResultKind
from sonneborn.ranking import rank
from sonneborn.tiebreaks import Context, Spec, parse, parse_list

W, D, L = CODE[ResultKind.WIN], CODE[ResultKind.DRAW], CODE[ResultKind.LOSS]
F = Fraction


def team_event() -> Event:
    """The four teams above, ranked by match points."""
    opponent = np.array([[1, 2, 3], [0, 3, 2], [3, 0, 1], [2, 1, 0]], dtype=np.int64)
    kind = np.array([[W, W, L], [L, L, D], [D, L, D], [D, W, W]], dtype=np.int8)
    colour = np.zeros((4, 3), dtype=np.int8)
    game_points: list[list[Fraction | int]] = [[3, F(5, 2), 1], [1, 1, 2], [2, F(3, 2), 2], [2, 3, 3]]
    nothing = [F(0)] * 4
    match_points = build_score(kind, PointSystem(F(2), F(1), F(0)), np.zeros((4, 3), dtype=bool), [], nothing)
    # Game points are the boards' sums, set round by round; a drawn match is worth 2 of them (4 boards).
    awarded = np.ones((4, 3), dtype=bool)
    flat = [F(value) for row in game_points for value in row]
    games = build_score(kind, PointSystem(F(4), F(2), F(0)), awarded, flat, nothing)
    table = Table(opponent, kind, colour, np.zeros(4, dtype=np.int64), {"MP": match_points, "GP": games}, "MP")
    names = [f"T{n}" for n in range(1, 5)]
    empty = [""] * 4
    roster = Roster(names, empty, empty, empty, [None] * 4, empty, [None] * 4, [None] * 4, [()] * 4)
    return Event(table, roster, EventInfo(name="Teams"))


def values(event: Event, codes: str) -> dict[str, list[Fraction | None]]:
    standings = rank(event, parse_list(codes))
    return {key: [standings.column(key).number(row) for row in range(event.players)] for key in standings.codes}


def test_a_code_names_its_score_after_a_colon_before_the_modifiers() -> None:
    assert Spec.parse("bh:mp/c1") == Spec("BH", cut_low=1, score="MP")
    assert str(Spec.parse("BH:MP-C1")) == "BH:MP/C1"
    assert str(Spec.parse(" sb:gp / p ")) == "SB:GP/P"
    assert Spec.parse("BH/C1").score is None
    assert parse("SB:GP").code == "SB"
    # A colon before a modifier is no score: the registry's suggestion stays what it was.
    with pytest.raises(TiebreakError, match="did you mean BH/C1"):
        parse("BH:C1")


def test_the_ranking_hands_each_kernel_the_context_of_its_score() -> None:
    found = values(team_event(), "BH,BH:GP,SB:GP,SB:MP,FB:GP,FB:MP")
    # BH of match points (the primary score): T1's opponents T2, T3, T4 have 1 + 2 + 5, T2's T1, T4, T3 4 + 5 + 2.
    assert found["BH"] == [8, 11, 10, 7]
    # Of game points: T1's opponents 4 + 5½ + 8; T2's 6½ + 5½ + 8; T3's 6½ + 4 + 8; T4's 6½ + 4 + 5½.
    assert found["BH:GP"] == [F(35, 2), 20, F(37, 2), 16]
    # SB of game points: T1 3×4 + 2½×5½ + 1×8 = 33¾; T4 2×5½ + 3×4 + 3×6½ = 42½.
    assert found["SB:GP"][0] == F(135, 4)
    assert found["SB:GP"][3] == F(85, 2)
    # SB of match points: T1 2×1 (T2) + 2×2 (T3) + 0×5 (T4) = 6.
    assert found["SB:MP"][0] == 6
    # Fore Buchholz draws the final round in each score at its own draw's value: T1–T4 becomes 2–2 and 1–1.
    # Game points then: T2 4, T3 5½, T4 7; match points: T2 1, T3 2, T4 4.
    assert found["FB:GP"][0] == F(33, 2)
    assert found["FB:MP"][0] == 7


def test_points_are_the_primary_score_and_keys_keep_the_score_named() -> None:
    standings = rank(team_event(), parse_list("SB:GP,BH"))
    assert standings.codes == ["SB:GP", "BH"]
    assert [standings.points.number(row) for row in range(4)] == [4, 1, 2, 5]
    assert standings.starts == [4, 1, 3, 2]


def test_a_score_the_event_does_not_have_is_an_error_naming_the_code_and_the_scores() -> None:
    with pytest.raises(TiebreakError) as error:
        rank(team_event(), parse_list("BH,BH:PTS/C1"))
    assert str(error.value) == "BH:PTS/C1: the event has no score PTS (it has MP, GP)"


def test_an_individual_event_has_points_only() -> None:
    from sonneborn.demo import seed_event

    event = Event.of(seed_event())
    assert list(event.table.scores) == ["PTS"]
    named = values(event, "BH:PTS,SB:PTS,SB")
    assert named["BH:PTS"] == values(event, "BH")["BH"]
    assert named["SB:PTS"] == named["SB"]
    with pytest.raises(TiebreakError, match=r"^BH:MP/C1: the event has no score MP \(it has PTS\)$"):
        rank(event, parse_list("BH:MP/C1"))


def test_the_command_says_the_missing_score_in_one_line(tmp_path: Path) -> None:
    from sonneborn.demo import seed_text

    path = tmp_path / "seed.tsv"
    path.write_text(seed_text(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-t", "SB,BH:MP/C1"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == ["sonneborn: error: BH:MP/C1: the event has no score MP (it has PTS)"]


def test_contexts_of_two_scores_share_the_arrays_of_the_pairings() -> None:
    context = Context(team_event())
    games = context.using("GP")
    assert (context.score_name, games.score_name) == ("MP", "GP")
    assert context.using(None) is context and games.using("MP") is context and context.using("GP") is games
    assert games.counted is context.counted and games.categories is context.categories
    assert games.scores.tolist() == [13, 8, 11, 16]  # in half points
    assert context.scores.tolist() == [4, 1, 2, 5]
    assert (games.unit, games.draw, context.draw) == (2, 4, 1)
    assert context.kind is EventKind.ROUND_ROBIN


def test_only_points_are_scored_by_a_point_system() -> None:
    table = team_event().table
    with pytest.raises(ValueError, match="not MP, GP"):
        table.with_points(PointSystem())


def test_the_mirrored_pairing_check_names_every_round_that_fails_and_why() -> None:
    from sonneborn.event import ALONE, COLOUR_CODE, NO_PLAYER, SAME_COLOUR, UNANSWERED, unmirrored
    from sonneborn.model import Colour

    white, black, unknown = (COLOUR_CODE[c] for c in (Colour.WHITE, Colour.BLACK, Colour.UNKNOWN))
    # Round 1: rows 0–1 a game with both White; row 2 against himself; row 3 against row 9 (no player).
    # Round 2: rows 0–1 a win and its loss (mirrored); row 2 plays row 3, who plays nobody.
    opponent = np.array([[1, 1], [0, 0], [2, 3], [9, -1]], dtype=np.int64)
    kind = np.array([[W, W], [L, L], [W, W], [W, CODE[ResultKind.ZERO_BYE]]], dtype=np.int8)
    colour = np.array([[white, black], [white, white], [unknown] * 2, [unknown] * 2], dtype=np.int8)
    found = unmirrored(opponent, kind, colour)
    assert list(zip(found.rows.tolist(), found.columns.tolist(), found.why.tolist(), strict=True)) == [
        (0, 0, SAME_COLOUR),
        (1, 0, SAME_COLOUR),
        (2, 0, ALONE),
        (2, 1, UNANSWERED),
        (3, 0, NO_PLAYER),
    ]
    # A White and an unknown colour, or two unknown, may be one game.
    mixed = np.array([[white], [unknown]], dtype=np.int8)
    assert len(unmirrored(np.array([[1], [0]]), np.array([[W], [L]], dtype=np.int8), mixed)) == 0


def test_an_event_checks_its_pairings_with_the_same_function() -> None:
    from sonneborn.model import Colour, Entry, PairingError, Player, Tournament

    def two(first: Entry, second: Entry) -> Event:
        return Event.of(Tournament((Player(1, "A", (first,)), Player(2, "B", (second,))), 1))

    white = Colour.WHITE
    two(Entry(1, 2, white, ResultKind.WIN), Entry(1, 1, Colour.BLACK, ResultKind.LOSS)).check_pairings()
    with pytest.raises(PairingError, match=r"^player 1 round 1: '1' against 2 is not mirrored by player 2's round$"):
        two(Entry(1, 2, white, ResultKind.WIN), Entry(1, 1, white, ResultKind.WIN)).check_pairings()
    with pytest.raises(PairingError, match=r"^player 1 round 1: both he and player 2 have colour"):
        two(Entry(1, 2, white, ResultKind.WIN), Entry(1, 1, white, ResultKind.LOSS)).check_pairings()
    with pytest.raises(PairingError, match=r"^player 2 round 1: opponent 5 is no player \(expected 1 to 2\)$"):
        two(Entry(1, None, white, ResultKind.ZERO_BYE), Entry(1, 5, white, ResultKind.WIN)).check_pairings()
