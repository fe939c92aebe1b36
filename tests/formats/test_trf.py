"""Tests of the TRF-16 reader: hand-made events, the real files and the errors."""

from __future__ import annotations

import logging
from fractions import Fraction
from pathlib import Path

import pytest
from builders import entries, place

from sonneborn.errors import InputWarning, TrfError, Warn, log_warning
from sonneborn.event import KINDS, Event, LazyList
from sonneborn.formats.trf import read_trf, read_trf_event
from sonneborn.model import Colour, Entry, EventKind, PointSystem, ResultKind, Tournament
from sonneborn.ranking import rank
from sonneborn.render import render
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

DATA = Path(__file__).parent.parent / "data" / "trf"

W, B, U = Colour.WHITE, Colour.BLACK, Colour.UNKNOWN
K = ResultKind


def player(
    start: int,
    name: str,
    *blocks: str,
    points: str = "",
    rank: int | None = None,
    rating: int | None = None,
    sex: str = "",
    title: str = "",
    federation: str = "",
    fide_id: int | None = None,
    birth_date: str = "",
) -> str:
    """A ``001`` line; each block (``"   2 w 1"``) goes to its round's columns, ``""`` leaves it blank."""
    fields = [(1, "001"), (5, f"{start:>4}"), (10, sex), (11, f"{title:>3}" if title else ""), (15, name)]
    fields += [(54, federation), (70, birth_date), (81, f"{points:>4}" if points else "")]
    if rating is not None:
        fields.append((49, f"{rating:>4}"))
    if fide_id is not None:
        fields.append((58, f"{fide_id:>11}"))
    if rank is not None:
        fields.append((86, f"{rank:>4}"))
    fields += [(92 + 10 * index, block) for index, block in enumerate(blocks)]
    return place(*fields)


# A 7-player Swiss of 5 rounds, 4 played: every result code, in both cases.
SWISS_LINES = [
    "012 Test Open",
    "022 Galway",
    "042 2024/01/06",
    "052 2024/01/07",
    "062 7",
    "092 Swiss (Dutch)",
    "102 Arbiter, Some",
    place(
        (1, "132"),
        (92, "24/01/06"),
        (102, "24/01/06"),
        (112, "24/01/07"),
        (122, "24/01/07"),
        (132, "24/01/08"),
    ),
    "XXR 5",
    "### a comment",
    "",
    player(
        1,
        "Adams, Ann",
        "   2 w 1",
        "   3 b D",
        "   4 w 0",
        "   2 b =",
        points="2.0",
        rank=2,
        rating=2100,
        sex="w",
        title="WFM",
        federation="IRL",
        fide_id=2500000,
        birth_date="1990/01/31",
    ),
    player(2, "Brown, Bob", "   1 b 0", "   4 w +", "0000 - U", "   1 w =", points="2,5", sex="m"),
    player(3, "Clark, Cid", "   4 W =", "   1 w d", "0000 - h", "   5 b l", points="1.5"),
    player(4, "Dunne, Dan", "   3 B =", "   2 b -", "   1 b 1", points="1.5"),
    player(5, "Egan, Eve", "   6 w W", "   6 - -", "0000 - F", "   3 w w", points="3.0"),
    player(6, "Flynn, Fay", "   5 b L", "   5 - -", "", "0000 - +", points="1.0"),
    player(7, "Grant, Gus", "0000 - Z", "0000 - H", "0000 - -", "0000", points="0.5"),
]
SWISS = "\n".join(SWISS_LINES)

# A 3-player round robin: everyone has a free round, written as a blank block.
ROUND_ROBIN = "\n".join(
    [
        "012 Club Berger",
        "092 Round Robin",
        player(1, "Adams, Ann", "   2 w 1", "   3 b ="),
        player(2, "Brown, Bob", "   1 b 0", "", "   3 w 0"),
        player(3, "Clark, Cid", "", "   1 w =", "   2 b 1"),
    ]
)


