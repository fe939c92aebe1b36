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
code's ``/U<N>`` or else from the ranking's ``unrated_rating``
(``--unrated-rating``). Without one, every rating tie-break (ARO, TPR, PTP,
APRO, APPO and RTNG, C.07 10.6 included) is dropped as soon as any participant
is unrated: every value is ``None`` with a note saying why, and the column
carries a warning (C.07 10).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from pathlib import Path

import numpy as np
import orjson

from sonneborn.errors import InputWarning
from sonneborn.event import Bools, Ints, of_kinds
from sonneborn.messages import N_, Message, Number, Phrase
from sonneborn.model import ResultKind
from sonneborn.numbers import exact_text, ratio_result_text, ratio_text, result_text
from sonneborn.tiebreaks.column import (
    Column,
    Derivations,
    Texts,
    Value,
    no_addends,
    round_numbers,
    text_table,
    whole,
)
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec

TABLES_FILE = "fide_b02_tables.json"
"""The B.02 8.1.1 and 8.1.2 tables with their source, in the package's ``data`` folder."""

_HALF = Fraction(1, 2)
WON_KINDS = (ResultKind.WIN, ResultKind.UNRATED_WIN)
DRAWN_KINDS = (ResultKind.DRAW, ResultKind.UNRATED_DRAW)


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
    data = orjson.loads((Path(__file__).parent.parent / "data" / TABLES_FILE).read_bytes())
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


def _expected_array(difference: Ints) -> Ints:
    """:func:`expected_hundredths` of every difference of an array."""
    tables = _tables()
    index = np.searchsorted(np.array(tables.bounds), np.abs(difference), side="right") - 1
    found: Ints = np.where(difference >= 0, np.array(tables.higher)[index], np.array(tables.lower)[index])
    return found


def _drop_reason(unrated: list[int]) -> Message:
    return Message.ngettext(
        "player(s) {numbers} unrated (C.07 10); give --unrated-rating or /U<N>",
        "player(s) {numbers} unrated (C.07 10); give --unrated-rating or /U<N>",
        len(unrated),
        numbers=", ".join(map(str, unrated)),
    )


def counted_ratings(rating: Ints, assumed: int | None) -> tuple[Ints, Bools] | None:
    """Every participant's rating as the rating tie-breaks count it (C.07 10), with who was given the assumed
    one; ``None`` when someone is unrated (rating 0) and no rating is assumed: the tie-break is dropped.

    >>> counted_ratings(np.array([1800, 0]), 1000)[0].tolist(), counted_ratings(np.array([1800, 0]), None)
    ([1800, 1000], None)
    """
    unrated: Bools = rating == 0
    if unrated.any():
        if assumed is None:
            return None
        rating = np.where(unrated, assumed, rating)
    return rating, unrated


def over_the_board_halves(kind: Ints, games: Bools) -> Ints:
    """Each row's score over the board in half points, 1–½–0 by each game's outcome whatever the point system
    (C.07 10), of the games ``games`` marks (rows × rounds)."""
    won, drawn = of_kinds(kind, WON_KINDS) & games, of_kinds(kind, DRAWN_KINDS) & games
    found: Ints = (2 * won.astype(np.int64) + drawn).sum(axis=1)
    return found


