"""Drawing of lots (C.07 4.2: when the list is exhausted, lots are drawn), by a seed or by a committed secret.

A seeded draw (``--lots SEED``) is reproducible by whoever knows the seed, but the seed can be chosen
after the results are known. A committed draw can be audited by anyone: before round 1 the arbiter
publishes :func:`commitment` of a secret; after the event he reveals the secret, and the order of every
group still tied after the list is fixed by the secret *and* the event's results (:func:`results_text`),
which nobody knew when the secret was fixed. Each participant's ticket is an HMAC-SHA256 (RFC 2104) of his
start number under the event's key; a tied group is ordered by ticket, the lowest first. docs/lots.md gives
the procedure and a worked example.

>>> commitment("correct horse battery staple")[:16]
'18c0f14f5cddf393'
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import random
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sonneborn.errors import OptionError
from sonneborn.event import COLOURS, KINDS, Bools, Event, Ints
from sonneborn.messages import N_, Message

__all__ = [
    "MIN_SECRET",
    "VERSION",
    "CommittedDraw",
    "Drawing",
    "SeededDraw",
    "check_secret",
    "commitment",
    "committed_draw",
    "draw",
    "drawing_record",
    "read_drawing_record",
    "results_text",
]

VERSION = "sonneborn-lots-1"
"""The name of this procedure: the first line of every text hashed, so that a later procedure can never
give the same hashes."""
MIN_SECRET = 16
"""The fewest characters of a secret: a short one could be found from its commitment by trying them all."""


def commitment(secret: str) -> str:
    """The commitment of a secret: SHA-256 of ``sonneborn-lots-1``, a line feed and the secret (UTF-8), in hex."""
    return hashlib.sha256(f"{VERSION}\n{secret}".encode()).hexdigest()


def check_secret(secret: str, *, option: str = "lots_secret") -> None:
    """Refuses a secret too short to keep (:data:`MIN_SECRET`) or with a character no line can hold, naming
    the ``option`` (or the argument, in capitals) that gave it."""
    if len(secret) < MIN_SECRET:
        template = N_("a secret has at least {number} characters (found {number2})")
        raise OptionError(Message.of(template, number=MIN_SECRET, number2=len(secret)), option=option)
    if any(not character.isprintable() for character in secret):
        raise OptionError(Message(N_("a secret holds no control character")), option=option)


def results_text(event: Event) -> str:
    """The event's results as the draw hashes them: the procedure's name, then a line per row and round.

    Each line is ``start round opponent colour result points``: the opponent's start number (0 for none),
    the colour (``w``, ``b``, ``-``), the TRF result code and each score's points of the round, exact
    (``1/2``), named when the event has several (``MP=2 GP=5/2``). Names, ratings and the file's format
    do not enter: the same results give the same text from a TRF, a JSON or a crosstable.

    >>> from sonneborn.demo import seed_event
    >>> results_text(Event.of(seed_event())).splitlines()[:3]
    ['sonneborn-lots-1', 'players 15 rounds 15', '1 1 0 - Z 0']
    """
    table = event.table
    names = sorted(table.scores)
    colours = [colour.value for colour in COLOURS]
    kinds = [kind.value for kind in KINDS]
    # A round's points as text, by score and numerator: a few distinct values over many rounds.
    texts: list[dict[int, str]] = [{} for _ in names]
    units = [table.scores[name].unit for name in names]
    prefixes = [f"{name}=" if len(names) > 1 else "" for name in names]
    points = [table.scores[name].points.tolist() for name in names]
    opponent, kind, colour = table.opponent.tolist(), table.kind.tolist(), table.colour.tolist()
    lines = [VERSION, f"players {table.players} rounds {table.rounds}"]
    for row in range(table.players):
        for column in range(table.rounds):
            scored = []
            for index, found in enumerate(texts):
                numerator = points[index][row][column]
                if numerator not in found:
                    found[numerator] = prefixes[index] + str(Fraction(numerator, units[index]))
                scored.append(found[numerator])
            lines.append(
                f"{row + 1} {column + 1} {opponent[row][column] + 1} {colours[colour[row][column]]} "
                f"{kinds[kind[row][column]]} {' '.join(scored)}"
            )
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class SeededDraw:
    """A draw by a seed: Python's ``random.Random(seed)`` shuffles each tied group in turn."""

    seed: int

    @property
    def label(self) -> str:
        """How a cell names the draw."""
        return f"seed {self.seed}"

    @property
    def note(self) -> str:
        """How the notes under the standings name the draw."""
        return self.label

    def data(self) -> dict[str, object]:
        """The draw as the JSON records it."""
        return {"method": "seed", "seed": self.seed}


