"""sonneborn's own reports, recognised where a reader would take them for a crosstable and fail on them.

``sonneborn standings -f csv|md|html``, the standings table and ``sonneborn
crosstable -f md|html`` write reports, not events: the standings hold no games
and cannot be ranked again, and the Markdown and HTML pages are not read back.
Fed to sonneborn, they would reach the crosstable readers and fail far from the
point ("row has 0 result cells, expected 34"); :func:`refuse_report` says what
the file is and how to write the event instead. What reads back stays readable:
``crosstable -f csv`` and the crosstable table (published crosstables), ``-f
trf`` and ``-f json --with-event``.

>>> refuse_report("rank,start,name,rating,points,SB\\n1,1,Sloth,,11,69.5\\n", path="out.csv")  # doctest: +ELLIPSIS
Traceback (most recent call last):
sonneborn.errors.InputError: out.csv:1:1: sonneborn's standings as CSV (`sonneborn standings -f csv`): standings ...
>>> refuse_report("1\\tSloth\\tX\\t½\\n2\\tZagorovsky\\t½\\tX\\n")  # a crosstable: nothing to say
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from sonneborn.errors import InputError
from sonneborn.formats.lines import split_lines
from sonneborn.messages import N_, Message, Number

__all__ = ["WRITE_EVENT", "on_page", "refuse_report", "report_of"]

WRITE_EVENT = Message.of(
    N_("write the event instead, from the file they came from: {command} or {command2}"),
    command="`sonneborn convert FILE event.trf`",
    command2="`sonneborn standings FILE -f json --with-event`",
)
"""How to write what can be ranked again, as every message about standings alone says it."""
_WRITE_CROSSTABLE = Message.of(
    N_("write the crosstable with {command}, which reads back, or the event: {command2}"),
    command="`sonneborn crosstable FILE -f csv`",
    command2="`sonneborn convert FILE event.trf`",
)
_PAGE_INSTEAD = Message(N_("rank the file they came from instead, or write its event with Download TRF"))
"""What the page says instead of :data:`WRITE_EVENT`'s commands: its own Download button."""
_PAGE_BUTTON = {
    "standings -f html": N_("Download HTML report"),
    "crosstable -f html": N_("Download HTML report"),
    "standings -f csv": N_("Download CSV"),
    "standings -f md": N_("Download Markdown"),
    "crosstable -f md": N_("Download Markdown"),
    "standings": N_("the command line's standings table"),
}
"""Where the page writes each report a command writes (the terminal table has no button)."""
_STANDINGS_ALONE = N_("{message}: standings alone cannot be ranked again, they hold no games ({message2})")
_NOT_READ_BACK = N_("{message}: a report, not read back as an event ({message2})")

_HEAD = 65536
"""The characters looked at: a report says what it is in its first lines."""
_LINES = 40
_HTML = re.compile(r"\s*<(?:!doctype\s+html|html)\b", re.IGNORECASE)
_GENERATOR = re.compile(r"""<meta\s+name=["']generator["']\s+content=["']sonneborn["']""", re.IGNORECASE)
_STANDINGS_CSV = re.compile(r"rank,start,name,rating,points(?:,(?!\d+(?:,|$))[^,]*)*")
"""The header of the standings as CSV: the player's fields, the points, then tie-break codes (no round numbers)."""
_MARKDOWN_RULE = re.compile(r"\|(?:\s*:?-+:?\s*\|)+\s*")
"""The row under a Markdown table's header: ``| -: | :--- | :-: |``."""
_OWN_MARKDOWN_HEADER = re.compile(r"\|\s*Rk\s*\|\s*No\s*\|")
_OWN_TABLE_HEADER = re.compile(r"\s*Rk {2,}No {2,}(?:Name|Player) {2,}(?:.* {2,})?Pts(?: {2,}.*)?")
"""The header of the standings table: ``Rk  No  Name  Rtg  Pts  BH/C1 …``, with no round columns."""
_ROUND_COLUMN = re.compile(r"(?:^| {2,})\d{1,4}(?= {2,}|$)")


