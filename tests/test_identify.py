"""``sonneborn identify`` (issue 22): files written under a known list and edition are identified with them; a
hand-written file that no setting reproduces gets the closest, with each disagreement."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from random_events import random_event

from sonneborn.cli import cli
from sonneborn.event import Event
from sonneborn.identify import PRESETS, Preset, identify
from sonneborn.pipeline import Request, read_text, standings
from sonneborn.ranking import rank
from sonneborn.render.trf import render_trf
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent / "data" / "identify"
INDIVIDUAL = [preset for preset in PRESETS if not preset.teams]


def published(text: str, rules: Rules, seed: int) -> str:
    """A random event ranked by a list under an edition, written by the engine's TRF writer, without the
    records that state the list and the edition (202, XXT): only the ranks say how it was ranked."""
    rng = random.Random(seed)
    kind = "rr" in text or text.startswith("DE,WIN,SB")
    event = random_event(rng, round_robin=kind)
    written = render_trf(rank(event, parse_list(text), rules=rules))
    return "".join(line for line in written.splitlines(keepends=True) if not line.startswith(("202", "XXT")))


@pytest.mark.parametrize("rules", list(Rules), ids=str)
@pytest.mark.parametrize("preset", INDIVIDUAL, ids=lambda preset: preset.name)
def test_a_file_written_under_a_preset_and_an_edition_is_identified_with_them(preset: Preset, rules: Rules) -> None:
    known = tuple(parse_list(preset.tiebreaks))
    for seed in range(4):
        reading = read_text(published(preset.tiebreaks, rules, seed), path="published.trf")
        assert reading.stated_tiebreaks() is None and reading.stated_rules() is None
        found = identify(standings(reading, Request()))
        assert found.exact, (seed, found.matches[:3])
        assert any(
            match.setting.tiebreaks == known and rules in match.setting.rules and not match.disagreements
            for match in found.matches
        ), (seed, [(m.setting.tiebreaks, m.setting.rules) for m in found.matches[:10]])
        first = found.matches[0]
        assert not first.disagreements and first.setting.tiebreaks is not None


def test_a_list_of_the_catalogue_under_an_old_edition_is_found() -> None:
    """A list no preset has (SB/C1, BH/C2) under FIDE-2023 on a Swiss event with unplayed rounds: the catalogue's
    search finds it, and the edition in force (2026) is not named when it gives other ranks."""
    for seed in range(30):
        rng = random.Random(seed)
        event = random_event(rng, round_robin=False)
        ranked = {r: rank(event, parse_list("SB/C1,BH/C2"), rules=r).ranks.tolist() for r in Rules}
        if ranked[Rules.FIDE_2023] != ranked[Rules.FIDE_2026] and len(event.players) >= 8:
            break
    else:
        pytest.skip("no event where the editions differ")
    text = render_trf(rank(event, parse_list("SB/C1,BH/C2"), rules=Rules.FIDE_2023))
    text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith(("202", "XXT")))
    found = identify(standings(read_text(text, path="x.trf"), Request()))
    assert found.exact
    known = tuple(parse_list("SB/C1,BH/C2"))
    # The list, or the beginning of it that gives every rank already, under FIDE-2023.
    assert any(
        m.setting.tiebreaks
        and known[: len(m.setting.tiebreaks)] == m.setting.tiebreaks
        and Rules.FIDE_2023 in m.setting.rules
        for m in found.matches
    ), [(m.setting.tiebreaks, m.setting.rules) for m in found.matches[:10]]
    # Every setting reported gives every recorded rank when the event is ranked by it in full.
    recorded = [p.recorded_rank for p in read_text(text, path="x.trf").event.tournament.players]
    for match in found.matches[:20]:
        if dict(match.setting.options) != {"points": "1-0.5-0", "unplayed": "as read"}:
            continue
        for edition in match.setting.rules:
            again = rank(event, match.setting.tiebreaks, rules=edition).ranks.tolist()
            assert again == recorded, (match.setting, edition)


def test_a_hand_written_table_that_no_setting_reproduces_gets_the_closest() -> None:
    """Delta drew Bravo (1½ points) and lost his other games: his SB is ½ × 1½ = 0.75, whatever the edition or
    modifier (a cut removes a 0), and the file says 1. Bravo and Charlie (1½ each) have the same SB
    (Bravo 1 × 1½ + ½ × ½ = 1.75, Charlie ½ × 2½ + 1 × ½ = 1.75); Bravo beat Charlie, so SB,DE gives the
    recorded ranks 1–4: the closest settings are off by that one value only."""
    result = CliRunner().invoke(cli, ["identify", str(DATA / "hand_written_sb_typo.csv"), "-f", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.output)
    assert data["exact"] is False
    first = data["matches"][0]
    assert first["disagreements"] == 1
    assert [(d["start"], d["what"], d["recorded"], d["computed"]) for d in first["details"]] == [(4, "SB", "1", "0.75")]
    assert all(match["disagreements"] >= 1 for match in data["matches"])
    assert any(match["tiebreaks"] == ["SB", "DE"] for match in data["matches"])
    table = CliRunner().invoke(cli, ["identify", str(DATA / "hand_written_sb_typo.csv")])
    assert table.exit_code == 1, table.output
    assert table.output.startswith("No setting reproduces every recorded rank and value")
    assert "player 4 (Delta): SB 1 recorded, 0.75 computed" in table.output


def test_identify_json_shape_and_exit_status(tmp_path: Path) -> None:
    path = tmp_path / "published.trf"
    path.write_text(published("BH/C1,BH,SB,DE,WIN", Rules.FIDE_2024, seed=3), encoding="utf-8")
    result = CliRunner().invoke(cli, ["identify", str(path), "-f", "json", "--limit", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"exact", "recorded", "judged", "found", "against_points", "matches"}
    assert data["against_points"] is None
    assert len(data["matches"]) <= 2 and data["found"] >= len(data["matches"])
    for match in data["matches"]:
        assert set(match) == {"tiebreaks", "rules", "also_rules", "options", "preset", "disagreements", "details"}
        assert match["disagreements"] == 0 and match["details"] == []
        assert set(match["options"]) == {"points", "unplayed"}


def test_ranks_against_the_points_are_explained_by_the_points() -> None:
    """Two players whose recorded ranks are swapped across a points difference: no list gives them, and the
    cause names the points."""
    text = published("BH/C1,BH,SB,DE,WIN", Rules.FIDE_2026, seed=5)
    reading = read_text(text, path="x.trf")
    players = reading.event.tournament.players
    by_points = sorted(players, key=lambda p: p.recorded_rank or 0)
    high, low = next((a, b) for a, b in itertools.pairwise(by_points) if a.recorded_points != b.recorded_points)
    lines = []
    for line in text.splitlines(keepends=True):
        if line.startswith("001") and int(line[4:8]) in (high.start, low.start):
            rank_ = low.recorded_rank if int(line[4:8]) == high.start else high.recorded_rank
            line = line[:85] + f"{rank_:>4}" + line[89:]
        lines.append(line)
    found = identify(standings(read_text("".join(lines), path="x.trf"), Request()))
    assert not found.exact
    causes = [d.hint for d in found.matches[0].disagreements if d.what == "rank"]
    assert len(causes) == 2 and all("his points place him" in str(cause) for cause in causes)
    # Adjacent ranks swapped: the one player of fewer points now ranked above the one of more, named with both.
    assert found.against_points is not None and found.against_points.count == 1
    points = {p.start: f"{float(p.recorded_points or 0):g}" for p in players}
    assert str(found.against_points.message) == (
        f"the file ranks 1 player above one with more points, which no tie-break does: player {low.start}, rank "
        f"{high.recorded_rank} with {points[low.start]}, above player {high.start}, rank {low.recorded_rank} with "
        f"{points[high.start]}"
    )


def test_a_file_without_ranks_has_nothing_to_identify(tmp_path: Path) -> None:
    path = tmp_path / "games.tsv"
    path.write_text("\tName\t1\t2\n1\tA\tX\t1\n2\tB\t0\tX\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["identify", str(path)])
    assert result.exit_code == 0, result.output
    assert "Nothing to identify" in result.output


def test_a_bad_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("001 x\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["identify", str(path)])
    assert result.exit_code == 2
    first, *under = result.output.splitlines()  # under it, indented: the format read as and the caret line
    assert first.startswith("sonneborn: error:") and first.endswith("found 'x'"), result.output
    assert under and all(line.startswith("  ") for line in under), result.output


@pytest.mark.parametrize("preset", [preset for preset in PRESETS if preset.teams], ids=lambda preset: preset.name)
def test_a_team_file_written_under_a_team_default_is_identified_with_it(preset: Preset) -> None:
    """A team Swiss ranked by a team default, written by the team TRF writer (record 310 with each team's rank)
    without its list and edition: identified with them, the teams named as teams."""
    source = read_text((DATA.parent / "teams" / "four_clubs_trf26.trf").read_text(encoding="utf-8"), path="t.trf")
    written = render_trf(standings(source, Request.parse(tiebreaks=preset.tiebreaks)))
    text = "".join(line for line in written.splitlines(keepends=True) if not line.startswith(("202", "XXT")))
    found = identify(standings(read_text(text, path="t.trf"), Request()))
    assert found.exact and "ranks" in found.recorded and "MP" in found.recorded
    known = tuple(parse_list(preset.tiebreaks))
    assert any(m.setting.tiebreaks == known and Rules.FIDE_2026 in m.setting.rules for m in found.matches)


def test_recorded_values_decide_the_edition(tmp_path: Path) -> None:
    """Ranks of BH,SB and each player's recorded BH as FIDE-2009 counts it (sonneborn's JSON): where FIDE-2009's
    BH differs from the in-force edition's, only FIDE-2009 reproduces the values, and BH comes first as the file
    has it."""
    from sonneborn.formats.jsonio import write_json
    from sonneborn.tiebreaks import REGISTRY, Context, parse

    for seed in range(60):
        event = random_event(random.Random(seed), round_robin=False)
        kernel = REGISTRY["BH"].kernel
        assert kernel is not None
        old, new = (kernel(Context(Event.of(event), rules=r), parse("BH")) for r in (Rules.FIDE_2009, Rules.FIDE_2026))
        if old.numerator.tolist() != new.numerator.tolist() or old.denominator.tolist() != new.denominator.tolist():
            break
    else:
        pytest.skip("no event where the editions' BH differ")
    ranks = rank(event, parse_list("BH,SB"), rules=Rules.FIDE_2009).ranks.tolist()
    players = tuple(
        replace(player, recorded_rank=ranks[row], recorded_tiebreaks=(("BH", old.number(row) or Fraction(0)),))
        for row, player in enumerate(event.players)
    )
    path = tmp_path / "values.json"
    path.write_text(write_json(replace(event, players=players, tiebreaks=())), encoding="utf-8")
    result = CliRunner().invoke(cli, ["identify", str(path), "-f", "json", "--limit", "1000"])
    assert result.exit_code == 0, result.output
    matches = json.loads(result.output)["matches"]
    assert matches and all("fide-2009" in [m["rules"], *m["also_rules"]] for m in matches)
    assert all("fide-2026" not in [m["rules"], *m["also_rules"]] for m in matches)
    assert all(m["tiebreaks"][0].startswith("BH") for m in matches[:1])


def test_ranks_of_another_point_system_are_identified_with_it(tmp_path: Path) -> None:
    """Ranks of BH/C1,BH,SB under 3-1-0 (three points a win) in a file that states 1-½-0 and records no totals:
    the list is found under the 3-1-0 reading, and not under the file's, which ranks otherwise."""
    from sonneborn.formats.jsonio import write_json
    from sonneborn.model import PointSystem

    for seed in range(80):
        event = replace(random_event(random.Random(seed), round_robin=False), point_system=PointSystem())
        football = Event.of(event).with_point_system(PointSystem.three_one_zero())
        ranks = rank(football, parse_list("BH/C1,BH,SB")).ranks.tolist()
        if ranks != rank(event, parse_list("BH/C1,BH,SB")).ranks.tolist():
            break
    else:
        pytest.skip("no event where the point systems rank otherwise")
    players = tuple(
        replace(player, recorded_rank=ranks[row], recorded_points=None) for row, player in enumerate(event.players)
    )
    path = tmp_path / "football.json"
    path.write_text(write_json(replace(event, players=players, tiebreaks=())), encoding="utf-8")
    data = json.loads(CliRunner().invoke(cli, ["identify", str(path), "-f", "json", "--limit", "1000"]).output)
    assert data["exact"], data
    known = ["BH/C1", "BH", "SB"]
    found = {match["options"]["points"] for match in data["matches"] if match["tiebreaks"] == known}
    # The list gives other ranks under 1-½-0 (the loop chose the event so); a list that reproduces the file
    # under 1-½-0 splits those points groups as 3-1-0 does (WIN first, say).
    assert found == {"3-1-0"}, found


