"""The team oracle (issue 20, step 0) against FIDE's checker and against cases worked out by hand.

``tests/data/teams/reference/`` holds team events made with FIDE's TieBreakServer and its values for them
(``make_reference.py`` says how). The oracle must agree with every value, or the disagreement must be one the
reference's own reading explains, written here as code (``READINGS``) and in
``docs/tiebreaks-teams-reference.md`` with the C.07 article that says the reference is wrong.

The hand cases are small events (2 boards, one with 3) whose values are worked out in the comments from the
C.07 2026 text, not from the oracle.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache, partial
from pathlib import Path

import pytest
from oracle import teams as T
from oracle.team_reader import read_team_event

REFERENCE = Path(__file__).resolve().parent / "data" / "teams" / "reference"
EVENTS = sorted(REFERENCE.glob("*.trf"))
ROUNDED = {"AOB", "SSSC"}
"""Codes the checker prints rounded to two decimals, where C.07 (8.2, 13.4) gives no rounding."""
F = Fraction


# --- the checker's readings where C.07 says otherwise ------------------------------------------------------


def checker_ede(event: T.TeamEvent, group: Sequence[int], primary: str, name: str) -> T.Parts:
    """EDE as the checker reads 13.3.2: the Art. 12 steps for any two teams left tied, as a direct encounter on
    the boards of their own matches (BC ranking the higher weighted sum first).

    C.07 says otherwise three times: 12.1–12.3 count "all games played by the team in the tournament"; 12.1
    ranks the lower sum higher; and Art. 12 is for teams "with the same number of match points and game
    points" (12, 13.3.2), BC only "when all tied teams have the same number of game points" (12.1).
    """
    members = sorted(group)
    if len(members) < 2:
        return [members]
    for score in (primary, T.other(primary)):
        parts = T.direct_encounter(event, members, score)
        if len(parts) > 1:
            return [t for part in parts for t in checker_ede(event, part, primary, name)]
    if len(members) == 2:
        n = event.boards
        steps = {
            "EDE": "",
            "EDET": "T" * n,
            "EDEB": "B" * (n - 1),
            "EDEBT": "C" + "T" * n,
            "EDEBB": "C" + "B" * (n - 1),
        }
        tops = bottoms = 0
        for step in steps[name]:
            if step == "C":
                weights = list(range(1, n + 1))
            elif step == "T":
                weights, tops = [int(i == tops) for i in range(n)], tops + 1
            else:
                weights, bottoms = [int(i < n - 1 - bottoms) for i in range(n)], bottoms + 1
            parts = _mutual_weighted(event, members, weights)
            if len(parts) > 1:
                return parts
    return [members]


def _mutual_weighted(event: T.TeamEvent, pair: list[int], weights: list[int]) -> T.Parts:
    a, b = pair
    mean = {}
    for team, opponent in ((a, b), (b, a)):
        sums = [
            sum((w * board.points for w, board in zip(weights, m.boards, strict=False)), F(0))
            for m in event.team(team).matches
            if m.opponent == opponent and (m.kind == T.PLAYED or event.round_robin)
        ]
        mean[team] = sum(sums, F(0)) / len(sums) if sums else None
    if mean[a] is None or mean[a] == mean[b]:
        return [pair]
    return [[a], [b]] if (mean[a] or 0) > (mean[b] or 0) else [[b], [a]]


def checker_std_gp(event: T.TeamEvent, primary: str) -> T.Values:
    """STD on game points as the checker reads it: board by board, each game against a game's draw.

    C.07 7.7 counts "rounds": a round is won when the team scores more (game) points than its opponent.
    """
    values: T.Values = {}
    for team in event.teams:
        total = F(0)
        for m in team.matches:
            for board in T.board_games(event, m):
                total += 1 if board.points > event.game[1] else F(1, 2) if board.points == event.game[1] else 0
        values[team.number] = total
    return values


def checker_rep(code: str) -> Callable[[T.TeamEvent, str], T.Values]:
    """REP as the checker reads it in an odd round robin: the free round (a ZPB in the file) as a zero-point
    bye, not elected, as it would be in a Swiss.

    C.07 7.6 takes away requested byes and forfeit losses (16.1.1, 16.1.2); a free round is neither: the
    schedule gives it, nobody asks for it.
    """

    def read(event: T.TeamEvent, primary: str) -> T.Values:
        return T.values(replace(event, round_robin=False), code, primary)

    return read


READINGS: dict[str, Callable[[T.TeamEvent, str], T.Values] | str] = {
    "REP": checker_rep("REP"),
    "REP:GP": checker_rep("REP:GP"),
    "EDET": "ede",
    "EDEB": "ede",
    "EDEBT": "ede",
    "EDEBB": "ede",
    "STD:GP": checker_std_gp,
}
"""The codes where the checker reads C.07 otherwise, and its reading."""


# --- comparing with the corpus ---------------------------------------------------------------------------


def exact(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def two_decimals(value: Fraction | None) -> Fraction | None:
    if value is None:
        return None
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    return Fraction(decimal.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def places(groups: Sequence[Sequence[int]], order: Callable[[list[int]], T.Parts]) -> dict[int, int]:
    """For each team, how many teams of its group a group tie-break puts ahead of it."""
    found = {}
    for group in groups:
        ahead = 0
        for part in order(sorted(group)):
            for team in part:
                found[team] = ahead
            ahead += len(part)
    return found


def reference_places(groups: Sequence[Sequence[int]], values: dict[int, Fraction | None]) -> dict[int, int]:
    """The same from the checker's values of a group tie-break, ranks where the lower is the better."""
    return {t: sum(1 for u in g if (values[u] or 0) < (values[t] or 0)) for g in groups for t in g}


