"""Messages as the code writes them: an English template, marked for the catalogues, and its values.

A reader, an option parser or the tie-break parser raises its error with a :class:`Message`: the template
(``expected points at columns {columns}, found {found}``, marked with :func:`N_` where it is written, so
that ``make i18n`` extracts it) and the values of its fields. ``str()`` gives the English text; at the
boundary (the CLI, the web app) :meth:`sonneborn.languages.Language.message` writes the template's
translation with the same values. A value that is a :class:`Message` is translated in turn
(``round {round}: {message}``). The text is written once, where the message is made.

>>> message = Message.of(N_("round {round}: {message}"), round=3, message=Message.of(N_("the file is empty")))
>>> str(message)
'round 3: the file is empty'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

FIELD = re.compile(r"\{(\w+)\}")
"""A template's field, ``{name}``: a name and nothing else (no conversion, no format)."""


def N_(message: str) -> str:
    """Marks a text for the catalogues without translating it here (``pybabel extract -k N_``)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a text that shows a count for the catalogues as one plural entry, its singular and plural
    (``pybabel extract -k NP_:1,2``), without translating it here."""
    return singular, plural


Value = "str | int | Message | Number"


@dataclass(frozen=True, slots=True)
class Number:
    """A number in a message, as :mod:`sonneborn.numbers` writes it (``69.5``, ``-1.5``, ``447/28``): each
    language writes it with its own decimal sign (:meth:`sonneborn.languages.Language.number`).

    >>> str(Message.of(N_("round {round}: {message}"), round=3, message=Number("10.5")))
    'round 3: 10.5'
    """

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Message:
    """A message: its English template (the catalogues' message id) and the values of its fields.

    >>> Message.of(N_("expected a string, found {found}"), found="3")
    Message(template='expected a string, found {found}', values=(('found', '3'),), plural=None, count=1)
    """

    template: str
    """The English text with its fields, ``{name}``."""
    values: tuple[tuple[str, str | int | Message | Number], ...] = ()
    """Each field's value, by name: a text, a number or a message of its own."""
    plural: str | None = None
    """The plural template of a message that shows a count (:meth:`ngettext`), ``None`` for the others."""
    count: int = 1
    """The count that picks the singular or a plural form (each language's rule)."""

    @classmethod
    def of(cls, template: str, **values: str | int | Message | Number) -> Message:
        """The message of a template with these values."""
        return cls(template, tuple(values.items()))

    @classmethod
    def ngettext(cls, singular: str, plural: str, count: int, **values: str | int | Message | Number) -> Message:
        """The message of a count: its singular and plural templates (extracted as one plural entry, ``make
        i18n``'s ``ngettext:1,2``), the count as the field ``{count}`` unless a value of that name is given.

        >>> [str(Message.ngettext("{count} game", "{count} games", n)) for n in (1, 2)]
        ['1 game', '2 games']
        """
        return cls(singular, tuple({"count": count, **values}.items()), plural, count)

    def chosen(self, catalogue: Callable[[str], str], plural: Callable[[str, str, int], str]) -> str:
        """The template to fill: a message's translation (``catalogue``), a count's form (``plural``)."""
        return catalogue(self.template) if self.plural is None else plural(self.template, self.plural, self.count)

    @classmethod
    def joined(cls, parts: Sequence[str | int | Message | Number], separator: str = ", ") -> Message:
        """Messages (or texts) one after the other, each translated on its own.

        >>> str(Message.joined([Message("cut /C1"), "x"]))
        'cut /C1, x'
        """
        template = separator.join(f"{{part{index}}}" for index in range(len(parts)))
        return cls(template, tuple((f"part{index}", part) for index, part in enumerate(parts)))

    @classmethod
    def listed(cls, parts: list[str | int | Message]) -> str | int | Message:
        """Parts as a sentence lists them, ``a, b and c``, the ``and`` translated.

        >>> str(Message.listed(["a", "b", "c"])), Message.listed(["a"])
        ('a, b and c', 'a')
        """
        if len(parts) < 2:
            return parts[0] if parts else ""
        return cls.of(N_("{list} and {last}"), list=cls.joined(parts[:-1]), last=parts[-1])

    def fill(self, template: str, write: Callable[[Message | Number], str]) -> str:
        """A template (this one, or its translation) with the fields filled: a message or a number as ``write``
        writes it, a field without a value left as it is."""
        values = dict(self.values)

        def filled(part: re.Match[str]) -> str:
            value = values.get(part.group(1))
            if value is None:
                return part.group(0)
            return write(value) if isinstance(value, Message | Number) else str(value)

        return FIELD.sub(filled, template)

    def __str__(self) -> str:
        return self.fill(self.chosen(_same, _english_plural), str)