def test_ranks_with_absences_read_as_half_point_byes_are_identified_with_them(tmp_path: Path) -> None:
    """Ranks of BH/C1,BH,SB when every round without a game counted ½ (PGN's --absent-as half), in a file whose
    rounds without a game are zero-point byes and which records no totals: the list is found with the absences
    read as half-point byes, and not as read, which ranks otherwise."""
    from sonneborn.event import CODE
    from sonneborn.formats.jsonio import write_json
    from sonneborn.model import ResultKind

    for seed in range(200):
        event = random_event(random.Random(seed), round_robin=False)
        table = Event.of(event).table
        absent = {
            (row, column): ResultKind.HALF_BYE
            for row in range(len(event.players))
            for column in range(table.rounds)
            if table.opponent[row, column] < 0
            and table.kind[row, column] in (CODE[ResultKind.ZERO_BYE], CODE[ResultKind.NOT_PLAYED])
        }
        if not absent:
            continue
        halves = Event.of(event).with_byes(absent)
        ranks = rank(halves, parse_list("BH/C1,BH,SB")).ranks.tolist()
        if ranks != rank(event, parse_list("BH/C1,BH,SB")).ranks.tolist():
            break
    else:
        pytest.skip("no event where the absences rank otherwise")
    players = tuple(
        replace(player, recorded_rank=ranks[row], recorded_points=None) for row, player in enumerate(event.players)
    )
    path = tmp_path / "absences.json"
    path.write_text(write_json(replace(event, players=players, tiebreaks=())), encoding="utf-8")
    data = json.loads(CliRunner().invoke(cli, ["identify", str(path), "-f", "json", "--limit", "1000"]).output)
    assert data["exact"], data
    found = {match["options"]["unplayed"] for match in data["matches"] if match["tiebreaks"] == ["BH/C1", "BH", "SB"]}
    assert found == {"absences as half-point byes"}, found


