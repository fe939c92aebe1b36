"""The sum behind every value: each tie-break shown the way it was worked out.

The derivations come from the kernels' own per-round elements (the
opponent's adjusted score, the dummy and its cap, the Art. 16 category, what
was cut), so the sum shown is by construction the value in the standings.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import rank, parse_list
>>> standings = rank(seed_event(), parse_list("SB"))
>>> print(explain_value(standings, 1, "SB"))  # doctest: +ELLIPSIS
SB 69.5 = ½×11 (Zagorovsky) + ½×10.5 (Kosenkov) + 1×8.5 (Khasin) + ... + 1×1 (Nun)
>>> find_player(standings.event, "sloth"), find_player(standings.event, "15")
(1, 15)
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import compress
from operator import not_
from weakref import WeakKeyDictionary

import numpy as np

from sonneborn.errors import OptionError, shown
from sonneborn.event import Event, Ints
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message, Number
from sonneborn.model import EventKind, StartNo
from sonneborn.numbers import ratio_text
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import Value
from sonneborn.tiebreaks.column import Column, Derivations
from sonneborn.words import words

LISTED_PLAYERS = 10
"""The candidates a message about an ambiguous name lists."""


def find_player(event: Event, text: str, *, option: str = "player", noun: str = "player") -> StartNo:
    """The start number of the player a text names: his start number, or his name or a part of it, case,
    accents and punctuation aside (``muller`` finds ``Müller, Jörg``).

    The whole name is taken first, then a part that is whole words (``Lee`` is ``Lee, Alice`` rather than
    ``Leeds, Bob``), then any part; among several players of the first of these that matches any, the text
    names none. Raises :class:`~sonneborn.errors.OptionError` (naming ``option``) for a number that is no
    start number, a text that no name holds, or one that several hold, listing them. ``noun="team"`` finds a
    team among a team event's rows (its number, its name) and words the messages for teams, listing the
    teams when a text names none.

    >>> from sonneborn.pipeline import read
    >>> teams = read("tests/data/teams/four_clubs_trf26.trf").competitors
    >>> find_player(teams, "gam", noun="team")
    3
    >>> try:
    ...     find_player(teams, "zeta", option="team", noun="team")
    ... except OptionError as error:
    ...     print(str(error).replace(" (", "\\n("))
    no team's name contains 'zeta'
    (give a team number from 1 to 4, or a part of a team's name: 1 'Alpha', 2 'Beta', 3 'Gamma', 4 'Delta')
    """
    wanted = text.strip()
    count = event.players
    team = noun == "team"
    choose: Message
    if team:  # a team event has few rows: name them, as many as a line holds
        named: list[str | int | Message | Number] = [
            Message.joined([row + 1, shown(name, 30)], " ") for row, name in enumerate(event.roster.names[:20])
        ]
        template = N_("give a team number from {first} to {last}, or a part of a team's name: {teams}")
        choose = Message.of(template, first=1, last=count, teams=Message.joined(named + (["…"] if count > 20 else [])))
    else:
        choose = Message.of(N_("give a start number from {first} to {last}, or a part of a name"), first=1, last=count)
    if not wanted:
        template = (
            N_("expected a team number from 1 to {last} or a part of a name, found nothing")
            if team
            else N_("expected a start number from 1 to {last} or a part of a name, found nothing")
        )
        raise OptionError(Message.of(template, last=count), option=option)
    if wanted.isascii() and wanted.isdigit():
        start = int(wanted) if len(wanted) <= 18 else 0
        if 1 <= start <= count:
            return start
        number = wanted if len(wanted) <= 18 else f"{len(wanted):,}"
        if len(wanted) > 18:
            template = (
                N_("no team has the number of {number} digits ({message})")
                if team
                else N_("no player has the start number of {number} digits ({message})")
            )
        else:
            template = (
                N_("no team has the number {number} ({message})")
                if team
                else N_("no player has the start number {number} ({message})")
            )
        raise OptionError(Message.of(template, number=number, message=choose), option=option)
    key = words(wanted)
    names = [words(name) for name in event.roster.names]
    whole = re.compile(rf"(?<!\w){re.escape(key)}(?!\w)")
    found: list[int] = []
    for matches in (lambda name: name == key, lambda name: whole.search(name) is not None, lambda name: key in name):
        found = [row for row, name in enumerate(names) if key and matches(name)]
        if found:
            break
    if len(found) == 1:
        return found[0] + 1
    if not found:
        template = (
            N_("no team's name contains {text} ({message})")
            if team
            else N_("no player's name contains {text} ({message})")
        )
        raise OptionError(Message.of(template, text=shown(wanted), message=choose), option=option)
    listed: list[str | int | Message | Number] = [
        Message.of(N_("{name} (no. {number})"), name=shown(event.roster.names[row]), number=row + 1)
        for row in found[:LISTED_PLAYERS]
    ]
    if len(found) > LISTED_PLAYERS:
        listed.append(Message.of(N_("… ({count} more)"), count=len(found) - LISTED_PLAYERS))
    template = (
        N_("{text} names {count} teams: {players} (give more of the name, or the team number)")
        if team
        else N_("{text} names {count} players: {players} (give more of the name, or the start number)")
    )
    players = Message.joined(listed)
    raise OptionError(Message.of(template, text=shown(wanted), count=len(found), players=players), option=option)


def _sentence(
    label: str,
    number: str | None,
    shown: Sequence[str],
    cut: Sequence[str],
    mean: bool,
    note: str,
    lang: Language,
    write: Callable[[str], str],
) -> str:
    """A derivation in words: ``SB 69.5 = ½×11 (Zagorovsky) + …``, the addends ``shown`` summed (or averaged)
    and those ``cut`` named after them, in a language (its words, its numbers' decimal sign): ``write`` is its
    :meth:`~sonneborn.languages.Language.phrases`."""
    if lang is not ENGLISH:  # the phrases written from their templates; English writes them as they are
        number = None if number is None else lang.number(number)
        shown, cut, note = list(map(write, shown)), list(map(write, cut)), write(note)
    if number is None:
        if note:
            return lang.format(N_("{label} has no value: {note}"), label=label, note=note)
        return lang.format(N_("{label} has no value"), label=label)
    text = f"{label} {number}"
    if shown or cut:
        joined = " + ".join(shown) or "0"
        text += f" = ({joined}) / {len(shown)}" if mean else f" = {joined}"
        if cut:
            text += lang.format(N_("; cut: {addends}"), addends=", ".join(cut))
        if note:
            text += f" ({note})"
    elif note:
        text += f": {note}"
    return text


def _label(code: str) -> str:
    return code.split("#")[0]


def format_value(
    kind: EventKind, code: str, value: Value, lang: Language = ENGLISH, write: Callable[[str], str] | None = None
) -> str:
    """One value with its derivation, e.g. ``SB 69.5 = ½×11 (Zagorovsky) + …``, in a language (``write``: its
    :meth:`~sonneborn.languages.Language.phrases`, when many values are written).

    A Swiss event's addends read round by round, the order the kernels give; a round robin's best in the
    crosstable's order, by opponent.
    """
    write = write or lang.phrases()
    number = value.number
    shown_number = None if number is None else ratio_text(number.numerator, number.denominator)
    terms = value.terms
    if terms is None or not terms.texts:
        return _sentence(_label(code), shown_number, (), (), value.mean, value.note, lang, write)
    texts, kept, rounds, opponents = terms.texts, terms.kept, terms.rounds, terms.opponents
    if kind is EventKind.ROUND_ROBIN:
        order = sorted(range(len(rounds)), key=lambda i: (opponents[i] or 0, rounds[i]))
        texts = [texts[i] for i in order]
        kept = None if kept is None else [kept[i] for i in order]
    if kept is None:
        return _sentence(_label(code), shown_number, texts, (), value.mean, value.note, lang, write)
    cut = list(compress(texts, map(not_, kept)))
    return _sentence(_label(code), shown_number, list(compress(texts, kept)), cut, value.mean, value.note, lang, write)


def _format_many(
    kind: EventKind, code: str, column: Column, rows: Ints, found: Derivations, lang: Language
) -> list[str]:
    """:func:`format_value` of many rows at once, from their derivations as arrays."""
    texts, shown, kept = found.texts, found.shown, found.kept
    if kind is EventKind.ROUND_ROBIN and texts.shape[1] > 1:
        by_opponent = found.opponents * (int(found.rounds.max(initial=0)) + 1) + found.rounds
        order = np.argsort(by_opponent, axis=1, kind="stable")
        texts, shown = np.take_along_axis(texts, order, axis=1), np.take_along_axis(shown, order, axis=1)
        kept = None if kept is None else np.take_along_axis(kept, order, axis=1)
    label, mean = _label(code), found.mean
    present = column.present[rows].tolist()
    numbers = _number_texts(column, rows)
    notes = [found.notes] * len(present) if isinstance(found.notes, str) else found.notes
    text_rows = texts.tolist()
    keeps = (shown if kept is None else shown & kept).tolist()
    cuts = None if kept is None else (shown & ~kept).tolist()
    out, write = [], lang.phrases()
    for index, (row_texts, keep) in enumerate(zip(text_rows, keeps, strict=True)):
        number = numbers[index] if present[index] else None
        cut = list(compress(row_texts, cuts[index])) if cuts is not None else ()
        out.append(_sentence(label, number, list(compress(row_texts, keep)), cut, mean, notes[index], lang, write))
    return out


def _number_texts(column: Column, rows: Ints) -> list[str]:
    """Every row's value as a derivation shows it (``ratio_text`` remembers the values it has written)."""
    return list(map(ratio_text, column.numerator[rows].tolist(), column.denominator[rows].tolist()))


_EXPLAINED: WeakKeyDictionary[Standings, dict[tuple[str, str], list[str]]] = WeakKeyDictionary()


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while many small objects are made: derivations make no cycles, and on
    a big event the collector's passes over the growing heap cost a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def explained(standings: Standings, code: str, lang: Language = ENGLISH) -> list[str]:
    """Every player's derivation of one column, in final order, in a language (worked out once for the
    standings and the language: the web page and the crosstable show them too)."""
    found = _EXPLAINED.setdefault(standings, {})
    key = (code, lang.code)
    if key not in found:
        column, kind, order = standings.column(code), standings.kind, standings.order
        with _without_cycle_collection():
            if column.derive_many is not None:
                found[key] = _format_many(kind, code, column, order, column.derive_many(order), lang)
            else:
                write = lang.phrases()
                found[key] = [format_value(kind, code, column.value(row), lang, write) for row in order.tolist()]
    return found[key]


def explain_value(standings: Standings, start: StartNo, code: str, lang: Language = ENGLISH) -> str:
    """The derivation of one player's value of one tie-break (``code`` a key of the standings' codes), in a
    language."""
    return format_value(standings.kind, code, standings.column(code).value(start - 1), lang)


def _heading(name: str, start: StartNo, rank: int, lang: Language) -> str:
    """``Sloth (no. 1), rank 1``: who the values are of."""
    return lang.format(N_("{name} (no. {start}), rank {rank}"), name=name, start=start, rank=rank)


def explain_player(standings: Standings, start: StartNo, lang: Language = ENGLISH) -> list[str]:
    """Every value of a player, points first, each as the sum it came from, in a language."""
    row = start - 1
    name = standings.event.roster.names[row]
    lines = [_heading(name, start, int(standings.ranks[row]), lang)]
    # The score ranked by: an individual event's PTS, a team event's MP or GP.
    primary = standings.event.table.primary
    lines.append("  " + format_value(standings.kind, primary, standings.points.value(row), lang))
    lines += ["  " + explain_value(standings, start, code, lang) for code in standings.codes]
    return lines


def explain_players(standings: Standings, lang: Language = ENGLISH) -> list[list[str]]:
    """:func:`explain_player` of every player, in final order (each column's derivations worked out once), in a
    language."""
    names, ranks = standings.event.roster.names, standings.ranks
    primary = standings.event.table.primary  # PTS, or a team event's MP or GP: the score's name, as the codes use
    columns = [explained(standings, primary, lang), *(explained(standings, code, lang) for code in standings.codes)]
    return [
        [_heading(names[row], row + 1, int(ranks[row]), lang), *("  " + texts[index] for texts in columns)]
        for index, row in enumerate(standings.order.tolist())
    ]
