"""The tournament model: players, their round-by-round entries and results.

Everything here is immutable. Readers in :mod:`sonneborn.formats` build a
:class:`Tournament`; tie-breaks in :mod:`sonneborn.tiebreaks` read it.

>>> entry = Entry(round=1, opponent=2, colour=Colour.WHITE, kind=ResultKind.WIN)
>>> str(entry.kind), entry.kind.is_played
('1', True)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from sonneborn.errors import Said, said_of, shown
from sonneborn.messages import N_, Message
from sonneborn.numbers import exact_text

StartNo = int
"""A player's starting rank (pairing number), 1-based."""

RoundNo = int
"""A round number, 1-based."""


class Colour(enum.Enum):
    """The colour a player had (or was scheduled to have) in a round."""

    WHITE = "w"
    BLACK = "b"
    UNKNOWN = "-"

    def __str__(self) -> str:
        return self.value

    @property
    def opposite(self) -> Colour:
        """The colour of the opponent; unknown stays unknown."""
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.UNKNOWN


class ResultKind(enum.Enum):
    """What happened to one player in one round, named by its TRF code.

    The kinds with an opponent are the games played over the board
    (rated ``1 = 0``, unrated ``W D L``) and the forfeits (``+ -``).
    The kinds without an opponent are the byes and absences.
    A double forfeit is a forfeit loss on both sides (TRF ``-`` / ``-``).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    NOT_PLAYED = "*"

    def __str__(self) -> str:
        return self.value

    @property
    def is_played(self) -> bool:
        """Whether a game was played over the board (C.07 15.1)."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        """Whether this is a forfeit win or loss (C.07 16.2.2, 16.2.4)."""
        return self is ResultKind.FORFEIT_WIN or self is ResultKind.FORFEIT_LOSS

    @property
    def is_bye(self) -> bool:
        """Whether this is a bye or absence: a round with no opponent at all."""
        return self in _BYES

    @property
    def is_finished(self) -> bool:
        """Whether the round has a result (anything but not played yet)."""
        return self is not ResultKind.NOT_PLAYED

    @property
    def is_rated(self) -> bool:
        """Whether this is a rated game over the board (TRF ``1 = 0``)."""
        return self in (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)

    @property
    def outcome(self) -> Outcome | None:
        """Win, draw or loss in the sense of the result, for kinds that have one."""
        return _OUTCOME.get(self)

    @property
    def complement(self) -> ResultKind:
        """The kind the opponent must have for the same game.

        A forfeit loss may stand against a forfeit win or another forfeit loss
        (double forfeit); this returns the forfeit win.
        """
        return _COMPLEMENT[self]


class Outcome(enum.Enum):
    """A result seen as a win, a draw or a loss."""

    WIN = 1
    DRAW = 0
    LOSS = -1


_PLAYED = frozenset(
    {
        ResultKind.WIN,
        ResultKind.DRAW,
        ResultKind.LOSS,
        ResultKind.UNRATED_WIN,
        ResultKind.UNRATED_DRAW,
        ResultKind.UNRATED_LOSS,
    }
)
_BYES = frozenset({ResultKind.PAIRING_BYE, ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE})
_OUTCOME = {
    ResultKind.WIN: Outcome.WIN,
    ResultKind.UNRATED_WIN: Outcome.WIN,
    ResultKind.FORFEIT_WIN: Outcome.WIN,
    ResultKind.PAIRING_BYE: Outcome.WIN,
    ResultKind.FULL_BYE: Outcome.WIN,
    ResultKind.DRAW: Outcome.DRAW,
    ResultKind.UNRATED_DRAW: Outcome.DRAW,
    ResultKind.HALF_BYE: Outcome.DRAW,
    ResultKind.LOSS: Outcome.LOSS,
    ResultKind.UNRATED_LOSS: Outcome.LOSS,
    ResultKind.FORFEIT_LOSS: Outcome.LOSS,
    ResultKind.ZERO_BYE: Outcome.LOSS,
}
_COMPLEMENT = {
    ResultKind.WIN: ResultKind.LOSS,
    ResultKind.LOSS: ResultKind.WIN,
    ResultKind.DRAW: ResultKind.DRAW,
    ResultKind.UNRATED_WIN: ResultKind.UNRATED_LOSS,
    ResultKind.UNRATED_LOSS: ResultKind.UNRATED_WIN,
    ResultKind.UNRATED_DRAW: ResultKind.UNRATED_DRAW,
    ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
    ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
    ResultKind.NOT_PLAYED: ResultKind.NOT_PLAYED,
}


def mirrors(kind: ResultKind, other: ResultKind) -> bool:
    """Whether ``other`` is a possible result of the opponent in the same game.

    >>> mirrors(ResultKind.WIN, ResultKind.LOSS), mirrors(ResultKind.WIN, ResultKind.WIN)
    (True, False)
    >>> mirrors(ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_LOSS)  # double forfeit
    True
    """
    if kind.is_bye or other.is_bye:
        return False
    if kind is ResultKind.FORFEIT_LOSS and other is ResultKind.FORFEIT_LOSS:
        return True
    return _COMPLEMENT[kind] is other


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's record for one round."""

    round: RoundNo
    """The round, 1-based."""
    opponent: StartNo | None
    """The (scheduled) opponent's start number, or ``None`` for a bye or absence."""
    colour: Colour
    """The colour played or scheduled; unknown when the source does not say."""
    kind: ResultKind
    """What happened."""
    points: Fraction | None = None
    """Points awarded against the point system, when the arbiter set them otherwise (TRF-26 299)."""

    def __str__(self) -> str:
        opponent = "0000" if self.opponent is None else str(self.opponent)
        return f"{opponent}{self.colour}{self.kind}"


