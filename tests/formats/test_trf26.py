"""Tests of the TRF-26 records (142 162 192 202 212 240 299 …) and of writing TRF: a hand-made event, round trips."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from builders import entries, place, trf_player

from sonneborn.errors import InputWarning, TrfError, Warn, log_warning
from sonneborn.event import Event
from sonneborn.formats import decode
from sonneborn.formats.crosstable import read_crosstable
from sonneborn.formats.dates import trf_date, trf_round_dates
from sonneborn.formats.trf import read_trf, write_trf
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament
from sonneborn.ranking import rank
from sonneborn.render.json import render_json
from sonneborn.scoring import scores
from sonneborn.tiebreaks import parse_list

DATA = Path(__file__).parent.parent / "data"
GALWAY = DATA / "trf26" / "galway_club_open_2026.trf"
REAL = sorted(path for path in (DATA / "trf").glob("*.trf") if "_team" not in path.name)  # team events: refused
WCCC = DATA / "crosstable" / "wccc_1975_final.tsv"

W, B, U = Colour.WHITE, Colour.BLACK, Colour.UNKNOWN
K = ResultKind
REGENERATED = {"062", "142", "162", "192", "202", "212"}


def player(start: int, name: str, *blocks: str) -> str:
    """A ``001`` line with a start number, a name and round blocks (``""`` leaves one blank)."""
    return place((1, "001"), (5, f"{start:>4}"), (15, name), *[(92 + 10 * i, b) for i, b in enumerate(blocks)])


def galway(warn: Warn = log_warning) -> Tournament:
    return read_trf(GALWAY.read_text(encoding="utf-8"), path=GALWAY.name, warn=warn)


def read_path(path: Path) -> Tournament:
    if path.suffix == ".tsv":
        return read_crosstable(path.read_text(encoding="utf-8"), path=path.name)
    return read_trf(decode(path.read_bytes()), path=path.name)


def by_code(records: tuple[tuple[str, str], ...]) -> dict[str, list[str]]:
    """The kept records grouped by code, in order, without those the writer makes afresh."""
    grouped: dict[str, list[str]] = defaultdict(list)
    for code, content in records:
        if code not in REGENERATED:
            grouped[code].append(content)
    return dict(grouped)


PLAYER_FIELDS = ("start", "name", "title", "sex", "rating", "federation", "fide_id", "birth_date")
EVENT_FIELDS = ("rounds", "name", "city", "start_date", "end_date", "event_type", "round_dates", "kind", "tiebreaks")


def assert_same_event(read_back: Tournament, original: Tournament) -> None:
    """The fields a TRF round trip keeps: everything but the recorded points and ranks and the made records;
    dates in TRF's spelling (issue 12: ``25.02.2011`` is written ``2011/02/25``)."""
    start, end = original.start_date, original.end_date
    written = {
        "start_date": trf_date(start),
        "end_date": trf_date(end),
        "round_dates": trf_round_dates(original.round_dates, start=start, end=end),
    }
    for name in EVENT_FIELDS:
        assert getattr(read_back, name) == written.get(name, getattr(original, name)), name
    for kind in ResultKind:
        assert read_back.point_system.points(kind) == original.point_system.points(kind), kind
    assert by_code(read_back.records) == by_code(original.records)
    assert len(read_back) == len(original)
    for again, first in zip(read_back, original, strict=True):
        for name in (*PLAYER_FIELDS, "entries", "adjustment"):
            assert getattr(again, name) == getattr(first, name), (first.start, name)


# The hand-made TRF-26 event, field by field.


def test_galway_reads_silently() -> None:
    found: list[InputWarning] = []
    galway(found.append)
    assert found == []


def test_galway_header() -> None:
    event = galway()
    assert (event.name, event.city, event.start_date, event.end_date) == (
        "Galway Club Open 2026",
        "Galway",
        "2026/01/09",
        "2026/01/11",
    )
    assert event.event_type == "Club Open"
    assert event.round_dates == ("26/01/09", "26/01/10", "26/01/10", "26/01/11", "26/01/11")
    assert event.rounds == 5  # record 142
    assert event.played_rounds == 5  # the half-point bye requested for round 5
    assert event.kind is EventKind.SWISS  # record 192; 092 says nothing
    assert event.tiebreaks == ("DE", "BH/C1", "BH", "SB")  # record 202


