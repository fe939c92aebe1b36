"""What a request brings: the tournament file and the options of the ranking, checked at the boundary.

The file comes as a multipart upload (field ``file``), as text (field
``text`` of a form or of a JSON body) or as the raw body; the options as
query parameters, form fields or JSON keys, a body's value winning over the
query's. Every library error becomes an :class:`ApiError`, answered with 422.
The file lives in memory for the request only: nothing is written to disk.

The server's process only takes the body in (:func:`read_body`, which parses
a multipart or URL-encoded form as it arrives); what costs time in
proportion to the body (parsing a JSON body, decoding the file, reading,
ranking) is done by a worker (:mod:`sonneborn.web.work`), through
:func:`upload_of` and the functions after it.

Parameters are taken as they are given, never coerced: ``lots`` is an
integer (``7`` or ``"7"``, not ``true`` nor ``7.5``), ``rules`` a text (not
``0`` nor ``{}``), and a parameter given twice is refused.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser
from starlette.requests import Request

from sonneborn.errors import InputError, InputWarning, OptionError, TiebreakError, said_of
from sonneborn.formats import ReadOptions, decode, encoding_warning
from sonneborn.formats.lines import split_lines
from sonneborn.languages import ENGLISH, Language, known
from sonneborn.messages import N_, Message, said
from sonneborn.pipeline import Reading, read_text, standings
from sonneborn.pipeline import Request as RankingRequest
from sonneborn.ranking import Standings
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.tiebreaks.spec import MAX_RATING
from sonneborn.web.limits import MAX_BODY

MAX_FIELDS = 32
"""The most fields a multipart or URL-encoded form may have: the file, its text and a dozen options fit."""
MAX_FORM_TEXT = 1024 * 1024
"""The largest field of a URL-encoded form (1 MB): a bigger file goes as multipart, JSON or the raw body."""

logger = logging.getLogger(__name__)

TEXT_PATH = "<text>"
"""The path errors name for a pasted text."""
BODY_PATH = "<body>"
"""The path errors name for a file sent as the raw request body."""
EXCERPT_CHARS = 200
MAX_LINE_TEXT = 10_000
"""The most characters of the line an error names that the answer gives (a TRF line is under 1,000)."""


INTERNAL_ERROR = N_("internal error: this is a bug in sonneborn, please report it")
"""What a request that met a bug in sonneborn is answered (500)."""


class ApiError(Exception):
    """A request answered with an error status and ``{"error": {message, path, line, column, field}}``."""

    def __init__(
        self,
        message: str | Message,
        *,
        status: int = 422,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
        excerpt: str | None = None,
        read_as: tuple[str, str | Message] | None = None,
        line_text: str | None = None,
    ) -> None:
        self.text = said(message)
        """What went wrong, as the library said it: the answer writes it in the request's language."""
        self.message = str(self.text)
        super().__init__(self.message)
        self.status = status
        self.path = path
        self.line = line
        self.column = column
        self.field = field
        self.excerpt = excerpt
        self.read_as = read_as
        """The input format the file was read as, and why (``read as TRF because line 1 starts with '012'``)."""
        self.line_text = line_text
        """The whole line the error names, for a page to show with its column marked."""
        self.lang: str | None = None
        """The language a form's ``lang`` field named before the form was refused, which the answer is in."""

    @classmethod
    def from_input(cls, error: InputError, text: str | None = None) -> ApiError:
        """The answer to a file a reader refused, with the offending line quoted when known, and the format the
        file was read as and why."""
        line_text = error.line_text
        if line_text is None and text is not None and error.line:
            lines = split_lines(text)
            line_text = lines[error.line - 1] if error.line <= len(lines) else None
        return cls(
            error.on_page,
            path=error.path,
            line=error.line or None,
            column=error.column or None,
            field="file",
            excerpt=None if line_text is None else line_text[:EXCERPT_CHARS],
            read_as=None if error.format is None or error.why is None else (error.format, error.why),
            line_text=None if line_text is None else line_text[:MAX_LINE_TEXT],
        )

    def body(self, lang: Language = ENGLISH) -> dict[str, Any]:
        """The JSON body of the answer, its message (and why the file was read so) in ``lang``; a message no
        catalogue translates stays English."""
        error: dict[str, Any] = {
            "message": lang.message(self.text),
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "field": self.field,
        }
        if self.excerpt is not None:
            error["excerpt"] = self.excerpt
        if self.read_as is not None:
            error["format"], error["why"] = self.read_as[0], lang.message(self.read_as[1])
        if self.line_text is not None:
            error["line_text"] = self.line_text
        return {"error": error}