def _same(template: str) -> str:
    return template


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


class Phrase(str):
    """A text of a derivation as English writes it (``½×10.5 (Kosenkov)``, ``bye``) that carries its template
    and values, so that another language writes it at the boundary
    (:meth:`sonneborn.languages.Language.phrase`).

    It is a ``str``: every English output joins it as it is, unchanged, and making one costs little more than
    the text (a page derives tens of thousands). Adding it to a text (or a phrase) gives a phrase of both, each
    part translated on its own; a plain ``str`` part (a player's name) is never translated. ``f"…"`` and
    ``join`` give plain texts: a derivation's parts are composed with ``+``, :meth:`of` or :meth:`joined`.

    >>> score = Phrase.number("10.5") + Phrase.of(N_(" (after round {round})"), round=3)
    >>> score + " x", phrase_message(score + " x").template
    ('10.5 (after round 3) x', '{part0}{part1}')
    """

    __slots__ = ("_parts", "_template", "_values")

    _template: str
    _values: dict[str, str | int | Message | Number]
    _parts: tuple[str, str] | None

    @classmethod
    def of(cls, template: str, **values: str | int | Message | Number) -> Phrase:
        """The phrase of a template (marked with :func:`N_`; its fields ``{name}`` only) with these values: a
        phrase among them is translated in turn, a plain text kept as it is."""
        made = _new(cls, template.format_map(values))
        made._template, made._values, made._parts = template, values, None
        return made

    @classmethod
    def written_as(cls, text: str, template: str, values: dict[str, str | int | Message | Number]) -> Phrase:
        """The phrase :meth:`of` makes of a template and its values, its English ``text`` written by the caller
        (``template.format_map(values)``, put together from parts worked out once for many phrases)."""
        made = _new(cls, text)
        made._template, made._values, made._parts = template, values, None
        return made

    @classmethod
    def number(cls, text: str) -> Phrase:
        """A number alone (``10.5``), as a phrase: each language writes its decimal sign."""
        return cls.of("{number}", number=Number(text))

    @classmethod
    def joined(cls, parts: Sequence[str], separator: str) -> Phrase:
        """Texts one after the other with a separator (``round 1 board 2; round 2 boards 1, 3``), each part
        translated on its own."""
        template = separator.join(f"{{part{index}}}" for index in range(len(parts)))
        return cls.of(template, **{f"part{index}": part for index, part in enumerate(parts)})

    def __add__(self, other: str) -> Phrase:
        made = _new(Phrase, _add(self, other))
        made._parts = (self, other)
        return made

    def __radd__(self, other: str) -> Phrase:
        made = _new(Phrase, _add(other, self))
        made._parts = (other, self)
        return made

    @property
    def parts(self) -> tuple[str, str] | None:
        """The two texts this phrase is the sum of, or ``None`` for a phrase of a template."""
        return self._parts

    def written(self, template: str, write: Callable[[str | Message | Number], str]) -> str:
        """The phrase's template (or its translation, ``template``) with its fields filled: a phrase, a message
        or a number as ``write`` writes it, any other value as it is."""
        values = self._values

        def filled(part: re.Match[str]) -> str:
            value = values.get(part.group(1))
            if value is None:
                return part.group(0)
            return write(value) if isinstance(value, Phrase | Message | Number) else str(value)

        return FIELD.sub(filled, template)

    @property
    def template(self) -> str:
        """The English template of a phrase of a template (its catalogue id)."""
        return self._template

    @property
    def message(self) -> Message:
        """The message this phrase is (two phrases added: each, one after the other)."""
        if self._parts is not None:
            return Message.joined([phrase_message(part) for part in self._parts], "")
        values = {name: phrase_message(value) for name, value in self._values.items()}
        return Message.of(self._template, **values)


_new = str.__new__
_add = str.__add__


def phrase_message(text: str | int | Message | Number) -> str | int | Message | Number:
    """What a text is in a message: a phrase's message, anything else as it is (a name is never translated)."""
    return text.message if isinstance(text, Phrase) else text