def test_galway_point_system_162() -> None:
    system = galway().point_system
    assert system == PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), pairing_bye=Fraction(1))
    expected = {K.WIN: 3, K.DRAW: 1, K.LOSS: 0, K.PAIRING_BYE: 1, K.FULL_BYE: 3, K.HALF_BYE: 1, K.ZERO_BYE: 0}
    assert {kind: system.points(kind) for kind in expected} == expected
    assert (system.points(K.FORFEIT_WIN), system.points(K.FORFEIT_LOSS)) == (Fraction(3), Fraction(0))


def test_galway_kept_records() -> None:
    assert galway().records == (
        ("032", "IRL"),
        ("062", "6"),
        ("102", "Arbiter, Chief (IA)"),
        ("112", "Deputy, Dora"),
        ("122", "90 minutes plus 30 seconds per move"),
        ("152", "W"),
        ("172", "IRL FIDON"),
        ("182", "sonneborn test suite"),
        ("192", "FIDE_DUTCH_2025"),
        ("212", "PTS,DE,BH/C1,BH,SB"),
        ("222", "5400+30"),
        ("IRL", "   4      Dunne, Daniel                     1702 GAL"),
    )


def test_galway_players() -> None:
    event = galway()
    ann = event.player(1)
    assert (ann.sex, ann.title, ann.name, ann.rating, ann.federation) == ("w", "WFM", "Adams, Ann", 2105, "IRL")
    assert (ann.fide_id, ann.birth_date, ann.recorded_points, ann.recorded_rank) == (
        2500011,
        "1990/01/31",
        Fraction(7),
        3,
    )
    assert event.player(4).recorded_points == -1
    assert entries(event, 1) == [(4, W, K.WIN), (2, B, K.DRAW), (3, W, K.LOSS), (5, B, K.WIN), (None, U, K.NOT_PLAYED)]
    assert entries(event, 6)[2] == (None, U, K.PAIRING_BYE)
    Event.of(event).check_pairings()


def test_galway_byes_240() -> None:
    event = galway()
    # Round 3: a blank block (an absence) that record 240 makes a half-point bye.
    assert event.player(5).entry(3) == Entry(round=3, opponent=None, colour=U, kind=K.HALF_BYE)
    # Round 5, not played yet: the bye requested in advance; the others have not played it.
    assert event.player(6).entry(5) == Entry(round=5, opponent=None, colour=U, kind=K.HALF_BYE)
    assert [p.entry(5).kind for p in event if p.start != 6] == [K.NOT_PLAYED] * 5


def test_galway_abnormal_points_299() -> None:
    event = galway()
    assert event.player(3).entry(2) == Entry(round=2, opponent=4, colour=W, kind=K.FORFEIT_WIN, points=Fraction(1))
    assert event.player(4).adjustment == -1
    assert [p.adjustment for p in event if p.start != 4] == [0] * 5
    assert all(entry.points is None for p in event for entry in p.entries if (p.start, entry.round) != (3, 2))
    # The points column of the file agrees with the results, the 299 records and the 3-1-0 system.
    assert scores(event) == {p.start: p.recorded_points for p in event}


# Records 162, 192, 202, 240 and 299 one at a time.


@pytest.mark.parametrize(
    ("record", "system"),
    [
        ("162  W 3.0    D 1.0", PointSystem.three_one_zero()),
        ("162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0", PointSystem()),
        ("162  P 0.5", PointSystem(pairing_bye=Fraction(1, 2))),
        (
            "162  W 2.0    D 1.0    L 0,5",
            PointSystem(
                win=Fraction(2), draw=Fraction(1), loss=Fraction(1, 2), forfeit_loss=Fraction(0), zero_bye=Fraction(0)
            ),
        ),
        ("162  W 3.0    A-1.0", PointSystem(win=Fraction(3), forfeit_loss=Fraction(-1), zero_bye=Fraction(-1))),
        ("162  L 0.0    Z 0.5", PointSystem(zero_bye=Fraction(1, 2))),
    ],
)
def test_point_system_162(record: str, system: PointSystem) -> None:
    assert read_trf(record + "\n" + player(1, "Adams, Ann")).point_system == system


