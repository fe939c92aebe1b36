"""The few exceptions the library raises for bad input.

The command line turns them into ``sonneborn: error: FILE:LINE:COL: …`` and
exit status 2; the library never prints.
"""

from __future__ import annotations


class InputError(ValueError):
    """A file (or text) that cannot be read, with the position of the problem.

    >>> str(InputError("lower-case message", path="a.trf", line=3, column=14))
    'a.trf:3:14: lower-case message'
    """

    def __init__(self, message: str, *, path: str = "<input>", line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.path
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return f"{where}: {self.message}"


def shown(value: str, limit: int = 40) -> str:
    """A value as a message quotes it, like ``!r``, cut after ``limit`` characters.

    A file's bad value may be a whole line of a megabyte; the message stays one short line.

    >>> shown("1-O"), shown("x" * 50, 8)
    ("'1-O'", "'xxxxxxxx'… (50 characters)")
    """
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}… ({len(value):,} characters)"


class TrfError(InputError):
    """A TRF file that breaks the format or contradicts itself."""


class CrosstableError(InputError):
    """A crosstable that is not square, not complementary or not readable."""


class WriteError(ValueError):
    """An event a file format cannot hold (a value wider than its columns, a Swiss event as a crosstable)."""


class TiebreakError(ValueError):
    """An unknown tie-break code or modifier, or one that does not apply."""
