"""The PGN reader: two real events, rounds, results, absences, identification and the errors."""

from __future__ import annotations

import io
import json
import logging
import re
from fractions import Fraction
from pathlib import Path

import pytest
from builders import TWIC, entries, pgn_game

from sonneborn.errors import InputError
from sonneborn.formats.pgn import PgnError, read_pgn
from sonneborn.formats.trf import read_trf, write_trf
from sonneborn.model import Colour, Entry, EventKind, PointSystem, ResultKind, Tournament
from sonneborn.ranking import rank
from sonneborn.render.json import render_json

DATA = Path(__file__).parent.parent / "data" / "pgn"
UZCHESS = DATA / "uzchess_cup_masters_2025.pgn"
RAPID = DATA / "fide_womens_world_rapid_2024.pgn"
LOGGER = "sonneborn.formats.pgn"
K = ResultKind
W, B, U = Colour.WHITE, Colour.BLACK, Colour.UNKNOWN

# Source: uzchess_cup_masters_2025.pgn, the Result tags of its 45 games added up by hand,
# start numbers by rating (highest first), then name.
UZCHESS_TABLE = [
    (1, "Erigaisi Arjun", 2782, Fraction(5)),
    (2, "Abdusattorov, Nodirbek", 2767, Fraction(11, 2)),
    (3, "Praggnanandhaa R", 2767, Fraction(11, 2)),
    (4, "Nepomniachtchi, Ian", 2757, Fraction(7, 2)),
    (5, "Aravindh, Chithambaram VR.", 2749, Fraction(5, 2)),
    (6, "Rapport, Richard", 2714, Fraction(9, 2)),
    (7, "Sindarov, Javokhir", 2710, Fraction(11, 2)),
    (8, "Maghsoodloo, Parham", 2691, Fraction(9, 2)),
    (9, "Yakubboev, Nodirbek", 2659, Fraction(9, 2)),
    (10, "Vokhidov, Shamsiddin", 2644, Fraction(4)),
]

_TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$', re.MULTILINE)
_TALLY = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}


def tally(text: str) -> dict[str, Fraction]:
    """Points by FIDE id, added up from the raw tag pairs of games separated by blank lines."""
    points: dict[str, Fraction] = {}
    for block in re.split(r"\n\s*\n", text.strip()):
        tags = dict(_TAG.findall(block))
        white, black = _TALLY.get(tags["Result"], (Fraction(1, 2), Fraction(1, 2)))
        points[tags["WhiteFideId"]] = points.get(tags["WhiteFideId"], Fraction(0)) + white
        points[tags["BlackFideId"]] = points.get(tags["BlackFideId"], Fraction(0)) + black
    return points


def game(white: str, black: str, result: str, *, round: str | None = "1", moves: str = "", **tags: str) -> str:
    """One game: 7 tag pairs (6 without a round) and the extra ``tags``, a blank line, the movetext, a blank line."""
    pairs = [("Event", "Test Open"), ("Site", "Galway"), ("Date", "2024.05.01")]
    pairs += [("Round", round)] if round is not None else []
    pairs += [("White", white), ("Black", black), ("Result", result), *tags.items()]
    header = "".join(f'[{name} "{value}"]\n' for name, value in pairs)
    return f"{header}\n{moves + ' ' if moves else ''}{result}\n\n"


def points(event: Tournament, start: int) -> Fraction:
    system = PointSystem()
    return sum((system.points(entry.kind) for entry in event.player(start).entries), Fraction(0))


def read_file(path: Path) -> Tournament:
    with path.open(encoding="utf-8") as handle:
        return read_pgn(handle, path=str(path))


