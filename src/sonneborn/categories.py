"""Category tables, as prize lists are made: the overall order kept, filtered to the players of a category.

A category is written as ``--category`` takes it: ``women`` (sex ``w``, or ``f`` as some files write it),
an age group ``U8`` … ``U20`` or ``50+``, ``65+``, a rating band ``rating:<2000``, ``rating:>=2200`` or
``rating:1800-1999``, a federation ``fed:IRL``; joined by ``+`` a player must be in each (``women+U16``).

Ages are counted in the calendar year, as FIDE's age championships count them: a player's age is the event's
year less his year of birth, the age he reaches in that year. ``U16`` is "under 16 on 1 January of the
event's year", which FIDE's World Youth regulations state by the year of birth (born in the year 16 years
before, or later): the age reached in the year at most 16. ``50+`` is the World Senior Championships' "50
years or more in the year": that age at least 50. The event's year is that of its start date (else its end
date, else its first round's); a player without a year of birth is in no age group, and an unrated player in
no rating band: nothing is made up.

>>> women = Category.parse("women+U16")
>>> women.name, str(women)
('Women, under 16', 'women+U16')
>>> Category.parse("rating:1800-1999").name, Category.parse("fed:irl").name
('Rating 1800–1999', 'Federation IRL')
>>> try:
...     Category.parse("U99")
... except ValueError as error:
...     print(error)
unknown category 'U99' (expected women, U8 to U20, 50+, 65+, rating:<N, rating:>=N, rating:A-B, fed:XXX)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sonneborn.errors import Said
from sonneborn.event import Bools, Event
from sonneborn.formats.dates import read_date
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message

__all__ = ["Category", "CategoryError", "event_year", "held"]

EXPECTED = "women, U8 to U20, 50+, 65+, rating:<N, rating:>=N, rating:A-B, fed:XXX"
_YOUTH = range(8, 21, 2)
_SENIOR = (50, 65)
_BAND = re.compile(r"rating:(?:(<=|<|>=|>)(\d{1,4})|(\d{1,4})-(\d{1,4}))", re.I)
_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
_PIECES = re.compile(r"\d{2}\+|[^+]+")


def _unknown(text: str) -> Message:
    return Message.of(N_("unknown category {text} (expected {forms})"), text=repr(text[:40]), forms=EXPECTED)


class CategoryError(Said):
    """A category that cannot be drawn from the event (an age group of an event without a date)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One condition of a category: its text as written, its name and the test of a player."""

    text: str
    template: str
    """Its name as a template of the catalogues (``Under {age}``), its fields from the values below."""
    kind: str
    """``women``, ``under``, ``over``, ``rating`` or ``fed``."""
    low: int = 0
    high: int = 0
    code: str = ""
    sign: str = ""
    """A one-sided rating band's comparison (``<``, ``>=``)."""

    def named(self, lang: Language = ENGLISH) -> str:
        """Its name in a language: ``Under 16``, ``Menores de 16``."""
        age = self.high if self.kind == "under" else self.low
        bound = self.high if self.sign.startswith("<") else self.low
        bound = bound + 1 if self.sign == "<" else bound - 1 if self.sign == ">" else bound
        return lang.format(self.template, age=age, sign=self.sign, bound=bound, low=self.low, high=self.high,
                           code=self.code)  # fmt: skip

    @property
    def name(self) -> str:
        """Its name in English."""
        return self.named()


@dataclass(frozen=True, slots=True)
class Category:
    """A category of players, of one or more :class:`Part` joined by ``+``."""

    parts: tuple[Part, ...]

    @classmethod
    def parse(cls, text: str) -> Category:
        """The category a text names; raises :exc:`ValueError` naming the expected forms."""
        written = "".join(text.split())
        pieces = _PIECES.findall(written)  # "50+" ends with the joining sign: women+50+ is women and 50+
        if not pieces or "+".join(pieces) != written:
            raise Said(_unknown(text))
        return cls(tuple(_part(piece, text) for piece in pieces))

    def __str__(self) -> str:
        return "+".join(part.text for part in self.parts)

    @property
    def name(self) -> str:
        """The category as a prize list heads it: ``Women, under 16``."""
        return self.named()

    def named(self, lang: Language = ENGLISH) -> str:
        """The category's name in a language, its parts joined as a prize list heads it: ``Women, under 16``."""
        names = [part.named(lang) for part in self.parts]
        return ", ".join(name if index == 0 else name[0].lower() + name[1:] for index, name in enumerate(names))

    def members(self, event: Event) -> Bools:
        """Whether each player (by row) is in the category; raises :class:`CategoryError` for an age group of an
        event whose year is not known."""
        found: Bools = np.ones(event.players, dtype=bool)
        for part in self.parts:
            found &= _test(part, event)
        return found


