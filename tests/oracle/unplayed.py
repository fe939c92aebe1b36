"""Unplayed rounds in the opponent-based tie-breaks (C.07 Art. 15–16 and the pre-2023 rules).

BH, FB and SB read an event round by round. In each round a player either
met a real opponent, whose (adjusted) score counts, or had an unplayed round.
What an unplayed round counts depends on the kind of event and on the rule
edition:

- round robins (C.07 15.2): forfeits are ordinary games, a free round adds nothing;
- Swiss events under C.07 2023–2026 (Art. 16): opponents count with their
  adjusted score (16.3) and the player's own unplayed rounds count as games
  against a dummy with the player's own score (16.4), capped in 2026;
- Swiss events under the pre-2023 rules (C.02 13.15): opponents' unplayed
  games count as draws and an unplayed round is a game against a virtual
  opponent;
- no special rule (``none``): forfeits count as games, byes add nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sonneborn.model import Entry, Player, ResultKind, StartNo
from sonneborn.numbers import exact_text

BYE = "16.2.1"
"""A pairing-allocated bye or a full-point bye."""
FORFEIT_WIN = "16.2.2"
REQUESTED_BYE = "16.2.3"
"""A half- or zero-point bye with some later round that is not voluntarily unplayed."""
FORFEIT_LOSS = "16.2.4"
LAST_BYES = "16.2.5"
"""A half- or zero-point bye followed only by voluntarily unplayed rounds, or in the last round."""


def is_voluntary_kind(kind: ResultKind) -> bool:
    """C.07 16.1.2: a requested bye (half- or zero-point, TRF ``H Z``) or a forfeit loss (``-``) is a VUR."""
    return kind.value in ("H", "Z", "-")


def is_voluntary(category: str) -> bool:
    """Whether a round of this category is voluntarily unplayed: the requested byes and the forfeit loss."""
    return category in (REQUESTED_BYE, FORFEIT_LOSS, LAST_BYES)


def category_text(category: str) -> str:
    return "cat. " + category


def describe_kind(kind: ResultKind) -> str:
    """How arbiters name an unplayed result (by its TRF code); any other result by its code."""
    names = {"U": "pairing-allocated bye", "F": "full-point bye", "H": "half-point bye", "Z": "zero-point bye"}
    names |= {"+": "forfeit win", "-": "forfeit loss"}
    return names.get(kind.value, kind.value)


def categories(entries: tuple[Entry, ...], rounds: int) -> dict[int, str]:
    """The C.07 16.2 category of each unplayed round among the first ``rounds``, by round.

    Rounds without a result yet are left out: they are neither voluntarily unplayed nor not.

    >>> from sonneborn.model import Colour
    >>> def e(r, kind): return Entry(r, None, Colour.UNKNOWN, kind)
    >>> record = (e(1, ResultKind.HALF_BYE), e(2, ResultKind.FORFEIT_LOSS), e(3, ResultKind.PAIRING_BYE),
    ...           e(4, ResultKind.ZERO_BYE), e(5, ResultKind.ZERO_BYE))
    >>> list(categories(record, 5).values())
    ['16.2.3', '16.2.4', '16.2.1', '16.2.5', '16.2.5']
    """
    known = [entry for entry in entries[:rounds] if entry.kind.value != "*"]
    found = {}
    for position, entry in enumerate(known):
        code = entry.kind.value
        if code in ("U", "F"):
            found[entry.round] = BYE
        elif code == "+":
            found[entry.round] = FORFEIT_WIN
        elif code == "-":
            found[entry.round] = FORFEIT_LOSS
        elif code in ("H", "Z"):
            rest = known[position + 1 :]
            played_on = any(not is_voluntary_kind(later.kind) for later in rest)
            found[entry.round] = REQUESTED_BYE if played_on else LAST_BYES
    return found


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one round adds to BH and SB: an opponent's score and the points scored against it."""

    round: int
    points: Fraction
    """The player's points in the round."""
    score: Fraction
    """The (adjusted) score of the opponent, or of the dummy or virtual opponent."""
    opponent: Player | None
    """The real opponent; ``None`` for a dummy or virtual opponent."""
    voluntary: bool = False
    """Whether the round is a VUR (C.07 16.1.2), which the 16.5 cut exception prefers to cut."""
    why: str = ""
    """How the score came about, for unplayed rounds and adjusted scores."""

    def label(self) -> str:
        """Who the score belongs to, and why, as shown in explanations."""
        if self.opponent is not None:
            return self.opponent.name + (f", {self.why}" if self.why else "")
        return self.why


@dataclass(frozen=True, slots=True)
class ScoreView:
    """A player's score as the opponents see it, with its reason when it is not the plain score."""

    score: Fraction
    why: str = ""


def draws_instead(points: list[Fraction], rounds: set[int], draw: Fraction) -> Fraction:
    """The sum of the points with the given rounds (1-based) counted as draws."""
    return sum((draw if r in rounds else p for r, p in enumerate(points, start=1)), Fraction(0))


def adjusted_view(
    start: StartNo, score: Fraction, points: list[Fraction], cats: dict[int, str], draw: Fraction
) -> ScoreView:
    """C.07 16.3: the score opponents see, with category 16.2.5 rounds counted as draws."""
    last = {r for r, c in cats.items() if c == LAST_BYES}
    return _as_draws(score, points, last, draw, "adjusted score {score} (16.3: {rounds} counted as {draws})")


def virtual_view(score: Fraction, points: list[Fraction], unplayed: set[int], draw: Fraction) -> ScoreView:
    """Pre-2023 rule (C.02 13.15 a): every unplayed game of an opponent counts as a draw."""
    return _as_draws(score, points, unplayed, draw, "{score} with unplayed {rounds} as {draws} (C.02 13.15)")


def _as_draws(score: Fraction, points: list[Fraction], rounds: set[int], draw: Fraction, why: str) -> ScoreView:
    """The score with some rounds (1-based) counted as draws, and why, when that changes it."""
    adjusted = score - sum((points[r - 1] for r in rounds), Fraction(0)) + draw * len(rounds)
    if adjusted == score:
        return ScoreView(score)
    listed = ", ".join(map(str, sorted(rounds)))
    words = (
        {"rounds": f"round {listed}", "draws": "a draw"}
        if len(rounds) == 1
        else {"rounds": f"rounds {listed}", "draws": "draws"}
    )
    return ScoreView(adjusted, why.format(score=exact_text(adjusted), **words))