@dataclass(frozen=True, eq=False)
class _Games:
    """The games over the board of every player, with the ratings they count (C.07 Art. 10)."""

    context: Context
    ratings: Ints
    """Every participant's rating, the assumed one for the unrated."""
    assumed: Bools
    """The unrated players given the assumed rating."""
    games: Bools
    """Games played over the board."""
    opponents: Ints
    """The opponent's rating in every round (0 where no game)."""

    @property
    def count(self) -> Ints:
        found: Ints = self.games.sum(axis=1)
        return found

    @property
    def halves(self) -> Ints:
        """The score over the board in half points, 1–½–0 by each game's outcome."""
        return over_the_board_halves(self.context.table.kind, self.games)

    @cached_property
    def labels(self) -> Texts:
        """Every player as his opponents' derivations show him, ``2305 (Ben)``, and whether the rating was
        assumed: made once, each is in all his opponents' derivations."""
        names = self.context.names
        return text_table(
            [
                f"{rating} ({name})"
                if not assumed
                else Phrase.of(N_("{rating} ({name}, unrated: assumed)"), rating=rating, name=name)
                for rating, name, assumed in zip(self.ratings.tolist(), names, self.assumed.tolist(), strict=True)
            ]
        )

    def derivations(self, rows: Ints, numbers: Ints, texts: Texts, kept: Bools | None, notes: list[str]) -> Derivations:
        """One addend per game over the board of each row: the opponent's number (rating, TPR, PTP), with
        ``texts`` by player as the opponents' addends show them."""
        opponents, games = self.context.opponent_rows[rows], self.games[rows]
        return Derivations(
            np.where(games, numbers[opponents], 0),
            1,
            texts[opponents],
            games,
            round_numbers(*games.shape),
            np.where(games, opponents + 1, 0),
            kept,
            notes,
            mean=True,
        )


def _games(context: Context, spec: Spec) -> _Games | None:
    """The games over the board with the ratings to use, or ``None`` when the tie-break is dropped (C.07 10)."""
    assumed = spec.unrated_rating if spec.unrated_rating is not None else context.unrated_rating
    counted = counted_ratings(context.table.rating, assumed)
    if counted is None:
        return None
    rating, unrated = counted
    games = context.played & context.has_opponent
    opponents = np.where(games, rating[context.opponent_rows], 0)
    return _Games(context, rating, unrated, games, opponents)


def _dropped(context: Context, spec: Spec) -> Column:
    players = context.players
    reason = _drop_reason((np.flatnonzero(context.table.rating == 0) + 1).tolist())
    note = Value(None, note=Phrase.of(N_("dropped: {message}"), message=reason))
    warning = InputWarning(Message.of(N_("{code} dropped: {message}"), code=str(spec), message=reason))
    zeros = np.zeros(players, dtype=np.int64)
    return Column(zeros, np.ones(players, dtype=np.int64), zeros.astype(bool), zeros, lambda row: note, (warning,))


_NO_GAME = Value(None, note=Phrase.of(N_("no game over the board")))
_NO_RATING_LEFT = Phrase.of(N_("no rating left after the cut"))


def _mean(total: Ints, count: Ints) -> Ints:
    """The rounded averages, .5 up (``count`` > 0 where it matters)."""
    found: Ints = (2 * total + count) // np.maximum(2 * count, 1)
    return found


def _mean_notes(what: Phrase, numbers: Ints, games: Bools, counted: Bools) -> list[str]:
    """``average of 9 ratings: 2031.25, rounded half up`` for each row of the ``numbers`` ``counted`` (among
    the ``games``), or why it has no average."""
    sums, counts = np.where(counted, numbers, 0).sum(axis=1), counted.sum(axis=1)
    any_game: list[bool] = (games.sum(axis=1) > 0).tolist()
    return [
        Phrase.of(_AVERAGE, count=count, what=what, mean=Number(ratio_text(total, count)))
        if count
        else _NO_RATING_LEFT
        if played
        else _NO_GAME.note
        for total, count, played in zip(sums.tolist(), counts.tolist(), any_game, strict=True)
    ]


_AVERAGE = N_("average of {count} {what}: {mean}, rounded half up")


