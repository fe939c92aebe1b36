"""What every reader holds a text to: its lines, their length, the size of the event it may describe, the
players entered twice or without a name; the one rule of spreadsheet cells (a formula start quoted on every line
of a cell) and of CSV fields (RFC 4180 quoting), which the CSV reader and every CSV writer share; and what a name
becomes in a file of lines (:func:`line_text`). Readers import it; it imports none of them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from sonneborn.errors import InputWarning, shown
from sonneborn.messages import N_, Message, Number

__all__ = [
    "FORMULA_STARTS",
    "MAX_LINE",
    "MIN_RESULTS",
    "ROUNDS_AHEAD",
    "SHOWN_DUPLICATES",
    "SHOWN_NAMES",
    "changed_names",
    "csv_table",
    "duplicates",
    "from_spreadsheet",
    "line_text",
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


def too_many_results(players: int, rounds: int, size: int) -> Message | None:
    """Why an event of so many players and rounds is refused for a file of ``size`` characters, else ``None``."""
    limit = max_results(size)
    if players * rounds <= limit:
        return None
    return Message.of(
        N_(
            "{players} players and {rounds} rounds make {results} results, too many for a file of {size} characters "
            "(expected at most {limit}, {most} rounds)"
        ),
        players=f"{players:,}",
        rounds=f"{rounds:,}",
        results=f"{players * rounds:,}",
        size=f"{size:,}",
        limit=f"{limit:,}",
        most=f"{limit // max(players, 1):,}",
    )


ROUNDS_AHEAD = 64
"""The rounds a file may announce beyond those it holds results of, whatever its players."""


def unheld_rounds(stated: int, held: int, players: int) -> Message | None:
    """Why a number of rounds a file states (``XXR``, TRF-26 142, JSON ``rounds``) is refused, else ``None``.

    A file may announce rounds not played yet (``XXR 9`` after round 4), up to what its players could
    play: four cycles of a round robin, or :data:`ROUNDS_AHEAD`. Beyond that every output would be
    padded with empty rounds (``XXR 1000000`` in a file of 28 bytes).

    >>> unheld_rounds(9, 4, 10) is None, str(unheld_rounds(1_000_000, 0, 1))
    (True, 'gives 1,000,000 rounds, but the file holds results of 0 rounds for 1 player (expected at most 64)')
    """
    limit = max(held, 4 * players, ROUNDS_AHEAD)
    if stated <= limit:
        return None
    # Translators: what a stated number of rounds does, after its record ("record XXR gives …") or key.
    template = N_(
        "gives {count} rounds, but the file holds results of {rounds} {round} for {players} {player} "
        "(expected at most {limit})"
    )
    return Message.of(
        template,
        count=f"{stated:,}",
        rounds=f"{held:,}",
        round=Message(N_("round") if held == 1 else N_("rounds")),
        players=f"{players:,}",
        player=Message(N_("player") if players == 1 else N_("players")),
        limit=f"{limit:,}",
    )


def long_line(line: str) -> Message | None:
    """Why a line is refused as too long, else ``None``."""
    if len(line) <= MAX_LINE:
        return None
    return Message.of(
        N_("line of {count} characters (expected at most {limit})"), count=f"{len(line):,}", limit=f"{MAX_LINE:,}"
    )


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""
_FORMULA_LINE = re.compile(r"(?:^|(?<=[\r\n]))(?=[=+\-@\t\r])")
"""A line of a cell that starts as a formula: the first one, or one after a CR or LF."""
_QUOTED_FORMULA_LINE = re.compile(r"(?:^|(?<=[\r\n]))'(?=[=+\-@\t\r])")


def spreadsheet_text(text: str) -> str:
    """A text as a CSV cell: each line a spreadsheet would take for a formula gets a leading ``'`` (OWASP).

    Every line, not only the first: a reader that ends a row at a line break inside a quoted cell would
    start a new row, and a formula, there.

    >>> spreadsheet_text("=HYPERLINK(1)"), spreadsheet_text("Adams, Ann"), spreadsheet_text("Fr\\r=1+1")
    ("'=HYPERLINK(1)", 'Adams, Ann', "Fr\\r'=1+1")
    """
    if not text.startswith(FORMULA_STARTS) and "\r" not in text and "\n" not in text:
        return text
    return _FORMULA_LINE.sub("'", text)


def from_spreadsheet(text: str) -> str:
    """A cell's text as written before :func:`spreadsheet_text`: the ``'`` before a formula start taken off.

    >>> from_spreadsheet("'=HYPERLINK(1)"), from_spreadsheet("'t Hooft"), from_spreadsheet("Fr\\r'=1+1")
    ('=HYPERLINK(1)', "'t Hooft", 'Fr\\r=1+1')
    """
    return _QUOTED_FORMULA_LINE.sub("", text) if "'" in text else text


def csv_table(header: Sequence[str], columns: Sequence[Sequence[str]], *, separator: str = ",") -> str:
    """A table as CSV text (RFC 4180), column by column: a field holding a CR, an LF, the separator or a
    quote is quoted, its quotes doubled; rows end with LF. Every CSV sonneborn writes is made here; the
    cells that hold names are :func:`spreadsheet_text` already.

    >>> print(csv_table(["No", "Name"], [["1", "2"], ['Ann "A", Jr', "Fr\\r'=1+1"]]).replace("\\r", "<CR>"), end="")
    No,Name
    1,"Ann ""A"", Jr"
    2,"Fr<CR>'=1+1"
    """
    special = re.compile(f'[\r\n"{re.escape(separator)}]')
    fields = [_csv_fields([title, *cells], special) for title, cells in zip(header, columns, strict=True)]
    return "".join(separator.join(row) + "\n" for row in zip(*fields, strict=True))


def _csv_fields(cells: list[str], special: re.Pattern[str]) -> list[str]:
    # One search over the column: most columns (numbers, results) quote nothing.
    if special.search("".join(cells)) is None:
        return cells
    return ['"' + cell.replace('"', '""') + '"' if special.search(cell) else cell for cell in cells]


def line_text(text: str) -> str:
    """A text as a line of a file can hold it: each control character (C0, DEL, C1), line or paragraph
    separator a space, and the blanks at its ends taken off, as every reader takes them off.

    TRF is written by columns, a crosstable row and a PGN tag are one line each, and PGN strings hold
    printing characters only: a name that holds a line break, a tab or an escape cannot be written as
    it is, and a writer warns of each name this changes (:func:`changed_names`).

    >>> line_text('Fr\\r=1"]\\n[Result "1-0"]'), line_text(" Ann\\x1b[31m "), line_text("Ødegaard")
    ('Fr =1"] [Result "1-0"]', 'Ann [31m', 'Ødegaard')
    """
    if text.isprintable() and text == text.strip():
        return text
    return "".join(" " if unicodedata.category(char) in _NOT_IN_A_LINE else char for char in text).strip()


_NOT_IN_A_LINE = frozenset({"Cc", "Zl", "Zp"})

SHOWN_NAMES = 5
"""The changed names a writer's warning spells out; the others are counted."""