@dataclass(frozen=True, slots=True)
class CommittedDraw:
    """A draw by a committed secret: every participant's ticket, the lowest first in a tied group."""

    secret: str
    commitment: str
    """SHA-256 of the secret (:func:`commitment`), as published before the event."""
    results: str
    """SHA-256 of :func:`results_text`, in hex: which results the draw was made on."""
    tickets: tuple[str, ...]
    """Each row's ticket: HMAC-SHA256 of its start number under the event's key, in hex."""

    @property
    def label(self) -> str:
        return f"committed secret, commitment {self.commitment[:16]}…"

    @property
    def note(self) -> str:
        # Everything an auditor needs to run `sonneborn lots verify` on the published file.
        return f"{VERSION}: secret {self.secret!r}, commitment {self.commitment}; docs/lots.md says how to verify it"

    def data(self) -> dict[str, object]:
        return {
            "method": VERSION,
            "commitment": self.commitment,
            "secret": self.secret,
            "results": self.results,
        }


Drawing = SeededDraw | CommittedDraw
"""A way of drawing lots."""


def drawing_record(drawing: Drawing) -> str:
    """What a TRF's record ``XXL`` says of a drawing, so that reading the file back draws the same lots.

    >>> drawing_record(SeededDraw(7))
    'seed 7'
    """
    if isinstance(drawing, SeededDraw):
        return f"seed {drawing.seed}"
    return f"secret {drawing.secret}"


def read_drawing_record(text: str) -> int | str:
    """The seed (an ``int``) or the secret (a ``str``) of a record ``XXL`` (:func:`drawing_record`).

    Raises :class:`~sonneborn.errors.OptionError` for a record that names neither, or a seed or a secret that
    ``--lots`` or ``--lots-secret`` would refuse.

    >>> read_drawing_record("seed -3"), read_drawing_record("secret correct horse battery")
    (-3, 'correct horse battery')
    """
    how, _, value = text.strip().partition(" ")
    if how == "seed" and re.fullmatch(r"-?[0-9]+", value.strip()):
        seed = int(value)
        if -(2**63) <= seed < 2**63:
            return seed
    if how == "secret":
        check_secret(value)
        return value
    template = N_("the drawing of lots must be 'seed N' or 'secret S' (found {found})")
    raise OptionError(Message.of(template, found=repr(text.strip())), option="lots")


def committed_draw(event: Event, secret: str) -> CommittedDraw:
    """The draw of an event by a secret: the event's key is HMAC-SHA256 of :func:`results_text` keyed by the
    secret; each row's ticket HMAC-SHA256 of its start number (decimal ASCII) keyed by the event's key.

    Refused while the event is provisional: standings name the secret, and a secret known before the last
    results would let them be played to steer the draw.
    """
    check_secret(secret)
    table = event.table
    if table.provisional:
        where = (
            Message.of(N_("after round {round} of {rounds}"), round=table.played_rounds, rounds=table.rounds)
            if table.played_rounds < table.rounds
            else Message.ngettext(
                "{count} game(s) without a result", "{count} game(s) without a result", table.unfinished_games
            )
        )
        template = N_(
            "the standings reveal the secret: draw by it once every result is in (this event is provisional, {message})"
        )
        raise OptionError(Message.of(template, message=where), option="lots_secret")
    text = results_text(event).encode()
    key = hmac.new(secret.encode(), text, hashlib.sha256).digest()
    tickets = tuple(hmac.new(key, str(row + 1).encode(), hashlib.sha256).hexdigest() for row in range(event.players))
    return CommittedDraw(secret, commitment(secret), hashlib.sha256(text).hexdigest(), tickets)


def draw(order: Ints, first: Bools, drawing: Drawing) -> tuple[Ints, Ints]:
    """The final order and places: each tied group (its first member marked in ``first``) ordered by the draw,
    every place its own."""
    new_order = order.copy()
    bounds = [*np.flatnonzero(first).tolist(), len(order)]
    rng = random.Random(drawing.seed) if isinstance(drawing, SeededDraw) else None
    for begin, end in itertools.pairwise(bounds):
        if end - begin > 1:
            members = order[begin:end].tolist()
            if rng is not None:
                rng.shuffle(members)  # one generator, the groups in order: the draws --lots has always made
            else:
                assert isinstance(drawing, CommittedDraw)
                members.sort(key=lambda row: (drawing.tickets[row], row))
            new_order[begin:end] = members
    ranks = np.empty(len(order), dtype=np.int64)
    ranks[new_order] = np.arange(1, len(order) + 1)
    return new_order, ranks