@cache
def comparisons(path: Path) -> list[tuple[str, int, object, object, object]]:
    """Every (key, team, oracle's value, checker's value, checker's reading's value) of one event."""
    event = read_team_event(path)
    reference = json.loads(path.with_suffix(".json").read_text())["values"]
    keys = list(next(iter(reference.values())))
    found: list[tuple[str, int, object, object, object]] = []
    for key in keys:
        primary = T.GP if key.startswith("GP>") else T.MP
        code = key.split(">")[-1]
        name = T.Code.parse(code).name
        theirs = {int(t): exact(row[key]) for t, row in reference.items()}
        reading = READINGS.get(code if code in READINGS else name)
        if name in T.GROUPED:
            by_score: dict[Fraction, list[int]] = {}
            for team in event.teams:
                by_score.setdefault(T.total(event, team.number, primary), []).append(team.number)
            groups = list(by_score.values())
            ours = places(groups, partial(T.order_group, event, text=code, primary=primary))
            theirs_places = reference_places(groups, theirs)
            read = places(groups, partial(checker_ede, event, primary=primary, name=name)) if reading == "ede" else {}
            found += [(key, t, ours[t], theirs_places[t], read.get(t)) for t in ours]
        else:
            values = T.values(event, code, primary)
            if name in ROUNDED:
                values = {t: two_decimals(v) for t, v in values.items()}
            alternative = reading(event, primary) if callable(reading) else {}
            found += [(key, t, values[t], theirs[t], alternative.get(t)) for t in values]
    return found


@pytest.mark.parametrize("path", EVENTS, ids=lambda p: p.stem)
def test_the_oracle_agrees_with_fides_checker(path: Path) -> None:
    unexplained = [
        (key, team, ours, theirs)
        for key, team, ours, theirs, reading in comparisons(path)
        if ours != theirs and reading != theirs
    ]
    assert not unexplained, f"{path.stem}: {len(unexplained)} values differ, the first {unexplained[:5]}"


def test_the_documented_figures_are_the_corpus_s() -> None:
    rows = [row for path in EVENTS for row in comparisons(path)]
    agree = sum(1 for row in rows if row[2] == row[3])
    explained = sum(1 for row in rows if row[2] != row[3] and row[4] == row[3])
    text = (Path(__file__).resolve().parent.parent / "docs" / "tiebreaks-teams-reference.md").read_text()
    assert f"The corpus gives {len(rows):,} values" in text
    assert f"Of these, {agree:,} agree. All {explained:,} that differ" in text


