"""The ASGI app of ``sonneborn serve``: the page, its static files and the JSON API.

Every answer to bad input is a 4xx with ``{"error": {...}}``: 403 for a
request another site's page sent, 408 for a body too slow to arrive, 413 for
a body over 10 MB, 415 for a body of an unknown type, 421 for a host name the
server does not answer for, 431 for a head over 16 kB, 422 for a file that
cannot be read, an unknown code, a bad parameter or an event that asks too
much work, time or memory to rank; 503 when too many requests are under way
or every worker stays busy. A 500 means a bug, and is logged.

The events are read, ranked and rendered by worker processes
(:mod:`sonneborn.web.workers`), each request within a time budget; the
server's own process only takes bodies in and sends answers out.

>>> from sonneborn.web.app import create_app
>>> paths = sorted(route.path for route in create_app().routes if route.path.startswith("/api"))
>>> paths[7:]
['/api/explain', '/api/report', '/api/standings', '/api/tiebreaks', '/api/whatif']
>>> [path.removeprefix("/api/events") for path in paths[:6]]
['', '/{key}/boards', '/{key}/page', '/{key}/player', '/{key}/round', '/{key}/search']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib.metadata
import logging
from collections.abc import AsyncIterator, Coroutine, Iterable
from importlib.resources import files
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from sonneborn.demo import DEMO_LIST, seed_json, seed_text
from sonneborn.languages import LANGUAGES, from_accept_language, known, language, page_catalogue, page_plurals
from sonneborn.messages import N_, Message
from sonneborn.render.html import environment
from sonneborn.tiebreaks import REGISTRY, WEIGHTED_SCORES
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.web.events import Events
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
    WhatifOptions,
    WhatifPageOptions,
    invalid_parameters,
    read_body,
    refuse_repeated_parameters,
)
from sonneborn.web.limits import (
    BODY_TIMEOUT,
    CHUNK_TIMEOUT,
    LOCAL_HOSTS,
    MAX_BODY,
    MAX_HEAD,
    MAX_REQUESTS,
    RETRY_AFTER,
    Admission,
    AllowedHosts,
    BodyLimit,
    HeadAsGet,
    HeadLimit,
    Refused,
    SameOrigin,
    SecurityHeaders,
)
from sonneborn.web.report import PRESETS, RULE_LABELS, catalogue
from sonneborn.web.work import MEDIA_TYPES, Endpoint, Job, error_json
from sonneborn.web.workers import HEAVY, WORKERS, Busy, Died, InProcess, OverBudget, Result, Workers, budget

logger = logging.getLogger(__name__)


class ErrorDetail(BaseModel):
    """What went wrong and where."""

    message: str
    path: str | None = None
    """The uploaded file's name, ``<text>`` for a pasted text, ``<body>`` for a raw body."""
    line: int | None = None
    column: int | None = None
    field: str | None = None
    """The parameter or body field at fault (``file``, ``tiebreaks``, ``rules``, …)."""
    excerpt: str | None = None
    """The offending line of the file, when the error has one."""
    format: str | None = None
    """The input format the file was read as (``trf``, ``pgn``, …)."""
    why: str | None = None
    """Why it was read so: ``read as TRF because line 1 starts with '012'``."""
    line_text: str | None = None
    """The whole line the error names (``column`` marks the character), to show it as the CLI does."""


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: ErrorDetail


_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody, "description": "Another site's page sent the request."},
    408: {"model": ErrorBody, "description": "The body did not arrive in time; the connection is closed."},
    413: {"model": ErrorBody, "description": "The request body is over 10 MB."},
    415: {"model": ErrorBody, "description": "The body is neither multipart, JSON, a form nor plain text."},
    421: {"model": ErrorBody, "description": "The `Host` header names a host the server was not started for."},
    431: {"model": ErrorBody, "description": "The request head (its line and headers) is over 16 kB."},
    422: {
        "model": ErrorBody,
        "description": "The file cannot be read, a parameter is wrong, or the event takes too long to rank.",
    },
    503: {
        "model": ErrorBody,
        "description": "Too many requests at once, or every worker stayed busy; try again after `Retry-After` seconds.",
    },
}