def test_place_puts_text_at_columns() -> None:
    line = place((1, "001"), (92, "   2 w 1"))
    assert line[:3] == "001"
    assert line[91:95] == "   2"
    assert line[96] == "w"
    assert line[98] == "1"


def test_swiss_header() -> None:
    tournament = read_trf(SWISS)
    assert tournament.name == "Test Open"
    assert tournament.city == "Galway"
    assert (tournament.start_date, tournament.end_date) == ("2024/01/06", "2024/01/07")
    assert tournament.event_type == "Swiss (Dutch)"
    assert tournament.kind is EventKind.SWISS
    assert tournament.round_dates == ("24/01/06", "24/01/06", "24/01/07", "24/01/07", "24/01/08")
    assert tournament.point_system == PointSystem()
    assert len(tournament) == 7
    assert tournament.rounds == 5
    assert tournament.played_rounds == 4


def test_swiss_player_fields() -> None:
    tournament = read_trf(SWISS)
    ann = tournament.player(1)
    assert (ann.start, ann.name, ann.sex, ann.title) == (1, "Adams, Ann", "w", "WFM")
    assert (ann.rating, ann.federation, ann.fide_id, ann.birth_date) == (2100, "IRL", 2500000, "1990/01/31")
    assert (ann.recorded_points, ann.recorded_rank) == (Fraction(2), 2)
    bob = tournament.player(2)
    assert (bob.rating, bob.fide_id, bob.federation, bob.birth_date, bob.title) == (None, None, "", "", "")
    assert bob.recorded_points == Fraction(5, 2)  # written "2,5"
    assert bob.recorded_rank is None


def test_swiss_every_result_code() -> None:
    tournament = read_trf(SWISS)
    assert entries(tournament, 1) == [
        (2, W, K.WIN),
        (3, B, K.UNRATED_DRAW),
        (4, W, K.LOSS),
        (2, B, K.DRAW),
        (None, U, K.NOT_PLAYED),
    ]
    assert entries(tournament, 2)[:4] == [
        (1, B, K.LOSS),
        (4, W, K.FORFEIT_WIN),
        (None, U, K.PAIRING_BYE),
        (1, W, K.DRAW),
    ]
    assert entries(tournament, 3)[:4] == [
        (4, W, K.DRAW),
        (1, W, K.UNRATED_DRAW),
        (None, U, K.HALF_BYE),
        (5, B, K.UNRATED_LOSS),
    ]
    assert entries(tournament, 5)[:4] == [
        (6, W, K.UNRATED_WIN),
        (6, U, K.FORFEIT_LOSS),
        (None, U, K.FULL_BYE),
        (3, W, K.UNRATED_WIN),
    ]


def test_swiss_double_forfeit() -> None:
    tournament = read_trf(SWISS)
    assert tournament.player(5).entry(2) == Entry(round=2, opponent=6, colour=U, kind=K.FORFEIT_LOSS)
    assert tournament.player(6).entry(2) == Entry(round=2, opponent=5, colour=U, kind=K.FORFEIT_LOSS)


def test_swiss_byes_and_forfeits_without_opponent() -> None:
    tournament = read_trf(SWISS, warn=lambda warning: None)
    assert entries(tournament, 7) == [
        (None, U, K.ZERO_BYE),
        (None, U, K.HALF_BYE),
        (None, U, K.ZERO_BYE),  # "0000 - -": no scheduled opponent, no forfeit: an absence (issue 12)
        (None, U, K.ZERO_BYE),  # "0000" and nothing more: a blank result
        (None, U, K.NOT_PLAYED),
    ]
    assert entries(tournament, 6)[2:4] == [(None, U, K.ZERO_BYE), (None, U, K.FORFEIT_WIN)]


def test_swiss_withdrawal_and_unplayed_rounds() -> None:
    tournament = read_trf(SWISS)
    # Player 4's line ends after round 3: absent in round 4, which others played; round 5 is not played yet.
    assert entries(tournament, 4)[3:] == [(None, U, K.ZERO_BYE), (None, U, K.NOT_PLAYED)]
    assert all(p.entry(5).kind is K.NOT_PLAYED for p in tournament)
    assert all([entry.round for entry in p.entries] == [1, 2, 3, 4, 5] for p in tournament)


