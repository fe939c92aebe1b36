"""How values and places look in every table: the one place the renderers share.

Everything here works a column at a time, in final order, with integer
arithmetic: a table of a hundred thousand players is formatted in a moment.

Display widths are :mod:`sonneborn.width`'s (``display_width``, ``padded``): every fixed-width table pads by them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from weakref import WeakKeyDictionary

import numpy as np

from sonneborn.event import EXACT_LIMIT, Bools, Ints, as_wide, distinct
from sonneborn.languages import ENGLISH, Language
from sonneborn.lots import Drawing, SeededDraw
from sonneborn.messages import N_, Message
from sonneborn.numbers import exact_text, fixed_text, ratio_text, terminates
from sonneborn.ranking import Standings
from sonneborn.tiebreaks import Column, Spec, definition, full_name
from sonneborn.width import display_widths, padded

MAX_PLACES = 6


def terminal_text(text: str) -> str:
    r"""A text as a terminal may show it: control characters (an escape sequence, a bell) written escaped.

    >>> terminal_text("Ann\x1b[31m"), terminal_text("Ødegaard")
    ('Ann\\x1b[31m', 'Ødegaard')
    """
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() or char == " " else char.encode("unicode_escape").decode() for char in text
    )


def terminal_document(text: str) -> str:
    r"""A document (CSV, TRF, HTML) as a terminal may show it: :func:`terminal_text` line by line, its line
    ends (LF, CR LF) and tabs kept, which shape it and move no cursor elsewhere.

    >>> terminal_document("1,Ann\x1b]0;x\x07\r\n2,\t\"Bo\rb\"\n")
    '1,Ann\\x1b]0;x\\x07\r\n2,\t"Bo\\rb"\n'
    """
    lines = text.split("\n")
    if all(line.replace("\t", "").removesuffix("\r").isprintable() for line in lines):
        return text
    return "\n".join(_terminal_line(line) for line in lines)


def _terminal_line(line: str) -> str:
    body = line.removesuffix("\r")
    return "\t".join(map(terminal_text, body.split("\t"))) + line[len(body) :]


def padded_column(title: str, cells: list[str], *, left: bool, width: int | None = None) -> list[str]:
    """A column's title and cells padded to the column's width (the widest of them, or ``width``)."""
    texts = [title, *cells]
    sizes = display_widths(texts)
    widest = width if width is not None else max(sizes) if sizes is not None else max(map(len, texts))
    if sizes is None:  # the usual column: str.ljust and str.rjust, in C
        return [text.ljust(widest) for text in texts] if left else [text.rjust(widest) for text in texts]
    return [padded(text, widest, left=left) for text in texts]


def places_needed(values: Sequence[Fraction]) -> int:
    """Two decimals, or more when two different values would print alike (up to six).

    >>> places_needed([Fraction(1, 3), Fraction(1, 2)]), places_needed([Fraction(1, 1000), Fraction(0)])
    (2, 3)
    """
    distinct_values = set(values)
    for places in range(2, MAX_PLACES + 1):
        if len({fixed_text(v, places) for v in distinct_values}) == len(distinct_values):
            return places
    return MAX_PLACES


def _rounded(numerator: Ints, denominator: Ints, places: int) -> Ints:
    """``numerator / denominator`` × 10^places rounded half to even, in integers (as :func:`fixed_text`)."""
    scaled = numerator * 10**places
    quotient, remainder = scaled // denominator, scaled % denominator
    twice = 2 * remainder
    up = (twice > denominator) | ((twice == denominator) & (quotient % 2 == 1))
    rounded: Ints = quotient + up
    return rounded


def by_value(keys: Ints, present: Bools, text: Callable[[int], str]) -> list[str]:
    """The text of each key, each distinct key formatted once (a column holds few distinct values), an empty
    text where there is no value: the texts of a hundred thousand players in a few milliseconds."""
    if not len(keys):
        return []
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    first = np.ones(len(keys), dtype=bool)
    first[1:] = ordered[1:] != ordered[:-1]
    group = np.empty(len(keys), dtype=np.int64)
    group[order] = np.cumsum(first) - 1
    texts = np.array(["", *(text(int(key)) for key in ordered[first].tolist())], dtype=object)
    found: list[str] = texts[np.where(present, group + 1, 0)].tolist()
    return found


def _fixed(rounded: Ints, places: int) -> Callable[[int], str]:
    """The decimal text of a number given in units of 10^-places."""

    def text(value: int) -> str:
        sign = "-" if value < 0 else ""
        whole, fraction = divmod(abs(value), 10**places)
        return f"{sign}{whole}.{fraction:0{places}d}"

    return text


def fixed_texts(column: Column, rows: Ints) -> list[str]:
    """The values of some rows with two decimals, or more when two different values would print alike
    (up to six), rounded half to even; an empty text where there is no value."""
    present = column.present[rows]
    numerator, denominator = column.numerator[rows], column.denominator[rows]
    wide = numerator.dtype == object or denominator.dtype == object
    if numerator.size and (wide or int(np.abs(numerator).max()) >= EXACT_LIMIT // 10**MAX_PLACES):
        numerator, denominator = as_wide(numerator), as_wide(denominator)
    places = MAX_PLACES
    if present.any():
        count = _distinct_count(numerator[present], denominator[present])
        for candidate in range(2, MAX_PLACES + 1):
            if len(distinct(_rounded(numerator[present], denominator[present], candidate))) == count:
                places = candidate
                break
    rounded = _rounded(numerator, denominator, places)
    if rounded.dtype == object:  # rare: numbers beyond 64 bits, each written by itself
        write = _fixed(rounded, places)
        return [write(int(v)) if flag else "" for v, flag in zip(rounded.tolist(), present.tolist(), strict=True)]
    return by_value(rounded, present, _fixed(rounded, places))


def _distinct_count(numerator: Ints, denominator: Ints) -> int:
    """How many different values the fractions are."""
    if numerator.dtype == object:
        pairs = zip(numerator.tolist(), denominator.tolist(), strict=True)
        return len({Fraction(int(n), int(d)) for n, d in pairs})
    divisor = np.gcd(numerator, denominator)
    reduced_numerator, reduced_denominator = numerator // divisor, denominator // divisor
    order = np.lexsort((reduced_denominator, reduced_numerator))
    n, d = reduced_numerator[order], reduced_denominator[order]
    return int(1 + ((n[1:] != n[:-1]) | (d[1:] != d[:-1])).sum())


def _texts_of(column: Column, rows: Ints, text: Callable[[int, int], str]) -> list[str]:
    """The text of each row's value ``text(numerator, denominator)``, each distinct value formatted once."""
    numerator, denominator, present = column.numerator[rows], column.denominator[rows], column.present[rows]
    if len(denominator) and numerator.dtype != object and (denominator == denominator[0]).all():
        common = int(denominator[0])
        return by_value(numerator, present, lambda n: text(n, common))
    pairs = zip(numerator.tolist(), denominator.tolist(), present.tolist(), strict=True)
    found: dict[tuple[int, int], str] = {}
    return [found.setdefault((n, d), text(int(n), int(d))) if flag else "" for n, d, flag in pairs]


