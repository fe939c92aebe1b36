"""ASGI middleware at the door of the app: the size of a request body and the headers of every answer.

A body is refused with 413 as soon as it is known to be too large: at once
when ``Content-Length`` says so, else when the bytes received so far pass the
limit (a chunked upload), so that no more than the limit is ever held.
"""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 10 * 1024 * 1024
"""The largest request body accepted, in bytes (10 MB)."""

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


def too_large_message(limit: int) -> str:
    """The message of a 413 answer.

    >>> too_large_message(10 * 1024 * 1024)
    'the request body is larger than 10 MB (10485760 bytes)'
    """
    return f"the request body is larger than {limit // (1024 * 1024)} MB ({limit} bytes)"


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413, before or while they are received."""

    def __init__(self, app: ASGIApp, *, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await _send_too_large(send, self.limit)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge:
            # Raised where no exception handler sees it (outside a route): answer here if still possible.
            if started:
                raise
            await _send_too_large(send, self.limit)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_too_large(send: Send, limit: int) -> None:
    error = {"message": too_large_message(limit), "path": None, "line": None, "column": None, "field": None}
    body = json.dumps({"error": error}, ensure_ascii=False, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
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
