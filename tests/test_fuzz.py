"""Fuzz targets for every reader, for option values and for declared sizes: mutated valid inputs give a
result or a clean error, nothing else.

Each target takes the bytes of a file, as the command would read them, and
returns ``"result"`` or ``"error"``; any other outcome (an unexpected
exception, an error without a position, a result that cannot be ranked or
rendered, a TRF reading that differs from its oracle's) fails.
The mutations (:func:`mutated`) draw from a :class:`random.Random`: here
Hypothesis drives it with a small budget, and ``fuzz/run.py`` drives it with
a seeded generator over hundreds of thousands of inputs (``make fuzz``).
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import chess.pgn
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle.trf_compare import assert_same_reading

from sonneborn.errors import InputError, OptionError, TiebreakError, WriteError
from sonneborn.formats import decode, read_text
from sonneborn.formats.jsonio import write_json
from sonneborn.formats.lines import line_text, spreadsheet_text
from sonneborn.formats.pgn_writer import write_pgn
from sonneborn.model import Colour, Tournament
from sonneborn.pipeline import Reading, Request, standings
from sonneborn.pipeline import read_text as read_reading
from sonneborn.ranking import Standings, rank
from sonneborn.render import render
from sonneborn.render.crosstable import build_crosstable, crosstable_markdown, crosstable_text
from sonneborn.render.html import render_crosstable_page
from sonneborn.render.json import render_json

DATA = Path(__file__).parent / "data"
PATH = "fuzzed.input"
"""The name every fuzzed input is read under: errors and warnings must start with it."""

_SEED_FILES = {
    "trf": [
        "trf/icu_bunratty_masters_2011.trf",
        "trf/icu_irish_junior_champs_2011.trf",
        "trf26/galway_club_open_2026.trf",
        "held/fide_tec_exercise_2023.trf",
    ],
    "crosstable": [
        "crosstable/wccc_1975_final.txt",
        "crosstable/wccc_1975_final.tsv",
        "crosstable/wccc_1975_final.csv",
        "crosstable/wccc_1975_final.grid.txt",
        "crosstable/double_round_robin.txt",
    ],
    "pgn": ["pgn/uzchess_cup_masters_2025.pgn"],
    "published": [
        "published/tnr437642_final_crosstable.csv",
        "published/naantali_2015_final_crosstable.tsv",
        "published/fide_tec_exercise_2023.csv",
    ],
}
_PGN_GAMES = 14
"""How many games of the seed PGN a fuzzed input starts from (the whole file is slow to rank 100,000 times)."""


@cache
def seeds(reader: str) -> tuple[bytes, ...]:
    """The valid files (or option sets) a target's inputs are mutated from."""
    if reader == "trf-oracle":
        return seeds("trf")
    if reader == "options":
        return tuple(json.dumps(options).encode("utf-8") for options in _OPTION_SEEDS)
    if reader == "writers":
        return seeds("json")
    if reader == "sizes":
        return seeds("trf") + seeds("json")[:1] + seeds("pgn") + seeds("crosstable")[:1]
    if reader == "json":
        # The JSON of small events of each other format, with standings beside the event as the command writes it.
        events = [read_text(data.decode("utf-8"), input_format="crosstable") for data in seeds("crosstable")[-1:]]
        events += [read_text(data.decode("latin-1"), input_format="trf") for data in seeds("trf")[2:]]
        return tuple(write_json(event, json.loads(render_json(rank(event)))).encode("utf-8") for event in events)
    found = []
    for name in _SEED_FILES[reader]:
        data = (DATA / name).read_bytes()
        if reader == "pgn":
            data = b"\n\n".join(data.split(b"\n\n")[: 2 * _PGN_GAMES]) + b"\n"
        found.append(data)
    return tuple(found)


# Mutations.

