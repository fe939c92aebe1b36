"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and RTNG.

TPR, PTP, APRO and APPO go through the two conversion tables of the FIDE
Rating Regulations, B.02 8.1.1 (score fraction → rating difference) and
8.1.2 (rating difference → expected score), shipped as data with their source
in ``data/fide_b02_tables.json`` and used as printed: no logistic curve, no
interpolation.

>>> rating_difference(Fraction(2, 3)), rating_difference(Fraction(1, 3))
(125, -125)
>>> expected_score(538), expected_score(-538), expected_score(736)
(Fraction(97, 100), Fraction(3, 100), Fraction(1, 1))

Only games played over the board count, in round robins too (C.07 10,
15.2): unrated ``W D L`` games were played and count, forfeits never do.
Results count as 1–½–0 by their outcome, whatever the event's point system.

Unrated players (rating missing or 0): a rating to assume comes from the
code's ``/U<N>`` or else from ``Context.unrated_rating`` (``--unrated-rating``).
Without one, every rating tie-break (RTNG included) is dropped as soon as
any participant is unrated: every value is ``None`` with a note saying why,
and a warning is logged (C.07 10).
"""

from __future__ import annotations

import logging
import math
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import orjson

import sonneborn
from oracle.base import Context, Definition, Element, Game, Modifier, Spec, Value
from oracle.modifiers import apply_cuts
from sonneborn.model import Outcome, Player, StartNo
from sonneborn.numbers import exact_text, result_text

logger = logging.getLogger(__name__)

TABLES_FILE = "fide_b02_tables.json"
"""The B.02 8.1.1 and 8.1.2 tables with their source, in the package's ``data`` folder."""

_HALF = Fraction(1, 2)
_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: _HALF, Outcome.LOSS: Fraction(0)}


@dataclass(frozen=True, slots=True)
class _Tables:
    dp: tuple[int, ...]
    """dp for p = 0.00 … 1.00, indexed by hundredths."""
    bounds: tuple[int, ...]
    """The lower bound of each rating-difference range of 8.1.2."""
    higher: tuple[int, ...]
    """PD(H) of each range, in hundredths."""
    lower: tuple[int, ...]
    """PD(L) of each range, in hundredths."""


@cache
def _tables() -> _Tables:
    # Beside the package's modules, as installed: importlib.resources would cost every start its imports.
    data = orjson.loads((Path(sonneborn.__file__).parent / "data" / TABLES_FILE).read_bytes())
    rows = data["pd"]["rows"]
    tables = _Tables(
        tuple(data["dp"]["values"]),
        tuple(row["from"] for row in rows),
        tuple(row["higher"] for row in rows),
        tuple(row["lower"] for row in rows),
    )
    # The shape the lookups rely on: 101 scores, ranges from 0 upwards, the last one open.
    assert len(tables.dp) == 101 and tables.bounds[0] == 0 and rows[-1]["to"] is None
    return tables


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, .5 rounded up (C.07 10.1, 10.4, 10.5).

    >>> round_half_up(Fraction(4801, 2)), round_half_up(Fraction(7204, 3))
    (2401, 2401)
    """
    return math.floor(value + _HALF)


def score_fraction_index(p: Fraction) -> int:
    """The score fraction in hundredths as table 8.1.1 is read: half up to 2 decimals.

    C.07 10.2 does not say how p is rounded; this is the common reading.
    Only a zero or a full score reads the notional 0.00 or 1.00 rows, so a
    score short of 100 % never rounds up to +800 (nor a non-zero one to −800).

    >>> score_fraction_index(Fraction(5, 8)), score_fraction_index(Fraction(199, 200))
    (63, 99)
    """
    index = round_half_up(p * 100)
    if 0 < p < 1:
        return min(max(index, 1), 99)
    return index


def rating_difference(p: Fraction) -> int:
    """dp for a score fraction p, B.02 table 8.1.1, p rounded as :func:`score_fraction_index` says.

    p = 0 gives −800 and p = 1 gives +800.

    >>> rating_difference(Fraction(0)), rating_difference(Fraction(1, 2)), rating_difference(Fraction(1))
    (-800, 0, 800)
    """
    return _tables().dp[score_fraction_index(p)]


def expected_hundredths(difference: int) -> int:
    """PD in hundredths for a player rated ``difference`` points above the opponent (below if negative),
    B.02 table 8.1.2 over its full range: PD(H) when the difference is 0 or more, PD(L) otherwise.

    >>> expected_hundredths(3), expected_hundredths(4), expected_hundredths(-4), expected_hundredths(-900)
    (50, 51, 49, 0)
    """
    tables = _tables()
    index = bisect_right(tables.bounds, abs(difference)) - 1
    return tables.higher[index] if difference >= 0 else tables.lower[index]


def expected_score(difference: int) -> Fraction:
    """PD, B.02 table 8.1.2: the expected score of a player rated ``difference`` points above the opponent."""
    return Fraction(expected_hundredths(difference), 100)


def is_unrated(player: Player) -> bool:
    """Whether the player has no rating (none given, or 0)."""
    return not player.rating


def assumed_rating(context: Context, spec: Spec) -> int | None:
    """The rating assumed for unrated players: ``/U<N>`` first, then ``--unrated-rating``."""
    return spec.unrated_rating if spec.unrated_rating is not None else context.unrated_rating


@dataclass(frozen=True, slots=True)
class _Ratings:
    """Every participant's rating, an assumed one for the unrated."""

    by_start: dict[StartNo, int]
    assumed: frozenset[StartNo]

    def label(self, player: Player) -> str:
        extra = ", unrated: assumed" if player.start in self.assumed else ""
        return f"{self.by_start[player.start]} ({player.name}{extra})"


