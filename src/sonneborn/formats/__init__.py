"""Readers and writers of tournament files. They know nothing of tie-breaks.

>>> detect_format("012 Bunratty\\n001    1 m ...")
'trf'
>>> detect_format("\\tPlayer\\t1\\t2\\n1\\tA\\tX\\t1\\n")
'crosstable'
>>> detect_format('[Event "Club"]\\n[White "A"]'), detect_format('  {"tournament": {}}'), detect_format("[1, 2]")
('pgn', 'json', 'json')
"""

from __future__ import annotations

import codecs
import io
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from sonneborn.errors import InputError
from sonneborn.model import Tournament

logger = logging.getLogger(__name__)

FORMATS = ("trf", "crosstable", "pgn", "json")
"""The input formats, by the name ``--input-format`` takes."""

_TRF_LINE = re.compile(r"^(?:\d{3}|XX[A-Z]|###)(?: |$)")
_LINE_END = re.compile(r"\r\n|\r|\n")
_PGN_TAG = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
_JSON_ARRAY = re.compile(r'\[\s*(?:$|[\[\]{"0-9-]|true|false|null)')
_SNIFF_BYTES = 65536
_CHUNK = 1 << 20
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
_BYTE_LINE_END = re.compile(rb"\r\n|\r|\n")

MAX_LINE = 100_000
"""The longest line, in characters, of a TRF, crosstable or PGN file; real ones are far shorter."""
MIN_RESULTS = 1_000_000
"""The results (players × rounds) an event may always have, whatever the size of its file."""


def max_results(size: int) -> int:
    """The most results (players × rounds) an event read from ``size`` characters may have.

    The model holds an entry for every player and round, so a few characters
    (``XXR 9999999``, or a ``Round`` tag per game) could otherwise ask for
    gigabytes; a real file spends several characters on each result.

    >>> max_results(500), max_results(64_000_000)
    (1000000, 64000000)
    """
    return max(MIN_RESULTS, size)


def too_many_results(players: int, rounds: int, size: int) -> str | None:
    """Why an event of so many players and rounds is refused for a file of ``size`` characters, else ``None``."""
    limit = max_results(size)
    if players * rounds <= limit:
        return None
    return (
        f"{players:,} players and {rounds:,} rounds make {players * rounds:,} results, too many for a file of "
        f"{size:,} characters (expected at most {limit:,}, {limit // max(players, 1):,} rounds)"
    )


def long_line(line: str) -> str | None:
    """Why a line is refused as too long, else ``None``."""
    if len(line) <= MAX_LINE:
        return None
    return f"line of {len(line):,} characters (expected at most {MAX_LINE:,})"


def split_lines(text: str) -> list[str]:
    """The lines of a text, ended by CRLF, LF or CR only.

    Unlike :meth:`str.splitlines` it keeps characters such as ``\\x85`` or
    form feeds inside a line, so that line numbers match what editors show.

    >>> split_lines("a\\r\\nb\\x85c\\rd\\n")
    ['a', 'b\\x85c', 'd']
    """
    if "\r" in text:
        unix = text.replace("\r\n", "\n")
        # Only a lone CR needs the slower split.
        lines = _LINE_END.split(text) if "\r" in unix else unix.split("\n")
    else:
        lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def duplicates(keys: list[int | str]) -> list[tuple[int, int, int | str]]:
    """The players entered twice, by index: each with the index of the first one and the key they share.

    A player is known by his FIDE id, else by his name; a nameless player without one is not compared.

    >>> duplicates(["Ann", 25000, "Ann", 25000, "", ""])
    [(2, 0, 'Ann'), (3, 1, 25000)]
    """
    first: dict[int | str, int] = {}
    found = []
    for index, key in enumerate(keys):
        if key == "":
            continue
        if key in first:
            found.append((index, first[key], key))
        else:
            first[key] = index
    return found