@tiebreak(
    "ARO",
    "Average rating of opponents",
    "C.07 10.1",
    "The mean rating of the opponents met over the board, rounded half up.",
    modifiers="CMU",
    integral=True,
    teams=False,
)
def average_rating_of_opponents(context: Context, spec: Spec) -> Column:
    """Average rating of opponents, C.07 10.1: the mean rating of the opponents met over the board.

    Rounded to the nearest whole number, .5 up. An opponent met twice counts
    twice (C.07 4.4). ``/C1`` drops the lowest rating (C.07 14.1.b), ``/C2``
    and the medians likewise (14.2–14.4); nothing left means no value, so
    ARO/C1 after a single game over the board has none (Held ex. 18).
    """
    found = _games(context, spec)
    if found is None:
        return _dropped(context, spec)
    games, opponents = found.games, found.opponents
    total, kept = cut(opponents, [opponents], games, games & False, low=spec.cut_low, high=spec.cut_high)
    count = kept.sum(axis=1)

    def derive_many(rows: Ints) -> Derivations:
        notes = _mean_notes(Phrase.of(N_("ratings")), opponents[rows], games[rows], kept[rows])
        return found.derivations(rows, found.ratings, found.labels, kept[rows], notes)

    return whole(_mean(total, count), present=count > 0, derive_many=derive_many)


_ASSUMED = N_("{rating} ({name}, unrated: assumed)")


@dataclass(frozen=True, eq=False)
class _Performance:
    """Every row's TPR (C.07 10.2) with the numbers its derivation shows."""

    value: Ints
    """ARO + dp, where :attr:`present`."""
    present: Bools
    """Whether the row has a game over the board."""
    average: Ints
    index: Ints
    """p in hundredths, as table 8.1.1 is read."""
    dp: Ints
    halves: Ints
    count: Ints

    def derive_many(self, rows: Ints) -> Derivations:
        """The numbers TPR is made of, in words: ``ARO 2150 + dp(0.64)=102; p = 5.5/9``."""
        arrays = (self.present, self.average, self.index, self.dp, self.halves, self.count)
        numbers = zip(*(array[rows].tolist() for array in arrays), strict=True)
        notes = [
            Phrase.of(
                "ARO {average} + dp({p})={dp}; p = {score}/{count}",  # numbers and codes only: nothing to translate
                average=average,
                p=Number(f"{index // 100}.{index % 100:02d}"),
                dp=dp,
                score=Number(ratio_result_text(halves, 2)),
                count=count,
            )
            if present
            else _NO_GAME.note
            for present, average, index, dp, halves, count in numbers
        ]
        return Derivations(*no_addends(len(rows)), notes=notes)

    def notes(self, rows: Ints) -> list[str]:
        """:meth:`derive_many`'s words of ``rows``, one a row."""
        return list(self.derive_many(rows).notes)


Performance = _Performance
"""What :func:`performance_ratings` gives: every row's TPR, whether it has one, and the numbers it is made of."""


def _performance(found: _Games) -> _Performance:
    return performance_ratings(found.opponents, found.games, found.halves)


def performance_ratings(opponents: Ints, games: Bools, halves: Ints) -> _Performance:
    """The TPR of every row (C.07 10.2): ARO, the rounded mean of the opponents' ratings over the ``games``
    (rows × rounds; ``opponents`` holds each game's rating, 0 elsewhere), plus dp of the score fraction
    ``halves / 2`` over the games (B.02 table 8.1.1). The one rule of TPR: the kernel and the board prizes
    (:mod:`sonneborn.boardprizes`) call it.

    >>> found = performance_ratings(np.array([[1800, 2000, 0]]), np.array([[True, True, False]]), np.array([3]))
    >>> found.value.tolist(), found.notes(np.array([0]))
    ([2093], ['ARO 1900 + dp(0.75)=193; p = 1½/2'])
    """
    count: Ints = games.sum(axis=1)
    safe = np.maximum(count, 1)
    average = _mean(np.where(games, opponents, 0).sum(axis=1), count)
    # p in hundredths, half up; a score neither 0 nor 100 % stays within 0.01–0.99.
    index = (100 * halves + safe) // (2 * safe)
    inner = (halves > 0) & (halves < 2 * count)
    index = np.where(inner, np.clip(index, 1, 99), np.clip(index, 0, 100))
    dp = np.array(_tables().dp, dtype=np.int64)[index]
    return _Performance(average + dp, count > 0, average, index, dp, halves, count)


