"""The ASGI app of ``sonneborn serve``: the page, its static files and the JSON API.

Every answer to bad input is a 4xx with ``{"error": {...}}``: 408 for a body
too slow to arrive, 413 for a body over 10 MB, 415 for a body of an unknown
type, 422 for a file that cannot be read, an unknown code or a bad parameter.
A 500 means a bug, and is logged.

>>> from sonneborn.web.app import create_app
>>> sorted(route.path for route in create_app().routes if route.path.startswith("/api"))
['/api/explain', '/api/report', '/api/standings', '/api/tiebreaks']
"""

from __future__ import annotations

import functools
import importlib.metadata
import logging
from importlib.resources import files
from typing import Annotated, Any

import anyio
import anyio.to_thread
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.staticfiles import StaticFiles

from sonneborn.demo import seed_text
from sonneborn.render import render
from sonneborn.render.html import environment
from sonneborn.render.json import iter_json
from sonneborn.tiebreaks import REGISTRY, WEIGHTED_SCORES
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.web.inputs import (
    ApiError,
    EventOptions,
    ExplainOptions,
    StandingsOptions,
    Upload,
    invalid_parameters,
    load_event,
    merge_options,
    parse_request,
    rank_event,
    read_upload,
    refused_events,
)
from sonneborn.web.limits import BODY_TIMEOUT, CHUNK_TIMEOUT, MAX_BODY, BodyLimit, SecurityHeaders
from sonneborn.web.report import PRESETS, RULE_LABELS, catalogue, explanations, report_data

logger = logging.getLogger(__name__)

MEDIA_TYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "trf": "text/plain; charset=utf-8",
    "table": "text/plain; charset=utf-8",
}
"""The media type of each output format of ``POST /api/standings``."""

RANKING_THREADS = 4
"""The most events read and ranked at once. Ranking holds the GIL: more threads would only share one
core, and the light requests (the page, ``/healthz``, the errors) would wait behind all of them."""


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


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: ErrorDetail


_ERRORS: dict[int | str, dict[str, Any]] = {
    408: {"model": ErrorBody, "description": "The body did not arrive in time; the connection is closed."},
    413: {"model": ErrorBody, "description": "The request body is over 10 MB."},
    415: {"model": ErrorBody, "description": "The body is neither multipart, JSON, a form nor plain text."},
    422: {"model": ErrorBody, "description": "The file cannot be read, or a parameter is wrong."},
}


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
    *, chunk_timeout: float = CHUNK_TIMEOUT, body_timeout: float = BODY_TIMEOUT, ranking_threads: int = RANKING_THREADS
) -> FastAPI:
    """The app: ``/`` (the page), ``/static``, ``/api/*``, ``/healthz`` and ``/openapi.json``.

    A request body must arrive part by part within ``chunk_timeout`` seconds,
    and whole within ``body_timeout``; else the answer is 408. At most
    ``ranking_threads`` events are ranked at once; the others wait their turn.
    """
    ranking = anyio.CapacityLimiter(ranking_threads)
    app = FastAPI(
        title="sonneborn",
        version=_version(),
        summary="Chess tournament standings ranked by tie-breaks, each value exact and explained.",
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY, chunk_timeout=chunk_timeout, body_timeout=body_timeout)
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(ClientDisconnect, _client_gone)
    app.add_exception_handler(Exception, _internal_error)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        return HTMLResponse(_page())

    @app.get("/static/report.css", include_in_schema=False)
    def report_css() -> Response:
        # The stylesheet of the downloadable reports, so that the page's tables look like theirs.
        css = files("sonneborn").joinpath("templates", "sonneborn.css").read_text(encoding="utf-8")
        return Response(css, media_type="text/css; charset=utf-8")

    @app.get("/example/wccc_1975_final.tsv", include_in_schema=False)
    def example() -> Response:
        # The bundled seed crosstable, for the page's "try it" button.
        return Response(seed_text(), media_type="text/tab-separated-values; charset=utf-8")

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
        upload = await read_upload(request)
        options = merge_options(StandingsOptions, query, upload.fields)
        return await anyio.to_thread.run_sync(_standings, upload, options, limiter=ranking)

    @app.post("/api/explain", tags=["api"], responses=_ERRORS, openapi_extra=_request_body(ExplainOptions))
    async def explain(request: Request, query: Annotated[ExplainOptions, Query()]) -> JSONResponse:
        """Each value of a player (or of every player) as the sum it came from, as `--explain` prints it."""
        upload = await read_upload(request)
        options = merge_options(ExplainOptions, query, upload.fields)
        return await anyio.to_thread.run_sync(_explain, upload, options, limiter=ranking)

    @app.post("/api/report", tags=["page"], responses=_ERRORS, openapi_extra=_request_body(EventOptions))
    async def report(request: Request, query: Annotated[EventOptions, Query()]) -> JSONResponse:
        """What the page shows in one answer: the JSON contract, the tables' texts, explanations, running scores."""
        upload = await read_upload(request)
        options = merge_options(EventOptions, query, upload.fields)
        return await anyio.to_thread.run_sync(_report, upload, options, limiter=ranking)

    return app