def invalid_parameters(errors: Sequence[Mapping[str, Any]]) -> ApiError:
    """The answer to parameters of the wrong type or name (pydantic's errors), naming the first."""
    first = errors[0]
    name = str(first["loc"][-1]) if first.get("loc") else None
    kind = first.get("type")
    if kind == "extra_forbidden":
        return ApiError(Message.of(N_("unknown parameter {name}"), name=repr(name)), field=name)
    said: str | Message | None = _pydantic_words(str(kind), first.get("ctx") or {})
    if said is None:  # an error of a kind no model here raises: pydantic's own words, in English
        text = str(first.get("msg", "invalid value"))
        said = f"{text[:1].lower()}{text[1:]}"
    message: str | Message = Message.of(N_("{name}: {message}"), name=name, message=said) if name else said
    if kind not in _SAYS_WHAT_IT_FOUND and isinstance(first.get("input"), str | int | float | bool):
        found = repr(first["input"]) if not isinstance(first["input"], int) else _short_int(first["input"])
        message = Message.of(N_("{message} (found {found})"), message=message, found=found[:100])
    return ApiError(message, field=name)


_PYDANTIC_WORDS = {
    "greater_than_equal": (N_("input should be greater than or equal to {limit}"), "ge"),
    "greater_than": (N_("input should be greater than {limit}"), "gt"),
    "less_than_equal": (N_("input should be less than or equal to {limit}"), "le"),
    "less_than": (N_("input should be less than {limit}"), "lt"),
    "literal_error": (N_("input should be {expected}"), "expected"),
    "missing": (N_("field required"), ""),
    "text_type": (N_("must be text, not {found}"), "found"),
    "integer_type": (N_("must be an integer such as 7, not {found}"), "found"),
    "bool_type": (N_("must be true or false, not {found}"), "found"),
}
"""The errors the request models raise (pydantic's kinds and this module's validators'), in words the catalogues
translate: the English is pydantic's own, so an English answer reads as it always did."""
_KINDS = {"a number": N_("a number"), "a list": N_("a list"), "an object": N_("an object")}


def _pydantic_words(kind: str, context: Mapping[str, Any]) -> Message | None:
    """A pydantic error of one of :data:`_PYDANTIC_WORDS`' kinds as a message; ``None`` for any other kind."""
    if kind == "string_too_long":
        limit = int(context.get("max_length", 0))
        return Message.ngettext(
            "string should have at most {count} character", "string should have at most {count} characters", limit
        )
    if kind not in _PYDANTIC_WORDS:
        return None
    template, key = _PYDANTIC_WORDS[kind]
    if not key:
        return Message(template)
    value = str(context.get(key, ""))
    if key == "expected":  # "'x', 'y' or 'z'": the "or" in the language
        head, _, last = value.rpartition(" or ")
        choice: str | Message = Message.of(N_("{list} or {last}"), list=head, last=last) if head else value
        return Message.of(template, expected=choice)
    if key == "found":
        return Message.of(template, found=Message(_KINDS[value]) if value in _KINDS else value)
    return Message.of(template, limit=value)


_SAYS_WHAT_IT_FOUND = frozenset({"text_type", "integer_type", "bool_type"})
"""The errors of the validators below, whose message already names the value found."""


def _short_int(number: int) -> str:
    return repr(number) if abs(number) < 10**30 else "a number of more than 30 digits"


def _blank_is_none(value: object) -> object:
    # An empty form field or query parameter means "not given".
    return None if isinstance(value, str) and not value.strip() else value