def test_uzchess_is_a_complete_round_robin(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_file(UZCHESS)
    assert caplog.records == []
    assert (len(event), event.rounds, event.event_kind) == (10, 9, EventKind.ROUND_ROBIN)
    assert event.records == ()
    table = [(p.start, p.name, p.rating, points(event, p.start)) for p in event]
    assert table == UZCHESS_TABLE
    erigaisi = event.player(1)
    assert (erigaisi.fide_id, erigaisi.title, erigaisi.federation) == (35009192, "GM", "")
    # Round "1.2": Yakubboev, Nodirbek - Erigaisi Arjun 0-1.
    assert erigaisi.entry(1).opponent == 9 and erigaisi.entry(1).colour is B and erigaisi.entry(1).kind is K.WIN
    # The only Event tag is the first game's (a Lichess study chapter name); there is no Site or Date.
    assert event.name == "Round 1: Aravindh, Chithambaram VR. - Praggnanandhaa R"
    assert (event.city, event.start_date, event.end_date) == ("", "", "")


@pytest.mark.parametrize("path", [UZCHESS, RAPID], ids=["round-robin", "swiss"])
def test_the_same_event_as_trf_gives_the_same_standings_json(path: Path) -> None:
    event = read_file(path)
    again = read_trf(write_trf(event))
    assert render_json(rank(again)) == render_json(rank(event))


def test_uzchess_standings_json_points_match_the_hand_tally() -> None:
    data = json.loads(render_json(rank(read_file(UZCHESS))))
    assert data["event"]["kind"] == "round-robin"
    expected = {name: float(total) for _, name, _, total in UZCHESS_TABLE}
    assert {row["name"]: row["points"] for row in data["standings"]} == expected


def test_rapid_swiss_with_board_round_tags(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_file(RAPID)
    assert caplog.records == []
    assert (len(event), event.rounds, event.event_kind) == (110, 11, EventKind.SWISS)
    assert event.name == "FIDE Women’s World Rapid Championships 2024"
    assert (event.start_date, event.end_date) == ("2024/12/26", "2024/12/28")
    # Everyone has a game in every round: 605 games = 110 players x 11 rounds / 2.
    assert all(entry.opponent is not None for player in event for entry in player.entries)
    expected = tally(RAPID.read_text(encoding="utf-8"))
    by_id = {player.fide_id: player for player in event}
    assert {str(fide_id): points(event, p.start) for fide_id, p in by_id.items()} == expected
    humpy = by_id[5008123]
    assert (humpy.name, points(event, humpy.start)) == ("Koneru, Humpy", Fraction(17, 2))
    # Line 2418, [Round "3.12"]: Skripchenko, Almira - Kashlinskaya, Alina 1/2-1/2.
    white, black = by_id[13900145], by_id[4198026]
    assert (white.name, black.name) == ("Skripchenko, Almira", "Kashlinskaya, Alina")
    assert (white.entry(3), black.entry(3)) == (Entry(3, black.start, W, K.DRAW), Entry(3, white.start, B, K.DRAW))


def test_start_numbers_by_rating_then_name() -> None:
    text = game("Zed", "Abe", "1-0", WhiteElo="2000", BlackElo="2000") + game(
        "Unrated", "Top", "0-1", BlackElo="2500", WhiteElo="?"
    )
    event = read_pgn(text)
    assert [(p.start, p.name, p.rating) for p in event] == [
        (1, "Top", 2500),
        (2, "Abe", 2000),
        (3, "Zed", 2000),
        (4, "Unrated", None),
    ]


def test_rounds_by_order_of_appearance_without_round_tags(caplog: pytest.LogCaptureFixture) -> None:
    games = [("A", "B", "1-0"), ("C", "D", "0-1"), ("A", "C", "1/2-1/2"), ("B", "D", "1-0"), ("D", "A", "0-1")]
    text = "".join(game(w, b, r, round="?" if i % 2 else None) for i, (w, b, r) in enumerate(games))
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_pgn(text, path="q.pgn")
    assert [r.getMessage() for r in caplog.records] == ["q.pgn: no Round tags: rounds assigned by order of appearance"]
    assert event.rounds == 3
    # Unrated players are numbered by name: A 1, B 2, C 3, D 4.
    assert entries(event, 1) == [(2, W, K.WIN), (3, W, K.DRAW), (4, B, K.WIN)]
    assert entries(event, 2) == [(1, B, K.LOSS), (4, W, K.WIN), (None, U, K.ZERO_BYE)]


def test_games_without_a_round_fill_the_first_free_round(caplog: pytest.LogCaptureFixture) -> None:
    text = game("A", "B", "1-0", round="2") + game("A", "C", "1-0", round="-") + game("B", "C", "0-1", round="R3")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_pgn(text, path="m.pgn")
    assert [r.getMessage() for r in caplog.records] == [
        "m.pgn:21: expected a round number in the Round tag, found 'R3'",
        "m.pgn: the Round tags give rounds 2, renumbered 1 to 1 in order",
        "m.pgn: 2 of 3 games have no Round tag: rounds assigned by order of appearance",
    ]
    # C has his game with A in round 2, so his game with B goes to round 3.
    assert event.rounds == 3
    assert entries(event, 1) == [(2, W, K.WIN), (3, W, K.WIN), (None, U, K.ZERO_BYE)]
    assert entries(event, 3) == [(None, U, K.ZERO_BYE), (1, B, K.LOSS), (2, B, K.WIN)]


def test_sparse_rounds_are_renumbered(caplog: pytest.LogCaptureFixture) -> None:
    text = game("A", "B", "1-0", round="1.1") + game("A", "B", "0-1", round="2.1") + game("B", "A", "1-0", round="5")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_pgn(text)
    assert [r.getMessage() for r in caplog.records] == [
        "<input>: the Round tags give rounds 1-2, 5, renumbered 1 to 3 in order"
    ]
    assert event.rounds == 3
    assert [e.kind for e in event.player(1).entries] == [K.WIN, K.LOSS, K.LOSS]


def test_unfinished_games_make_the_standings_provisional(caplog: pytest.LogCaptureFixture) -> None:
    text = game("A", "B", "1-0", round="1") + game("A", "B", "*", round="2", moves="1. e4 e5")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_pgn(text)
    assert [r.getMessage() for r in caplog.records] == [
        "<input>: 1 game not finished (*): the standings are provisional"
    ]
    assert event.unfinished_games == 1
    assert entries(event, 1) == [(2, W, K.WIN), (2, W, K.NOT_PLAYED)]
    assert entries(event, 2) == [(1, B, K.LOSS), (1, B, K.NOT_PLAYED)]
    assert (points(event, 1), event.played_rounds) == (Fraction(1), 1)


@pytest.mark.parametrize(
    ("forfeits", "expected"),
    [(False, [K.WIN, K.LOSS, K.DRAW, K.WIN]), (True, [K.FORFEIT_WIN, K.FORFEIT_LOSS, K.DRAW, K.WIN])],
)
def test_zero_move_games(forfeits: bool, expected: list[ResultKind]) -> None:
    text = "".join(
        [
            game("A", "B", "1-0", round="1"),
            game("A", "B", "0-1", round="2"),
            game("A", "B", "1/2-1/2", round="3"),
            game("A", "B", "1-0", round="4", moves="1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"),
        ]
    )
    event = read_pgn(text, zero_move_forfeits=forfeits)
    assert [e.kind for e in event.player(1).entries] == expected
    assert [e.kind for e in event.player(2).entries] == [kind.complement for kind in expected]


@pytest.mark.parametrize(("absent_as", "kind"), [("zero", K.ZERO_BYE), ("half", K.HALF_BYE)])
def test_a_round_without_a_game_is_an_absence(absent_as: str, kind: ResultKind) -> None:
    text = game("A", "B", "1-0", round="1") + game("C", "A", "1-0", round="2") + game("B", "C", "1-0", round="3")
    event = read_pgn(text, absent_as=absent_as)
    assert event.player(3).entry(1) == Entry(1, None, U, kind)
    assert points(event, 3) == (Fraction(3, 2) if absent_as == "half" else Fraction(1))


def test_absent_as_must_be_zero_or_half() -> None:
    with pytest.raises(ValueError, match="absent_as must be one of zero, half, not 'full'"):
        read_pgn(game("A", "B", "1-0"), absent_as="full")


def test_players_are_their_fide_ids() -> None:
    text = game("Smith, John", "Doe, Jane", "1-0", round="1", WhiteFideId="1001", BlackFideId="0")
    text += game("Smith, John", "Doe, Jane", "1-0", round="2", WhiteFideId="1002")
    text += game("Doe, J.", "Smith, J.", "1/2-1/2", round="3", WhiteFideId="2001", BlackFideId="1001")
    event = read_pgn(text)
    assert sorted((p.name, p.fide_id, points(event, p.start)) for p in event) == [
        ("Doe, J.", 2001, Fraction(1, 2)),
        ("Doe, Jane", None, Fraction(0)),
        ("Smith, John", 1001, Fraction(3, 2)),
        ("Smith, John", 1002, Fraction(1)),
    ]


def test_a_player_twice_in_one_round_is_an_error() -> None:
    text = game("A", "B", "1-0", round="3.1") + game("C", "A", "1-0", round="3.2")
    with pytest.raises(PgnError) as caught:
        read_pgn(text, path="t.pgn")
    assert str(caught.value) == (
        "t.pgn:14:9: 'A' has a second game in round 3, the first at line 4 (expected one game a round)"
    )
    assert caught.value.line == 14


@pytest.mark.parametrize("text", ["", "\n\n", "% an escape line\n; a comment\n"])
def test_no_games_is_an_error(text: str) -> None:
    with pytest.raises(InputError) as caught:
        read_pgn(text, path="e.pgn")
    assert (str(caught.value), caught.value.line) == (
        'e.pgn:1:1: no games found (expected games with tag pairs such as [White "…"])',
        1,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            game("A", "B", "1-0") + game("A", "B", "2-0", round="2"),
            "e.pgn:17:10: expected a result 1-0, 0-1, 1/2-1/2 or *, found '2-0'",
        ),
        (game("A", "?", "1-0"), "e.pgn:6:9: expected the name or FIDE id of Black, found '?'"),
        (game("A", "A", "1-0"), "e.pgn:6:9: 'A' plays against himself (expected two different players)"),
    ],
)
def test_bad_games_are_errors_with_their_line(text: str, message: str) -> None:
    with pytest.raises(PgnError, match="^" + re.escape(message)):
        read_pgn(text, path="e.pgn")


