"""Tie-break kernels over an :class:`~sonneborn.fast.event.ArrayEvent`: one pass per family, integers only.

Each kernel computes, for every player at once, exactly what the reference
implementation in :mod:`sonneborn.tiebreaks` computes one player at a time
(a test compares them on random events). A value is an exact fraction
``numerator / denominator`` with integer arrays; its sort key is an integer
array ordered as the exact values are.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from sonneborn.fast.event import (
    BLACK,
    CODE,
    DRAWN_OTB,
    FORFEITS,
    NOT_PLAYED,
    PLAYED,
    REQUESTED,
    VOLUNTARY,
    WON_OTB,
    ArrayEvent,
    Bools,
    Ints,
    of_kinds,
)
from sonneborn.model import EventKind, ResultKind
from sonneborn.tiebreaks.base import Spec
from sonneborn.tiebreaks.rating import _drop_reason, _tables
from sonneborn.tiebreaks.rules import Rules

logger = logging.getLogger("sonneborn.tiebreaks.rating")

BIG = np.iinfo(np.int64).max


class Unsupported(Exception):
    """A tie-break, modifier or magnitude the kernels do not handle: use the reference path."""


@dataclass(frozen=True, slots=True)
class Column:
    """One tie-break's values for every player: ``numerator / denominator``, absent where ``present`` is false."""

    numerator: Ints
    denominator: Ints
    present: Bools
    key: Ints
    """Ordered as the exact values (larger value, larger key)."""


def _whole(values: Ints, present: Bools | None = None, denominator: int = 1) -> Column:
    mask = np.ones(values.shape, dtype=bool) if present is None else present
    return Column(values, np.full(values.shape, denominator, dtype=np.int64), mask, values)