def exact_texts(column: Column, rows: Ints) -> list[str]:
    """The exact values of some rows (``69.5``, ``447/28`` where no decimal is exact), empty where none."""
    return _texts_of(column, rows, ratio_text)


def _csv_text(numerator: int, denominator: int) -> str:
    value = Fraction(numerator, denominator)
    return exact_text(value) if terminates(value) else repr(float(value))


def csv_texts(column: Column, rows: Ints) -> list[str]:
    """The values of some rows for a spreadsheet: exact where a decimal is exact, else to double precision."""
    return _texts_of(column, rows, _csv_text)


_TEXTS: WeakKeyDictionary[Standings, dict[tuple[str, str], list[str]]] = WeakKeyDictionary()
"""The texts of each column of each standings, worked out once: a page shows the values twice (in the
standings and the crosstable)."""


def _once(standings: Standings, key: tuple[str, str], make: Callable[[], list[str]]) -> list[str]:
    found = _TEXTS.setdefault(standings, {})
    if key not in found:
        found[key] = make()
    return found[key]


def place_texts(standings: Standings, *, dash: str = "-") -> list[str]:
    """The place of each player in final order, a shared place written as a range (``8-9``).

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> place_texts(rank(seed_event(), parse_list("SB")), dash="–")[6:10]
    ['7', '8–9', '8–9', '10']
    """

    def make() -> list[str]:
        ranks = standings.ranks[standings.order]
        counts = np.bincount(ranks, minlength=1)
        return [
            f"{rank}{dash}{rank + count - 1}" if count > 1 else str(rank)
            for rank, count in zip(ranks.tolist(), counts[ranks].tolist(), strict=True)
        ]

    return _once(standings, ("place", dash), make)