def test_the_corpus_holds_what_issue_20_asks() -> None:
    assert len(EVENTS) >= 25
    events = [read_team_event(p) for p in EVENTS]
    assert {e.round_robin for e in events} == {True, False}
    assert min(len(e.teams) for e in events) == 6 and max(len(e.teams) for e in events) == 40
    assert {e.boards for e in events} == {4, 5, 6}
    kinds = {m.kind for e in events for t in e.teams for m in t.matches}
    assert {T.PLAYED, T.FORFEIT_WIN, T.FORFEIT_LOSS, T.PAB, T.FPB, T.HPB, T.ZPB} <= kinds
    board_forfeits = [b for e in events for t in e.teams for m in t.matches if m.kind == T.PLAYED for b in m.boards]
    assert any(not b.played and b.points == 1 for b in board_forfeits)
    withdrawn = [t for e in events if not e.round_robin for t in e.teams if t.matches[-1].kind == T.ZPB]
    assert withdrawn
    texts = [p.read_text() for p in EVENTS]
    empty_boards = [line for text in texts for line in text.splitlines() if line.startswith("300")]
    assert any(line.split()[-1] == "0" and line.split()[4] != "0" for line in empty_boards)
    assert any(_reserve_played(text) for text in texts)
    total = sum(len(p.read_bytes()) + len(p.with_suffix(".json").read_bytes()) for p in EVENTS)
    assert total < 4_000_000


def _reserve_played(text: str) -> bool:
    """Whether a player listed after a team's first four, five or six played."""
    played = {int(line[4:8]) for line in text.splitlines() if line.startswith("001") and line[91:].strip()}
    rosters = [line[73:].split() for line in text.splitlines() if line.startswith("310")]
    boards = min(len(r) for r in rosters)
    return any(int(p) in played for r in rosters for p in r[boards:])


def test_every_team_code_is_in_the_corpus() -> None:
    reference = json.loads(EVENTS[0].with_suffix(".json").read_text())["values"]
    names = {T.Code.parse(key.split(">")[-1]).name for key in next(iter(reference.values()))}
    assert set(T.SUMMED) <= names
    assert set(T.GROUPED) <= names


# --- hand-worked events --------------------------------------------------------------------------------------

Pairing = tuple[str, int, int, str]
"""("m", home, away, board results from home's side, e.g. "1="), ("bye", team, 0, kind), ("ff", winner, loser, "")."""


def build(rounds: list[list[Pairing]], boards: int = 2, *, round_robin: bool = False) -> T.TeamEvent:
    """A team event from its pairings; the home team has white on board 1 and colours alternate."""
    value = {"1": F(1), "=": F(1, 2), "0": F(0)}
    game, match = (F(1), F(1, 2), F(0)), (F(2), F(1), F(0))
    teams = sorted({p[1] for r in rounds for p in r} | {p[2] for r in rounds for p in r if p[2]})
    record: dict[int, list[T.Match]] = {t: [] for t in teams}
    for number, pairings in enumerate(rounds, start=1):
        for kind, home, away, text in pairings:
            if kind == "m":
                for team, opponent, side in ((home, away, 0), (away, home, 1)):
                    own = [value[c] if side == 0 else 1 - value[c] for c in text]
                    rows = tuple(
                        T.Board(b, own[b - 1], 1 - own[b - 1], True, (b % 2 == 0) != (side == 1))
                        for b in range(1, boards + 1)
                    )
                    gp = sum(own, F(0))
                    mp = match[0] if gp > boards - gp else match[1] if gp == boards - gp else match[2]
                    record[team].append(T.Match(number, T.PLAYED, opponent, side == 1, rows, mp, gp))
            elif kind == "ff":
                won = tuple(T.Board(b, F(1), F(0), False, None) for b in range(1, boards + 1))
                lost = tuple(T.Board(b, F(0), F(1), False, None) for b in range(1, boards + 1))
                record[home].append(T.Match(number, T.FORFEIT_WIN, away, None, won, match[0], F(boards)))
                record[away].append(T.Match(number, T.FORFEIT_LOSS, home, None, lost, match[2], F(0)))
            else:
                mp, gp = {T.HPB: (F(1), F(boards, 2)), T.ZPB: (F(0), F(0)), T.PAB: (F(1), F(boards, 2))}[text]
                record[home].append(T.Match(number, text, None, None, (), mp, gp))
        for team in teams:
            if len(record[team]) < number:  # not paired: a zero-point bye, or a round robin's free round
                record[team].append(T.Match(number, T.ZPB, None, None, (), F(0), F(0)))
    built = tuple(T.Team(t, tuple(record[t])) for t in teams)
    return T.TeamEvent(built, len(rounds), boards, round_robin, game, match)