def _text(value: object) -> object:
    """A text parameter as given: ``None`` when blank or null, else a string; a number or an object is refused."""
    value = _blank_is_none(value)
    if value is None or isinstance(value, str):
        return value
    raise PydanticCustomError("text_type", "must be text, not {found}", {"found": _kind(value)})


def _score_name(value: object) -> object:
    """A team score's name, in any case (``mp``, as ``--primary`` takes it)."""
    value = _text(value)
    return value.upper() if isinstance(value, str) else value


def _language(value: object) -> object:
    """A language as a code of :data:`~sonneborn.languages.LANGUAGES` (``es-ES`` as ``es``); another stays, refused."""
    value = _text(value)
    return (known(value) or value) if isinstance(value, str) else value


def _integer(value: object) -> object:
    """An integer parameter: a JSON integer or the digits of a form field; ``true`` or ``7.5`` is refused."""
    value = _blank_is_none(value)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, str):
        digits = value.strip()
        if digits[:1] in "+-":
            digits = digits[1:]
        if digits.isascii() and digits.isdigit() and len(digits) <= 30:
            return int(value)
    raise PydanticCustomError("integer_type", "must be an integer such as 7, not {found}", {"found": _kind(value)})


def _boolean(value: object) -> object:
    """A yes-or-no parameter: a JSON boolean, or ``true``/``false`` (``1``/``0``, ``yes``/``no``) as text."""
    value = _blank_is_none(value)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOLEANS:
        return _BOOLEANS[value.strip().lower()]
    raise PydanticCustomError("bool_type", "must be true or false, not {found}", {"found": _kind(value)})


_BOOLEANS = {"true": True, "false": False, "1": True, "0": False, "yes": True, "no": False, "on": True, "off": False}


def _kind(value: object) -> str:
    """What a refused value is, as a message names it."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _default(default: str) -> Any:
    """A text parameter with a default for blank or null."""
    return BeforeValidator(lambda v: _text(v) or default)


def _optional(description: str, **kw: Any) -> Any:
    return Field(None, description=description, **kw)


OutputFormat = Literal["json", "csv", "html", "md", "trf", "table"]
InputFormat = Literal["trf", "crosstable", "published", "pgn", "json"]


class EventOptions(BaseModel):
    """How to read the event and rank it: the options of ``sonneborn standings``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tiebreaks: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Tie-break codes in order, comma-separated, e.g. SB,DE,WIN (a JSON body may give a list). "
        "Default: the file's list (TRF-26 202), else DE,SB,WIN,KS for a round robin and BH/C1,BH,SB,DE,WIN "
        "for a Swiss event.",
        examples=["SB,DE,WIN"],
    )
    rank_by: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Rank by a weighted score (SB, GF or NNSB) instead of points.", examples=["SB"]
    )
    rules: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "FIDE rule edition for unplayed rounds: " + ", ".join(r.value for r in Rules) + ". Default: the file's "
        f"(record XXT of a TRF sonneborn wrote), else {DEFAULT_RULES.value}."
    )
    profile: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Rank by a named list (fide-swiss, fide-rr, fide-team, sharly-chess, uscf; docs/profiles.md) instead of the "
        "file's; not with tiebreaks.",
        examples=["uscf"],
    )
    lots: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "Break the ties left after the list by a reproducible draw with this seed.", ge=-(2**63), lt=2**63
    )
    lots_secret: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Break them instead by a draw anyone can verify, with the secret whose commitment was published (docs/lots.md)."
    )
    unrated_rating: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "Rating assumed for unrated players in the rating tie-breaks (else they are dropped, C.07 10).",
        ge=0,
        le=MAX_RATING,
    )
    input_format: Annotated[InputFormat | None, BeforeValidator(_text)] = _optional(
        "Read the file as this format (default: detect from the content)."
    )
    kind: Annotated[Literal["round-robin", "swiss"] | None, BeforeValidator(_text)] = _optional(
        "State round robin or Swiss (default: the file's, else detected from the pairings)."
    )
    points: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Point system W,D,L such as 3,1,0, with byes as key=value (pairing_bye=1); each value a number such as "
        "3, 0.5 or 1/3 of at most six digits before and after the point.",
        examples=["3,1,0"],
    )
    zero_move_forfeits: Annotated[bool, BeforeValidator(lambda v: _boolean(v) or False)] = Field(
        False, description="PGN: a decisive game without moves is a forfeit, not a game."
    )
    absent_as: Annotated[Literal["zero", "half"], _default("zero")] = Field(
        "zero", description="PGN: a round without a game counts as a zero- or a half-point bye."
    )
    event: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "PGN: read the games of this event only (their Event tag), in a file of several events.",
        examples=["Tata Steel Masters"],
    )
    primary: Annotated[Literal["MP", "GP"] | None, BeforeValidator(_score_name)] = _optional(
        "A team event's score to rank by: MP (match points, the default) or GP (game points)."
    )
    match_points: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "A team event's match points W,D,L for a won, drawn and lost match, such as 3,1,0 (default: the file's, "
        "TRF-26 362, else 2,1,0); `points` gives each board's game points.",
        examples=["3,1,0"],
    )
    after_round: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "The standings as they stood after this round, the later rounds not played yet (C.07's tie-breaks of "
        "standings taken during the event). Default: after the last round played.",
        ge=1,
        lt=2**63,
    )
    lang: Annotated[Literal["en", "es", "th", "ko"] | None, BeforeValidator(_language)] = _optional(
        "The language of the html and table answers and of the report's names, notes and derivations: en, es, th or ko "
        "(default: the Accept-Language header's). JSON, CSV, TRF and Markdown are the same in every language."
    )