def test_swiss_recorded_points_match_the_results() -> None:
    tournament = read_trf(SWISS)
    points = PointSystem()
    for p in tournament:
        assert sum(points.points(entry.kind) for entry in p.entries) == p.recorded_points, p.name
    Event.of(tournament).check_pairings()


def test_swiss_reads_silently_but_for_the_absence() -> None:
    found: list[InputWarning] = []
    read_trf(SWISS, path="x.trf", warn=found.append)
    assert [str(warning) for warning in found] == [
        "x.trf:18: round 3: a forfeit loss without an opponent ('0000 - -'): the file means absent; "
        "scored as a zero-point bye"
    ]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_ends(newline: str) -> None:
    assert read_trf(newline.join(SWISS_LINES) + newline) == read_trf(SWISS)


def test_byte_order_mark() -> None:
    assert read_trf("\ufeff" + SWISS) == read_trf(SWISS)


def test_event_as_arrays() -> None:
    # The reader fills the event's arrays straight from the columns; the rarer fields wait to be asked for.
    event = read_trf_event(SWISS)
    assert (event.players, event.rounds, event.table.score.unit) == (7, 5, 2)
    assert event.table.opponent[0].tolist() == [1, 2, 3, 1, -1]  # rows: start numbers − 1
    assert event.table.colour[0].tolist() == [1, 2, 1, 2, 0]
    absent = [K.ZERO_BYE, K.HALF_BYE, K.ZERO_BYE, K.ZERO_BYE, K.NOT_PLAYED]
    assert [KINDS[code] for code in event.table.kind[6]] == absent
    assert event.table.rating.tolist() == [2100, 0, 0, 0, 0, 0, 0]
    assert event.roster.names[:2] == ["Adams, Ann", "Brown, Bob"]
    assert isinstance(event.roster.titles, LazyList) and isinstance(event.roster.birth_dates, LazyList)
    roster = event.roster
    assert (roster.titles[0], roster.sexes[0], roster.recorded_points[1]) == ("WFM", "w", Fraction(5, 2))
    assert (event.info.name, event.info.kind, event.kind) == ("Test Open", EventKind.SWISS, EventKind.SWISS)
    assert event.tournament == read_trf(SWISS)


def test_odd_round_robin_free_rounds() -> None:
    tournament = read_trf(ROUND_ROBIN)
    assert tournament.kind is EventKind.ROUND_ROBIN
    assert tournament.rounds == 3
    assert entries(tournament, 1) == [(2, W, K.WIN), (3, B, K.DRAW), (None, U, K.ZERO_BYE)]
    assert entries(tournament, 2) == [(1, B, K.LOSS), (None, U, K.ZERO_BYE), (3, W, K.LOSS)]
    assert entries(tournament, 3) == [(None, U, K.ZERO_BYE), (1, W, K.DRAW), (2, B, K.WIN)]
    assert tournament.meetings_per_pair() == 1


def test_xxr_without_results() -> None:
    tournament = read_trf("XXR 3\n" + player(1, "Adams, Ann") + "\n" + player(2, "Brown, Bob"))
    assert tournament.rounds == 3
    assert tournament.played_rounds == 0
    assert entries(tournament, 1) == [(None, U, K.NOT_PLAYED)] * 3


def test_blocks_beyond_xxr_count() -> None:
    text = "XXR 1\n" + player(1, "Adams, Ann", "", "   2 w 1") + "\n" + player(2, "Brown, Bob", "", "   1 b 0")
    tournament = read_trf(text)
    assert tournament.rounds == 2
    assert entries(tournament, 1) == [(None, U, K.ZERO_BYE), (2, W, K.WIN)]


