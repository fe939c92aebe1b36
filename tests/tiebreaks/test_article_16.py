"""Unplayed rounds in Swiss events, C.07 Art. 16, on FIDE TEC's exercise event (Held 2024).

# Source: tests/data/held/fide_tec_exercise_2023.csv; the published answers (written for C.07-2023,
# no dummy caps) are quoted in shared/docs/fide-c07.md §16.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from builders import HELD, context, held_event, values

from sonneborn.explain import explain_value
from sonneborn.ranking import rank
from sonneborn.tiebreaks import Context, parse_list
from sonneborn.tiebreaks.rules import Rules
from sonneborn.tiebreaks.unplayed import CATEGORIES, Category


def categories(found: Context, start: int) -> dict[int, Category | None]:
    """A player's unplayed rounds with their C.07 16.2 categories."""
    return {r + 1: CATEGORIES[c] for r, c in enumerate(found.categories[start - 1].tolist()) if c}


def seen(found: Context, start: int) -> F:
    """A player's score as opponents see it (C.07 16.3)."""
    return F(int(found.seen.score[start - 1]), found.unit)


def counted(found: Context, start: int) -> dict[int, tuple[F, F]]:
    """What each round of a player adds to BH and SB: (the score counted, the points scored)."""
    c = found.contributions()
    row = start - 1
    return {
        column + 1: (F(int(c.score[row, column]), found.unit), F(int(c.points[row, column]), found.unit))
        for column in range(found.table.rounds)
        if c.present[row, column]
    }


def test_scores_of_the_players_the_answers_name() -> None:
    points = values(held_event(), "PTS")
    assert (points[4], points[6], points[9], points[11], points[12]) == (F(7, 2), F(3), F(3, 2), F(5, 2), F(2))


def test_categories() -> None:
    found = context(held_event(), Rules.FIDE_2023)
    # Jessica (#9): round 3 HPB is 16.2.3 because a PAB follows; round 4 a forfeit loss; round 5 the PAB.
    assert categories(found, 9) == {3: Category.REQUESTED_BYE, 4: Category.FORFEIT_LOSS, 5: Category.BYE}
    # Nick (#12): PAB, forfeit win, then withdrawn: two 16.2.5 rounds.
    assert categories(found, 12) == {
        2: Category.BYE,
        3: Category.FORFEIT_WIN,
        4: Category.LAST_BYES,
        5: Category.LAST_BYES,
    }


def test_adjusted_scores_seen_by_opponents() -> None:
    # 16.3: Nick's 2 becomes 0 + 1 + 1 + ½ + ½ = 3; Jessica's forfeit loss stays a loss.
    found = context(held_event(), Rules.FIDE_2023)
    assert seen(found, 12) == 3
    assert seen(found, 9) == F(3, 2)


def test_buchholz_with_dummies_and_the_cut_exception() -> None:
    tournament = held_event()
    # David (#4): HPB in round 2 against a dummy of his own 3.5; published BH 15.0, BH-C1 11.5
    # (the VUR dummy is cut, not #13's 1.5).
    assert values(tournament, "BH", Rules.FIDE_2023)[4] == 15
    assert values(tournament, "BH/C1", Rules.FIDE_2023)[4] == F(23, 2)
    # Nick (#12): 3.5 (#4) + four dummies of 2.0 = 11.5; BH-C1 cuts one ZPB dummy: 9.5.
    assert values(tournament, "BH", Rules.FIDE_2023)[12] == F(23, 2)
    assert values(tournament, "BH/C1", Rules.FIDE_2023)[12] == F(19, 2)


def test_sonneborn_berger_and_its_cut_exception() -> None:
    tournament = held_event()
    # David: 3.0×1 + 3.5×½ (HPB dummy, VUR) + 1.5×1 + 3.5×½ + 3.5×½ = 9.75; the least significant
    # value is #13's 1.5, the lowest VUR 1.75: the higher is cut, SB-C1 = 8.00 (published).
    assert values(tournament, "SB", Rules.FIDE_2023)[4] == F(39, 4)
    assert values(tournament, "SB/C1", Rules.FIDE_2023)[4] == 8
    # Jessica: lsv 0 (loss to #10), lowest VUR 0 (forfeit loss): SB-C1 = SB = 2.25 (published).
    assert values(tournament, "SB", Rules.FIDE_2023)[9] == F(9, 4)
    assert values(tournament, "SB/C1", Rules.FIDE_2023)[9] == F(9, 4)