def overall_texts(standings: Standings, *, dash: str = "-") -> list[str] | None:
    """A category table's overall places in its order (``2-4`` where shared overall), ``None`` for the whole
    event's table; its own places are :func:`place_texts`."""
    overall = standings.overall
    if overall is None:
        return None
    position = np.empty(overall.event.players, dtype=np.int64)
    position[overall.order] = np.arange(len(overall.order))
    texts = place_texts(overall, dash=dash)
    return [texts[index] for index in position[standings.order].tolist()]


def category_heading(standings: Standings, lang: Language = ENGLISH) -> str:
    """The heading of a category table: its name, the code and how many players it holds.

    >>> from sonneborn.categories import Category
    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> category_heading(rank(seed_event(), parse_list("SB")).within(Category.parse("women")))
    'Women (women): 0 of 15 players'
    """
    category = standings.category
    assert category is not None, "a category's standings"
    count = len(standings.order)
    heading = Message.ngettext(
        "{name} ({code}): {number} of {count} players",  # English's one form; the others' by the count
        "{name} ({code}): {number} of {count} players",
        standings.event.players,
        name=category.named(lang),
        code=str(category),
        number=count,
    )
    return lang.message(heading)


def value_texts(standings: Standings, code: str) -> list[str]:
    """A tie-break's values the way the tables show them, in final order.

    Counts, places and ratings are whole numbers; the others get two decimals,
    or more when two different values would print alike; no value is an empty cell, and a tie-break decided
    inside tied groups (DE) is ``–`` for a player tied with nobody when it was reached (its value, 0, stays in
    the JSON and CSV).

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> standings = rank(seed_event(), parse_list("SB,WIN,DE"))
    >>> value_texts(standings, "SB")[:2], value_texts(standings, "WIN")[:2], value_texts(standings, "DE")[6:10]
    (['69.50', '66.75'], ['8', '9'], ['–', '1', '2', '–'])
    """
    column = standings.column(code)
    found = definition(code)
    if found.group_kernel is not None and code in standings.codes and standings.reached:
        # A place inside a tied group (DE) means nothing for a player tied with nobody when it was reached.
        reached = standings.reached[standings.codes.index(code)][standings.order]

        def make() -> list[str]:
            texts = exact_texts(column, standings.order)
            return [text if tied else NOT_APPLIED for text, tied in zip(texts, reached.tolist(), strict=True)]

        return _once(standings, ("value", code), make)
    if found.integral:
        return _once(standings, ("value", code), lambda: exact_texts(column, standings.order))
    return _once(standings, ("value", code), lambda: fixed_texts(column, standings.order))


NOT_APPLIED = "–"
"""The cell of a tie-break decided inside tied groups (DE) where the player was tied with nobody."""


def numbers_in(texts: list[str], lang: Language) -> list[str]:
    """A column's numbers (``69.50``) as a language writes them (``69,50``), each distinct text once."""
    if lang.number("-0.5") == "-0.5":
        return texts
    found: dict[str, str] = {}
    return [found[text] if text in found else found.setdefault(text, lang.number(text)) for text in texts]