def test_players_in_any_order() -> None:
    text = "\n".join([player(2, "Brown, Bob", "   1 b 0"), player(1, "Adams, Ann", "   2 w 1")])
    tournament = read_trf(text)
    assert [p.name for p in tournament] == ["Adams, Ann", "Brown, Bob"]


@pytest.mark.parametrize(
    ("event_type", "kind"),
    [
        ("Round Robin", EventKind.ROUND_ROBIN),
        ("round-robin", EventKind.ROUND_ROBIN),
        ("RR", EventKind.ROUND_ROBIN),
        ("Berger tables", EventKind.ROUND_ROBIN),
        ("Individual: swiss-system (standard)", EventKind.SWISS),
        ("Knockout", None),
        ("", None),
    ],
)
def test_event_type(event_type: str, kind: EventKind | None) -> None:
    tournament = read_trf(f"092 {event_type}\n" + player(1, "Adams, Ann"))
    assert tournament.event_type == event_type
    assert tournament.kind is kind


def test_point_system_shortcuts() -> None:
    tournament = read_trf("XXS W=3 D=1\n" + player(1, "Adams, Ann"))
    assert tournament.point_system == PointSystem.three_one_zero()


def test_point_system_codes() -> None:
    text = "XXS WW=1 BW=1.5 WD=0.5 BD=0.5 PAB=0.5 FPB=1 HPB=0,5 ZPB=0 FW=1 FL=-1\n" + player(1, "Adams, Ann")
    found: list[InputWarning] = []
    system = read_trf(text, path="x.trf", warn=found.append).point_system
    assert system == PointSystem(
        win=Fraction(1),
        draw=Fraction(1, 2),
        forfeit_win=Fraction(1),
        forfeit_loss=Fraction(-1),
        pairing_bye=Fraction(1, 2),
        full_bye=Fraction(1),
        half_bye=Fraction(1, 2),
        zero_bye=Fraction(0),
    )
    assert [str(warning) for warning in found] == ["x.trf:1: WW=1 differs from BW=1.5; WW is used for both colours"]


def test_point_system_bad_value() -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("XXS W=3 D=one\n" + player(1, "Adams, Ann"))
    assert (caught.value.line, caught.value.column) == (1, 11)


def test_wrong_number_of_players_warns() -> None:
    found: list[InputWarning] = []
    read_trf("062 3\n" + player(1, "Adams, Ann"), path="x.trf", warn=found.append)
    assert found == [
        InputWarning("record 062 gives 3 players, but there are 1 player records (001)", path="x.trf", line=1)
    ]
    assert str(found[0]) == "x.trf:1: record 062 gives 3 players, but there are 1 player records (001)"


def test_warnings_are_logged_unless_sent_elsewhere(caplog: pytest.LogCaptureFixture) -> None:
    read_trf("062 3\n" + player(1, "Adams, Ann"), path="x.trf")
    assert [(record.name, record.levelno, record.getMessage()) for record in caplog.records] == [
        ("sonneborn", logging.WARNING, "x.trf:1: record 062 gives 3 players, but there are 1 player records (001)")
    ]


def test_unknown_records_warn() -> None:
    text = "\n".join(
        [
            "ABC what is this",
            player(1, "Adams, Ann"),
            "IRL    1      Adams, Ann                        1500",  # TRF-26 national rating line
            player(2, "Brown, Bob"),
        ]
    )
    found: list[InputWarning] = []
    assert len(read_trf(text, path="x.trf", warn=found.append)) == 2
    assert [str(warning) for warning in found] == ["x.trf:1: unknown record 'ABC' ignored"]


@pytest.mark.parametrize(
    "record",
    [
        "013 Team A                           1    2",
        "310   1 Team A                           Team   1500    0.0    0.0   1     1    2",
        "330 +-   1   1   2",
        "802   1 TeamA     0.0    0.0",
    ],
)
def test_team_records_are_refused_issue_12(record: str) -> None:
    # Team competitions are not read yet: one plain error at the team record, before any word on byes.
    lines = [player(1, "Adams, Ann", "0000 - -"), player(2, "Brown, Bob", "0000 - -"), record, "240 Z   1    1"]
    text = "\n".join(lines)
    found: list[InputWarning] = []
    with pytest.raises(TrfError) as caught:
        read_trf(text, path="x.trf", warn=found.append)
    code = record[:3]
    assert str(caught.value) == (
        f"x.trf:3:1: team competitions are not supported yet (record {code} is a team's); "
        "sonneborn ranks individual events"
    )
    assert found == []


