"""Issue 22, ``whatif`` on round robins: the whole schedule is known, so every pair that has not met is a game
still to come, in the round and with the colours the Berger tables give (FIDE C.05 Annex 1), not a score.

The Berger tables below are copied from the handbook, not computed. Each event is a TRF written here from a
hand list of games; the schedule ``whatif`` finds for its rounds not paired yet is checked against the same
event written with those rounds paired by hand from the tables (results blank), and both against a brute force
that sets every outcome of the hand-paired file with ``Table.with_results`` and ranks it afresh.

The hand answers. ``rr4`` (Berger by start numbers): round 1 Adams beat Dunne, Brown lost to Clark; round 2
Dunne lost to Clark, Adams drew with Brown: Adams 1½, Brown ½, Clark 2, Dunne 0. Round 3 is Brown–Dunne and
Clark–Adams (the table's 2-4, 3-1). Clark ends on 2 + c, Adams on 2½ − c (c Clark's score against Adams), never
level: whoever of the two scores more is first, the other second (Brown's 1½ at most stays below both, except
that with Clark winning Adams's 1½ meets a winning Brown's: they drew each other, one win each, shared second).
So Clark 1–2 and Adams 1–2, both sure of the top three (and of second: the shared second is second); Brown 2–4
(second only in that share, fourth when he loses: Dunne 1 against his ½); Dunne 3–4. Clark is first unless he
loses, Adams only if he wins. Ranked by DE, WIN.

``rr4`` with Dunne's round 2 a forfeit loss (Clark's forfeit win): Dunne withdrew; his round-3 game is
Brown's forfeit win (C.07 15.2): Adams 1½, Brown 1½, Clark 2, Dunne 0, only Clark–Adams open. Clark wins: 3,
then Adams and Brown on 1½ drew each other with one win each (Brown's forfeit counts as a game, 15.2): shared
second; a draw: Clark, Adams, Brown; Adams wins: Adams, Clark, Brown. So Clark 1–2, Adams 1–2, Brown 2–3 (sure
of third), Dunne 4.

``rr4`` whose rounds follow no Berger table (``rr4_before_last.trf`` without its round 3: 1-2 and 3-4, then 3-1
and 2-4): the games still to come are the pairs not met, Adams–Dunne and Brown–Clark, whatever their round; their
colours are assumed, White to the player with fewer Whites (Dunne none against Adams's one, Brown one against
Clark's two). The places are those ``tests/test_issue22_whatif.py`` works out for that file with round 3 paired.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import pickle
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.event import BLACK, KINDS, NOT_PLAYED, WHITE, Event
from sonneborn.model import ResultKind
from sonneborn.pipeline import Request, read, read_text
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import DEFAULT_RULES
from sonneborn.whatif import Model, WhatIf, open_items, planned, what_if
from sonneborn.whatif.schedule import berger
from sonneborn.whatif.search import _run_blocks, _Runs, chances_of_items

DATA = Path(__file__).parent / "data" / "whatif"

# FIDE Handbook C.05 Annex 1, the Berger tables (White first), copied by hand.
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
BERGER_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
NAMES = ["Adams, Ann", "Brown, Bob", "Clark, Cid", "Dunne, Dan", "Evans, Eve", "Frost, Fay", "Grant, Gus"]
_BLOCK = {"1-0": ("1", "0"), "½": ("=", "="), "0-1": ("0", "1"), "+-": ("+", "-"), "-+": ("-", "+"), "": (" ", " ")}
Games = dict[int, list[tuple[int, int, str]]]


def _trf(players: int, rounds: int, games: Games) -> str:
    """A round robin's TRF: each round's games (White's start number, Black's, the result from White's side,
    ``""`` paired and not played yet); in a round with games, a player in none has his free round (``0000``, a
    zero-point bye; in a round not played yet, no block: not played either)."""
    lines = ["012 Whatif schedule test", "092 Round robin", f"XXR {rounds}"]
    for start in range(1, players + 1):
        blocks = []
        for round_no in sorted(games):
            block = "0000 - Z" if any(result for _, _, result in games[round_no]) else " " * 8
            for white, black, result in games[round_no]:
                if start in (white, black):
                    own = _BLOCK[result][0 if start == white else 1]
                    block = f"{black if start == white else white:>4} {'w' if start == white else 'b'} {own}"
            blocks.append(block)
        lines.append(f"001 {start:>4}      {NAMES[start - 1]:<33}".ljust(91) + "  ".join(blocks))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _write(tmp_path: Path, name: str, players: int, rounds: int, games: Games) -> Path:
    path = tmp_path / name
    path.write_text(_trf(players, rounds, games))
    return path


def _paired(table: list[list[tuple[int, int]]], rounds: range, *, reverse: bool = False) -> Games:
    """Rounds of a Berger table paired, not played yet (``reverse``: a second cycle's colours)."""
    return {r: [((b, a) if reverse else (a, b)) + ("",) for a, b in table[r - 1]] for r in rounds}


def _brute_force(path: Path, tiebreaks: str) -> dict[int, tuple[int, int]]:
    """Every outcome of the games paired and not played set by ``Table.with_results`` (both sides), each ranked
    afresh by the engine: each player's best and worst rank."""
    event = read(path).event
    table = event.table
    rows = np.arange(table.players)[:, None]
    games = list(zip(*np.nonzero((table.kind == NOT_PLAYED) & (table.opponent > rows)), strict=True))
    specs = parse_list(tiebreaks)
    best = dict.fromkeys(range(1, table.players + 1), table.players + 1)
    worst = dict.fromkeys(range(1, table.players + 1), 0)
    results = (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)
    for outcome in itertools.product(results, repeat=len(games)):
        final = table.with_results({(int(r), int(c)): o for (r, c), o in zip(games, outcome, strict=True)})
        for row, place in enumerate(rank(Event(final, event.roster, event.info), specs).ranks.tolist(), start=1):
            best[row], worst[row] = min(best[row], place), max(worst[row], place)
    return {row: (best[row], worst[row]) for row in best}


def _rows(answer: WhatIf) -> list[object]:
    return [(r.row, r.best, r.worst, r.can_win, r.clinched, str(r.decides), r.exact) for r in answer.rows]


def _places(answer: WhatIf) -> dict[int, tuple[int, int, bool, tuple[int, ...]]]:
    return {r.row + 1: (r.best, r.worst, r.can_win, r.clinched) for r in answer.rows}


def _pairs(path: Path, column: int) -> set[tuple[int, int]]:
    """A round's games in the schedule whatif finds, as (White, Black) start numbers."""
    table = planned(read(path)).event.table
    found = set()
    for row in range(table.players):
        other = int(table.opponent[row, column])
        if other >= 0 and table.colour[row, column] == WHITE:
            assert table.colour[other, column] == BLACK
            found.add((row + 1, other + 1))
    return found


@pytest.mark.parametrize(
    ("players", "table"), [(4, BERGER_4), (3, BERGER_4), (6, BERGER_6), (5, BERGER_6), (8, BERGER_8)]
)
def test_the_berger_tables_are_the_handbooks(players: int, table: list[list[tuple[int, int]]]) -> None:
    opponent, white = berger(players)
    found = [
        sorted((a + 1, int(opponent[r, a]) + 1) for a in range(len(white[r])) if white[r, a]) for r in range(len(table))
    ]
    assert found == [sorted(pairs) for pairs in table]


RR4: Games = {1: [(1, 4, "1-0"), (2, 3, "0-1")], 2: [(4, 3, "0-1"), (1, 2, "½")]}
HAND_RR4 = {1: (1, 2, True, (2, 3)), 2: (2, 4, False, ()), 3: (1, 2, True, (2, 3)), 4: (3, 4, False, ())}


def test_the_hand_round_robin_of_four_before_its_last_round_paired(tmp_path: Path) -> None:
    path = _write(tmp_path, "rr4.trf", 4, 3, RR4)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    assert (answer.method, answer.runs) == ("exact", 9)
    assert _places(answer) == HAND_RR4
    assert _pairs(path, 2) == {(2, 4), (3, 1)}
    decides = {r.row + 1: str(r.decides) for r in answer.rows}
    assert decides[3] == "first only if he does not lose against Adams, Ann (round 3)"
    assert decides[1] == "first only if he wins against Clark, Cid (round 3)"
    assert [str(n) for n in answer.notes[:1]] == [
        "round 3: not paired yet; the round robin's schedule gives 2 games, rounds and colours by the Berger "
        "tables (pairing numbers the start numbers)"
    ]
    assert open_items(read(path)).unpaired_rounds == ()  # no round is known only as scores any more
    hand = _write(tmp_path, "rr4_paired.trf", 4, 3, {**RR4, **_paired(BERGER_4, range(3, 4))})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks="DE,WIN")))