SWISS = build(
    [
        [("m", 1, 2, "1="), ("m", 3, 4, "==")],
        [("m", 1, 3, "00"), ("m", 2, 4, "11")],
        [("m", 1, 4, "=0"), ("bye", 2, 0, T.HPB), ("bye", 3, 0, T.ZPB)],
    ]
)
"""Four teams, three rounds, two boards.

Final MP / GP: team 1 2 / 2 (1.5 + 0 + 0.5); team 2 3 / 3.5 (0.5 + 2 + HPB 1); team 3 3 / 3 (1 + 2 + ZPB 0);
team 4 3 / 2.5 (1 + 0 + 1.5). Team 3's ZPB in the last round is category 16.2.5, a draw for its opponents
(16.3): its adjusted score is 4 MP, 4 GP. Team 2's HPB is 16.2.5 too, but a draw already: 3 MP, 3.5 GP.
"""


def test_hand_scores_and_mpvgp() -> None:
    assert T.values(SWISS, "MPTS") == {1: 2, 2: 3, 3: 3, 4: 3}
    assert T.values(SWISS, "MPVGP") == {1: 2, 2: F(7, 2), 3: 3, 4: F(5, 2)}  # 13.1: GP when MP rank
    assert T.values(SWISS, "MPVGP", T.GP) == T.values(SWISS, "MPTS")
    assert [T.adjusted(SWISS, t, T.MP) for t in (1, 2, 3, 4)] == [2, 3, 4, 3]
    assert [T.adjusted(SWISS, t, T.GP) for t in (1, 2, 3, 4)] == [2, F(7, 2), 4, F(5, 2)]


def test_hand_buchholz_with_dummies_and_the_vur_cut() -> None:
    # BH:MP: 1: 3 + 4 + 3 = 10; 2: 2 + 3 + HPB dummy min(own 3, draw 1 × 3 rounds) = 8;
    # 3: 3 + 2 + ZPB dummy min(3, 3) = 8; 4: 4 + 3 + 2 = 9
    assert T.values(SWISS, "BH") == {1: 10, 2: 8, 3: 8, 4: 9}
    # BH:GP: team 2's dummy is its own 3.5 GP capped at a draw's GP times the rounds, 1 × 3 (16.4.2)
    assert T.values(SWISS, "BH:GP") == {1: 10, 2: F(15, 2), 3: F(15, 2), 4: F(19, 2)}
    # BH/C1: 1 drops a 3; 2 and 3 drop the VUR's 3 rather than their lowest opponent, 2 (16.5)
    assert T.values(SWISS, "BH/C1") == {1: 7, 2: 5, 3: 5, 4: 7}
    # FB (8.3): the final round's 1-4 drawn: 1 has 3 MP, 4 has 2; 1: 3 + 4 + 2 = 9, 4: 4 + 3 + 3 = 10
    assert T.values(SWISS, "FB") == {1: 9, 2: 8, 3: 8, 4: 10}
    # AOB (8.2): opponents met over the board, their BH: 1: (8 + 8 + 9) / 3; 2: (10 + 9) / 2
    assert T.values(SWISS, "AOB") == {1: F(25, 3), 2: F(19, 2), 3: F(19, 2), 4: F(26, 3)}


