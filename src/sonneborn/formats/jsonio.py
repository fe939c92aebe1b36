"""Sonneborn's own JSON format: the event with every round, read and written without loss.

The document is the one ``sonneborn standings -f json`` writes (see
:mod:`sonneborn.render.json`) plus a ``"tournament"`` object holding the
records the standings are computed from (``sonneborn convert IN OUT.json``
and ``-f json --with-event`` write it). Reading takes the ``"tournament"``
object only; the standings beside it are derived and ignored. The schema is
documented in ``docs/json.md``.

>>> from sonneborn.model import Colour, Entry, Player, ResultKind as K
>>> event = Tournament(
...     players=(
...         Player(1, "Adams, Ann", (Entry(1, 2, Colour.WHITE, K.WIN),)),
...         Player(2, "Brown, Bob", (Entry(1, 1, Colour.BLACK, K.LOSS),), rating=1850),
...     ),
...     rounds=1,
...     name="Club championship",
... )
>>> text = write_json(event)
>>> read_json(text) == event
True
>>> player = tournament_data(event)["players"][1]
>>> player["rating"], player["rounds"]
(1850, [{'round': 1, 'opponent': 1, 'colour': 'b', 'result': '0'}])
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from sonneborn.errors import InputError, InputWarning, Warn, log_warning, shown
from sonneborn.event import ALONE, CODE, COLOUR_CODE, NO_PLAYER, UNANSWERED, unmirrored
from sonneborn.formats.lines import SHOWN_DUPLICATES, duplicates, more_duplicates, unheld_rounds
from sonneborn.formats.reports import WRITE_EVENT, on_page
from sonneborn.messages import N_, Message, said
from sonneborn.model import (
    Colour,
    Entry,
    EventInfo,
    EventKind,
    Player,
    PointSystem,
    ResultKind,
    Tournament,
    within_point_bound,
)

__all__ = ["read_json", "tournament_data", "write_json"]


_T = TypeVar("_T")
_Where = tuple[str | int, ...]
"""A JSON path: object keys and array indices from the document's root."""

_COLOURS = {Colour.WHITE: "w", Colour.BLACK: "b", Colour.UNKNOWN: None}
_READ_COLOURS: dict[str | None, Colour] = {
    "w": Colour.WHITE,
    "b": Colour.BLACK,
    "-": Colour.UNKNOWN,
    None: Colour.UNKNOWN,
}
_RESULTS = {kind.value: kind for kind in ResultKind}
_KINDS: dict[str | None, EventKind | None] = {kind.value: kind for kind in EventKind}
_KINDS[None] = None
_AT_MOST = N_("expected a number of at most {count} digits, found {found}")
_JSON_REASONS = {
    "Expecting value": N_("expecting value"),
    "Expecting property name enclosed in double quotes": N_("expecting property name enclosed in double quotes"),
    "Expecting ',' delimiter": N_("expecting ',' delimiter"),
    "Expecting ':' delimiter": N_("expecting ':' delimiter"),
    "Extra data": N_("extra data (expected the end of the document)"),
    "Unterminated string starting at": N_("unterminated string starting at"),
}
"""The messages of :mod:`json` without a value, as messages of their own (a language writes them), saying what
was expected where :mod:`json` does not; any other is shown as :mod:`json` words it."""
_NUMBER_TEXT = re.compile(r"-?\d+(?:/\d+|\.\d+)?")
_DIGITS = 50
"""Digits a point value's denominator may have: exact beyond need, and quick to compute with."""
_WHOLE_DIGITS = 15
"""Digits of a whole number (rounds, ratings, FIDE ids) and before the point of a point value: sums of
products of points (Sonneborn-Berger, NNSB) stay far within what the renderers print exactly."""
_POINT_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_bye",
    "half_bye",
    "zero_bye",
)
_TOURNAMENT_KEYS = (
    "name",
    "city",
    "start_date",
    "end_date",
    "event_type",
    "rounds",
    "round_dates",
    "kind",
    "point_system",
    "tiebreaks",
    "records",
    "players",
    "teams",
)
_PLAYER_KEYS = (
    "start",
    "name",
    "title",
    "sex",
    "rating",
    "federation",
    "fide_id",
    "birth_date",
    "recorded_points",
    "recorded_rank",
    "recorded_tiebreaks",
    "adjustment",
    "club",
    "rounds",
)
_ROUND_KEYS = ("round", "opponent", "colour", "result", "points")