def _part(piece: str, text: str) -> Part:
    lowered = piece.lower()
    if lowered in ("women", "woman", "w", "girls"):
        return Part("women", N_("Women"), "women")
    youth = re.fullmatch(r"u(\d{1,2})", lowered)
    if youth and int(youth.group(1)) in _YOUTH:
        age = int(youth.group(1))
        return Part(f"U{age}", N_("Under {age}"), "under", high=age)
    senior = re.fullmatch(r"(\d{2})\+", lowered)
    if senior and int(senior.group(1)) in _SENIOR:
        age = int(senior.group(1))
        return Part(f"{age}+", N_("{age} and over"), "over", low=age)
    band = _BAND.fullmatch(piece)
    if band:
        if band.group(1):
            bound = int(band.group(2))
            low, high = {"<": (0, bound - 1), "<=": (0, bound), ">": (bound + 1, 9999), ">=": (bound, 9999)}[
                band.group(1)
            ]
            sign = band.group(1)
            return Part(f"rating:{sign}{bound}", N_("Rating {sign}{bound}"), "rating", low, high, sign=sign)
        low, high = int(band.group(3)), int(band.group(4))
        if low <= high:
            return Part(f"rating:{low}-{high}", N_("Rating {low}–{high}"), "rating", low, high)
    federation = re.fullmatch(r"fed:([a-z]{3})", lowered)
    if federation:
        code = federation.group(1).upper()
        return Part(f"fed:{code}", N_("Federation {code}"), "fed", code=code)
    raise Said(_unknown(text))


def event_year(event: Event) -> int | None:
    """The event's year, for the ages: of its start date, else its end date, else its first round's date."""
    info = event.info
    for text in (info.start_date, info.end_date, *info.round_dates[:1]):
        found = read_date(text) if text else None
        if found is not None:
            return found.year
        year = _YEAR.search(text or "")
        if year:
            return int(year.group(1))
    return None


def _test(part: Part, event: Event) -> Bools:
    roster = event.roster
    if part.kind == "women":  # TRF's sex field: w (and f, as some programs write it)
        return np.array([sex.strip().lower() in ("w", "f") for sex in roster.sexes], dtype=bool)
    if part.kind == "fed":
        return np.array([fed.strip().upper() == part.code for fed in roster.federations], dtype=bool)
    if part.kind == "rating":
        rating = event.table.rating
        found: Bools = (rating > 0) & (rating >= part.low) & (rating <= part.high)
        return found
    year = event_year(event)
    if year is None:
        template = N_("category {code}: the event's year is not known (the file gives no date)")
        raise CategoryError(Message.of(template, code=part.text))
    test: Callable[[int], bool] = (
        (lambda age: age <= part.high) if part.kind == "under" else (lambda age: age >= part.low)
    )
    born = [_YEAR.search(text) for text in roster.birth_dates]
    return np.array([found is not None and test(year - int(found.group(1))) for found in born], dtype=bool)


BANDS = range(1000, 3000, 200)
"""The rating bands a file is offered, as prize lists cut them: under 1000, 1200, … 2800."""


def held(event: Event) -> tuple[Category, ...]:
    """The categories that split the event's players, in the order a prize list gives them: women, the age groups,
    the rating bands, the federations; each holding some players and not all (of those with the field).

    Nothing is made up: the age groups need the event's year and the players' years of birth, a band the ratings,
    and the federations are offered where the players come from more than one.

    >>> from sonneborn.demo import seed_event
    >>> held(Event.of(seed_event()))  # a crosstable gives no sex, birth date, rating or federation
    ()
    """
    found: list[Category] = []
    count = event.players

    def offer(text: str) -> None:
        category = Category.parse(text)
        if 0 < int(category.members(event).sum()) < count:
            found.append(category)

    if any(sex.strip().lower() in ("w", "f") for sex in event.roster.sexes):
        offer("women")
    if event_year(event) is not None and any(_YEAR.search(text) for text in event.roster.birth_dates):
        for age in _YOUTH:
            offer(f"U{age}")
        for age in _SENIOR:
            offer(f"{age}+")
    rated = event.table.rating[event.table.rating > 0]
    for bound in BANDS:  # a band that holds every rated player, or none, tells nothing
        if rated.size and (rated < bound).any() and (rated >= bound).any():
            found.append(Category.parse(f"rating:<{bound}"))
    federations = sorted(
        {fed.strip().upper() for fed in event.roster.federations if re.fullmatch(r"[A-Za-z]{3}", fed.strip())}
    )
    if len(federations) > 1:
        found.extend(Category.parse(f"fed:{code}") for code in federations)
    return tuple(found)
