"""Readers and writers of tournament files. They know nothing of tie-breaks.

>>> detect_format("012 Bunratty\\n001    1 m ...")
'trf'
>>> detect_format("\\tPlayer\\t1\\t2\\n1\\tA\\tX\\t1\\n")
'crosstable'
>>> detect_format('[Event "Club"]\\n[White "A"]'), detect_format('  {"tournament": {}}'), detect_format("[1, 2]")
('pgn', 'json', 'json')
>>> detect_format("Final Ranking crosstable after 5 Rounds\\nRk.;SNo;Name;1.Rd;Pts.\\n1;2;Ann;3w1;1")
'published'
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from sonneborn.errors import InputError, InputWarning, Warn, log_warning, shown
from sonneborn.event import Event
from sonneborn.formats.lines import nameless, split_lines
from sonneborn.messages import N_, Message
from sonneborn.model import Tournament

if TYPE_CHECKING:
    from sonneborn.teams import TeamEvent

_TRF_LINE = re.compile(r"^(?:\d{3}|XX[A-Z]|###)(?: |$)")
_PGN_TAG = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
_JSON_ARRAY = re.compile(r'\[\s*(?:$|[\[\]{"0-9-]|true|false|null)')
_SNIFF_BYTES = 65536
_CHUNK = 1 << 20
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
_BYTE_LINE_END = re.compile(rb"\r\n|\r|\n")


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
    at = data.find(b"\x00")  # anywhere: a NUL byte is no character of any text file
    if at >= 0:
        line = len(_BYTE_LINE_END.findall(data, 0, at)) + 1
        column = at - max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at))
        what = (
            N_("binary data, not a text file (expected TRF, crosstable, PGN or JSON text)")
            if at < 4096
            else N_("a NUL byte, which no text file holds (expected TRF, crosstable, PGN or JSON text)")
        )
        raise InputError(Message(what), path=path, line=line, column=column)
    return data.decode("utf-8-sig", errors=ENCODING_ERRORS)


def mixed_encodings(stream: BinaryIO, *, path: str = "<input>") -> InputWarning | None:
    """Why a file is odd when it is partly UTF-8 and partly not (Latin-1, say), else ``None``.

    The file is read in chunks, so that a big one does not fill the memory.

    >>> found = mixed_encodings(io.BytesIO(b"Bj\\xc3\\xb8rn\\r\\nCl\\xe4rk\\n"), path="t.tsv")
    >>> print(found)  # doctest: +NORMALIZE_WHITESPACE
    t.tsv:2: the file mixes encodings: byte 0xe4 is not UTF-8, but other text is
     (read as UTF-8 where it is, else as Latin-1: check the names)
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
    template = N_(
        "the file mixes encodings: byte {byte} is not UTF-8, but other text is (read as UTF-8 where it is, "
        "else as Latin-1: check the names)"
    )
    return InputWarning(Message.of(template, byte=f"0x{bad[1]:02x}"), path, bad[0])


@dataclass(frozen=True, slots=True)
class Detected:
    """The format a text is read as, and why, as an error says it (``read as TRF because line 1 starts with
    012``)."""

    format: str
    """A name of :data:`FORMATS`."""
    why: Message


def detect(text: str, asked: str | None = None) -> Detected:
    """The format of a text, and why: the one ``asked`` for (``--input-format``, the API's ``input_format``),
    else what its first line that is not blank starts with (TRF's record number, JSON, a PGN tag pair), else a
    published crosstable when one of the first lines is a header led by ``Rk.`` or ``#``, else a crosstable.
    sonneborn's own reports (standings as CSV, Markdown, HTML or the table) and other HTML pages come out as
    crosstables too: the crosstable readers recognise them first
    (:func:`~sonneborn.formats.reports.refuse_report`) and say what they are.

    >>> found = detect("\\n  \\r\\n012 Open\\n001    1 ...")
    >>> found.format, str(found.why)
    ('trf', "read as TRF because line 3 starts with '012'")
    """
    if asked is not None:
        return Detected(asked, Message.of(N_("read as {format}, the input format asked for"), format=asked))
    found = _first_line(text)
    if found is None:
        return Detected("crosstable", Message(_AS_CROSSTABLE))
    number, line = found
    start = line.lstrip("\ufeff \t")
    if _TRF_LINE.match(line):
        template = N_("read as TRF because line {number} starts with {start}")
        return Detected("trf", Message.of(template, number=number, start=repr(line[:3])))
    if start.startswith("{") or _JSON_ARRAY.match(start):
        template = N_("read as JSON because line {number} starts with {start}")
        return Detected("json", Message.of(template, number=number, start=repr(start[:1])))
    if start.startswith("[") and _PGN_TAG.match(start):
        template = N_("read as PGN because line {number} starts with a tag pair, {start}")
        return Detected("pgn", Message.of(template, number=number, start=shown(start, 30)))
    from sonneborn.formats.published import header_line

    header = header_line(text)
    if header:
        template = N_("read as a published crosstable because line {number} is a header led by Rk. or #")
        return Detected("published", Message.of(template, number=header))
    return Detected("crosstable", Message(_AS_CROSSTABLE))