def changed_names(names: Sequence[str]) -> tuple[list[str], Message | None]:
    r"""The players' names (start numbers 1, 2, …) as :func:`line_text` writes them, and the sentence that
    names the players whose name it changed (``None`` when it changed none).

    >>> written, sentence = changed_names(["Ann", "Bo\nb", "Cy"])
    >>> written
    ['Ann', 'Bo b', 'Cy']
    >>> print(sentence)
    names: 1 written otherwise (control characters as spaces, no blank at the ends): no. 2 'Bo\nb' as 'Bo b'
    """
    written = [line_text(name) for name in names]
    changed = [(start, name, line) for start, (name, line) in enumerate(zip(names, written, strict=True), 1)
               if name != line]  # fmt: skip
    if not changed:
        return written, None
    listed = Message.joined(
        [
            Message.of(N_("no. {number} {name} as {written}"), number=start, name=shown(name), written=shown(line))
            for start, name, line in changed[:SHOWN_NAMES]
        ]
    )
    if len(changed) > SHOWN_NAMES:
        count = len(changed) - SHOWN_NAMES
        # The count as the language groups its digits (``{number}``); ``count`` picks the plural form.
        more = Message.ngettext("and {number} more name", "and {number} more names", count, number=Number(f"{count:,}"))
        listed = Message.joined([listed, more], " ")
    said = Message.ngettext(
        "names: {number} written otherwise (control characters as spaces, no blank at the ends): {names}",
        "names: {number} written otherwise (control characters as spaces, no blank at the ends): {names}",
        len(changed),
        number=Number(f"{len(changed):,}"),
        names=listed,
    )
    return written, said


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
    said = Message.ngettext(
        "{number} more players have the same name or FIDE id as an earlier one",
        "{number} more players have the same name or FIDE id as an earlier one",
        more,
        number=Number(f"{more:,}"),
    )
    return InputWarning(said, path)


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
    template = (
        N_("player {number} has no name (each is shown by his start number only)")
        if len(starts) == 1
        else N_("players {numbers} have no name (each is shown by his start number only)")
    )
    return InputWarning(Message.of(template, number=listed, numbers=listed), path)