_INTERESTING = [
    b"0", b"1", b"9", b"10", b"0000", b"9999", b"-1", b"1.5", b"=", b"+", b"-", b"X", b"x", b"*", b".",
    b" ", b"  ", b"\t", b",", b";", b'"', b"\n", b"\r", b"\r\n", b"\n\n", b"\x00", b"\xff", b"\xef\xbb\xbf",
    "½".encode(), "é".encode(), "\u2028".encode(), b"\\", b"{", b"}", b"[", b"]", b":", b"null", b"true",
    b"1e999", b"1/0", b"001 ", b"XXR 9", b"XXD 6", b"162 W 3.0", b"240 H 001    1", b"299 W  1.0  001    1",
    b"202 BH/X1,FOO", b'[Round "2"]', b'[White "?"]', b'[Result "1-0"]', b"1-0", b"0-1", b"1/2-1/2",
    b"w", b"b", b"W", b"D", b"L", b"U", b"F", b"H", b"Z", b"?", b"99999999999999999999",
    b"Rk.", b"SNo", b"#", b"1.Rd", b"TB1", b"+W9", b"-F11", b"+BYE", b"--", b"25b1", b"31w+", b"-1",
    b"Tie Break1: Buchholz Tie-Breaks (Cut 1)",
]  # fmt: skip
_COUNTS = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 6, 8]
"""How many mutations an input gets: mostly one or two, so that most inputs stay close to valid."""
_CLASSES = [b"0123456789", b" ", b"wb-", b"10=+-WDLUFHZ?", b"\t;,", b'"[]{}:']


def _position(data: bytes, rng: random.Random) -> int:
    return rng.randint(0, len(data))


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    at = rng.randrange(len(data))
    value = data[at] ^ (1 << rng.randrange(8)) if rng.random() < 0.5 else rng.randrange(256)
    return data[:at] + bytes([value]) + data[at + 1 :]


def _same_class(data: bytes, rng: random.Random) -> bytes:
    """A character replaced by another of its kind (a digit by a digit, a result code by a result code)."""
    for _ in range(8):
        if not data:
            break
        at = rng.randrange(len(data))
        for chars in _CLASSES:
            if data[at] in chars:
                return data[:at] + bytes([rng.choice(chars)]) + data[at + 1 :]
    return _flip(data, rng)


def _insert(data: bytes, rng: random.Random) -> bytes:
    at = _position(data, rng)
    return data[:at] + rng.choice(_INTERESTING) + data[at:]


def _overwrite(data: bytes, rng: random.Random) -> bytes:
    at = _position(data, rng)
    piece = rng.choice(_INTERESTING)
    return data[:at] + piece + data[at + len(piece) :]


def _unicode(data: bytes, rng: random.Random) -> bytes:
    at = _position(data, rng)
    char = chr(rng.choice([rng.randrange(0x80, 0x800), rng.randrange(0x800, 0xD800), rng.randrange(0xE000, 0x110000)]))
    encoded = char.encode("utf-8") if rng.random() < 0.8 else char.encode("utf-8")[:-1]
    return data[:at] + encoded + data[at:]


_BIG = [b"9" * 5000, b"0." + b"5" * 5000, b"x" * 100_001, b" " * 100_001, b"1" * 300, b" " * 3000, b"[" * 3000,
        b"{" * 3000]  # fmt: skip
"""Long runs: numbers beyond what ``int`` converts, a line beyond the limit, cells of hundreds of games, nesting."""


def _big(data: bytes, rng: random.Random) -> bytes:
    at = _position(data, rng)
    return data[:at] + rng.choice(_BIG) + data[at:]


def _delete(data: bytes, rng: random.Random) -> bytes:
    at = _position(data, rng)
    return data[:at] + data[at + rng.choice([1, 1, 2, 3, 5, 10, 40]) :]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: _position(data, rng)]


def _splice(data: bytes, rng: random.Random) -> bytes:
    """A piece of the file copied elsewhere in it."""
    start = _position(data, rng)
    piece = data[start : start + rng.randint(1, 60)]
    at = _position(data, rng)
    return data[:at] + piece + data[at:]


def _lines(data: bytes, rng: random.Random) -> bytes:
    """A line duplicated, deleted, swapped with another, or cut short."""
    lines = data.split(b"\n")
    if len(lines) < 2:
        return _delete(data, rng)
    at = rng.randrange(len(lines))
    action = rng.randrange(4)
    if action == 0:
        lines.insert(rng.randrange(len(lines) + 1), lines[at])
    elif action == 1:
        del lines[at]
    elif action == 2:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    else:
        lines[at] = lines[at][: rng.randint(0, len(lines[at]))]
    return b"\n".join(lines)


def _line_ends(data: bytes, rng: random.Random) -> bytes:
    """The line ends changed to CR only or CRLF, or the file's encoding changed, or a BOM added."""
    choice = rng.randrange(4)
    if choice == 0:
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    if choice == 1:
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    if choice == 2:
        return b"\xef\xbb\xbf" + data
    return data.decode("utf-8", "replace").encode("latin-1", "replace")