def test_point_system_162_wins_over_xxs() -> None:
    text = "XXS W=2\n162  W 3.0    D 1.0\n" + player(1, "Adams, Ann")
    found: list[InputWarning] = []
    assert read_trf(text, path="x.trf", warn=found.append).point_system == PointSystem.three_one_zero()
    assert [str(warning) for warning in found] == [
        "x.trf:1: the XXS point system differs from record 162's; record 162 is used"
    ]


def test_point_system_162_unknown_result_warns() -> None:
    text = "162  W 1.0    X 0.5    Q 1.0\n" + player(1, "Adams, Ann")
    found: list[InputWarning] = []
    assert read_trf(text, path="x.trf", warn=found.append).point_system == PointSystem()
    assert [str(warning) for warning in found] == [
        "x.trf:1: record 162: the points of X (unknown result) are not used",
        "x.trf:1: unknown point code 'Q' in record 162 ignored",
    ]


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("162 W 3.0", 6, "expected a point code at column 6, found ' '"),
        ("162  W 3.0     1.0", 15, "expected a point code at column 15, found ' '"),
        ("162  W 3.0    D one", 16, "expected points for D at columns 16-19, found ' one'"),
    ],
)
def test_point_system_162_errors(record: str, column: int, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(record + "\n" + player(1, "Adams, Ann"))
    assert (caught.value.line, caught.value.column, caught.value.message) == (1, column, message)


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        ("FIDE_ROUNDROBIN", EventKind.ROUND_ROBIN),
        ("FIDE_DOUBLEROUNDROBIN", EventKind.ROUND_ROBIN),
        ("BERGER_ROUNDROBIN", EventKind.ROUND_ROBIN),
        ("FIDE_DUTCH_2025", EventKind.SWISS),
        ("FIDE_DUTCH_2026_BAKU", EventKind.SWISS),
        ("FIDE_BURSTEIN", EventKind.SWISS),
        ("FIDE_DUBOV", EventKind.SWISS),
        ("FIDE_LIM", EventKind.SWISS),
        ("CUSTOM_SWISS", EventKind.SWISS),
        ("CUSTOM_KNOCKOUT", None),
        ("FIDE_SCHILLER", None),
    ],
)
def test_tournament_type_192(code: str, kind: EventKind | None) -> None:
    event = read_trf(f"192 {code}\n" + player(1, "Adams, Ann"))
    assert event.kind is kind
    assert event.records == (("192", code),)


def test_tournament_type_192_wins_over_092() -> None:
    assert read_trf("092 Swiss\n192 FIDE_ROUNDROBIN\n" + player(1, "Adams, Ann")).kind is EventKind.ROUND_ROBIN
    assert read_trf("092 Swiss\n192 CUSTOM_KNOCKOUT\n" + player(1, "Adams, Ann")).kind is EventKind.SWISS


def test_tiebreaks_202() -> None:
    event = read_trf("202 EDET/P, EMGSB/C1/P ,BH:MP/C1/P,,MPvGP\n" + player(1, "Adams, Ann"))
    assert event.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")


TWO_ROUNDS = [player(1, "Adams, Ann", "   2 w 1", ""), player(2, "Brown, Bob", "   1 b 0", "0000 - Z")]


def test_bye_240_full_and_zero() -> None:
    event = read_trf("\n".join(["240 F 002    1", *TWO_ROUNDS, "240 Z 003    1    2"]))
    assert event.rounds == 3
    assert [e.kind for e in event.player(1).entries] == [K.WIN, K.FULL_BYE, K.ZERO_BYE]
    assert [e.kind for e in event.player(2).entries] == [K.LOSS, K.ZERO_BYE, K.ZERO_BYE]