def _standings(upload: Upload, options: StandingsOptions) -> Response:
    request = parse_request(options)
    result = rank_event(load_event(upload, options), request, upload)
    with refused_events(upload.path):
        text = "".join(iter_json(result)) if options.format == "json" else render(result, options.format)
    return Response(text, media_type=MEDIA_TYPES[options.format])


def _explain(upload: Upload, options: ExplainOptions) -> JSONResponse:
    request = parse_request(options)
    reading = load_event(upload, options)
    players = reading.event.players
    if options.start is not None and options.start > players:
        raise ApiError(f"no player has the start number {options.start} (1–{players})", field="start")
    result = rank_event(reading, request, upload)
    starts = [options.start] if options.start is not None else list(range(1, players + 1))
    with refused_events(upload.path):
        return JSONResponse({"explanations": explanations(result, starts)})


def _report(upload: Upload, options: EventOptions) -> JSONResponse:
    request = parse_request(options)
    reading = load_event(upload, options)
    result = rank_event(reading, request, upload)
    warnings = [str(w) for w in (*reading.warnings, *result.warnings)]
    with refused_events(upload.path):
        return JSONResponse(
            {**report_data(result, path=upload.path, input_format=reading.format), "warnings": warnings}
        )


async def _api_error(request: Request, error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status)


async def _validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
    answer = invalid_parameters(list(error.errors()))
    return JSONResponse(answer.body(), status_code=answer.status)


async def _http_error(request: Request, error: HTTPException) -> Response:
    body = ApiError(str(error.detail), status=error.status_code).body()
    return JSONResponse(body, status_code=error.status_code, headers=error.headers)


async def _client_gone(request: Request, error: Exception) -> Response:
    # The client left before its body was sent: nobody reads the answer, and it is no bug of ours.
    logger.info("client left during %s %s", request.method, request.url.path)
    return Response(status_code=400, headers={"connection": "close"})


async def _internal_error(request: Request, error: Exception) -> JSONResponse:
    logger.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
    body = ApiError("internal error: this is a bug in sonneborn, please report it", status=500).body()
    return JSONResponse(body, status_code=500)


@functools.cache
def _version() -> str:
    try:
        return importlib.metadata.version("sonneborn")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        return "0"


@functools.cache
def _page() -> str:
    codes = [{"code": d.code, "name": d.name} for d in REGISTRY.values()]
    weighted = [{"code": code, "name": REGISTRY[code].name} for code in WEIGHTED_SCORES]
    template = environment("sonneborn.web").get_template("index.html")
    return template.render(
        version=_version(),
        presets=PRESETS,
        rules=[(r.value, RULE_LABELS[r]) for r in Rules],
        default_rules=DEFAULT_RULES.value,
        codes=codes,
        weighted=weighted,
        max_megabytes=MAX_BODY // (1024 * 1024),
    )
