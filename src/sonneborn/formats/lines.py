"""What every reader holds a text to: its lines, their length, the size of the event it may describe, the
players entered twice or without a name; and the one rule of spreadsheet cells (a formula start quoted), which the CSV
reader and writers share. Readers import it; it imports none of them.
"""

from __future__ import annotations

import re

from sonneborn.errors import InputWarning

__all__ = [
    "FORMULA_STARTS",
    "MAX_LINE",
    "MIN_RESULTS",
    "ROUNDS_AHEAD",
    "SHOWN_DUPLICATES",
    "duplicates",
    "from_spreadsheet",
    "long_line",
    "max_results",
    "more_duplicates",
    "nameless",
    "split_lines",
    "spreadsheet_text",
    "too_many_results",
    "unheld_rounds",
]

_LINE_END = re.compile(r"\r\n|\r|\n")

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


ROUNDS_AHEAD = 64
"""The rounds a file may announce beyond those it holds results of, whatever its players."""


def unheld_rounds(stated: int, held: int, players: int) -> str | None:
    """Why a number of rounds a file states (``XXR``, TRF-26 142, JSON ``rounds``) is refused, else ``None``.

    A file may announce rounds not played yet (``XXR 9`` after round 4), up to what its players could
    play: four cycles of a round robin, or :data:`ROUNDS_AHEAD`. Beyond that every output would be
    padded with empty rounds (``XXR 1000000`` in a file of 28 bytes).

    >>> unheld_rounds(9, 4, 10) is None, unheld_rounds(1_000_000, 0, 1)
    (True, 'gives 1,000,000 rounds, but the file holds results of 0 rounds for 1 player (expected at most 64)')
    """
    limit = max(held, 4 * players, ROUNDS_AHEAD)
    if stated <= limit:
        return None
    return (
        f"gives {stated:,} rounds, but the file holds results of {held:,} round{'s' if held != 1 else ''} for "
        f"{players:,} player{'s' if players != 1 else ''} (expected at most {limit:,})"
    )


def long_line(line: str) -> str | None:
    """Why a line is refused as too long, else ``None``."""
    if len(line) <= MAX_LINE:
        return None
    return f"line of {len(line):,} characters (expected at most {MAX_LINE:,})"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""


def spreadsheet_text(text: str) -> str:
    """A text as a CSV cell: one a spreadsheet would take for a formula gets a leading ``'`` (OWASP).

    >>> spreadsheet_text("=HYPERLINK(1)"), spreadsheet_text("Adams, Ann")
    ("'=HYPERLINK(1)", 'Adams, Ann')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def from_spreadsheet(text: str) -> str:
    """A cell's text as written before :func:`spreadsheet_text`: the ``'`` before a formula start taken off.

    >>> from_spreadsheet("'=HYPERLINK(1)"), from_spreadsheet("'t Hooft")
    ('=HYPERLINK(1)', "'t Hooft")
    """
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


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


SHOWN_DUPLICATES = 20
"""The players entered twice a reader names one by one; the others are counted in one warning."""


def more_duplicates(found: list[tuple[int, int, int | str]], path: str) -> InputWarning | None:
    """The warning that counts the players entered twice beyond the first :data:`SHOWN_DUPLICATES`, if any.

    A file of eight thousand players named ``A`` gets twenty warnings and this one, not eight thousand.
    """
    more = len(found) - SHOWN_DUPLICATES
    if more <= 0:
        return None
    return InputWarning(f"{more:,} more players have the same name or FIDE id as an earlier one", path)


SHOWN_NAMELESS = 8
"""The most start numbers the warning of players without a name gives."""


def nameless(names: list[str], path: str) -> InputWarning | None:
    """The one warning of the players whose name is empty or blank, by start number; ``None`` when all have one.

    >>> print(nameless(["Ann", "", "Cid", "  "], "x.trf"))
    x.trf: players 2 and 4 have no name (each is shown by his start number only)
    >>> nameless(["Ann"], "x.trf") is None
    True
    """
    starts = [start for start, name in enumerate(names, start=1) if not name.strip()]
    if not starts:
        return None
    shown = [str(start) for start in starts[:SHOWN_NAMELESS]]
    more = len(starts) - len(shown)
    if more:
        listed = ", ".join(shown) + f" and {more:,} more"
    else:
        listed = " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)
    who = f"player {listed} has" if len(starts) == 1 else f"players {listed} have"
    return InputWarning(f"{who} no name (each is shown by his start number only)", path)
