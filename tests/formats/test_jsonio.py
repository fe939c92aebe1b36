"""Tests of sonneborn's own JSON format: lossless round trips, the schema and the documents it refuses."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import InputError
from sonneborn.formats import decode
from sonneborn.formats.crosstable import read_crosstable
from sonneborn.formats.jsonio import json_number, read_json, tournament_data, write_json
from sonneborn.formats.trf import read_trf, write_trf
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament
from sonneborn.ranking import rank
from sonneborn.render.json import standings_data
from sonneborn.tiebreaks import parse_list
from sonneborn.tiebreaks.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
WCCC = DATA / "crosstable" / "wccc_1975_final.tsv"
TRF_FILES = [
    *sorted(path for path in (DATA / "trf").glob("*.trf") if "_team" not in path.name),  # team events: refused
    *sorted((DATA / "trf26").glob("*.trf")),
    DATA / "held" / "fide_tec_exercise_2023.trf",
]
DOCS = ROOT / "docs" / "json.md"

W, B, U = Colour.WHITE, Colour.BLACK, Colour.UNKNOWN
K = ResultKind


def read_path(path: Path) -> Tournament:
    if path.suffix == ".tsv":
        return read_crosstable(path.read_text(encoding="utf-8"), path=path.name)
    return read_trf(decode(path.read_bytes()), path=path.name)


def every_field() -> Tournament:
    """A small event that sets every field of the model away from its default."""
    return Tournament(
        players=(
            Player(
                1,
                "Ødegaard, Åse",
                (
                    Entry(1, 2, W, K.WIN),
                    Entry(2, 3, B, K.FORFEIT_LOSS, points=Fraction(-1, 3)),
                    Entry(3, 2, B, K.UNRATED_DRAW),
                ),
                title="WIM",
                sex="w",
                rating=2105,
                federation="NOR",
                fide_id=1503014,
                birth_date="1990/01/31",
                recorded_points=Fraction(7, 3),
                recorded_rank=1,
                recorded_tiebreaks=(("SB", Fraction(1, 10)), ("BH", Fraction(447, 28)), ("SB", Fraction(2))),
                adjustment=Fraction(-1, 2),
            ),
            Player(
                2, "Brown, Bob", (Entry(1, 1, B, K.LOSS), Entry(2, None, U, K.HALF_BYE), Entry(3, 1, W, K.UNRATED_DRAW))
            ),
            Player(
                3,
                'Cole, "Cid"\t\\',
                (
                    Entry(1, None, U, K.PAIRING_BYE, points=Fraction(0)),
                    Entry(2, 1, U, K.FORFEIT_WIN),
                    Entry(3, None, U, K.ZERO_BYE),
                ),
            ),
        ),
        rounds=3,
        name="",
        city="Tromsø",
        start_date="2026/01/09",
        end_date="2026/01/11",
        event_type="Club championship",
        round_dates=("2026/01/09", "", "2026/01/11"),
        point_system=PointSystem(
            win=Fraction(3),
            draw=Fraction(1),
            loss=Fraction(0),
            forfeit_win=Fraction(5, 2),
            forfeit_loss=Fraction(-1),
            pairing_bye=Fraction(1, 3),
            full_bye=Fraction(3),
            half_bye=Fraction(1, 10),
            zero_bye=Fraction(0),
        ),
        kind=EventKind.ROUND_ROBIN,
        tiebreaks=("BH/C1", "SB"),
        records=(("102", "Arbiter, Chief "), ("###", ""), ("013", "Team\u00a0A   1   2"), ("102", "again")),
    )


def doc_example() -> str:
    match = re.search(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert match, "docs/json.md has no json example"
    return match.group(1)


# Round trips: JSON → JSON gives the same event and the same text; TRF → JSON → TRF the same TRF.


@pytest.mark.parametrize("path", [*TRF_FILES, WCCC], ids=lambda path: path.name)
def test_round_trip(path: Path) -> None:
    original = read_path(path)
    text = write_json(original)
    again = read_json(text, path="out.json")
    assert again == original
    assert write_json(again) == text


@pytest.mark.parametrize("path", [*TRF_FILES, WCCC], ids=lambda path: path.name)
def test_trf_json_trf_round_trip(path: Path) -> None:
    original = read_path(path)
    assert write_trf(read_json(write_json(original))) == write_trf(original)


def test_round_trip_of_every_field() -> None:
    original = every_field()
    text = write_json(original)
    assert read_json(text) == original
    assert write_json(read_json(text)) == text


def test_round_trip_with_standings() -> None:
    event = read_path(WCCC)
    standings = standings_data(rank(event, parse_list("SB,DE,WIN")))
    text = write_json(event, standings)
    document = json.loads(text)
    assert list(document) == [*standings, "tournament"]
    assert {key: document[key] for key in standings} == json.loads(json.dumps(standings))
    assert read_json(text) == event


def test_writes_indent_one_unicode_and_a_final_newline() -> None:
    text = write_json(every_field())
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert '\n "tournament": {\n  "name": "",' in text
    assert "Ødegaard, Åse" in text and "\\u" not in text


# The schema as written.


def test_tournament_data_keys() -> None:
    data = tournament_data(every_field())
    assert list(data) == [
        *("name", "city", "start_date", "end_date", "event_type", "rounds", "round_dates", "kind"),
        *("point_system", "tiebreaks", "records", "players"),
    ]
    assert data["kind"] == "round-robin"
    assert data["records"][0] == ["102", "Arbiter, Chief "]
    assert data["point_system"] == {
        "win": 3,
        "draw": 1,
        "loss": 0,
        "forfeit_win": 2.5,
        "forfeit_loss": -1,
        "pairing_bye": "1/3",
        "full_bye": 3,
        "half_bye": 0.1,
        "zero_bye": 0,
    }
    first = data["players"][0]
    assert first["recorded_tiebreaks"] == [["SB", 0.1], ["BH", "447/28"], ["SB", 2]]
    assert (first["recorded_points"], first["adjustment"]) == ("7/3", -0.5)
    assert first["rounds"][1] == {"round": 2, "opponent": 3, "colour": "b", "result": "-", "points": "-1/3"}


def test_defaults_are_left_out_of_players_and_rounds() -> None:
    data = tournament_data(every_field())
    assert data["players"][1] == {
        "start": 2,
        "name": "Brown, Bob",
        "rounds": [
            {"round": 1, "opponent": 1, "colour": "b", "result": "0"},
            {"round": 2, "opponent": None, "colour": None, "result": "H"},
            {"round": 3, "opponent": 1, "colour": "w", "result": "D"},
        ],
    }
    assert data["players"][2]["rounds"][0]["points"] == 0
    assert tournament_data(Tournament(players=(), rounds=0))["point_system"]["forfeit_win"] is None


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (Fraction(3), 3),
        (Fraction(-7), -7),
        (Fraction(10**30), 10**30),
        (Fraction(1, 2), 0.5),
        (Fraction(1, 10), 0.1),
        (Fraction(-9, 4), -2.25),
        (Fraction(1, 3), "1/3"),
        (Fraction(-447, 28), "-447/28"),
        (Fraction(1, 2**60), "1/1152921504606846976"),
        (Fraction(10**20 + 1, 10), "100000000000000000001/10"),
    ],
)
def test_json_number(value: Fraction, written: int | float | str) -> None:
    assert json_number(value) == written and type(json_number(value)) is type(written)


def fractions(seed: int, count: int) -> list[Fraction]:
    """Fractions of every size: tiny, huge, short decimals, repeating ones, powers of two."""
    rng = random.Random(seed)
    values: list[Fraction] = []
    while len(values) < count:
        numerator = rng.randint(-(10 ** rng.randint(0, 40)), 10 ** rng.randint(0, 40))
        denominator = rng.choice([1, 2, 3, 4, 5, 8, 10, 28, 100, 2**53, 2**60, 3**20, 10**17, rng.randint(1, 10**30)])
        value = Fraction(numerator, denominator)
        if abs(value) < 10**15:  # the reader's limit
            values.append(value)
    return values


def test_json_number_reads_back_exactly() -> None:
    for value in fractions(2026, 500):
        event = Tournament(players=(Player(1, "A", adjustment=value),), rounds=0)
        assert read_json(write_json(event)).player(1).adjustment == value, value


@pytest.mark.parametrize(
    "text", ["", " ", "\t\n\r", '"\\/', "\x00\x1f\x7f\x85\u2028\u2029", "Ødegaard ½ 💡", "\ufeffBOM", "0000 w 1"]
)
def test_any_text_reads_back(text: str) -> None:
    event = Tournament(players=(Player(1, text),), rounds=0, name=text, city=text, records=((text, text),))
    assert read_json(write_json(event)) == event


# The schema as read: defaults, the spellings of numbers and colours, ignored standings.


def test_reads_a_short_hand_written_document() -> None:
    text = """{"tournament": {"players": [
        {"name": "A", "rounds": [{"opponent": 2, "colour": "w", "result": "1"}, {"result": "U"}]},
        {"name": "B", "rounds": [{"opponent": 1, "colour": "b", "result": "0"}, {"result": "*"}]}
    ]}}"""
    event = read_json(text)
    assert event == Tournament(
        players=(
            Player(1, "A", (Entry(1, 2, W, K.WIN), Entry(2, None, U, K.PAIRING_BYE))),
            Player(2, "B", (Entry(1, 1, B, K.LOSS), Entry(2, None, U, K.NOT_PLAYED))),
        ),
        rounds=2,
    )


def test_null_means_the_default() -> None:
    player = {key: None for key in ("start", "title", "sex", "rating", "federation", "fide_id", "birth_date")}
    player |= {key: None for key in ("recorded_points", "recorded_rank", "recorded_tiebreaks", "adjustment")}
    header = {key: None for key in ("name", "city", "start_date", "end_date", "event_type", "rounds")}
    header |= {key: None for key in ("round_dates", "kind", "point_system", "tiebreaks", "records")}
    rounds = [{"round": None, "opponent": None, "colour": None, "result": "Z", "points": None}]
    document = {"tournament": {**header, "players": [{**player, "name": "A", "rounds": rounds}]}}
    assert read_json(json.dumps(document)) == Tournament(
        players=(Player(1, "A", (Entry(1, None, U, K.ZERO_BYE),)),), rounds=1
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.1", Fraction(1, 10)),
        ("0.30000000000000004", Fraction(30000000000000004, 10**17)),
        ("-2.50", Fraction(-5, 2)),
        ("1e-3", Fraction(1, 1000)),
        ("-0.0", Fraction(0)),
        ('"1/3"', Fraction(1, 3)),
        ('"-447/28"', Fraction(-447, 28)),
        ('"2.25"', Fraction(9, 4)),
        ('"7"', Fraction(7)),
    ],
)
def test_numbers_are_read_exactly(text: str, value: Fraction) -> None:
    document = f'{{"tournament": {{"players": [{{"name": "A", "adjustment": {text}}}]}}}}'
    assert read_json(document).player(1).adjustment == value


def test_colour_dash_reads_as_unknown() -> None:
    document = {"tournament": {"players": [{"name": "A", "rounds": [{"colour": "-", "result": "F"}]}]}}
    assert read_json(json.dumps(document)).player(1).entry(1).colour is U


def test_standings_beside_the_tournament_are_ignored() -> None:
    event = every_field()
    document = json.loads(write_json(event))
    document |= {"event": {"name": "other"}, "standings": "anything", "extra": [1, 2]}
    assert read_json(json.dumps(document)) == event


def test_docs_example_is_what_write_json_writes() -> None:
    text = doc_example()
    document = json.loads(text)
    event = read_json(text, path=str(DOCS))
    standings = {key: value for key, value in document.items() if key != "tournament"}
    assert write_json(event, standings) == text
    ranked = rank(event, parse_list(",".join(document["tiebreaks"])), rules=Rules(document["rules"]))
    assert json.loads(json.dumps(standings_data(ranked))) == standings


# Documents refused: the message, the JSON path and the position.


def seed_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(write_json(every_field()))
    return document


Change = Callable[[dict[str, Any]], object]


def players(document: dict[str, Any]) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = document["tournament"]["players"]
    return result


def round_of(document: dict[str, Any], player: int, round_no: int) -> dict[str, Any]:
    result: dict[str, Any] = players(document)[player]["rounds"][round_no]
    return result


BAD_DOCUMENTS: list[tuple[str, Change, str]] = [
    (
        "bad result",
        lambda d: round_of(d, 0, 2).update(result="X"),
        "tournament.players[0].rounds[2].result: expected one of 1 = 0 W D L + - U F H Z *, found 'X'",
    ),
    (
        "result missing",
        lambda d: round_of(d, 0, 2).pop("result"),
        "tournament.players[0].rounds[2]: missing key 'result' (expected in every round)",
    ),
    (
        "bad colour",
        lambda d: round_of(d, 1, 0).update(colour="white"),
        "tournament.players[1].rounds[0].colour: expected one of w b - null, found 'white'",
    ),
    (
        "bad kind",
        lambda d: d["tournament"].update(kind="knockout"),
        "tournament.kind: expected one of round-robin swiss null, found 'knockout'",
    ),
    (
        "unknown key",
        lambda d: players(d)[1].update(ratng=1800),
        "tournament.players[1].ratng: unknown key 'ratng' (expected one of start, name, title, sex, rating, "
        "federation, fide_id, birth_date, recorded_points, recorded_rank, recorded_tiebreaks, adjustment, club, "
        "rounds)",
    ),
    (
        "unknown point system key",
        lambda d: d["tournament"]["point_system"].update(bye=1),
        "tournament.point_system.bye: unknown key 'bye' (expected one of win, draw, loss, forfeit_win, "
        "forfeit_loss, pairing_bye, full_bye, half_bye, zero_bye)",
    ),
    (
        "name missing",
        lambda d: players(d)[2].pop("name"),
        "tournament.players[2]: missing key 'name' (expected in every player)",
    ),
    (
        "players missing",
        lambda d: d["tournament"].pop("players"),
        "tournament: missing key 'players' (expected in the tournament)",
    ),
    (
        "players not an array",
        lambda d: d["tournament"].update(players={"1": "A"}),
        "tournament.players: expected an array, found an object",
    ),
    (
        "player not an object",
        lambda d: d["tournament"]["players"].append("D"),
        "tournament.players[3]: expected an object, found 'D'",
    ),
    (
        "name not a string",
        lambda d: players(d)[1].update(name=7),
        "tournament.players[1].name: expected a string, found 7",
    ),
    (
        "rating not whole",
        lambda d: players(d)[1].update(rating=1850.0),
        "tournament.players[1].rating: expected a whole number, found 1850.0",
    ),
    (
        "rating a boolean",
        lambda d: players(d)[1].update(rating=True),
        "tournament.players[1].rating: expected a whole number, found true",
    ),
    (
        "start out of order",
        lambda d: players(d)[1].update(start=3),
        "tournament.players[1].start: expected start number 2 (players in start order), found 3",
    ),
    (
        "round out of order",
        lambda d: round_of(d, 1, 1).update(round=1),
        "tournament.players[1].rounds[1].round: expected round 2 (rounds in order), found 1",
    ),
    (
        "number not exact",
        lambda d: d["tournament"]["point_system"].update(win="three"),
        "tournament.point_system.win: expected a number or a fraction such as \"1/3\", found 'three'",
    ),
    (
        "zero denominator",
        lambda d: players(d)[0].update(adjustment="1/00"),
        "tournament.players[0].adjustment: expected a number or a fraction such as \"1/3\", found '1/00'",
    ),
    (
        "tie-break not a pair",
        lambda d: players(d)[0]["recorded_tiebreaks"].append(["SB"]),
        "tournament.players[0].recorded_tiebreaks[3]: expected a [code, value] pair, found an array",
    ),
    (
        "record not a pair",
        lambda d: d["tournament"]["records"].append({"102": "x"}),
        "tournament.records[4]: expected a [code, content] pair, found an object",
    ),
    (
        "record content not text",
        lambda d: d["tournament"]["records"][1].__setitem__(1, None),
        "tournament.records[1][1]: expected a string, found null",
    ),
    (
        "negative rounds",
        lambda d: d["tournament"].update(rounds=-1),
        "tournament.rounds: expected a number of rounds, found -1",
    ),
    (
        "round missing",
        lambda d: players(d)[1]["rounds"].pop(),
        "tournament.players[1].rounds: expected 3 rounds, found 2",
    ),
    (
        "bye with an opponent",
        lambda d: round_of(d, 1, 1).update(opponent=3),
        "tournament.players[1].rounds[1].opponent: a bye ('H') cannot have an opponent, found 3 (expected null)",
    ),
    (
        "game without an opponent",
        lambda d: round_of(d, 1, 0).update(opponent=None),
        "tournament.players[1].rounds[0].opponent: result '0' needs an opponent, found null (expected a start number)",
    ),
    (
        "opponent out of range",
        lambda d: round_of(d, 0, 0).update(opponent=4),
        "tournament.players[0].rounds[0].opponent: expected an opponent's start number (1 to 3), found 4",
    ),
    (
        "paired against himself",
        lambda d: round_of(d, 0, 0).update(opponent=1),
        "tournament.players[0].rounds[0].opponent: player 1 is paired against himself "
        "(expected another player's start number)",
    ),
    (
        "not mirrored",
        lambda d: round_of(d, 1, 0).update(result="1"),
        "tournament.players[0].rounds[0]: round 1: player 1 has '1' against 2, "
        "but player 2 has '1' against 1 (expected '0' against 1)",
    ),
    (
        "opponent elsewhere",
        lambda d: round_of(d, 0, 1).update(opponent=2, colour="w", result="+"),
        "tournament.players[0].rounds[1]: round 2: player 1 has '+' against 2, "
        "but player 2 has 'H' against null (expected '-' against 1)",
    ),
    (
        "same colour",
        lambda d: round_of(d, 1, 0).update(colour="w"),
        "tournament.players[0].rounds[0].colour: players 1 and 2 both have colour 'w' (expected w and b)",
    ),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in BAD_DOCUMENTS], ids=[c[0] for c in BAD_DOCUMENTS])
def test_bad_documents(change: Change, message: str) -> None:
    document = seed_document()
    change(document)
    text = json.dumps(document, indent=1, ensure_ascii=False)
    with pytest.raises(InputError) as caught:
        read_json(text, path="bad.json")
    assert caught.value.message == message
    assert caught.value.path == "bad.json"
    assert caught.value.line > 1 and caught.value.column > 0


def test_error_position_is_the_value() -> None:
    text = '{"tournament": {\n "players": [\n  {"name": "A",\n   "rating": "high"}]}}'
    with pytest.raises(InputError) as caught:
        read_json(text, path="x.json")
    assert str(caught.value) == "x.json:4:14: tournament.players[0].rating: expected a whole number, found 'high'"


def test_error_position_of_a_duplicate_key_is_the_last() -> None:
    text = '{"tournament": {"players": [{"name": 1,\n"name": 2}]}}'
    with pytest.raises(InputError) as caught:
        read_json(text)
    assert (caught.value.line, caught.value.column) == (2, 9)


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("", "not valid JSON: expecting value", 1, 1),
        ('{"tournament": {}\n,}', "not valid JSON: expecting property name enclosed in double quotes", 2, 2),
        ("{'tournament': {}}", "not valid JSON: expecting property name enclosed in double quotes", 1, 2),
        ("[]", "expected a JSON object with a 'tournament' key, found an array", 1, 1),
        ('  {"players": []}', "expected a JSON object with a 'tournament' key", 1, 3),
        (
            '{"standings": []}',
            "no 'tournament' object, only 'standings': standings alone cannot be ranked again, they hold no games "
            "(write the event instead, from the file they came from: `sonneborn convert FILE event.trf` "
            "or `sonneborn standings FILE -f json --with-event`)",
            1,
            1,
        ),
        ('{"tournament": []}', "tournament: expected an object, found an array", 1, 16),
        (
            '{"tournament": {"players": [], "rounds": NaN}}',
            "tournament.rounds: expected a whole number, found NaN",
            1,
            42,
        ),
        (
            '{"tournament": {"players": [{"name": "A", "adjustment": -Infinity}]}}',
            'tournament.players[0].adjustment: expected a number or a fraction such as "1/3", found -Infinity',
            1,
            57,
        ),
        (
            '{"tournament": {"players": [{"name": "A", "adjustment": 1e99999999}]}}',
            "tournament.players[0].adjustment: expected a number of at most 50 digits, found 1E+99999999",
            1,
            57,
        ),
        (
            '{"tournament": {"players": [{"name": "\\ud800"}]}}',
            "tournament.players[0].name: expected text, found the lone surrogate '\\ud800'",
            1,
            38,
        ),
        ("9" * 5000, "not valid JSON: exceeds the limit (4300 digits) for integer string conversion", 1, 1),
        ("[" * 100_000, "not valid JSON: nested too deeply (expected an event, a few levels deep)", 1, 1),
    ],
)
def test_bad_texts(text: str, message: str, line: int, column: int) -> None:
    with pytest.raises(InputError) as caught:
        read_json(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, line, column)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "not valid JSON: expecting property name enclosed in double quotes"),
        ("es", "JSON no válido: se esperaba un nombre de propiedad entre comillas dobles"),
        ("th", "JSON ไม่ถูกต้อง: ควรมีชื่อคีย์อยู่ในเครื่องหมายอัญประกาศคู่"),
        ("ko", "올바른 JSON이 아닙니다: 큰따옴표로 묶인 키 이름이 있어야 합니다"),
    ],
)
def test_a_json_syntax_error_is_said_in_the_language(lang: str, said: str) -> None:
    # json_syntax_error.json has a second comma after "Galway", (line 4, column 20): json's own words were
    # English in every language.
    path = Path(__file__).parent.parent / "data" / "bad" / "json_syntax_error.json"
    result = CliRunner().invoke(cli, ["--lang", lang, "standings", str(path)])
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.endswith(f"{path}:4:20: {said}"), first


def test_extra_data_says_what_was_expected() -> None:
    with pytest.raises(InputError) as caught:
        read_json('{"tournament": {"rounds": 1, "players": []}} {}')
    assert str(caught.value).endswith("not valid JSON: extra data (expected the end of the document)")