_AS_CROSSTABLE = N_(
    "read as a crosstable because no line starts as TRF, JSON or PGN does and no header is led by Rk. or #"
)


def detect_format(text: str) -> str:
    """The name of the format :func:`detect` finds.

    >>> detect_format("\\n  \\r\\n012 Open\\n001    1 ...")
    'trf'
    """
    return detect(text).format


def _first_line(text: str) -> tuple[int, str] | None:
    """The first line (as :func:`split_lines` cuts them) that is not blank, and its number, found without
    splitting the text."""
    offset = len(text) - len(text.lstrip())
    if offset == len(text):
        return None
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    ends = [end for end in (text.find("\n", offset), text.find("\r", offset)) if end >= 0]
    number = text.count("\n", 0, start) + text.count("\r", 0, start) - text.count("\r\n", 0, start) + 1
    return number, text[start : min(ends, default=len(text))]


def line_of_record(text: str, code: str) -> int:
    """The line of a text's first record ``code`` (TRF), 0 when it has none.

    >>> line_of_record("012 Open\\r\\n202 BH,SB\\r\\n", "202"), line_of_record("012 Open", "202")
    (2, 0)
    """
    if text.startswith(code):
        return 1
    # str.find runs in C at memory speed; a regular expression over a big file takes seconds.
    starts = [at + 1 for at in (text.find("\n" + code), text.find("\r" + code)) if at >= 0]
    return len(split_lines(text[: min(starts)])) + 1 if starts else 0


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """Choices a reader needs beyond the file itself (PGN has no byes and no forfeits)."""

    zero_move_forfeits: bool = False
    """PGN: a decisive game without moves is a forfeit."""
    absent_as: str = "zero"
    """PGN: a round a player has no game in counts as a ``zero``- or ``half``-point bye."""
    event: str | None = None
    """PGN: the ``Event`` tag of the games to read, in a file of several events (``None``: every game)."""


DEFAULT_OPTIONS = ReadOptions()
"""The options when none are given."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """What reading a file gives: the event, its format, and the line of the tie-break list it states."""

    event: Event
    format: str
    list_line: int = 0
    """The line of the file's own tie-break list (TRF-26 202), 0 when none or the format has no lines for it."""
    rules_line: int = 0
    """The line of the file's own rules edition (sonneborn's TRF record ``XXT``), 0 when none."""
    teams: TeamEvent | None = None
    """A team competition's teams and matches (over :attr:`event`, its players); ``None`` for an individual event."""
    lots_line: int = 0
    """The line of the drawing of lots the file states (sonneborn's TRF record ``XXL``), 0 when none."""


def _read_trf(text: str, path: str, options: ReadOptions, warn: Warn) -> Loaded:
    from sonneborn.formats.trf import read_trf_reading
    from sonneborn.teams import TeamEvent

    found = read_trf_reading(text, path=path, warn=warn)
    teams = found if isinstance(found, TeamEvent) else None
    event = found.event if isinstance(found, TeamEvent) else found
    lines = line_of_record(text, "202"), line_of_record(text, "XXT")
    return Loaded(event, "trf", *lines, teams, lots_line=line_of_record(text, "XXL"))


def _read_crosstable(text: str, path: str, options: ReadOptions, warn: Warn) -> Loaded:
    from sonneborn.formats.crosstable import read_crosstable

    return Loaded(Event.of(read_crosstable(text, path=path, warn=warn)), "crosstable")


def _read_published(text: str, path: str, options: ReadOptions, warn: Warn) -> Loaded:
    from sonneborn.formats.published import read_published

    return Loaded(Event.of(read_published(text, path=path, warn=warn)), "published")


def _read_json(text: str, path: str, options: ReadOptions, warn: Warn) -> Loaded:
    from sonneborn.formats.jsonteams import read_json_reading
    from sonneborn.teams import TeamEvent

    found = read_json_reading(text, path=path, warn=warn)
    if isinstance(found, TeamEvent):
        return Loaded(found.event, "json", teams=found)
    return Loaded(Event.of(found), "json")


