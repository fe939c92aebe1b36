"""Reads a TRF text with sonneborn's reader and with its oracle, the line reader it replaced, and compares.

Both must give the same :class:`Tournament` and the same warnings, or refuse
the text with the same message at the same line and column, after the same
warnings. ``tests/formats/test_trf_oracle.py`` and the fuzz target ``trf-oracle``
(``tests/test_fuzz.py``) compare through :func:`assert_same_reading`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from oracle import trf_reader as oracle
from sonneborn.errors import TrfError
from sonneborn.event import Event
from sonneborn.formats.trf import read_trf_event
from sonneborn.model import Tournament

Refusal = tuple[str, int, int]
"""A reading's error: its message, line and column."""


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _oracle_warnings() -> Iterator[list[str]]:
    """The warnings the oracle logs, as the command used to print them."""
    logger = logging.getLogger(oracle.__name__)
    kept = _Kept()
    logger.addHandler(kept)
    propagate, logger.propagate = logger.propagate, False
    try:
        yield kept.messages
    finally:
        logger.removeHandler(kept)
        logger.propagate = propagate


def read_by_oracle(text: str, path: str = "case.trf") -> tuple[Tournament | Refusal, list[str]]:
    """The oracle's reading: the tournament or the error, with the warnings it logged."""
    with _oracle_warnings() as said:
        try:
            return oracle.read_trf(text, path=path), said
        except TrfError as error:
            return (error.message, error.line, error.column), said


def read_by_columns(text: str, path: str = "case.trf") -> tuple[Event | Refusal, list[str]]:
    """sonneborn's reading: the event or the error, with the warnings it sent (as the command prints them)."""
    said: list[str] = []
    try:
        return read_trf_event(text, path=path, warn=lambda warning: said.append(str(warning))), said
    except TrfError as error:
        return (error.message, error.line, error.column), said


def assert_same_reading(text: str, path: str = "case.trf") -> str:
    """Both readers read the text alike; ``"result"`` or ``"error"``, the outcome they share."""
    expected, expected_warnings = read_by_oracle(text, path)
    found, warnings = read_by_columns(text, path)
    assert warnings == expected_warnings
    if not isinstance(expected, Tournament):
        assert found == expected
        return "error"
    assert isinstance(found, Event), found
    assert found.tournament == expected
    # The table built straight from the columns is the one the objects make.
    made = Event.of(expected).table
    for name in ("opponent", "kind", "colour", "rating"):
        assert np.array_equal(getattr(found.table, name), getattr(made, name)), name
    assert list(found.table.scores) == list(made.scores)
    for name in ("points", "awarded", "adjustment", "system"):
        assert np.array_equal(getattr(found.table.score, name), getattr(made.score, name)), name
    assert found.table.score.unit == made.score.unit
    assert found.kind == expected.event_kind
    return "result"
