"""Readers and writers of tournament files. They know nothing of tie-breaks.

>>> detect_format("012 Bunratty\\n001    1 m ...")
'trf'
>>> detect_format("\\tPlayer\\t1\\t2\\n1\\tA\\tX\\t1\\n")
'crosstable'
"""

from __future__ import annotations

import re
from pathlib import Path

from sonneborn.errors import InputError
from sonneborn.model import Tournament

FORMATS = ("trf", "crosstable")
"""The input formats, by the name ``--input-format`` takes."""

_TRF_LINE = re.compile(r"^(?:\d{3}|XX[A-Z]|###)(?: |$)")
_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of a text, ended by CRLF, LF or CR only.

    Unlike :meth:`str.splitlines` it keeps characters such as ``\\x85`` or
    form feeds inside a line, so that line numbers match what editors show.

    >>> split_lines("a\\r\\nb\\x85c\\rd\\n")
    ['a', 'b\\x85c', 'd']
    """
    lines = _LINE_END.split(text)
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
        return "crosstable"
    return "crosstable"


def read_text(text: str, *, path: str = "<input>", input_format: str | None = None) -> Tournament:
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
    raise InputError(f"unknown input format {fmt!r} (expected one of {', '.join(FORMATS)})", path=path)


def read_path(path: str | Path, *, input_format: str | None = None) -> Tournament:
    """Reads a tournament file; ``-`` is standard input."""
    name = str(path)
    if name == "-":
        import sys

        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise InputError(f"cannot read the file: {error.strerror or error}", path=name) from error
    return read_text(decode(data, path=name), path=name, input_format=input_format)