@tiebreak(
    "TPR",
    "Tournament performance rating",
    "C.07 10.2",
    "The average rating of the opponents met over the board plus the rating difference "
    "of the score fraction (B.02 table 8.1.1).",
    modifiers="U",
    integral=True,
    teams=False,
)
def tournament_performance_rating(context: Context, spec: Spec) -> Column:
    """Tournament performance rating, C.07 10.2: TPR = ARO + dp(p), dp from B.02 table 8.1.1.

    ARO is the rounded average of the opponents met over the board (C.07
    10.1, without cuts) and p the score over the board (1–½–0 by outcome)
    divided by the games played over the board, rounded half up to 2
    decimals before the lookup (C.07 is silent; the common reading). p = 0
    gives −800, p = 1 gives +800.
    """
    found = _games(context, spec)
    if found is None:
        return _dropped(context, spec)
    performance = _performance(found)
    return whole(performance.value, present=performance.present, derive_many=performance.derive_many)


@dataclass(frozen=True, eq=False)
class _Perfect:
    """Every player's PTP (C.07 10.3) with the numbers its derivation shows."""

    found: _Games
    value: Ints
    present: Bools
    halves: Ints

    def expected(self, row: int, rating: int) -> int:
        columns = np.flatnonzero(self.found.games[row])
        return int(_expected_array(rating - self.found.opponents[row, columns]).sum())

    def derive(self, row: int) -> Value:
        if not self.present[row]:
            return _NO_GAME
        opponents = self.found.opponents[row, np.flatnonzero(self.found.games[row])].tolist()
        halves, value = int(self.halves[row]), int(self.value[row])
        if halves == 0:
            return Value(
                Fraction(value), note=Phrase.of(N_("zero score: lowest opponent {rating} − 800"), rating=min(opponents))
            )
        score = result_text(Fraction(halves, 2))
        at, below = self.expected(row, value), self.expected(row, value - 1)
        note = Phrase.of(
            N_("lowest R with Σ PD(R − Rᵢ) ≥ {score}: Σ = {at} at {value}, {below} at {lower}; opponents {opponents}"),
            score=Number(score),
            at=Number(exact_text(Fraction(at, 100))),
            value=value,
            below=Number(exact_text(Fraction(below, 100))),
            lower=value - 1,
            opponents=", ".join(map(str, opponents)),
        )
        return Value(Fraction(value), note=note)


def _perfect(found: _Games) -> _Perfect:
    games, opponents = found.games, found.opponents
    count, halves = found.count, found.halves
    present = count > 0
    big = np.iinfo(np.int64).max // 4
    lowest = np.where(games, opponents, big).min(axis=1, initial=big)
    highest = np.where(games, opponents, -big).max(axis=1, initial=-big)
    # expected() grows with the rating: 0 below every opponent by 736 or more, everything at 736 or more
    # above every opponent; the lowest rating reaching the score is searched for every player at once.
    low = np.where(present, lowest - 736, 0)
    high = np.where(present, highest + 736, 1)
    target = halves * 50  # the score in hundredths
    while True:
        open_rows = np.flatnonzero(high - low > 1)
        if not open_rows.size:
            break
        middle = (low[open_rows] + high[open_rows]) // 2
        difference = middle[:, None] - opponents[open_rows]
        expected = np.where(games[open_rows], _expected_array(difference), 0).sum(axis=1)
        reaches = expected >= target[open_rows]
        high[open_rows] = np.where(reaches, middle, high[open_rows])
        low[open_rows] = np.where(reaches, low[open_rows], middle)
    value = np.where(halves == 0, lowest - 800, high)
    return _Perfect(found, np.where(present, value, 0), present, halves)