class Kernels:
    """The computations of one event under one rule edition, shared by the tie-breaks that need them."""

    def __init__(self, event: ArrayEvent, *, rules: Rules, unrated_rating: int | None = None) -> None:
        self.event = event
        self.rules = rules
        self.unrated_rating = unrated_rating
        self.round_robin = event.event_kind is EventKind.ROUND_ROBIN
        self.win = event.system_points(ResultKind.WIN)
        self.draw = event.system_points(ResultKind.DRAW)
        self.loss = event.system_points(ResultKind.LOSS)
        self._contributions: dict[bool, tuple[Ints, Ints, Bools, Bools]] = {}

    # The event as the tie-breaks see it.

    @cached_property
    def played_rounds(self) -> int:
        finished = (self.event.kind != NOT_PLAYED).any(axis=0)
        rounds = np.flatnonzero(finished)
        return int(rounds[-1]) + 1 if rounds.size else 0

    @cached_property
    def counted(self) -> Bools:
        """Rounds that count: finished and among the rounds played so far."""
        mask: Bools = self.event.kind != NOT_PLAYED
        mask[:, self.played_rounds :] = False
        return mask

    @cached_property
    def played(self) -> Bools:
        played: Bools = of_kinds(self.event.kind, PLAYED)
        return played

    @cached_property
    def has_opponent(self) -> Bools:
        return self.event.opponent >= 0

    @cached_property
    def scores(self) -> Ints:
        scores: Ints = self.event.points.sum(axis=1) + self.event.adjustment
        return scores

    @cached_property
    def art16(self) -> bool:
        return not self.round_robin and self.rules.unplayed == "article-16"

    @cached_property
    def plain(self) -> bool:
        return self.round_robin or self.rules.unplayed == "none"

    @cached_property
    def voluntary(self) -> Bools:
        return of_kinds(self.event.kind, VOLUNTARY) & self.counted

    @cached_property
    def last_byes(self) -> Bools:
        """Category 16.2.5: requested byes followed only by voluntary unplayed rounds."""
        not_voluntary = self.counted & ~self.voluntary
        later = np.logical_or.accumulate(not_voluntary[:, ::-1], axis=1)[:, ::-1]
        strictly_later = np.zeros_like(later)
        strictly_later[:, :-1] = later[:, 1:]
        return of_kinds(self.event.kind, REQUESTED) & self.counted & ~strictly_later

    @cached_property
    def seen(self) -> Ints:
        """Scores as opponents see them (C.07 16.3, or the pre-2023 draws)."""
        if self.art16:
            changed = self.last_byes
        elif not self.round_robin and self.rules.unplayed == "virtual-opponent":
            changed = self.counted & ~self.played
        else:
            return self.scores
        points = np.where(changed, self.event.points, 0).sum(axis=1)
        seen: Ints = self.scores - points + self.draw * changed.sum(axis=1)
        return seen

    @cached_property
    def opponent_score(self) -> Ints:
        """In every round the score the opponent is seen with (anything where there is none)."""
        seen: Ints = self.seen[np.where(self.has_opponent, self.event.opponent, 0)]
        return seen

    def contributions(self, forfeits_played: bool) -> tuple[Ints, Ints, Bools, Bools]:
        """For every round: the opponent's (or dummy's) score, the points, whether it counts, whether a VUR."""
        key = bool(forfeits_played)
        if key not in self._contributions:
            self._contributions[key] = self._contribute(key)
        return self._contributions[key]

    def _contribute(self, forfeits_played: bool) -> tuple[Ints, Ints, Bools, Bools]:
        event = self.event
        counted = self.counted
        real = counted & self.has_opponent
        if not self.plain:
            real &= self.played | forfeits_played
        opponent_score = self.opponent_score
        score = np.where(real, opponent_score, 0)
        present = real.copy()
        voluntary = np.zeros_like(real)
        if not self.plain:
            unplayed = counted & ~real
            present |= unplayed
            if self.art16:
                dummy = np.broadcast_to(self.scores[:, None], score.shape)
                if self.rules.dummy_cap:
                    forfeit = of_kinds(event.kind, FORFEITS) & self.has_opponent
                    cap = np.where(forfeit, opponent_score, self.draw * self.played_rounds)
                    dummy = np.minimum(dummy, cap)
                score = np.where(unplayed, dummy, score)
                voluntary = unplayed & self.voluntary
            else:
                before = np.cumsum(event.points, axis=1) - event.points
                rounds_after = self.played_rounds - 1 - np.arange(event.rounds)
                virtual = before + (self.win - event.points) + self.draw * rounds_after
                score = np.where(unplayed, virtual, score)
        return score, event.points, present, voluntary

    # Cuts and medians (C.07 14.1–14.4, 16.5).

    @staticmethod
    def cut(
        values: Ints, keys: list[Ints], present: Bools, voluntary: Bools, spec: Spec, vur_exception: bool
    ) -> tuple[Ints, Ints]:
        """The sums after the spec's cuts, and how many elements are left."""
        total = np.where(present, values, 0).sum(axis=1)
        left = present.copy()
        if not spec.cut_low and not spec.cut_high:
            return total, left.sum(axis=1)
        order = _composite(keys, left)
        rows = np.arange(values.shape[0])
        for _ in range(spec.cut_low):
            any_left = left.any(axis=1)
            pick = np.argmin(np.where(left, order, BIG), axis=1)
            if vur_exception:
                vur = left & voluntary
                by_value = _composite([values, *keys], vur)
                lowest = np.argmin(np.where(vur, by_value, BIG), axis=1)
                prefer = vur.any(axis=1) & (values[rows, lowest] >= values[rows, pick])
                pick = np.where(prefer, lowest, pick)
            total = total - np.where(any_left, values[rows, pick], 0)
            left[rows[any_left], pick[any_left]] = False
        for _ in range(spec.cut_high):
            any_left = left.any(axis=1)
            pick = np.argmax(np.where(left, order, -BIG), axis=1)
            total = total - np.where(any_left, values[rows, pick], 0)
            left[rows[any_left], pick[any_left]] = False
        return total, left.sum(axis=1)

    # The tie-breaks.

    def points(self) -> Column:
        return _whole(self.scores, denominator=self.event.unit)

    def buchholz(self, spec: Spec) -> Column:
        """BH (C.07 8.1) with Art. 16, cuts and /P."""
        score, _, present, voluntary = self.contributions(spec.forfeits_played)
        total, _ = self.cut(score, [score], present, voluntary, spec, self.art16)
        return _whole(total, denominator=self.event.unit)

    def sonneborn_berger(self, spec: Spec) -> Column:
        """SB (C.07 9.1) with Art. 16, cuts (lowest-score opponent first, 14.1.d) and /P."""
        score, points, present, voluntary = self.contributions(spec.forfeits_played)
        product = score * points
        total, _ = self.cut(product, [score, product], present, voluntary, spec, self.art16)
        return _whole(total, denominator=self.event.unit * self.event.unit)

    @cached_property
    def _fore(self) -> Kernels:
        return self._drawn_final_round()

    def fore(self) -> Kernels:
        """The kernels of the event with every paired game of its final round drawn (C.07 8.3)."""
        return self._fore

    def _drawn_final_round(self) -> Kernels:
        event = self.event
        if event.rounds == 0 or not (event.opponent[:, -1] >= 0).any():
            return self
        paired = event.opponent[:, -1] >= 0
        kind, points = event.kind.copy(), event.points.copy()
        kind[paired, -1] = CODE[ResultKind.DRAW]
        points[paired, -1] = event.system_points(ResultKind.DRAW)
        drawn = replace(event, kind=kind, points=points, tournament=None)
        return Kernels(drawn, rules=self.rules, unrated_rating=self.unrated_rating)

    def fore_buchholz(self, spec: Spec) -> Column:
        return self.fore().buchholz(spec)

    def average_of_opponents_buchholz(self, spec: Spec) -> Column:
        """AOB (C.07 8.2): the mean plain BH of the opponents met over the board (``/F``: their FB)."""
        source = self.fore() if spec.fore else self
        bh = source.buchholz(Spec("BH")).numerator
        games = self.played & self.has_opponent
        opponent = np.where(games, self.event.opponent, 0)
        sums = np.where(games, bh[opponent], 0).sum(axis=1)
        count = games.sum(axis=1)
        present = count > 0
        safe = np.maximum(count, 1)
        common = math.lcm(*range(1, int(count.max()) + 1)) if count.size and count.max() > 0 else 1
        if common * (int(np.abs(sums).max()) + 1 if sums.size else 1) < 2**62:
            key = sums * (common // safe)
        else:
            # Too many games for one common denominator: rank the exact averages instead.
            averages = [Fraction(int(s), int(c)) for s, c in zip(sums.tolist(), safe.tolist(), strict=True)]
            levels = {value: level for level, value in enumerate(sorted(set(averages)))}
            key = np.array([levels[value] for value in averages], dtype=np.int64)
        return Column(sums, safe * self.event.unit, present, np.where(present, key, -BIG))

    def progressive(self, spec: Spec) -> Column:
        """PS (C.07 7.5): the running scores of the rounds played, the first ``k`` cut."""
        running = np.cumsum(self.event.points[:, : self.played_rounds], axis=1)
        kept = running[:, spec.cut_low :]
        return _whole(kept.sum(axis=1), denominator=self.event.unit)

    def wins(self) -> Column:
        is_win = self.event.system[self.event.kind] == self.win
        return _whole((is_win & (self.event.kind != NOT_PLAYED)).sum(axis=1))

    def games_won(self) -> Column:
        return _whole(of_kinds(self.event.kind, WON_OTB).sum(axis=1))

    def black_games(self) -> Column:
        return _whole((self.played & (self.event.colour == BLACK)).sum(axis=1))

    def black_wins(self) -> Column:
        return _whole((of_kinds(self.event.kind, WON_OTB) & (self.event.colour == BLACK)).sum(axis=1))

    def koya(self, spec: Spec) -> Column:
        """KS (C.07 9.2): points against opponents with at least half the maximum (raw scores)."""
        rounds, players = self.played_rounds, self.event.players
        if self.round_robin and players and rounds % players == 0:
            rounds -= rounds // players
        # Twice the limit, in units: the maximum plus the /L half points.
        twice_limit = self.win * rounds + spec.limit * self.win
        games = self.counted & self.has_opponent
        opponent = np.where(games, self.event.opponent, 0)
        qualifies = games & (2 * self.scores[opponent] >= twice_limit)
        return _whole(np.where(qualifies, self.event.points, 0).sum(axis=1), denominator=self.event.unit)

    def rounds_elected(self) -> Column:
        """REP (C.07 7.6)."""
        if self.round_robin:
            kinds = [ResultKind.FORFEIT_LOSS] if self.rules.forfeits_unplayed_in_round_robins else []
        else:
            kinds = [ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.FORFEIT_LOSS]
        missed = of_kinds(self.event.kind[:, : self.played_rounds], [CODE[k] for k in kinds]).sum(axis=1)
        return _whole(self.played_rounds - missed)

    def pairing_number(self) -> Column:
        return _whole(np.arange(1, self.event.players + 1, dtype=np.int64))

    def _ratings(self, spec: Spec) -> Ints | None:
        assumed = spec.unrated_rating if spec.unrated_rating is not None else self.unrated_rating
        rating = self.event.rating
        unrated = rating == 0
        if unrated.any():
            if assumed is None:
                starts = [int(s) + 1 for s in np.flatnonzero(unrated)]
                logger.warning("%s dropped: %s", spec, _drop_reason(starts))
                return None
            rating = np.where(unrated, assumed, rating)
        return rating

    def rating(self, spec: Spec) -> Column:
        """RTNG (C.07 10.6): the own rating, an assumed one for the unrated, none without."""
        assumed = spec.unrated_rating if spec.unrated_rating is not None else self.unrated_rating
        rating = self.event.rating
        present = rating != 0
        if assumed is not None:
            rating, present = np.where(present, rating, assumed), np.ones_like(present)
        return _whole(rating, present)

    def _opponent_ratings(self, ratings: Ints) -> tuple[Ints, Bools]:
        games = self.played & self.has_opponent
        return ratings[np.where(games, self.event.opponent, 0)], games

    def average_rating(self, spec: Spec) -> Column:
        """ARO (C.07 10.1): the mean rating of the opponents over the board, rounded half up; cuts drop ratings."""
        ratings = self._ratings(spec)
        if ratings is None:
            return _dropped(self.event.players)
        opponents, games = self._opponent_ratings(ratings)
        total, count = self.cut(opponents, [opponents], games, games & False, spec, False)
        present = count > 0
        mean = (2 * total + count) // np.maximum(2 * count, 1)
        return _whole(mean, present)

    def performance(self, spec: Spec) -> Column:
        """TPR (C.07 10.2): ARO + dp(p), p half up to two decimals, kept within 0.01–0.99 unless 0 or 1."""
        ratings = self._ratings(spec)
        if ratings is None:
            return _dropped(self.event.players)
        opponents, games = self._opponent_ratings(ratings)
        count = games.sum(axis=1)
        total = np.where(games, opponents, 0).sum(axis=1)
        safe = np.maximum(count, 1)
        mean = (2 * total + count) // (2 * safe)
        won, drawn = of_kinds(self.event.kind, WON_OTB) & games, of_kinds(self.event.kind, DRAWN_OTB) & games
        halves = (2 * won.astype(np.int64) + drawn).sum(axis=1)
        index = (100 * halves + safe) // (2 * safe)
        inner = (halves > 0) & (halves < 2 * count)
        index = np.where(inner, np.clip(index, 1, 99), index)
        dp = np.array(_tables().dp, dtype=np.int64)[np.clip(index, 0, 100)]
        return _whole(mean + dp, count > 0)


def _dropped(players: int) -> Column:
    zeros = np.zeros(players, dtype=np.int64)
    return Column(zeros, np.ones(players, dtype=np.int64), np.zeros(players, dtype=bool), np.full(players, -BIG))


def _composite(keys: list[Ints], mask: Bools) -> Ints:
    """One integer per element ordered as the tuple of keys (lexicographically), over the masked elements."""
    # A key met again adds nothing to the order: (a, b, a) sorts as (a, b).
    distinct = [key for index, key in enumerate(keys) if all(key is not other for other in keys[:index])]
    if len(distinct) == 1:
        single: Ints = np.where(mask, distinct[0], 0)
        return single
    combined = np.zeros(keys[0].shape, dtype=np.int64)
    span = 1
    for key in reversed(distinct):
        values = np.where(mask, key, 0)
        low = int(values.min()) if values.size else 0
        high = int(values.max()) if values.size else 0
        width = high - low + 1
        if span * width >= 2**62:
            raise Unsupported("keys too large for one integer")
        combined = combined + (values - low) * span
        span *= width
    return combined