def json_number(value: Fraction) -> int | float | str:
    """An exact value as JSON: an integer, a decimal number that reads back exactly, else ``"p/q"``.

    >>> json_number(Fraction(3)), json_number(Fraction(1, 10)), json_number(Fraction(1, 3))
    (3, 0.1, '1/3')
    """
    if value.denominator == 1:
        return value.numerator
    number = float(value)
    if Fraction(repr(number)) == value:
        return number
    return f"{value.numerator}/{value.denominator}"


def tournament_data(tournament: Tournament) -> dict[str, Any]:
    """The ``"tournament"`` object: everything needed to rebuild the event, as plain data.

    Player fields at their defaults (empty, ``null``, no points adjustment)
    and round ``points`` that the point system gives are left out.
    """
    system = tournament.point_system
    return {
        "name": tournament.name,
        "city": tournament.city,
        "start_date": tournament.start_date,
        "end_date": tournament.end_date,
        "event_type": tournament.event_type,
        "rounds": tournament.rounds,
        "round_dates": list(tournament.round_dates),
        "kind": None if tournament.kind is None else tournament.kind.value,
        "point_system": {
            name: None if getattr(system, name) is None else json_number(getattr(system, name))
            for name in _POINT_FIELDS
        },
        "tiebreaks": list(tournament.tiebreaks),
        "records": [[code, content] for code, content in tournament.records],
        "players": [_player_data(player) for player in tournament.players],
    }


def _player_data(player: Player) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key in _PLAYER_KEYS[:-1]:
        value = getattr(player, key)
        if key in ("start", "name"):
            data[key] = value
        elif isinstance(value, Fraction):
            if key != "adjustment" or value:
                data[key] = json_number(value)
        elif key == "recorded_tiebreaks":
            if value:
                data[key] = [[code, json_number(number)] for code, number in value]
        elif value not in ("", None):
            data[key] = value
    data["rounds"] = [_entry_data(entry) for entry in player.entries]
    return data