def test_bye_240_over_an_explicit_absence() -> None:
    event = read_trf("\n".join([*TWO_ROUNDS, "240 H 002    2"]))
    assert event.player(2).entry(2).kind is K.HALF_BYE


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        (
            "240 H 001    1",
            11,
            "round 1: record 240 gives player 1 a bye 'H', "
            "but his line records    2 w 1 (expected a blank block or 0000 - Z)",
        ),
        ("240 X 001    1", 5, "expected a bye type F, H or Z at column 5, found 'X'"),
        ("240 H 000    1", 7, "expected a round number at columns 7-9, found '000'"),
        ("240 H  x1    1", 7, "expected a round number at columns 7-9, found ' x1'"),
        ("240 H 002", 11, "expected a start number at columns 11-14, found ''"),
        ("240 H 002    1    3", 16, "record 240 names player 3, but there are 2 players (expected 1 to 2)"),
    ],
)
def test_bye_240_errors(record: str, column: int, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*TWO_ROUNDS, record]), path="bad.trf")
    assert (caught.value.line, caught.value.column, caught.value.message) == (3, column, message)


def abnormal(kind: str, points: str, round_no: int | None, *starts: int) -> str:
    """A record 299 with its fields at their columns."""
    fields = [(1, "299"), (5, kind), (14, f"{points:>4}")]
    if round_no is not None:
        fields.append((20, f"{round_no:03d}"))
    return place(*fields, *[(24 + 5 * i, f"{s:>4}") for i, s in enumerate(starts)])


def test_abnormal_points_299() -> None:
    text = "\n".join(
        [
            *TWO_ROUNDS,
            abnormal("W", "0.5", 1, 1),  # a win worth half a point
            abnormal("H", "1.0", 2, 1),  # a blank block: the bye it gives, worth a point
            abnormal(" ", "0.5", 2, 2),  # a blank type: a bonus whatever the round
            abnormal(" ", "-2", 0, 2),
        ]
    )
    event = read_trf(text)
    assert event.player(1).entries == (
        Entry(round=1, opponent=2, colour=W, kind=K.WIN, points=Fraction(1, 2)),
        Entry(round=2, opponent=None, colour=U, kind=K.HALF_BYE, points=Fraction(1)),
    )
    assert event.player(2).adjustment == Fraction(-3, 2)
    assert all(entry.points is None for entry in event.player(2).entries)
    assert scores(event) == {1: Fraction(3, 2), 2: Fraction(-3, 2)}


def test_abnormal_points_299_every_round() -> None:
    lines = [player(1, "Adams, Ann", "0000 - H", "0000 - H", "   2 w ="), player(2, "Brown, Bob", "", "", "   1 b =")]
    event = read_trf("\n".join([*lines, abnormal("H", "0.0", 0, 1)]))
    assert [entry.points for entry in event.player(1).entries] == [0, 0, None]


def test_abnormal_points_299_point_system() -> None:
    # A type, round 000 and no player: the value of that type for everybody.
    text = "\n".join([abnormal("H", "0.0", 0), abnormal("+", "2", None), "162  W 2.0", *TWO_ROUNDS])
    system = read_trf(text).point_system
    assert system == PointSystem(win=Fraction(2), half_bye=Fraction(0))
    assert system.points(K.FORFEIT_WIN) == 2  # written with the win's value: the default


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        (
            abnormal("D", "0.5", 1, 1),
            24,
            "round 1: record 299 gives player 1 points for 'D', "
            "but his line records    2 w 1 (expected a result of type 'D')",
        ),
        (
            abnormal("F", "1.0", 1, 2),
            24,
            "round 1: record 299 gives player 2 points for 'F', "
            "but his line records    1 b 0 (expected a result of type 'F')",
        ),
        (
            abnormal("W", "1.0", 2, 1),
            24,
            "round 2: record 299 gives player 1 points for 'W', "
            "but his line records 0000 - Z (expected a result of type 'W')",
        ),
        (abnormal("U", "1.0", 1, 1), 5, "expected a type W, D, L, F, H, Z, +, - or a blank at column 5, found 'U'"),
        (abnormal("W", "1.x", 1, 1), 14, "expected points at columns 14-17, found ' 1.x'"),
        (abnormal("W", "", 1, 1), 14, "expected points at columns 14-17, found '    '"),
        (abnormal(" ", "1.0", 0), 24, "expected a start number at columns 24-27, found ''"),
        (abnormal("W", "1.0", 1), 24, "expected a start number at columns 24-27, found ''"),
        (abnormal(" ", "1.0", 0, 1, 9), 29, "record 299 names player 9, but there are 2 players (expected 1 to 2)"),
    ],
)
def test_abnormal_points_299_errors(record: str, column: int, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*TWO_ROUNDS, record]), path="bad.trf")
    assert (caught.value.line, caught.value.column, caught.value.message) == (3, column, message)