class StandingsOptions(EventOptions):
    """The options of ``POST /api/standings``: the event's, the output format and the category tables."""

    category: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Category tables instead of the standings, comma-separated, as `--category` takes them: women, U8 to U20, "
        "50+, 65+, rating:<2000, rating:1800-1999, fed:IRL, joined by + (women+U16). Not with format trf.",
        examples=["women,U16"],
    )

    format: Annotated[OutputFormat, _default("json")] = Field(
        "json", description="json (the contract of `sonneborn standings -f json`), csv, html, md, trf or table."
    )
    csv: Annotated[Literal["plain", "excel"], _default("plain")] = Field(
        "plain",
        description="The csv answer's dialect, as `--csv` takes it: plain (RFC 4180, the same in every language) "
        "or excel (a BOM; `;` and decimal commas where `lang` writes a decimal comma).",
    )


class ExplainOptions(EventOptions):
    """The options of ``POST /api/explain``: the event's and the player."""

    start: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "The start number of the player to explain (default: every player).", ge=1
    )
    player: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "The player to explain by his start number, or his name or a part of it that only he has (case and "
        "accents aside), as `--explain` takes him; instead of `start`.",
        examples=["Sloth"],
    )


MAX_PROOF_EFFORT = 100
"""The most ``proof_effort`` a request asks: a hundred times the search, which the time budget refuses for all
but small events."""


class WhatifOptions(EventOptions):
    """The options of ``POST /api/whatif``: the event's and those of ``sonneborn whatif``."""

    places: Annotated[int, BeforeValidator(_integer)] = Field(
        3, ge=1, le=1000, description="The prize places asked about: who has clinched or can still reach each."
    )
    method: Annotated[Literal["auto", "exact", "simulation"], _default("auto")] = Field(
        "auto", description="Exact enumeration of every outcome, or a simulation; auto: exact when they are few."
    )
    runs: Annotated[int, BeforeValidator(_integer)] = Field(
        10_000, ge=1, le=100_000, description="Runs of the simulation."
    )
    seed: Annotated[int, BeforeValidator(_integer)] = Field(
        0, ge=-(2**63), lt=2**63, description="Seed of the simulation (the same runs each time)."
    )
    draw_rate: Annotated[float | None, BeforeValidator(lambda v: None if v in (None, "") else float(v))] = _optional(
        "Chance of a draw between even players (default: from their ratings).", ge=0, lt=1
    )
    chances: Annotated[bool, BeforeValidator(lambda v: _boolean(v) or False)] = Field(
        False, description="With the exact method: each place's chance under the model too."
    )
    proof_effort: Annotated[int, BeforeValidator(_integer)] = Field(
        1,
        ge=1,
        le=MAX_PROOF_EFFORT,
        description="With a simulation: how many times as long the search that proves each best and worst place "
        "may take, as `whatif --proof-effort` (the request's work counts as many times).",
    )
    results: Annotated[str, BeforeValidator(lambda v: _text(v) or "")] = Field(
        "",
        description="Results fixed before they are played, as `whatif --set` takes them: ROUND.BOARD=RESULT, "
        "separated by commas, the boards numbered as the round view numbers them, the result from White's side "
        "(1-0, 1/2-1/2, 0-1; a match's 2.5-1.5).",
        max_length=100_000,
        examples=["9.1=1-0,9.2=1/2-1/2"],
    )