def points_texts(standings: Standings) -> list[str]:
    """The points in final order, exact (``10.5``)."""
    return _once(standings, ("points", ""), lambda: exact_texts(standings.points, standings.order))


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """A score column of the tables: its heading, what it stands for and its texts in final order."""

    heading: str
    title: str
    texts: list[str]
    code: str
    """The score's name, as codes and derivations write it: ``PTS``, ``MP`` or ``GP``."""


SCORE_TITLES = {"PTS": "points", "MP": "match points", "GP": "game points"}
"""What each score's heading stands for."""


def score_columns(standings: Standings) -> list[ScoreColumn]:
    """The score columns every table shows, in final order: an individual event's points (``Pts``); a team
    event's primary score and then the other (``MP``, ``GP``: C.07 11.1), exact.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> [(c.heading, c.texts[0]) for c in score_columns(rank(seed_event(), parse_list("SB")))]
    [('Pts', '11')]
    """
    table = standings.event.table
    if standings.event.teams is None:
        return [ScoreColumn("Pts", "points", points_texts(standings), table.primary)]
    secondary = next(name for name in table.scores if name != table.primary)
    other = table.scores[secondary]

    def make() -> list[str]:
        unit = other.unit
        return by_value(other.totals[standings.order], np.ones(len(standings.order), dtype=bool),
                        lambda units: ratio_text(units, unit))  # fmt: skip

    return [
        ScoreColumn(table.primary, SCORE_TITLES[table.primary], points_texts(standings), table.primary),
        ScoreColumn(secondary, SCORE_TITLES[secondary], _once(standings, ("points", secondary), make), secondary),
    ]


def competitors(standings: Standings) -> str:
    """What the rows are, in the plural: ``players``, or ``teams`` of a team event."""
    return N_("players") if standings.event.teams is None else N_("teams")


def rating_texts(standings: Standings) -> list[str] | None:
    """The ratings in final order (empty for the unrated), or ``None`` when nobody is rated."""
    found = player_texts(standings, "rating")
    return found if any(found) else None


@dataclass(frozen=True, slots=True)
class PlayerField:
    """A field of the players' own data as the outputs show it: its key (JSON, CSV), heading and meaning."""

    key: str
    heading: str
    title: str


PLAYER_FIELDS = (
    PlayerField("title", N_("Tit"), N_("FIDE title")),
    PlayerField("federation", N_("Fed"), N_("federation")),
    PlayerField("fide_id", N_("FIDE id"), N_("FIDE id")),
    PlayerField("rating", N_("Rtg"), N_("rating")),
    PlayerField("sex", N_("Sex"), N_("sex")),
    PlayerField("birth_date", N_("Born"), N_("birth date")),
    PlayerField("club", N_("Club"), N_("club")),
)
"""The players' fields every output gives, as the source holds them (TRF 001, PGN tags, JSON): the JSON rows'
keys and the CSV's last columns in this order; a missing value is empty, never made up."""


def player_values(standings: Standings, key: str) -> list[str | int | None]:
    """A player field's values in final order as data: a rating or FIDE id an integer, a text a string, ``None``
    where the source has none (an unrated player, a blank federation)."""
    order = standings.order.tolist()
    roster = standings.event.roster
    if key == "rating":
        return [r or None for r in standings.event.table.rating[standings.order].tolist()]
    if key == "club":
        return [roster.club(row) or None for row in order]
    column = {"title": roster.titles, "federation": roster.federations, "fide_id": roster.fide_ids,
              "sex": roster.sexes, "birth_date": roster.birth_dates}[key]  # fmt: skip
    return [column[row] or None for row in order]


def player_texts(standings: Standings, key: str) -> list[str]:
    """A player field's texts in final order, empty where the source has none."""
    return _once(
        standings, ("player", key), lambda: ["" if v is None else str(v) for v in player_values(standings, key)]
    )


def shown_player_fields(standings: Standings, keys: Sequence[str]) -> list[tuple[PlayerField, list[str]]]:
    """The fields among ``keys`` that some player has, with their texts in final order: the columns a table
    adds (a file without federations gets no empty Fed column)."""
    fields = {field.key: field for field in PLAYER_FIELDS}
    found = [(fields[key], player_texts(standings, key)) for key in keys]
    return [(field, texts) for field, texts in found if any(texts)]


