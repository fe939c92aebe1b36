"""ASGI middleware at the door of the app: who may post, the size and pace of a body, the headers of answers.

A body is refused with 413 as soon as it is known to be too large: at once
when ``Content-Length`` says so, else when the bytes received so far pass the
limit (a chunked upload), so that no more than the limit is ever held; the
connection is closed after the answer (the server reads and drops the rest
of the body first, :class:`sonneborn.web.server.Protocol`, so that the
client reads the 413). A body that arrives too slowly, or never ends, is cut
with 408 and its connection closed: each part must come within
:data:`CHUNK_TIMEOUT` of the one before, the whole within :data:`BODY_TIMEOUT`
of the request's head.

A ``POST`` that another site's page sent is refused with 403
(:class:`SameOrigin`); ``HEAD`` is answered as ``GET`` without the body
(:class:`HeadAsGet`); a redirect never names the host the client said it
asked for (:class:`SecurityHeaders`). A request is answered only for the
host names the server was started for (:class:`AllowedHosts`, 421), so that
a page of a foreign name re-pointed at this machine (DNS rebinding) cannot
use it; a request head over :data:`MAX_HEAD` is refused with 431
(:class:`HeadLimit`), however it arrived; and past :data:`MAX_REQUESTS`
requests at once the server answers its own 503 (:class:`Admission`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from urllib.parse import parse_qs, urlsplit

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sonneborn import messages
from sonneborn.languages import from_accept_language, known, language
from sonneborn.messages import N_, Number

MAX_BODY = 10 * 1024 * 1024
"""The largest request body accepted, in bytes (10 MB)."""
CHUNK_TIMEOUT = 10.0
"""The longest wait for the next part of a request body, in seconds."""
BODY_TIMEOUT = 30.0
"""The longest a request body may take to arrive whole, in seconds from its request's head."""
MAX_HEAD = 16 * 1024
"""The largest request head (its line and headers), in bytes: a longer one is answered 431."""
MAX_REQUESTS = 64
"""The most requests under way at once (their bodies arriving, ranked or their answers sent): any more are
answered 503."""
RETRY_AFTER = 5
"""The seconds a 503 answer asks the client to wait before trying again."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The host names every server answers for: this machine's."""

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
"""Headers added to every response: nothing but the app's own files runs or loads."""


CLIENT_HEADER = "x-sonneborn-client"
"""The header the page's requests carry: a browser sends it only from a script of the page's own origin."""
SIMPLE_TYPES = frozenset({"", "multipart/form-data", "application/x-www-form-urlencoded", "text/plain"})
"""The body types a page of any site may post without asking first (no CORS preflight)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CLOSE = {"connection": "close"}


class Refused(HTTPException):
    """A request refused at the door with a status of its own; :attr:`text` is the message to write in the
    request's language (``detail`` is its English)."""

    def __init__(self, status: int, text: messages.Message) -> None:
        super().__init__(status, str(text), headers=CLOSE)
        self.text = text