def test_a_withdrawn_players_games_still_to_come_are_forfeits(tmp_path: Path) -> None:
    games = {1: RR4[1], 2: [(4, 3, "-+"), (1, 2, "½")]}
    path = _write(tmp_path, "rr4_withdrawn.trf", 4, 3, games)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    assert (answer.method, answer.runs) == ("exact", 3)  # only Clark–Adams is still to be played
    assert _places(answer) == {
        1: (1, 2, True, (2, 3)),
        2: (2, 3, False, (3,)),
        3: (1, 2, True, (2, 3)),
        4: (4, 4, False, ()),
    }
    assert str(answer.notes[1]) == (
        "Dunne, Dan withdrew (did not play round 2, the last one played): his 1 game still to come is not played, "
        "a forfeit loss for him and a win for his opponent (C.07 15.2)"
    )
    event = planned(read(path)).event
    assert [KINDS[event.table.kind[row, 2]] for row in (1, 3)] == [ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS]
    hand = _write(tmp_path, "rr4_forfeited.trf", 4, 3, {**games, 3: [(2, 4, "+-"), (3, 1, "")]})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks="DE,WIN")))
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(hand, "DE,WIN")


def test_a_player_paired_in_the_next_round_has_not_withdrawn(tmp_path: Path) -> None:
    # Dunne loses round 2 by forfeit, but the file pairs him in round 3 (Brown-Dunne, Clark-Adams, blank): he is
    # to play it, so both games stay open, 3 x 3 = 9 outcomes, and no withdrawal is noted.
    games = {1: RR4[1], 2: [(4, 3, "-+"), (1, 2, "½")], 3: [(2, 4, ""), (3, 1, "")]}
    path = _write(tmp_path, "rr4_forfeit_then_paired.trf", 4, 3, games)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    assert (answer.method, answer.runs) == ("exact", 9)
    assert not any("withdrew" in str(note) for note in answer.notes)
    event = planned(read(path)).event
    assert [int(event.table.kind[row, 2]) for row in (1, 3)] == [NOT_PLAYED, NOT_PLAYED]
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(path, "DE,WIN")
    # The same file without round 3 paired: Dunne still reads as withdrawn, his game with Brown a forfeit win for
    # Brown, only Clark-Adams open: 3 outcomes.
    unpaired = _write(tmp_path, "rr4_forfeit_unpaired.trf", 4, 3, {1: games[1], 2: games[2]})
    answer = what_if(read(unpaired), Request.parse(tiebreaks="DE,WIN"))
    assert answer.runs == 3
    assert any(str(note).startswith("Dunne, Dan withdrew (did not play round 2") for note in answer.notes)