PAGE_ROWS = 100
"""The rows of a page of a kept event unless asked otherwise."""
MAX_PAGE_ROWS = 500
"""The most rows of a page (the page shows fewer than 1,000 table rows)."""


class Rows(BaseModel):
    """Which rows of the standings a page holds: the options a page of a kept event and of its "What if" tab
    share."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    offset: Annotated[int, BeforeValidator(lambda v: _integer(v) or 0)] = Field(
        0, description="The first row of the page, counted from 0 in final order.", ge=0, lt=2**31
    )
    limit: Annotated[int, BeforeValidator(lambda v: _integer(v) or PAGE_ROWS)] = Field(
        PAGE_ROWS, description=f"The rows of the page, at most {MAX_PAGE_ROWS}.", ge=1, le=MAX_PAGE_ROWS
    )


class PageOptions(EventOptions, Rows):
    """The options of a page of a kept event (``/api/events``): the event's, which rows, which table."""

    rank: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "Jump to rank: the page holding the first row of this rank or the next (instead of offset).", ge=1
    )
    start: Annotated[int | None, BeforeValidator(_integer)] = _optional(
        "Jump to a player: the page holding this start number (instead of offset).", ge=1
    )
    category: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "One category's table instead of the whole standings, as `--category` takes it (women, U16, 50+, "
        "rating:<2000, fed:IRL, women+U16): the overall order filtered, each row's place in the category and its "
        "overall place (`overall`). Not with the crosstable; the answer's `categories` lists those the file holds.",
        examples=["women"],
    )
    view: Annotated[Literal["standings", "crosstable", "auto"], _default("standings")] = Field(
        "standings",
        description="standings, crosstable (the page's rows of the crosstable too), or auto (the crosstable too when "
        "the page holds every row).",
    )


WHATIF_BOARDS = 100
"""The games still to be played that an answer of the "What if" tab lists (the others by ``boards_offset``)."""


class WhatifPageOptions(WhatifOptions, Rows):
    """The options of a kept event's "What if" tab: those of ``POST /api/whatif``, which rows and which games."""

    boards_offset: Annotated[int, BeforeValidator(lambda v: _integer(v) or 0)] = Field(
        0,
        description=f"The first of the {WHATIF_BOARDS} games still to be played listed, from 0.",
        ge=0,
        lt=2**31,
    )


class SearchOptions(EventOptions):
    """The options of a search in a kept event: the event's, what to look for and the category searched."""

    category: Annotated[str | None, BeforeValidator(_text)] = _optional(
        "Search a category's table only (as `page` shows it): its players, their places in it.",
        examples=["women"],
    )

    q: Annotated[str, BeforeValidator(lambda v: _text(v) or "")] = Field(
        "",
        description="A start number or FIDE id, else a part of a name, federation or club (case and accents aside).",
        max_length=200,
    )


class PlayerOptions(EventOptions):
    """The options of a player's card in a kept event: the event's and the player."""

    start: Annotated[int, BeforeValidator(_integer)] = Field(description="The player's start number.", ge=1)


class BoardsOptions(EventOptions):
    """The options of a team event's board prizes in a kept event: the event's, the order and the minimum."""

    order: Annotated[Literal["percentage", "performance", "points"], _default("percentage")] = Field(
        "percentage", description="Rank each board by percentage (the default), performance rating or points."
    )
    min_games: Annotated[int, BeforeValidator(lambda v: _integer(v) or 0)] = Field(
        0, description="The games a player needs on a board to be ranked there; the others follow.", ge=0, lt=2**31
    )


