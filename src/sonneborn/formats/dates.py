"""Dates as TRF writes them: ``YYYY/MM/DD`` (records 042, 052, and 132 when the round dates have four-digit
years), else ``YY/MM/DD`` for rounds.

Programs write dates in their own spellings (Swiss-Perfect: ``25.02.2011`` and, for rounds,
``11.25.02``). A date is rewritten only when it can be read one way alone; otherwise it is kept
as written.

>>> trf_date("25.02.2011"), trf_date("2011-02-25"), trf_date("2024/11/23"), trf_date("03/04/2011")
('2011/02/25', '2011/02/25', '2024/11/23', '03/04/2011')
>>> trf_round_dates(("11.25.02", "11.26.02"), start="25.02.2011", end="27.02.2011")
('11/02/25', '11/02/26')
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from itertools import pairwise, permutations

__all__ = ["iso_date", "round_days", "trf_date", "trf_round_dates"]

_PARTS = re.compile(r"\s*(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})\s*")
_RUN_TOGETHER = re.compile(r"\s*(\d{4})(\d{2})(\d{2})\s*")
"""A four-digit-year date without separators, ``YYYYMMDD`` (ISO 8601's basic form)."""


def _date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def read_date(text: str) -> datetime.date | None:
    """The date a full date (four-digit year) spells, when only one reading is a date, else ``None``.

    ``YYYY/MM/DD`` (any of ``/ . -``, or none: ``YYYYMMDD``) is read as such; with the year last, dots mean day
    first (``25.02.2011``), and with slashes or dashes the day is first or second, whichever alone can be.

    >>> read_date("20241123"), read_date("20241323")
    (datetime.date(2024, 11, 23), None)
    """
    match = _PARTS.fullmatch(text)
    if match is None:
        run = _RUN_TOGETHER.fullmatch(text)
        return None if run is None else _date(*map(int, run.groups()))
    first, second, third = match.groups()
    a, b, c = int(first), int(second), int(third)
    if len(first) == 4:
        return _date(a, b, c)
    if len(third) != 4:
        return None
    if "." in text:
        return _date(c, b, a)
    readings = {found for found in (_date(c, b, a), _date(c, a, b)) if found is not None}
    return readings.pop() if len(readings) == 1 else None


def iso_date(text: str) -> str:
    """A date as ISO 8601 writes it when it can be read one way alone (the JSON standings' event dates), else
    as written.

    >>> iso_date("25.02.2011"), iso_date("2024/11/23"), iso_date("03/04/2011"), iso_date("Feb 2011")
    ('2011-02-25', '2024-11-23', '03/04/2011', 'Feb 2011')
    """
    found = read_date(text)
    return text if found is None else found.isoformat()


def trf_date(text: str) -> str:
    """A date of the event as TRF writes it (``YYYY/MM/DD``), or the text as written when it cannot be read."""
    found = read_date(text)
    return text if found is None else f"{found.year:04d}/{found.month:02d}/{found.day:02d}"


def round_days(dates: Sequence[str], *, start: str = "", end: str = "") -> tuple[datetime.date | None, ...] | None:
    """The round dates as days (``None`` for a round without one), or ``None`` when they cannot be read one way
    alone.

    Two-digit years leave the order of the parts to guess: the order kept is the one under which every round
    date is a date, the dates do not go back, and fall within the event's dates when it has them; such a year
    is of the 2000s.

    >>> round_days(("11.25.02", "", "11.27.02"), start="25.02.2011", end="27.02.2011")
    (datetime.date(2011, 2, 25), None, datetime.date(2011, 2, 27))
    >>> round_days(("03/04/11", "04/03/11")) is None  # 3 April then 4 March, or 4 March then 3 April?
    True
    """
    full = [read_date(date) if date else None for date in dates]
    if all(found is not None for date, found in zip(dates, full, strict=True) if date):
        return tuple(full)  # four-digit years
    split = [_PARTS.fullmatch(date) if date else None for date in dates]
    if any(date and match is None for date, match in zip(dates, split, strict=True)):
        return None
    first, last = read_date(start), read_date(end)
    found: set[tuple[datetime.date | None, ...]] = set()
    for order in permutations(range(3)):
        readings: list[datetime.date | None] = []
        for match in split:
            if match is None:
                readings.append(None)
                continue
            parts = [match.group(k + 1) for k in order]  # year, month, day
            year = int(parts[0]) + (2000 if len(parts[0]) <= 2 else 0)
            readings.append(_date(year, int(parts[1]), int(parts[2])))
        if any(date is None and match is not None for date, match in zip(readings, split, strict=True)):
            continue
        known = [date for date in readings if date is not None]
        if any(later < earlier for earlier, later in pairwise(known)):
            continue
        if (first is not None and known[0] < first) or (last is not None and known[-1] > last):
            continue
        found.add(tuple(readings))
    return found.pop() if len(found) == 1 else None


def trf_round_dates(dates: Sequence[str], *, start: str = "", end: str = "") -> tuple[str, ...]:
    """The round dates as TRF writes them (``YYYY/MM/DD`` for four-digit years, else ``YY/MM/DD``), or as written
    when they cannot be read one way alone (:func:`round_days`)."""
    if not any(dates):
        return tuple(dates)
    days = round_days(dates, start=start, end=end)
    if days is None:
        return tuple(dates)
    if all(read_date(date) is not None for date in dates if date):
        return tuple(trf_date(date) if date else "" for date in dates)  # four-digit years: YYYY/MM/DD
    return tuple("" if day is None else f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}" for day in days)
