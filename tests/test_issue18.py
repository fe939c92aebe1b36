"""Issue 18, "Messages that confuse": each through the command line as a user meets it, and in the library.

A round robin stated of a Swiss event says why it looks like one; one player spelled two ways in a PGN is
named; ``--explain`` takes a name; an unknown tie-break code says what it may have meant; the API says the
same (tests/web).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from builders import trf_player
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import InputWarning, OptionError, TiebreakError
from sonneborn.event import Event
from sonneborn.explain import find_player
from sonneborn.formats import read_text
from sonneborn.formats.names import similar_players
from sonneborn.formats.pgn import read_pgn
from sonneborn.model import EventKind
from sonneborn.pipeline import Request, read, standings
from sonneborn.tiebreaks import parse_list

DATA = Path(__file__).parent / "data"
SWISS = DATA / "trf" / "icu_bunratty_masters_2011.trf"
"""A real Swiss event: 34 players, 6 rounds."""
ROUND_ROBIN = DATA / "crosstable" / "wccc_1975_final.tsv"

SWISS_AS_ROUND_ROBIN = (
    "stated a round robin, but the pairings look like a Swiss: players 1 and 2 never meet, and none of the 34 "
    "players meets all the others, in 6 rounds where a round robin of 34 players has 33 (in a round robin "
    "everyone meets everyone; state the kind swiss to rank it as one)"
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


# A Swiss event stated a round robin.


@pytest.mark.parametrize(
    "command",
    [
        ["standings", str(SWISS)],
        ["standings", str(SWISS), "-f", "json"],
        ["crosstable", str(SWISS)],
        ["check", str(SWISS)],
        ["compare", str(SWISS), "--rules", "fide-2009,fide-2026"],
        ["convert", str(SWISS), "-", "--to", "json"],
    ],
    ids=["standings", "json", "crosstable", "check", "compare", "convert"],
)
def test_issue18_a_swiss_stated_a_round_robin_is_warned_of_by_every_command(command: list[str]) -> None:
    code, _, err = run(*command, "--kind", "round-robin")
    assert code in (0, 1), err  # check exits 1 on what it finds; never 2
    assert err.splitlines().count(f"sonneborn: warning: {SWISS_AS_ROUND_ROBIN}") == 1, err


def test_issue18_the_kind_as_detected_or_stated_swiss_says_nothing() -> None:
    for extra in ([], ["--kind", "swiss"]):
        code, _, err = run("standings", str(SWISS), *extra)
        assert code == 0 and "round robin" not in err, err
    # The converse is legitimate: a round robin may be ranked as a Swiss (its Art. 16 rules, its defaults).
    code, _, err = run("standings", str(ROUND_ROBIN), "--kind", "swiss")
    assert (code, err) == (0, ""), err
    code, _, err = run("standings", str(ROUND_ROBIN), "--kind", "round-robin")
    assert (code, err) == (0, ""), err


def test_issue18_the_warning_is_a_value_of_the_standings() -> None:
    result = standings(read(SWISS), Request.parse(kind="round-robin"))
    assert [str(warning) for warning in result.warnings] == [SWISS_AS_ROUND_ROBIN]
    assert read(SWISS).event.with_kind(EventKind.ROUND_ROBIN).kind_warning() is not None
    assert standings(read(SWISS)).warnings == ()


def _event(rounds: int, *players: tuple[str, str, list[str]]) -> Event:
    lines = [trf_player(start, name, points, blocks) for start, (name, points, blocks) in enumerate(players, 1)]
    text = f"012 Kind\nXXR {rounds}\n" + "\n".join(lines) + "\n"
    return Event.of(read_text(text, input_format="trf"))


def test_issue18_a_round_robin_whose_rounds_are_still_to_come_says_nothing() -> None:
    # Round 1 of 3 of a four-player round robin: rounds 2 and 3 are scheduled, not yet paired in the file.
    first_round = [
        ("Adams, Ann", "1.0", ["   2 w 1"]),
        ("Brown, Bob", "0.0", ["   1 b 0"]),
        ("Clark, Cid", "0.5", ["   4 w ="]),
        ("Dunne, Dan", "0.5", ["   3 b ="]),
    ]
    event = _event(3, *first_round)
    assert event.table.provisional and event.kind is EventKind.SWISS
    assert event.with_kind(EventKind.ROUND_ROBIN).kind_warning() is None
    # The same round as a whole event of one round: that many rounds cannot pair everyone.
    found = _event(1, *first_round).with_kind(EventKind.ROUND_ROBIN).kind_warning()
    assert found is not None
    assert str(found).startswith(
        "stated a round robin, but the pairings look like a Swiss: players 1 and 3 never meet, and none of the 4 "
        "players meets all the others, in 1 round where a round robin of 4 players has 3 ("
    ), found


def test_issue18_a_round_robin_with_a_pair_that_never_met_names_it() -> None:
    # A complete round robin but for one game recorded without its opponent (a withdrawal the file writes so).
    event = _event(
        3,
        ("Adams, Ann", "2.0", ["   4 w 1", "   2 w =", "0000 - +"]),
        ("Brown, Bob", "2.0", ["   3 w =", "   1 b =", "   4 w 1"]),
        ("Clark, Cid", "1.5", ["   2 b =", "   4 b 1", "0000 - Z"]),
        ("Dunne, Dan", "0.0", ["   1 b 0", "   3 w 0", "   2 b 0"]),
    ).with_kind(EventKind.ROUND_ROBIN)
    # Three rounds are a whole round robin of four: the game missing is a withdrawal's, not a Swiss's pairing.
    assert str(event.kind_warning()) == (
        "stated a round robin, but players 1 and 3 never meet: the file holds no game between them (a withdrawal, "
        "or games left out?); they are ranked as a round robin, each round as the file records it"
    )


# One player spelled two ways in a PGN without FIDE ids.


def _pgn(*games: tuple[int, str, str]) -> str:
    text = ""
    for round_no, white, black in games:
        text += f'[Round "{round_no}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "1-0"]\n\n1-0\n\n'
    return text


def _warnings(text: str) -> list[str]:
    found: list[InputWarning] = []
    read_pgn(text, path="t.pgn", warn=found.append)
    return [str(warning) for warning in found]


def test_issue18_one_player_spelled_two_ways_is_warned_of_once() -> None:
    text = _pgn(
        (1, "Carlsen, Magnus", "Adams, Ann"), (2, "Brown, Bob", "Magnus Carlsen"), (3, "Carlsen,M.", "Clark, Cid")
    )
    assert _warnings(text) == [  # at the first game of the second spelling
        "t.pgn:8: 'Carlsen, Magnus' (round 1), 'Magnus Carlsen' (round 2) and 'Carlsen,M.' (round 3) may be one "
        "player spelled 3 ways: they never play in the same round (write each player's name one way in the PGN, "
        "or give FIDE ids in WhiteFideId and BlackFideId)"
    ]


@pytest.mark.parametrize(
    ("one", "other"),
    [("Müller, Jörg", "MULLER, Jorg"), ("Ding, Liren", "Ding Liren"), ("García Martín, Marta", "Marta Garcia Martin"),
     ("Carlsen", "Carlsen, Magnus"), ("Sargsyan, Anna M.", "Sargsyan, Anna")],
    ids=["accents and case", "surname first", "two surnames", "surname alone", "middle initial"],
)  # fmt: skip
def test_issue18_spellings_that_may_be_one_player(one: str, other: str) -> None:
    assert similar_players([(one, None, {1, 3}), (other, None, {2})]) == [(0, 1)]
    assert similar_players([(one, 1503014, {1, 3}), (other, None, {2})]) == [(0, 1)]  # an id on one of them


@pytest.mark.parametrize(
    ("one", "other", "one_id", "other_id", "rounds"),
    [
        ("Carlsen, Magnus", "Carlsen, M.", None, None, {1, 2}),  # both play in round 2: two people
        ("Carlsen, Magnus", "Carlsen, M.", 1503014, 1503015, {2}),  # two FIDE ids: two people
        ("Carlsen, Magnus", "Carlsen, Marit", None, None, {2}),  # given names that differ
        ("Muzychuk, Anna", "Muzychuk, Mariya", None, None, {2}),  # initials that differ
        ("Zhu, Chen", "Zhu, Jiner", None, None, {2}),
    ],
    ids=["same round", "two ids", "other given name", "other initial", "other initial, short surname"],
)
def test_issue18_names_that_are_two_players(one: str, other: str, one_id: int | None, other_id: int | None,
                                            rounds: set[int]) -> None:  # fmt: skip
    assert similar_players([(one, one_id, {1, 3}), (other, other_id, rounds)]) == []


@pytest.mark.parametrize("name", ["uzchess_cup_masters_2025.pgn", "fide_womens_world_rapid_2024.pgn"])
def test_issue18_real_pgns_warn_of_no_spelling_even_without_their_ids(name: str) -> None:
    text = (DATA / "pgn" / name).read_text(encoding="utf-8")
    without_ids = "\n".join(line for line in text.splitlines() if "FideId" not in line)
    assert not [warning for warning in _warnings(text) + _warnings(without_ids) if "spelled" in warning]


def test_issue18_many_names_of_one_surname_and_initial_stay_quick() -> None:
    players = [(f"Wang, X{i}", None, {i % 11 + 1}) for i in range(100_000)]
    started = time.perf_counter()
    similar_players(players)
    assert time.perf_counter() - started < 10


# --explain by name, and tie-break codes that say what they may have meant.


def test_issue18_explain_takes_a_part_of_a_name_case_and_accents_aside(tmp_path: Path) -> None:
    games = _pgn((1, "Müller, Jörg", "Adams, Ann"), (2, "Adams, Ann", "Müller, Jörg"))
    path = tmp_path / "club.pgn"
    path.write_text(games, encoding="utf-8")
    code, out, err = run("standings", str(path), "--explain", "MULLER", "--explain", "2")
    assert code == 0, err
    explained = [line for line in out.splitlines() if "(no. " in line]
    assert explained == ["Müller, Jörg (no. 2), rank 1", "Müller, Jörg (no. 2), rank 1"], out
    code, _, err = run("standings", str(path), "--explain", "ann", "-f", "json")
    assert code == 0 and "Adams, Ann (no. 1), rank 1" in err, err  # beside machine-readable output, on stderr


def test_issue18_a_whole_name_or_word_wins_over_a_part() -> None:
    event = read(DATA / "pgn" / "fide_womens_world_rapid_2024.pgn").event
    names = event.roster.names
    assert names[find_player(event, "Lee") - 1] == "Lee, Alice"  # a word, not Lee of Leeds
    assert names[find_player(event, "muzychuk anna") - 1] == "Muzychuk, Anna"
    with pytest.raises(OptionError) as raised:
        find_player(event, "Muzychuk", option="explain")
    assert raised.value.option == "explain"
    assert str(raised.value) == (
        "'Muzychuk' names 2 players: 'Muzychuk, Mariya' (no. 11), 'Muzychuk, Anna' (no. 14) "
        "(give more of the name, or the start number)"
    )
    with pytest.raises(OptionError, match=r"^no player has the start number of 40 digits \(give a start number"):
        find_player(event, "9" * 40)


@pytest.mark.parametrize(
    ("code", "meant"),
    [("BHH", "BH"), ("Buchholz", "BH"), ("Buchholz cut 1", "BH/C1"), ("BH C1", "BH/C1"), ("bh.c1", "BH/C1"),
     ("BHC1", "BH/C1"), ("SBB/C1", "SB/C1"), ("Sonneborn-Berger", "SB"), ("Koya", "KS"), ("ks l+1", "KS/L+1"),
     ("Direct encounter", "DE"), ("DE P", "DE/P"), ("wins", "WIN"), ("Gelbfuhs", "GF"), ("TPNR", "TPN/R")],
)  # fmt: skip
def test_issue18_an_unknown_code_says_what_it_may_have_meant(code: str, meant: str) -> None:
    with pytest.raises(TiebreakError) as raised:
        parse_list(f"PTS,{code}")
    message = str(raised.value)
    assert message.startswith(f"unknown tie-break {code!r}: did you mean {meant}? ({meant.split('/')[0]} is "), message
    assert message.endswith(", TPN, TPR, WIN, WON)"), message


def test_issue18_codes_and_modifiers_known_stay_read() -> None:
    assert [str(spec) for spec in parse_list("sb/c1,bh-c1,Ks/L+1,aob/f")] == ["SB/C1", "BH/C1", "KS/L+1", "AOB/F"]
    with pytest.raises(TiebreakError, match=r"^unknown tie-break 'FOO' \(valid codes: AOB, "):
        parse_list("FOO")


def test_issue18_the_same_message_in_a_record_202_and_the_api_list() -> None:
    with pytest.raises(TiebreakError) as given:
        Request.parse(tiebreaks="SB,BHH")
    code, _, err = run("standings", str(DATA / "bad" / "trf_202_misspelt_tiebreak.trf"))
    assert code == 2 and err.endswith(f": the file's tie-break list (record 202): {given.value}\n"), err