def test_hand_sonneborn_berger_and_the_esb_team_cut() -> None:
    # SB:MP = EMMSB: 1: 3×2 + 4×0 + 3×0 = 6; 2: 2×0 + 3×2 + dummy 3×1 = 9; 3: 3×1 + 2×2 + 3×0 = 7; 4: 4×1 + 0 + 4
    assert T.values(SWISS, "SB") == T.values(SWISS, "EMMSB") == {1: 6, 2: 9, 3: 7, 4: 8}
    # EMGSB, opponent's MP × GP scored: 1: 3×1.5 + 4×0 + 3×0.5 = 6
    assert T.values(SWISS, "EMGSB")[1] == 6
    # its cut (14.1, teams): the opponent with the lowest MP, 2 and 4 with 3, the lower product 1.5 goes,
    # not the lowest product (0, against team 3)
    assert T.values(SWISS, "EMGSB/C1")[1] == F(9, 2)
    # EGGSB: 1: 3.5×1.5 + 4×0 + 2.5×0.5 = 6.5; cut: the lowest GP opponent, team 4 (2.5): 5.25
    assert T.values(SWISS, "EGGSB")[1] == F(13, 2)
    assert T.values(SWISS, "EGGSB/C1")[1] == F(21, 4)
    # EGMSB: 3.5×2 + 4×0 + 2.5×0 = 7
    assert T.values(SWISS, "EGMSB")[1] == 7
    # team 2, EMGSB: 2×0.5 + 3×2 + HPB dummy 3×1 = 10; the VUR's 3 is not below the least significant 1
    # (team 1, 2 MP): the VUR goes (16.5), 7
    assert T.values(SWISS, "EMGSB")[2] == 10
    assert T.values(SWISS, "EMGSB/C1")[2] == 7
    # team 3: 3×1 + 2×2 + ZPB dummy 3×0 = 7; the VUR's 0 is below the least significant 4 (team 1): 4 goes
    assert T.values(SWISS, "EMGSB/C1")[3] == 3


def test_hand_sssc_and_its_k() -> None:
    # K = trunc(highest MP, 2 × 3 rounds, / a match's highest GP, 2) = 3 (13.4.2 b)
    # 1: GP 2 + BH 10 / 3; 2: 3.5 + 8/3; 3: 3 + 8/3; 4: 2.5 + 9/3
    assert T.values(SWISS, "SSSC") == {1: F(16, 3), 2: F(37, 6), 3: F(17, 3), 4: F(11, 2)}
    assert T.values(SWISS, "SSSC/K2")[1] == 2 + 5
    assert T.values(SWISS, "SSSC/F")[1] == 2 + F(9, 3)  # /F: Fore Buchholz
    # GP primary: MP + BH:GP / trunc(2 × 3 / 2): 1: 2 + 10/3
    assert T.values(SWISS, "SSSC", T.GP)[1] == F(16, 3)


def test_hand_own_results() -> None:
    assert T.values(SWISS, "PS") == {1: 6, 2: 5, 3: 7, 4: 5}  # 1: 2+2+2, 2: 0+2+3, 3: 1+3+3, 4: 1+1+3
    assert T.values(SWISS, "PS/C1")[3] == 6
    assert T.values(SWISS, "WIN") == {1: 1, 2: 1, 3: 1, 4: 1}
    assert T.values(SWISS, "WIN:GP") == {1: 1, 2: 2, 3: 2, 4: 1}  # boards won
    assert T.values(SWISS, "REP") == {1: 3, 2: 2, 3: 2, 4: 3}  # rounds less HPB, ZPB
    # STD: 2: loss, win, HPB = a draw's MP (½); 3: draw, win, ZPB (0)
    assert T.values(SWISS, "STD") == {1: 1, 2: F(3, 2), 3: F(3, 2), 4: F(3, 2)}
    # KS: half of 2 × 3 MP is 3: teams 2, 3, 4 qualify; 1: 2 + 0 + 0, 2: 2 (team 4), 3: 1 (team 4), 4: 1 + 0
    assert T.values(SWISS, "KS") == {1: 2, 2: 2, 3: 1, 4: 1}


def test_hand_board_tiebreaks() -> None:
    # board points (12): 2: board 1 0 + 1 + HPB ½, board 2 ½ + 1 + ½; 3: 1.5 and 1.5; 4: 1 and 1.5
    assert T.board_points(SWISS, 2) == [F(3, 2), 2]
    assert T.values(SWISS, "BC") == {1: F(5, 2), 2: F(11, 2), 3: F(9, 2), 4: 4}
    # TBR among the teams on 3 MP: board 1 puts 4 last; 2 and 3, equal there, by board 2
    assert T.order_group(SWISS, [2, 3, 4], "TBR") == [[2], [3], [4]]
    # BBE with two boards: board 1 only, then nothing left: 2 and 3 stay tied
    assert T.order_group(SWISS, [2, 3, 4], "BBE") == [[2, 3], [4]]


