"""Issue 22, ``sonneborn whatif``: best and worst places, first place and the prize places, exactly and by simulation.

The two hand-made events (``tests/data/whatif/``) are worked out here by hand. In the round robin of four,
Adams beat Brown (round 1), Clark beat Adams and Brown beat Dunne (round 2), Clark and Dunne drew (round 1);
round 3 pairs Adams–Dunne and Clark–Brown. With ``a`` Adams's score against Dunne and ``b`` Brown's against
Clark, the final points are Adams 1 + a, Brown 1 + b, Clark 2.5 − b, Dunne 1.5 − a, and ranked by DE, WIN:

    a  b   order (places)                      how
    1  1   Adams 1, Brown 2, Clark 3, Dunne 4   Adams and Brown on 2: DE, Adams beat Brown
    1  ½   Clark 1, Adams 2, Brown 3, Dunne 4   Clark and Adams on 2: DE, Clark beat Adams
    1  0   Clark 1, Adams 2, Brown 3, Dunne 4   points
    ½  1   Brown 1, Clark 2, Adams 3, Dunne 4   Clark and Adams on 1.5: DE
    ½  ½   Clark 1, Adams 2, Brown 3, Dunne 4   Adams and Brown on 1.5: DE
    ½  0   Clark 1, Adams 2, Brown 3, Dunne 4   Brown and Dunne on 1: DE, Brown beat Dunne
    0  1   Brown 1, Clark 2, Dunne 2, Adams 4   Clark and Dunne on 1.5: drew (DE), one win each: shared
    0  ½   Clark 1, Brown 2, Dunne 3, Adams 4   Brown and Dunne on 1.5: DE
    0  0   Clark 1, Dunne 2, Adams 3, Brown 4   Adams and Brown on 1: DE

So Adams 1…4, Brown 1…4, Clark 1…3, Dunne 2…4; Clark is sure of the top three; Adams is first only when
he and Brown both win (DE decides), Brown only when he wins, Clark whenever he does not lose (six outcomes,
one of them by DE). The team event is the same four as teams of two boards (match points 2-1-0, list DE):
a won match is any score above 1-1, so each round-robin outcome is one to four board scores.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from builders import last_round_open
from click.testing import CliRunner, Result
from random_events import random_event

from sonneborn.cli import cli
from sonneborn.event import CODE, NOT_PLAYED, Event
from sonneborn.model import ResultKind
from sonneborn.pipeline import Reading, Request, read
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import DEFAULT_RULES
from sonneborn.whatif import Model, Open, scenario, what_if

DATA = Path(__file__).parent / "data" / "whatif"
ROUND_ROBIN = DATA / "rr4_before_last.trf"
TEAMS = DATA / "team4_before_last.trf"
HAND = {  # start: (best, worst, can win, clinched of places 1-3)
    1: (1, 4, True, ()),
    2: (1, 4, True, ()),
    3: (1, 3, True, (3,)),
    4: (2, 4, False, ()),
}


def _answers(path: Path, tiebreaks: str) -> dict[int, tuple[int, int, bool, tuple[int, ...]]]:
    answer = what_if(read(path), Request.parse(tiebreaks=tiebreaks))
    assert answer.method == "exact"
    return {row.row + 1: (row.best, row.worst, row.can_win, row.clinched) for row in answer.rows}


def test_the_hand_round_robin() -> None:
    assert _answers(ROUND_ROBIN, "DE,WIN") == HAND
    answer = what_if(read(ROUND_ROBIN), Request.parse(tiebreaks="DE,WIN"))
    assert answer.runs == 9
    words = {row.row + 1: str(row.decides) for row in answer.rows}
    assert words[1] == "first only if he wins against Dunne, Dan (round 3); first in 1 outcome: 1 by DE"
    assert words[2] == "first only if he wins against Clark, Cid (round 3)"
    assert words[3] == (
        "first only if he does not lose against Brown, Bob (round 3); first in 6 outcomes: 5 on points, 1 by DE"
    )
    assert words[4] == "cannot finish first"
    assert any("round 3: 2 games paired and still to be played" in str(note) for note in answer.notes)


def test_the_note_counts_one_game_in_the_singular() -> None:
    # rr4 has two games in round 3; fixing board 1 leaves one.
    result = CliRunner().invoke(cli, ["whatif", str(ROUND_ROBIN), "--set", "3.1=1-0", "-f", "json"])
    assert result.exit_code == 0, result.output
    assert (
        "round 3: 1 game paired and still to be played, each a win, a draw or a loss"
        in json.loads(result.stdout)["notes"]
    )


def test_a_scenario_is_ranked_as_standings_ranks_it() -> None:
    reading = read(ROUND_ROBIN)
    request = Request.parse(tiebreaks="DE,WIN")
    # Round 3: Adams (row 0) White against Dunne; Clark (row 2) White against Brown. Both Adams and Brown win.
    final = scenario(reading, request, {(0, 2): 0, (2, 2): 2})
    assert (final.order + 1).tolist() == [1, 2, 3, 4]
    assert final.column("DE").number(0) == 1 and final.column("DE").number(1) == 2  # Adams beat Brown: first of the two
    # Clark and Dunne share second place when Adams loses and Brown wins: DE and WIN leave them tied.
    shared = scenario(reading, request, {(0, 2): 2, (2, 2): 2})
    assert shared.ranks.tolist() == [4, 1, 2, 2]
    with pytest.raises(Exception, match="no result still to be decided"):
        scenario(reading, request, {(0, 0): 0})


def test_the_hand_team_round_robin() -> None:
    assert _answers(TEAMS, "DE") == HAND
    answer = what_if(read(TEAMS), Request.parse(tiebreaks="DE"))
    assert answer.runs == 25  # two matches of two boards: 5 scores each
    words = {row.row + 1: str(row.decides) for row in answer.rows}
    # Alpha wins its match (2-0 or 1½-½) and so does Beta: 2 × 2 outcomes, each decided by DE.
    assert words[1] == "first only if it scores at least 1½-½ against Delta (round 3); first in 4 outcomes: 4 by DE"
    # Gamma does not lose (3 scores) whatever Alpha does (5): 15, of which Alpha's 2 wins with Gamma's draw by DE.
    assert words[3].endswith("first in 15 outcomes: 13 on points, 2 by DE")


def test_a_team_list_that_reads_the_boards_is_refused() -> None:
    with pytest.raises(Exception, match="reads each board's result"):
        what_if(read(TEAMS), Request.parse(tiebreaks="BC"))


def _brute_force(event: Event, tiebreaks: str) -> dict[int, tuple[int, int]]:
    """Every outcome set by the table's own with_results (both sides of each game) and with_byes, each ranked
    afresh: the best and worst rank of every player."""
    table = event.table
    rows = np.arange(table.players)[:, None]
    open_ = (table.kind == NOT_PLAYED) & (table.opponent >= 0)
    white = (table.colour == 1) | ((table.colour == 0) & (table.opponent > rows))
    games = list(zip(*np.nonzero(open_ & white), strict=True))
    paired = (table.opponent >= 0).any(axis=0) | (table.kind != NOT_PLAYED).any(axis=0)
    lone = (table.kind == NOT_PLAYED) & (table.opponent < 0)
    absent = {(int(r), int(c)): ResultKind.ZERO_BYE for r, c in zip(*np.nonzero(lone & paired), strict=True)}
    singles = [(int(r), int(c)) for r, c in zip(*np.nonzero(lone & ~paired), strict=True)]
    specs = parse_list(tiebreaks)
    best = dict.fromkeys(range(1, table.players + 1), table.players + 1)
    worst = dict.fromkeys(range(1, table.players + 1), 0)
    kind = event.kind
    results = (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)
    byes = (ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE)
    for outcome in itertools.product(results, repeat=len(games) + len(singles)):
        set_games = {(int(r), int(c)): o for (r, c), o in zip(games, outcome, strict=False)}
        final = table.with_results(set_games) if set_games else table  # a round known only as scores: no game
        changed = Event(final, event.roster, event.info).with_kind(kind)
        bye_kinds = dict(absent)
        bye_kinds.update({cell: byes[results.index(o)] for cell, o in zip(singles, outcome[len(games) :], strict=True)})
        changed = changed.with_byes(bye_kinds).with_kind(kind)
        ranks = rank(changed, specs).ranks
        for row, place in enumerate(ranks.tolist(), start=1):
            best[row], worst[row] = min(best[row], place), max(worst[row], place)
    return {row: (best[row], worst[row]) for row in best}


@pytest.mark.parametrize("seed", range(12))
def test_exact_agrees_with_brute_force_over_every_outcome(seed: int) -> None:
    rng = random.Random(seed)
    while True:
        tournament = last_round_open(random_event(rng))
        event = Event.of(tournament)
        items = Open.of(event).items
        if 1 <= items <= 6 and event.players >= 3:
            break
    tiebreaks = "DE,SB,WIN,KS" if event.kind.value == "round-robin" else "BH/C1,BH,SB,DE,WIN"
    answer = what_if(Reading.of(event), Request.parse(tiebreaks=tiebreaks), method="exact")
    found = {row.row + 1: (row.best, row.worst) for row in answer.rows}
    assert found == _brute_force(event, tiebreaks), tournament.rounds


def _wilson_margin(count: int, runs: int) -> float:
    # The Wilson score interval of count successes in runs (95 %), written from its textbook bounds
    # (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n): the farther bound from the share p.
    z, p = 1.959963984540054, count / runs
    spread = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs))
    low, high = ((p + z * z / (2 * runs) + sign * spread) / (1 + z * z / runs) for sign in (-1, 1))
    return max(p - low, high - p)


def test_a_place_no_run_reached_keeps_a_margin_unless_no_outcome_gives_it() -> None:
    # Three runs of the hand round robin: a place within a player's best and worst that no run gave keeps the
    # margin of 0 successes in 3, z²/(3 + z²) ≈ 56 % (the normal approximation's is 0); one that every run gave,
    # the same; a place outside them has none: no outcome gives it.
    runs = 3
    answer = what_if(read(ROUND_ROBIN), Request.parse(tiebreaks="DE,WIN"), method="simulation", runs=runs, seed=3,
                     places=4)  # fmt: skip
    unseen = 0
    for row in answer.rows:
        assert row.chances is not None
        for place, (chance, margin) in enumerate(zip(row.chances, row.margins, strict=True), start=1):
            if not row.best <= place <= row.worst:
                assert (chance, margin) == (0.0, 0.0)
            elif chance == 0.0:
                unseen += 1
                assert margin == pytest.approx(1.959963984540054**2 / (runs + 1.959963984540054**2))
            else:
                assert margin == pytest.approx(_wilson_margin(round(chance * runs), runs))
    assert unseen
    # A player who can still finish first but did in none of the runs is said to be so, not "in 0.0 %".
    hopeful = [row for row in answer.rows if row.best == 1 and row.chances is not None and row.chances[0] == 0]
    assert hopeful and all(str(row.decides) == "first in no run, though not excluded" for row in hopeful)


def test_a_chance_under_a_tenth_of_a_percent_keeps_a_significant_digit() -> None:
    from sonneborn.whatif.search import _sim_words

    # 3 runs of 10,000 and 1 of 100,000: 0.03 % and 0.001 %, not 0.0 %; from 0.1 % one decimal as before.
    texts = [str(_sim_words(np.array([share]), 1)) for share in (3 / 10_000, 1 / 100_000, 0.0015, 0.5)]
    assert texts == [f"first in {p} of the runs" for p in ("0.03%", "0.001%", "0.1%", "50.0%")]
    assert str(_sim_words(np.array([0.2]), 2)) == "cannot finish first"


def test_the_simulation_agrees_with_the_exact_chances() -> None:
    # Each place's chance under the model, exactly (every outcome weighted) and from 4,000 runs of a fixed seed:
    # they differ by no more than 4.5 standard errors of the exact chance (a bound a correct simulation passes
    # with a chance of failing below 1 in 100,000 per value, and this seed passes; a biased one does not).
    reading, request, model = read(ROUND_ROBIN), Request.parse(tiebreaks="DE,WIN"), Model(0.3)
    exact = what_if(reading, request, model=model, method="exact", with_chances=True, places=4)
    runs = 4000
    simulated = what_if(reading, request, model=model, method="simulation", runs=runs, seed=11, places=4)
    assert simulated.method == "simulation" and simulated.runs == runs
    for one, other in zip(exact.rows, simulated.rows, strict=True):
        assert one.chances is not None and other.chances is not None
        assert math.isclose(sum(one.chances), 1)
        for place, (p, q, margin) in enumerate(zip(one.chances, other.chances, other.margins, strict=True), 1):
            assert abs(p - q) <= 4.5 * math.sqrt(p * (1 - p) / runs) + 1e-12, (one.row, p, q)
            possible = other.best <= place <= other.worst
            assert margin == (pytest.approx(_wilson_margin(round(q * runs), runs)) if possible else 0.0)
    # The same seed gives the same runs, however many processes share them.
    again = what_if(reading, request, model=model, method="simulation", runs=runs, seed=11, places=4, jobs=2)
    assert [r.chances for r in again.rows] == [r.chances for r in simulated.rows]
    # The places are proved in this process while the workers draw the runs: the same places, the same notes.
    assert again.rows == simulated.rows and again.notes == simulated.notes and again.ranked == simulated.ranked


def test_the_exact_chances_by_hand() -> None:
    # Even players at draw rate d: each game is won, drawn, lost with (1 - d) / 2, d, (1 - d) / 2. Adams is first
    # only when he and Brown both win: ((1 - d) / 2)². Ratings are blank, so every player counts as even.
    d = 0.3
    answer = what_if(read(ROUND_ROBIN), Request.parse(tiebreaks="DE,WIN"), model=Model(d), with_chances=True)
    adams = next(row for row in answer.rows if row.row == 0)
    assert adams.chances is not None
    assert adams.chances[0] == pytest.approx(((1 - d) / 2) ** 2)


def test_cli_json_shape_and_errors() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "-t", "DE,WIN", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["method"], data["runs"], data["places"]) == ("exact", 9, 3)
    first = data["standings"][0]
    assert set(first) >= {"start", "name", "points", "best", "worst", "can_win", "clinched", "chances"}
    found = {entry["start"]: (entry["best"], entry["worst"], entry["can_win"], tuple(entry["clinched"]))
             for entry in data["standings"]}  # fmt: skip
    assert found == HAND
    simulated = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "-f", "json", "--method", "simulation",
                                    "--runs", "200", "--seed", "5"])  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    data = json.loads(simulated.stdout)
    assert data["method"] == "simulation" and data["runs"] == 200
    # Each run has a first place (shared, when the list leaves a tie), and nobody holds two places in one run.
    chances = [entry["chances"] for entry in data["standings"]]
    assert sum(chance["1"] for chance in chances) >= 1 - 1e-9
    assert all(sum(chance.values()) <= 1 + 1e-9 for chance in chances)
    table = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "-t", "DE,WIN"])
    assert table.exit_code == 0 and "exact: every one of the 9 outcomes" in table.stdout
    bad = runner.invoke(cli, ["whatif", str(ROUND_ROBIN), "--rank-by", "SB"])
    assert bad.exit_code == 2


def test_paired_rounds_read_alike_from_trf_blank_question_mark_pgn_and_json(tmp_path: Path) -> None:
    reading = read(ROUND_ROBIN)
    assert any("2 games paired with a blank result, read as not played yet" in str(w) for w in reading.warnings)
    event = reading.event
    assert event.table.unfinished_games == 2
    text = ROUND_ROBIN.read_text()
    marked = tmp_path / "marked.trf"
    lines = [line.rstrip() + (" ?" if line.startswith("001") else "") for line in text.splitlines()]
    marked.write_text("\n".join(lines) + "\n")
    assert (read(marked).event.table.kind == event.table.kind).all()
    runner = CliRunner()
    for suffix in ("json", "pgn"):
        target = tmp_path / f"rr.{suffix}"
        converted = runner.invoke(cli, ["convert", str(ROUND_ROBIN), str(target)])
        assert converted.exit_code == 0, converted.output
        other = Open.of(read(target).event)
        assert other.games == 2 and other.paired_rounds == (3,)


def test_rounds_not_paired_are_known_only_as_scores() -> None:
    # A round nobody is paired in: each player's score in it is one-sided, a full-, half- or zero-point bye.
    reading = read(ROUND_ROBIN)
    table = reading.event.table
    kind = table.kind.copy()
    opponent = table.opponent.copy()
    kind[:, 2], opponent[:, 2] = NOT_PLAYED, -1
    colour = table.colour.copy()
    colour[:, 2] = 0
    changed = replace(table, kind=kind, opponent=opponent, colour=colour)
    open_ = Open.of(Event(changed, reading.event.roster, reading.event.info))
    assert (open_.games, open_.items, open_.unpaired_rounds) == (0, 4, (3,))
    assert int(open_.base.table.kind[0, 2]) == CODE[ResultKind.FULL_BYE]


@pytest.mark.parametrize("seed", range(12))
def test_places_settled_by_points_agree_with_brute_force(seed: int) -> None:
    # What the simulation reports as best and worst: exact where points settle them (equal to every outcome's
    # ranking), else bounds that hold the true places.
    from sonneborn.whatif.search import settled_places

    rng = random.Random(seed)
    while True:
        tournament = last_round_open(random_event(rng))
        event = Event.of(tournament)
        if 1 <= Open.of(event).items <= 6 and event.players >= 3:
            break
    tiebreaks = "DE,SB,WIN,KS" if event.kind.value == "round-robin" else "BH/C1,BH,SB,DE,WIN"
    truth = _brute_force(event, tiebreaks)
    best, worst, exact = settled_places(Open.of(event.with_kind(event.kind)), event.players)
    for row in range(event.players):
        true_best, true_worst = truth[row + 1]
        if exact[row]:
            assert (best[row], worst[row]) == (true_best, true_worst), row
        assert best[row] <= true_best and worst[row] >= true_worst, row


def _event_before_last_round(seed: int, most: int = 6) -> Event:
    rng = random.Random(seed)
    while True:
        event = Event.of(last_round_open(random_event(rng)))
        if 1 <= Open.of(event).items <= most and event.players >= 3:
            return event


@pytest.mark.parametrize("seed", range(12))
def test_places_witnessed_by_ranked_scenarios_agree_with_brute_force(seed: int) -> None:
    # A place a ranked scenario reached is possible, so it lies between the true best and worst; where it meets
    # the bound by points the place is exact, and then equal to every outcome's ranking.
    from sonneborn.whatif.search import witnessed_places

    event = _event_before_last_round(seed)
    tiebreaks = "DE,SB,WIN,KS" if event.kind.value == "round-robin" else "BH/C1,BH,SB,DE,WIN"
    truth = _brute_force(event, tiebreaks)
    open_ = Open.of(event.with_kind(event.kind))
    found = witnessed_places(open_, event.players, open_.ranker(parse_list(tiebreaks), rules=DEFAULT_RULES,
                                                                unrated_rating=None))  # fmt: skip
    for row in range(event.players):
        true_best, true_worst = truth[row + 1]
        assert found.best[row] <= true_best and found.worst[row] >= true_worst, row
        if found.best_seen[row]:
            assert true_best <= found.best_seen[row] <= true_worst, row
        if found.worst_seen[row]:
            assert true_best <= found.worst_seen[row] <= true_worst, row
        if found.exact_best[row]:
            assert found.best[row] == true_best, row
        if found.exact_worst[row]:
            assert found.worst[row] == true_worst, row


@pytest.mark.parametrize("seed", range(6))
def test_simulated_scenarios_are_ranked_as_standings_ranks_them(seed: int) -> None:
    # Runs drawn as the simulation draws them, ranked many at once in one stacked table, against each run's
    # results set on the event and ranked afresh (no shared arrays) by the engine.
    from sonneborn.whatif.search import _choices, chances_of_items

    event = _event_before_last_round(seed, most=12)
    tiebreaks = "DE,SB,WIN,KS" if event.kind.value == "round-robin" else "BH/C1,BH,SB,DE,WIN"
    specs = parse_list(tiebreaks)
    open_ = Open.of(event.with_kind(event.kind))
    ranker = open_.ranker(specs, rules=DEFAULT_RULES, unrated_rating=None)
    cumulative = np.cumsum(chances_of_items(open_, Model()), axis=1)
    cumulative[:, -1] = 1.0
    runs = _choices(cumulative, open_.counts, seed, 0, 16)
    stacked = ranker.ranks(runs)
    for run, ranks in zip(runs, stacked, strict=True):
        alone = Event(open_.table(run), open_.base.roster, open_.base.info).with_kind(event.kind)
        assert ranks.tolist() == rank(alone, specs).ranks.tolist()


@pytest.mark.parametrize("seed", range(16))
def test_bounds_of_the_first_tiebreak_hold_in_every_outcome(seed: int) -> None:
    # Each bounded player's BH/C1 (and BH/M1) in every outcome, as the engine computes it afresh, lies within
    # the bounds at his own outcome; a player with an unplayed round (his or an opponent's) is not bounded.
    from sonneborn.whatif.search import first_key_bounds

    event = _event_before_last_round(seed)
    open_ = Open.of(event.with_kind(event.kind))
    for code in ("BH/C1", "BH/M1"):
        bounds = first_key_bounds(open_, parse_list(code))
        if bounds is None:
            continue
        low, high = bounds
        for choice in itertools.product(*(range(int(c)) for c in open_.counts)):
            chosen = np.array(choice, dtype=np.int64)
            final = Event(open_.table(chosen), open_.base.roster, open_.base.info).with_kind(event.kind)
            column = rank(final, parse_list(code)).column(code)
            for row in range(event.players):
                mine = np.flatnonzero((open_.rows == row) | (open_.others == row))
                outcome = int(chosen[mine[0]]) if len(mine) else 0
                if high[row, outcome] < 2**62:
                    number = column.number(row)
                    assert number is not None
                    value = number * final.table.score.unit
                    assert low[row, outcome] <= value <= high[row, outcome], (code, row, choice)


def test_whatif_takes_a_profile_as_standings_does() -> None:
    # fide-rr is DE,WIN,SB,KS for a round robin (docs/profiles.md): the same answer as that list given with -t.
    def run(*options: str) -> Result:
        return CliRunner().invoke(cli, ["whatif", str(ROUND_ROBIN), "-f", "json", *options])

    named, listed = run("--profile", "fide-rr"), run("-t", "DE,WIN,SB,KS")
    assert named.exit_code == listed.exit_code == 0, named.output
    assert json.loads(named.stdout)["tiebreaks"] == ["DE", "WIN", "SB", "KS"]
    assert json.loads(named.stdout) == json.loads(listed.stdout)
    both = run("--profile", "fide-rr", "-t", "SB")
    assert both.exit_code == 2 and "not both" in both.output and "Traceback" not in both.output
    unknown = run("--profile", "no-such")
    assert unknown.exit_code == 2 and "no-such" in unknown.output and "Traceback" not in unknown.output


def test_too_many_outcomes_for_the_exact_method_are_written_as_powers(tmp_path: Path) -> None:
    # Thirty players, one round paired and not played: 15 games of three outcomes each, 3¹⁵ = 14,348,907 > 60,000.
    lines = ["012 Too many outcomes", "XXR 1"]
    for start in range(1, 31):
        opponent, colour = (start + 15, "w") if start <= 15 else (start - 15, "b")
        lines.append(f"001 {start:4d}      Player {start:02d}".ljust(91) + f"{opponent:4d} {colour}")
    path = tmp_path / "open.trf"
    path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["whatif", str(path), "--method", "exact"])
    assert result.exit_code == 2
    assert "3¹⁵ outcomes are too many to enumerate (at most 60,000)" in result.output
    assert "14348907" not in result.output
    simulated = CliRunner().invoke(cli, ["whatif", str(path), "--runs", "50", "--seed", "1", "-f", "json"])
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["method"] == "simulation"