def test_unknown_result_reads_as_not_played() -> None:
    # TieBreakServer's "?": a game paired but without a result yet; it does not make the round played.
    lines = [player(1, "Adams, Ann", "   2 w 1", "   3 b ?"), player(2, "Brown, Bob", "   1 b 0", "")]
    event = read_trf("\n".join([*lines, player(3, "Clark, Cid", "", "   1 w ?")]))
    assert entries(event, 1)[1] == (3, B, K.NOT_PLAYED)
    assert entries(event, 2)[1] == (None, U, K.NOT_PLAYED)
    assert event.played_rounds == 1
    Event.of(event).check_pairings()


# Writing.


def test_write_galway_gives_back_the_file() -> None:
    event = galway()
    ranks = {p.start: p.recorded_rank or 0 for p in event}
    text = write_trf(event, ranks=ranks, standings_tiebreaks=["DE", "BH/C1", "BH", "SB"])
    original = [line for line in GALWAY.read_text(encoding="utf-8").splitlines() if line and line[:3] != "###"]
    egan = next(index for index, line in enumerate(original) if line.startswith("001    5"))
    # The bye of record 240 in round 3 stands in the player's line; the one of round 5, not played yet, stays.
    original[egan] = place((1, original[egan]), (112, "0000 - H"))
    written = text.splitlines()
    assert written[:-3] == original[:-4]
    assert written[-3:] == [
        "240 H 005    6",
        "299          -1.0  000    4",
        "299 +         1.0  002    3",
    ]


def test_write_line_ends() -> None:
    text = write_trf(galway())
    assert text.endswith("\r\n")
    assert text.count("\r\n") == text.count("\n") == len(text.splitlines())
    assert "\r" not in write_trf(galway(), newline="\n")


def test_write_points_ranks_and_lists() -> None:
    event = galway()
    points = {p.start: Fraction(p.start, 2) for p in event}
    ranks = {p.start: 7 - p.start for p in event}
    again = read_trf(
        write_trf(event, points=points, ranks=ranks, tiebreaks=["SB", "WIN"], standings_tiebreaks=["PTS", "SB"])
    )
    assert [(p.recorded_points, p.recorded_rank) for p in again] == [(points[p.start], ranks[p.start]) for p in event]
    assert again.tiebreaks == ("SB", "WIN")
    assert dict(again.records)["212"] == "PTS,SB"


def test_write_computes_points_and_leaves_ranks_blank() -> None:
    event = dataclasses.replace(galway(), tiebreaks=())
    again = read_trf(write_trf(event))
    assert [(p.recorded_points, p.recorded_rank) for p in again] == [(p.recorded_points, None) for p in event]
    assert again.tiebreaks == ()
    assert dict(again.records)["212"] == "PTS,DE,BH/C1,BH,SB"  # the record read, written back


def test_write_round_dates_of_ten_characters() -> None:
    event = dataclasses.replace(galway(), round_dates=("2026/01/09", "", "2026/01/10"))
    assert read_trf(write_trf(event)).round_dates == ("2026/01/09", "", "2026/01/10")


def test_write_regenerates_a_wrong_062() -> None:
    event = read_trf("062 5 (3 rated)\n" + player(1, "Adams, Ann"), path="x.trf")
    assert write_trf(event, newline="\n").splitlines()[0] == "062 1"
    right = read_trf("062 1 (1 rated)\n" + player(1, "Adams, Ann"))
    assert write_trf(right, newline="\n").splitlines()[0] == "062 1 (1 rated)"