class RoundOptions(EventOptions):
    """The options of a round of a kept event: the event's and the round."""

    round: Annotated[int, BeforeValidator(_integer)] = Field(description="The round, from 1.", ge=1, lt=2**31)
    offset: Annotated[int, BeforeValidator(lambda v: _integer(v) or 0)] = Field(
        0, description="The first entry of the page (boards, then the players without a game), from 0.", ge=0
    )
    limit: Annotated[int, BeforeValidator(lambda v: _integer(v) or PAGE_ROWS)] = Field(
        PAGE_ROWS, description=f"The entries of the page, at most {MAX_PAGE_ROWS}.", ge=1, le=MAX_PAGE_ROWS
    )


Options = TypeVar("Options", bound=EventOptions)


@dataclass(frozen=True, slots=True)
class Body:
    """A request's body as the server's process takes it in: the file's bytes or text, not yet decoded."""

    kind: Literal["json", "bytes", "text"]
    """``json``: a JSON body, parsed by the worker; ``bytes``: the file itself (an upload, the raw body);
    ``text``: a form's text field."""
    data: bytes = b""
    """The JSON body, or the file's bytes."""
    text: str = ""
    """A form's text field."""
    path: str = BODY_PATH
    """The uploaded file's name, ``<text>`` for a text, ``<body>`` for a raw body (JSON names its own)."""
    fields: dict[str, str] = field(default_factory=dict)
    """The option fields of a form, not yet checked."""

    @property
    def size(self) -> int:
        """The bytes (or characters) of the file the body holds, which the time allowed to rank it grows with."""
        return len(self.data) + len(self.text)


@dataclass(frozen=True, slots=True)
class Upload:
    """The tournament file of a request, decoded, with the options its body carried."""

    text: str
    path: str
    """The uploaded file's name, ``<text>`` for a pasted text, ``<body>`` for a raw body."""
    fields: dict[str, Any]
    """The option fields of the body, not yet checked."""
    warnings: tuple[InputWarning, ...] = ()
    """What the decoding found (a file mixing encodings), which the reading's warnings begin with."""


class _MemoryMultiPartParser(MultiPartParser):
    # Starlette spools uploads over 1 MB to a temporary file; the body limit keeps every part below this size.
    spool_max_size = MAX_BODY + 1


def refuse_repeated_parameters(request: Request) -> None:
    """Refuses a query parameter given twice (``?tiebreaks=SB&tiebreaks=DE``): which one was meant?"""
    seen: set[str] = set()
    for name, _ in request.query_params.multi_items():
        if name in seen:
            raise ApiError(Message.of(N_("the parameter {name} is given twice"), name=repr(name[:40])), field=name[:40])
        seen.add(name)