TEAM_SOURCE = DATA.parent / "teams" / "four_clubs_trf26.trf"


def _team_text(text: str, request: Request, *, dropped: tuple[str, ...] = ("202", "XXT")) -> str:
    """A team file ranked as asked, written by the team TRF writer without the records that say how."""
    written = render_trf(standings(read_text(text, path="t.trf"), request))
    return "".join(line for line in written.splitlines(keepends=True) if not line.startswith(dropped))


def test_a_team_file_ranked_by_game_points_is_identified_with_them() -> None:
    """The four clubs ranked by game points first (--primary GP), then BH:MP/C1: the file records the ranks and
    both totals; the list is found with game points as the primary score, and not with match points, by which
    the teams' order is another."""
    source = TEAM_SOURCE.read_text(encoding="utf-8")
    by_gp = standings(read_text(source, path="t.trf"), Request.parse(tiebreaks="BH:MP/C1", primary="GP"))
    by_mp = standings(read_text(source, path="t.trf"), Request.parse(tiebreaks="BH:MP/C1"))
    assert by_gp.ranks.tolist() != by_mp.ranks.tolist()  # else the file could not tell them apart
    text = _team_text(source, Request.parse(tiebreaks="BH:MP/C1", primary="GP"))
    found = identify(standings(read_text(text, path="t.trf"), Request()))
    assert found.exact
    primaries = {dict(m.setting.options)["primary"] for m in found.matches}
    assert primaries == {"GP"}, [(m.setting.tiebreaks, m.setting.options) for m in found.matches[:5]]