def test_event_site_and_dates() -> None:
    text = game("A", "B", "1-0", round="1", Date="2024.05.03")
    text += game("A", "B", "1-0", round="2", Event="Other", Site="?", Date="????.??.??")
    text += game("B", "A", "1-0", round="3", Date="2024.05.02")
    event = read_pgn(text)
    assert (event.name, event.city, event.start_date, event.end_date) == (
        "Test Open",
        "Galway",
        "2024/05/02",
        "2024/05/03",
    )
    assert event.kind is None


def test_games_without_moves_separated_by_one_blank_line() -> None:
    # python-chess alone reads these as one game (it allows a blank line between tag pairs).
    text = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n'
    event = read_pgn(text)
    assert len(event) == 4
    assert sorted(points(event, p.start) for p in event) == [0, 0, 1, 1]


def test_tags_right_after_movetext_start_a_new_game() -> None:
    text = '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
    text += '[Round "1"]\n[White "A"]\n[Black "C"]\n[Result "0-1"]\n\n1. d4 0-1\n'
    message = r"^<input>:7:9: 'A' has a second game in round 1, the first at line 1 \(expected one game a round\)$"
    with pytest.raises(PgnError, match=message):
        read_pgn(text)


def test_comments_spanning_lines_and_results_from_the_movetext() -> None:
    text = "\n".join(
        [
            '[Round "1"]',
            '[White "A"]',
            '[Black "B"]',
            "",
            "1. e4 {a comment",
            "",
            '[Event "still the comment"]',
            "} e5 2. Nf3 Nc6",
            "3. Bb5 a6 0-1",
            "",
            '[Round "2"]',
            '[White "B"]',
            '[Black "A"]',
            '[Result "*"]',
            "",
            "1. d4 {[%clk 0:10:00]} d5 2. c4 {",
            "[%clk 0:09:58] } e6 { a } 3. Nc3 *",
        ]
    )
    event = read_pgn(text, zero_move_forfeits=True)
    assert entries(event, 1) == [(2, W, K.LOSS), (2, B, K.NOT_PLAYED)]
    assert event.name is None


