"""The array path: the same standings as the reference path, computed on integer arrays.

:func:`fast_standings` answers for the cases it covers (a TRF file the fast
reader reads, the supported tie-breaks, JSON or CSV output) and returns
``None`` otherwise; the command then reads the file the reference way and
ranks it with :func:`tournament_standings`, or on the reference path when
that too returns ``None``. All give the same text (a test compares them on
random events), so the choice is only one of speed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from sonneborn.errors import InputError, TiebreakError
from sonneborn.formats import decode, detect_format, encoding_warning, stated_list_error
from sonneborn.model import EventKind, Tournament
from sonneborn.tiebreaks import Spec, parse_list
from sonneborn.tiebreaks.rules import Rules

if TYPE_CHECKING:
    from sonneborn.fast.trf import FastEvent

__all__ = ["fast_standings", "text_standings", "tournament_standings"]

logger = logging.getLogger("sonneborn.formats")


def fast_standings(
    path: str,
    *,
    fmt: str,
    tiebreaks: Sequence[Spec] | None,
    rules: Rules,
    unrated_rating: int | None = None,
    lots: int | None = None,
    input_format: str | None = None,
    kind: EventKind | None = None,
) -> Iterator[str] | None:
    """The standings of a TRF file the fast reader reads, as JSON or CSV text in pieces, else ``None``.

    With ``None`` the caller reads the file the reference way, then may still rank it on arrays with
    :func:`tournament_standings`: the file is read once by each reader at most, and its warnings said once.

    The standings are computed before the first piece is asked for; the pieces
    only format them, so that the text of a big event is written as it comes.
    """
    if fmt not in ("json", "csv") or path == "-":
        return None
    from sonneborn.fast.standings import supports
    from sonneborn.fast.trf import read_trf_fast

    if tiebreaks is not None and not supports(tiebreaks):
        return None  # known before reading: the file is read once, by the reference path
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None  # the reference path says what is wrong
    text = decode(data, path=path)
    trf = (input_format or detect_format(text)) == "trf"
    mixed = encoding_warning(data, path=path) if trf else None
    del data  # a big event's bytes and text are let go as soon as they are read: less memory to touch
    fast = read_trf_fast(text, path=path, hold_warnings=True) if trf else None
    del text
    if fast is None:
        return None  # another format, or a TRF the reference reader must read: the caller reads it once
    reading_warnings = fast.say_warnings

    def say_warnings() -> None:  # in the reference path's order: the file's encoding, then its lines
        if mixed is not None:
            logger.warning("%s", mixed)
        reading_warnings()

    return _standings(
        replace(fast, say_warnings=say_warnings), path=path, fmt=fmt, tiebreaks=tiebreaks, rules=rules,
        unrated_rating=unrated_rating, lots=lots, file=True, kind=kind,
    )  # fmt: skip


def text_standings(
    text: str,
    *,
    path: str,
    fmt: str,
    tiebreaks: Callable[[], Sequence[Spec] | None],
    rules: Callable[[], Rules],
    unrated_rating: int | None = None,
    lots: int | None = None,
    input_format: str | None = None,
    kind: EventKind | None = None,
) -> Iterator[str] | None:
    """The standings of a TRF text in memory (the web API's upload), or ``None`` unless the fast reader reads it.

    ``None`` leaves the text to the caller's own reading, which then says what is
    wrong with it; ``path`` only names the text. The list and the rules are asked
    for once the text is read, so that a file's error is said before an option's,
    as the reference path says them.
    """
    if fmt not in ("json", "csv") or (input_format or detect_format(text)) != "trf":
        return None
    from sonneborn.fast.trf import read_trf_fast

    fast = read_trf_fast(text, path=path, hold_warnings=True)
    if fast is None:
        return None
    return _standings(
        fast, path=path, fmt=fmt, rules=rules(), tiebreaks=tiebreaks(), unrated_rating=unrated_rating, lots=lots,
        file=False, kind=kind,
    )  # fmt: skip


def tournament_standings(
    tournament: Tournament,
    *,
    fmt: str,
    tiebreaks: Sequence[Spec] | None,
    rules: Rules,
    unrated_rating: int | None = None,
    lots: int | None = None,
    path: str = "<input>",
    file: bool = False,
) -> Iterator[str] | None:
    """The standings of an event already read, as :func:`fast_standings` gives them, or ``None`` likewise.

    For a caller that holds the event in memory, such as the web API; ``path``
    only names it, unless ``file`` says it is a file that may be read again.
    """
    if fmt not in ("json", "csv"):
        return None
    from sonneborn.fast.event import from_tournament
    from sonneborn.fast.standings import supports
    from sonneborn.fast.trf import FastEvent

    if tiebreaks is not None and not supports(tiebreaks):
        return None
    read = FastEvent(
        from_tournament(tournament),
        [player.name for player in tournament.players],
        tournament.name,
        tournament.tiebreaks,
        tournament.unfinished_games,
    )
    return _standings(
        read, path=path, fmt=fmt, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated_rating, lots=lots, file=file
    )


def _standings(
    read: FastEvent,
    *,
    path: str,
    fmt: str,
    tiebreaks: Sequence[Spec] | None,
    rules: Rules,
    unrated_rating: int | None,
    lots: int | None,
    file: bool,
    kind: EventKind | None = None,
) -> Iterator[str] | None:
    """Ranks an event read into arrays (of the ``kind`` stated, if one is) by the list given, else the file's,
    else the kind's default."""
    from sonneborn.fast.kernels import Unsupported
    from sonneborn.fast.standings import iter_json, rank_arrays, render_csv, supports

    if kind is not None:
        read = replace(read, event=replace(read.event, event_kind=kind))
    specs = list(tiebreaks) if tiebreaks is not None else None
    if specs is None:
        from sonneborn.ranking import DEFAULT_TIEBREAKS

        try:
            specs = parse_list(",".join(read.tiebreaks) if read.tiebreaks else DEFAULT_TIEBREAKS[read.event.event_kind])
        except TiebreakError as error:
            read.say_warnings()  # the reading's warnings before the list's error, as on the reference path
            if file:  # the line of the list is looked for in the file
                raise stated_list_error(str(error), path) from None
            raise InputError(f"the file's tie-break list: {error}", path=path) from None
    if not supports(specs):
        return None  # nothing said yet: the reference path reads the event again and says its warnings
    read.say_warnings()
    try:
        result = rank_arrays(
            read.event,
            specs,
            names=read.names,
            name=read.name,
            unfinished=read.unfinished,
            rules=rules,
            unrated_rating=unrated_rating,
            lots=lots,
        )
    except Unsupported:
        return None  # values beyond the kernels' integers: the reference path computes them exactly
    return iter_json(result) if fmt == "json" else iter([render_csv(result)])