def report_of(text: str) -> tuple[Message, int] | None:
    """What a text is when it is one of sonneborn's reports (or another HTML page or Markdown table), with the
    line that tells, as a message gives it; ``None`` for anything else.

    >>> report_of("| Rk | No | Name | 1 | 2 | Pts |\\n| -: | -: | :--- | :-: | :-: | -: |\\n")[1]
    1
    """
    lines = split_lines(text[:_HEAD])[: _LINES * 4]
    filled = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()][:_LINES]
    if not filled:
        return None
    first_number, first = filled[0]
    first = first.lstrip("\ufeff")
    if _HTML.match(first):
        generator = next((number for number, line in filled if _GENERATOR.search(line)), 0)
        if not generator:
            return (
                Message(
                    N_(
                        "an HTML page, not a tournament file (expected TRF, crosstable, PGN or JSON text: save the "
                        "crosstable as CSV or text)"
                    )
                ),
                first_number,
            )
        if "<h2>Standings</h2>" in text:
            return _own(
                N_("sonneborn's standings page ({command})"), "standings -f html", _NOT_READ_BACK, WRITE_EVENT
            ), 1
        return _own(
            N_("sonneborn's crosstable page ({command})"), "crosstable -f html", _NOT_READ_BACK, _WRITE_CROSSTABLE
        ), 1
    if _STANDINGS_CSV.fullmatch(first.strip()):
        return _own(
            N_("sonneborn's standings as CSV ({command})"), "standings -f csv", _STANDINGS_ALONE, WRITE_EVENT
        ), 1
    for (number, line), (_, below) in itertools.pairwise(filled):
        if not _MARKDOWN_RULE.fullmatch(below.strip()):
            continue
        if not _OWN_MARKDOWN_HEADER.match(line.strip()):
            return (
                Message(
                    N_(
                        "a Markdown table, which is not read (expected TRF, crosstable, PGN or JSON text: save the "
                        "crosstable as CSV or text)"
                    )
                ),
                number,
            )
        if any(line.strip() == "## Standings" for _, line in filled):
            return _own(
                N_("sonneborn's standings as Markdown ({command})"), "standings -f md", _NOT_READ_BACK, WRITE_EVENT
            ), 1
        return _own(
            N_("sonneborn's crosstable as Markdown ({command})"), "crosstable -f md", _NOT_READ_BACK, _WRITE_CROSSTABLE
        ), number
    for number, line in filled[:2]:  # the standings table's header, under the event's name if it has one
        if _OWN_TABLE_HEADER.fullmatch(line) and not _ROUND_COLUMN.search(line):
            return _own(
                N_("sonneborn's standings table ({command})"), "standings", _STANDINGS_ALONE, WRITE_EVENT
            ), number
    return None


def _own(what: str, command: str, why: str, instead: Message) -> Message:
    """The message of one of sonneborn's own reports: what it is, why it is not read, what to write instead."""
    return Message.of(why, message=Message.of(what, command=f"`sonneborn {command}`"), message2=instead)


def on_page(message: Message) -> Message:
    """A report's message as the web page says it: its buttons named in place of the commands.

    >>> str(on_page(report_of("rank,start,name,rating,points,SB\\n")[0])).split(":")[0]
    "sonneborn's standings as CSV (Download CSV)"
    """
    values: list[tuple[str, str | int | Message | Number]] = []
    for name, value in message.values:
        if value is WRITE_EVENT or value is _WRITE_CROSSTABLE:
            values.append((name, _PAGE_INSTEAD))
        elif isinstance(value, str) and value.startswith("`sonneborn ") and value[11:-1] in _PAGE_BUTTON:
            values.append((name, Message(_PAGE_BUTTON[value[11:-1]])))
        else:
            values.append((name, on_page(value) if isinstance(value, Message) else value))
    return dataclasses.replace(message, values=tuple(values))


def refuse_report(text: str, *, path: str = "<input>") -> None:
    """Raises :class:`~sonneborn.errors.InputError` when the text is one of sonneborn's reports (or another
    HTML page or Markdown table), saying what it is and how to write the event instead."""
    found = report_of(text)
    if found is not None:
        message, line = found
        error = InputError(message, path=path, line=line, column=1)
        error.page = on_page(message)
        raise error