def _entry_data(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {
        "round": entry.round,
        "opponent": entry.opponent,
        "colour": _COLOURS[entry.colour],
        "result": entry.kind.value,
    }
    if entry.points is not None:
        data["points"] = json_number(entry.points)
    return data


def write_json(tournament: Tournament, standings_data: dict[str, Any] | None = None) -> str:
    """The JSON document of an event: the standings (when given) and the ``"tournament"`` object.

    ``standings_data`` is what :func:`sonneborn.render.json.standings_data`
    returns; its keys come first, unchanged.
    """
    document = {**(standings_data or {}), "tournament": tournament_data(tournament)}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def read_json(text: str, *, path: str = "<input>", warn: Warn = log_warning) -> Tournament:
    """Reads the event of a JSON document with a ``"tournament"`` object.

    Raises :exc:`InputError` with the line and column of the problem for
    text that is not JSON, and with the JSON path of the value (and its
    position) for a document that breaks the schema or whose pairings
    contradict each other.

    >>> read_json('{"standings": []}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sonneborn.errors.InputError: <input>:1:1: no 'tournament' object, only 'standings': standings alone cannot ...
    """
    return _Reader(text, path, warn).read()


class _Reader:
    """Reads one document, locating each problem in the text."""

    def __init__(self, text: str, path: str, warn: Warn) -> None:
        self.text = text
        self.path = path
        self.warn = warn

    def error(self, where: _Where, message: str | Message) -> InputError:
        line, column = _locate(self.text, where)
        placed = Message.of(N_("{path}: {message}"), path=_dotted(where), message=said(message)) if where else message
        return InputError(placed, path=self.path, line=line, column=column)

    def read(self) -> Tournament:
        document = self.document()
        teams = document["tournament"].get("teams") if isinstance(document["tournament"], dict) else None
        if teams is not None:
            message = Message(
                N_("a team competition: read_json reads individual events (read_json_teams reads this one)")
            )
            raise self.error(("tournament", "teams"), message)
        return self.tournament(document["tournament"], ("tournament",))

    def document(self) -> dict[str, Any]:
        """The parsed document, an object with a ``"tournament"`` key."""
        try:
            # Decimal keeps a number's written digits, so 0.1 reads as exactly 1/10.
            document = json.loads(self.text, parse_float=Decimal)
        except json.JSONDecodeError as error:
            known = _JSON_REASONS.get(error.msg)
            reason = Message(known) if known is not None else f"{error.msg[:1].lower()}{error.msg[1:]}"
            raise InputError(
                Message.of(N_("not valid JSON: {reason}"), reason=reason),
                path=self.path,
                line=error.lineno,
                column=error.colno,
            ) from None
        except ValueError as error:  # an integer of more digits than Python converts
            message = str(error).split(":")[0].lower()
            invalid = Message.of(N_("not valid JSON: {reason}"), reason=message)
            raise InputError(invalid, path=self.path, line=1, column=1) from None
        except RecursionError:
            nested = Message(N_("not valid JSON: nested too deeply (expected an event, a few levels deep)"))
            raise InputError(nested, path=self.path, line=1, column=1) from None
        if not isinstance(document, dict):
            template = N_("expected a JSON object with a 'tournament' key, found {found}")
            raise self.error((), Message.of(template, found=_found(document)))
        if "tournament" not in document:
            if "standings" in document:
                template = N_(
                    "no 'tournament' object, only 'standings': standings alone cannot be ranked again, they "
                    "hold no games ({message})"
                )
                refused = self.error((), Message.of(template, message=WRITE_EVENT))
                refused.page = on_page(refused.text)  # the page names its Download button, not the commands
                raise refused
            raise self.error((), Message(N_("expected a JSON object with a 'tournament' key")))
        return document

    def tournament(self, value: Any, where: _Where) -> Tournament:
        data = self.fields(value, where, _TOURNAMENT_KEYS, required=("players",))
        rounds = self.integer(data, where, "rounds")
        if rounds is not None and rounds < 0:
            raise self.error(
                (*where, "rounds"), Message.of(N_("expected a number of rounds, found {found}"), found=rounds)
            )
        header = EventInfo(
            name=self.optional_string(data, where, "name"),
            city=self.string(data, where, "city"),
            start_date=self.string(data, where, "start_date"),
            end_date=self.string(data, where, "end_date"),
            event_type=self.string(data, where, "event_type"),
            round_dates=self.items(data, where, "round_dates", self.text_item),
            kind=self.choice(data, where, "kind", _KINDS),
            point_system=self.point_system(data.get("point_system"), (*where, "point_system")),
            tiebreaks=self.items(data, where, "tiebreaks", self.text_item),
            records=self.items(data, where, "records", self.record),
        )
        players = self.items(data, where, "players", self.player)
        if rounds is None:
            rounds = max((len(player.entries) for player in players), default=0)
        unheld = None if players else unheld_rounds(rounds, 0, 0)
        if unheld is not None:  # with players, each one's rounds hold a result a round
            raise self.error((*where, "rounds"), unheld)
        for index, player in enumerate(players):
            if len(player.entries) != rounds:
                count = len(player.entries)
                message = Message.ngettext(
                    "expected {number} rounds, found {found}",
                    "expected {number} rounds, found {found}",
                    rounds,
                    number=rounds,
                    found=count,
                )
                raise self.error((*where, "players", index, "rounds"), message)
        self.check_pairings(players, where)
        found = duplicates([player.fide_id or player.name for player in players])
        more = more_duplicates(found, self.path)
        for index, first, key in found[:SHOWN_DUPLICATES]:  # each is located from the start of the text
            at = (*where, "players", index, "fide_id" if isinstance(key, int) else "name")
            line, column = _locate(self.text, at)
            template = (
                N_("player {number} has the same FIDE id as player {number2}, {name} (is he entered twice?)")
                if isinstance(key, int)
                else N_("player {number} has the same name as player {number2}, {name} (is he entered twice?)")
            )
            named = shown(key) if isinstance(key, str) else key
            twice = Message.of(template, number=index + 1, number2=first + 1, name=named)
            self.warn(
                InputWarning(
                    Message.of(N_("{path}: {message}"), path=_dotted(at), message=twice), self.path, line, column
                )
            )
        if more is not None:
            self.warn(more)
        return Tournament.of(header, players, rounds)

    def point_system(self, value: Any, where: _Where) -> PointSystem:
        if value is None:
            return PointSystem()
        data = self.fields(value, where, _POINT_FIELDS)
        values = {name: self.points(data[name], (*where, name)) for name in _POINT_FIELDS if data.get(name) is not None}
        return PointSystem(**values)

    def player(self, value: Any, where: _Where) -> Player:
        data = self.fields(value, where, _PLAYER_KEYS, required=("name",))
        start = where[-1] + 1 if isinstance(where[-1], int) else 0
        stated = self.integer(data, where, "start")
        if stated is not None and stated != start:
            template = N_("expected start number {number} (players in start order), found {found}")
            raise self.error((*where, "start"), Message.of(template, number=start, found=stated))
        entries = tuple(
            self.entry(item, (*where, "rounds", index)) for index, item in enumerate(self.array(data, where, "rounds"))
        )
        return Player(
            start=start,
            name=self.string(data, where, "name"),
            entries=entries,
            title=self.string(data, where, "title"),
            sex=self.string(data, where, "sex"),
            rating=self.integer(data, where, "rating", least=0),  # 0: unrated
            federation=self.string(data, where, "federation"),
            fide_id=self.integer(data, where, "fide_id", least=0),
            birth_date=self.string(data, where, "birth_date"),
            recorded_points=self.optional_number(data, where, "recorded_points"),
            recorded_rank=self.integer(data, where, "recorded_rank", least=0),
            recorded_tiebreaks=self.items(data, where, "recorded_tiebreaks", self.tiebreak_value),
            adjustment=self.optional_number(data, where, "adjustment") or Fraction(0),
            club=self.string(data, where, "club"),
        )

    def entry(self, value: Any, where: _Where) -> Entry:
        data = self.fields(value, where, _ROUND_KEYS, required=("result",))
        round_no = where[-1] + 1 if isinstance(where[-1], int) else 0
        stated = self.integer(data, where, "round")
        if stated is not None and stated != round_no:
            template = N_("expected round {round} (rounds in order), found {found}")
            raise self.error((*where, "round"), Message.of(template, round=round_no, found=stated))
        opponent = self.integer(data, where, "opponent")
        colour = self.choice(data, where, "colour", _READ_COLOURS)
        kind = self.choice(data, where, "result", _RESULTS)
        if opponent is not None and kind.is_bye:
            template = N_("a bye ({bye}) cannot have an opponent, found {found} (expected null)")
            raise self.error((*where, "opponent"), Message.of(template, bye=repr(kind.value), found=opponent))
        if opponent is None and kind.is_played:
            template = N_("result {result} needs an opponent, found null (expected a start number)")
            raise self.error((*where, "opponent"), Message.of(template, result=repr(kind.value)))
        return Entry(
            round=round_no,
            opponent=opponent,
            colour=colour,
            kind=kind,
            points=self.optional_points(data, where, "points"),
        )

    def check_pairings(self, players: Sequence[Player], where: _Where) -> None:
        """Raises at the first game (by player, then round) that the opponent's round does not mirror
        (:func:`~sonneborn.event.unmirrored`)."""
        count = len(players)
        rounds = max((len(player.entries) for player in players), default=0)
        opponent = np.full((count, rounds), -1, dtype=np.int64)
        kind = np.zeros((count, rounds), dtype=np.int8)
        colour = np.zeros((count, rounds), dtype=np.int8)
        for index, player in enumerate(players):
            for column, entry in enumerate(player.entries):
                if entry.opponent is not None:  # a number that is no start number is no player: −2
                    opponent[index, column] = entry.opponent - 1 if 1 <= entry.opponent <= count else -2
                kind[index, column] = CODE[entry.kind]
                colour[index, column] = COLOUR_CODE[entry.colour]
        found = unmirrored(opponent, kind, colour)
        if not len(found):
            return
        index, column, why = int(found.rows[0]), int(found.columns[0]), int(found.why[0])
        player = players[index]
        entry = player.entries[column]
        at = (*where, "players", index, "rounds", column)
        if why == ALONE:
            template = N_("player {number} is paired against himself (expected another player's start number)")
            raise self.error((*at, "opponent"), Message.of(template, number=player.start))
        if why == NO_PLAYER:
            template = N_("expected an opponent's start number ({first} to {last}), found {found}")
            raise self.error((*at, "opponent"), Message.of(template, first=1, last=count, found=str(entry.opponent)))
        other = players[int(opponent[index, column])].entries[column]
        if why == UNANSWERED:
            template = N_(
                "player {number} has {result} against {opponent}, but player {number2} has {other} against "
                "{number3} (expected {expected})"
            )
            expected = Message.of(N_("{result} against {number}"), result=_mirror(entry.kind), number=player.start)
            mismatch = Message.of(
                template,
                number=player.start,
                result=repr(entry.kind.value),
                opponent=str(entry.opponent),
                number2=str(entry.opponent),
                other=repr(other.kind.value),
                number3=_found(other.opponent),
                expected=expected,
            )
            raise self.error(at, Message.of(N_("round {round}: {message}"), round=entry.round, message=mismatch))
        colour_text = _COLOURS[entry.colour]
        template = N_("players {number} and {number2} both have colour {colour} (expected w and b)")
        message = Message.of(template, number=player.start, number2=str(entry.opponent), colour=repr(colour_text))
        raise self.error((*at, "colour"), message)

    # Values of one type.

    def fields(
        self, value: Any, where: _Where, keys: Sequence[str], *, required: Sequence[str] = (), owner: str = ""
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(where, Message.of(N_("expected an object, found {found}"), found=_found(value)))
        for key in value:
            if key not in keys:
                template = N_("unknown key {key} (expected one of {keys})")
                raise self.error((*where, key), Message.of(template, key=repr(key), keys=", ".join(keys)))
        for key in required:
            if key not in value:
                owners: dict[tuple[str, ...], str] = {
                    _TOURNAMENT_KEYS: N_("missing key {key} (expected in the tournament)"),
                    _PLAYER_KEYS: N_("missing key {key} (expected in every player)"),
                }
                template = owner or owners.get(tuple(keys), N_("missing key {key} (expected in every round)"))
                raise self.error(where, Message.of(template, key=repr(key)))
        return value

    def array(self, data: dict[str, Any], where: _Where, key: str) -> list[Any]:
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.error((*where, key), Message.of(N_("expected an array, found {found}"), found=_found(value)))
        return value

    def items(self, data: dict[str, Any], where: _Where, key: str, item: Callable[[Any, _Where], _T]) -> tuple[_T, ...]:
        return tuple(item(value, (*where, key, index)) for index, value in enumerate(self.array(data, where, key)))

    def string(self, data: dict[str, Any], where: _Where, key: str) -> str:
        value = data.get(key)
        return "" if value is None else self.text_item(value, (*where, key))

    def optional_string(self, data: dict[str, Any], where: _Where, key: str) -> str | None:
        value = data.get(key)
        return None if value is None else self.text_item(value, (*where, key))

    def text_item(self, value: Any, where: _Where) -> str:
        if not isinstance(value, str):
            raise self.error(where, Message.of(N_("expected a string, found {found}"), found=_found(value)))
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            template = N_("expected text, found the lone surrogate {found}")
            raise self.error(where, Message.of(template, found=repr(value[error.start]))) from None
        return value

    def integer(self, data: dict[str, Any], where: _Where, key: str, *, least: int | None = None) -> int | None:
        """A whole number of the data, ``None`` when absent; ``least`` the smallest it may be."""
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(
                (*where, key), Message.of(N_("expected a whole number, found {found}"), found=_found(value))
            )
        if abs(value) >= 10**_WHOLE_DIGITS:
            template = N_("expected a whole number of at most {count} digits, found {found}")
            raise self.error((*where, key), Message.of(template, count=_WHOLE_DIGITS, found=_found(value)))
        if least is not None and value < least:
            template = N_("expected a whole number of at least {number}, found {found}")
            raise self.error((*where, key), Message.of(template, number=least, found=_found(value)))
        return value

    def optional_number(self, data: dict[str, Any], where: _Where, key: str) -> Fraction | None:
        value = data.get(key)
        return None if value is None else self.number(value, (*where, key))

    def number(self, value: Any, where: _Where) -> Fraction:
        number: Fraction | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = Fraction(value)
        elif isinstance(value, Decimal) and value.is_finite():
            # Thousands of digits, or a huge exponent, would take ages to expand and to compute with.
            if len(value.as_tuple().digits) > 2 * _DIGITS or not -2 * _DIGITS <= value.adjusted() <= _DIGITS:
                raise self.error(where, Message.of(_AT_MOST, count=_DIGITS, found=_found(value)))
            number = Fraction(value)
        elif isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
            if len(value) > 2 * _DIGITS + 2:
                raise self.error(where, Message.of(_AT_MOST, count=_DIGITS, found=_found(value)))
            with contextlib.suppress(ValueError, ZeroDivisionError):
                number = Fraction(value)
        if number is None:
            template = N_('expected a number or a fraction such as "1/3", found {found}')
            raise self.error(where, Message.of(template, found=_found(value)))
        if abs(number) >= 10**_WHOLE_DIGITS:
            template = N_("expected a number of at most {count} digits before the point, found {found}")
            raise self.error(where, Message.of(template, count=_WHOLE_DIGITS, found=_found(value)))
        if number.denominator >= 10**_DIGITS:
            raise self.error(where, Message.of(_AT_MOST, count=_DIGITS, found=_found(value)))
        return number

    def optional_points(self, data: dict[str, Any], where: _Where, key: str) -> Fraction | None:
        value = data.get(key)
        return None if value is None else self.points(value, (*where, key))

    def points(self, value: Any, where: _Where) -> Fraction:
        """A point value (of the point system, a round, an adjustment), bounded as ``--points`` bounds it."""
        number = self.number(value, where)
        if not within_point_bound(number):
            template = N_(
                "expected a point value such as 3, 0.5 or 1/3 (at most 6 digits before and after the point), "
                "found {found}"
            )
            raise self.error(where, Message.of(template, found=_found(value)))
        return number

    def choice(self, data: dict[str, Any], where: _Where, key: str, values: dict[Any, _T]) -> _T:
        value = data.get(key)
        if not isinstance(value, str | None) or value not in values:
            shown = " ".join("null" if name is None else name for name in values)
            message = Message.of(N_("expected one of {values}, found {found}"), values=shown, found=_found(value))
            raise self.error((*where, key), message)
        return values[value]

    def record(self, value: Any, where: _Where) -> tuple[str, str]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.error(
                where, Message.of(N_("expected a [code, content] pair, found {found}"), found=_found(value))
            )
        return self.text_item(value[0], (*where, 0)), self.text_item(value[1], (*where, 1))

    def tiebreak_value(self, value: Any, where: _Where) -> tuple[str, Fraction]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.error(where, Message.of(N_("expected a [code, value] pair, found {found}"), found=_found(value)))
        return self.text_item(value[0], (*where, 0)), self.number(value[1], (*where, 1))


def _found(value: Any) -> str | Message:
    """A value as the message quotes it (JSON's own words, or what it is)."""
    if isinstance(value, str):
        return shown(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return Message(N_("an object"))
    if isinstance(value, list):
        return Message(N_("an array"))
    if isinstance(value, float):  # only NaN and the infinities are left as floats
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}[repr(value)]
    return shown(str(value), quoted=False)


def _mirror(kind: ResultKind) -> str:
    """The results the opponent may have of a game, quoted."""
    if kind is ResultKind.FORFEIT_LOSS:
        return "'+' or '-'"
    return repr(kind.complement.value)


def _dotted(where: _Where) -> str:
    """A JSON path as written in messages: ``tournament.players[3].rounds[2].result``.

    >>> _dotted(("tournament", "players", 3, "odd key"))
    "tournament.players[3]['odd key']"
    """
    text = ""
    for part in where:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not _KEY.fullmatch(part):
            text += f"[{shown(part)}]"
        else:
            text += f".{part}" if text else part
    return text


_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _locate(text: str, where: _Where) -> tuple[int, int]:
    """The line and column of the value at a JSON path, or of the deepest part of it found."""
    position = _skip(text, 0)
    for part in where:
        found = _child(text, position, part)
        if found is None:
            break
        position = found
    line = text.count("\n", 0, position) + 1
    return line, position - text.rfind("\n", 0, position)


def _child(text: str, position: int, part: str | int) -> int | None:
    """The position of a key's value (the last, as JSON keeps) or of an array's item, else ``None``."""
    skip = functools.partial(_skip, text)
    try:
        if isinstance(part, str) and text.startswith("{", position):
            found = None
            at = skip(position + 1)
            while text.startswith('"', at):
                key, at = _DECODER.raw_decode(text, at)
                at = skip(skip(at) + 1)
                if key == part:
                    found = at
                _, at = _DECODER.raw_decode(text, at)
                at = skip(at)
                if not text.startswith(",", at):
                    break
                at = skip(at + 1)
            return found
        if isinstance(part, int) and text.startswith("[", position):
            at = skip(position + 1)
            for _ in range(part):
                _, at = _DECODER.raw_decode(text, at)
                at = skip(skip(at) + 1)
            return at
    except (ValueError, RecursionError):
        return None
    return None


def _skip(text: str, at: int) -> int:
    """The position after the JSON whitespace at ``at``."""
    match = _WHITESPACE.match(text, at)
    return match.end() if match else at
