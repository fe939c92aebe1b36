"""What a ranking worker does with one request: from the body the server took in to the answer's bytes.

Everything that costs time in proportion to the body runs here, in a worker
process (:mod:`sonneborn.web.workers`) where a request over its time budget
can be stopped: the JSON body parsed, the file decoded, the event read,
ranked and rendered, the answer encoded. :func:`answer` never raises: an
error is an answer too, and a bug is an answer of status 500 carrying its
traceback for the server's log.

>>> from sonneborn.demo import seed_text
>>> found = answer(Job("standings", {"tiebreaks": "SB", "format": "csv"}, Body("text", text=seed_text())))
>>> found.status, found.media_type, found.body.splitlines()[1].startswith(b"1,1,Sloth,")
(200, 'text/csv; charset=utf-8', True)
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import resource
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from sonneborn.boardprizes import BoardOrder, board_prizes
from sonneborn.errors import InputError, InputWarning, OptionError
from sonneborn.explain import find_player
from sonneborn.languages import DEFAULT, ENGLISH, Language, known, language
from sonneborn.messages import N_, Message, Number
from sonneborn.pipeline import Reading, category_tables, prepared, ranked_tiebreaks, recorded_warning
from sonneborn.pipeline import Request as RankingRequest
from sonneborn.ranking import Standings
from sonneborn.render import CATEGORY_RENDERERS, render, render_categories
from sonneborn.render.json import iter_json
from sonneborn.teams import teams_of
from sonneborn.tiebreaks import Spec
from sonneborn.web import cost
from sonneborn.web.cost import Costly
from sonneborn.web.inputs import (
    INTERNAL_ERROR,
    ApiError,
    BoardsOptions,
    Body,
    EventOptions,
    ExplainOptions,
    PageOptions,
    PlayerOptions,
    RoundOptions,
    SearchOptions,
    StandingsOptions,
    Upload,
    WhatifOptions,
    WhatifPageOptions,
    load_event,
    merge_options,
    parse_request,
    rank_event,
    refused_events,
    upload_of,
)
from sonneborn.web.report import explanations, report_data
from sonneborn.web.views import (
    boards_data,
    first_row,
    page_data,
    player_data,
    round_data,
    search_data,
    whatif_view,
)

logger = logging.getLogger(__name__)

Endpoint = Literal[
    "standings", "explain", "report", "whatif", "page", "search", "player", "round", "boards", "whatif_page"
]

MAX_ANSWER = 256 * 1024 * 1024
"""The largest answer, in bytes (256 MB): the report of 25,000 players with its every derivation fits."""

JSON = "application/json"
MEDIA_TYPES = {
    "json": JSON,
    "csv": "text/csv; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "trf": "text/plain; charset=utf-8",
    "table": "text/plain; charset=utf-8",
}
"""The media type of each output format of ``POST /api/standings``."""

_OPTIONS: dict[Endpoint, type[EventOptions]] = {
    "standings": StandingsOptions,
    "explain": ExplainOptions,
    "report": EventOptions,
    "whatif": WhatifOptions,
    "page": PageOptions,
    "search": SearchOptions,
    "player": PlayerOptions,
    "round": RoundOptions,
    "boards": BoardsOptions,
    "whatif_page": WhatifPageOptions,
}
VIEWS = ("page", "search", "player", "round", "boards", "whatif_page")
"""The endpoints of a kept event (:mod:`sonneborn.web.views`)."""
COMPRESS_FROM = 1024
"""An answer this long or longer (1 kB) is compressed for a client that accepts gzip."""


@dataclass(frozen=True, slots=True)
class Job:
    """One request for a worker: which endpoint, its query's options (checked once) and its body."""

    endpoint: Endpoint
    query: dict[str, Any]
    body: Body
    seconds: float | None = None
    """The time budget of the request: it may ask for :data:`~sonneborn.web.cost.WORK_PER_SECOND` cells for each
    second of it (``None``: no bound)."""
    costly: bool = True
    """Whether the worker may do costly work (:mod:`sonneborn.web.cost`); else a costly request is answered
    :attr:`Answer.costly` at once, to queue among the costly."""
    event: str | None = None
    """The key of the kept event the job ranks (:mod:`sonneborn.web.events`), which its answer names."""
    gzip: bool = False
    """Whether the client accepts a gzip-compressed answer (its ``Accept-Encoding``)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a worker answers: a status, a media type and the body's bytes."""

    status: int
    media_type: str
    body: bytes
    bug: str | None = None
    """The traceback of a failure that is a bug in sonneborn (status 500), for the server's log."""
    out_of_memory: bool = False
    """Whether the work ran out of the memory a worker may use (the worker is replaced)."""
    costly: bool = False
    """Whether the request turned out costly in a worker of the cheap share: no answer yet, it must queue."""
    encoding: str | None = None
    """The body's ``Content-Encoding`` (``gzip``), ``None`` when it is sent as it is."""