def _read_pgn(source: str | TextIO, path: str, options: ReadOptions, warn: Warn) -> Loaded:
    from sonneborn.formats.pgn import read_pgn

    tournament = read_pgn(
        source,
        path=path,
        zero_move_forfeits=options.zero_move_forfeits,
        absent_as=options.absent_as,
        event=options.event,
        warn=warn,
    )
    return Loaded(Event.of(tournament), "pgn")


@dataclass(frozen=True, slots=True)
class Format:
    """An input format: its name, what it is, the file extensions it comes with, and its reader."""

    name: str
    description: str
    suffixes: tuple[str, ...]
    read: Callable[[str, str, ReadOptions, Warn], Loaded]
    """Reads a decoded text (its path only names it in messages)."""


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("trf", "FIDE TRF-16 or TRF-26", (".trf",), _read_trf),
        Format("crosstable", "a round-robin crosstable (TSV, CSV, text)", (".tsv", ".csv", ".txt"), _read_crosstable),
        Format(
            "published",
            "a published crosstable: chess-results' Final ranking crosstable, FIDE TEC's (CSV, TSV, text)",
            (".csv", ".tsv", ".txt"),
            _read_published,
        ),
        Format("pgn", "PGN games", (".pgn",), _read_pgn),
        Format("json", "sonneborn's JSON", (".json",), _read_json),
    )
}
"""The input formats by the name ``--input-format`` takes: the one table the commands, the web and batch read."""


def load_text(
    text: str,
    *,
    path: str = "<input>",
    input_format: str | None = None,
    options: ReadOptions = DEFAULT_OPTIONS,
    warn: Warn = log_warning,
) -> Loaded:
    """Reads an event from text in the given (or detected) format."""
    if not text.strip():
        raise InputError(Message(N_("the file is empty")), path=path, line=1, column=1)
    found = detect(text, input_format)
    if found.format not in FORMATS:
        template = N_("unknown input format {text} (expected one of {values})")
        raise InputError(Message.of(template, text=repr(found.format), values=", ".join(FORMATS)), path=path)
    try:
        loaded = FORMATS[found.format].read(text, path, options, warn)
    except InputError as error:
        raise error.read_as(found.format, found.why, _line(text, error.line)) from None
    return _as_recorded(loaded, path, warn)


def _line(text: str, number: int) -> str | None:
    """The line of a text an error names (from 1), ``None`` for none."""
    if number < 1:
        return None
    lines = split_lines(text)
    return lines[number - 1] if number <= len(lines) else None


def _as_recorded(loaded: Loaded, path: str, warn: Warn) -> Loaded:
    """The reading with the blank rounds its recorded totals count read as byes, and the totals nothing
    explains warned of (:func:`sonneborn.recorded.read_recorded`): what every reader's event passes through.
    The players without a name are warned of here too, once for every reader."""
    from sonneborn.recorded import read_recorded

    unnamed = nameless(list(loaded.event.roster.names), path)
    if unnamed is not None:
        warn(unnamed)
    # A team event's matches are built on its players' rounds as read: no blank round is reread, but a
    # player's recorded total that his games do not give is warned of as an individual's is.
    found = read_recorded(loaded.event, path=path, blanks=loaded.teams is None)
    for warning in found.warnings:
        warn(warning)
    return loaded if found.event is loaded.event else replace(loaded, event=found.event)


MAX_FILE_BYTES = 1 << 30
"""The largest input read (1 GiB): a tournament's file is kilobytes, a century of PGN games megabytes."""


def load_path(
    path: str | Path,
    *,
    input_format: str | None = None,
    options: ReadOptions = DEFAULT_OPTIONS,
    warn: Warn = log_warning,
) -> Loaded:
    """Reads an event file; ``-`` is standard input. A PGN file is streamed game by game.

    The file is opened once and read once, so a pipe or a FIFO (``<(cat x.tsv)``) reads as a file does;
    its size is bounded (:data:`MAX_FILE_BYTES`) and a binary file refused before the rest is read.
    """
    name = str(path)
    try:
        if name == "-":
            return _load_stream(sys.stdin.buffer, "<stdin>", input_format, options, warn)
        with open(path, "rb") as handle:
            return _load_stream(handle, name, input_format, options, warn)
    except OSError as error:
        reason = error.strerror or str(error)
        raise InputError(Message.of(N_("cannot read the file: {reason}"), reason=reason), path=name) from error