def rounds_message(rounds: Sequence[int]) -> Message:
    """Rounds by their numbers, as a note names them: ``round 9``, ``rounds 8, 9``.

    >>> str(rounds_message([9])), str(rounds_message([8, 9]))
    ('round 9', 'rounds 8, 9')
    """
    listed = ", ".join(map(str, rounds))
    return Message.ngettext("round {list}", "rounds {list}", len(rounds), list=listed)


def said(text: str | Message) -> Message:
    """A message as it is, or a text of no fields as a message (translated when it is a catalogue's id)."""
    return text if isinstance(text, Message) else Message(text)


MODIFIER_WORDS: tuple[str, ...] = (
    # Tie-break modifiers, as a legend words them.
    N_("of {code}"),
    N_("cut {number}"),
    N_("median {number}"),
    N_("limit {number} half point"),
    N_("limit {number} half points"),
    N_("forfeits as played"),
    N_("reversed"),
    N_("with Fore Buchholz"),
    N_("K = {number}"),
    N_("unrated at {number}"),
    # Standings after a round and category tables (issue 21).
    N_("the standings are taken after round 1 or later (found {number})"),
    N_("the event has no round played (expected 1 to {number})"),
    N_("the event has 1 round played (expected 1 to {number})"),
    N_("the event has {count} rounds played (expected 1 to {number})"),
    N_("a team event built without a source cannot be taken after a round"),
    N_("unknown category {text} (expected {forms})"),
    N_("category {code}: the event's year is not known (the file gives no date)"),
    N_("categories are of players: a team event's standings rank teams"),
    N_("category tables are written as table, json, csv, md or html"),
    N_("category tables are written as {formats}"),
)
"""Tie-break modifiers as a legend words them (the legend writes them with :meth:`Language.format`)."""

