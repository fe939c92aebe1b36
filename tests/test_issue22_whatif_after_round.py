"""Issue 22, ``whatif --after-round N`` on a finished event: asked from round N + 1's pairings, which were known
once round N was played (round N + 1 is paired from the standings after round N), its results set aside, the
rounds after it known only as scores — a round robin's keep their pairings, its schedule known from the start;
``standings --after-round N`` is unchanged (before round N + 1 was paired).

Each answer is checked against the same file written as it stood when round N + 1 was paired, built here by
text edits of its TRF lines (:func:`_as_paired`): round N + 1's results blanked where a game has an opponent (its
byes kept), the later rounds emptied (a round robin's blanked as round N + 1 is), the final points and ranks left
blank.

The hand answers. ``rr4_final.trf`` and ``team4_final.trf`` are ``rr4_before_last.trf`` and
``team4_before_last.trf`` finished: after round 2 they ask what those ask, whose places
``tests/test_issue22_whatif.py`` works out by hand (Adams 1–4, Brown 1–4, Clark 1–3 with the top three clinched,
Dunne 2–4). ``swiss6_final.trf`` after round 2: Fir, Gum, Hazel and Kauri have 1½ each, Ivy and Juniper 0; round 3
pairs Fir–Hazel and Kauri–Gum, Ivy has the pairing-allocated bye (1 point) and Juniper a requested half-point
bye. So Fir ends on 1½ + a, Hazel 2½ − a, Kauri 1½ + b, Gum 2½ − b (a, b each 1, ½ or 0), Ivy on 1, Juniper on
½. The four of the top games all beat Ivy's 1, and each is alone first when he wins and the other game is drawn
(2½ against 2, 2, 1½), alone fourth when he loses and it is drawn: each 1–4, none sure of a prize place. Ivy is
fifth and Juniper sixth whatever happens — where round 3 known only as scores (before this change) let Ivy fall
to sixth (0 against Juniper's 1) and Juniper rise to fifth.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.event import KINDS
from sonneborn.model import ResultKind
from sonneborn.pipeline import Request, read, standings
from sonneborn.ranking import Standings
from sonneborn.whatif import Method, WhatIf, open_items, parse_fixed, scenario, what_if

DATA = Path(__file__).parent / "data" / "whatif"
RR4 = DATA / "rr4_final.trf"
RR5 = DATA / "rr5_final.trf"
SWISS = DATA / "swiss6_final.trf"
TEAMS = DATA / "team4_final.trf"
HAND_RR4 = {1: (1, 4, True, ()), 2: (1, 4, True, ()), 3: (1, 3, True, (3,)), 4: (2, 4, False, ())}
HAND_SWISS = {1: (1, 4, True, ()), 2: (1, 4, True, ()), 3: (1, 4, True, ()), 6: (1, 4, True, ()),
              4: (5, 5, False, ()), 5: (6, 6, False, ())}  # fmt: skip

_ROUNDS = 91
"""Where round 1 starts on a TRF player line (0-based; columns 92–95 the opponent, 97 the colour, 99 the result),
each round 10 columns on."""


def _as_paired(text: str, last: int, *, round_robin: bool = False) -> str:
    """The TRF text as it stood when round ``last + 1`` was paired: its games' results blank (an opponent and a
    colour kept; a bye, ``0000``, as it is), every later round empty, the points (81–84) and rank (86–89) blank.
    A ``round_robin``'s later rounds are its schedule, known before they are played: their games are blanked as
    round ``last + 1``'s, their free rounds (``0000``) left without a block (not played yet)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            rounds = (len(line) - _ROUNDS + 9) // 10 if round_robin else last + 1
            line = line.ljust(_ROUNDS + 10 * rounds)
            line = line[:80] + " " * 9 + line[89:]
            for column in range(last, rounds):
                start = _ROUNDS + 10 * column
                block = line[start : start + 10]
                if block[:4].strip() not in ("", "0000"):  # a game: its result not played yet
                    block = block[:7] + " " + block[8:]
                elif column > last:  # a later round's free round: not played yet
                    block = " " * len(block)
                line = line[:start] + block + line[start + 10 :]
            line = line[: _ROUNDS + 10 * rounds].rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def _answer(answer: WhatIf) -> object:
    """What whatif answers of the final places; the standings now are those of the view it is asked from
    (:func:`_now`), which may count round N + 1's byes or not."""
    rows = sorted(
        (r.row, r.best, r.worst, r.can_win, r.clinched, r.chances, r.margins, str(r.decides), r.exact)
        for r in answer.rows
    )
    return answer.method, answer.runs, answer.ranked, rows


