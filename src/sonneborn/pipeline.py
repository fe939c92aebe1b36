"""The one way from a file to standings, for every command, the web app, batch and the library.

:func:`read` turns a file (or :func:`read_text` a text) into a :class:`Reading`:
the event, the warnings its reader gave, and the line of the tie-break list
the file states. :func:`standings` turns a reading and a :class:`Request` —
the options, parsed once where they come in — into the ranked
:class:`~sonneborn.ranking.Standings` that every renderer reads.

>>> from sonneborn.demo import seed_text
>>> reading = read_text(seed_text(), path="wccc.tsv")
>>> reading.format, reading.event.players, reading.warnings
('crosstable', 15, ())
>>> result = standings(reading, Request.parse(tiebreaks="SB,DE,WIN"))
>>> [result.event.roster.names[row] for row in result.order[:3]]
['Sloth', 'Zagorovsky', 'Kosenkov']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sonneborn.categories import Category, CategoryError
from sonneborn.errors import InputError, InputWarning, OptionError, TiebreakError, said_of
from sonneborn.event import Event
from sonneborn.formats import DEFAULT_OPTIONS, ReadOptions, load_path, load_text
from sonneborn.formats.trf.layout import LOTS_RECORD, RULES_RECORD
from sonneborn.lots import check_secret, committed_draw, read_drawing_record
from sonneborn.matches import after_round, rescored
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, PointSystem
from sonneborn.profiles import Profile, find_profile
from sonneborn.ranking import Standings, rank, stated_tiebreaks
from sonneborn.teams import SCORES, TeamEvent, TeamPoints, team_event, teams_of
from sonneborn.tiebreaks import Spec, parse, parse_list
from sonneborn.tiebreaks.registry import REGISTRY
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.tiebreaks.spec import MAX_RATING

__all__ = [
    "LOTS_RANGE",
    "Reading",
    "Request",
    "category_tables",
    "ranked_as",
    "ranked_tiebreaks",
    "read",
    "read_text",
    "standings",
    "taken_after",
]

LOTS_RANGE = range(-(2**63), 2**63)
"""The seeds ``--lots`` (the API's ``lots``) may give: a signed 64-bit integer."""


@dataclass(frozen=True, eq=False)
class Reading:
    """A file read: its event, the warnings of its reader, and where its own tie-break list stands."""

    event: Event
    warnings: tuple[InputWarning, ...]
    path: str
    """The file's name as messages give it (``<stdin>``, an upload's name)."""
    format: str
    """The input format read (a key of :data:`~sonneborn.formats.FORMATS`)."""
    list_line: int = 0
    """The line of the list the file states (TRF-26 202), 0 when none or not known."""
    rules_line: int = 0
    """The line of the rules edition the file states (``XXT``), 0 when none or not known."""
    teams: TeamEvent | None = None
    """A team competition's teams and matches over :attr:`event`; ``None`` for an individual event."""
    lots_line: int = 0
    """The line of the drawing of lots the file states (``XXL``), 0 when none or not known."""

    @property
    def competitors(self) -> Event:
        """The event whose rows are ranked: the players, or a team competition's teams (by MP), in which
        ``--explain`` and the web app's ``player`` find a row by number or name."""
        return self.event if self.teams is None else self.teams.ranked()

    @classmethod
    def of(cls, event: Event, *, path: str = "<input>") -> Reading:
        """A reading of an event built in memory."""
        return cls(event, (), path, "json")

    def stated_rules(self) -> Rules | None:
        """The rules edition the file states (sonneborn's TRF record ``XXT``, written with its values), ``None``
        when it states none; an edition that does not exist is the file's error, at the record's line."""
        stated = next((content.strip() for code, content in self.event.info.records if code == RULES_RECORD), None)
        if not stated:
            return None
        try:
            return Rules.parse(stated)
        except TiebreakError as error:
            line = self.rules_line
            template = N_("the file's rules edition (record {record}): {message}")
            message = Message.of(template, record=RULES_RECORD, message=error.text)
            raise InputError(message, path=self.path, line=line, column=5 if line else 0) from None

    def stated_lots(self) -> int | str | None:
        """The seed or the secret of the drawing of lots the file states (sonneborn's TRF record ``XXL``, written
        with its ranks), ``None`` when it states none; a record that names neither is the file's error."""
        stated = next((content for code, content in self.event.info.records if code == LOTS_RECORD), None)
        if stated is None or not stated.strip():
            return None
        try:
            return read_drawing_record(stated)
        except OptionError as error:
            line = self.lots_line
            template = N_("the file's drawing of lots (record {record}): {message}")
            message = Message.of(template, record=LOTS_RECORD, message=error.text)
            raise InputError(message, path=self.path, line=line, column=5 if line else 0) from None

    def stated_tiebreaks(self) -> list[Spec] | None:
        """The list the file states, ``None`` when it states none; a list that cannot be used is the file's
        error, at the line of its record 202 when the file is a TRF."""
        try:
            return stated_tiebreaks(self.event)
        except TiebreakError as error:
            if self.format != "trf":
                message = Message.of(N_("the file's tie-break list: {message}"), message=error.text)
                raise InputError(message, path=self.path) from None
            line = self.list_line
            template = N_("the file's tie-break list (record {record}): {message}")
            message = Message.of(template, record="202", message=error.text)
            raise InputError(message, path=self.path, line=line, column=5 if line else 0) from None


def read(path: str | Path, *, input_format: str | None = None, options: ReadOptions = DEFAULT_OPTIONS) -> Reading:
    """Reads an event file (``-``: standard input), detecting its format unless given.

    Raises :class:`~sonneborn.errors.InputError` naming the file, line and column of the first problem.
    """
    warnings: list[InputWarning] = []
    loaded = load_path(path, input_format=input_format, options=options, warn=warnings.append)
    name = "<stdin>" if str(path) == "-" else str(path)
    return Reading(
        loaded.event,
        tuple(warnings),
        name,
        loaded.format,
        loaded.list_line,
        loaded.rules_line,
        loaded.teams,
        loaded.lots_line,
    )


def read_text(
    text: str, *, path: str = "<input>", input_format: str | None = None, options: ReadOptions = DEFAULT_OPTIONS
) -> Reading:
    """Reads an event from text (an upload, a paste); ``path`` only names it in messages."""
    warnings: list[InputWarning] = []
    loaded = load_text(text, path=path, input_format=input_format, options=options, warn=warnings.append)
    return Reading(
        loaded.event,
        tuple(warnings),
        path,
        loaded.format,
        loaded.list_line,
        loaded.rules_line,
        loaded.teams,
        loaded.lots_line,
    )


@dataclass(frozen=True, slots=True)
class Request:
    """How to rank an event: the options of ``sonneborn standings``, parsed.

    ``tiebreaks`` ``None`` means the file's own list, else the default of the
    event's kind; ``rules`` ``None`` the file's own edition, else the default;
    ``points`` and ``kind`` state a point system and a kind of event over the
    file's.
    """

    tiebreaks: tuple[Spec, ...] | None = None
    profile: Profile | None = None
    """A named list (``--profile``), whose list for the event's kind is ranked by instead of the file's own."""
    rank_by: Spec | None = None
    rules: Rules | None = None
    """The rules edition; ``None``: the file's own (TRF ``XXT``), else :data:`DEFAULT_RULES`."""
    points: PointSystem | None = None
    kind: EventKind | None = None
    lots: int | None = None
    """The seed of a reproducible draw of the ties left after the list (``--lots``)."""
    lots_secret: str | None = None
    """The secret of a committed draw instead (``--lots-secret``, :mod:`sonneborn.lots`)."""
    unrated_rating: int | None = None
    match_points: TeamPoints | None = None
    """A team event's match points for a won, drawn and lost match (``3,1,0``) over the file's (TRF-26 362)."""
    primary: str | None = None
    """The score a team event is ranked by, ``MP`` or ``GP``; ``None``: match points (C.07 11.1)."""
    after_round: int | None = None
    """The round the standings are taken after (``--after-round``), the later rounds not played yet; ``None``:
    after the last round played."""
    categories: tuple[Category, ...] = ()
    """The category tables asked for (``--category``), each the standings filtered (:func:`category_tables`)."""

    @classmethod
    def parse(
        cls,
        *,
        tiebreaks: str | Sequence[str] | None = None,
        profile: str | None = None,
        rank_by: str | None = None,
        rules: str | None = None,
        points: str | None = None,
        kind: str | None = None,
        lots: int | None = None,
        lots_secret: str | None = None,
        unrated_rating: int | None = None,
        primary: str | None = None,
        match_points: str | None = None,
        after_round: int | None = None,
        category: str | Sequence[str] | None = None,
    ) -> Request:
        """The request of the options as given (command-line or API text).

        Raises :class:`~sonneborn.errors.TiebreakError` for a code or an edition
        that does not exist, :class:`~sonneborn.errors.OptionError` (naming the
        option) for any other value that cannot be used.
        """
        try:
            specs = None
            if tiebreaks is not None:
                specs = tuple(parse_list(tiebreaks if isinstance(tiebreaks, str) else ",".join(tiebreaks)))
        except TiebreakError as error:
            error.option = "tiebreaks"
            raise
        named = None
        if profile is not None:
            if specs is not None:
                message = Message(N_("names its own list: give a profile or a list (-t), not both"))
                raise OptionError(message, option="profile")
            named = find_profile(profile)
        weighted = None
        if rank_by is not None:
            try:
                weighted = parse(rank_by)
                if not REGISTRY[weighted.code].weighted:
                    choices = ", ".join(code for code, d in REGISTRY.items() if d.weighted)
                    template = N_("cannot rank by {code} (choose one of {codes})")
                    raise TiebreakError(Message.of(template, code=repr(str(weighted)), codes=choices))
            except TiebreakError as error:
                error.option = "rank_by"
                raise
        try:
            edition = None if rules is None else Rules.parse(rules)
        except TiebreakError as error:
            error.option = "rules"
            raise
        system = None
        if points is not None:
            try:
                system = PointSystem.parse(points)
            except ValueError as error:
                raise OptionError(said_of(error), option="points") from None
        if lots is not None and lots not in LOTS_RANGE:
            template = N_("the seed of the lots must be a 64-bit integer (found {found})")
            raise OptionError(Message.of(template, found=_digits(lots)), option="lots")
        if lots_secret is not None:
            if lots is not None:
                raise OptionError(
                    Message(N_("draws by a seed or by a secret, not both (--lots)")), option="lots_secret"
                )
            check_secret(lots_secret)
        if unrated_rating is not None and not 0 <= unrated_rating <= MAX_RATING:
            template = N_("the rating of unrated players must be from 0 to {limit} (found {found})")
            message = Message.of(template, limit=MAX_RATING, found=_digits(unrated_rating))
            raise OptionError(message, option="unrated_rating")
        stated_kind = None
        if kind is not None:
            try:
                stated_kind = EventKind(kind)
            except ValueError:
                valid = ", ".join(k.value for k in EventKind)
                message = Message.of(N_("unknown kind {text} (expected {values})"), text=repr(kind), values=valid)
                raise OptionError(message, option="kind") from None
        team_points = None
        if match_points is not None:
            try:
                team_points = TeamPoints.parse(match_points)
            except ValueError as error:
                raise OptionError(_match_points(said_of(error)), option="match_points") from None
        if after_round is not None and after_round < 1:
            template = N_("the standings are taken after round 1 or later (found {number})")
            raise OptionError(Message.of(template, number=_digits(after_round)), option="after_round")
        texts = [category] if isinstance(category, str) else list(category or ())
        try:  # several in one text, comma-separated (no category's code holds a comma): the API's one field
            categories = tuple(Category.parse(part) for text in texts for part in text.split(",") if part.strip())
        except ValueError as error:
            raise OptionError(said_of(error), option="category") from None
        score = None
        if primary is not None:
            score = primary.strip().upper()
            if score not in SCORES:
                message = Message.of(N_("a team event is ranked by MP or GP (found {found})"), found=repr(primary[:20]))
                raise OptionError(message, option="primary")
        return cls(
            primary=score,
            match_points=team_points,
            tiebreaks=specs,
            profile=named,
            rank_by=weighted,
            rules=edition,
            points=system,
            kind=stated_kind,
            lots=lots,
            lots_secret=lots_secret,
            unrated_rating=unrated_rating,
            after_round=after_round,
            categories=categories,
        )


def _digits(number: int) -> str | Message:
    """A number as a message shows it: whole when short, else by its count of digits."""
    return str(number) if abs(number) < 10**30 else Message(N_("a number of more than 30 digits"))


def _match_points(message: Message) -> Message:
    """A point system's message said of the match points (``--match-points``)."""
    if message.template == "point system {system}: {message}":
        return Message(N_("match points {system}: {message}"), message.values)
    return message


def taken_after(reading: Reading, last: int | None, *, next_paired: bool = False) -> Reading:
    """The reading as it stood after round ``last`` (``None``: as it is), its players' and a team
    competition's matches alike (:meth:`Event.after_round <sonneborn.event.Event.after_round>`,
    :func:`sonneborn.matches.after_round`); a round outside 1 to the rounds played is the option's error.
    ``next_paired``: round ``last + 1`` as it was paired, its results not known yet (``whatif``'s reading)."""
    if last is None:
        return reading
    try:
        if reading.teams is not None:
            teams = after_round(reading.teams, last, next_paired=next_paired)
            return replace(reading, event=teams.event, teams=teams)
        event = reading.event
        if event.teams is not None:  # an event whose rows are teams, built in memory: its boards too
            teams = after_round(teams_of(event), last, next_paired=next_paired)
            return replace(reading, event=team_event(teams, primary=event.table.primary))
        return replace(reading, event=event.after_round(last, next_paired=next_paired))
    except ValueError as error:
        raise OptionError(said_of(error), option="after_round") from None


def prepared(reading: Reading | Event, request: Request, *, next_paired: bool = False) -> Event:
    """The event as the request states it: after its round, with its kind and point system; a team
    competition's, its teams ranked by the request's primary score (every command and the web app come this
    way). ``next_paired``: the round after ``request.after_round`` kept as it was paired (:func:`taken_after`):
    ``whatif``'s event, before the rounds to come."""
    reading = reading if isinstance(reading, Reading) else Reading.of(reading)
    reading = taken_after(reading, request.after_round, next_paired=next_paired)
    teams, event = reading.teams, reading.event
    if teams is not None:
        if request.points is not None or request.match_points is not None:
            teams = rescored(teams, match=request.match_points, games=request.points)
        event = team_event(teams, primary=request.primary or "MP")
    elif request.match_points is not None and event.teams is None:
        message = Message(N_("only a team event has match points (a won, drawn and lost match's)"))
        raise OptionError(message, option="match_points")
    elif request.primary is not None and event.teams is None:
        raise OptionError(Message(N_("only a team event has a primary score to choose (MP or GP)")), option="primary")
    if request.kind is not None:
        event = event.with_kind(request.kind)
    if request.points is not None:
        event = event.with_point_system(request.points)
    return event


def category_tables(result: Standings, categories: Sequence[Category]) -> list[Standings]:
    """Each category's table of the standings (:meth:`Standings.within <sonneborn.ranking.Standings.within>`);
    a team event's rows are teams, which no category of players holds, and an age group needs the event's
    year: either is the option's error."""
    if result.event.teams is not None:
        message = Message(N_("categories are of players: a team event's standings rank teams"))
        raise OptionError(message, option="category")
    try:
        return [result.within(category) for category in categories]
    except CategoryError as error:
        raise OptionError(said_of(error), option="category") from None


def ranked_tiebreaks(reading: Reading, event: Event, request: Request) -> Sequence[Spec] | None:
    """The list an event is ranked by: the request's (``-t``), else its profile's for the event's kind, else the
    file's own; ``None``: the default of the kind. ``event`` is the reading's, :func:`prepared`."""
    if request.tiebreaks is not None:
        return request.tiebreaks
    if request.profile is not None:
        return request.profile.tiebreaks(event.kind, teams=event.teams is not None)
    return reading.stated_tiebreaks()


def standings(reading: Reading | Event, request: Request = Request()) -> Standings:
    """Ranks an event as the request says: by its list, else the file's own, else the kind's default."""
    if not isinstance(reading, Reading):
        reading = Reading.of(reading)
    return ranked_as(reading, prepared(reading, request), request)


def recorded_warning(reading: Reading, request: Request, result: Standings) -> InputWarning | None:
    """The one-line warning of the recorded ranks and tie-break values the standings do not give, when they are
    the file's own standings: ranked by its points, after its last round, with no draw of lots. Ranks are compared
    exactly under the file's stated list, else within the places of each points group. Every door says it."""
    from sonneborn.audit import standings_warning

    scored_otherwise = request.points is not None or request.kind is not None or request.match_points is not None
    ranked_otherwise = request.rank_by is not None or request.primary is not None or request.after_round is not None
    if scored_otherwise or ranked_otherwise or request.lots is not None or request.lots_secret is not None:
        return None
    own_list = request.tiebreaks is None and request.profile is None and reading.stated_tiebreaks() is not None
    return standings_warning(result, list_known=own_list, path=reading.path)


def ranked_as(reading: Reading, event: Event, request: Request) -> Standings:
    """Ranks ``event`` — the reading's as :func:`prepared` gives it, or that with some results set (``whatif``'s
    fixed results) — as :func:`standings` ranks the reading: its list, rules edition, lots."""
    specs = ranked_tiebreaks(reading, event, request)
    # A committed draw is made on the event as ranked (its kind and points as the request states them). No
    # drawing asked for: the file's own (a TRF sonneborn wrote records the one its ranks were decided by).
    seed, secret = request.lots, request.lots_secret
    if seed is None and secret is None:
        stated = reading.stated_lots()
        seed, secret = (stated, None) if isinstance(stated, int) else (None, stated)
    lots = seed if secret is None else committed_draw(event, secret)
    return rank(
        event,
        specs,
        rank_by=request.rank_by,
        lots=lots,
        rules=request.rules or reading.stated_rules() or DEFAULT_RULES,
        unrated_rating=request.unrated_rating,
    )
