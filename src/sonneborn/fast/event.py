"""An event as integer arrays: the representation the fast kernels compute on.

Points are whole numbers of a *unit* (the least common denominator of every
point value of the event, 2 for 1–½–0), so every sum stays an exact integer.
Rows are players in start-number order, columns are rounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from sonneborn.model import Colour, EventKind, PointSystem, ResultKind, Tournament

KINDS = list(ResultKind)
"""Result kinds by their code in :attr:`ArrayEvent.kind`."""
CODE = {kind: index for index, kind in enumerate(KINDS)}

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

WHITE, BLACK = 1, 2


def distinct(values: npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
    """The sorted distinct values; what ``np.unique`` gives, without its import of ``numpy.ma`` (~12 ms a start)."""
    ordered = np.sort(values, kind="stable")
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def codes(*kinds: ResultKind) -> npt.NDArray[np.int8]:
    """The codes of some kinds, for :func:`of_kinds`."""
    return np.array([CODE[k] for k in kinds], dtype=np.int8)


def of_kinds(kind: npt.NDArray[np.integer], wanted: npt.NDArray[np.integer] | list[int]) -> Bools:
    """Whether each entry's kind code is one of those wanted (a code below 0 is none).

    One look-up in a table of the 256 byte values: ``np.isin`` sorts, several times slower on a big event.
    """
    table = np.zeros(256, dtype=bool)
    table[np.asarray(wanted, dtype=np.int64)] = True
    index = kind.view(np.uint8) if kind.dtype == np.int8 else kind.astype(np.uint8)
    found: Bools = table[index]
    return found


PLAYED = codes(*(kind for kind in KINDS if kind.is_played))
FORFEITS = codes(ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS)
VOLUNTARY = codes(ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.FORFEIT_LOSS)
REQUESTED = codes(ResultKind.HALF_BYE, ResultKind.ZERO_BYE)
WON_OTB = codes(ResultKind.WIN, ResultKind.UNRATED_WIN)
DRAWN_OTB = codes(ResultKind.DRAW, ResultKind.UNRATED_DRAW)
NOT_PLAYED = CODE[ResultKind.NOT_PLAYED]


@dataclass(frozen=True, slots=True)
class ArrayEvent:
    """The arrays of one event, with what the kernels need besides."""

    opponent: npt.NDArray[np.int64]
    """Opponent's row (0-based) in each round, −1 for none."""
    kind: npt.NDArray[np.int8]
    """Result kind codes (:data:`KINDS`)."""
    colour: npt.NDArray[np.int8]
    """0 unknown, 1 White, 2 Black."""
    points: Ints
    """Points of each round, in units."""
    adjustment: Ints
    """Bonus or penalty points outside the rounds, in units."""
    rating: Ints
    """Ratings, 0 for the unrated."""
    unit: int
    """Units per point: every value in units is an integer."""
    system: Ints
    """The point system's points for each kind code, in units (overrides aside)."""
    event_kind: EventKind
    tournament: Tournament | None = None
    """The model of the event, when it was built from one."""

    @property
    def players(self) -> int:
        return int(self.opponent.shape[0])

    @property
    def rounds(self) -> int:
        return int(self.opponent.shape[1])

    def system_points(self, kind: ResultKind) -> int:
        """A kind's points under the point system, in units."""
        return int(self.system[CODE[kind]])


def _unit(values: list[Fraction]) -> int:
    unit = 1
    for value in values:
        unit = math.lcm(unit, value.denominator)
    return unit


def from_tournament(tournament: Tournament) -> ArrayEvent:
    """The arrays of an event read into the model."""
    players, rounds = len(tournament), tournament.rounds
    system = tournament.point_system
    system_points = [system.points(kind) for kind in KINDS]
    overrides = [e.points for p in tournament.players for e in p.entries if e.points is not None]
    unit = _unit(system_points + overrides + [p.adjustment for p in tournament.players])
    opponent = np.full((players, rounds), -1, dtype=np.int64)
    kind = np.zeros((players, rounds), dtype=np.int8)
    colour = np.zeros((players, rounds), dtype=np.int8)
    points = np.zeros((players, rounds), dtype=np.int64)
    unit_points = [int(value * unit) for value in system_points]
    colours = {Colour.UNKNOWN: 0, Colour.WHITE: WHITE, Colour.BLACK: BLACK}
    for row, player in enumerate(tournament.players):
        for column, entry in enumerate(player.entries):
            if entry.opponent is not None:
                opponent[row, column] = entry.opponent - 1
            code = CODE[entry.kind]
            kind[row, column] = code
            colour[row, column] = colours[entry.colour]
            points[row, column] = unit_points[code] if entry.points is None else int(entry.points * unit)
    return ArrayEvent(
        opponent=opponent,
        kind=kind,
        colour=colour,
        points=points,
        adjustment=np.array([int(p.adjustment * unit) for p in tournament.players], dtype=np.int64),
        rating=np.array([p.rating or 0 for p in tournament.players], dtype=np.int64),
        unit=unit,
        system=np.array(unit_points, dtype=np.int64),
        event_kind=tournament.event_kind,
        tournament=tournament,
    )


def system_of(event: ArrayEvent) -> PointSystem:
    """The point system back as the model has it (win, draw and loss are all the kernels need)."""
    unit = event.unit
    return PointSystem(
        win=Fraction(event.system_points(ResultKind.WIN), unit),
        draw=Fraction(event.system_points(ResultKind.DRAW), unit),
        loss=Fraction(event.system_points(ResultKind.LOSS), unit),
    )