EventKey = Annotated[str, Path(description="The event's key, as `POST /api/events` answered it.", max_length=64)]
"""The key of a kept event in the path of its requests."""


def _request_body(options: type[EventOptions]) -> dict[str, Any]:
    """The OpenAPI request body of an endpoint that reads an event: a file or a text, with the options."""
    properties = options.model_json_schema()["properties"]
    text = {"type": "string", "description": "The tournament file's text (instead of a file)."}
    return {
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "properties": {
                            "file": {"type": "string", "format": "binary", "description": "The tournament file."},
                            "text": text,
                            **properties,
                        },
                    }
                },
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["text"],
                        "additionalProperties": False,
                        "properties": {
                            "text": text,
                            "filename": {"type": "string", "description": "The name errors give the text."},
                            **properties,
                        },
                    }
                },
                "text/plain": {"schema": {"type": "string", "description": "The tournament file itself."}},
            },
        }
    }


def create_app(
    *,
    chunk_timeout: float = CHUNK_TIMEOUT,
    body_timeout: float = BODY_TIMEOUT,
    workers: int | Workers | InProcess = WORKERS,
    seconds: float | None = None,
    hosts: Iterable[str] = LOCAL_HOSTS,
    max_requests: int = MAX_REQUESTS,
    events: Events | None = None,
) -> FastAPI:
    """The app: ``/`` (the page), ``/static``, ``/api/*``, ``/healthz`` and ``/openapi.json``.

    It answers for the host names ``hosts`` only, besides this machine's
    (:data:`~sonneborn.web.limits.LOCAL_HOSTS`), and takes ``max_requests``
    requests at once (any more are answered 503).

    A request body must arrive part by part within ``chunk_timeout`` seconds,
    and whole within ``body_timeout``; else the answer is 408. At most
    ``workers`` events are ranked at once, each by a worker process within
    its time budget (:func:`~sonneborn.web.workers.budget`, or ``seconds``
    when given); ``workers=0`` ranks in threads of this process instead,
    where nothing can be cut. A :class:`~sonneborn.web.workers.Workers`
    may be given with limits of its own. The events the page works on are
    kept in ``events`` (:class:`~sonneborn.web.events.Events`, a new one by
    default).
    """
    kept = events if events is not None else Events()
    if isinstance(workers, int):
        pool: Workers | InProcess = Workers(workers) if workers > 0 else InProcess()
    else:
        pool = workers

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await pool.start()
        try:
            yield
        finally:
            pool.close()

    app = FastAPI(
        title="sonneborn",
        version=_version(),
        summary="Chess tournament standings ranked by tie-breaks, each value exact and explained.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.workers = pool
    app.add_middleware(BodyLimit, limit=MAX_BODY, chunk_timeout=chunk_timeout, body_timeout=body_timeout)
    app.add_middleware(SameOrigin)
    app.add_middleware(HeadAsGet)
    app.add_middleware(HeadLimit, limit=MAX_HEAD)
    app.add_middleware(AllowedHosts, hosts=hosts)
    app.add_middleware(Admission, limit=max_requests)
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(ClientDisconnect, _client_gone)
    app.add_exception_handler(Exception, _internal_error)

    async def ranked(
        request: Request, endpoint: Endpoint, query: EventOptions, body: Body | None = None, key: str | None = None
    ) -> Response:
        refuse_repeated_parameters(request)
        if body is None:
            body = await read_body(request)
        if known(body.fields.get("lang") or ""):  # a form's field names the language, for the app's errors too
            request.state.lang = known(body.fields["lang"])
        allowed = seconds if seconds is not None else budget(body.size)
        asked = query.model_dump(exclude_unset=True)
        if asked.get("lang") is None:  # the browser's language, unless the request names one
            asked["lang"] = from_accept_language(request.headers.get("accept-language"))
        job = Job(endpoint, asked, body, seconds=allowed, event=key, gzip=key is not None and _gzip(request))
        try:
            result = await _unless_the_client_leaves(request, pool.run(job, seconds=allowed, heavy=body.size > HEAVY))
        except OverBudget as error:
            raise ApiError(error.text, status=422, path=body.path) from None
        except Busy as error:
            raise ApiError(error.text, status=503) from None
        except Died as error:  # logged by the workers
            path = body.path if error.status == 422 else None
            raise ApiError(error.text, status=error.status, path=path) from None
        return Streamed(result)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page(request: Request) -> HTMLResponse:
        return HTMLResponse(_page(_language_of(request)), headers={"vary": "Accept-Language"})

    @app.get("/static/report.css", include_in_schema=False)
    def report_css() -> Response:
        # The stylesheet of the downloadable reports, so that the page's tables look like theirs.
        css = files("sonneborn").joinpath("templates", "sonneborn.css").read_text(encoding="utf-8")
        return Response(css, media_type="text/css; charset=utf-8")

    @app.get("/example/wccc_1975_final.tsv", include_in_schema=False)
    def example() -> Response:
        # The bundled seed crosstable, for the page's "try it" button.
        return Response(seed_text(), media_type="text/tab-separated-values; charset=utf-8")

    @app.get("/example/demo.json", include_in_schema=False)
    def example_named() -> Response:
        # The page's example button: the seed event under its name, ranked (DEMO_LIST) as `sonneborn demo` ranks it.
        return Response(seed_json(), media_type="application/json")

    app.mount("/static", StaticFiles(packages=[("sonneborn.web", "static")]), name="static")

    @app.get("/healthz", tags=["service"])
    async def healthz() -> dict[str, str]:
        """Whether the service is up, and its version."""
        return {"status": "ok", "version": _version()}

    @app.get("/api/tiebreaks", tags=["api"])
    def tiebreaks() -> dict[str, Any]:
        """Every tie-break code with its name, rule and definition; the rule editions, defaults and presets."""
        return catalogue()

    @app.post(
        "/api/standings",
        tags=["api"],
        responses={
            200: {
                "description": "The standings: the JSON of `sonneborn standings -f json`, or the format asked for.",
                "content": {media.split(";")[0]: {} for media in MEDIA_TYPES.values()},
            },
            **_ERRORS,
        },
        openapi_extra=_request_body(StandingsOptions),
    )
    async def standings(request: Request, query: Annotated[StandingsOptions, Query()]) -> Response:
        """The standings of a tournament file, as `sonneborn standings FILE -f FORMAT` prints them."""
        return await ranked(request, "standings", query)

    @app.post("/api/explain", tags=["api"], responses=_ERRORS, openapi_extra=_request_body(ExplainOptions))
    async def explain(request: Request, query: Annotated[ExplainOptions, Query()]) -> Response:
        """Each value of a player (or of every player) as the sum it came from, as `--explain` prints it."""
        return await ranked(request, "explain", query)

    @app.post("/api/whatif", tags=["api"], responses=_ERRORS, openapi_extra=_request_body(WhatifOptions))
    async def whatif(request: Request, query: Annotated[WhatifOptions, Query()]) -> Response:
        """Before the remaining rounds: every player's best and worst place, can win, clinched places and chances,
        as `sonneborn whatif FILE -f json` prints them (docs/whatif.md)."""
        return await ranked(request, "whatif", query)

    @app.post("/api/report", tags=["page"], responses=_ERRORS, openapi_extra=_request_body(EventOptions))
    async def report(request: Request, query: Annotated[EventOptions, Query()]) -> Response:
        """What the page shows in one answer: the JSON contract, the tables' texts, explanations, running scores."""
        return await ranked(request, "report", query)

    @app.post(
        "/api/events",
        tags=["page"],
        responses={404: {"model": ErrorBody}, **_ERRORS},
        openapi_extra=_request_body(PageOptions),
    )
    async def keep_event(request: Request, query: Annotated[PageOptions, Query()]) -> Response:
        """Keeps an event for the page, by the hash of its content, and answers its first page (`event` is its key).

        The server keeps the body in memory (never on disk), the least recently used dropped first; the
        options in the query of each later request rank it, those sent in the body stay with it."""
        body = await read_body(request)
        return await ranked(request, "page", query, body, kept.keep(body))

    def kept_body(key: str) -> Body:
        body = kept.get(key)
        if body is None:
            message = N_(
                "the server no longer keeps this event (or never did): send its file again to POST /api/events"
            )
            raise ApiError(Message(message), status=404, field="event")
        return body

    kept_errors: dict[int | str, dict[str, Any]] = {
        404: {"model": ErrorBody, "description": "The server keeps no event by this key."},
        **_ERRORS,
    }

    @app.get("/api/events/{key}/page", tags=["page"], responses=kept_errors)
    async def event_page(request: Request, key: EventKey, query: Annotated[PageOptions, Query()]) -> Response:
        """A page of a kept event's standings (and crosstable): `offset` and `limit`, or the page of `rank` or of
        the player `start`."""
        return await ranked(request, "page", query, kept_body(key), key)

    @app.get("/api/events/{key}/search", tags=["page"], responses=kept_errors)
    async def event_search(request: Request, key: EventKey, query: Annotated[SearchOptions, Query()]) -> Response:
        """The players of a kept event a search finds: by start number or FIDE id, else by name, federation or
        club; at most 20, in final order, each with its place and its row (`index`)."""
        return await ranked(request, "search", query, kept_body(key), key)

    @app.get("/api/events/{key}/player", tags=["page"], responses=kept_errors)
    async def event_player(request: Request, key: EventKey, query: Annotated[PlayerOptions, Query()]) -> Response:
        """A player's card: who he is, each round (opponent, colour, result, running score) and the derivation of
        each of his values."""
        return await ranked(request, "player", query, kept_body(key), key)

    @app.get("/api/events/{key}/boards", tags=["page"], responses=kept_errors)
    async def event_boards(request: Request, key: EventKey, query: Annotated[BoardsOptions, Query()]) -> Response:
        """A team event's board prizes: every board's players in prize order, with the order and eligibility."""
        return await ranked(request, "boards", query, kept_body(key), key)

    @app.get("/api/events/{key}/round", tags=["page"], responses=kept_errors)
    async def event_round(request: Request, key: EventKey, query: Annotated[RoundOptions, Query()]) -> Response:
        """A round's pairings and results board by board, then the byes and absences."""
        return await ranked(request, "round", query, kept_body(key), key)

    @app.get("/api/events/{key}/whatif", tags=["page"], responses=kept_errors)
    async def event_whatif(request: Request, key: EventKey, query: Annotated[WhatifPageOptions, Query()]) -> Response:
        """The "What if" tab: the standings of the scenario that `results` fixes (as `whatif --set` fixes them),
        each row's best and worst place, can win, clinched places and chances, a page of rows, and the games still
        to be played board by board (docs/whatif.md)."""
        return await ranked(request, "whatif_page", query, kept_body(key), key)

    return app


def _gzip(request: Request) -> bool:
    """Whether the client accepts a gzip-compressed answer (``Accept-Encoding: gzip``, unless its ``q=0``)."""
    for part in request.headers.get("accept-encoding", "").lower().split(","):
        name, _, weight = part.partition(";")
        if name.strip() in ("gzip", "*") and weight.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            return True
    return False


_WATCHERS: set[asyncio.Future[None]] = set()
"""The watchers of requests answered or left, until they end (a task no one holds may be collected unfinished)."""


def _watcher_ended(watch: asyncio.Future[None]) -> None:
    _WATCHERS.discard(watch)
    if not watch.cancelled():
        watch.exception()  # retrieved: a receive that failed as the request ended says nothing worth logging


async def _unless_the_client_leaves(request: Request, work: Coroutine[Any, Any, Result]) -> Result:
    """The result of the work, which is cancelled (its worker killed) when the client leaves meanwhile.

    The page aborts a request it no longer needs: its worker is freed at once, not after the ranking.
    """
    running = asyncio.ensure_future(work)

    async def left() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    watch = asyncio.ensure_future(left())
    try:
        await asyncio.wait({running, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not running.done():
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
        # Not awaited: the answer must not wait on the watcher's end. Should a layer under it drop the cancellation,
        # it still ends when the answer is sent (the server's receive then says the client is gone).
        watch.cancel()
        _WATCHERS.add(watch)
        watch.add_done_callback(_watcher_ended)
    if running.cancelled():
        raise ClientDisconnect()
    return running.result()


class Streamed(Response):
    """An answer held by the server, sent a chunk at a time; each chunk's memory is given back once sent, and the
    rest when the client leaves or its connection is cut (the server's send timeout)."""

    def __init__(self, result: Result) -> None:
        super().__init__(status_code=result.status, media_type=result.media_type)
        self.result = result
        self.headers["content-length"] = str(result.length)
        if result.encoding is not None:
            self.headers["content-encoding"] = result.encoding
            self.headers["vary"] = "Accept-Encoding"
        if result.status == 503:
            self.headers["retry-after"] = str(RETRY_AFTER)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        result = self.result
        try:
            await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
            if not result.length:
                await send({"type": "http.response.body", "body": b""})
            while result.held:
                chunk = result.next_chunk()
                more = result.held > len(chunk)
                await send({"type": "http.response.body", "body": chunk, "more_body": more})
                result.sent(len(chunk))
        finally:
            result.drop()


def _language_of(request: Request) -> str:
    """The language a request asks for: its form's ``lang`` field (a body's value wins over the query's, as
    :func:`~sonneborn.web.inputs.merge_options` has it), else its query's ``lang`` (the page's switch keeps it
    in the address), else the one its ``Accept-Language`` prefers."""
    asked: str | None = getattr(request.state, "lang", None)
    return (
        asked
        or known(request.query_params.get("lang") or "")
        or from_accept_language(request.headers.get("accept-language"))
    )


async def _api_error(request: Request, error: ApiError) -> Response:
    headers = {"retry-after": str(RETRY_AFTER)} if error.status == 503 else None
    # In the language the request names, else the browser's, as a worker's answer is.
    return Response(
        error_json(error, language(error.lang or _language_of(request))),
        status_code=error.status,
        media_type="application/json",
        headers=headers,
    )


async def _validation_error(request: Request, error: RequestValidationError) -> Response:
    return await _api_error(request, invalid_parameters(list(error.errors())))


async def _http_error(request: Request, error: HTTPException) -> Response:
    # A refusal of the body limits (413, 408) in the request's language; Starlette's own (404, 405) in English.
    text = error.text if isinstance(error, Refused) else str(error.detail)
    body = error_json(ApiError(text, status=error.status_code), language(_language_of(request)))
    return Response(body, status_code=error.status_code, media_type="application/json", headers=error.headers)


async def _client_gone(request: Request, error: Exception) -> Response:
    # The client left before its body was sent: nobody reads the answer, and it is no bug of ours.
    logger.info("client left during %s %s", request.method, request.url.path)
    return Response(status_code=400, headers={"connection": "close"})


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    logger.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
    body = ApiError(Message(INTERNAL_ERROR), status=500).body()
    return JSONResponse(body, status_code=500)


@functools.cache
def _version() -> str:
    try:
        return importlib.metadata.version("sonneborn")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        return "0"


@functools.cache
def _page(code: str) -> str:
    """The page in a language (one of :data:`~sonneborn.languages.LANGUAGES`), rendered once for each."""
    texts = page_catalogue(code)

    def t(text: str, **values: str | int) -> str:
        # A page text in the language, its fields filled; the same catalogue the script's t() reads.
        return Message.of(text, **values).fill(texts.get(text, text), str)

    codes = [{"code": d.code, "name": d.name} for d in REGISTRY.values()]
    weighted = [{"code": code, "name": REGISTRY[code].name} for code in WEIGHTED_SCORES]
    template = environment("sonneborn.web").get_template("index.html")
    return template.render(
        lang=code,
        decimal=language(code).decimal,
        languages=LANGUAGES,
        texts=texts,
        plurals=page_plurals(code),
        t=t,
        version=_version(),
        presets=PRESETS,
        demo_list=DEMO_LIST,
        rules=[(r.value, RULE_LABELS[r]) for r in Rules],
        file_rules=RULE_LABELS[DEFAULT_RULES],
        codes=codes,
        weighted=weighted,
        max_megabytes=MAX_BODY // (1024 * 1024),
    )
