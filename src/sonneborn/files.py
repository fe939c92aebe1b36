"""Writing a file where the user asked, and nowhere else.

The text goes to a new temporary file beside the target, created exclusively
(a name nobody else holds, ``O_EXCL``: a link planted under a guessable name
is never followed), then renamed over the target in one step, so that a
failure leaves no half-written file. A target that is not a regular file — a
folder, a device, a symbolic link — is refused, ``--force`` or not: only a
file the user can mean to replace is replaced.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "out.json"
...     write_file(target, "{}\\n")
...     write_file(target, "[]\\n", force=True)
...     (target.read_text(), sorted(p.name for p in Path(folder).iterdir()))
('[]\\n', ['out.json'])
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from sonneborn.errors import OutputError
from sonneborn.messages import N_, Message

__all__ = ["check_target", "write_file"]


def check_target(target: Path, *, force: bool) -> None:
    """Raises :class:`OutputError` unless ``target`` may be written: absent, or a regular file with ``force``."""
    try:
        status = target.lstat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputError(_cannot(error), path=str(target)) from None
    if stat.S_ISLNK(status.st_mode):
        message = Message(N_("is a symbolic link; remove it or choose another name (it is never followed)"))
        raise OutputError(message, path=str(target))
    if not stat.S_ISREG(status.st_mode):
        template = N_("is not a regular file (a folder, a device, a pipe); choose another name")
        raise OutputError(Message(template), path=str(target))
    if not force:
        raise OutputError(Message(N_("exists; give --force to replace it")), path=str(target))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(target: Path, text: str, *, force: bool = False) -> None:
    """Writes ``text`` (UTF-8, line ends as they are) to ``target`` through a temporary file renamed over it.

    Raises :class:`OutputError`, naming the target, for a target that may not be
    written (see :func:`check_target`) or a write that fails (a missing folder,
    no permission, a full disk).
    """
    check_target(target, force=force)
    folder = target.parent
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".partial")
    except OSError as error:
        raise OutputError(_cannot(error), path=str(target)) from None
    try:
        os.fchmod(handle, 0o666 & ~_umask())  # mkstemp makes the file private; the output is an ordinary file
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except OSError as error:
        raise OutputError(_cannot(error), path=str(target)) from None
    finally:  # whatever stopped the write, no temporary file is left behind
        Path(temporary).unlink(missing_ok=True)


def _cannot(error: OSError) -> Message:
    """Why a file cannot be written, as the system says it."""
    return Message.of(N_("cannot write it: {reason}"), reason=error.strerror or str(error))
