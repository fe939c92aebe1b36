"""Ranking in worker processes, each request within a time budget: no request can hold the server.

Reading, ranking and rendering an event holds the interpreter while it runs,
and a thread cannot be stopped; so every event is ranked by a worker process
(:func:`sonneborn.web.work.answer`), which is killed when its request's time
is up. The server's own process only moves bytes, and keeps answering
``/healthz``, the page and every other client meanwhile.

- **Time.** A request may use :func:`budget` seconds of a worker:
  :data:`BUDGET` and :data:`BUDGET_PER_MB` more per megabyte of its file, so
  that the time a request takes grows with its size. Past it, the worker is
  killed and replaced, and the request answered 422 (:class:`OverBudget`).
- **Slots.** At most ``size`` requests are ranked at once; the others wait
  their turn, at most :data:`QUEUE_TIMEOUT` seconds (else 503, :class:`Busy`).
  Costly requests may take all slots but one, so that cheap ones always find a
  worker: a request is costly when its worker finds that it asks for much
  work (:mod:`sonneborn.web.cost`), when it takes longer than
  :data:`CHEAP_SECONDS`, or at once for a file over :data:`HEAVY`; it then
  leaves the cheap share and queues among the costly.
- **Memory.** A worker may use :data:`MEMORY_LIMIT` bytes besides what it
  starts with (else 422); one whose memory grew by :data:`RECYCLE_GROWTH`
  during a request is replaced by a fresh one, so that the memory of a big
  request is given back, and one that grew at all (:data:`IDLE_GROWTH`) ends
  after :data:`IDLE_TIME` without work. The answers the server holds for its clients are
  bounded too, by :data:`ANSWER_MEMORY` in all: a worker with an answer waits
  until there is room for it, within its request's time.
- **Deaths.** A worker that ends while it works on a request (its allocator
  failing past the memory limit, the system killing it) is never given the
  same job again; the zygote says how it ended, and that decides the answer
  (:class:`Died`): 422 for the memory limit, 503 for a kill, 500 for a crash.

Workers are forked by a *zygote*, a process the server starts once which
has imported the engine, so that a new worker is ready in milliseconds; they
are started on demand, and each ends when its socket closes, the zygote when
the server's does (even when the server is killed). Nothing of the server's
main module is run again in them, as :mod:`multiprocessing` would.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import faulthandler
import hashlib
import logging
import mmap
import os
import pickle
import resource
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import anyio
import anyio.to_thread

from sonneborn.messages import N_, Message, Number
from sonneborn.web import work
from sonneborn.web.inputs import INTERNAL_ERROR
from sonneborn.web.work import Answer, Job

logger = logging.getLogger(__name__)

BUDGET = 10.0
"""The seconds of work any request may use, whatever its size."""
BUDGET_PER_MB = 3.0
"""The seconds of work a request may use per megabyte of its file, besides :data:`BUDGET` (40 s for 10 MB)."""
QUEUE_TIMEOUT = 30.0
"""The longest a request waits for a free worker, in seconds; then it is answered 503."""
WORKERS = min(4, max(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2))
"""The most requests ranked at once: one worker process each, as many as the cores (two to four)."""
HEAVY = 1024 * 1024
"""A request for a file over this size (1 MB) is costly from the start, without a try in the cheap share."""
CHEAP_SECONDS = 2.0
"""The longest a request is ranked among the cheap ones: past it (a file slow to read, a cost not foreseen)
its worker is stopped and the request queues among the costly, with the rest of its time."""
MEMORY_LIMIT = 2 * 1024 * 1024 * 1024
"""The memory, in bytes, a worker may use besides what it starts with (2 GB): past it, the request is refused."""
RECYCLE_GROWTH = 64 * 1024 * 1024
"""A worker whose resident memory grew by this much (64 MB) during a request is replaced by a fresh one
(forked in milliseconds), so that the memory of a big request is given back at once."""
IDLE_GROWTH = 8 * 1024 * 1024
"""A worker that has grown by this much (8 MB) since it started ends after :data:`IDLE_TIME` without work:
when the requests stop, the memory returns to what it was before them."""
IDLE_TIME = 5.0
"""Seconds without work after which a worker that grew ends (a new one is forked for the next request)."""
ANSWER_MEMORY = 512 * 1024 * 1024
"""The bytes of answers the server holds at once for its clients (512 MB), each at most
:data:`~sonneborn.web.work.MAX_ANSWER`; past it a large answer waits for room (a small one never does)."""
SMALL_ANSWER = 4 * 1024 * 1024
"""An answer this small (4 MB) never waits for room among the answers held: a cheap request's answer is never
held back by large answers that clients do not read."""
SEND_CHUNK = 256 * 1024
"""The bytes of an answer handed to the connection at once."""

NICENESS = 10
"""How much lower the workers' scheduling priority is than the server's, whose answers must stay quick
(``/healthz``, the page, refusals) while events are ranked on every core."""
COSTLY_NICENESS = 13
"""The scheduling priority of a worker on a costly request: lower still (half a cheap one's share of a busy
core), so that the cheap ones go first (a worker cannot raise its priority again: it ends after the request)."""
SEEN_COSTLY = 256
"""How many costly requests the server remembers (a digest of each): one asked again queues among the costly
at once, without a try in the cheap share."""

_LENGTH = struct.Struct("!Q")
_CONTROL = struct.Struct("!qq")
"""A message to the zygote: what (:data:`_FORK` with a socket, or :data:`_ENDED`) and its number."""
_FORK, _ENDED = 0, 1
_PROMOTE = "costly?"
"""What a worker asks, mid-job, when a job sent as cheap proves costly; the server answers a byte (1: go on)."""
_END = struct.Struct("!qq")
"""The zygote's answer on a worker's end: its wait status (-1: not known) and how much it had grown."""
ENDED_WAIT = 2.0
"""The longest the zygote waits for a worker whose socket closed to end, in seconds."""


def budget(size: int) -> float:
    """The seconds a request may use to rank a file of ``size`` bytes.

    >>> budget(0), budget(10 * 1024 * 1024)
    (10.0, 40.0)
    """
    return BUDGET + BUDGET_PER_MB * size / (1024 * 1024)


class OverBudget(Exception):
    """The ranking took longer than its request's time budget, and was stopped."""

    def __init__(self, seconds: float) -> None:
        template = N_(
            "the event took longer than the {seconds} s the server gives a request of its size to rank, and was stopped"
        )
        self.text = Message.of(template, seconds=Number(f"{round(seconds, 1):g}"))
        super().__init__(str(self.text))


class _Costly(Exception):
    """The worker found the job costly, in the cheap share: it must queue among the costly."""


@dataclass(eq=False)
class _Place:
    """A worker's place taken by a request: in the costly share or not (a cheap place may turn costly)."""

    costly: bool


class _Unsent(RuntimeError):
    """A worker had ended before its job reached it: the job may go to another."""


class Died(Exception):
    """A worker ended while it worked on a request, and this is the answer: ``status`` and ``message``.

    Its end is read from the zygote (its wait status and peak memory): a
    worker that grew by a quarter of its memory limit ran out of it, whatever
    the failure its allocator then met (orjson's is a segmentation fault), and
    the request is the client's to make smaller (422); one killed (the system
    short of memory, or someone) is the server's fault (503); any other end is
    a bug (500, logged). The same job is never given to another worker.
    """

    def __init__(self, status: int, message: Message, reason: str) -> None:
        super().__init__(str(message))
        self.status = status
        self.text = message
        """The answer's message, written in the request's language."""
        self.message = str(message)
        self.reason = reason
        """How the worker ended, for the server's log."""


@dataclass(frozen=True, slots=True)
class Ended:
    """How a worker process ended, as its zygote saw it."""

    status: int
    """Its wait status (``os.waitstatus_to_exitcode`` reads it)."""
    grown: int
    """How much its peak resident memory passed the zygote's, in bytes."""

    def __str__(self) -> str:
        if os.WIFSIGNALED(self.status):
            return f"killed by {signal.Signals(os.WTERMSIG(self.status)).name}, grown by {self.grown >> 20} MB"
        return f"exit status {os.waitstatus_to_exitcode(self.status)}, grown by {self.grown >> 20} MB"


def death(ended: Ended | None, memory_limit: int | None) -> Died:
    """The answer to a request whose worker ended while it worked on it (see :class:`Died`).

    >>> death(Ended(signal.SIGSEGV, 900 << 20), 2 << 30).status, death(Ended(signal.SIGKILL, 0), 2 << 30).status
    (422, 503)
    >>> death(Ended(signal.SIGSEGV, 20 << 20), 2 << 30).status, death(None, 2 << 30).status
    (500, 503)
    """
    if ended is None:
        reason = "its end is not known"
        message = Message(N_("a ranking worker ended before it answered, for a reason not known: try again"))
        return Died(503, message, reason)
    if os.WIFSIGNALED(ended.status) and os.WTERMSIG(ended.status) == signal.SIGKILL:
        template = N_(
            "a ranking worker was killed before it answered (by the system short of memory, or from outside): try again"
        )
        return Died(503, Message(template), str(ended))
    if memory_limit is not None and ended.grown >= memory_limit // 4:
        return Died(422, work.memory_message(), str(ended))
    return Died(500, Message(INTERNAL_ERROR), str(ended))


class Busy(Exception):
    """Every worker stayed taken for as long as a request may wait."""

    def __init__(self, seconds: float) -> None:
        template = N_("the server is busy: no worker was free to rank the event within {seconds} s")
        self.text = Message.of(template, seconds=Number(f"{round(seconds, 1):g}"))
        super().__init__(str(self.text))


class AnswersHeld(Busy):
    """The answers held for clients that do not read them left no room for this one within its time."""

    def __init__(self, memory: int) -> None:
        template = N_(
            "the server is busy: it holds {megabytes} MB of answers its clients have not read yet, and this one "
            "found no room in time; try again"
        )
        self.text = Message.of(template, megabytes=memory >> 20)
        Exception.__init__(self, str(self.text))


@dataclass(eq=False)
class Result:
    """An answer held by the server until it is sent, given back to the system as it goes out.

    A worker's answer is held in an anonymous memory mapping of its own (not
    the heap, whose freed memory the allocator keeps): the pages already sent
    are given back as the answer goes, and the rest when it is dropped, so that
    the server's memory returns to what it was once its clients have gone.
    """

    status: int
    media_type: str
    length: int
    buffer: mmap.mmap | bytes = b""
    release: Callable[[int], None] = lambda sent: None
    """Gives back the memory of ``sent`` bytes of the answer."""
    held: int = 0
    """The bytes of the answer still held."""
    position: int = 0
    """The bytes of the answer already sent."""
    _freed: int = 0
    encoding: str | None = None
    """The answer's ``Content-Encoding`` (``gzip``), else ``None``."""

    def __post_init__(self) -> None:
        self.held = self.length

    def next_chunk(self, size: int = SEND_CHUNK) -> bytes:
        """The next ``size`` bytes of the answer to send (empty once it is all sent)."""
        return self.buffer[self.position : min(self.position + size, self.length)] if self.held else b""

    def body(self) -> bytes:
        """The whole answer (for a test or a program that holds it anyway)."""
        return bytes(self.buffer[: self.length])

    def sent(self, count: int) -> None:
        """Tells that ``count`` more bytes of the answer went out (or were dropped)."""
        count = min(count, self.held)
        self.held -= count
        self.position += count
        if isinstance(self.buffer, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
            pages = self.position // mmap.PAGESIZE * mmap.PAGESIZE
            if pages > self._freed and not self.buffer.closed:
                self.buffer.madvise(mmap.MADV_DONTNEED, self._freed, pages - self._freed)
                self._freed = pages
        if count:
            self.release(count)

    def drop(self) -> None:
        """Gives back everything still held (the client left, or the answer is sent)."""
        self.sent(self.held)
        if isinstance(self.buffer, mmap.mmap):
            self.buffer.close()
        self.buffer = b""


def result_of(found: Answer) -> Result:
    """The result of an answer computed in this process."""
    return Result(found.status, found.media_type, len(found.body), found.body, encoding=found.encoding)


@dataclass(eq=False)
class _Worker:
    pid: int
    sock: socket.socket
    """The server's end of the worker's socket, non-blocking."""
    pidfd: int | None = None
    """A handle on the process that cannot name another one once it has ended (Linux), else ``None``."""
    grown: int = 0
    """How much its resident memory grew since it started, in bytes, as it said after its last answer."""
    idle_since: float = 0.0

    lowered: bool = False
    """Whether its priority was lowered for a costly request (it cannot be raised again: it ends after)."""

    def lower_priority(self) -> None:
        """Lowers the worker's scheduling priority to :data:`COSTLY_NICENESS` for a costly request."""
        if not self.lowered:
            self.lowered = True
            with contextlib.suppress(OSError, AttributeError):
                os.setpriority(os.PRIO_PROCESS, self.pid, COSTLY_NICENESS)

    def alive(self) -> bool:
        """Whether the idle worker is still there: it has not ended, nor sent anything unasked (its socket's end)."""
        watched = [self.sock.fileno()] if self.pidfd is None else [self.sock.fileno(), self.pidfd]
        try:
            readable, _, _ = select.select(watched, [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable

    def kill(self) -> None:
        """Kills the worker at once (its work is cut), and lets go of it."""
        with contextlib.suppress(OSError):
            if self.pidfd is not None:
                signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)
            else:  # pragma: no cover - without pidfd (not Linux): the worker has not answered, so it is alive
                os.kill(self.pid, signal.SIGKILL)
        self.release()

    def release(self) -> None:
        """Lets go of the worker: it ends when its socket closes."""
        self.sock.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None


@dataclass(eq=False)
class Workers:
    """The worker processes of one app, started on demand, at most ``size`` at once."""

    size: int = WORKERS
    memory_limit: int | None = MEMORY_LIMIT
    answer_memory: int = ANSWER_MEMORY
    queue_timeout: float = QUEUE_TIMEOUT
    _idle: list[_Worker] = field(default_factory=list)
    cheap_seconds: float = CHEAP_SECONDS
    _running: int = 0
    _costly: int = 0
    _held: int = 0
    _closed: bool = False
    _loop: asyncio.AbstractEventLoop | None = None
    _changed: asyncio.Condition | None = None
    _notices: set[asyncio.Task[None]] = field(default_factory=set)
    _seen_costly: collections.OrderedDict[bytes, None] = field(default_factory=collections.OrderedDict)
    _sweep: asyncio.TimerHandle | None = None

    @property
    def held(self) -> int:
        """The bytes of answers the server holds for its clients now."""
        return self._held

    @property
    def pids(self) -> list[int]:
        """The process ids of the idle workers."""
        return [worker.pid for worker in self._idle]

    def _condition(self) -> asyncio.Condition:
        # Created in the event loop that uses it (an app is served by one loop at a time).
        loop = asyncio.get_running_loop()
        if self._changed is None or self._loop is not loop:
            self._loop, self._changed = loop, asyncio.Condition()
        return self._changed

    async def run(self, job: Job, *, seconds: float, heavy: bool = False) -> Result:
        """Runs a job in a worker within ``seconds``; the answer, held until sent.

        A job runs in the cheap share unless ``heavy`` (a large file): there,
        once it proves costly (its worker says so, or it takes longer than
        :attr:`cheap_seconds`), it goes to the queue of the costly ones, which
        may take every worker but one. Raises :class:`Busy` when no worker is
        free in time, :class:`OverBudget` when the work is cut, :class:`Died`
        when its worker ends on it.
        """
        shared = self.size > 1  # with one worker, every request is ranked by it in turn
        digest = _digest(job) if shared and not heavy else None
        costly = shared and (heavy or digest in self._seen_costly)
        loop = asyncio.get_running_loop()
        left = seconds
        while True:
            place = await self._take(costly)
            began = loop.time()
            try:
                if costly or not shared:
                    try:
                        return await self._run(replace(job, costly=True), left, place)
                    except OverBudget:
                        raise OverBudget(seconds) from None
                try:
                    return await self._run(replace(job, costly=False), min(left, self.cheap_seconds), place, left)
                except _Costly:
                    pass
                except OverBudget:
                    if place.costly or self.cheap_seconds >= left:
                        raise OverBudget(seconds) from None
                    logger.info("a request took longer than a cheap one may: it queues among the costly")
                finally:
                    if place.costly and digest is not None:
                        self._remember(digest)
            finally:
                await self._leave(place)
            if digest is not None:
                self._remember(digest)
            costly = True
            left -= loop.time() - began

    async def _take(self, costly: bool) -> _Place:
        """Takes a worker's place, in the costly share or not; :class:`Busy` when none is free in time."""
        changed = self._condition()

        def free() -> bool:
            return self._running < self.size and (not costly or self._costly < self.size - 1)

        try:
            async with asyncio.timeout(self.queue_timeout), changed:
                await changed.wait_for(free)
                self._running += 1
                self._costly += costly
        except TimeoutError:
            raise Busy(self.queue_timeout) from None
        return _Place(costly)

    def _remember(self, digest: bytes) -> None:
        self._seen_costly[digest] = None
        self._seen_costly.move_to_end(digest)
        while len(self._seen_costly) > SEEN_COSTLY:
            self._seen_costly.popitem(last=False)

    def _promote(self, place: _Place) -> bool:
        """Makes a cheap place costly, when the costly share has room now."""
        if not place.costly and self._costly < self.size - 1:
            place.costly = True
            self._costly += 1
        return place.costly

    async def _leave(self, place: _Place) -> None:
        changed = self._condition()
        async with changed:
            self._running -= 1
            self._costly -= place.costly
            changed.notify_all()

    async def _run(self, job: Job, seconds: float, place: _Place, promoted: float | None = None) -> Result:
        """Runs a job in an idle or a new worker within ``seconds`` (``promoted`` once its place turns costly)."""
        worker: _Worker | None = None
        try:
            worker = await self._idle_or_new()
            try:
                found, retire = await self._ask(worker, job, seconds, place, promoted)
            except _Unsent:
                # It ended while idle (killed from outside) before the job reached it: a fresh one takes it.
                worker.kill()
                worker = None
                logger.warning("a ranking worker had ended: the request goes to a new one")
                worker = await self._start_async()
                found, retire = await self._ask(worker, job, seconds, place, promoted)
            except _Costly:
                self._rest(worker, retire=False)
                worker = None
                raise
            self._rest(worker, retire=retire)
            worker = None
            return found
        finally:
            if worker is not None:  # cut, cancelled or broken: its state is unknown, so it goes
                worker.kill()

    def _rest(self, worker: _Worker, *, retire: bool) -> None:
        """Puts a worker that answered back among the idle ones, or lets it go."""
        if retire or self._closed or worker.lowered:
            worker.release()
            return
        worker.idle_since = asyncio.get_running_loop().time()
        self._idle.append(worker)
        if worker.grown > IDLE_GROWTH:
            self._sweep_later()

    async def _idle_or_new(self) -> _Worker:
        """An idle worker still alive, else a new one."""
        while self._idle:
            worker = self._idle.pop()
            if worker.alive():
                return worker
            logger.warning("a ranking worker had ended while idle: it is replaced")
            worker.kill()
        return await self._start_async()

    async def _start_async(self) -> _Worker:
        try:
            return await anyio.to_thread.run_sync(self._start)
        except OSError as error:  # no process could be forked: the machine's fault, not the request's
            logger.error("cannot start a ranking worker: %s", error)
            message = Message(N_("the server cannot start a ranking worker now: try again"))
            raise Died(503, message, str(error)) from None

    async def _ask(
        self, worker: _Worker, job: Job, seconds: float, place: _Place, promoted: float | None = None
    ) -> tuple[Result, bool]:
        loop = asyncio.get_running_loop()
        sock = worker.sock
        frame = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        began = loop.time()
        reserving = False
        if place.costly and self.size > 1:
            worker.lower_priority()
        try:
            async with asyncio.timeout(seconds) as deadline:
                try:
                    await loop.sock_sendall(sock, _LENGTH.pack(len(frame)) + frame)
                except OSError as error:
                    raise _Unsent(f"the ranking worker {worker.pid} had ended") from error
                del frame
                try:
                    while True:
                        size = _LENGTH.unpack(await _receive(loop, sock, _LENGTH.size))[0]
                        head = pickle.loads(await _receive(loop, sock, size))
                        if head != _PROMOTE:
                            break
                        # A cheap job proved costly: it goes on, with the whole of its time, if the share has room.
                        if self._promote(place) and promoted is not None:
                            deadline.reschedule(began + promoted)
                            worker.lower_priority()
                        await loop.sock_sendall(sock, b"\1" if place.costly else b"\0")
                except (EOFError, OSError):
                    # The job reached it: its end is the job's doing, or the system's. Never the same job again.
                    ended = await anyio.to_thread.run_sync(ZYGOTE.ended, worker.pid)
                    died = death(ended, self.memory_limit)
                    log = logger.error if died.status == 500 else logger.warning
                    log("a ranking worker ended before it answered (%s): answered %d", died.reason, died.status)
                    raise died from None
                status, media_type, bug, retire, worker.grown, length, costly, encoding = head
                if costly:
                    raise _Costly()
                reserving = True
                await self._reserve(length)
                reserving = False
                result = await self._receive_answer(
                    worker, Result(status, media_type, length, encoding=encoding), length
                )
        except TimeoutError:
            if reserving:
                raise AnswersHeld(self.answer_memory) from None
            raise OverBudget(seconds) from None
        if bug is not None:
            logger.error("internal error in a ranking worker:\n%s", bug.rstrip())
        return result, retire

    async def _receive_answer(self, worker: _Worker, result: Result, length: int) -> Result:
        """The answer's bytes from the worker, into a mapping of their own; its memory counted until given back."""
        result.release = self._give_back
        loop = asyncio.get_running_loop()
        try:
            if length:
                try:
                    result.buffer = mmap.mmap(-1, length)
                except OSError as error:  # the server's memory is short: its fault, not the request's
                    message = Message(N_("the server is short of memory for the answer now: try again"))
                    raise Died(503, message, str(error)) from None
                # Chunks copied in, not received into views of the mapping: a view a cancelled receive still
                # held would keep the mapping from closing (BufferError) when the client leaves.
                got = 0
                while got < length:
                    chunk = await loop.sock_recv(worker.sock, min(length - got, 1024 * 1024))
                    if not chunk:
                        raise EOFError("the worker closed its socket mid-answer")
                    result.buffer[got : got + len(chunk)] = chunk
                    got += len(chunk)
        except (EOFError, OSError):
            result.drop()
            ended = await anyio.to_thread.run_sync(ZYGOTE.ended, worker.pid)
            died = death(ended, self.memory_limit)
            logger.warning("a ranking worker ended mid-answer (%s): answered %d", died.reason, died.status)
            raise died from None
        except BaseException:
            result.drop()
            raise
        return result

    async def _reserve(self, length: int) -> None:
        """Counts an answer among those held, once there is room for it (a small one never waits)."""
        changed = self._condition()
        async with changed:
            await changed.wait_for(
                lambda: length <= SMALL_ANSWER or self._held == 0 or self._held + length <= self.answer_memory
            )
            self._held += length

    def _give_back(self, count: int) -> None:
        self._held -= count
        changed = self._changed
        if changed is not None and self._loop is not None and not self._loop.is_closed():
            notice = self._loop.create_task(_notify(changed))
            self._notices.add(notice)
            notice.add_done_callback(self._notices.discard)

    def _sweep_later(self) -> None:
        # At the moment the first worker that grew has been idle for IDLE_TIME.
        if self._sweep is not None or self._loop is None:
            return
        grown = [w.idle_since for w in self._idle if w.grown > IDLE_GROWTH]
        if grown:
            delay = max(0.0, min(grown) + IDLE_TIME - self._loop.time())
            self._sweep = self._loop.call_later(delay, self._end_grown)

    def _end_grown(self) -> None:
        """Ends the idle workers that grew, once they have been idle for :data:`IDLE_TIME`."""
        self._sweep = None
        now = asyncio.get_running_loop().time()
        ending = [w for w in self._idle if w.grown > IDLE_GROWTH and now - w.idle_since >= IDLE_TIME - 0.01]
        self._idle = [w for w in self._idle if w not in ending]
        for worker in ending:
            worker.release()
        self._sweep_later()

    def _start(self) -> _Worker:
        """Starts a worker process (blocking: called in a thread)."""
        return ZYGOTE.fork(self.memory_limit)

    async def start(self, count: int = 1) -> None:
        """Starts ``count`` workers ahead of the first requests (the first of the process also starts the zygote)."""
        for _ in range(min(count, self.size) - len(self._idle)):
            self._idle.append(await anyio.to_thread.run_sync(self._start))

    def close(self) -> None:
        """Ends the idle workers; a busy one ends after its request."""
        self._closed = True
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None
        while self._idle:
            self._idle.pop().release()


class InProcess:
    """Ranking in threads of the server's own process: nothing is cut (for tests that patch the engine)."""

    def __init__(self, size: int = WORKERS) -> None:
        self.size = size
        self._limiter: anyio.CapacityLimiter | None = None

    async def run(self, job: Job, *, seconds: float, heavy: bool = False) -> Result:
        """Runs a job in a thread, ``size`` at most at once; ``seconds`` is not enforced."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.size)
        found = await anyio.to_thread.run_sync(work.answer, job, limiter=self._limiter)
        if found.bug is not None:
            logger.error("internal error in a ranking:\n%s", found.bug.rstrip())
        return result_of(found)

    async def start(self, count: int = 1) -> None:
        """Nothing to start."""

    def close(self) -> None:
        """Nothing to end."""


def _digest(job: Job) -> bytes:
    """What tells a request from another: its endpoint, options and file (a file over :data:`HEAVY` is not
    needed: it is costly whatever it is)."""
    body = job.body
    digest = hashlib.blake2b(digest_size=16)
    options = repr(sorted(job.query.items())), repr(sorted(body.fields.items()))
    for part in (job.endpoint, body.kind, body.path, *options):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(body.data)
    digest.update(body.text.encode("utf-8", "surrogatepass"))
    return digest.digest()


async def _notify(changed: asyncio.Condition) -> None:
    async with changed:
        changed.notify_all()


async def _receive(loop: asyncio.AbstractEventLoop, sock: socket.socket, count: int) -> bytes:
    data = bytearray()
    while len(data) < count:
        chunk = await loop.sock_recv(sock, count - len(data))
        if not chunk:
            raise EOFError("the worker closed its socket")
        data += chunk
    return bytes(data)


class Zygote:
    """The process that forks the workers, started once per server process, again if it ended.

    It has imported the engine, so that a worker forked from it starts at
    once; it holds no request and runs no thread (numerical libraries are
    told to use one), so that forking it is safe. It ends when the server's
    end of its socket closes.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._control: socket.socket | None = None
        atexit.register(self.stop)

    def fork(self, memory_limit: int | None) -> _Worker:
        """A new worker, its socket connected to this process (blocking)."""
        with self._lock:
            for attempt in (1, 2):
                if self._process is None or self._process.poll() is not None:
                    self._launch()
                assert self._control is not None
                ours, theirs = socket.socketpair()
                try:
                    limit = -1 if memory_limit is None else memory_limit
                    socket.send_fds(self._control, [_CONTROL.pack(_FORK, limit)], [theirs.fileno()])
                    pid = struct.unpack("!q", _read(self._control, 8) or b"")[0]
                except (OSError, struct.error):
                    ours.close()
                    self.stop()
                    if attempt == 2:
                        raise
                    continue
                finally:
                    theirs.close()
                ours.setblocking(False)
                pidfd = None
                with contextlib.suppress(OSError, AttributeError):
                    pidfd = os.pidfd_open(pid)
                return _Worker(pid, ours, pidfd)
        raise AssertionError("unreachable")  # pragma: no cover

    def ended(self, pid: int) -> Ended | None:
        """How a worker of this zygote ended (blocking, :data:`ENDED_WAIT` at most); ``None`` when not known."""
        with self._lock:
            if self._control is None or self._process is None or self._process.poll() is not None:
                return None
            try:
                self._control.sendall(_CONTROL.pack(_ENDED, pid))
                reply = _read(self._control, _END.size)
            except OSError:
                self.stop()
                return None
        if reply is None:
            return None
        status, grown = _END.unpack(reply)
        return None if status < 0 else Ended(status, grown)

    def _launch(self) -> None:
        self.stop()
        ours, theirs = socket.socketpair()
        package = str(Path(__file__).resolve().parents[2])
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([package, *filter(None, [os.environ.get("PYTHONPATH")])]),
            **dict.fromkeys(("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"), "1"),
        }
        code = f"from sonneborn.web.workers import zygote; zygote({theirs.fileno()})"
        with theirs:
            self._process = subprocess.Popen(
                [sys.executable, "-c", code],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                env=environment,
                start_new_session=True,  # Ctrl+C stops the server, which ends the zygote and the workers
            )
        self._control = ours

    def stop(self) -> None:
        """Ends the zygote (its workers end with their sockets); the next worker starts another."""
        if self._control is not None:
            self._control.close()
            self._control = None
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(5)
            if self._process.poll() is None:  # pragma: no cover - a zygote that ignores its socket's end
                self._process.kill()
                self._process.wait()
            self._process = None


ZYGOTE = Zygote()
"""The zygote of this process's workers, shared by its apps."""


def zygote(fd: int) -> None:
    """The zygote's life: fork a worker for each socket the server sends, and say how one ended when asked,
    until the server's socket closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)  # the workers inherit it: the server's own process goes first for the cores
    baseline = _resident()  # what a worker has when it starts
    ended: collections.OrderedDict[int, tuple[int, int]] = collections.OrderedDict()

    def reap(*_: object) -> None:
        # Each worker that ended, with its wait status and peak memory, the 256 latest kept for the server to ask.
        while True:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            ended[pid] = (status, usage.ru_maxrss * 1024 - baseline)
            while len(ended) > 256:
                ended.popitem(last=False)

    signal.signal(signal.SIGCHLD, reap)
    control = socket.socket(fileno=fd)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, _CONTROL.size, 1)
            while message and len(message) < _CONTROL.size:  # the rest of a message cut in two
                more = control.recv(_CONTROL.size - len(message))
                if not more:
                    return
                message += more
        except OSError:
            return
        if len(message) < _CONTROL.size:
            return
        kind, number = _CONTROL.unpack(message)
        if kind == _ENDED:
            for unasked in fds:
                os.close(unasked)
            try:
                control.sendall(_END.pack(*_wait_for(number, ended, reap)))
            except OSError:
                return
            continue
        if not fds:
            return
        limit = number
        pid = os.fork()
        if pid == 0:  # the worker
            status = 0
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                control.close()
                _serve(socket.socket(fileno=fds[0]), None if limit < 0 else limit)
            except BaseException:  # pragma: no cover - a worker's own failure, told on its standard error
                status = 1
                import traceback

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(status)
        os.close(fds[0])
        try:
            control.sendall(struct.pack("!q", pid))
        except OSError:
            return


def _wait_for(pid: int, ended: dict[int, tuple[int, int]], reap: Callable[[], None]) -> tuple[int, int]:
    """A worker's wait status and growth once it has ended, within :data:`ENDED_WAIT`; ``(-1, 0)`` when not known."""
    deadline = time.monotonic() + ENDED_WAIT
    while True:
        reap()
        if pid in ended:
            return ended.pop(pid)
        if time.monotonic() > deadline:
            return -1, 0
        time.sleep(0.01)


# The worker's side.


def _serve(sock: socket.socket, memory_limit: int | None) -> None:
    """A worker's life: answer each job the socket brings, until it closes or the worker grew too big."""
    if memory_limit is not None:
        _limit_memory(memory_limit)
    faulthandler.enable()  # a native crash writes where it was to the server's log (the worker's standard error)
    baseline = _resident()
    sock.setblocking(True)
    with sock:
        while True:
            try:
                header = _read(sock, _LENGTH.size)
                if header is None:
                    return
                frame = _read(sock, _LENGTH.unpack(header)[0])
            except OSError:
                return
            if frame is None:
                return
            job = pickle.loads(frame)
            del frame

            def promote() -> bool:
                head = pickle.dumps(_PROMOTE)
                sock.sendall(_LENGTH.pack(len(head)) + head)
                return _read(sock, 1) == b"\1"

            try:
                found = work.answer(job, promote=promote)
            except OSError:  # the server went while the job asked it
                return
            del job
            grown = _resident() - baseline
            retire = found.out_of_memory or grown > RECYCLE_GROWTH
            said = (
                found.status,
                found.media_type,
                found.bug,
                retire,
                grown,
                len(found.body),
                found.costly,
                found.encoding,
            )
            head = pickle.dumps(said)
            try:
                sock.sendall(_LENGTH.pack(len(head)) + head)
                sock.sendall(found.body)
            except OSError:
                return
            if retire:
                return


def _read(sock: socket.socket, count: int) -> bytes | None:
    data = bytearray()
    while len(data) < count:
        chunk = sock.recv(min(count - len(data), 1024 * 1024))
        if not chunk:
            return None
        data += chunk
    return bytes(data)


def _limit_memory(limit: int) -> None:
    """Bounds the worker's address space to what it has now plus ``limit`` bytes: past it, MemoryError."""
    with contextlib.suppress(OSError, ValueError):
        pages = int(open("/proc/self/statm").read().split()[0])  # noqa: SIM115 - read whole at once
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = pages * os.sysconf("SC_PAGE_SIZE") + limit
        resource.setrlimit(resource.RLIMIT_AS, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def _resident() -> int:
    """The worker's resident memory in bytes (0 where ``/proc`` is not there)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