def test_pab_and_forfeit_win_count_against_a_dummy_with_own_score() -> None:
    found = context(held_event(), Rules.FIDE_2023)
    # Franck (#6), 3 points, PAB in round 3: BH contribution 3.0.
    assert counted(found, 6)[3][0] == 3
    # Maria (#11), 2.5 points, forfeit win in round 4: dummy 2.5, SB contribution 2.5 × 1.
    assert counted(found, 11)[4] == (F(5, 2), F(1))


def test_rounds_elected_to_play() -> None:
    rep = values(held_event(), "REP", Rules.FIDE_2023)
    assert (rep[4], rep[9], rep[12], rep[14]) == (F(4), F(3), F(3), F(3))


def test_2026_caps_the_dummy() -> None:
    tournament = held_event()
    # 16.4.2: David's HPB dummy is at most ½ × 5 = 2.5 instead of his 3.5: BH 15 − 1 = 14.
    assert values(tournament, "BH", Rules.FIDE_2026)[4] == 14
    # 16.4.1: Maria's forfeit win over #9 (adjusted 1.5) caps her dummy at 1.5 instead of 2.5.
    assert counted(context(tournament, Rules.FIDE_2026), 11)[4][0] == F(3, 2)


def test_forfeits_as_games_with_p() -> None:
    # 16.6 /P: Maria's forfeit win counts against Jessica's adjusted 1.5, whatever the edition.
    tournament = held_event()
    without = values(tournament, "BH", Rules.FIDE_2023)[11]
    with_p = values(tournament, "BH/P", Rules.FIDE_2023)[11]
    assert without - with_p == F(5, 2) - F(3, 2)  # type: ignore[operator]


def test_2009_virtual_opponent() -> None:
    # C.02 13.15: Nick's opponents see his unplayed rounds 2–5 as draws: 0 + 4 × ½ = 2.
    found = context(held_event(), Rules.FIDE_2009)
    assert seen(found, 12) == 2
    # His own round 2 PAB: virtual opponent 0 + (1 − 1) + ½ × 3 = 1.5.
    nick = counted(found, 12)
    assert nick[2][0] == F(3, 2)
    # Round 4 (absent): 2 + (1 − 0) + ½ × 1 = 3.5.
    assert nick[4][0] == F(7, 2)


def test_none_counts_points_without_dummies() -> None:
    # Nick met only #4 over the board and #14 by forfeit: BH = 3.5 + #14's raw score.
    tournament = held_event()
    assert values(tournament, "BH", Rules.NONE)[12] == F(7, 2) + values(tournament, "PTS")[14]  # type: ignore[operator]


def test_explanation_shows_the_category_and_the_dummy() -> None:
    standings = rank(held_event(), parse_list("BH/C1"), rules=Rules.FIDE_2023)
    text = explain_value(standings, 4, "BH/C1")
    assert "3.5 (round 2: half-point bye, cat. 16.2.3, dummy with own score 3.5 (16.4))" in text
    assert text.startswith("BH/C1 11.5 = ")