def _now(answer: WhatIf) -> object:
    return _now_of(answer.now)


def _now_of(table: Standings) -> object:
    return table.order.tolist(), table.ranks.tolist(), table.event.table.score.totals.tolist()


def _places(answer: WhatIf) -> dict[int, tuple[int, int, bool, tuple[int, ...]]]:
    return {r.row + 1: (r.best, r.worst, r.can_win, r.clinched) for r in answer.rows}


CASES: list[tuple[Path, int, str | None, Method | None]] = [  # file, round N, list, method
    (RR4, 2, "DE,WIN", None),
    (RR4, 1, "DE,WIN", None),
    (RR5, 3, "DE,SB,WIN", None),
    (RR5, 2, "DE,SB,WIN", "simulation"),
    (SWISS, 2, None, None),
    (SWISS, 1, "BH,SB,DE", "simulation"),
    (TEAMS, 2, "DE", None),
    (TEAMS, 1, "DE", "simulation"),
]


@pytest.mark.parametrize(("path", "last", "tiebreaks", "method"), CASES)
def test_after_round_asks_as_the_file_written_with_the_next_round_paired(
    path: Path, last: int, tiebreaks: str | None, method: Method | None, tmp_path: Path
) -> None:
    paired = tmp_path / path.name
    round_robin = path != SWISS  # a round robin's later rounds keep their pairings: its schedule
    paired.write_text(_as_paired(path.read_text(), last, round_robin=round_robin))
    after = what_if(read(path), Request.parse(tiebreaks=tiebreaks, after_round=last), method=method, runs=400)
    expected = what_if(read(paired), Request.parse(tiebreaks=tiebreaks), method=method, runs=400)
    assert _answer(after) == _answer(expected)
    rounds_now = read(path).event.rounds
    # The standings now are those of the view the question is asked from: `standings --after-round N` (round
    # N + 1 not counted, its byes neither), and the paired file's own standings.
    asked = Request.parse(tiebreaks=tiebreaks, after_round=last)
    assert _now(after) == _now_of(standings(read(path), asked))
    assert _now(expected) == _now_of(standings(read(paired), Request.parse(tiebreaks=tiebreaks)))
    assert (after.open.paired_rounds, after.open.unpaired_rounds) == (
        (tuple(range(last + 1, rounds_now + 1)), ())
        if round_robin
        else ((last + 1,), tuple(range(last + 2, rounds_now + 1)))
    )
    # The notes: which results were set aside, then the file's own (which rounds were treated how, the method).
    played = read(path).event.table.played_rounds
    rounds = f"round {last + 1}" if last + 1 == played else "rounds " + ", ".join(map(str, range(last + 1, played + 1)))
    if round_robin and last + 1 < rounds_now:
        assert str(after.notes[0]) == (
            f"taken after round {last}: the file's results of {rounds} are set aside, not known yet; {rounds} keep "
            "their pairings, a round robin's schedule"
        )
    else:
        assert str(after.notes[0]) == (
            f"taken after round {last}: the file's results of {rounds} are set aside, not known yet; round "
            f"{last + 1} keeps its pairings, made once round {last} was played"
        )
    assert [str(n) for n in after.notes[1:]] == [str(n) for n in expected.notes]


def test_the_hand_answers() -> None:
    assert _places(what_if(read(RR4), Request.parse(tiebreaks="DE,WIN", after_round=2))) == HAND_RR4
    assert _places(what_if(read(TEAMS), Request.parse(tiebreaks="DE", after_round=2))) == HAND_RR4
    answer = what_if(read(SWISS), Request.parse(after_round=2))
    assert _places(answer) == HAND_SWISS
    assert answer.runs == 9  # the two games of round 3; the byes are known
    # Whatif's standings now are those after round 2, as `standings --after-round 2` counts them: round 3's byes
    # (Ivy's point, Juniper's half) are results of round 3, counted once it is played (C.07 16), in half points.
    assert [int(p) for p in answer.now.event.table.score.totals] == [3, 3, 3, 0, 0, 3]
    # Fir beats Hazel (board 1): his game counts, the round's byes not yet (Kauri–Gum still open).
    one = what_if(read(SWISS), Request.parse(after_round=2), fixed=parse_fixed(["3.1=1-0"]))
    assert [int(p) for p in one.now.event.table.score.totals] == [5, 3, 3, 0, 0, 3]
    # Kauri–Gum drawn too: round 3 is whole, its byes counted: Fir 2½, Gum 2, Hazel 1½, Ivy 1, Juniper ½, Kauri 2.
    whole = what_if(read(SWISS), Request.parse(after_round=2), fixed=parse_fixed(["3.1=1-0,3.2=1/2-1/2"]))
    assert [int(p) for p in whole.now.event.table.score.totals] == [5, 4, 3, 2, 1, 4]
    assert _now(whole) == _now_of(standings(read(SWISS), Request.parse(after_round=3)))


