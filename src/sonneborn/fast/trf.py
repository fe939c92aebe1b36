"""The array path's TRF reading: the event :func:`sonneborn.formats.trf.read_trf_event` reads, as the kernels take it.

There is one TRF reader, :mod:`sonneborn.formats.trf`, which reads the player
lines by columns into arrays; this module only hands its :class:`Event` to the
array path in the shape the kernels of :mod:`sonneborn.fast` take, until they
take the event itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sonneborn.errors import InputWarning, TrfError, log_warning
from sonneborn.fast.event import ArrayEvent
from sonneborn.formats.trf import read_trf_event


@dataclass(frozen=True, slots=True)
class FastEvent:
    """What the command needs of an event read the fast way."""

    event: ArrayEvent
    names: list[str]
    name: str | None
    tiebreaks: tuple[str, ...]
    unfinished: int
    say_warnings: Callable[[], None] = lambda: None
    """Says the reader's warnings when they were held (``hold_warnings``): once the caller keeps the event."""


def read_trf_fast(text: str, *, path: str = "<input>", hold_warnings: bool = False) -> FastEvent | None:
    """The event of a TRF text as arrays, or ``None`` when the reference path must take it.

    That is a file the reader refuses (the reference path reads it again and
    says what is wrong) or one whose points need more than 64-bit integers.
    With ``hold_warnings`` the reader's warnings wait for :attr:`FastEvent.say_warnings`: a caller that may
    still hand the file to the reference path (which says them itself) says them only if it does not.
    """
    held: list[InputWarning] = []
    try:
        event = read_trf_event(text, path=path, warn=held.append)
    except TrfError:
        return None
    table = event.table
    if table.wide:
        return None

    def say_warnings() -> None:
        for warning in held:
            log_warning(warning)
        held.clear()

    arrays = ArrayEvent(
        opponent=table.opponent,
        kind=table.kind,
        colour=table.colour,
        points=table.points,
        adjustment=table.adjustment,
        rating=table.rating,
        unit=table.unit,
        system=table.system,
        event_kind=event.kind,
    )
    read = FastEvent(arrays, list(event.roster.names), event.name, event.info.tiebreaks, table.unfinished_games)
    if hold_warnings:
        return FastEvent(read.event, read.names, read.name, read.tiebreaks, read.unfinished, say_warnings)
    say_warnings()
    return read