def _load_stream(handle: BinaryIO, name: str, input_format: str | None, options: ReadOptions, warn: Warn) -> Loaded:
    try:
        size: int | None = os.fstat(handle.fileno()).st_size
    except (OSError, io.UnsupportedOperation):  # a stream without a file behind it
        size = None
    if size is not None and size > MAX_FILE_BYTES:
        raise InputError(_too_big(size), path=name)
    head = handle.read(_SNIFF_BYTES)
    found = detect(decode(head, path=name), input_format)  # a binary file ends here, read no further
    fmt = found.format
    if fmt == "pgn" and handle.seekable():
        return _streamed_pgn(handle, name, options, warn, found)
    rest = handle.read(MAX_FILE_BYTES + 1 - len(head))
    if len(head) + len(rest) > MAX_FILE_BYTES:
        raise InputError(_too_big(None), path=name)
    data = head + rest
    del head, rest
    if fmt == "pgn":
        return _streamed_pgn(io.BytesIO(data), name, options, warn, found)
    text = decode(data, path=name)
    mixed = encoding_warning(data, path=name)
    if mixed is not None:
        warn(mixed)
    del data
    return load_text(text, path=name, input_format=input_format, options=options, warn=warn)


def _too_big(size: int | None) -> Message:
    if size is None:
        template = N_("more than {limit} bytes, too big for a tournament file (expected TRF, crosstable, PGN or JSON)")
    else:
        template = N_(
            "{size} bytes, {limit} bytes, too big for a tournament file (expected TRF, crosstable, PGN or JSON)"
        )
    return Message.of(template, size=f"{size or 0:,}", limit=f"{MAX_FILE_BYTES:,}")


def read_path(
    path: str | Path,
    *,
    input_format: str | None = None,
    options: ReadOptions = DEFAULT_OPTIONS,
    warn: Warn = log_warning,
) -> Tournament:
    """Reads a tournament file (``-``: standard input) into a :class:`~sonneborn.model.Tournament`; a team
    competition is refused, as its teams would be lost."""
    return _individual(load_path(path, input_format=input_format, options=options, warn=warn), str(path))


def read_text(
    text: str,
    *,
    path: str = "<input>",
    input_format: str | None = None,
    options: ReadOptions = DEFAULT_OPTIONS,
    warn: Warn = log_warning,
) -> Tournament:
    """Reads a tournament from text in the given (or detected) format; a team competition is refused."""
    return _individual(load_text(text, path=path, input_format=input_format, options=options, warn=warn), path)


def _individual(loaded: Loaded, path: str) -> Tournament:
    """The tournament of a reading; a team competition is refused, as its teams would be lost."""
    if loaded.teams is not None:
        from sonneborn.teams import team_standings_unsupported

        raise team_standings_unsupported(loaded.teams, path=path)
    return loaded.event.tournament


def encoding_warning(data: bytes, *, path: str = "<input>") -> InputWarning | None:
    """:func:`mixed_encodings` of a file's bytes; an ASCII file, the usual TRF, is not scanned."""
    found = None if data.isascii() else mixed_encodings(io.BytesIO(data), path=path)
    return found


def _streamed_pgn(stream: BinaryIO, name: str, options: ReadOptions, warn: Warn, found: Detected) -> Loaded:
    """:func:`_stream_pgn`, an error saying the file was read as PGN and why, with its line."""
    try:
        return _stream_pgn(stream, name, options, warn)
    except InputError as error:
        line = None
        if error.line:
            stream.seek(0)
            held = io.TextIOWrapper(stream, encoding="utf-8-sig", errors=ENCODING_ERRORS, newline=None)
            try:
                line = next(itertools.islice(held, error.line - 1, None), None)
            finally:
                held.detach()
        raise error.read_as(found.format, found.why, None if line is None else line.rstrip("\r\n")) from None


def _stream_pgn(stream: BinaryIO, name: str, options: ReadOptions, warn: Warn) -> Loaded:
    """Reads a PGN file from a seekable byte stream as text, in UTF-8, or (when it is not UTF-8) as
    :func:`decode` reads it: the stream is read again from its start, never re-opened."""
    for errors in ("strict", ENCODING_ERRORS):
        stream.seek(0)
        if errors != "strict":
            mixed = mixed_encodings(stream, path=name)
            if mixed is not None:
                warn(mixed)
            stream.seek(0)
        held: list[InputWarning] = []  # a reading that fails on the encoding says nothing: it is read again
        text = io.TextIOWrapper(stream, encoding="utf-8-sig", errors=errors, newline=None)
        try:
            loaded = _read_pgn(text, name, options, held.append)
        except UnicodeDecodeError:
            continue
        finally:
            text.detach()  # the caller closes the stream
        for warning in held:
            warn(warning)
        return _as_recorded(loaded, name, warn)
    raise AssertionError("the Latin-1 fallback decodes every byte")  # pragma: no cover