PAGE: tuple[str, ...] = (
    # The page's HTML (web/templates/index.html), each marked data-t with its English text.
    N_("sonneborn: tie-break standings"),
    N_("Skip to the results"),
    N_("Language"),
    N_(
        "Chess tournament standings ranked by tie-breaks, each value exact and explained. Your file is kept "
        "in the server's memory while you work on it (the least recently used dropped first), never on disk."
    ),
    N_("Tournament file"),
    N_("Drop a file here, or choose one"),
    N_("TRF, PGN, a crosstable (TSV, CSV or text) or sonneborn JSON, up to {megabytes} MB."),
    N_("Or paste its text"),
    N_("Try the 1975–80 World Correspondence Championship final"),
    N_("Tie-breaks"),
    N_("Presets"),
    N_("In order"),
    N_("Drag a code, or move it with its arrows. Left empty: the file's list, else the FIDE default for its kind."),
    N_("Add a code"),
    N_("Add"),
    N_("Rank by"),
    N_("Points"),
    N_("{code}: {name}"),
    N_("Rules"),
    N_("The file's, else {rules}"),
    N_("Advanced"),
    N_("Point system"),
    N_("Win, draw, loss, such as 3,1,0; byes as key=value (pairing_bye=1). Empty: the file's, else 1, ½, 0."),
    N_("Drawing of lots (seed)"),
    N_("The ties the list leaves are broken by a draw from this number, the same every time."),
    N_("Rating for unrated players"),
    N_("Counted in the rating tie-breaks (ARO, TPR…); empty: unrated opponents are left out (C.07 10)."),
    N_("Event"),
    N_("In a file of several events, the one to rank (its games' Event tag)."),
    N_("A decisive game without moves is a forfeit"),
    N_("A round without a game counts as"),
    N_("a zero-point bye"),
    N_("a half-point bye"),
    N_("Rank"),
    N_(
        "Choose, drop or paste a tournament file: its standings, crosstable and a chart of the scores by "
        "round appear here."
    ),
    N_("Ranking…"),
    N_("Download or print the results"),
    N_("Download"),
    N_("HTML report"),
    N_("Print"),
    N_("Printable report"),
    N_("Standings"),
    N_("Find a player"),
    N_("name, start number, federation, club"),
    N_("A start number or FIDE id, or a part of a name, federation or club."),
    N_("Jump to rank"),
    N_("Go"),
    N_("Select a value to see how it was worked out, a name for the player's card."),
    N_("Pages of the standings"),
    # Which standings the page shows: after which round, of which category (issue 21).
    N_("Which standings"),
    # Translators: a label before a list of round numbers, then "of {rounds}": "Standings after round [3] of 9".
    N_("Standings after round"),
    N_("of {rounds}"),
    # The standings' heading: after which round, of which category (one sentence each, for each language's order).
    N_("Standings after round {round} of {rounds}"),
    N_("Standings: {category}"),
    N_("Standings after round {round} of {rounds}: {category}"),
    N_("Category"),
    N_("Whole event"),
    N_(
        "Standings taken during the event: the later rounds are not played yet, and every tie-break counts the "
        "rounds played so far (C.07)."
    ),
    N_("FB is BH here: the final round is not paired yet (C.07 8.3)."),
    # Translators: a category table's headings: the place in the category, the overall rank is Rk.
    N_("Pl"),
    N_("place in the category"),
    N_("overall rank"),
    N_("More columns to the right: scroll the table sideways →"),
    N_("How it was worked out"),
    N_("Print the card"),
    N_("Close the explanation"),
    N_("Close"),
    N_("Score by round"),
    N_("Crosstable"),
    N_("Rounds"),
    N_("Round"),
    N_("Pages of the round"),
    N_("Board prizes"),
    N_("Rank each board by"),
    N_("percentage"),
    N_("performance rating"),
    N_("points"),
    N_("Games needed on a board"),
    N_("tie-break codes"),
    # The page's script (web/static/app.js): what its t() and tf() show; {name} fields filled after translation.
    N_("choose a file, drop one here or paste its text"),
    N_("The crosstable of these rows comes as it is scrolled into view."),
    N_("Teams"),
    N_("Boards"),
    N_("Players"),
    N_("System"),
    N_("team Swiss"),
    N_("Swiss"),
    N_("team round robin"),
    N_("round robin"),
    N_("Ranked by"),
    N_("First page"),
    N_("Previous page"),
    N_("Next page"),
    # The "What if" tab (issue 22).
    N_("What if"),
    N_("Set any game still to be played: the standings and every player's best and worst final place follow at once."),
    N_("Clear every result"),
    N_("Prove more places"),
    N_("Search four times as long for the places still shown as bounds"),
    N_("Standings of the scenario"),
    N_("Pages of the games still to be played"),
    N_("Pages of the standings of the scenario"),
    N_("Match"),
    N_("Board"),
    N_("Last page"),
    N_("place decided by lot"),
    N_("shared place"),
    N_("no value"),
    N_("Working it out…"),
    N_("Place"),
    N_("Start number"),
    N_("Title"),
    N_("Rating"),
    N_("Federation"),
    N_("Club"),
    N_("FIDE id"),
    N_("In the chart"),
    N_("Add to the chart"),
    N_("empty board"),
    N_("Its matches, board by board (the team's result first; +- -+ -- are forfeits)"),
    N_("white"),
    N_("black"),
    N_("Its players: games and game points on each board"),
    N_("forfeit"),
    N_(
        "A crosstable does not say in which round each game was played: the games are put in the rounds of "
        "the Berger tables."
    ),
    N_("No round has been played yet."),
    N_("round"),
    N_("{name} is larger than {megabytes} MB"),
    N_("Move {code} earlier"),
    N_("Move {code} later"),
    N_("Remove {code}"),
    N_("{code} removed."),
    N_("{code} is now number {number} of {count}."),
    N_("unknown tie-break {codes} (choose from the list)"),
    N_("{preset}: {codes}, ranked by {score}."),
    N_("{preset}: {codes}."),
    N_("the server answered {status} {text}"),
    N_("teams"),
    N_("no answer from the server: {message}"),
    N_("{path}, line {line}, column {column}: "),
    N_("{path}, line {line}: "),
    N_("Warning: {message}"),
    N_("{played} of {rounds} played"),
    N_("{first}–{last} of {total}"),
    N_("{score} of {name}: {value}. How were they made?"),
    N_("{code} of {name}: {value}. How was it worked out?"),
    N_("{code} of {name} (no. {start}, place {place})"),
    N_("{name}: every value"),
    N_("{name} (no. {start})"),
    N_("{result} (forfeit)"),
    N_("Round {round}: against {name} (no. {number})"),
    N_("Round {round}: {result}"),
    # A team card's match: its result, then the match points and game points it scored (and its opponent's GP).
    N_("Round {round}: {result} · MP {mp} · GP {gp}"),
    N_("Round {round}: against {name} (no. {number}) · MP {mp} · GP {gp}"),
    N_("Round {round}: against {name} (no. {number}) · MP {mp} · GP {gp}–{against}"),
    N_("double forfeit"),
    N_("{place}. {name} (no. {start}, {federation})"),
    N_("{place}. {name} (no. {start})"),
    N_("No player matches “{text}”."),
    N_("{count} match; the first {shown} are shown."),
    N_("the player ranked {rank}"),
    N_("round {round}"),
    N_("The rows of the standings page on screen: {first}–{last} of {total}."),
    N_("{result} forfeit"),
    N_("{place}. {name}: {score} after round {round}"),
    N_(
        "The first {count} and {picked} picked (dashed); add a player from his card. Point at a line, or at "
        "a name below, to pick it out."
    ),
    N_("The first {count}; add a player from his card. Point at a line, or at a name below, to pick it out."),
    N_("Downloaded {name}."),
    N_("Rk"),
    N_("place"),
    N_("No"),
    N_("team number"),
    N_("start number"),
    N_("Name"),
    N_("Rtg"),
    N_("rating"),
    N_("Rd"),
    N_("Opponent"),
    N_("Colour"),
    N_("Result"),
    N_("Score"),
    N_("running score after the round"),
    N_("Bd"),
    N_("board"),
    N_("Player"),
    N_("Col"),
    N_("colour"),
    N_("Res"),
    N_("the board's results, the team's first"),
    N_("Games"),
    N_("Pts"),
    N_("game points"),
    N_("percentage of the points"),
    # The board prizes' headings (render.teamcrosstable.build_board_table), as the page shows them.
    N_("Team"),
    N_("Perf"),
    N_("Eligible"),
    N_("match"),
    N_("Home"),
    N_("White"),
    N_("Away"),
    N_("Black"),
    N_("unset"),
    N_("No paired game is still to be played: the rounds to come are known only as scores."),
    N_("Round {round}, board {board}: {white} – {black}"),
    N_("Round {round}, match {board}: {white} – {black}"),
    N_("Best"),
    N_("best final place still possible"),
    N_("Worst"),
    N_("worst final place still possible"),
    N_("Can win"),
    N_("Clinched"),
    N_("prize places sure"),
    N_("chance of place {place}"),
    N_("First place"),
    N_("what decides first place"),
    N_("How the scenarios were counted"),
    N_("yes"),
    N_("no"),
    N_("choose one under Advanced, PGN: Event"),
    N_("the Event under Advanced (PGN)"),
    N_("the point system under Advanced states one"),
    N_("give a rating for unrated players under Advanced to count them at it"),
    N_("give a rating for unrated players under Advanced"),
    N_("the rating for unrated players under Advanced"),
    N_("the point system under Advanced"),
    N_("the drawing of lots under Advanced"),
    N_("a JSON file sonneborn wrote with its event"),
    N_("JSON with its event"),
    N_("the What if tab"),
    # A round's result in words (render.crosstable.RESULT_WORDS), as the card and the round view show it.
    N_("won"),
    N_("won (unrated)"),
    N_("drew"),
    N_("drew (unrated)"),
    N_("lost"),
    N_("lost (unrated)"),
    N_("forfeit win"),
    N_("forfeit loss"),
    N_("pairing-allocated bye"),
    N_("full-point bye"),
    N_("half-point bye"),
    N_("zero-point bye or absent"),
    N_("not played yet"),
    # The presets' labels and descriptions (web.report.PRESETS) and the rule editions' (web.report.RULE_LABELS).
    N_("FIDE round robin"),
    N_("Direct encounter, Sonneborn–Berger, wins, Koya (C.07, the default for round robins)."),
    N_("FIDE Swiss"),
    N_("Buchholz cut 1, Buchholz, Sonneborn–Berger, direct encounter, wins (the default for Swiss)."),
    N_("Linares: most wins first"),
    N_("Wins, then Sonneborn–Berger."),
    N_("Neustadtl ranking (historic)"),
    N_("Ranked by the Sonneborn–Berger score instead of points."),
    N_("Gelbfuhs ranking (historic)"),
    N_("Ranked by the Gelbfuhs score instead of points (Vienna 1873)."),
    N_("FIDE 2026 (in force)"),
    N_("FIDE 2024"),
    N_("FIDE 2023"),
    N_("FIDE before 2023 (virtual opponent)"),
    N_("None: unplayed rounds count as they are"),
)
"""The web page's texts (:func:`sonneborn.languages.page_catalogue`): every text the page shows, by its English
text; a test keeps it equal to the texts of the page's HTML and script."""