def test_standings_after_round_stay_before_the_next_round_was_paired() -> None:
    # Ivy's bye of round 3 is not counted after round 2, nor any game of round 3 paired.
    table = standings(read(SWISS), Request.parse(after_round=2)).event.table
    assert [int(p) for p in table.score.totals] == [3, 3, 3, 0, 0, 3]
    assert table.played_rounds == 2 and not (table.opponent[:, 2:] >= 0).any()


def test_a_scenario_and_the_open_items_take_the_next_round_paired() -> None:
    request = Request.parse(tiebreaks="DE,WIN", after_round=2)
    open_ = open_items(read(RR4), request)
    assert (open_.games, open_.paired_rounds) == (2, (3,))
    # Both Adams (row 0, White against Dunne) and Brown (against Clark, row 2's White) win: Adams first by DE.
    assert (scenario(read(RR4), request, {(0, 2): 0, (2, 2): 2}).order + 1).tolist() == [1, 2, 3, 4]


def test_after_the_last_round_played_the_file_is_asked_as_it_is() -> None:
    # rr4_before_last.trf has played two rounds and paired the third: after round 2 is the file itself.
    before = DATA / "rr4_before_last.trf"
    asked = what_if(read(before), Request.parse(tiebreaks="DE,WIN", after_round=2))
    assert _answer(asked) == _answer(what_if(read(before), Request.parse(tiebreaks="DE,WIN")))
    assert not any("taken after" in str(note) for note in asked.notes)


def test_the_command_takes_after_round() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["whatif", str(RR4), "-t", "DE,WIN", "--after-round", "2", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    found = {e["start"]: (e["best"], e["worst"], e["can_win"], tuple(e["clinched"])) for e in data["standings"]}
    assert found == HAND_RR4 and data["runs"] == 9
    assert data["notes"][0].startswith("taken after round 2: the file's results of round 3 are set aside")
    for bad in ("0", "4"):
        refused = runner.invoke(cli, ["whatif", str(RR4), "--after-round", bad])
        assert refused.exit_code == 2, refused.output
        assert "--after-round" in refused.stderr


def test_a_team_file_keeps_what_was_known_when_the_next_round_was_paired() -> None:
    # four_clubs_trf26.trf (tests/test_team_read.py): round 2 pairs Alpha–Gamma over the boards and Delta (White)
    # against Beta by a forfeited match (330), which is its pairing; round 3 pairs Alpha–Delta (a double forfeit on
    # board 1, an empty board 2: results, set aside), gives Gamma the PAB (320) and Beta a half-point bye (240).
    reading = read(Path(__file__).parent / "data" / "teams" / "four_clubs_trf26.trf")
    alpha, beta, gamma, delta = range(4)
    after_one = open_items(reading, Request.parse(tiebreaks="DE", after_round=1))
    table = after_one.base.table
    assert table.opponent[:, 1].tolist() == [gamma, delta, alpha, beta]
    assert after_one.paired_rounds == (2,) and after_one.games == 2 and after_one.unpaired_rounds == (3,)
    assert (int(after_one.rows[1]), int(after_one.others[1])) == (delta, beta)  # the 330 record names Delta White
    after_two = open_items(reading, Request.parse(tiebreaks="DE", after_round=2))
    kinds = [KINDS[int(code)] for code in after_two.event.table.kind[:, 2]]
    assert kinds == [ResultKind.NOT_PLAYED, ResultKind.HALF_BYE, ResultKind.PAIRING_BYE, ResultKind.NOT_PLAYED]
    assert after_two.games == 1 and (int(after_two.rows[0]), int(after_two.others[0])) in (
        (alpha, delta),
        (delta, alpha),
    )
    # The standings after round 1 are before round 2 was paired: no match in it.
    assert not (standings(reading, Request.parse(after_round=1)).event.table.opponent[:, 1:] >= 0).any()