@tiebreak(
    "PTP",
    "Perfect tournament performance",
    "C.07 10.3",
    "The lowest rating whose expected score against the opponents met over the board "
    "(B.02 table 8.1.2) reaches the score made over the board.",
    modifiers="U",
    integral=True,
    teams=False,
)
def perfect_tournament_performance(context: Context, spec: Spec) -> Column:
    """Perfect tournament performance, C.07 10.3: the lowest whole rating R with Σ PD(R − Rᵢ) ≥ the score.

    The sum runs over the opponents met over the board, PD is B.02 table 8.1.2
    over its full range (no 400-point cap) and the score is the score over the
    board in 1–½–0 terms. A zero score gives the lowest opponent's rating
    − 800 (C.07 10.3). For a full score C.07 is silent; the lowest R whose
    expected score reaches 100 % is the highest opponent's rating + 736, as
    PD is 1.00 only beyond a difference of 735, and that is the value given.
    """
    found = _games(context, spec)
    if found is None:
        return _dropped(context, spec)
    perfect = _perfect(found)
    return whole(perfect.value, present=perfect.present, derive=perfect.derive)


def _opponents_average(found: _Games, what: str, own: Ints) -> Column:
    """The rounded mean of the opponents' own values (their TPR or PTP), over the games over the board."""
    context = found.context
    numbers = np.where(found.games, own[context.opponent_rows], 0)
    count = found.count

    @cache
    def labels() -> Texts:
        return text_table([f"{value} ({name})" for value, name in zip(own.tolist(), context.names, strict=True)])

    def derive_many(rows: Ints) -> Derivations:
        games = found.games[rows]
        notes = _mean_notes(Phrase.of(N_("{code}s"), code=what), numbers[rows], games, games)
        return found.derivations(rows, own, labels(), None, notes)

    return whole(_mean(numbers.sum(axis=1), count), present=count > 0, derive_many=derive_many)


@tiebreak(
    "APRO",
    "Average performance rating of opponents",
    "C.07 10.4",
    "The mean tournament performance rating of the opponents met over the board, rounded half up.",
    modifiers="U",
    integral=True,
    teams=False,
)
def average_performance_of_opponents(context: Context, spec: Spec) -> Column:
    """Average performance rating of opponents, C.07 10.4: the mean TPR (C.07 10.2, B.02 table 8.1.1)
    of the opponents met over the board, rounded half up."""
    found = _games(context, spec)
    if found is None:
        return _dropped(context, spec)
    return _opponents_average(found, "TPR", _performance(found).value)


@tiebreak(
    "APPO",
    "Average perfect performance of opponents",
    "C.07 10.5",
    "The mean perfect tournament performance of the opponents met over the board, rounded half up.",
    modifiers="U",
    integral=True,
    teams=False,
)
def average_perfect_performance_of_opponents(context: Context, spec: Spec) -> Column:
    """Average perfect performance of opponents, C.07 10.5: the mean PTP (C.07 10.3, B.02 table 8.1.2)
    of the opponents met over the board, rounded half up."""
    found = _games(context, spec)
    if found is None:
        return _dropped(context, spec)
    return _opponents_average(found, "PTP", _perfect(found).value)


@tiebreak(
    "RTNG",
    "Rating",
    "C.07 10.6",
    "The player's own rating, highest first.",
    modifiers="RU",
    integral=True,
    teams=False,
)
def rating(context: Context, spec: Spec) -> Column:
    """Rating, C.07 10.6: the player's own rating, highest first (``/R`` reverses).

    An unrated player gets the assumed rating (``/U<N>``, ``--unrated-rating``);
    without one RTNG is dropped for everyone, as every rating tie-break is when a
    participant is unrated (C.07 10).
    """
    assumed = spec.unrated_rating if spec.unrated_rating is not None else context.unrated_rating
    ratings = context.table.rating
    rated = ratings != 0
    if assumed is None and not rated.all():
        return _dropped(context, spec)
    note = Phrase.of(N_("unrated: assumed rating"))
    own = Phrase.of(N_("rating"))

    def derive(row: int) -> Value:
        if rated[row]:
            return Value(Fraction(int(ratings[row])), note=own)
        return Value(Fraction(assumed or 0), note=note)

    return whole(np.where(rated, ratings, assumed or 0), derive=derive)