class PairingError(ValueError):
    """A tournament whose pairings contradict each other."""


@dataclass(frozen=True, slots=True)
class Player:
    """A participant with the entries of every round of the event."""

    start: StartNo
    """Starting rank (pairing number)."""
    name: str
    """Name as written in the source, usually "Lastname, Firstname"."""
    entries: tuple[Entry, ...] = ()
    """One entry per round of the event, in round order."""
    title: str = ""
    """FIDE title (GM, IM, WGM, …), empty when none."""
    sex: str = ""
    """``m``, ``w`` or empty."""
    rating: int | None = None
    """FIDE rating, ``None`` when unrated."""
    federation: str = ""
    """Three-letter federation code."""
    fide_id: int | None = None
    """FIDE identifier."""
    birth_date: str = ""
    """Birth date as written in the source (``YYYY/MM/DD``)."""
    recorded_points: Fraction | None = None
    """Points as the source file records them, for auditing."""
    recorded_rank: int | None = None
    """Rank as the source file records it, for auditing."""
    recorded_tiebreaks: tuple[tuple[str, Fraction], ...] = ()
    """Tie-break values the source records, by code (``SB`` for a crosstable's ``ns`` column), for auditing."""
    adjustment: Fraction = Fraction(0)
    """Bonus (or, negative, penalty) points outside any round (TRF-26 299 with a blank type)."""
    club: str = ""
    """Club or team as the source names it (PGN ``WhiteTeam``/``WhiteClub``, JSON ``club``); TRF has no field."""

    def entry(self, round: RoundNo) -> Entry:
        """The entry of a round (1-based)."""
        return self.entries[round - 1]

    def __str__(self) -> str:
        return self.name