def test_swiss_manager_rulers_are_no_records_issue_12() -> None:
    # Swiss-Manager writes these above the players (e.g. the Crete file, lines 17-19): no warning for them.
    rulers = [
        "",
        "         1         2         3         4         5         6         7         8         9        10",
        "1234567890" * 10,
        "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR  1111 1 1",
        "   ",
    ]
    lines = [line.replace("0000 - -", "0000 - Z") for line in SWISS_LINES]
    found: list[InputWarning] = []
    read_trf("\n".join(lines[:8] + rulers + lines[8:]), warn=found.append)
    assert found == []
    # A record of digits (142: the number of rounds) is still a record.
    assert read_trf("142 6\n" + "\n".join(rulers) + "\n" + player(1, "Adams, Ann"), warn=found.append).rounds == 6
    assert found == []


# The real files: their numbers of players agree with record 062, and of rounds with 132 and their blocks.
REAL = [
    ("icu_bunratty_challengers_2011.trf", 63, 6),
    ("icu_bunratty_major_2011.trf", 56, 6),
    ("icu_bunratty_masters_2011.trf", 34, 6),
    ("icu_bunratty_minor_2011.trf", 103, 6),
    ("icu_irish_intermediate_champs_2011.trf", 21, 5),
    ("icu_irish_junior_champs_2011.trf", 34, 5),
]


def read_file(name: str, warn: Warn = log_warning) -> Tournament:
    data = (DATA / name).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_trf(text, path=name, warn=warn)


@pytest.mark.parametrize(("name", "players", "rounds"), REAL)
def test_real_file(name: str, players: int, rounds: int) -> None:
    tournament = read_file(name)
    assert len(tournament) == players
    assert tournament.rounds == rounds
    assert tournament.played_rounds == rounds
    assert len(tournament.round_dates) == rounds
    assert tournament.kind is EventKind.SWISS
    Event.of(tournament).check_pairings()


def test_real_bunratty_masters() -> None:
    tournament = read_file("icu_bunratty_masters_2011.trf")
    assert (tournament.name, tournament.city, tournament.start_date) == (
        "Bunratty 2011",
        "Bunratty",
        "25.02.2011",
    )
    short = tournament.player(1)
    assert (short.name, short.title, short.sex, short.rating, short.federation) == (
        "Short, Nigel",
        "GM",
        "m",
        2658,
        "ENG",
    )
    assert (short.recorded_points, short.recorded_rank, short.fide_id) == (Fraction(4), 5, None)
    assert short.entry(1) == Entry(round=1, opponent=17, colour=W, kind=K.WIN)
    # Swiss-Perfect writes "     -    " for a bye: a zero-point bye in TRF, though the file counts it ½.
    oconnor = tournament.player(16)
    assert [entry.kind for entry in oconnor.entries][3:5] == [K.ZERO_BYE, K.ZERO_BYE]
    assert oconnor.recorded_points == Fraction(5, 2)


def test_real_bunratty_major_forfeit_without_opponent() -> None:
    tournament = read_file("icu_bunratty_major_2011.trf")
    assert tournament.player(1).entry(1) == Entry(round=1, opponent=None, colour=U, kind=K.FORFEIT_WIN)
    assert tournament.player(1).fide_id == 204  # Swiss-Perfect puts the ICU number in the FIDE id columns


