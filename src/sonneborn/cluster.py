"""The executors that ``batch`` and ``whatif`` spread their work over: this machine's cores, or a Dask cluster.

The executor and the scheduler are checked here, for both commands and the library, and a Dask client is
connected here: Dask not installed, no scheduler, a scheduler that cannot be reached are each one
:class:`~sonneborn.errors.OptionError` naming the option (``pip install sonneborn[dask]`` installs Dask).

>>> check_executor("local", None)
>>> check_executor("dask", None)
Traceback (most recent call last):
...
sonneborn.errors.OptionError: the dask executor needs the address of a scheduler (--scheduler tcp://host:8786)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from sonneborn.errors import OptionError
from sonneborn.messages import N_, Message

__all__ = ["EXECUTORS", "Executor", "check_executor", "connect"]

Executor = Literal["local", "dask"]
EXECUTORS: tuple[Executor, ...] = ("local", "dask")
"""The executors: this machine's processes, or the workers of a Dask cluster."""


def check_executor(executor: str, scheduler: str | None) -> None:
    """Refuses an executor that cannot run: an unknown one, the dask executor without a scheduler or without Dask
    installed (``ValueError`` for an unknown name, which only a program gives; else
    :class:`~sonneborn.errors.OptionError`)."""
    if executor not in EXECUTORS:
        raise ValueError(f"unknown executor {executor!r} (expected one of {', '.join(EXECUTORS)})")
    if executor != "dask":
        return
    if not scheduler:
        message = N_("the dask executor needs the address of a scheduler (--scheduler tcp://host:8786)")
        raise OptionError(Message(message), option="scheduler")
    try:
        import dask.distributed  # noqa: F401  # only whether it is there
    except ImportError:
        message = N_("the dask executor needs Dask distributed: pip install sonneborn[dask]")
        raise OptionError(Message(message), option="executor") from None


@contextmanager
def connect(scheduler: str) -> Iterator[Any]:
    """A Dask client of the scheduler at ``scheduler``, closed on leaving; a scheduler that cannot be reached
    (within Dask's connect timeout, ``distributed.comm.timeouts.connect``) or a malformed address is an
    :class:`~sonneborn.errors.OptionError` naming ``--scheduler``."""
    check_executor("dask", scheduler)
    from dask.distributed import Client

    try:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as error:
        reason = " ".join(str(error).split())
    else:
        with client:
            yield client
        return
    # The client that failed to start is held by the error's frames; closed now (its __del__), in this thread. Left
    # to a later collection, its close can run inside a Dask thread's start and wait forever on the loop's lock.
    gc.collect()
    message = Message.of(N_("cannot reach the Dask scheduler at {address}: {reason}"), address=repr(scheduler),
                         reason=reason)  # fmt: skip
    raise OptionError(message, option="scheduler")