def _json_value(data: bytes, rng: random.Random) -> bytes:
    """A value of the JSON tree replaced, removed or duplicated (for files that are JSON)."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        return _flip(data, rng)
    containers: list[dict[str, object] | list[object]] = []
    stack: list[object] = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            containers.append(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            containers.append(value)
            stack.extend(value)
    container = rng.choice(containers) if containers else None
    if not container:
        return _flip(data, rng)
    key: str | int = rng.choice(list(container)) if isinstance(container, dict) else rng.randrange(len(container))
    replacement: object = rng.choice(
        [None, True, 0, -1, 1, 2, 3, 10**30, 0.5, "1/3", "1/0", "", "w", "b", "1", "0", "=", "U", "X", [], {}, [1, 2]]
    )
    action = rng.randrange(4)
    if isinstance(container, dict):
        assert isinstance(key, str)
        if action == 0:
            del container[key]
        elif action == 1:
            container[key + rng.choice(["", "x"])] = replacement
        else:
            container[key] = replacement
    else:
        assert isinstance(key, int)
        if action == 0:
            del container[key]
        elif action == 1:
            container.insert(key, container[key])
        else:
            container[key] = replacement
    return json.dumps(document, indent=rng.choice([None, 1])).encode("utf-8")


_OPTION_SEEDS: list[dict[str, object]] = [
    {"tiebreaks": "BH/C1,BH,SB,DE,WIN", "rules": "fide-2026"},
    {"tiebreaks": "SB/M1,ARO/C2,TPR,KS/L-1,PS/C1", "points": "3,1,0", "lots": 7, "unrated_rating": 1000},
    {"tiebreaks": "FB,AOB/F,ARO/U1400,RTNG,GF,NNSB,SOLK", "rank_by": "SB", "kind": "swiss", "rules": "fide-2023"},
    {"tiebreaks": "BH/C1/P,SB/P,DE,STD,BPG,BWG,GE,REP,APRO/U1500", "points": "1,1/2,0", "kind": "round-robin"},
]
"""Option sets as the command line and the API give them, the values of ``options`` inputs."""

_HUGE = [
    "0", "1", "2", "99", "100", "999999999", "99999999999999999999999999999999999999999999999", "1e20000000",
    "-1", "1/3", "1/99999999999999999999999999999999999999999999999", "0.5e-9", "inf", "nan", "", " ", "½", "٣",
]  # fmt: skip
"""What a number in an option, or a size a file declares, is replaced by: zero, huge, negative, odd."""
_NUMBER = re.compile(rb"\d+(?:\.\d+)?")


_NAME_PIECES = [
    "\r", "\n", "\r\n", "\t", "\x00", "\x07", "\x1b", "\x1b]0;x\x07", "\x1b[31m", "\x85", "\u2028", "\x7f",
    '"', '"]', "\\", "[", "]", "=", "+", "-", "@", "'", ",", ";", " ", "=1+1", '[Result "1-0"]', "½", "王",
]  # fmt: skip
"""What a hostile name is made of (issue 19): line ends, escapes, a tag's end, formula starts, separators."""


def _json_name(data: bytes, rng: random.Random) -> bytes:
    """A player's name of a JSON event made of hostile pieces and a few random characters."""
    try:
        document = json.loads(data)
        players = document["tournament"]["players"]
        player = rng.choice(players)
    except (ValueError, RecursionError, KeyError, TypeError, IndexError):
        return _flip(data, rng)
    if not isinstance(player, dict):
        return _flip(data, rng)
    pieces = [rng.choice(_NAME_PIECES) if rng.random() < 0.8 else chr(rng.randrange(0x20, 0x3000)) for _ in range(4)]
    player["name"] = rng.choice(["", "Ann "]) + "".join(pieces)
    return json.dumps(document).encode("utf-8")


def _option_value(data: bytes, rng: random.Random) -> bytes:
    """A number in an option set (a cut count, a point value, a rating) replaced by an odd one."""
    found = list(_NUMBER.finditer(data))
    if not found:
        return _json_value(data, rng)
    match = rng.choice(found)
    return data[: match.start()] + rng.choice(_HUGE).encode("utf-8") + data[match.end() :]


_DECLARED = re.compile(rb"^(?:XXR|142|062) +(\d+)|\"rounds\": *(\d+)|\[Round \"(\d+)|^(\d+)", re.MULTILINE)
"""The sizes a file declares: TRF's rounds (``XXR``, 142) and players (062), JSON's rounds, PGN's round
numbers, and the first number of a line (a start number, a crosstable's row)."""