def test_problems_python_chess_finds_are_warnings(caplog: pytest.LogCaptureFixture) -> None:
    text = "\ufeff" + game("A", "B", "1-0", round="1", moves="1. e5 d5").replace("\n", "\r\n")
    text += '[Round "1"]\r\n[White "C"]\r\n[Black "D"]\r\n[Annotator "x\r\n[Result "0-1"]\r\n\r\n0-1\r\n'
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        event = read_pgn(text, path="w.pgn", zero_move_forfeits=True)
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2
    assert messages[0].startswith("w.pgn:1: illegal san: 'e5' in rnbqkbnr/")
    assert messages[1] == "w.pgn:14: malformed tag pair ignored: '[Annotator \"x'"
    # A game with an unreadable first move was still played: no forfeit.
    assert event.player(1).entry(1).kind is K.WIN


def test_a_text_stream_is_read_game_by_game() -> None:
    stream = io.StringIO(game("A", "B", "1-0") + game("B", "A", "1-0", round="2"))
    event = read_pgn(stream)
    assert [points(event, p.start) for p in event] == [1, 1]
    assert stream.read() == ""


# Issue 12: a file of several events (TWIC's weekly files hold every event of the week).


def test_several_events_are_named_in_one_error() -> None:
    with pytest.raises(PgnError) as caught:
        read_pgn(TWIC, path="twic.pgn")
    assert str(caught.value) == (
        "twic.pgn:21:9: the file holds 2 events: 'Masters' (4 games), 'Challengers' (2 games); "
        "choose one with --event NAME (the Event tag of its games)"
    )


