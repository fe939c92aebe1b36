"""ASGI middleware at the door of the app: the size and pace of a request body, the headers of every answer.

A body is refused with 413 as soon as it is known to be too large: at once
when ``Content-Length`` says so, else when the bytes received so far pass the
limit (a chunked upload), so that no more than the limit is ever held. A body
that arrives too slowly, or never ends, is cut with 408 and its connection
closed: each part must come within :data:`CHUNK_TIMEOUT` of the one before,
the whole within :data:`BODY_TIMEOUT` of the request's head.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 10 * 1024 * 1024
"""The largest request body accepted, in bytes (10 MB)."""
CHUNK_TIMEOUT = 10.0
"""The longest wait for the next part of a request body, in seconds."""
BODY_TIMEOUT = 30.0
"""The longest a request body may take to arrive whole, in seconds from its request's head."""

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


class BodyTooLarge(HTTPException):
    """A request body over the limit (HTTP 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large_message(limit))


class BodyTimeout(HTTPException):
    """A request body that did not arrive in time (HTTP 408); the connection is closed after the answer."""

    def __init__(self, chunk_timeout: float, body_timeout: float) -> None:
        super().__init__(408, timeout_message(chunk_timeout, body_timeout), headers={"connection": "close"})


def too_large_message(limit: int) -> str:
    """The message of a 413 answer.

    >>> too_large_message(10 * 1024 * 1024)
    'the request body is larger than 10 MB (10485760 bytes)'
    """
    return f"the request body is larger than {limit // (1024 * 1024)} MB ({limit} bytes)"


def timeout_message(chunk_timeout: float, body_timeout: float) -> str:
    """The message of a 408 answer.

    >>> timeout_message(10, 30.0)
    'the request body did not arrive in time (each part within 10 s, the whole within 30 s)'
    """
    return (
        "the request body did not arrive in time "
        f"(each part within {chunk_timeout:g} s, the whole within {body_timeout:g} s)"
    )


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
            await _send_error(send, 413, too_large_message(self.limit))
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
            try:
                message = await asyncio.wait_for(receive(), timeout=max(wait, 0.0))
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
            await _send_error(send, error.status_code, error.detail, error.headers)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_error(send: Send, status: int, message: str, extra: Mapping[str, str] | None = None) -> None:
    error = {"message": message, "path": None, "line": None, "column": None, "field": None}
    body = json.dumps({"error": error}, ensure_ascii=False, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(name.encode("latin-1"), value.encode("latin-1")) for name, value in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