class EventKind(enum.Enum):
    """Whether the pairings were fixed in advance (round robin) or not (Swiss)."""

    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class PointSystem:
    """The points a player gets for each kind of result.

    Over-the-board results and unrated ``W D L`` share the win, draw and loss
    values. The pairing-allocated bye is worth a win unless stated otherwise.

    >>> PointSystem().points(ResultKind.PAIRING_BYE)
    Fraction(1, 1)
    >>> PointSystem.three_one_zero().points(ResultKind.DRAW)
    Fraction(1, 1)
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None
    """Defaults to a win."""
    forfeit_loss: Fraction | None = None
    """Defaults to a loss."""
    pairing_bye: Fraction | None = None
    """Defaults to a win."""
    full_bye: Fraction | None = None
    """Defaults to a win."""
    half_bye: Fraction | None = None
    """Defaults to a draw."""
    zero_bye: Fraction | None = None
    """Defaults to a loss."""

    @classmethod
    def three_one_zero(cls) -> PointSystem:
        """Three points for a win, one for a draw ("football scoring")."""
        return cls(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))

    @classmethod
    def parse(cls, text: str) -> PointSystem:
        """Reads ``WIN,DRAW,LOSS`` such as ``3,1,0``, optionally followed by ``KEY=VALUE`` pairs
        for ``forfeit_win``, ``forfeit_loss``, ``pairing_bye``, ``full_bye``, ``half_bye`` and ``zero_bye``
        (keys in any case; ``win``, ``draw`` and ``loss`` may be given as keys too).

        A win must be worth more than a loss and more than nothing, and a draw from a loss's points to a
        win's: a system the other way round is a mistake of order (``0,0.5,1``). A value may be negative
        where the order allows it (``1,0,-1``; ``forfeit_loss=-1``, as TRF-26's record 162 may give).

        >>> str(PointSystem.parse("3,1,0"))
        '3-1-0'
        >>> PointSystem.parse("1,0.5,0,pairing_bye=0.5").points(ResultKind.PAIRING_BYE)
        Fraction(1, 2)
        >>> PointSystem.parse("1/0,0,0")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        sonneborn.errors.Said: point system '1/0,0,0': the win '1/0' divides by zero (expected a number such as 3, ...)
        >>> PointSystem.parse("0,0.5,1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        sonneborn.errors.Said: point system '0,0.5,1': a win must be worth more than a loss, found a win of 0 and ...
        """
        try:
            values = _point_values(text)
        except ValueError as error:
            raise Said(
                Message.of(N_("point system {system}: {message}"), system=shown(text, 100), message=said_of(error))
            ) from None
        return cls(**values)

    def points(self, kind: ResultKind) -> Fraction:
        """The points of one round's result; nothing for a game not played yet.

        A forfeit or a bye not stated apart has the points of its default result (one table, read here and by the
        text): a forfeit win, a pairing bye and a full bye a win's, a half bye a draw's, a forfeit loss and a zero
        bye a loss's.

        >>> PointSystem(win=Fraction(3), draw=Fraction(1)).points(ResultKind.HALF_BYE)
        Fraction(1, 1)
        """
        match kind:
            case ResultKind.WIN | ResultKind.UNRATED_WIN:
                return self.win
            case ResultKind.DRAW | ResultKind.UNRATED_DRAW:
                return self.draw
            case ResultKind.LOSS | ResultKind.UNRATED_LOSS:
                return self.loss
            case ResultKind.NOT_PLAYED:
                return Fraction(0)
        stated: Fraction | None = getattr(self, kind.name.lower())
        return self.points(_STATED_DEFAULTS[kind]) if stated is None else stated

    def defaulted(self) -> PointSystem:
        """The same system with each forfeit and bye stated at its default result's points left to the default
        (``None``): two systems that score every result alike compare equal.

        >>> PointSystem.parse("3,1,0,pairing_bye=3,half_bye=0").defaulted() == PointSystem.parse("3,1,0,half_bye=0")
        True
        """
        same: dict[str, Any] = {
            kind.name.lower(): None
            for kind, default in _STATED_DEFAULTS.items()
            if self.points(kind) == self.points(default)
        }
        return replace(self, **same)

    def __str__(self) -> str:
        """``3-1-0``, with each bye and forfeit stated to differ from its default after it, values exact (never a
        float): two systems that score differently never read alike.

        >>> str(PointSystem.parse("1,0.5,0,pairing_bye=0.5")), str(PointSystem.parse("1/3,1/6,0,forfeit_win=1/3"))
        ('1-0.5-0, pairing_bye=0.5', '1/3-1/6-0')
        """
        text = "-".join(exact_text(value) for value in (self.win, self.draw, self.loss))
        stated = [
            f"{kind.name.lower()}={exact_text(self.points(kind))}"
            for kind, default in _STATED_DEFAULTS.items()
            if self.points(kind) != self.points(default)
        ]
        return ", ".join([text, *stated])


_STATED_DEFAULTS: Mapping[ResultKind, ResultKind] = MappingProxyType(
    {
        ResultKind.FORFEIT_WIN: ResultKind.WIN,
        ResultKind.FORFEIT_LOSS: ResultKind.LOSS,
        ResultKind.PAIRING_BYE: ResultKind.WIN,
        ResultKind.FULL_BYE: ResultKind.WIN,
        ResultKind.HALF_BYE: ResultKind.DRAW,
        ResultKind.ZERO_BYE: ResultKind.LOSS,
    }
)
"""Each result a point system may state apart (its field of :class:`PointSystem` is its name in lower case), with
the result whose points it has unless stated: the one table :meth:`PointSystem.points` and its text read."""

POINT_DIGITS = 6
"""The most digits a point value may have before and after its decimal point, or in a fraction's terms."""
POINT_BOUND = f"at most {POINT_DIGITS} digits before and after the point"
"""The bound of :data:`POINT_DIGITS` as messages say it, for ``--points`` and every file alike."""
_POINT_VALUE = re.compile(
    rf"[+-]?(?:\d{{1,{POINT_DIGITS}}}(?:\.\d{{0,{POINT_DIGITS}}})?|\.\d{{1,{POINT_DIGITS}}}"
    rf"|\d{{1,{POINT_DIGITS}}}/\d{{1,{POINT_DIGITS}}})"
)
_HALF_VALUE = re.compile(rf"([+-]?)(\d{{0,{POINT_DIGITS}}})½")
"""A value written with ``½``, as the tables print it: ``½``, ``1½``, ``-½``."""
_NUMBER_LIKE = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?\d+/\d+")
"""What looks like a number but is too long for a point value, or written with an exponent."""
_NOT_A_NUMBER = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)
_SEVERAL_VALUES = re.compile(r"[\d.+/-]+(?:\s*;\s*|\s+)[\d.+/-]+.*")
_FIELD_NAMES = {
    "win": N_("win"),
    "draw": N_("draw"),
    "loss": N_("loss"),
    "forfeit_win": N_("forfeit win"),
    "forfeit_loss": N_("forfeit loss"),
    "pairing_bye": N_("pairing bye"),
    "full_bye": N_("full bye"),
    "half_bye": N_("half bye"),
    "zero_bye": N_("zero bye"),
}
"""A point system's fields as messages name them."""

_GAME_POINTS = ("win", "draw", "loss")
"""The values given by position, in their order."""
_POINT_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye", "full_bye", "half_bye", "zero_bye")
"""The keys of ``KEY=VALUE``: the fields of :class:`PointSystem`."""
_MAY_COST = frozenset({"loss", "forfeit_loss", "zero_bye"})
"""The results whose points may be negative: a penalty for losing or for not playing."""


def point_value(text: str) -> Fraction:
    """The points written as ``3``, ``0.5``, ``-1``, ``.5``, ``1/3`` or ``½``, checked by size before any arithmetic.

    A value of more than :data:`POINT_DIGITS` digits before or after its
    point (or in a fraction's terms), or with an exponent, is refused: ``1e20000000``
    would otherwise build a number of twenty million digits.

    >>> point_value("0.5"), point_value(" 1/3 "), point_value("1½")
    (Fraction(1, 2), Fraction(1, 3), Fraction(3, 2))
    >>> point_value("1e20000000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    sonneborn.errors.Said: '1e20000000' is not a point value such as 3, 0.5 or 1/3 (at most 6 digits before and ...)
    >>> point_value("1/0")
    Traceback (most recent call last):
    sonneborn.errors.Said: '1/0' divides by zero (expected a number such as 3, 0.5 or 1/3)
    """
    cleaned = text.strip()
    quoted = shown(cleaned)
    half = _HALF_VALUE.fullmatch(cleaned)
    if half is not None:
        sign, whole = half.groups()
        value = Fraction(int(whole or "0")) + Fraction(1, 2)
        return -value if sign == "-" else value
    if _POINT_VALUE.fullmatch(cleaned) is not None:
        if cleaned.partition("/")[2].strip("0") == "" and "/" in cleaned:
            raise Said(Message.of(N_("{text} divides by zero (expected a number such as 3, 0.5 or 1/3)"), text=quoted))
        return Fraction(cleaned)
    if not cleaned:
        raise Said(Message(N_("expected a number such as 3, 0.5 or 1/3, found nothing")))
    if _NOT_A_NUMBER.fullmatch(cleaned):
        template = N_("{text} is not a number (expected a point value such as 3, 0.5 or 1/3)")
        raise Said(Message.of(template, text=quoted))
    if _NUMBER_LIKE.fullmatch(cleaned):
        template = N_("{text} is not a point value such as 3, 0.5 or 1/3 (at most 6 digits before and after the point)")
        raise Said(Message.of(template, text=quoted))
    if _SEVERAL_VALUES.fullmatch(cleaned):
        template = N_("{text} is not a point value: separate the values with commas, such as 1,0.5,0")
        raise Said(Message.of(template, text=quoted))
    raise Said(Message.of(N_("{text} is not a point value such as 3, 0.5 or 1/3"), text=quoted))


def within_point_bound(value: Fraction) -> bool:
    """Whether :func:`point_value` could give the value: written as a decimal or as a fraction, each within
    :data:`POINT_DIGITS` digits. A file's point values are held to it as ``--points`` is: what a file
    gives, the option could give.

    >>> within_point_bound(Fraction(1, 1024)), within_point_bound(Fraction(999_999, 1_000_000))
    (True, True)
    >>> within_point_bound(Fraction(1, 10**7)), within_point_bound(Fraction(10**6))
    (False, False)
    """
    bound = 10**POINT_DIGITS
    as_decimal = abs(value.numerator) < bound * value.denominator and bound % value.denominator == 0
    as_fraction = abs(value.numerator) < bound and value.denominator < bound
    return bool(as_decimal or as_fraction)


def _point_values(text: str) -> dict[str, Fraction]:
    """The values of :meth:`PointSystem.parse`'s text by field, checked; raises ``ValueError`` saying what is
    wrong in words."""
    if not text.strip():
        raise Said(Message(N_("expected WIN,DRAW,LOSS such as 3,1,0, found nothing")))
    values: dict[str, Fraction] = {}
    written: dict[str, str] = {}
    positional = 0
    parts = text.split(",")
    if len(parts) > 1 and not parts[-1].strip():
        parts.pop()  # a comma after the last value says nothing
    for index, raw in enumerate(parts):
        part = raw.strip()
        key, sep, number = (piece.strip() for piece in part.partition("="))
        if not part:
            if index < len(_GAME_POINTS) and positional == index:
                template = N_("the {value} is empty (expected WIN,DRAW,LOSS such as 3,1,0)")
                raise Said(Message.of(template, value=Message(_FIELD_NAMES[_GAME_POINTS[index]])))
            raise Said(Message.of(N_("value {number} is empty (a comma too many?)"), number=index + 1))
        if sep:
            name = key.lower().replace("-", "_").replace(" ", "_")
            if not key:
                template = N_("{text} has no key before '=' (expected KEY=VALUE such as pairing_bye=1)")
                raise Said(Message.of(template, text=shown(part)))
            if name not in _POINT_KEYS:
                keys = f"{', '.join(_POINT_KEYS[3:])}, or win, draw, loss"
                close = _did_you_mean(name)
                if close:
                    template = N_("unknown key {key}: did you mean {suggestion}? (expected one of {keys})")
                else:
                    template = N_("unknown key {key} (expected one of {keys})")
                raise Said(Message.of(template, key=shown(key), suggestion=close, keys=keys))
            if name in values:
                raise Said(Message.of(N_("{key} is given twice"), key=name))
            if not number:
                template = N_("{key} has no value (expected {example} such as {example2})")
                raise Said(Message.of(template, key=name, example=f"{name}=VALUE", example2=f"{name}=1"))
        elif index < len(_GAME_POINTS) and positional == index:
            name, number = _GAME_POINTS[index], part
            positional += 1
            if name in values:
                raise Said(Message.of(N_("{key} is given twice"), key=name))
        elif part.lower().replace("-", "_") in _POINT_KEYS:
            name = part.lower().replace("-", "_")
            template = N_("{key} has no value (expected {example} such as {example2})")
            raise Said(Message.of(template, key=name, example=f"{name}=VALUE", example2=f"{name}=1"))
        else:
            template = N_(
                "unexpected {found}: WIN,DRAW,LOSS come first, then the byes as KEY=VALUE, such as 3,1,0,pairing_bye=1"
            )
            raise Said(Message.of(template, found=shown(part)))
        try:
            values[name] = point_value(number)
        except ValueError as error:
            # Translators: a point system's value and what is wrong with it ("the win '1/0' divides by zero …").
            template = N_("the {value} {message}")
            raise Said(Message.of(template, value=Message(_FIELD_NAMES[name]), message=said_of(error))) from None
        written[name] = number
    missing = [name for name in _GAME_POINTS if name not in values]
    if missing:
        if 0 < positional < len(_GAME_POINTS) and len(missing) == len(_GAME_POINTS) - positional:
            template = (
                N_("expected WIN,DRAW,LOSS such as 3,1,0, found {count} values")
                if positional > 1
                else N_("expected WIN,DRAW,LOSS such as 3,1,0, found {count} value")
            )
            raise Said(Message.of(template, count=positional))
        names = Message.joined([Message(_FIELD_NAMES[name]) for name in missing])
        raise Said(Message.of(N_("expected WIN,DRAW,LOSS such as 3,1,0 (no {names} given)"), names=names))
    win, draw, loss = values["win"], values["draw"], values["loss"]
    if win <= loss:
        template = N_(
            "a win must be worth more than a loss, found a win of {win} and a loss of {loss} (expected "
            "WIN,DRAW,LOSS in that order, such as 3,1,0)"
        )
        raise Said(Message.of(template, win=written["win"], loss=written["loss"]))
    if win <= 0:
        template = N_("a win must be worth points, found {win} (expected WIN,DRAW,LOSS in that order, such as 3,1,0)")
        raise Said(Message.of(template, win=written["win"]))
    for name, value in values.items():
        if value < 0 and name not in _MAY_COST:
            template = N_(
                "a {value} cannot be worth less than nothing, found {found} (only a loss, a forfeit loss or a "
                "zero-point bye may cost points)"
            )
            raise Said(Message.of(template, value=Message(_FIELD_NAMES[name]), found=written[name]))
    if not loss <= draw <= win:
        template = N_(
            "a draw must be worth no more than a win and no less than a loss, found a draw of {draw} with a "
            "win of {win} and a loss of {loss} (expected WIN,DRAW,LOSS in that order, such as 3,1,0)"
        )
        raise Said(Message.of(template, draw=written["draw"], win=written["win"], loss=written["loss"]))
    forfeit_win, forfeit_loss = values.get("forfeit_win", win), values.get("forfeit_loss", loss)
    if forfeit_win <= forfeit_loss:
        template = N_("a forfeit win must be worth more than a forfeit loss, found {win} and {loss}")
        raise Said(
            Message.of(
                template,
                win=written.get("forfeit_win", written["win"]),
                loss=written.get("forfeit_loss", written["loss"]),
            )
        )
    return values


def _did_you_mean(name: str) -> str:
    """The known key near a key (``pairing_bye`` for ``paring_bye``), else nothing."""
    import difflib

    close = difflib.get_close_matches(name, _POINT_KEYS, n=1, cutoff=0.7)
    return close[0] if close else ""


@dataclass(frozen=True, slots=True, kw_only=True)
class EventInfo:
    """What a source says of an event besides its players and results: the one list of the event's fields,
    which a :class:`Tournament` has too (it is one, with its players) and an
    :class:`~sonneborn.event.Event` keeps beside its arrays."""

    name: str | None = None
    city: str = ""
    start_date: str = ""
    end_date: str = ""
    event_type: str = ""
    """The event type as the source names it (TRF 092)."""
    round_dates: tuple[str, ...] = ()
    point_system: PointSystem = field(default_factory=PointSystem)
    kind: EventKind | None = None
    """Round robin or Swiss as the source or the user states it; ``None``: detected from the pairings."""
    tiebreaks: tuple[str, ...] = ()
    """The tie-break list the source states (TRF-26 202), as written."""
    records: tuple[tuple[str, str], ...] = ()
    """Other records of the source kept as written (code, content), so that writing it back loses nothing."""

    def record(self, code: str) -> str:
        """The content of the first kept record of a code, stripped (TRF ``032`` the federation, ``102`` the
        chief arbiter), ``""`` when there is none.

        >>> EventInfo(records=(("102", " IA Gerry Graham "),)).record("102")
        'IA Gerry Graham'
        """
        return next((content.strip() for found, content in self.records if found == code), "")

    @property
    def info(self) -> EventInfo:
        """These fields alone (of a :class:`Tournament`: without its players)."""
        if type(self) is EventInfo:
            return self
        return EventInfo(**{name: getattr(self, name) for name in EVENT_FIELDS})


EVENT_FIELDS = tuple(EventInfo.__dataclass_fields__)
"""The names of the event's fields, in their order."""


@dataclass(frozen=True, slots=True)
class Tournament(EventInfo):
    """An individual event: its players and every round's results, with the event's fields of
    :class:`EventInfo` (given by keyword).

    ``kind`` is what the source or the user stated; :attr:`event_kind` falls
    back on detection from the pairings.

    >>> Tournament((), 0, name="Club Open").info == EventInfo(name="Club Open")
    True
    """

    players: tuple[Player, ...]
    """The players in start-number order, numbered 1…n without gaps."""
    rounds: int
    """Number of rounds of the event (played or scheduled)."""

    @classmethod
    def of(cls, info: EventInfo, players: tuple[Player, ...], rounds: int) -> Tournament:
        """The tournament of some players and rounds, with the fields of an :class:`EventInfo`."""
        return cls(players, rounds, **{name: getattr(info, name) for name in EVENT_FIELDS})

    def __post_init__(self) -> None:
        for index, player in enumerate(self.players, start=1):
            if player.start != index:
                raise PairingError(f"players must be numbered 1..n, found {player.start!r} at {index}")
            if len(player.entries) != self.rounds:
                raise PairingError(f"player {player.start} has {len(player.entries)} rounds, expected {self.rounds}")

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def player(self, start: StartNo) -> Player:
        """The player with this start number."""
        return self.players[start - 1]

    @property
    def played_rounds(self) -> int:
        """The number of rounds in which at least one result is known."""
        last = 0
        for player in self.players:
            for entry in player.entries:
                if entry.kind.is_finished and entry.round > last:
                    last = entry.round
        return last

    @property
    def unfinished_games(self) -> int:
        """Games paired but without a result (PGN ``*``, TRF ``?``): while any, the standings are provisional."""
        return sum(
            1
            for player in self.players
            for entry in player.entries
            if entry.kind is ResultKind.NOT_PLAYED and entry.opponent is not None and entry.opponent > player.start
        )

    @property
    def event_kind(self) -> EventKind:
        """Round robin when stated, or when everyone meets everyone the same number of times."""
        if self.kind is not None:
            return self.kind
        return EventKind.ROUND_ROBIN if self.meetings_per_pair() else EventKind.SWISS

    def meetings_per_pair(self) -> int:
        """How often every pair is scheduled to meet, or 0 when that is not the same for all pairs."""
        n = len(self.players)
        if n < 2:
            return 0
        counts: dict[tuple[int, int], int] = {}
        for player in self.players:
            for entry in player.entries:
                if entry.opponent is not None and entry.opponent > player.start:
                    key = (player.start, entry.opponent)
                    counts[key] = counts.get(key, 0) + 1
        if len(counts) != n * (n - 1) // 2:
            return 0
        values = set(counts.values())
        return values.pop() if len(values) == 1 else 0

    def with_kind(self, kind: EventKind | None) -> Tournament:
        """The same event with its kind stated."""
        return replace(self, kind=kind)