def test_a_team_file_ranked_under_other_match_points_is_identified_with_them() -> None:
    """A team file stating no match points (so read as 2-1-0) whose ranks and totals are those of 3-1-0
    (--match-points 3,1,0): every setting found is under 3-1-0, the totals of 2-1-0 being others."""
    source = "".join(
        line for line in TEAM_SOURCE.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("362")
    )
    text = _team_text(source, Request.parse(tiebreaks="BH:MP/C1", match_points="3,1,0"), dropped=("202", "XXT", "362"))
    reading = read_text(text, path="t.trf")
    found = identify(standings(reading, Request()))
    assert found.exact and "MP" in found.recorded
    assert {dict(m.setting.options)["match points"] for m in found.matches} == {"3-1-0"}


@pytest.mark.parametrize(
    ("text", "plain", "round_robin"),
    [("KS/L+1,SB", "KS,SB", True), ("KS/L-2,SB", "KS,SB", True), ("ARO/U1400,BH", "ARO/U1000,BH", False)],
)
def test_a_list_with_a_numeric_modifier_is_found(text: str, plain: str, round_robin: bool) -> None:
    """The Koya limit moved (C.07 14.5) or a rating for the unrated (C.07 10): a file ranked so, where the code
    without the modifier (or with another rating) ranks otherwise, is identified with the modifier."""
    for seed in range(300):
        event = random_event(random.Random(seed), round_robin=round_robin)
        if "/U" in text and all(player.rating for player in event.players):
            continue  # /U changes nothing without an unrated player
        if (
            len(event.players) >= 5
            and rank(event, parse_list(text)).ranks.tolist() != rank(event, parse_list(plain)).ranks.tolist()
        ):
            break
    else:
        pytest.skip("no event where the modifier ranks otherwise")
    written = render_trf(rank(event, parse_list(text)))
    published_text = "".join(line for line in written.splitlines(keepends=True) if not line.startswith(("202", "XXT")))
    found = identify(standings(read_text(published_text, path="x.trf"), Request()))
    assert found.exact
    known = tuple(parse_list(text))
    assert any(
        m.setting.tiebreaks and known[: len(m.setting.tiebreaks)] == m.setting.tiebreaks for m in found.matches
    ), [m.setting.tiebreaks for m in found.matches[:10]]