PAGE_PLURALS: tuple[tuple[str, str], ...] = (
    # The page's sentences with a count (app.js tn()): each language's plural rule picks the form, as
    # Message.ngettext does; English keeps its one form.
    NP_("{count} bytes", "{count} bytes"),
    NP_("Ranked {count} teams; rows {first}–{last} shown.", "Ranked {count} teams; rows {first}–{last} shown."),
    NP_("Ranked {count} players; rows {first}–{last} shown.", "Ranked {count} players; rows {first}–{last} shown."),
    # Translators: the form follows {rounds}.
    NP_(
        "The running score after each of {rounds} rounds of the first {count} players and of those picked.",
        "The running score after each of {rounds} rounds of the first {count} players and of those picked.",
    ),
    NP_(
        "The running score after each of {rounds} rounds of the first {count} players.",
        "The running score after each of {rounds} rounds of the first {count} players.",
    ),
    NP_(
        "The running score after each of {rounds} rounds of the first {count} teams and of those picked.",
        "The running score after each of {rounds} rounds of the first {count} teams and of those picked.",
    ),
    NP_(
        "The running score after each of {rounds} rounds of the first {count} teams.",
        "The running score after each of {rounds} rounds of the first {count} teams.",
    ),
    NP_("Method — exact: {runs} outcomes enumerated.", "Method — exact: {runs} outcomes enumerated."),
    NP_(
        "Method — exact: {runs} outcomes enumerated; results set: {results}.",
        "Method — exact: {runs} outcomes enumerated; results set: {results}.",
    ),
    NP_("Method — simulation: {runs} runs.", "Method — simulation: {runs} runs."),
    NP_(
        "Method — simulation: {runs} runs; results set: {results}.",
        "Method — simulation: {runs} runs; results set: {results}.",
    ),
)
"""The web page's texts that show a count, singular and plural (:func:`sonneborn.languages.page_plurals`)."""