def test_real_irish_junior_latin1() -> None:
    with pytest.raises(UnicodeDecodeError):
        (DATA / "icu_irish_junior_champs_2011.trf").read_bytes().decode("utf-8")
    tournament = read_file("icu_irish_junior_champs_2011.trf")
    morgan = tournament.player(24)
    assert (morgan.name, morgan.rating, morgan.fide_id) == ("Morgan, Mícheál", 951, 12565)
    assert tournament.player(29).name == "Ní Mhuireagáin, Eibhia"
    assert tournament.player(4).entry(1) == Entry(round=1, opponent=None, colour=U, kind=K.ZERO_BYE)


def test_real_crete_team_event_is_refused_issue_12() -> None:
    # The Crete file is a team Swiss (record 013 from line 150): refused plainly; its rulers (lines 17-19)
    # no longer give warnings, and nothing is said of its players' "0000 - -" rounds before the error.
    found: list[InputWarning] = []
    with pytest.raises(TrfError) as caught:
        read_file("friendship_cup_crete_2024_team.trf", found.append)
    assert (caught.value.line, caught.value.column) == (150, 1)
    assert "team competitions are not supported yet (record 013 is a team's)" in str(caught.value)
    assert found == []


# Errors: each names its line, and its column where there is one.


def error(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        read_trf(text, path="bad.trf")
    return caught.value


def test_empty_text() -> None:
    problem = error("")
    assert (problem.message, problem.line, problem.column) == (
        "no player records (001) found (expected a line per player starting with 001)",
        1,
        1,
    )
    assert str(problem) == "bad.trf:1:1: no player records (001) found (expected a line per player starting with 001)"


def test_no_player_records() -> None:
    assert error("012 Nobody came\n022 Nowhere\n").line == 1


def test_truncated_player_line() -> None:
    text = "\n".join([player(1, "Adams, Ann", "   2 w 1", "   2 b"), player(2, "Brown, Bob", "   1 b 0", "   1 w 0")])
    problem = error(text)
    assert (problem.line, problem.column) == (1, 109)
    assert problem.message == "round 2: expected a result code at column 109, found end of line"


def test_truncated_opponent() -> None:
    line = player(1, "Adams, Ann", "   2 w 1")[:-8] + "  2"
    problem = error(line)
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: expected an opponent's start number at columns 92-95, found end of line"


def test_blank_result_with_opponent() -> None:
    problem = error(player(1, "Adams, Ann", "   2 w   ") + "\n" + player(2, "Brown, Bob", "   1 b 0"))
    assert (problem.line, problem.column, problem.message) == (
        1,
        99,
        "round 1: expected a result code at column 99, found a blank",
    )


def test_game_not_mirrored() -> None:
    text = "\n".join(
        [
            player(1, "Adams, Ann"),
            player(2, "Brown, Bob"),
            player(3, "Clark, Cid"),
            player(4, "Dunne, Dan", "", "", "   7 w 1"),
            player(5, "Egan, Eve"),
            player(6, "Flynn, Fay"),
            player(7, "Grant, Gus", "", "", "0000 - Z"),
        ]
    )
    problem = error(text)
    assert (problem.line, problem.column) == (4, 112)
    assert problem.message == "round 3: player 4 records 1 against 7, but player 7 records 0000 - Z (expected '4 b 0')"


def test_game_not_mirrored_is_reported_at_the_first_line() -> None:
    text = "\n".join([player(1, "Adams, Ann", "0000 - H"), player(2, "Brown, Bob", "   1 b 1")])
    problem = error(text)
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: player 2 records 1 against 1, but player 1 records 0000 - H (expected '2 w 0')"


def test_results_that_do_not_mirror() -> None:
    problem = error(player(1, "Adams, Ann", "   2 w 1") + "\n" + player(2, "Brown, Bob", "   1 b =") + "\n")
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: player 1 records 1 against 2, but player 2 records    1 b = (expected '1 b 0')"


def test_same_colours() -> None:
    problem = error(player(1, "Adams, Ann", "   2 w 1") + "\n" + player(2, "Brown, Bob", "   1 w 0"))
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: players 1 and 2 both have colour 'w' (expected one w and one b)"


def test_opponent_out_of_range() -> None:
    text = "\n".join([player(1, "Adams, Ann", "   2 w 1"), player(2, "Brown, Bob", "   1 b 0", "  57 w 1")])
    problem = error(text)
    assert (problem.line, problem.column, problem.message) == (
        2,
        102,
        "round 2: opponent 57 does not exist (expected a start number from 1 to 2)",
    )


def test_player_meets_himself() -> None:
    text = "\n".join([player(1, "Adams, Ann", "   2 w 1"), player(2, "Brown, Bob", "   1 b 0", "   2 w 1")])
    problem = error(text)
    assert (problem.line, problem.column, problem.message) == (
        2,
        102,
        "round 2: player 2 is paired against himself (expected another player's start number)",
    )


def test_duplicate_start_numbers() -> None:
    text = "\n".join(["012 Twins", player(1, "Adams, Ann"), player(2, "Brown, Bob"), player(2, "Clark, Cid")])
    problem = error(text)
    assert (problem.line, problem.column, problem.message) == (
        4,
        5,
        "duplicate start number 2, first given at line 3 (expected each start number once)",
    )


def test_gap_in_start_numbers() -> None:
    text = "\n".join([player(1, "Adams, Ann"), player(4, "Dunne, Dan"), player(2, "Brown, Bob")])
    problem = error(text)
    assert (problem.line, problem.column) == (2, 5)
    assert problem.message == "start numbers must run 1..3 without gaps, but 3 is missing"


def test_non_numeric_opponent() -> None:
    problem = error(player(1, "Adams, Ann", "  2x w 1"))
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: expected an opponent's start number at columns 92-95, found '  2x'"


def test_unknown_result_code() -> None:
    text = "\n".join([player(1, "Adams, Ann", "   2 w X"), player(2, "Brown, Bob", "   1 b 0")])
    problem = error(text)
    assert (problem.line, problem.column) == (1, 99)
    assert problem.message == "round 1: expected a result code (1 = 0 + - W D L H F U Z) at column 99, found 'X'"


def test_unknown_colour() -> None:
    problem = error(player(1, "Adams, Ann", "   2 x 1"))
    assert (problem.line, problem.column, problem.message) == (
        1,
        97,
        "round 1: expected a colour w, b or - at column 97, found 'x'",
    )


def test_shifted_block() -> None:
    problem = error(player(1, "Adams, Ann", "    2 w 1"))
    assert (problem.line, problem.column, problem.message) == (
        1,
        96,
        "round 1: expected a blank at column 96, found '2' (the block of round 1 takes columns 92-99: is it shifted?)",
    )


def test_played_result_without_opponent() -> None:
    problem = error(player(1, "Adams, Ann", "0000 w 1"))
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == (
        "round 1: result '1' needs an opponent, found '0000' (expected an opponent's start number at columns 92-95)"
    )


def test_bye_with_opponent() -> None:
    problem = error(player(1, "Adams, Ann", "   2 - U") + "\n" + player(2, "Brown, Bob", "0000 - U"))
    assert (problem.line, problem.column) == (1, 92)
    assert problem.message == "round 1: a bye ('U') cannot have an opponent, found 2 (expected 0000 or a blank)"


@pytest.mark.parametrize(
    ("field", "column", "message"),
    [
        ((5, "   x"), 5, "expected a start number at columns 5-8, found '   x'"),
        ((5, "    "), 5, "expected a start number at columns 5-8, found '    '"),
        ((49, "12a4"), 49, "expected a rating at columns 49-52, found '12a4'"),
        ((81, "1.x5"), 81, "expected points at columns 81-84, found '1.x5'"),
        ((86, "  3."), 86, "expected a rank at columns 86-89, found '  3.'"),
    ],
)
def test_malformed_player_fields(field: tuple[int, str], column: int, message: str) -> None:
    line = place((1, player(1, "Adams, Ann", points="1.0", rank=1, rating=1500)), field)
    problem = error("012 Test\n" + line)
    assert (problem.line, problem.column, problem.message) == (2, column, message)


def test_bad_number_of_rounds() -> None:
    problem = error("XXR six\n" + player(1, "Adams, Ann"))
    assert (problem.line, problem.column, problem.message) == (
        1,
        5,
        "expected a number of rounds in record XXR, found 'six'",
    )


# Issue 12: "0000 - -" (no scheduled opponent, result "-") is an absence, as Swiss-Manager and lichess write a
# withdrawal. A 4-player Swiss of 3 rounds: R1 1-2 1-0, 3-4 1-0; #4 withdraws; R2 1-3 ½-½, #2 PAB;
# R3 1-2 1-0, #3 PAB. Points: #1 2.5, #2 1, #3 2.5, #4 0.
WITHDRAWAL = "\n".join(
    [
        "XXR 3",
        player(1, "Adams, Ann", "   2 w 1", "   3 b =", "   2 b 1", points="2.5"),
        player(2, "Brown, Bob", "   1 b 0", "0000 - U", "   1 w 0", points="1.0"),
        player(3, "Clark, Cid", "   4 w 1", "   1 w =", "0000 - U", points="2.5"),
        player(4, "Dunne, Dan", "   3 b 0", "0000 - -", "0000 - -", points="0.0"),
    ]
)


def test_an_absence_written_as_a_forfeit_loss_issue_12() -> None:
    found: list[InputWarning] = []
    tournament = read_trf(WITHDRAWAL, path="w.trf", warn=found.append)
    assert [entry.kind for entry in tournament.player(4).entries] == [K.LOSS, K.ZERO_BYE, K.ZERO_BYE]
    # One warning for the file, at the first such line, naming how many more there are.
    assert [str(warning) for warning in found] == [
        "w.trf:5: round 2: a forfeit loss without an opponent ('0000 - -'): the file means absent; "
        "scored as a zero-point bye (and 1 more such rounds)"
    ]
    # #4's rounds 2 and 3 are zero-point byes after his withdrawal, category 16.2.5: his opponents see them as
    # draws (16.3), adjusted score 0 + ½ + ½ = 1 (read as forfeit losses, 16.2.4, they would count 0).
    # fide-2023: BH(#3) = #4 1 + #1 2.5 + PAB dummy (own 2.5, 16.4) = 6 (5 with forfeits);
    # SB(#3) = 1×1 + ½×2.5 + 1×2.5 = 4.75 (3.75 with forfeits).
    # fide-2026: the PAB dummy is capped at a draw × 3 rounds = 1.5 (16.4.2): BH(#3) = 1 + 2.5 + 1.5 = 5.
    expected = [(Rules.FIDE_2023, Fraction(6), Fraction(19, 4)), (Rules.FIDE_2026, Fraction(5), Fraction(15, 4))]
    for rules, bh, sb in expected:
        standings = rank(tournament, parse_list("BH,SB"), rules=rules)
        assert (standings.column("BH").number(2), standings.column("SB").number(2)) == (bh, sb), rules


def test_an_absence_reads_back_from_the_trf_output_issue_12() -> None:
    tournament = read_trf(WITHDRAWAL, warn=lambda warning: None)
    found: list[InputWarning] = []
    again = read_trf(render(rank(tournament, parse_list("BH,SB")), "trf"), warn=found.append)
    assert [p.entries for p in again] == [p.entries for p in tournament]
    assert found == []  # written as the absence it is: nothing to warn of


def test_a_line_places_each_text_at_its_column_in_any_order() -> None:
    # Fields in column order are appended; others are laid over the line, a later text over an earlier one.
    from sonneborn.formats.trf.write import _line

    assert _line((1, "001"), (5, "12"), (10, "w")) == "001 12   w"  # w in column 10
    assert _line((5, "12"), (1, "001")) == "001 12"
    assert _line((1, "abcdef"), (3, "XY")) == "abXYef"
    assert _line((1, "ab"), (6, ""), (4, "  ")) == "ab"