class _Share:
    """Whether a job may do costly work: it may when sent as costly, or once the server let it be (``promote``)."""

    def __init__(self, job: Job, promote: Callable[[], bool] | None) -> None:
        self.job = job
        self.costly = job.costly
        self._promote = promote

    def allows(self, costly: bool) -> bool:
        """Whether work that is ``costly`` or not may go on; the server is asked once for a costly place."""
        if costly and not self.costly and self._promote is not None:
            self.costly = self._promote()
            self._promote = None
        return self.costly or not costly


def answer(job: Job, *, promote: Callable[[], bool] | None = None) -> Answer:
    """The answer to a job: the ranking's text, or the error that stopped it.

    A job sent as not :attr:`Job.costly` that proves costly asks ``promote``
    (the server: is a costly place free?) and goes on if it may, else its
    answer is :attr:`Answer.costly`, at once.
    """
    share = _Share(job, promote)
    # The language of the request's errors (the app sets it: the query's `lang`, else the browser's).
    lang = language(known(str(job.query.get("lang") or "")) or DEFAULT)
    try:
        upload = upload_of(job.body)
        # A body's `lang` (a JSON key, a form's field) names the language of its options' errors too.
        named = known(str(upload.fields.get("lang") or ""))
        if named:
            lang = language(named)
        options = merge_options(_OPTIONS[job.endpoint], job.query, upload.fields)
        if options.lang:  # a form's field names it too: the file's errors are written in it
            lang = language(options.lang)
        if job.endpoint == "standings":
            assert isinstance(options, StandingsOptions)
            found = _standings(share, upload, options)
        elif job.endpoint == "explain":
            assert isinstance(options, ExplainOptions)
            found = _explain(share, upload, options)
        elif job.endpoint in ("whatif", "whatif_page"):
            assert isinstance(options, WhatifOptions)
            found = _whatif(share, upload, options, job)
        elif job.endpoint in VIEWS:
            found = _view(share, upload, options, job)
        else:
            found = _report(share, upload, options)
    except ApiError as error:
        return error_answer(error, lang)
    except Costly:
        return Answer(0, "", b"", costly=True)
    except MemoryError:
        refused = ApiError(memory_message(), status=422)
        return Answer(refused.status, JSON, error_json(refused, lang), out_of_memory=True)
    except Exception:
        bug = ApiError(Message(INTERNAL_ERROR), status=500)
        return Answer(500, JSON, error_json(bug), bug=traceback.format_exc())
    if len(found.body) > MAX_ANSWER:
        return error_answer(ApiError(too_large_message(len(found.body)), status=422), lang)
    if job.gzip and job.endpoint in VIEWS and len(found.body) >= COMPRESS_FROM:
        # Level 5: nearly the size of level 9 for JSON, in a third of its time.
        return Answer(found.status, found.media_type, gzip.compress(found.body, 5, mtime=0), encoding="gzip")
    return found


