"""Published crosstables: chess-results' "Final ranking crosstable" exports and FIDE TEC's exercise (issue 12).

# Source: tests/data/published/README.md. Expected values come from the published tables themselves (their
# points, ranks and tie-break columns) and from the FIDE TEC exercise in the builders' notation.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from builders import held_event
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import CrosstableError, InputWarning
from sonneborn.event import Event
from sonneborn.formats import detect_format
from sonneborn.formats.published import read_published, tiebreak_of
from sonneborn.model import Colour, Entry, EventKind, ResultKind
from sonneborn.ranking import rank
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent.parent / "data" / "published"
NAANTALI = DATA / "naantali_2015_final_crosstable.tsv"
ROUND_ROBIN = DATA / "tnr437642_final_crosstable.csv"
TEC = DATA / "fide_tec_exercise_2023.csv"
K = ResultKind


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_formats_are_detected() -> None:
    for path in (NAANTALI, ROUND_ROBIN, TEC):
        assert detect_format(path.read_text(encoding="utf-8")) == "published", path.name


def test_fide_tec_exercise_reads_as_the_exercise() -> None:
    # The same 16-player Swiss as the builders' reading of the same CSV (tests/tiebreaks/test_article_16.py):
    # +W9 a win with White against #9, -F11 a forfeit loss, +BYE the PAB, =BYE a half-point bye, -- absent.
    event = read_published(TEC.read_text(encoding="utf-8"), path="tec.csv")
    expected = held_event()
    assert event.kind is EventKind.SWISS
    assert [p.entries for p in event] == [p.entries for p in expected]
    # Held's published BH of #4 (15.0) and SB of #3 (10.5), C.07-2023 (tests/data/answers/published.toml).
    standings = rank(event, parse_list("BH,SB"), rules=Rules.FIDE_2023)
    assert (standings.column("BH").number(3), standings.column("SB").number(2)) == (Fraction(15), Fraction(21, 2))


def test_a_round_robin_export() -> None:
    # Zaragatski won all 5; Kornitzky lost to him, drew Wüest, beat the other three: 3.5 (the table's Pts.).
    # TB1 is SB (the annotation): Zaragatski 3.5 + 3 + 2.5 + 1 + 0 = 10; Kornitzky 1.5 (½ × 3) + 2.5 + 1 + 0 = 5.
    found: list[InputWarning] = []
    event = read_published(ROUND_ROBIN.read_text(encoding="utf-8"), path="rr.csv", warn=found.append)
    assert found == []
    assert event.kind is EventKind.ROUND_ROBIN and (len(event), event.rounds) == (6, 5)
    assert [(p.name, p.title, p.rating, p.federation) for p in event][:2] == [
        ("Zaragatski Ilja", "GM", 2482, "GER"),
        ("Kornitzky Tino", "", 2055, "GER"),
    ]
    kornitzky = event.player(2)
    assert kornitzky.recorded_points == Fraction(7, 2) and kornitzky.recorded_rank == 2
    assert kornitzky.recorded_tiebreaks == (("SB", Fraction(5)), ("DE", Fraction(0)))
    assert event.tiebreaks == ("SB", "DE")
    assert sorted(entry.kind.value for entry in kornitzky.entries) == sorted("0=111")
    code, out, err = run("check", str(ROUND_ROBIN))
    assert code == 0, out + err
    assert out == "No disagreement: points, ranks, DE, SB of 6 players agree with the results.\n"


def test_a_swiss_export_of_chess_results() -> None:
    # 44 players, 9 rounds; the cells give opponents by rank ("25b1": beat the 25th with Black); one forfeit:
    # the 18th won by forfeit against the 31st ("31w+", "18b-").
    event = read_published(NAANTALI.read_text(encoding="utf-8"), path="naantali.tsv")
    assert (len(event), event.rounds, event.kind, event.name) == (44, 9, EventKind.SWISS,
                                                                  "Avoin SM / Naantalin turnaus 2015")  # fmt: skip
    assert event.player(1).entry(1) == Entry(1, 25, Colour.BLACK, K.WIN)
    assert event.player(18).entry(9) == Entry(9, 31, Colour.WHITE, K.FORFEIT_WIN)
    assert event.player(31).entry(9) == Entry(9, 18, Colour.BLACK, K.FORFEIT_LOSS)
    assert event.tiebreaks == ("BH", "SB")  # "Buchholz Tie-Breaks", "Sonneborn-Berger-Tie-Break variable"
    # Every recorded total is the sum of the row's results.
    Event.of(event).check_pairings()
    # The published BH column is Buchholz under the pre-2023 rules (a virtual opponent for the forfeit), and the
    # published ranks are the ranking by BH then SB: the program reproduces both, value for value.
    standings = rank(event, parse_list("BH,SB"), rules=Rules.FIDE_2009)
    assert [standings.column("BH").number(row) for row in range(44)] == [
        dict(p.recorded_tiebreaks)["BH"] for p in event
    ]
    assert [int(rank) for rank in standings.ranks] == [p.recorded_rank for p in event]


def test_check_names_the_edition_and_variant_of_the_published_values() -> None:
    code, out, _ = run("check", str(NAANTALI))
    assert code == 1
    lines = out.splitlines()
    assert "Likely cause: the recorded BH values are BH under --rules fide-2009." in lines
    assert "Likely cause: the recorded SB values are SB/P under --rules fide-2009." in lines
    assert lines[-1].endswith("each with a likely cause.")
    code, out, _ = run("check", str(NAANTALI), "--rules", "fide-2009", "-t", "BH,SB/P")
    assert code == 1  # the SB column is SB/P, not SB: the one disagreement left is named
    assert out.splitlines()[0] == (
        "player 18 (Ruotanen Helge): SB 19.5 recorded, 19 computed: the recorded SB values are SB/P under "
        "--rules fide-2009"
    )


def test_opponents_by_start_number_when_the_ranks_do_not_mirror() -> None:
    # Brown (start 2) is first; the cells give opponents by start number: Brown beat Adams (1) and Dunne (4).
    text = "\n".join(
        [
            "Rk.;SNo;Name;1.Rd;2.Rd;Pts.",
            "1;2;Brown;1w1;4b1;2",
            "2;1;Adams;2b0;3w1;1",
            "3;3;Clark;4w½;1b0;0,5",
            "4;4;Dunne;3b½;2w0;0,5",
        ]
    )
    event = read_published(text)
    assert [str(entry) for entry in event.player(2).entries] == ["1w1", "4b1"]
    assert [p.recorded_rank for p in event] == [2, 1, 3, 4]


def test_an_unknown_tie_break_is_warned_of_and_not_checked() -> None:
    text = "\n".join(["Rk.;Name;1;2;Pts.;TB1", "1;Ann;*;1;1;7", "2;Bob;0;*;0;3", "Tie Break1: Fancy points (x)"])
    found: list[InputWarning] = []
    event = read_published(text, path="x.csv", warn=found.append)
    assert [str(warning) for warning in found] == [
        "x.csv:4: tie-break 1 ('Fancy points (x)') is none sonneborn knows: its values are not checked"
    ]
    assert event.player(1).recorded_tiebreaks == () and event.tiebreaks == ()


@pytest.mark.parametrize(
    ("description", "code"),
    [
        ("Buchholz Tie-Breaks (Cut 1)", "BH/C1"),
        ("Buchholz Tie-Breaks (Total)", "BH"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "BH/C1"),
        ("Sonneborn Berger Tie-Break Variable (2026) (Gamepoints)", "SB"),
        ("Direct Encounter (The results of the players in the same point group)", "DE"),
        ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN"),
        ("Number of games won with black (BWG) (Gamepoints)", "BWG"),
        ("Koya Tie-Break", "KS"),
        ("Buchholz Tie-Breaks (variabel with parameter)", "BH"),
        ("points (game-points)", None),
    ],
)
def test_tie_break_names(description: str, code: str | None) -> None:
    assert tiebreak_of(description) == code


def test_a_cell_that_is_no_result() -> None:
    text = "Rk.;Name;1.Rd;Pts.\n1;Ann;2w1;1\n2;Bob;1bx;0\n"
    with pytest.raises(CrosstableError) as caught:
        read_published(text, path="x.csv")
    assert (caught.value.line, caught.value.column) == (3, 7)