def test_rounds_that_follow_no_berger_table_are_assumed_and_said_so(tmp_path: Path) -> None:
    text = (DATA / "rr4_before_last.trf").read_text().splitlines()
    path = tmp_path / "rr4_unordered.trf"
    path.write_text("\n".join(line[:109].rstrip() if line.startswith("001") else line for line in text) + "\n")
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    # The places of tests/test_issue22_whatif.py's hand round robin: the same pairs, colours aside.
    assert _places(answer) == {1: (1, 4, True, ()), 2: (1, 4, True, ()), 3: (1, 3, True, (3,)), 4: (2, 4, False, ())}
    assert _pairs(path, 2) == {(4, 1), (2, 3)}
    assert str(answer.notes[0]).startswith(
        "round 3: not paired yet; the round robin's schedule gives 2 games (each pair that has not met as often as "
        "the cycles say); the file's games follow no Berger table, so their rounds and colours are assumed"
    )


# A round robin of six: rounds 1–3 played as the table pairs them, rounds 4 and 5 to come (729 outcomes).
RR6: Games = {
    1: [(1, 6, "1-0"), (2, 5, "½"), (3, 4, "0-1")],
    2: [(6, 4, "½"), (5, 3, "1-0"), (1, 2, "0-1")],
    3: [(2, 6, "1-0"), (3, 1, "½"), (4, 5, "0-1")],
}
LIST = "DE,SB,WIN,BPG"  # BPG counts the games with Black: the colours matter


def _relabelled(games: Games, numbers: dict[int, int]) -> Games:
    """The games with each pairing number replaced by the start number holding it (numbers drawn by lot)."""
    return {r: [(numbers[w], numbers[b], res) for w, b, res in listed] for r, listed in games.items()}


