"""Readers and writers of tournament files. They know nothing of tie-breaks.

>>> detect_format("012 Bunratty\\n001    1 m ...")
'trf'
>>> detect_format("\\tPlayer\\t1\\t2\\n1\\tA\\tX\\t1\\n")
'crosstable'
>>> detect_format('[Event "Club"]\\n[White "A"]'), detect_format('  {"tournament": {}}')
('pgn', 'json')
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from sonneborn.errors import InputError
from sonneborn.model import Tournament

FORMATS = ("trf", "crosstable", "pgn", "json")
"""The input formats, by the name ``--input-format`` takes."""

_TRF_LINE = re.compile(r"^(?:\d{3}|XX[A-Z]|###)(?: |$)")
_LINE_END = re.compile(r"\r\n|\r|\n")
_PGN_TAG = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
_SNIFF_BYTES = 65536


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


def decode(data: bytes, *, path: str = "<input>") -> str:
    """Decodes a file's bytes: UTF-8 (with or without BOM), else Latin-1."""
    if b"\x00" in data[:4096]:
        raise InputError("binary data, not a text file", path=path, line=1, column=data.index(b"\x00") + 1)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def detect_format(text: str) -> str:
    """Guesses the format from the content: TRF when its lines start with record numbers."""
    for line in split_lines(text):
        if not line.strip():
            continue
        if _TRF_LINE.match(line):
            return "trf"
        stripped = line.lstrip("\ufeff \t")
        if stripped.startswith("{"):
            return "json"
        if stripped.startswith("[") and _PGN_TAG.match(stripped):
            return "pgn"
        return "crosstable"
    return "crosstable"


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
    return read_text(decode(data, path=name), path=name, input_format=fmt, options=options)


def _stream_pgn(path: Path, name: str, options: ReadOptions) -> Tournament:
    """Reads a PGN file as a text stream, in UTF-8, or in Latin-1 when it is not UTF-8."""
    from sonneborn.formats.pgn import read_pgn

    for encoding in ("utf-8-sig", "latin-1"):
        try:
            with open(path, encoding=encoding, newline=None) as stream:
                return read_pgn(
                    stream, path=name, zero_move_forfeits=options.zero_move_forfeits, absent_as=options.absent_as
                )
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover
