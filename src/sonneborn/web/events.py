"""The events the page works on, kept in the server's memory by the hash of their content, the least recently
used dropped first.

A page of a big event sends its file once (``POST /api/events``) and then asks
for pages, searches, cards and rounds by the event's key: the server keeps
the body as it came (never on disk), bounded in bytes and in count, and hands
it to a worker with each request, which reads and ranks it again (a tenth of
a second for 10,000 players × 11 rounds) within the request's budgets. A key
the server no longer holds is answered 404, and the page sends the file again.

>>> kept = Events(memory=10, count=2)
>>> first = kept.keep(Body("bytes", b"12345", path="a.trf"))
>>> second = kept.keep(Body("bytes", b"678", path="b.trf"))
>>> third = kept.keep(Body("bytes", b"90", path="c.trf"))
>>> kept.get(first) is None, kept.get(second) is not None, len(kept), kept.memory
(True, True, 2, 5)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from sonneborn.web.inputs import Body

EVENT_MEMORY = 256 * 1024 * 1024
"""The bytes of events kept at once (256 MB, some 25 files of the largest size a request takes)."""
MAX_EVENTS = 1000
"""The most events kept at once."""


def event_key(body: Body) -> str:
    """The key of an event: the hash of its body (its kind, file name, bytes, text and option fields)."""
    digest = hashlib.sha256()
    for part in (body.kind, body.path, *(f"{k}={v}" for k, v in sorted(body.fields.items()))):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(body.data)
    digest.update(b"\0" + body.text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def body_size(body: Body) -> int:
    """The memory a kept body is counted for: its bytes and text (a character of text up to four bytes)."""
    return (len(body.data) + 4 * len(body.text)) if not body.text.isascii() else body.size


class Events:
    """Bodies by key, at most ``memory`` bytes and ``count`` bodies; the least recently used goes first."""

    def __init__(self, *, memory: int = EVENT_MEMORY, count: int = MAX_EVENTS) -> None:
        self.limit = memory
        self.count = count
        self.memory = 0
        self._kept: OrderedDict[str, Body] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def keep(self, body: Body) -> str:
        """Keeps a body (again), most recently used; gives its key. One larger than the whole cap is not kept."""
        key = event_key(body)
        if key in self._kept:
            self._kept.move_to_end(key)
            return key
        size = body_size(body)
        if size > self.limit:
            return key
        self._kept[key] = body
        self.memory += size
        while self.memory > self.limit or len(self._kept) > self.count:
            _, dropped = self._kept.popitem(last=False)
            self.memory -= body_size(dropped)
        return key

    def get(self, key: str) -> Body | None:
        """The body kept under ``key`` (now the most recently used), else ``None``."""
        body = self._kept.get(key)
        if body is not None:
            self._kept.move_to_end(key)
        return body
