"""The few exceptions the library raises for bad input.

The command line turns them into ``sonneborn: error: FILE:LINE:COL: …`` and
exit status 2; the library never prints.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from sonneborn.messages import N_, Message, Number, said
from sonneborn.width import char_width


class InputError(ValueError):
    """A file (or text) that cannot be read, with the position of the problem.

    >>> str(InputError("lower-case message", path="a.trf", line=3, column=14))
    'a.trf:3:14: lower-case message'
    """

    def __init__(self, message: str | Message, *, path: str = "<input>", line: int = 0, column: int = 0) -> None:
        self.text = said(message)
        self.message = str(self.text)
        super().__init__(self.message)
        self.path = path
        self.line = line
        self.column = column
        self.format: str | None = None
        """The input format the file was read as (``trf``, ``pgn``, …), once known."""
        self.why: Message | None = None
        """Why it was read so: ``read as TRF because line 1 starts with 012``."""
        self.line_text: str | None = None
        """The line :attr:`line` names, as the file holds it."""
        self.page: Message | None = None
        """What the web page and the HTTP API say instead, when :attr:`text` names a command or a flag (``None``:
        the same)."""

    @property
    def on_page(self) -> Message:
        """What the web page and the HTTP API say: :attr:`page`, else :attr:`text` (as :class:`InputWarning`'s)."""
        return self.text if self.page is None else self.page

    def read_as(self, fmt: str, why: Message, line_text: str | None) -> InputError:
        """The error with the format the file was read as, why, and its line (what is known already is kept)."""
        if self.format is None:
            self.format, self.why = fmt, why
        if self.line_text is None:
            self.line_text = line_text
        return self

    @property
    def where(self) -> str:
        """The place of the problem, ``FILE:LINE:COL`` (as far as it is known)."""
        return _where(self.path, self.line, self.column)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _where(path: str, line: int, column: int) -> str:
    where = path
    if line:
        where += f":{line}"
        if column:
            where += f":{column}"
    return where


EXCERPT_CHARS = 120
"""The most characters of a line an excerpt shows, around the column it marks."""


def excerpt(line: str, column: int) -> tuple[str, str]:
    r"""A line as an error shows it, and under it a caret at ``column`` (1-based, as messages count), the
    caret's line copying the line's tabs and wide characters so that it sits under the character in a terminal;
    a long line is cut around the column, ``…`` where it is cut.

    >>> excerpt("001    1      Adams", 8)
    ('001    1      Adams', '       ^')
    >>> excerpt("001    1", 10)[1]
    '         ^'
    >>> excerpt("1\tAdams\tX", 3)
    ('1\tAdams\tX', ' \t^')
    """
    start = max(0, min(column - 1 - EXCERPT_CHARS // 2, len(line) - EXCERPT_CHARS))
    shown_line = line[start : start + EXCERPT_CHARS]
    before = shown_line[: max(0, column - 1 - start)]
    head, tail = ("…" if start else ""), ("…" if start + EXCERPT_CHARS < len(line) else "")
    # A column past the end of the line (a result cut off) is marked where it would be.
    pad = "".join(_blank(char) for char in head + before) + " " * (column - 1 - start - len(before))
    return head + shown_line + tail, pad + "^"


def _blank(char: str) -> str:
    """What stands under a character in the caret's line: a tab, else a blank for each column it takes
    (none under a Thai vowel mark, two under a Korean syllable)."""
    return "\t" if char == "\t" else " " * char_width(char)


def shown(value: str, limit: int = 40, *, quoted: bool = True) -> str | Message:
    """A value as a message quotes it, like ``!r``, cut after ``limit`` characters (``quoted=False``: as it
    is, a JSON number).

    A file's bad value may be a whole line of a megabyte; the message stays one short line. The count of a cut
    value is a number of the message, written as each language writes it (``1.234 caracteres``).

    >>> shown("1-O"), str(shown("x" * 50, 8)), str(shown("9" * 1234, 3, quoted=False))
    ("'1-O'", "'xxxxxxxx'… (50 characters)", '999… (1,234 characters)')
    """
    if len(value) <= limit:
        return repr(value) if quoted else value
    cut = repr(value[:limit]) if quoted else value[:limit]
    return Message.of(N_("{value}… ({count} characters)"), value=cut, count=Number(f"{len(value):,}"))


def shown_name(name: str) -> str | Message:
    """A name as a message gives it: as written, or quoted and cut (:func:`shown`) when too long or not
    printable.

    >>> shown_name("Adams, Ann"), shown_name("Tab\\tbed")
    ('Adams, Ann', "'Tab\\\\tbed'")
    """
    return name if len(name) <= 40 and name.isprintable() else shown(name)


class TrfError(InputError):
    """A TRF file that breaks the format or contradicts itself."""


class CrosstableError(InputError):
    """A crosstable that is not square, not complementary or not readable."""


class Said(ValueError):
    """An error whose message is a :class:`~sonneborn.messages.Message` (``text``), its English ``str()``."""

    def __init__(self, message: str | Message) -> None:
        self.text = said(message)
        super().__init__(str(self.text))


def said_of(error: BaseException) -> Message:
    """What an error says: its message (a :class:`Said` error's, an :class:`InputError`'s), else its text."""
    text = getattr(error, "text", None)
    return text if isinstance(text, Message) else Message(str(error))


class WriteError(Said):
    """An event a file format cannot hold (a value wider than its columns, a Swiss event as a crosstable)."""


class TiebreakError(Said):
    """An unknown tie-break code or modifier, or one that does not apply (or an unknown rules edition).

    ``option`` names the option that gave it, when one did (``tiebreaks``, ``rank_by``, ``rules``).
    """

    option: str | None = None


@dataclass(frozen=True, slots=True, init=False, eq=False)
class InputWarning:
    """Something the user should know about a file or a computation that does not stop it.

    Readers and the ranking return warnings as values (the command line prints
    them as ``sonneborn: warning: …``, the web API answers them in
    ``warnings``), never as log records to be captured.

    >>> str(InputWarning("unknown record 'ABC' ignored", path="a.trf", line=7))
    "a.trf:7: unknown record 'ABC' ignored"
    >>> str(InputWarning("ARO dropped: player(s) 3 unrated"))
    'ARO dropped: player(s) 3 unrated'
    """

    text: Message
    """What it says: a template and its values (:mod:`sonneborn.messages`)."""
    path: str = ""
    line: int = 0
    column: int = 0
    page: Message | None = None
    """What the web page and the HTTP API say instead, when the command line's wording names a command or a flag:
    the page's wording names the page's controls, never a command-line flag (``None``: the same as :attr:`text`)."""

    def __init__(
        self, message: str | Message, path: str = "", line: int = 0, column: int = 0, *, page: Message | None = None
    ) -> None:
        object.__setattr__(self, "text", said(message))
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "page", page)

    @property
    def on_page(self) -> Message:
        """What the web page and the HTTP API say: :attr:`page`, else :attr:`text`."""
        return self.text if self.page is None else self.page

    @property
    def message(self) -> str:
        """What it says, in English."""
        return str(self.text)

    def __eq__(self, other: object) -> bool:
        # Two warnings are the same when they say the same at the same place, however their message was made.
        if not isinstance(other, InputWarning):
            return NotImplemented
        return (self.message, self.path, self.line, self.column) == (
            other.message,
            other.path,
            other.line,
            other.column,
        )

    def __hash__(self) -> int:
        return hash((self.message, self.path, self.line, self.column))

    @property
    def where(self) -> str:
        """The place it concerns, ``FILE:LINE:COL``, or an empty text when it concerns no file."""
        return _where(self.path, self.line, self.column) if self.path else ""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.path else self.message


Warn = Callable[[InputWarning], None]
"""Where a reader sends its warnings: a list's ``append``, or :func:`log_warning`."""


def log_warning(warning: InputWarning) -> None:
    """Logs a warning (``logging.getLogger("sonneborn")``): what a reader called on its own does with them."""
    logging.getLogger("sonneborn").warning("%s", warning)


class OptionError(Said):
    """An option's value that cannot be used (a point system, a kind), naming the option.

    >>> str(OptionError("point system '3,1': expected WIN,DRAW,LOSS such as 3,1,0", option="points"))
    "point system '3,1': expected WIN,DRAW,LOSS such as 3,1,0"
    """

    def __init__(self, message: str | Message, *, option: str) -> None:
        super().__init__(message)
        self.option = option


class OutputError(Said):
    """A file the command may not or cannot write, naming it.

    >>> str(OutputError("exists; give --force to replace it", path="out.json"))
    'out.json: exists; give --force to replace it'
    """

    def __init__(self, message: str | Message, *, path: str) -> None:
        super().__init__(message)
        self.message = str(self.text)
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"