def test_write_type_192() -> None:
    # A kind the read code does not state gets a code of its own; unstated, the read code stays.
    event = galway()
    assert dict(read_trf(write_trf(event.with_kind(EventKind.ROUND_ROBIN))).records)["192"] == "FIDE_ROUNDROBIN"
    assert dict(read_trf(write_trf(event.with_kind(None))).records)["192"] == "FIDE_DUTCH_2025"
    double = read_crosstable((DATA / "crosstable" / "double_round_robin.txt").read_text(encoding="utf-8"))
    assert double.meetings_per_pair() == 2
    assert "192 FIDE_DOUBLEROUNDROBIN" in write_trf(double).splitlines()
    swiss = read_trf(player(1, "Adams, Ann")).with_kind(EventKind.SWISS)
    assert "192 CUSTOM_SWISS" in write_trf(swiss).splitlines()


def test_write_long_name_is_cut(caplog: pytest.LogCaptureFixture) -> None:
    name = "Featherstonehaugh-Cholmondeley, Anastasia"
    event = read_trf(player(1, "Adams, Ann"))
    event = dataclasses.replace(event, players=(dataclasses.replace(event.player(1), name=name),))
    assert read_trf(write_trf(event)).player(1).name == name[:33]
    assert [r.getMessage() for r in caplog.records] == [f"player 1: name {name!r} cut to 33 characters"]


def test_more_than_9999_players_get_wider_numbers() -> None:
    # TRF-16 numbers have four digits: record XXD 5 widens start numbers, ranks and opponents.
    count = 10_001
    players = tuple(
        Player(
            start=start,
            name=f"P{start}",
            rating=1500,
            entries=(
                Entry(1, start + 1 if start % 2 else start - 1, Colour.WHITE if start % 2 else Colour.BLACK,
                      ResultKind.WIN if start % 2 else ResultKind.LOSS)
                if start < count
                else Entry(1, None, Colour.UNKNOWN, ResultKind.PAIRING_BYE),
            ),
        )
        for start in range(1, count + 1)
    )  # fmt: skip
    event = Tournament(players=players, rounds=1)
    text = write_trf(event, ranks={count: 12_345}, newline="\n")
    lines = text.splitlines()
    assert "XXD 5" in lines
    last = next(line for line in lines if line.startswith("001 10001"))
    assert last[86:91] == "12345" and last[93:100] == "00000 -"
    again = read_trf(text)
    assert [p.entries for p in again.players] == [p.entries for p in event.players]
    assert again.player(count).recorded_rank == 12_345


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rating": 12345}, "player 1: rating '12345' is longer than 4 characters"),
        ({"title": "GMXX"}, "player 1: title 'GMXX' is longer than 3 characters"),
        ({"federation": "I\nR"}, "line 3 of the TRF would hold a line break"),
        ({"adjustment": Fraction(1, 3)}, "points 1/3 cannot be written as a decimal"),
        ({"adjustment": Fraction(-25, 2)}, "points -12.5 do not fit in 4 columns"),
    ],
)
def test_write_fields_that_do_not_fit(change: dict[str, object], message: str) -> None:
    event = read_trf(player(1, "Adams, Ann"))
    event = dataclasses.replace(event, players=(dataclasses.replace(event.player(1), **change),))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        write_trf(event)


def test_write_point_system_beyond_162() -> None:
    system = PointSystem(
        win=Fraction(3), draw=Fraction(1), full_bye=Fraction(1), half_bye=Fraction(0), forfeit_loss=Fraction(-1)
    )
    event = dataclasses.replace(read_trf(player(1, "Adams, Ann", "0000 - F")), point_system=system)
    lines = write_trf(event, newline="\n").splitlines()
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0" in lines
    assert lines[-3:] == ["299 F         1.0  000", "299 H         0.0  000", "299 -        -1.0  000"]
    again = read_trf("\n".join(lines))
    assert {kind: again.point_system.points(kind) for kind in K} == {kind: system.points(kind) for kind in K}
    assert again.player(1).recorded_points == 1