def _declared_size(data: bytes, rng: random.Random) -> bytes:
    found = list(_DECLARED.finditer(data))
    if not found:
        return data
    match = rng.choice(found)
    group = next(index for index in range(1, 5) if match.group(index) is not None)
    value = rng.choice([b"0", b"1", b"64", b"65", b"999", b"1000000", b"999999999", b"9" * 40])
    return data[: match.start(group)] + value + data[match.end(group) :]


def _declared_line(data: bytes, rng: random.Random) -> bytes:
    """A size stated where the file did not state one."""
    line = rng.choice([b"XXR 1000000\n", b"142 999999\n", b"062 99999999\n", b'[Round "99999999"]\n'])
    return line + data if rng.random() < 0.5 else data + b"\n" + line


_MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [
    _flip, _same_class, _same_class, _same_class, _insert, _overwrite, _unicode, _delete, _truncate, _splice,
    _lines, _lines, _line_ends, _big,
]  # fmt: skip


def mutations(reader: str) -> list[Callable[[bytes, random.Random], bytes]]:
    """The mutations of a target's inputs: JSON also gets changes to its tree, options odd numbers, files
    odd declared sizes."""
    if reader == "json":
        return _MUTATIONS + [_json_value] * 6
    if reader == "options":
        return [*[_option_value] * 8, *[_json_value] * 4, _same_class, _insert, _flip, _delete]
    if reader == "writers":
        return [*[_json_name] * 6, _json_value]
    if reader == "sizes":
        return [*[_declared_size] * 6, *[_declared_line] * 2, _same_class, _insert, _lines]
    return _MUTATIONS


def mutated(reader: str, rng: random.Random) -> bytes:
    """One input for a reader: a seed with random mutations."""
    data = rng.choice(seeds(reader))
    chosen = mutations(reader)
    for _ in range(rng.choice(_COUNTS)):
        data = rng.choice(chosen)(data, rng)
    return data


# The targets.


def _check_error(error: InputError) -> None:
    text = str(error)
    assert text.startswith(PATH + ":"), f"an error without the file's name: {text!r}"
    assert error.line > 0, f"an error without a line: {text!r}"
    assert error.column >= 0, text
    assert "\n" not in text and "\r" not in text, f"an error of more than one line: {text!r}"
    assert error.message, text


def _check_result(reading: Reading) -> None:
    for warning in reading.warnings:
        assert str(warning).startswith(PATH + ":"), f"a warning without the file's name: {warning}"
    render_json(rank(reading.event))
    try:
        specs = reading.stated_tiebreaks()
    except InputError as error:
        assert str(error).startswith(PATH + ":"), f"an error without the file's name: {error}"
        return
    if specs is not None:
        render_json(rank(reading.event, specs))


def read_target(reader: str, data: bytes) -> str:
    """Reads the bytes as ``reader`` does: ``"result"`` or ``"error"``; anything else raises."""
    try:
        reading = read_reading(decode(data, path=PATH), path=PATH, input_format=reader)
    except InputError as error:
        _check_error(error)
        return "error"
    _check_result(reading)
    return "result"


def trf_oracle_target(data: bytes) -> str:
    """The TRF reader reads the bytes as its oracle, the line reader it replaced, does: the same event and
    warnings, or the same error (message, line and column) after the same warnings."""
    try:
        text = decode(data, path=PATH)
    except InputError as error:
        _check_error(error)
        return "error"
    return assert_same_reading(text, PATH)


def _render_everything(result: Standings) -> int:
    """Every output of the standings and the crosstable; their total length (a TRF file may refuse a point
    system it cannot write, such as ⅓ a draw, with its message)."""
    lengths = [len(render(result, fmt)) for fmt in ("table", "json", "csv", "html", "md")]
    try:
        lengths.append(len(render(result, "trf")))
    except WriteError as error:
        assert str(error) and "\n" not in str(error)
    table = build_crosstable(result)
    lengths += [len(crosstable_text(table)), len(crosstable_markdown(table))]
    lengths.append(len(render_crosstable_page(table, result)))
    return sum(lengths)


@cache
def _options_event() -> Reading:
    """The event option sets are tried on: a small Swiss event with byes, forfeits and unrated players."""
    data = (DATA / "held" / "fide_tec_exercise_2023.trf").read_bytes()
    return read_reading(decode(data, path=PATH), path=PATH, input_format="trf")


_OPTIONS = ("tiebreaks", "rank_by", "rules", "points", "kind", "lots", "unrated_rating")