def names(standings: Standings) -> list[str]:
    """The names in final order."""
    roster = standings.event.roster.names
    return [roster[row] for row in standings.order.tolist()]


def tiebreak_name(spec: Spec | str, lang: Language = ENGLISH) -> str:
    """A tie-break's name with its modifiers in words, in a language (its code never changes).

    >>> from sonneborn.languages import language
    >>> tiebreak_name("BH/C1", language("es")), tiebreak_name("SB", language("ko"))
    ('puntuación de Buchholz menos 1', '소네본-베르거 점수 (너스타드틀)')
    """
    if lang is ENGLISH:
        return full_name(spec)
    if not isinstance(spec, Spec):
        spec = Spec.parse(spec.split("#")[0])
    return " ".join([lang.gettext(definition(spec).name), *map(lang.message, spec.modifier_words)])


def legend(standings: Standings, lang: Language = ENGLISH) -> str | None:
    """Every column's code with its full name, as a line under a table: ``BH/C1 = Buchholz cut 1; …``.

    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.ranking import parse_list, rank
    >>> legend(rank(seed_event(), parse_list("SB,DE,KS/L+1")))
    'Tie-breaks: SB = Sonneborn–Berger (Neustadtl); DE = Direct encounter; KS/L+1 = Koya limit +1 half point.'
    """
    specs = ([standings.rank_by] if standings.rank_by is not None else []) + list(standings.tiebreaks)
    named = {str(spec): tiebreak_name(spec, lang) for spec in specs}  # a code listed twice is named once
    if not named:
        return None
    return lang.format("Tie-breaks: {list}.", list="; ".join(f"{code} = {name}" for code, name in named.items()))


def drawing_label(standings: Standings) -> str:
    """The draw that decided places, as a cell names it (``seed 7``); empty when none was asked for."""
    return "" if standings.drawing is None else standings.drawing.label


def lot_cell(standings: Standings, lang: Language = ENGLISH) -> str:
    """What a place decided by lot says in a table's cell (``decided by lot (seed 7)``), in a language."""
    drawing = standings.drawing
    if isinstance(drawing, SeededDraw):
        return lang.format("decided by lot (seed {seed})", seed=str(drawing.seed))
    return lang.format("decided by lot ({drawing})", drawing=drawing_label(standings))


def lot_note(drawing: Drawing, lang: Language = ENGLISH) -> str:
    """The note under the standings that names the draw, with what an auditor needs to verify it."""
    if isinstance(drawing, SeededDraw):
        return lang.format("Remaining ties broken by lot (seed {seed}).", seed=str(drawing.seed))
    return lang.format("Remaining ties broken by lot ({drawing}).", drawing=drawing.note)


def notes(standings: Standings, lang: Language = ENGLISH) -> list[str]:
    """What a reader must know beyond the table: unfinished games, shared places, lots, a weighted score."""
    found = []
    table = standings.event.table
    unfinished = table.unfinished_games
    games = lang.ngettext("{count} game not finished", "{count} games not finished", unfinished)
    games = games.replace("{count}", str(unfinished))
    if table.played_rounds < table.rounds:
        after = lang.format("Provisional: after round {played} of {rounds}", played=table.played_rounds,
                            rounds=table.rounds)  # fmt: skip
        found.append(after + (f"; {games}." if unfinished else "."))
    elif unfinished:
        found.append(lang.format("Provisional: {games}.", games=games))
    if standings.rank_by is not None:
        found.append(lang.format("Ranked by {code} instead of points.", code=str(standings.rank_by)))
    if standings.shared.any():
        first = int(standings.order[np.flatnonzero(standings.shared[standings.order])[0]])
        rank = int(standings.ranks[first])
        count = int((standings.ranks == rank).sum())
        found.append(lang.format("Players still tied after the last tie-break share the place ({first}–{last}).",
                                 first=rank, last=rank + count - 1))  # fmt: skip
    if standings.drawing is not None and standings.by_lot.any():
        found.append(lot_note(standings.drawing, lang))
    return found