def test_hand_direct_encounter_when_not_all_met() -> None:
    # 3 MP: 2, 3, 4. Separate standings, MP: 2 beat 4 (2), 3 and 4 drew (1 each); 2 and 3 did not meet and
    # that match could give 3 two more MP: nobody is first whatever happens (6.3), nor on GP (2 / 1 / 1)
    assert T.order_group(SWISS, [2, 3, 4], "DE") == [[2, 3, 4]]
    assert T.order_group(SWISS, [2, 3, 4], "DE:GP") == [[2, 3, 4]]
    assert T.order_group(SWISS, [2, 3, 4], "EDE") == [[2, 3, 4]]


CYCLE = build(
    [[("m", 1, 2, "1==")], [("m", 2, 3, "11=")], [("m", 3, 1, "111")]],
    boards=3,
    round_robin=True,
)
"""Three teams, a round robin on three boards, each beating the next: 1 beats 2 by 2–1, 2 beats 3 by 2.5–0.5,
3 beats 1 by 3–0. MP 2 each; GP 1: 2, 2: 3.5, 3: 3.5. (With two boards no such cycle leaves two teams equal on
GP and a third apart: every win is 1.5 or 2 and the totals cannot work out.)"""


def test_hand_ede_takes_the_secondary_score_and_restarts() -> None:
    # 13.3.1: DE on MP separates nobody (2 each); on GP it splits {2, 3} (3.5) from 1 (2)
    assert T.order_group(CYCLE, [1, 2, 3], "DE") == [[1, 2, 3]]
    assert T.order_group(CYCLE, [1, 2, 3], "DE:GP") == [[2], [3], [1]]
    # 13.3.3: {2, 3} starts again from 13.3.1, on MP: 2 beat 3
    assert T.order_group(CYCLE, [1, 2, 3], "EDE") == [[2], [3], [1]]
    # GP primary: GP first
    assert T.order_group(CYCLE, [1, 2, 3], "EDE", T.GP) == [[2], [3], [1]]


PAIR = build(
    [
        [("m", 1, 2, "1="), ("m", 3, 4, "11"), ("m", 5, 6, "==")],
        [("m", 1, 3, "1="), ("m", 2, 5, "11"), ("m", 4, 6, "==")],
        [("m", 1, 4, "0="), ("m", 2, 6, "1="), ("m", 3, 5, "=1")],
    ]
)
"""Six teams, three rounds, two boards. 1 beats 2 and 3, loses to 4: 4 MP, 3.5 GP. 2: 4 MP, 4 GP (0.5 + 2 +
1.5); 3: 4 MP, 4 GP (2 + 0.5 + 1.5). 2 and 3 did not meet."""


def test_hand_ede_board_steps_for_two_teams_left() -> None:
    # DE on MP among 1, 2, 3: 1 has 4, the others 0 with only 2–3 missing, worth at most 2: 1 is first
    # whatever happens (6.3). {2, 3} restarts (13.3.3): no match between them, DE leaves them tied on MP and
    # GP, and they have the same MP and GP (4 and 4): the option's Art. 12 tie-breaks decide (13.3.2)
    assert T.order_group(PAIR, [1, 2, 3], "EDE") == [[1], [2, 3]]
    # board points: 2: board 1 0 + 1 + 1 = 2, board 2 ½ + 1 + ½ = 2; 3: 1 + 0 + ½ = 1.5 and 1 + ½ + 1 = 2.5
    assert T.board_points(PAIR, 2) == [2, 2] and T.board_points(PAIR, 3) == [F(3, 2), F(5, 2)]
    # BC: 2: 1×2 + 2×2 = 6, 3: 1.5 + 5 = 6.5, the lower first; TBR: board 1, 2 > 1.5; BBE: board 1 too
    for name in ("EDEBT", "EDEBB", "EDET", "EDEB"):
        assert T.order_group(PAIR, [1, 2, 3], name) == [[1], [2], [3]], name


def test_hand_bc_only_among_teams_with_the_same_game_points() -> None:
    # 12.1: 1 (3.5 GP) and 2 (4 GP) differ in GP, so BC does not separate them though 1's BC is lower
    bc = T.values(PAIR, "BC")
    assert bc[1] is not None and bc[2] is not None and bc[1] < bc[2]
    assert T.knockout_step(PAIR, [1, 2], "C") == [[1, 2]]
    assert T.knockout_step(PAIR, [2, 3], "C") == [[2], [3]]