WORDS: tuple[str, ...] = (
    # Translators: table headings (rank, start number, name, rating, points); keep them short.
    N_("Rk"),
    N_("No"),
    N_("Name"),
    N_("Player"),
    N_("Rtg"),
    N_("Pts"),
    N_("Players"),
    N_("Teams"),
    N_("points"),
    N_("match points"),
    N_("game points"),
    N_("error"),
    N_("warning"),
    # Translators: a category table's headings: the place in the category, the overall rank is Rk.
    N_("Pl"),
    N_("place in the category"),
    N_("overall rank"),
)
"""Texts the code picks among rather than writes out: table headings, what the rows are, the score names."""

TIEBREAK_NAMES: tuple[str, ...] = (
    N_("Average of opponents' Buchholz"),
    N_("Average perfect performance of opponents"),
    N_("Average performance rating of opponents"),
    N_("Average rating of opponents"),
    N_("Board count"),
    N_("Bottom board elimination"),
    N_("Buchholz"),
    N_("Direct encounter"),
    N_("Extended Sonneborn–Berger (game points × GP)"),
    N_("Extended Sonneborn–Berger (game points × MP)"),
    N_("Extended Sonneborn–Berger (match points × GP)"),
    N_("Extended Sonneborn–Berger (match points × MP)"),
    N_("Extended direct encounter"),
    N_("Extended direct encounter, then board count and bottom board elimination"),
    N_("Extended direct encounter, then board count and top board result"),
    N_("Extended direct encounter, then bottom board elimination"),
    N_("Extended direct encounter, then top board result"),
    N_("Fore Buchholz"),
    N_("Games one elected to play (2023 name of REP)"),
    N_("Games played with Black"),
    N_("Games won over the board"),
    N_("Games won with Black"),
    N_("Gelbfuhs"),
    N_("Koya"),
    N_("Match points v game points"),
    N_("Non-Neustadtl Sonneborn–Berger"),
    N_("Number of wins"),
    N_("Perfect tournament performance"),
    N_("Points"),
    N_("Progressive score"),
    N_("Rating"),
    N_("Rounds one elected to play"),
    N_("Solkoff (USCF)"),
    N_("Modified median (USCF)"),
    N_("Cumulative (USCF)"),
    N_("Opposition's cumulative (USCF)"),
    N_("Sonneborn–Berger (Neustadtl)"),
    N_("Standard points"),
    N_("Sum of the secondary score and a fraction of Buchholz"),
    N_("Top board result"),
    N_("Tournament pairing number"),
    N_("Tournament performance rating"),
)
"""The registered tie-breaks' names (:data:`sonneborn.tiebreaks.REGISTRY`; a test keeps the two alike)."""