@pytest.mark.parametrize("numbers", [None, {1: 4, 2: 6, 3: 1, 4: 5, 5: 2, 6: 3}])
def test_a_round_robin_of_six_by_its_berger_table(tmp_path: Path, numbers: dict[int, int] | None) -> None:
    own = numbers or {n: n for n in range(1, 7)}
    path = _write(tmp_path, "rr6.trf", 6, 5, _relabelled(RR6, own))
    answer = what_if(read(path), Request.parse(tiebreaks=LIST))
    assert (answer.method, answer.runs) == ("exact", 729)
    later = _relabelled(_paired(BERGER_6, range(4, 6)), own)
    assert _pairs(path, 3) == {(w, b) for w, b, _ in later[4]}
    assert _pairs(path, 4) == {(w, b) for w, b, _ in later[5]}
    hand = _write(tmp_path, "rr6_paired.trf", 6, 5, {**_relabelled(RR6, own), **later})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks=LIST)))
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(hand, LIST)
    how = "pairing numbers the start numbers" if numbers is None else "pairing numbers as the file's games fit them"
    assert how in str(answer.notes[0])


def test_a_withdrawal_in_a_round_robin_of_six(tmp_path: Path) -> None:
    games = {**RR6, 3: [(2, 6, "+-"), (3, 1, "½"), (4, 5, "0-1")]}  # Frost does not come to round 3
    path = _write(tmp_path, "rr6_withdrawn.trf", 6, 5, games)
    answer = what_if(read(path), Request.parse(tiebreaks=LIST))
    assert answer.runs == 81  # four games to play: Frost's two are forfeits
    later = _paired(BERGER_6, range(4, 6))
    later[4] = [(6, 5, "-+") if (w, b) == (6, 5) else (w, b, r) for w, b, r in later[4]]
    later[5] = [(3, 6, "+-") if (w, b) == (3, 6) else (w, b, r) for w, b, r in later[5]]
    hand = _write(tmp_path, "rr6_forfeited.trf", 6, 5, {**games, **later})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks=LIST)))
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(hand, LIST)
    assert "Frost, Fay withdrew (did not play round 3, the last one played): his 2 games" in str(answer.notes[1])
    # Frost's opponents: Evans (round 4) and Clark (round 5) win by forfeit, a game in a round robin (C.07 15.2).
    table = planned(read(path)).event.table
    assert [KINDS[table.kind[4, 3]], KINDS[table.kind[2, 4]]] == [ResultKind.FORFEIT_WIN] * 2
    # By hand: after round 3 Adams 1½, Brown 2½, Clark ½, Dunne 1½, Evans 2½, Frost ½; Evans's forfeit win makes
    # 3½, and only Evans–Adams (round 5) is left to him: 3½ or 4½. Winning it, he is first (Brown, 4½ only by
    # winning both, loses or draws with Clark). Losing it, Adams (3½ at most, by beating Dunne too, who then has
    # 2½ at most) and Dunne (3½ only if Adams lost to him) are never both on 3½; Clark has 2½ at most: at most
    # Brown (4) and Adams, who beat him (DE), ahead: third.
    assert _places(answer)[5][:2] == (1, 3)
    assert _places(answer)[6][:2] == (6, 6)  # ½ point; everybody else 1½ at least