def _latin_1(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``sonneborn-latin-1``: a byte that is not UTF-8 is read as Latin-1."""
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("sonneborn-latin-1", _latin_1)
ENCODING_ERRORS = "sonneborn-latin-1"
"""How text is decoded: UTF-8, and each byte that is not UTF-8 as Latin-1 (a Latin-1 file reads as Latin-1)."""


def decode(data: bytes, *, path: str = "<input>") -> str:
    """Decodes a file's bytes: UTF-8 (with or without BOM), and what is not UTF-8 as Latin-1.

    A file of Latin-1 reads as Latin-1; a file mixing the two reads each as it is written.

    >>> decode(b"M\\xc3\\xbcller, M\\xfcller")
    'Müller, Müller'
    """
    if b"\x00" in data[:4096]:
        at = data.index(b"\x00")
        line = len(_BYTE_LINE_END.findall(data, 0, at)) + 1
        column = at - max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at))
        message = "binary data, not a text file (expected TRF, crosstable, PGN or JSON text)"
        raise InputError(message, path=path, line=line, column=column)
    return data.decode("utf-8-sig", errors=ENCODING_ERRORS)


def mixed_encodings(stream: BinaryIO, *, path: str = "<input>") -> str | None:
    """Why a file is odd when it is partly UTF-8 and partly not (Latin-1, say), else ``None``.

    The file is read in chunks, so that a big one does not fill the memory.

    >>> mixed_encodings(io.BytesIO(b"Bj\\xc3\\xb8rn\\r\\nCl\\xe4rk\\n"), path="t.tsv")  # doctest: +NORMALIZE_WHITESPACE
    't.tsv:2: the file mixes encodings: byte 0xe4 is not UTF-8, but other text is
     (read as UTF-8 where it is, else as Latin-1: check the names)'
    >>> mixed_encodings(io.BytesIO("Bjørn, Clärk".encode("latin-1"))) is None
    True
    """
    line, carry = 1, b""
    bad: tuple[int, int] | None = None
    utf8 = False
    while (chunk := stream.read(_CHUNK)) or carry:
        data = carry + chunk
        cut = len(data)
        if chunk:  # a sequence cut by the end of the chunk is finished by the next one
            cut -= next((k for k in (1, 2, 3) if len(data) >= k and data[-k] >= 0xC0), 0)
        body, carry = data[:cut], data[cut:]
        utf8 = utf8 or _UTF8_SEQUENCE.search(body) is not None
        if bad is None:
            try:
                body.decode("utf-8")
            except UnicodeDecodeError as error:
                bad = line + len(_BYTE_LINE_END.findall(body, 0, error.start)), body[error.start]
            line += len(_BYTE_LINE_END.findall(body))
        if not chunk or (bad is not None and utf8):
            break
    if bad is None or not utf8:
        return None
    return (
        f"{path}:{bad[0]}: the file mixes encodings: byte 0x{bad[1]:02x} is not UTF-8, but other text is "
        "(read as UTF-8 where it is, else as Latin-1: check the names)"
    )


def detect_format(text: str) -> str:
    """Guesses the format from the first line that is not blank: TRF when it starts with a record number.

    >>> detect_format("\\n  \\r\\n012 Open\\n001    1 ...")
    'trf'
    """
    line = _first_line(text)
    if line is None:
        return "crosstable"
    if _TRF_LINE.match(line):
        return "trf"
    stripped = line.lstrip("\ufeff \t")
    if stripped.startswith("{") or _JSON_ARRAY.match(stripped):
        return "json"
    if stripped.startswith("[") and _PGN_TAG.match(stripped):
        return "pgn"
    return "crosstable"


def _first_line(text: str) -> str | None:
    """The first line (as :func:`split_lines` cuts them) that is not blank, found without splitting the text."""
    offset = len(text) - len(text.lstrip())
    if offset == len(text):
        return None
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    ends = [end for end in (text.find("\n", offset), text.find("\r", offset)) if end >= 0]
    return text[start : min(ends, default=len(text))]


def stated_list_error(message: str, path: str) -> InputError:
    """The error of a tie-break list the file states that cannot be used, at its line when the file is TRF.

    The list is checked after reading (readers know nothing of tie-breaks), so
    the file is looked at again for the line of its record 202.
    """
    try:
        text = decode(Path(path).read_bytes(), path=path) if path != "-" else ""
    except (OSError, InputError):
        text = ""
    if detect_format(text) != "trf":
        return InputError(f"the file's tie-break list: {message}", path=path)
    line = next((n for n, record in enumerate(split_lines(text), start=1) if record.startswith("202")), 0)
    return InputError(
        f"the file's tie-break list (record 202): {message}", path=path, line=line, column=5 if line else 0
    )


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """Choices a reader needs beyond the file itself (PGN has no byes and no forfeits)."""

    zero_move_forfeits: bool = False
    """PGN: a decisive game without moves is a forfeit."""
    absent_as: str = "zero"
    """PGN: a round a player has no game in counts as a ``zero``- or ``half``-point bye."""


DEFAULT_OPTIONS = ReadOptions()
"""The options when none are given."""


def read_text(
    text: str, *, path: str = "<input>", input_format: str | None = None, options: ReadOptions = DEFAULT_OPTIONS
) -> Tournament:
    """Reads a tournament from text in the given (or detected) format."""
    if not text.strip():
        raise InputError("the file is empty", path=path, line=1, column=1)
    fmt = input_format or detect_format(text)
    if fmt == "trf":
        from sonneborn.formats.trf import read_trf

        return read_trf(text, path=path)
    if fmt == "crosstable":
        from sonneborn.formats.crosstable import read_crosstable

        return read_crosstable(text, path=path)
    if fmt == "json":
        from sonneborn.formats.jsonio import read_json

        return read_json(text, path=path)
    if fmt == "pgn":
        from sonneborn.formats.pgn import read_pgn

        return read_pgn(text, path=path, zero_move_forfeits=options.zero_move_forfeits, absent_as=options.absent_as)
    raise InputError(f"unknown input format {fmt!r} (expected one of {', '.join(FORMATS)})", path=path)


def read_path(
    path: str | Path, *, input_format: str | None = None, options: ReadOptions = DEFAULT_OPTIONS
) -> Tournament:
    """Reads a tournament file; ``-`` is standard input. A PGN file is streamed game by game."""
    name = str(path)
    if name == "-":
        data = sys.stdin.buffer.read()
        return read_text(decode(data, path="<stdin>"), path="<stdin>", input_format=input_format, options=options)
    try:
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
            fmt = input_format or detect_format(decode(head, path=name))
            if fmt == "pgn":
                return _stream_pgn(Path(path), name, options)
            data = head + handle.read()
    except OSError as error:
        raise InputError(f"cannot read the file: {error.strerror or error}", path=name) from error
    text = decode(data, path=name)
    _warn_mixed(data, name)
    return read_text(text, path=name, input_format=fmt, options=options)


def encoding_warning(data: bytes, *, path: str = "<input>") -> str | None:
    """:func:`mixed_encodings` of a file's bytes; an ASCII file, the usual TRF, is not scanned."""
    return None if data.isascii() else mixed_encodings(io.BytesIO(data), path=path)


def _warn_mixed(data: bytes | Path, name: str) -> None:
    """Warns when a file that is not UTF-8 mixes encodings (its bytes, or the path to read them from)."""
    if isinstance(data, bytes):
        mixed = encoding_warning(data, path=name)
    else:
        with data.open("rb") as stream:
            mixed = mixed_encodings(stream, path=name)
    if mixed is not None:
        logger.warning("%s", mixed)


def _stream_pgn(path: Path, name: str, options: ReadOptions) -> Tournament:
    """Reads a PGN file as a text stream, in UTF-8, or (when it is not UTF-8) as :func:`decode` reads it."""
    from sonneborn.formats.pgn import read_pgn

    for errors in ("strict", ENCODING_ERRORS):
        if errors != "strict":
            _warn_mixed(path, name)
        try:
            with open(path, encoding="utf-8-sig", errors=errors, newline=None) as stream:
                return read_pgn(
                    stream, path=name, zero_move_forfeits=options.zero_move_forfeits, absent_as=options.absent_as
                )
        except UnicodeDecodeError:
            continue
    raise AssertionError("the Latin-1 fallback decodes every byte")  # pragma: no cover