TIEBREAK_DEFINITIONS: tuple[str, ...] = (
    N_("1 for each round scored above the scheduled opponent (or above a draw without playing), ½ if equal."),
    N_("Buchholz as if every paired game of the final round had been drawn."),
    N_(
        "Direct encounter on the primary score, on the secondary when that separates nobody, and again on "
        "every subgroup still tied; the value is the place within the tied group."
    ),
    N_(
        "EDE, then for two teams still tied with the same MP and GP, the board count (12.1) and the bottom "
        "board elimination (12.3)."
    ),
    N_(
        "EDE, then for two teams still tied with the same MP and GP, the board count (12.1) and the top "
        "board result (12.2)."
    ),
    N_("EDE, then for two teams still tied with the same MP and GP, the bottom board elimination (12.3)."),
    N_("EDE, then for two teams still tied with the same MP and GP, the top board result (12.2)."),
    N_("Game points on board 1, then on board 2, and so on down; the value is the place within the tied group."),
    N_(
        "Game points on every board but the bottom one, then but the two bottom ones, and so on; the value "
        "is the place within the tied group."
    ),
    N_("Games played over the board with Black."),
    N_("Games won over the board with Black."),
    N_("Games won over the board."),
    N_("Points in the games among the tied players only; the value is the place within the tied group."),
    N_("Points scored against the opponents who finished with at least half the maximum score."),
    N_("Rounds in which the player got a win's points, with or without playing."),
    N_("Rounds minus half-point byes, zero-point byes and forfeit losses."),
    N_("Sum of the adjusted scores of the opponents played: each unplayed game of theirs counted as a draw."),
    N_("Sum of the opponents' scores."),
    N_("Sum of the player's running score after each round."),
    N_("Sum over the games of the points scored times (1 + opponent's score / opponent's games)."),
    N_("Sum over the games of the points scored times the opponent's score."),
    N_("Sum over the matches of the opponent's game points times the GP scored against it."),
    N_("Sum over the matches of the opponent's game points times the MP scored against it."),
    N_("Sum over the matches of the opponent's match points times the GP scored against it."),
    N_("Sum over the matches of the opponent's match points times the MP scored against it."),
    N_(
        "The average rating of the opponents met over the board plus the rating difference of the score "
        "fraction (B.02 table 8.1.1)."
    ),
    N_("The final pairing number, lowest first."),
    N_(
        "The lowest rating whose expected score against the opponents met over the board (B.02 table 8.1.2) "
        "reaches the score made over the board."
    ),
    N_("The mean Buchholz of the opponents played over the board (/F: their Fore Buchholz)."),
    N_("The mean perfect tournament performance of the opponents met over the board, rounded half up."),
    N_("The mean rating of the opponents met over the board, rounded half up."),
    N_("The mean tournament performance rating of the opponents met over the board, rounded half up."),
    N_("The player's own rating, highest first."),
    N_("The player's score."),
    N_("The secondary score plus the Buchholz of the primary score divided by K."),
    N_("The secondary score: game points when teams are ranked by match points, match points when by game points."),
    N_("The square of the player's score plus the Sonneborn–Berger score."),
    N_(
        "The sum of each board's number times the game points on it; the lowest first, only among teams with "
        "the same game points."
    ),
    N_(
        "Solkoff without the least significant opponents: a plus score drops the lowest, a minus score the "
        "highest, an even score both (two each from nine rounds)."
    ),
    N_(
        "Sum of the running scores after each round, less a win's points for each unplayed win "
        "(a full-point bye, a forfeit win)."
    ),
    N_("Sum of the cumulative scores (USCF 34E3) of the opponents played."),
)
"""The registered tie-breaks' one-sentence definitions (a test keeps them equal to the registry's)."""