def options_target(data: bytes) -> str:
    """Option values as the command line gives them (text; whole numbers for ``lots`` and the rating):
    the request ranks and renders, or is refused with a message naming the option."""
    try:
        given = json.loads(data)
    except (ValueError, RecursionError):
        return "error"  # not an option set: the command line and the API refuse it before any option
    if not isinstance(given, dict):
        return "error"
    options: dict[str, object] = {}
    for name in _OPTIONS:
        value = given.get(name)
        if name in ("lots", "unrated_rating"):
            if isinstance(value, int) and not isinstance(value, bool):
                options[name] = value
        elif value is not None:
            options[name] = str(value)
    try:
        request = Request.parse(**options)  # type: ignore[arg-type]
        result = standings(_options_event(), request)
    except (OptionError, TiebreakError) as error:
        text = str(error)
        assert text and "\n" not in text, f"an option error of no or several lines: {text!r}"
        return "error"
    except InputError as error:  # a list stated in the file, when none is given
        _check_error(error)
        return "error"
    _render_everything(result)
    return "result"


def sizes_target(data: bytes) -> str:
    """A file declaring odd sizes (rounds, players, round numbers) is read, ranked and rendered in every
    format in time and space bounded by its size, or refused."""
    try:
        reading = read_reading(decode(data, path=PATH), path=PATH)
    except InputError as error:
        _check_error(error)
        return "error"
    result = rank(reading.event)
    table = reading.event.table
    written = _render_everything(result)
    # Every output is linear in what the file holds: a cell a result, a row a player.
    assert written <= 4000 * (len(data) + table.players * table.rounds + 100), (written, len(data))
    return "result"


_FORMULA = ("=", "+", "-", "@")


def writers_target(data: bytes) -> str:
    """The names of a mutated JSON event (any character) through the writers (issue 19): the standings CSV
    is a row per player to an RFC 4180 reader, each name its cell, and no line a formula to a reader that
    knows no quoting; the PGN is one game per pairing to python-chess, each name in its tag, on one line."""
    try:
        reading = read_reading(decode(data, path=PATH), path=PATH, input_format="json")
    except InputError as error:
        _check_error(error)
        return "error"
    result = rank(reading.event)
    text = render(result, "csv")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    names = list(reading.event.roster.names)
    assert [row[2] for row in rows[1:]] == [spreadsheet_text(names[start - 1]) for start in result.starts], text
    assert not [line for line in re.split(r"\r\n|\r|\n", text) if line.startswith(_FORMULA)], text
    pgn, _ = write_pgn(result.tournament)
    written = [(line_text(names[p - 1]), line_text(names[o - 1])) for p, o in _pgn_pairings(result.tournament)]
    handle, read = io.StringIO(pgn), []
    while (headers := chess.pgn.read_headers(handle)) is not None:
        read.append(tuple(_unescaped(headers[side]) for side in ("White", "Black")))
    assert read == written, (read, written)
    return "result"


def _pgn_pairings(tournament: Tournament) -> list[tuple[int, int]]:
    """The games the PGN writer writes, White first, in order: each pairing once, from White's side (the
    lower start number's when colours are unknown)."""
    games = []
    for rnd in range(1, tournament.rounds + 1):
        for player in tournament.players:
            entry = player.entry(rnd)
            if entry.opponent is None or entry.colour is Colour.BLACK:
                continue
            if entry.colour is Colour.UNKNOWN and entry.opponent < player.start:
                continue
            games.append((player.start, entry.opponent))
    return games


def _unescaped(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value)


TARGETS: dict[str, Callable[[bytes], str]] = {
    "trf": lambda data: read_target("trf", data),
    "crosstable": lambda data: read_target("crosstable", data),
    "pgn": lambda data: read_target("pgn", data),
    "json": lambda data: read_target("json", data),
    "published": lambda data: read_target("published", data),
    "trf-oracle": trf_oracle_target,
    "options": options_target,
    "sizes": sizes_target,
    "writers": writers_target,
}
"""Every fuzz target by name."""


# The short runs of `make test`.

_SHORT = settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow], database=None
)


@pytest.mark.parametrize("reader", list(TARGETS))
@_SHORT
@given(rng=st.randoms(use_true_random=False))
def test_mutated_inputs_give_a_result_or_a_clean_error(reader: str, rng: random.Random) -> None:
    TARGETS[reader](mutated(reader, rng))


@pytest.mark.parametrize("reader", list(TARGETS))
def test_the_seeds_are_read(reader: str) -> None:
    assert [TARGETS[reader](data) for data in seeds(reader)] == ["result"] * len(seeds(reader))