def too_large_message(size: int) -> Message:
    """The message of a request whose answer would pass :data:`MAX_ANSWER`.

    >>> str(too_large_message(669 * 1024 * 1024))
    'the answer would be 669 MB, more than the 256 MB the server sends (ask for fewer codes, or for the JSON standings)'
    """
    template = N_(
        "the answer would be {megabytes} MB, more than the {limit} MB the server sends (ask for fewer codes, or for "
        "the JSON standings)"
    )
    return Message.of(template, megabytes=Number(f"{size / (1024 * 1024):,.0f}"), limit=MAX_ANSWER // (1024 * 1024))


def memory_message() -> Message:
    """The message of a request refused because its ranking ran out of a worker's memory."""
    return Message(
        N_(
            "the event needs more memory to rank than this server's budget for one request (ask for fewer codes, "
            "or for the JSON standings)"
        )
    )


def error_answer(error: ApiError, lang: Language = ENGLISH) -> Answer:
    """The answer to an error: its status and ``{"error": {...}}``, the message in ``lang``."""
    return Answer(error.status, JSON, error_json(error, lang))


def error_json(error: ApiError, lang: Language = ENGLISH) -> bytes:
    """The JSON body of an error; a lone surrogate in a message is written as its JSON escape."""
    return json.dumps(error.body(lang), ensure_ascii=False, separators=(",", ":")).encode("utf-8", "backslashreplace")


def _admit(
    share: _Share, upload: Upload, reading: Reading, request: RankingRequest, output: str, times: int = 1
) -> None:
    """Refuses a request that asks for more work than its budget allows (``times`` the output's weight); stops a
    costly one in the cheap share."""
    job = share.job
    try:
        event = prepared(reading, request)
    except OptionError as error:  # an option the event does not take (a primary score of an individual event)
        raise ApiError(error.text, path=upload.path, field=error.option) from None
    specs: Sequence[Spec] | None = request.tiebreaks
    try:
        specs = ranked_tiebreaks(reading, event, request)
    except OptionError as error:  # a profile for another kind of event (a team list for players)
        raise ApiError(error.text, path=upload.path, field=error.option) from None
    except InputError:  # a bad stated list is refused by the ranking, at its line
        pass
    asked = cost.work(event.players, event.rounds, specs, event.kind, request.rank_by, output, times)
    refusal = asked.refusal(job.seconds) if job.seconds is not None else None
    if refusal is not None:
        raise ApiError(refusal, path=upload.path)
    if not share.allows(asked.cells > cost.CHEAP_WORK):
        raise Costly


def _admit_answer(share: _Share, upload: Upload, result: Standings, output: str) -> None:
    """Refuses a request whose tied groups' derivations would pass :data:`~sonneborn.web.cost.MAX_TIED`, before
    they are written; stops one whose derivations are costly in the cheap share."""
    tied = cost.derivations_size(result)
    refusal = tied.refusal(cost.DERIVING[output])
    if refusal is not None:
        raise ApiError(refusal, path=upload.path, field="tiebreaks")
    if not share.allows(tied.size * cost.DERIVING[output] > cost.CHEAP_ANSWER):
        raise Costly


def _standings(share: _Share, upload: Upload, options: StandingsOptions) -> Answer:
    request = parse_request(options)
    output = "html" if options.format == "html" else "standings"
    reading = load_event(upload, options)
    _admit(share, upload, reading, request, output)
    result = rank_event(reading, request, upload)
    if output == "html":
        _admit_answer(share, upload, result, output)
    with refused_events(upload.path):
        lang = language(options.lang or DEFAULT)
        if request.categories:
            text = _categories(result, request, options.format, lang, options.csv)
        else:
            text = (
                "".join(iter_json(result))
                if options.format == "json"
                else render(result, options.format, lang=lang, dialect=options.csv)
            )
    return Answer(200, MEDIA_TYPES[options.format], text.encode("utf-8"))


def _categories(result: Standings, request: RankingRequest, fmt: str, lang: Language, dialect: str) -> str:
    """The category tables the request asks for, in its format and language."""
    if fmt not in CATEGORY_RENDERERS:
        message = Message.of(N_("category tables are written as {formats}"), formats=", ".join(CATEGORY_RENDERERS))
        raise ApiError(message, field="category")
    try:
        tables = category_tables(result, request.categories)
    except OptionError as error:
        raise ApiError(error.text, field=error.option) from None
    return render_categories(tables, fmt, lang=lang, dialect=dialect)


def _explain(share: _Share, upload: Upload, options: ExplainOptions) -> Answer:
    request = parse_request(options)
    if options.start is not None and options.player is not None:
        raise ApiError(Message(N_("give the player by start or by player, not both")), field="player")
    reading = load_event(upload, options)
    rows = reading.competitors  # a team file's teams, found by number or name
    named = options.player
    if named is None and options.start is not None:
        named = str(options.start)
    try:
        chosen = None if named is None else find_player(rows, named, option=_field(options))
    except OptionError as error:
        raise ApiError(error.text, field=error.option) from None
    _admit(share, upload, reading, request, "explain" if chosen is None else "explanation")
    result = rank_event(reading, request, upload)
    if chosen is None:
        _admit_answer(share, upload, result, "explain")
    starts = [chosen] if chosen is not None else list(range(1, rows.players + 1))
    with refused_events(upload.path):
        found = explanations(result, starts, language(options.lang or DEFAULT))
        _fits(sum(_text_size(entry["lines"]) for entry in found), len(found))
        return Answer(200, JSON, _json({"explanations": found}))


_TAB_WORDS = {
    "rank_by": N_("the What if tab ranks by points (or a team event's primary score): set Rank by to Points to see it"),
    "lots": N_("the What if tab counts shared places as shared: clear the drawing of lots under Advanced to see it"),
}
"""The What if tab's words for the options ``whatif`` refuses, naming the page's controls, not the command line's."""


def _whatif(share: _Share, upload: Upload, options: WhatifOptions, job: Job) -> Answer:
    """``POST /api/whatif``'s answer, or a kept event's "What if" tab (:class:`WhatifPageOptions`)."""
    from sonneborn.render.whatif import whatif_data
    from sonneborn.whatif import Model, open_boards, open_items, parse_fixed, what_if

    request = parse_request(options)
    reading = load_event(upload, options)
    _admit(share, upload, reading, request, "whatif", options.proof_effort)
    method = None if options.method == "auto" else options.method
    try:
        fixed = parse_fixed([options.results])
        answer = what_if(
            reading,
            request,
            places=options.places,
            model=Model(options.draw_rate),
            method=method,
            runs=options.runs,
            seed=options.seed,
            with_chances=options.chances,
            fixed=fixed,
            proof_effort=options.proof_effort,
        )
    except OptionError as error:
        said = _TAB_WORDS.get(error.option or "") if isinstance(options, WhatifPageOptions) else None
        text = Message(said) if said is not None else error.text
        raise ApiError(text, path=upload.path, field=error.option) from None
    with refused_events(upload.path):
        if not isinstance(options, WhatifPageOptions):
            return Answer(200, JSON, _json(whatif_data(answer)))
        boards = open_boards(open_items(reading, request))
        data = whatif_view(
            answer,
            boards,
            fixed,
            offset=options.offset,
            limit=options.limit,
            boards_offset=options.boards_offset,
            proof_effort=options.proof_effort,
            lang=language(options.lang or DEFAULT),
        )
        return Answer(200, JSON, _json({"event": job.event, **data}))


def _field(options: ExplainOptions) -> str:
    """The parameter that names the player to explain."""
    return "player" if options.player is not None else "start"


def _report(share: _Share, upload: Upload, options: EventOptions) -> Answer:
    request = parse_request(options)
    reading = load_event(upload, options)
    _admit(share, upload, reading, request, "report")
    result = rank_event(reading, request, upload)
    _admit_answer(share, upload, result, "report")
    with refused_events(upload.path):
        lang = language(options.lang or DEFAULT)
        warnings = [
            _warning(w, lang) for w in (*reading.warnings, *result.warnings, *_recorded(reading, request, result))
        ]
        data = report_data(result, path=upload.path, input_format=reading.format, lang=lang)
        _fits(sum(_text_size(row["lines"]) for row in data["rows"]), len(data["rows"]))
        return Answer(200, JSON, _json({**data, "warnings": warnings}))


def _view(share: _Share, upload: Upload, options: EventOptions, job: Job) -> Answer:
    """A piece of a kept event: a page of rows, a search, a player's card or a round."""
    request = parse_request(options)
    reading = load_event(upload, options)
    if isinstance(options, PlayerOptions | RoundOptions):
        _within(reading, options)
    _admit(share, upload, reading, request, "explanation" if isinstance(options, PlayerOptions) else "standings")
    result = rank_event(reading, request, upload)
    if request.categories:
        result = _category(result, request)
    lang = language(options.lang or DEFAULT)
    with refused_events(upload.path):
        if isinstance(options, PageOptions):
            offset = options.offset
            if options.rank is not None or options.start is not None:
                found = first_row(result, rank=options.rank, start=options.start)
                offset = found // options.limit * options.limit
            data = page_data(
                result,
                offset=offset,
                limit=options.limit,
                # A category's table has no crosstable of its own: the crosstable is the whole event's.
                crosstable=result.category is None
                and (
                    options.view == "crosstable" or (options.view == "auto" and result.event.players <= options.limit)
                ),
                path=upload.path,
                input_format=reading.format,
                lang=lang,
            )
            # The rounds the file has played, which the page's "after round" picker offers.
            data["rounds"]["file_played"] = reading.competitors.table.played_rounds
            recorded = _recorded(reading, request, result) if result.category is None else []
            data["warnings"] = [_warning(w, lang) for w in (*reading.warnings, *result.warnings, *recorded)]
        elif isinstance(options, SearchOptions):
            data = search_data(result, options.q)
        elif isinstance(options, PlayerOptions):
            data = player_data(result, options.start, path=upload.path, input_format=reading.format, lang=lang)
        elif isinstance(options, BoardsOptions):
            data = _boards(result, options, request.unrated_rating, lang)
        else:
            assert isinstance(options, RoundOptions)
            data = round_data(result, options.round, offset=options.offset, limit=options.limit)
    return Answer(200, JSON, _json({"event": job.event, **data}))


def _recorded(reading: Reading, request: RankingRequest, result: Standings) -> list[InputWarning]:
    """The warning of the recorded ranks and values the standings do not give (in the page's wording)."""
    warning = recorded_warning(reading, request, result)
    return [] if warning is None else [warning]


def _category(result: Standings, request: RankingRequest) -> Standings:
    """The table of the one category a page or a search asks for, the overall order filtered."""
    if len(request.categories) > 1:
        message = Message(N_("the page shows one category at a time (give one, such as women or women+U16)"))
        raise ApiError(message, field="category")
    try:
        return category_tables(result, request.categories)[0]
    except OptionError as error:
        raise ApiError(error.text, field=error.option) from None


def _warning(warning: InputWarning, lang: Language) -> str:
    """A warning as the page shows it: where, then what, in ``lang``, in the page's wording (which names the page's
    controls, never a command-line flag: :attr:`~sonneborn.errors.InputWarning.on_page`)."""
    said = lang.message(warning.on_page)
    return f"{warning.where}: {said}" if warning.where else said


def _boards(result: Standings, options: BoardsOptions, unrated: int | None, lang: Language) -> dict[str, Any]:
    """A team event's board prizes, as ``crosstable --boards -f json`` gives them (the teams under the request's
    points, as the standings have them), in ``lang`` (:func:`~sonneborn.web.views.boards_data`)."""
    if result.event.teams is None:
        raise ApiError(Message(N_("board prizes are a team event's; this file holds no teams")), field="order")
    teams = teams_of(result.event)
    prizes = board_prizes(teams, order=BoardOrder(options.order), min_games=options.min_games, unrated_rating=unrated)
    return boards_data(teams, prizes, min_games=options.min_games, lang=lang)


def _within(reading: Reading, options: PlayerOptions | RoundOptions) -> None:
    """Refuses a start number or a round the event does not have, naming the parameter."""
    event = reading.competitors
    if isinstance(options, PlayerOptions) and options.start > event.players:
        template = N_("no player has start number {number}: the event has {count}")
        raise ApiError(Message.of(template, number=options.start, count=event.players), field="start")
    if isinstance(options, RoundOptions) and options.round > event.rounds:
        template = N_("no round {round}: the event has {count}")
        raise ApiError(Message.of(template, round=options.round, count=event.rounds), field="round")


def _text_size(lines: list[str]) -> int:
    # A player's explanation lines; the answer has them twice (as lines and by code).
    return 2 * sum(map(len, lines))


def _fits(text: int, rows: int) -> None:
    """Refuses an answer of ``text`` characters of explanations over ``rows`` rows before it is encoded: when it
    would pass :data:`MAX_ANSWER`, or more than the worker's memory can hold (orjson crashes the process where an
    allocation fails, instead of raising ``MemoryError``)."""
    estimate = text + 400 * rows
    if estimate > MAX_ANSWER:
        raise ApiError(too_large_message(estimate), status=422)
    if 3 * estimate > memory_left():
        raise MemoryError(f"an answer of some {estimate} bytes")


def memory_left() -> int:
    """The bytes this process may still allocate under its limit on address space (``RLIMIT_AS``)."""
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return 2**62
        with open("/proc/self/statm") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 2**62
    return soft - used


def _json(data: Any) -> bytes:
    # orjson writes what json.dumps(ensure_ascii=False, separators=(",", ":")) writes, some ten times faster.
    return orjson.dumps(data, option=orjson.OPT_SERIALIZE_NUMPY)