# David (#4: beat #12, HPB, beat #13, drew #3 and #1) and Nick (#12: lost to #4, PAB, forfeit win over #14,
# withdrawn: ZPB, ZPB) under every edition, worked by hand. Scores #1 #3 #4 3.5, #12 2, #13 1.5, #14 2.
EDITIONS: dict[Rules, dict[str, tuple[F | int, F | int]]] = {
    # 2023/2024 (published): #12 adjusted 3 (16.3.2); David's HPB dummy 3.5 (16.4), cut first (16.5).
    # BH #4 3 + 3.5 + 1.5 + 3.5 + 3.5; BH-C1 − the VUR 3.5; SB 3 + 1.75 + 1.5 + 1.75 + 1.75.
    # #12: 3.5 + four dummies of 2; BH-C1 cuts a ZPB dummy; SB 1×2 (PAB) + 1×2 (forfeit win).
    Rules.FIDE_2023: {"BH": (15, F(23, 2)), "BH/C1": (F(23, 2), F(19, 2)), "SB": (F(39, 4), 4)},
    Rules.FIDE_2024: {"BH": (15, F(23, 2)), "BH/C1": (F(23, 2), F(19, 2)), "SB": (F(39, 4), 4)},
    # 2026: David's HPB dummy min(3.5, ½ × 5) = 2.5: BH 14, BH-C1 cuts that VUR: 11.5, SB 9.75 − ½ = 9.25.
    # Nick's dummies: PAB and ZPBs min(2, 2.5) = 2, forfeit win min(2, #14's 2) = 2: unchanged.
    Rules.FIDE_2026: {"BH": (14, F(23, 2)), "BH/C1": (F(23, 2), F(19, 2)), "SB": (F(37, 4), 4)},
    # C.02 13.15: #12 seen 0 + 4 × ½ = 2; David's virtual opponent 1 + (1 − ½) + ½ × 3 = 3: BH 2 + 3 + 1.5
    # + 3.5 + 3.5 = 13.5, BH-C1 − 1.5 = 12, SB 2 + 1.5 + 1.5 + 1.75 + 1.75 = 8.5. Nick: #4 3.5, virtual
    # opponents r2 0 + 0 + 1.5, r3 1 + 0 + 1, r4 2 + 1 + ½, r5 2 + 1 + 0: BH 13.5, BH-C1 − 1.5, SB 1.5 + 2.
    Rules.FIDE_2009: {"BH": (F(27, 2), F(27, 2)), "BH/C1": (12, 12), "SB": (F(17, 2), F(7, 2))},
    # Raw scores, forfeits against the scheduled opponent, byes nothing: David 2 + 1.5 + 3.5 + 3.5, cut 1.5,
    # SB 2 + 1.5 + 1.75 + 1.75; Nick 3.5 + #14's 2, cut 2, SB 1 × 2.
    Rules.NONE: {"BH": (F(21, 2), F(11, 2)), "BH/C1": (9, F(7, 2)), "SB": (7, 2)},
}


@pytest.mark.parametrize("rules", list(Rules))
def test_every_edition_ranks_the_event(rules: Rules) -> None:
    standings = rank(held_event(), parse_list("BH/C1,BH,SB,SB/C1,FB,AOB,REP,STD,DE,WIN"), rules=rules)
    assert len(standings.rows) == 16
    got = {
        code: (standings.row(4).values[code].number, standings.row(12).values[code].number) for code in EDITIONS[rules]
    }
    assert got == EDITIONS[rules]
    # Type B tie-breaks are outside Art. 16: Nick's REP 5 − 2 ZPB = 3 and WIN 2 (PAB, forfeit win) in every edition.
    assert [standings.row(12).values[code].number for code in ("REP", "WIN")] == [3, 2]


def test_2024_is_2023_and_2026_differs_only_by_the_caps() -> None:
    tournament = held_event()
    for code in ("BH", "BH/C1", "SB", "SB/C1", "FB", "AOB"):
        assert values(tournament, code, Rules.FIDE_2024) == values(tournament, code, Rules.FIDE_2023), code
    # The caps touch exactly three players, by hand: 16.4.2 caps a bye's dummy at ½ × 5 = 2.5: David (#4,
    # 3.5, HPB) and Franck (#6, 3, PAB) lose 1 and ½; 16.4.1 caps Maria's (#11, 2.5) forfeit win at
    # Jessica's adjusted 1.5: − 1. In SB the bye counts a draw (½ × −1), the PAB and the forfeit win a win.
    # Everyone else's dummy is at or below both caps (Nick 2, Paul 2, Jessica 1.5: her forfeit loss is capped
    # at Maria's 2.5, above her own score).
    changed = {"BH": {4: (15, 14), 6: (12, F(23, 2)), 11: (F(27, 2), F(25, 2))},
               "SB": {4: (F(39, 4), F(37, 4)), 6: (F(13, 2), 6), 11: (F(23, 4), F(19, 4))}}  # fmt: skip
    for code, expected in changed.items():
        old, new = values(tournament, code, Rules.FIDE_2023), values(tournament, code, Rules.FIDE_2026)
        assert {s: (old[s], new[s]) for s in old if old[s] != new[s]} == expected, code


def test_the_trf_fixture_is_the_csv_event() -> None:
    from sonneborn.formats import read_path

    written = read_path(HELD.with_suffix(".trf"))
    assert [p.entries for p in written] == [p.entries for p in held_event()]