def _ratings(context: Context, spec: Spec) -> _Ratings | None:
    """The ratings to use, or ``None`` (with a warning) when the tie-break is dropped (C.07 10)."""
    unrated = [p.start for p in context.tournament if is_unrated(p)]
    assumed = assumed_rating(context, spec)
    if unrated and assumed is None:
        logger.warning("%s dropped: %s", spec, _drop_reason(unrated))
        return None
    by_start = {}
    for player in context.tournament:
        rating = player.rating or assumed
        assert rating is not None
        by_start[player.start] = rating
    return _Ratings(by_start, frozenset(unrated))


def _drop_reason(unrated: list[StartNo]) -> str:
    players = ", ".join(map(str, unrated))
    return f"player(s) {players} unrated (C.07 10); give --unrated-rating or /U<N>"


def _dropped(context: Context) -> dict[StartNo, Value]:
    note = "dropped: " + _drop_reason([p.start for p in context.tournament if is_unrated(p)])
    return {p.start: Value(None, note=note) for p in context.tournament}


def _over_the_board(context: Context, player: Player) -> list[Game]:
    return [game for game in context.games(player) if game.entry.kind.is_played]


def _score(games: list[Game]) -> Fraction:
    """The score over the board in 1–½–0 terms, by the outcome of each game."""
    return sum((_SCORE[_outcome(g)] for g in games), Fraction(0))


def _outcome(game: Game) -> Outcome:
    outcome = game.entry.kind.outcome
    assert outcome is not None  # every game played over the board has one
    return outcome


def _mean(numbers: list[int]) -> int:
    return round_half_up(Fraction(sum(numbers), len(numbers)))


def _mean_note(what: str, numbers: list[int]) -> str:
    average = exact_text(Fraction(sum(numbers), len(numbers)))
    return f"average of {len(numbers)} {what}: {average}, rounded half up"


def _elements(numbers: dict[StartNo, int], games: list[Game], label: Callable[[Player], str]) -> list[Element]:
    """One element per game: the opponent's number; the lowest is the least significant (C.07 14.1.b)."""
    return [
        Element(
            Fraction(numbers[g.opponent.start]),
            label(g.opponent),
            (Fraction(numbers[g.opponent.start]),),
            g.entry.round,
            g.opponent.start,
        )
        for g in games
    ]


_NO_GAME = Value(None, note="no game over the board")