def test_write_not_played_rounds() -> None:
    # A game paired but not played in round 2 while round 3 is: "?" keeps it apart from an absence.
    lines = [
        player(1, "Adams, Ann", "   2 w 1", "   3 b ?", "   2 b ="),
        player(2, "Brown, Bob", "   1 b 0", "", "   1 w ="),
        player(3, "Clark, Cid", "", "   1 w ?", "0000 - F"),
    ]
    event = read_trf("\n".join(lines))
    event = dataclasses.replace(
        event,
        players=tuple(
            dataclasses.replace(
                p, entries=(*p.entries[:1], dataclasses.replace(p.entry(2), kind=K.NOT_PLAYED), *p.entries[2:])
            )
            if p.start == 2
            else p
            for p in event
        ),
    )
    assert entries(event, 2)[1] == (None, U, K.NOT_PLAYED)
    written = write_trf(event, newline="\n").splitlines()
    assert written[-2][101:109] == "0000 - ?"
    assert written[-1][101:109] == "   1 w ?"
    assert read_trf("\n".join(written)).players == read_trf(write_trf(event)).players
    assert_same_event(read_trf(write_trf(event)), event)


def test_write_forfeits_without_opponent() -> None:
    # Swiss-Perfect's "0000 - +" (a forfeit win without an opponent) is written back as it is; "0000 - -" was
    # read as an absence, and is written as one (issue 12).
    event = read_path(DATA / "trf" / "icu_bunratty_major_2011.trf")
    assert event.player(1).entry(1) == Entry(round=1, opponent=None, colour=U, kind=K.FORFEIT_WIN)
    line = trf_player(1, "Adams, Ann", "0.0", ["0000 - -", "0000 - -"])
    absent = read_trf("XXR 2\n" + line, warn=lambda warning: None)
    for source in (event, absent):
        again = read_trf(write_trf(source))
        assert [p.entries for p in again] == [p.entries for p in source]
    assert [e.kind for e in read_trf(write_trf(absent)).player(1).entries] == [K.ZERO_BYE, K.ZERO_BYE]


# Round trips: write, read back, compare; writing again gives the same text; the standings do not change.


@pytest.mark.parametrize("path", [GALWAY, *REAL, WCCC], ids=lambda path: path.name)
def test_round_trip(path: Path) -> None:
    original = read_path(path)
    text = write_trf(original)
    found: list[InputWarning] = []
    again = read_trf(text, path="out.trf", warn=found.append)
    assert_same_event(again, original)
    assert [p.recorded_points for p in again] == [scores(original)[p.start] for p in original]
    assert write_trf(again) == text
    assert all("unknown record" not in warning.message for warning in found)


@pytest.mark.parametrize("path", [GALWAY, *REAL, WCCC], ids=lambda path: path.name)
def test_round_trip_gives_the_same_standings(path: Path) -> None:
    original = read_path(path)
    again = read_trf(write_trf(original))
    for specs in (None, parse_list("BH/C1,BH,SB,DE,WIN")):
        assert render_json(rank(again, specs)) == render_json(rank(original, specs))


def test_dates_are_written_as_trf_spells_them_issue_12() -> None:
    # The Bunratty festival ran 25-27 February 2011; Swiss-Perfect wrote 042 "25.02.2011" and round dates such as
    # "11.25.02" (year, day, month). TRF spells them 2011/02/25 and, for rounds, 11/02/25.
    event = read_path(DATA / "trf" / "icu_bunratty_masters_2011.trf")
    assert (event.start_date, event.end_date, event.round_dates[0]) == ("25.02.2011", "27.02.2011", "11.25.02")
    written = write_trf(event, newline="\n").splitlines()
    assert "042 2011/02/25" in written and "052 2011/02/27" in written
    again = read_trf("\n".join(written))
    assert again.round_dates == ("11/02/25", "11/02/26", "11/02/26", "11/02/26", "11/02/27", "11/02/27")
    # A date that two readings fit (3 April or 4 March) is written as it was.
    assert trf_date("03/04/2011") == "03/04/2011"