def test_team_ranks_against_the_match_points_are_named_with_the_teams() -> None:
    """Beta (0 MP, 1 GP) and Delta (3 MP, 2½ GP) with their ranks 4 and 3 swapped: Beta is ranked above a team
    of more match points, and of more game points: no reading of the primary score gives that order."""
    source = read_text((DATA.parent / "teams" / "four_clubs_trf26.trf").read_text(encoding="utf-8"), path="t.trf")
    written = render_trf(standings(source, Request.parse(tiebreaks="MPvGP,BH:MP/C1,EMGSB/C1")))
    lines = []
    for line in written.splitlines(keepends=True):
        if line.startswith("202") or line.startswith("XXT"):
            continue
        if line.startswith("310   2 Beta"):
            line = line.replace("1.0   4", "1.0   3", 1)
        elif line.startswith("310   4 Delta"):
            line = line.replace("2.5   3", "2.5   4", 1)
        lines.append(line)
    found = identify(standings(read_text("".join(lines), path="t.trf"), Request()))
    assert not found.exact and found.against_points is not None and found.against_points.count == 1
    assert str(found.against_points.message) == (
        "the file ranks 1 team above one with more MP, which no tie-break does: team 2, rank 3 with 0, above "
        "team 4, rank 4 with 3"
    )