async def read_body(request: Request) -> Body:
    """Takes in a request's body, in memory: a form is parsed as it arrives, anything else kept as bytes."""
    content_type = request.headers.get("content-type", "")
    media = content_type.split(";")[0].strip().lower()
    if media == "multipart/form-data":
        parser = _MemoryMultiPartParser(
            request.headers, request.stream(), max_files=1, max_fields=MAX_FIELDS, max_part_size=MAX_BODY
        )
        try:
            form = await parser.parse()
        except MultiPartException as error:
            message = Message.of(N_("cannot read the multipart body: {reason}"), reason=error.message)
            raise ApiError(message, field="file") from None
        return await _from_form(form)
    if media == "application/x-www-form-urlencoded":
        try:
            form = await FormParser(
                request.headers, request.stream(), max_fields=MAX_FIELDS, max_part_size=MAX_FORM_TEXT
            ).parse()
        except MultiPartException as error:
            if "size" in error.message:
                template = N_(
                    "a field of a URL-encoded form is over {megabytes} MB: send the file as multipart/form-data, as "
                    "JSON or as the body itself"
                )
                message = Message.of(template, megabytes=MAX_FORM_TEXT // (1024 * 1024))
                raise ApiError(message, status=413, field="text") from None
            message = Message.of(N_("cannot read the form: {count} fields at most"), count=MAX_FIELDS)
            raise ApiError(message, field="body") from None
        return await _from_form(form)
    if media == "application/json":
        return Body("json", await request.body())
    if media in ("", "text/plain", "application/octet-stream"):
        return Body("bytes", await request.body())
    template = N_("unsupported content type {type} (send multipart/form-data, application/json or text/plain)")
    raise ApiError(Message.of(template, type=repr(media[:100])), status=415)


async def _from_form(form: FormData) -> Body:
    fields: dict[str, str] = {}
    try:
        file: UploadFile | None = None
        text: str | None = None
        for name, value in form.multi_items():
            if name in fields or (name == "file" and file is not None) or (name == "text" and text is not None):
                raise ApiError(Message.of(N_("the field {name} is given twice"), name=repr(name[:40])), field=name[:40])
            if name == "file":
                if not isinstance(value, UploadFile):
                    message = Message(N_("the field 'file' must be a file upload (curl -F file=@event.trf)"))
                    raise ApiError(message, field="file")
                file = value
            elif isinstance(value, UploadFile):
                message = Message.of(N_("the field {name} must be text, not a file"), name=repr(name[:40]))
                raise ApiError(message, field=name[:40])
            elif name == "text":
                text = value
            else:
                fields[name] = value
        if file is not None and text is not None:
            raise ApiError(Message(N_("send either a file or a text, not both")), field="file")
        if file is not None:
            return Body("bytes", await file.read(), path=file.filename or "<upload>", fields=fields)
        if text is None:
            message = Message(N_("no tournament file: send a file (field 'file') or its text (field 'text')"))
            raise ApiError(message, field="file")
        return Body("text", text=text, path=TEXT_PATH, fields=fields)
    except ApiError as error:  # in the language the form names, as its other options' errors are
        error.lang = known(fields.get("lang") or "")
        raise
    finally:
        await form.close()


def upload_of(body: Body) -> Upload:
    """The file and the option fields of a body: a JSON body parsed, the file's bytes decoded."""
    if body.kind == "json":
        return _from_json(body.data)
    if body.kind == "text":
        return Upload(body.text, body.path, dict(body.fields))
    mixed = encoding_warning(body.data, path=body.path)
    return Upload(_decode(body.data, body.path), body.path, dict(body.fields), () if mixed is None else (mixed,))


def _from_json(data: bytes) -> Upload:
    try:
        document = json.loads(data, object_pairs_hook=_object)
    except ApiError:
        raise
    except ValueError as error:  # Not JSON, not UTF-8, or an integer of more digits than Python converts.
        message = Message.of(N_("the request body is not valid JSON: {reason}"), reason=str(error)[:200])
        raise ApiError(message, field="body") from None
    except RecursionError:
        message = Message(N_("the request body is not valid JSON: nested too deeply"))
        raise ApiError(message, field="body") from None
    if not isinstance(document, dict):
        # The example is a value of its own: a template's braces are its fields.
        message = Message.of(N_("the JSON body must be an object such as {example}"), example='{"text": "…"}')
        raise ApiError(message, field="body")
    _refuse_surrogates(document)
    text = document.pop("text", None)
    if not isinstance(text, str):
        message = Message(N_("the JSON body needs the tournament file's text as a string under 'text'"))
        raise ApiError(message, field="text")
    path = document.pop("filename", None) or TEXT_PATH
    if not isinstance(path, str):
        raise ApiError(Message(N_("'filename' must be a string")), field="filename")
    tiebreaks = document.get("tiebreaks")
    if isinstance(tiebreaks, list) and all(isinstance(code, str) for code in tiebreaks):
        document["tiebreaks"] = ",".join(tiebreaks)
    return Upload(text, path, document)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A key given twice in a JSON object: which value was meant?
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            shown = key[:40].encode("utf-8", "backslashreplace").decode("utf-8")
            message = Message.of(N_("the key {key} is given twice in the JSON body"), key=f"'{shown}'")
            raise ApiError(message, field="body")
        found[key] = value
    return found


def _refuse_surrogates(document: dict[str, Any]) -> None:
    """Refuses a lone surrogate (``"\\ud800"``) in a JSON body's keys and texts: no text holds one."""
    for key, value in document.items():
        for found in (key, *(value if isinstance(value, list) else [value])):
            if isinstance(found, str) and not found.isascii():
                try:
                    found.encode("utf-8")
                except UnicodeEncodeError as error:
                    name = key.encode("utf-8", "backslashreplace").decode("utf-8")[:40]
                    surrogate = found[error.start].encode("utf-8", "backslashreplace").decode("ascii")
                    template = N_("{name}: expected text, found the lone surrogate {surrogate} at character {number}")
                    message = Message.of(template, name=name, surrogate=f"'{surrogate}'", number=error.start + 1)
                    raise ApiError(message, field=name) from None


def _decode(data: bytes, path: str) -> str:
    try:
        return decode(data, path=path)
    except InputError as error:
        raise ApiError.from_input(error) from None


def merge_options(model: type[Options], query: Mapping[str, Any], fields: Mapping[str, Any]) -> Options:
    """The options of the query string overridden by those of the body, checked."""
    data = {**query, **fields}
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise invalid_parameters(error.errors()) from None


def parse_request(options: EventOptions) -> RankingRequest:
    """The ranking the options ask for, parsed once; a bad value is a 422 naming its field."""
    category = options.category if isinstance(options, StandingsOptions | PageOptions | SearchOptions) else None
    try:
        return RankingRequest.parse(
            tiebreaks=options.tiebreaks,
            profile=options.profile,
            rank_by=options.rank_by,
            rules=options.rules,
            points=options.points,
            kind=options.kind,
            lots=options.lots,
            lots_secret=options.lots_secret,
            unrated_rating=options.unrated_rating,
            primary=options.primary,
            match_points=options.match_points,
            after_round=options.after_round,
            category=category,
        )
    except TiebreakError as error:
        raise ApiError(error.text, field=error.option or "tiebreaks") from None
    except OptionError as error:
        raise ApiError(error.text, field=error.option) from None


def load_event(upload: Upload, options: EventOptions) -> Reading:
    """Reads the event of an upload as the options say."""
    read = ReadOptions(zero_move_forfeits=options.zero_move_forfeits, absent_as=options.absent_as, event=options.event)
    try:
        reading = read_text(upload.text, path=upload.path, input_format=options.input_format, options=read)
    except InputError as error:
        raise ApiError.from_input(error, upload.text) from None
    except (ValueError, RecursionError) as error:
        # A reader's failure on input it did not foresee is still the input's fault, not the server's.
        logger.info("unforeseen reader error on %s", upload.path, exc_info=error)
        message = Message.of(N_("cannot read the file: {message}"), message=said_of(error))
        raise ApiError(message, path=upload.path, field="file") from None
    if upload.warnings:
        reading = replace(reading, warnings=(*upload.warnings, *reading.warnings))
    return reading


def rank_event(reading: Reading, request: RankingRequest, upload: Upload) -> Standings:
    """Ranks the event as the request says; the list defaults to the file's, then to the kind's."""
    with refused_events(upload.path):
        try:
            return standings(reading, request)
        except InputError as error:  # the list the file states cannot be used
            raise ApiError.from_input(error, upload.text) from None
        except TiebreakError as error:
            raise ApiError(error.text, field="tiebreaks") from None


@contextmanager
def refused_events(path: str) -> Iterator[None]:
    """Turns the library's failure on an event it cannot rank or write into a 422.

    Such an event is still the input's fault (a point system of 10^300, a
    rating no TRF line holds), but a reader might have refused it sooner: the
    failure is logged as a warning.
    """
    try:
        yield
    except ArithmeticError as error:
        logger.warning("cannot rank %s: %r", path, error)
        message = Message(N_("cannot rank the event: a number in it is out of range"))
        raise ApiError(message, path=path, field="file") from None
    except ValueError as error:
        logger.warning("cannot rank or write %s: %r", path, error)
        message = Message.of(N_("cannot rank or write the event: {message}"), message=said_of(error))
        raise ApiError(message, path=path, field="file") from None