def aro(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average rating of opponents, C.07 10.1: the mean rating of the opponents met over the board.

    Rounded to the nearest whole number, .5 up. An opponent met twice counts
    twice (C.07 4.4). ``/C1`` drops the lowest rating (C.07 14.1.b), ``/C2``
    and the medians likewise (14.2–14.4); nothing left means no value, so
    ARO/C1 after a single game over the board has none (Held ex. 18).
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    values = {}
    for player in context.tournament:
        elements = _elements(ratings.by_start, _over_the_board(context, player), ratings.label)
        if not elements:
            values[player.start] = _NO_GAME
            continue
        kept, cut = apply_cuts(elements, low=spec.cut_low, high=spec.cut_high)
        if not kept:
            values[player.start] = Value(None, cut=tuple(cut), note="no rating left after the cut")
            continue
        numbers = [int(e.value) for e in kept]
        values[player.start] = Value(
            Fraction(_mean(numbers)), tuple(kept), tuple(cut), _mean_note("ratings", numbers), mean=True
        )
    return values


def _tpr_value(ratings: _Ratings, games: list[Game]) -> Value:
    if not games:
        return _NO_GAME
    average = _mean([ratings.by_start[g.opponent.start] for g in games])
    score = _score(games)
    p = score / len(games)
    index = score_fraction_index(p)
    dp = _tables().dp[index]
    note = f"ARO {average} + dp({index // 100}.{index % 100:02d})={dp}; p = {result_text(score)}/{len(games)}"
    return Value(Fraction(average + dp), note=note)


def _ptp_value(ratings: _Ratings, games: list[Game]) -> Value:
    if not games:
        return _NO_GAME
    opponents = [ratings.by_start[g.opponent.start] for g in games]
    score = _score(games)
    if score == 0:
        lowest = min(opponents)
        return Value(Fraction(lowest - 800), note=f"zero score: lowest opponent {lowest} − 800")
    target = score * 100

    def expected(rating: int) -> int:
        return sum(expected_hundredths(rating - opponent) for opponent in opponents)

    # expected() grows with the rating: 0 below every opponent by 736 or more,
    # everything at 736 or more above every opponent, so a full score ends there.
    low, high = min(opponents) - 736, max(opponents) + 736
    while high - low > 1:
        middle = (low + high) // 2
        if expected(middle) >= target:
            high = middle
        else:
            low = middle
    note = (
        f"lowest R with Σ PD(R − Rᵢ) ≥ {result_text(score)}: "
        f"Σ = {exact_text(Fraction(expected(high), 100))} at {high}, "
        f"{exact_text(Fraction(expected(high - 1), 100))} at {high - 1}; "
        f"opponents {', '.join(map(str, opponents))}"
    )
    return Value(Fraction(high), note=note)


def tpr(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Tournament performance rating, C.07 10.2: TPR = ARO + dp(p), dp from B.02 table 8.1.1.

    ARO is the rounded average of the opponents met over the board (C.07
    10.1, without cuts) and p the score over the board (1–½–0 by outcome)
    divided by the games played over the board, rounded half up to 2
    decimals before the lookup (C.07 is silent; the common reading). p = 0
    gives −800, p = 1 gives +800.
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {p.start: _tpr_value(ratings, _over_the_board(context, p)) for p in context.tournament}


def ptp(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Perfect tournament performance, C.07 10.3: the lowest whole rating R with Σ PD(R − Rᵢ) ≥ the score.

    The sum runs over the opponents met over the board, PD is B.02 table 8.1.2
    over its full range (no 400-point cap) and the score is the score over the
    board in 1–½–0 terms. A zero score gives the lowest opponent's rating
    − 800 (C.07 10.3). For a full score C.07 is silent; the lowest R whose
    expected score reaches 100 % is the highest opponent's rating + 736, as
    PD is 1.00 only beyond a difference of 735, and that is the value given.
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {p.start: _ptp_value(ratings, _over_the_board(context, p)) for p in context.tournament}


def _opponents_average(context: Context, code: str, own: dict[StartNo, Value]) -> dict[StartNo, Value]:
    # An opponent met over the board has played a game, so has a value.
    numbers = {start: int(value.number) for start, value in own.items() if value.number is not None}

    def label(opponent: Player) -> str:
        return f"{numbers[opponent.start]} ({opponent.name})"

    values = {}
    for player in context.tournament:
        games = _over_the_board(context, player)
        if not games:
            values[player.start] = _NO_GAME
            continue
        elements = _elements(numbers, games, label)
        kept = [int(e.value) for e in elements]
        values[player.start] = Value(
            Fraction(_mean(kept)), tuple(elements), note=_mean_note(code + "s", kept), mean=True
        )
    return values


def apro(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average performance rating of opponents, C.07 10.4: the mean TPR (C.07 10.2, B.02 table 8.1.1)
    of the opponents met over the board, rounded half up."""
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    own = {p.start: _tpr_value(ratings, _over_the_board(context, p)) for p in context.tournament}
    return _opponents_average(context, "TPR", own)


def appo(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average perfect performance of opponents, C.07 10.5: the mean PTP (C.07 10.3, B.02 table 8.1.2)
    of the opponents met over the board, rounded half up."""
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    own = {p.start: _ptp_value(ratings, _over_the_board(context, p)) for p in context.tournament}
    return _opponents_average(context, "PTP", own)


def rtng(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Rating, C.07 10.6: the player's own rating, highest first (``/R`` reverses).

    An unrated player gets the assumed rating (``/U<N>``, ``--unrated-rating``);
    without one RTNG is dropped, as every rating tie-break is (C.07 10).
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {
        p.start: Value(
            Fraction(ratings.by_start[p.start]),
            note="unrated: assumed rating" if p.start in ratings.assumed else "rating",
        )
        for p in context.tournament
    }


_UNRATED = Modifier.UNRATED

DEFINITIONS: list[Definition] = [
    Definition(
        "ARO",
        "Average rating of opponents",
        "C.07 10.1",
        "The mean rating of the opponents met over the board, rounded half up.",
        compute=aro,
        modifiers=frozenset({Modifier.CUT, Modifier.MEDIAN, _UNRATED}),
        integral=True,
    ),
    Definition(
        "TPR",
        "Tournament performance rating",
        "C.07 10.2",
        "The average rating of the opponents met over the board plus the rating difference "
        "of the score fraction (B.02 table 8.1.1).",
        compute=tpr,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "PTP",
        "Perfect tournament performance",
        "C.07 10.3",
        "The lowest rating whose expected score against the opponents met over the board "
        "(B.02 table 8.1.2) reaches the score made over the board.",
        compute=ptp,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "APRO",
        "Average performance rating of opponents",
        "C.07 10.4",
        "The mean tournament performance rating of the opponents met over the board, rounded half up.",
        compute=apro,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "APPO",
        "Average perfect performance of opponents",
        "C.07 10.5",
        "The mean perfect tournament performance of the opponents met over the board, rounded half up.",
        compute=appo,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "RTNG",
        "Rating",
        "C.07 10.6",
        "The player's own rating, highest first.",
        compute=rtng,
        modifiers=frozenset({Modifier.REVERSE, _UNRATED}),
        integral=True,
    ),
]
"""The rating-based tie-breaks, for the registry."""