def test_one_event_of_several_is_read_when_chosen() -> None:
    masters = read_pgn(TWIC, event="Masters")
    # Ann beat Bob and Dan (2), Bob beat Cid (1), Cid drew Dan (½), Dan ½: 4 players, no Challengers.
    assert [(p.name, points(masters, p.start)) for p in masters] == [
        ("Ann", 2), ("Bob", 1), ("Cid", Fraction(1, 2)), ("Dan", Fraction(1, 2))
    ]  # fmt: skip
    assert masters.name == "Masters"
    challengers = read_pgn(TWIC, event="challengers")  # the case does not matter
    # Eve lost to Fay, then drew her: ½ and 1½.
    found = [(p.name, points(challengers, p.start)) for p in challengers]
    assert found == [("Eve", Fraction(1, 2)), ("Fay", Fraction(3, 2))]
    with pytest.raises(PgnError) as caught:
        read_pgn(TWIC, path="twic.pgn", event="Juniors")
    assert str(caught.value) == (
        "twic.pgn:1:1: no games of event 'Juniors' (it holds 'Masters' (4 games), 'Challengers' (2 games))"
    )


def test_events_with_the_same_players_in_the_same_round_are_several() -> None:
    # A rapid and a blitz event of the same players: merged, Ann would have two games in round 1.
    text = pgn_game("Rapid", "Ann", "Bob", "1-0") + pgn_game("Blitz", "Bob", "Ann", "1-0")
    with pytest.raises(PgnError, match="the file holds 2 events: 'Rapid' \\(1 game\\), 'Blitz' \\(1 game\\)"):
        read_pgn(text)
    assert len(read_pgn(text, event="Blitz")) == 2


def test_one_event_whose_games_name_their_rounds_is_one_event() -> None:
    # lichess broadcasts name each game after its round: the same players under several names, no clash.
    text = pgn_game("Round 1", "Ann", "Bob", "1-0") + pgn_game("Round 2", "Bob", "Ann", "1/2-1/2", round="2")
    event = read_pgn(text)
    assert [points(event, p.start) for p in event] == [Fraction(3, 2), Fraction(1, 2)]


def test_the_event_option_of_the_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sonneborn.cli import cli

    path = tmp_path / "twic.pgn"
    path.write_text(TWIC, encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path), "-f", "json"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"sonneborn: error: {path}:21:9: the file holds 2 events: ")
    result = CliRunner().invoke(cli, ["standings", str(path), "--event", "Challengers", "-f", "json"])
    assert result.exit_code == 0, result.stderr
    assert [row["name"] for row in json.loads(result.stdout)["standings"]] == ["Fay", "Eve"]