def _with_block(text: str, start: int, round_no: int, block: str) -> str:
    """The TRF with one player's block of one round replaced (``""``: left out, no block)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) == start:
            at = 91 + 10 * (round_no - 1)
            line = (line.ljust(at + 8)[:at] + block.ljust(8) + line[at + 8 :]).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_a_player_left_out_of_a_partly_paired_round_has_withdrawn(tmp_path: Path) -> None:
    # Rounds 1-3 of RR6 played; round 4 (Berger: 6-5, 1-4, 2-3) paired for all but Frost: Adams-Dunne and
    # Brown-Clark blank, Evans's game against Frost written as his forfeit win (0000 - +), Frost left out. Frost has
    # withdrawn: his round-5 game (3-6) is Clark's forfeit win. Open: Adams-Dunne, Brown-Clark (round 4),
    # Dunne-Brown, Evans-Adams (round 5): 3^4 = 81 outcomes (with Frost's game open, 243).
    text = _with_block(_trf(6, 5, {**RR6, 4: [(1, 4, ""), (2, 3, "")]}), 5, 4, "0000 - +")
    path = tmp_path / "rr6_left_out.trf"
    path.write_text(text)
    answer = what_if(read(path), Request.parse(tiebreaks=LIST))
    assert (answer.method, answer.runs) == ("exact", 81)
    assert (
        "Frost, Fay withdrew (left out of round 4, which the file pairs): his 1 game still to come is not played, a "
        "forfeit loss for him and a win for his opponent (C.07 15.2)"
    ) in [str(note) for note in answer.notes]
    table = planned(read(path)).event.table
    assert [KINDS[table.kind[2, 4]], KINDS[table.kind[5, 4]]] == [ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS]
    # The points of the withdrawal test above (Evans's forfeit win from the file, not the schedule): Evans 1-3.
    assert _places(answer)[5][:2] == (1, 3) and _places(answer)[6][:2] == (6, 6)
    # Both Evans and Frost left out (their game 6-5 not in the file, both blank): both absent from a round the
    # schedule pairs them in, both withdrawn. Open: Adams-Dunne, Brown-Clark, Dunne-Brown: 3^3 = 27 outcomes
    # (Clark and Adams win round 5 by forfeit).
    both = tmp_path / "rr6_two_left_out.trf"
    both.write_text(_trf(6, 5, {**RR6, 4: [(1, 4, ""), (2, 3, "")]}))
    answer = what_if(read(both), Request.parse(tiebreaks=LIST))
    assert answer.runs == 27
    assert [str(n).split(" (")[0] for n in answer.notes if "withdrew" in str(n)] == [
        "Evans, Eve withdrew",
        "Frost, Fay withdrew",
    ]


def test_the_free_player_left_out_of_an_odd_round_robins_round_has_not_withdrawn(tmp_path: Path) -> None:
    # RR5, round 4 by the table of six: 6-5 (Evans free), 1-4, 2-3. Paired for all but Evans: his free round, no
    # withdrawal; open Adams-Dunne, Brown-Clark, and round 5's Dunne-Brown, Evans-Adams (Clark free): 81.
    free = _write(tmp_path, "rr5_free_left_out.trf", 5, 5, {**RR5, 4: [(1, 4, ""), (2, 3, "")]})
    answer = what_if(read(free), Request.parse(tiebreaks="DE"))
    assert answer.runs == 81 and not any("withdrew" in str(note) for note in answer.notes)
    # Round 4 paired Brown-Clark only: Adams and Dunne left out (withdrawn), Evans too (his free round: not). Their
    # round-5 games are Brown's and Evans's forfeit wins; only Brown-Clark is open: 3 outcomes. By hand: after
    # round 3 Adams ½, Brown 1½, Clark ½, Dunne 1, Evans 2½; final Evans 3½, Brown 2½ + b, Clark 1½ − b, Dunne 1,
    # Adams ½ (b Brown's score against Clark). b = 1: Evans and Brown 3½ (they drew: DE shares first), Dunne 1
    # third, Clark and Adams ½ (drew: shared fourth). b = ½: Brown 3 second, Clark and Dunne 1 (Dunne beat Clark:
    # third), Adams fifth. b = 0: Brown second, Clark 1½ third, Dunne fourth, Adams fifth.
    path = _write(tmp_path, "rr5_two_left_out.trf", 5, 5, {**RR5, 4: [(2, 3, "")]})
    answer = what_if(read(path), Request.parse(tiebreaks="DE"))
    assert answer.runs == 3
    assert [str(n).split(" (")[0] for n in answer.notes if "withdrew" in str(n)] == [
        "Adams, Ann withdrew",
        "Dunne, Dan withdrew",
    ]
    assert {row: places[:2] for row, places in _places(answer).items()} == {
        1: (4, 5),
        2: (1, 2),
        3: (3, 4),
        4: (3, 4),
        5: (1, 1),
    }


# A round robin of five: the table of six, number 6 the free round; rounds 4 and 5 to come (81 outcomes).
RR5: Games = {r: [(w, b, res) for w, b, res in listed if 6 not in (w, b)] for r, listed in RR6.items()}


def test_an_odd_round_robin_gets_its_free_rounds_from_the_table(tmp_path: Path) -> None:
    path = _write(tmp_path, "rr5.trf", 5, 5, RR5)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,SB,WIN,KS"))
    assert (answer.method, answer.runs) == ("exact", 81)
    table = planned(read(path)).event.table
    # Round 4: 6-5 → Evans free; round 5: 3-6 → Clark free: no opponent, nothing played yet (a zero-point bye
    # in every scenario, not an absence the notes count).
    assert [int(table.opponent[4, 3]), int(table.opponent[2, 4])] == [-1, -1]
    assert [KINDS[table.kind[4, 3]], KINDS[table.kind[2, 4]]] == [ResultKind.NOT_PLAYED] * 2
    assert table.played_rounds == 3 and answer.open.absences == 0
    assert not any("absent" in str(note) for note in answer.notes)
    later = {
        r: [(w, b, res) for w, b, res in listed if 6 not in (w, b)]
        for r, listed in _paired(BERGER_6, range(4, 6)).items()
    }
    hand = _write(tmp_path, "rr5_paired.trf", 5, 5, {**RR5, **later})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks="DE,SB,WIN,KS")))
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(hand, "DE,SB,WIN,KS")
    assert str(answer.notes[0]).endswith("(pairing numbers the start numbers), free rounds as they give them")


def test_the_free_round_of_an_odd_round_robin_off_the_tables_is_no_withdrawal(tmp_path: Path) -> None:
    # Five players, rounds 1-3 in an order no Berger table gives (1-2, 3-4; 3-1, 2-5; 1-4, 5-3): Brown's round 3
    # is his free round (0000 - Z, the one player without an opponent), not an absence. The pairs still to meet:
    # Adams-Evans, Brown-Clark, Brown-Dunne, Dunne-Evans, all open: 3^4 = 81 outcomes, nobody withdrawn.
    games = {1: [(1, 2, "1-0"), (3, 4, "½")], 2: [(3, 1, "0-1"), (2, 5, "½")], 3: [(1, 4, "½"), (5, 3, "1-0")]}
    path = _write(tmp_path, "rr5_unordered.trf", 5, 5, games)
    answer = what_if(read(path), Request.parse(tiebreaks="DE"))
    assert "the file's games follow no Berger table" in str(answer.notes[0])
    assert answer.runs == 81 and not any("withdrew" in str(note) for note in answer.notes)


def test_a_double_round_robins_second_cycle_reverses_the_colours(tmp_path: Path) -> None:
    first = {1: RR4[1], 2: RR4[2], 3: [(2, 4, "½"), (3, 1, "0-1")]}
    path = _write(tmp_path, "drr4.trf", 4, 6, first)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,SB,BPG"))
    assert (answer.method, answer.runs) == ("exact", 729)
    second = {r + 3: games for r, games in _paired(BERGER_4, range(1, 4), reverse=True).items()}
    assert _pairs(path, 3) == {(4, 1), (3, 2)}  # round 1's 1-4 and 2-3, colours reversed
    hand = _write(tmp_path, "drr4_paired.trf", 4, 6, {**first, **second})
    assert _rows(answer) == _rows(what_if(read(hand), Request.parse(tiebreaks="DE,SB,BPG")))
    assert {r.row + 1: (r.best, r.worst) for r in answer.rows} == _brute_force(hand, "DE,SB,BPG")


def test_a_team_round_robin_before_its_last_round_paired(tmp_path: Path) -> None:
    lines = (DATA / "team4_before_last.trf").read_text().splitlines()
    path = tmp_path / "team4.trf"
    path.write_text("\n".join(line[:109].rstrip() if line.startswith("001") else line for line in lines) + "\n")
    answer = what_if(read(path), Request.parse(tiebreaks="DE"))
    # The same places as the file with round 3 paired (tests/test_issue22_whatif.py's hand team round robin).
    assert _places(answer) == {1: (1, 4, True, ()), 2: (1, 4, True, ()), 3: (1, 3, True, (3,)), 4: (2, 4, False, ())}
    assert answer.runs == 25  # two matches of two boards: 5 scores each
    assert "gives 2 matches" in str(answer.notes[0])


def test_a_team_that_forfeited_its_last_match_has_withdrawn(tmp_path: Path) -> None:
    # team4_before_last.trf's rounds 1 and 2, Beta-Delta of round 2 a forfeited match Beta wins (330, no boards):
    # Alpha MP 2 (GP 2½), Beta 2 (2, the forfeit's 2 boards), Gamma 3 (2½), Delta 1. Round 3 is Alpha-Delta and
    # Beta-Gamma: Delta withdrew, Alpha wins by forfeit (MP 4), only Beta-Gamma is open, 5 match scores (Beta's
    # 0 ... 2). Beta wins it: Alpha and Beta on 4, Alpha beat Beta (DE): Alpha, Beta, Gamma; a 1-1: Gamma and Alpha
    # on 4, Gamma beat Alpha: Gamma, Alpha, Beta; Gamma wins: Gamma 5, Alpha, Beta. Delta (1) is last.
    lines = []
    for line in (DATA / "team4_before_last.trf").read_text().splitlines():
        if line.startswith("001"):
            line = line[:109].rstrip()
            if int(line[4:8]) in (3, 4, 7, 8):  # Beta's and Delta's boards: no round-2 game
                line = line[:101].rstrip()
        lines.append(line)
    path = tmp_path / "team4_forfeit.trf"
    path.write_text("\n".join([*lines, "330 +-   2   2   4"]) + "\n")
    answer = what_if(read(path), Request.parse(tiebreaks="DE"))
    assert (answer.method, answer.runs) == ("exact", 5)
    assert {row: places[:2] for row, places in _places(answer).items()} == {1: (1, 2), 2: (2, 3), 3: (1, 3), 4: (4, 4)}
    assert (
        "Delta withdrew (did not play round 2, the last one played): its 1 match still to come is not played, a "
        "forfeit loss for it and a win for its opponent (C.07 15.2)"
    ) in [str(note) for note in answer.notes]
    table = planned(read(path)).event.table
    assert [KINDS[table.kind[row, 2]] for row in (0, 3)] == [ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS]


def test_after_a_round_a_round_robins_later_rounds_keep_their_pairings() -> None:
    answer = what_if(read(DATA / "rr5_final.trf"), Request.parse(tiebreaks="DE,SB,WIN", after_round=2))
    # Rounds 3–5 as the file pairs them: two games a round and a free round each, 3⁶ outcomes, exact.
    assert (answer.method, answer.runs) == ("exact", 729)
    assert answer.open.paired_rounds == (3, 4, 5) and answer.open.unpaired_rounds == ()


def test_the_simulation_data_pickles_with_plain_pickle(tmp_path: Path) -> None:
    lines = (DATA / "team4_before_last.trf").read_text().splitlines()
    team = tmp_path / "team4.trf"
    team.write_text("\n".join(line[:109].rstrip() if line.startswith("001") else line for line in lines) + "\n")
    for path in (_write(tmp_path, "rr6.trf", 6, 5, RR6), team):
        open_ = open_items(read(path))
        ranker = open_.ranker(None, rules=DEFAULT_RULES, unrated_rating=None)
        cumulative = np.cumsum(chances_of_items(open_, Model()), axis=1)
        cumulative[:, -1] = 1.0
        state = _Runs(open_, ranker, cumulative, 3, 5, 500)
        back = pickle.loads(pickle.dumps(state))
        assert list(back.open.base.roster.titles) == list(open_.base.roster.titles)
        counts, ranked = _run_blocks((0, 2), back)
        expected_counts, expected_ranked = _run_blocks((0, 2), state)
        assert ranked == expected_ranked and (counts == expected_counts).all()
        assert counts[:, 0].sum() >= 500  # each run has a first (shared firsts counted for each)


def test_two_processes_give_one_processes_runs_on_a_scheduled_round_robin(tmp_path: Path) -> None:
    path = _write(tmp_path, "rr6.trf", 6, 5, RR6)
    asked = {"method": "simulation", "runs": 600, "seed": 3}
    one = what_if(read(path), Request.parse(tiebreaks=LIST), **asked)  # type: ignore[arg-type]
    two = what_if(read(path), Request.parse(tiebreaks=LIST), jobs=2, **asked)  # type: ignore[arg-type]
    assert [r.chances for r in one.rows] == [r.chances for r in two.rows] and one.notes == two.notes
    assert one.open.scheduled == (4, 5)


def test_spawned_processes_get_the_simulation_pickled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Where processes cannot be forked, -j 2 spawns them and pickles the simulation to each: the same runs.
    path = _write(tmp_path, "rr6.trf", 6, 5, RR6)
    asked = {"method": "simulation", "runs": 500, "seed": 11}
    one = what_if(read(path), Request.parse(tiebreaks=LIST), **asked)  # type: ignore[arg-type]
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    two = what_if(read(path), Request.parse(tiebreaks=LIST), jobs=2, **asked)  # type: ignore[arg-type]
    assert [r.chances for r in one.rows] == [r.chances for r in two.rows] and one.ranked == two.ranked


def test_a_file_without_its_rounds_planned_gets_the_cycles_rounds(tmp_path: Path) -> None:
    # rr4 with no XXR record: the file holds rounds 1 and 2 only; a round robin of four plays three.
    text = _trf(4, 3, RR4).replace("XXR 3\n", "")
    path = tmp_path / "rr4_no_rounds.trf"
    path.write_text(text)
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    assert _places(answer) == HAND_RR4
    assert str(answer.notes[0]) == (
        "the file states no rounds planned beyond its 2: a round robin of 4 players plays 3 rounds a cycle, so it has 3"
    )
    assert _pairs(path, 2) == {(2, 4), (3, 1)}


PGN = Path(__file__).parent / "data" / "pgn" / "uzchess_cup_masters_2025.pgn"
_TAG = re.compile(r'\[(Round|White|Black) "([^"]*)"\]')


def test_a_real_round_robins_later_rounds_are_found_from_its_first_five() -> None:
    # UzChess Cup Masters 2025 (10 players, 9 rounds, tests/data/pgn/README.md): its games of rounds 1-5 only,
    # stated a round robin. The schedule found for rounds 6-9 is the file's own games of those rounds, White and
    # Black alike: its pairing numbers, drawn by lot, are those its first five rounds fit.
    games = re.split(r"\n\n(?=\[)", PGN.read_text(encoding="utf-8").strip())
    tags = [dict(_TAG.findall(game)) for game in games]
    early = [game for game, tag in zip(games, tags, strict=True) if int(tag["Round"].split(".")[0]) <= 5]
    reading = read_text("\n\n".join(early) + "\n", path="uzchess_five.pgn")
    plan = planned(reading, Request.parse(kind="round-robin"))
    names = reading.event.roster.names
    table = plan.event.table
    for round_no in range(6, 10):
        real = {(t["White"], t["Black"]) for t in tags if t["Round"].split(".")[0] == str(round_no)}
        column = round_no - 1
        found = {
            (names[a], names[int(table.opponent[a, column])]) for a in range(10) if table.colour[a, column] == WHITE
        }
        assert found == real, round_no
    assert "pairing numbers as the file's games fit them, drawn by lot" in str(plan.notes[1])


def test_rounds_planned_that_are_not_whole_cycles_stay_scores(tmp_path: Path) -> None:
    # Four players, four rounds planned (a cycle is three): round 4's games are not known; it stays scores.
    path = _write(tmp_path, "rr4_four_rounds.trf", 4, 4, {**RR4, 3: [(2, 4, "1-0"), (3, 1, "½")]})
    answer = what_if(read(path), Request.parse(tiebreaks="DE,WIN"))
    assert answer.open.unpaired_rounds == (4,) and answer.open.scheduled == ()
    assert str(answer.notes[0]) == (
        "round 4: not paired yet, known only as scores: a round robin of 4 players has 3 rounds a cycle, and the "
        "file's 4 are not whole cycles"
    )


def test_more_proof_effort_proves_more_places_of_the_same_answer() -> None:
    # UzChess Cup Masters 2025 before its last four rounds (20 games: simulated). The note names the option for
    # the places left as bounds; four times the budget proves more of them, and what each search calls exact or
    # bounds agrees with the other's: a place exact in both is the same, a bound of one holds the other's place.
    def run(effort: int) -> dict[str, Any]:
        args = ["whatif", str(PGN), "--after-round", "5", "--runs", "200", "--proof-effort", str(effort), "-f", "json"]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        data: dict[str, Any] = json.loads(result.output)
        return data

    once, more = run(1), run(4)
    assert once["notes"][-1].endswith("; --proof-effort K searches K times as long for them")

    def exact(data: dict[str, Any]) -> int:
        return sum(row["best_exact"] + row["worst_exact"] for row in data["standings"])

    assert exact(more) > exact(once)
    for a, b in zip(once["standings"], more["standings"], strict=True):
        assert a["start"] == b["start"]
        assert a["best"] <= b["best"] and a["worst"] >= b["worst"]  # the wider search's bounds are within
        if a["best_exact"]:
            assert b["best_exact"] and a["best"] == b["best"]
        if a["worst_exact"]:
            assert b["worst_exact"] and a["worst"] == b["worst"]