class BodyTooLarge(Refused):
    """A request body over the limit (HTTP 413); the connection is closed after the answer."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large_message(limit))


class BodyTimeout(Refused):
    """A request body that did not arrive in time (HTTP 408); the connection is closed after the answer."""

    def __init__(self, chunk_timeout: float, body_timeout: float) -> None:
        super().__init__(408, timeout_message(chunk_timeout, body_timeout))


def too_large_message(limit: int) -> messages.Message:
    """The message of a 413 answer.

    >>> str(too_large_message(10 * 1024 * 1024))
    'the request body is larger than 10 MB (10485760 bytes)'
    """
    template = N_("the request body is larger than {megabytes} MB ({bytes} bytes)")
    return messages.Message.of(template, megabytes=limit // (1024 * 1024), bytes=limit)


def timeout_message(chunk_timeout: float, body_timeout: float) -> messages.Message:
    """The message of a 408 answer.

    >>> str(timeout_message(10, 30.0))
    'the request body did not arrive in time (each part within 10 s, the whole within 30 s)'
    """
    template = N_("the request body did not arrive in time (each part within {part} s, the whole within {whole} s)")
    return messages.Message.of(template, part=Number(f"{chunk_timeout:g}"), whole=Number(f"{body_timeout:g}"))


def scope_language(scope: Scope) -> str:
    """The language of an answer given before the app reads the request: the query's ``lang``, else the one
    the ``Accept-Language`` header prefers (a form's field is in the body, not read yet).

    >>> scope_language({"query_string": b"lang=ko", "headers": [(b"accept-language", b"es")]})
    'ko'
    >>> scope_language({"query_string": b"", "headers": [(b"accept-language", b"th-TH, en;q=0.5")]})
    'th'
    """
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    return known(asked) or from_accept_language(_header(scope, b"accept-language"))


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413 and those too slow with 408, while they arrive."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int = MAX_BODY,
        chunk_timeout: float = CHUNK_TIMEOUT,
        body_timeout: float = BODY_TIMEOUT,
    ) -> None:
        self.app = app
        self.limit = limit
        self.chunk_timeout = chunk_timeout
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await _send_error(scope, send, 413, too_large_message(self.limit), CLOSE)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        received = 0
        complete = False
        started = False

        async def limited_receive() -> Message:
            nonlocal received, complete
            if complete:
                # The body is in: later calls wait for the client to leave, which takes its own time.
                return await receive()
            wait = min(self.chunk_timeout, deadline - loop.time())
            # Not asyncio.wait_for: on Python 3.11 it returns a message that arrives as the task is cancelled and
            # drops the cancellation, and a request that stops waiting for its client then waits forever.
            try:
                async with asyncio.timeout(max(wait, 0.0)):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout(self.chunk_timeout, self.body_timeout) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
                complete = not message.get("more_body", False)
            else:
                complete = True
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except (BodyTooLarge, BodyTimeout) as error:
            # Raised where no exception handler sees it (outside a route): answer here if still possible.
            if started:
                raise
            await _send_error(scope, send, error.status_code, error.text, error.headers)


def _content_length(scope: Scope) -> int | None:
    value = _header(scope, b"content-length")
    try:
        return None if value is None else int(value)
    except ValueError:
        return None


def _header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first, Latin-1), or ``None``."""
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


class SameOrigin:
    """Refuses with 403 a ``POST`` (any unsafe method) that a page of another site sent.

    A browser says where a request comes from: ``Origin`` (else ``Referer``)
    must be this server's own origin, and ``Sec-Fetch-Site``, when sent,
    ``same-origin`` or ``none``. A body of a type any page may post without
    asking (multipart, a URL-encoded form, plain text) must moreover carry
    :data:`CLIENT_HEADER` when it comes from a browser, which only a script of
    the page's own origin can add. Programs (curl, scripts) send none of these
    headers and are served as they are.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            refused = foreign(scope)
            if refused is not None:
                await _send_error(scope, send, 403, refused, CLOSE)
                return
        await self.app(scope, receive, send)


def foreign(scope: Scope) -> messages.Message | None:
    """Why a request looks sent by another site's page, else ``None``: a message in the request's language.

    >>> str(foreign({"headers": [(b"host", b"localhost:8000"), (b"origin", b"http://evil.example")]}))
    "refused: a page of another origin ('http://evil.example') may not post to this server"
    """
    host = (_header(scope, b"host") or "").strip().lower()
    own = f"{scope.get('scheme', 'http')}://{host}"
    origin = _header(scope, b"origin")
    referer = _header(scope, b"referer")
    site = _header(scope, b"sec-fetch-site")
    if origin is not None and origin.strip().lower() != own:
        template = N_("refused: a page of another origin ({origin}) may not post to this server")
        return messages.Message.of(template, origin=repr(origin.strip()[:100]))
    if origin is None and referer is not None:
        parts = urlsplit(referer.strip())
        if f"{parts.scheme}://{parts.netloc}".lower() != own:
            return messages.Message(N_("refused: a page of another origin (its Referer) may not post to this server"))
    if site is not None and site.strip().lower() not in ("same-origin", "none"):
        template = N_("refused: a {site} request (Sec-Fetch-Site) may not post to this server")
        return messages.Message.of(template, site=site.strip()[:20])
    browser = origin is not None or referer is not None or site is not None
    media = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if browser and media in SIMPLE_TYPES and _header(scope, CLIENT_HEADER.encode()) is None:
        if not media:
            template = N_(
                "refused: a browser's untyped body needs the header {header} (the page sends it), or send JSON"
            )
            return messages.Message.of(template, header=CLIENT_HEADER)
        template = N_("refused: a browser's {media} body needs the header {header} (the page sends it), or send JSON")
        return messages.Message.of(template, media=media, header=CLIENT_HEADER)
    return None


def host_name(value: str) -> str:
    """A host as a ``Host`` header or ``--host`` names it: lower-case, without its port, an IPv6 address in brackets.

    >>> host_name("LocalHost:8000"), host_name("[::1]:8080"), host_name("::1"), host_name("chess.example.")
    ('localhost', '[::1]', '[::1]', 'chess.example')
    """
    value = value.strip().lower()
    if value.startswith("["):
        return value[: value.find("]") + 1] or value
    if value.count(":") > 1:  # a bare IPv6 address, as --host gives it
        return f"[{value}]"
    return value.partition(":")[0].rstrip(".")


def allowed_hosts(*names: str) -> frozenset[str]:
    """The host names a server answers for: :data:`LOCAL_HOSTS` and ``names``.

    >>> sorted(allowed_hosts("0.0.0.0", "Chess.Example:8000"))
    ['0.0.0.0', '127.0.0.1', '[::1]', 'chess.example', 'localhost']
    """
    return frozenset(host_name(name) for name in (*LOCAL_HOSTS, *names) if name.strip())


class AllowedHosts:
    """Refuses with 421 a request whose ``Host`` names a host the server was not started for.

    A page of a foreign name whose address is re-pointed at this machine (DNS
    rebinding) is same-origin to its browser, which sends that foreign name as
    ``Host``: refused here, it can neither read the API's answers nor post to
    it (:class:`SameOrigin` compares with ``Host``, trusted once checked). A
    request without ``Host`` (HTTP/1.0) comes from no browser and is served.
    """

    def __init__(self, app: ASGIApp, *, hosts: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.hosts = allowed_hosts(*hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = _header(scope, b"host")
            if host is not None and host_name(host) not in self.hosts:
                await _send_error(scope, send, 421, self.refusal(host), CLOSE)
                return
        await self.app(scope, receive, send)

    def refusal(self, host: str) -> messages.Message:
        """The message of a 421 answer, in the request's language.

        >>> str(AllowedHosts(None, hosts=()).refusal("evil.example"))  # doctest: +NORMALIZE_WHITESPACE
        "refused: this server answers for 127.0.0.1, [::1], localhost only, not for 'evil.example'
        (sonneborn serve --allow-host NAME adds a name)"
        """
        template = N_("refused: this server answers for {names} only, not for {host} ({command} adds a name)")
        names = ", ".join(sorted(self.hosts))
        command = "sonneborn serve --allow-host NAME"
        return messages.Message.of(template, names=names, host=repr(host_name(host)[:100]), command=command)


def head_size(scope: Scope) -> int:
    """The bytes of a request's head as it was sent, near enough: its request line and headers.

    >>> head_size({"method": "GET", "raw_path": b"/", "query_string": b"", "headers": [(b"host", b"x")]})
    27
    """
    size = len(scope["method"]) + len(scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) + 14
    return size + sum(len(name) + len(value) + 4 for name, value in scope["headers"])


def head_too_large_message(limit: int) -> messages.Message:
    """The message of a 431 answer.

    >>> str(head_too_large_message(16 * 1024))
    'the request head (its line and headers) is larger than 16 kB (16384 bytes)'
    """
    template = N_("the request head (its line and headers) is larger than {kilobytes} kB ({bytes} bytes)")
    return messages.Message.of(template, kilobytes=limit // 1024, bytes=limit)


class HeadLimit:
    """Refuses with 431 a request whose head is over ``limit`` bytes, however it arrived.

    The server holds at most that much of an unfinished head
    (:class:`sonneborn.web.server.Protocol`); a head that came whole in one read
    is measured here.
    """

    def __init__(self, app: ASGIApp, *, limit: int = MAX_HEAD) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and head_size(scope) > self.limit:
            await _send_error(scope, send, 431, head_too_large_message(self.limit), CLOSE)
            return
        await self.app(scope, receive, send)


def busy_message(limit: int) -> messages.Message:
    """The message of the 503 answer to a request over :data:`MAX_REQUESTS`.

    >>> str(busy_message(64))
    'the server is busy: 64 requests are under way, the most it takes at once; try again in 5 s'
    """
    return messages.Message.ngettext(
        "the server is busy: {count} requests are under way, the most it takes at once; try again in {seconds} s",
        "the server is busy: {count} requests are under way, the most it takes at once; try again in {seconds} s",
        limit,
        seconds=RETRY_AFTER,
    )


class Admission:
    """Answers 503 (JSON, ``Retry-After``, the connection closed) to a request past ``limit`` under way at once.

    A request is under way from its head to the end of its answer. The answer
    is the app's own, with the security headers of every answer: never the
    plain text of uvicorn's ``limit_concurrency``.
    """

    def __init__(self, app: ASGIApp, *, limit: int = MAX_REQUESTS) -> None:
        self.app = app
        self.limit = limit
        self.under_way = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.under_way >= self.limit:
            extra = {"retry-after": str(RETRY_AFTER), **CLOSE}
            await _send_error(scope, send, 503, busy_message(self.limit), extra)
            return
        self.under_way += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.under_way -= 1


class HeadAsGet:
    """Answers ``HEAD`` as ``GET`` would, with the same headers and no body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headless(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headless)


def error_body(message: str) -> bytes:
    """The JSON body of an error answered at the door, before any route: ``{"error": {"message": …}}``.

    >>> error_body("refused")
    b'{"error":{"message":"refused","path":null,"line":null,"column":null,"field":null}}'
    """
    error = {"message": message, "path": None, "line": None, "column": None, "field": None}
    return json.dumps({"error": error}, ensure_ascii=False, separators=(",", ":")).encode()


async def _send_error(
    scope: Scope, send: Send, status: int, message: str | messages.Message, extra: Mapping[str, str] | None = None
) -> None:
    # In the language the request asks for, as the app's own errors are (web.app's _language_of).
    body = error_body(language(scope_language(scope)).message(message))
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(name.encode("latin-1"), value.encode("latin-1")) for name, value in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response, and makes a redirect's ``Location`` a path.

    A redirect (``/api/tiebreaks/`` to ``/api/tiebreaks``) would otherwise
    name the host of the request's ``Host`` header, whatever a client put there.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [_relative(name, value) for name, value in message.get("headers", [])]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _relative(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    """A ``Location`` header as a path (with its query), never naming a host; any other header as it is.

    >>> _relative(b"location", b"http://evil.example/api/tiebreaks?x=1")
    (b'location', b'/api/tiebreaks?x=1')
    """
    if name.lower() != b"location":
        return name, value
    parts = urlsplit(value.decode("latin-1"))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if path.startswith("//"):  # a path that a browser would read as a host
        path = "/" + path.lstrip("/")
    return name, path.encode("latin-1")
