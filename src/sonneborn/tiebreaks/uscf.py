"""USCF's tie-breaks (US Chess Official Rules of Chess, 7th edition, 34E): modified median, cumulative and
the opposition's cumulative. Solkoff (34E2) is Buchholz by USCF's rules and stands beside it
(:mod:`sonneborn.tiebreaks.buchholz`). USCF's rules replace C.07 Art. 16 here: no rules edition enters.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from sonneborn.event import Ints, times
from sonneborn.messages import N_, Number, Phrase
from sonneborn.numbers import ratio_text
from sonneborn.tiebreaks.column import Column, Terms, Value, positions, whole
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.own_results import sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import unplayed_as_draws


@tiebreak(
    "MM",
    "Modified median (USCF)",
    "USCF 34E1",
    "Solkoff without the least significant opponents: a plus score drops the lowest, a minus score the "
    "highest, an even score both (two each from nine rounds).",
    edition_free=True,
)
def modified_median(context: Context, spec: Spec) -> Column:
    """Modified median, USCF Official Rules of Chess 34E1.

    The adjusted scores of the opponents (each unplayed game of theirs counted as a draw, as for SOLK), the
    player's own unplayed rounds counted as opponents with an adjusted score of zero; then a player with a
    plus score (more than half the maximum, C.07 9.2's: a win in every game he can have had) drops the
    lowest of them, one with a minus score the highest, one with an even score both; from nine rounds,
    the two lowest, the two highest, or both pairs.
    """
    seen = unplayed_as_draws(
        context.points, context.scores, context.counted, context.played, context.draw, context.unit, ""
    )
    counted = context.counted
    played = context.played & context.has_opponent
    scores: Ints = np.where(played, seen.score[context.opponent_rows], 0)
    rounds = context.played_rounds
    drops = 2 if rounds >= 9 else 1
    twice, most = 2 * context.scores, context.max_score
    drop_low = twice >= most  # plus or even
    drop_high = twice <= most  # minus or even
    # Each row's counted rounds sorted, the rounds not counted after them all.
    big = int(scores.max(initial=0)) + 1
    ranked = np.sort(np.where(counted, scores, big), axis=1, kind="stable")
    count = counted.sum(axis=1)[:, None]
    slot = np.arange(scores.shape[1])[None, :]
    kept = (slot < count) & ~(drop_low[:, None] & (slot < drops))
    kept &= ~(drop_high[:, None] & (slot >= count - drops))
    total: Ints = np.where(kept, ranked, 0).sum(axis=1)
    unit, names = context.unit, context.names
    words = {
        (True, False): Phrase.of(N_("plus score")),
        (False, True): Phrase.of(N_("minus score")),
        (True, True): Phrase.of(N_("even score")),
    }

    def derive(row: int) -> Value:
        columns: list[int] = positions(counted[row]).tolist()
        values: list[int] = scores[row, columns].tolist()
        texts: list[str] = []
        opponents: list[int | None] = []
        for column, value in zip(columns, values, strict=True):
            if played[row, column]:
                opponent = int(context.opponent_rows[row, column])
                texts.append(Phrase.number(ratio_text(value, unit)) + f" ({names[opponent]})")
                opponents.append(opponent + 1)
            else:
                texts.append(Phrase.of(N_("0 (round {round} unplayed)"), round=column + 1))
                opponents.append(None)
        # The same order as the sort above: by value, then by round.
        order = sorted(range(len(values)), key=lambda index: (values[index], index))
        keep = [True] * len(values)
        for slot, index in enumerate(order):
            keep[index] = bool(kept[row, slot])
        terms = Terms(values, unit, texts, [column + 1 for column in columns], opponents, keep)
        return Value(Fraction(int(total[row]), unit), terms, note=words[bool(drop_low[row]), bool(drop_high[row])])

    return whole(total, denominator=unit, derive=derive)


def _cumulative(context: Context) -> tuple[Ints, Ints, Ints]:
    """Every row's running scores, their sum less a win's points per unplayed win (USCF 34E3), and the
    rounds so subtracted."""
    rounds = context.played_rounds
    running: Ints = np.cumsum(context.points[:, :rounds], axis=1)
    unplayed_wins: Ints = (context.counted & ~context.played & (context.points == context.win))[:, :rounds]
    total: Ints = running.sum(axis=1) - times(unplayed_wins.sum(axis=1), context.win)
    return running, total, unplayed_wins


_AFTER = N_(" (after round {round})")
_WON_UNPLAYED = N_("{points} (round {round} won unplayed)")


@tiebreak(
    "CUM",
    "Cumulative (USCF)",
    "USCF 34E3",
    "Sum of the running scores after each round, less a win's points for each unplayed win "
    "(a full-point bye, a forfeit win).",
    edition_free=True,
)
def cumulative(context: Context, spec: Spec) -> Column:
    """Cumulative, USCF Official Rules of Chess 34E3: the running scores after each round added up, one
    point (a win's points) taken off for each round won without playing (a one-point bye, a forfeit win).

    Unlike C.07's PS (7.5) it counts unplayed wins once rather than in every later running score.
    """
    running, total, unplayed_wins = _cumulative(context)
    unit, win = context.unit, context.win

    def derive(row: int) -> Value:
        values: list[int] = []
        texts, numbers = [], []
        for column, value in enumerate(running[row].tolist()):
            values.append(value)
            texts.append(Phrase.number(ratio_text(value, unit)) + Phrase.of(_AFTER, round=column + 1))
            numbers.append(column + 1)
            if unplayed_wins[row, column]:
                values.append(-win)
                won = Phrase.of(
                    N_("{points} (round {round} won unplayed)"), points=Number(ratio_text(win, unit)), round=column + 1
                )
                texts.append("−" + won)
                numbers.append(column + 1)
        return sum_of(values, texts, denominator=unit, rounds=numbers)

    return whole(total, denominator=unit, derive=derive)


@tiebreak(
    "OCUM",
    "Opposition's cumulative (USCF)",
    "USCF 34E4",
    "Sum of the cumulative scores (USCF 34E3) of the opponents played.",
    edition_free=True,
)
def opposition_cumulative(context: Context, spec: Spec) -> Column:
    """Cumulative scores of opposition, USCF Official Rules of Chess 34E4: the sum of the cumulative
    scores (34E3, :func:`cumulative`) of the opponents played over the board; the player's own unplayed
    games add nothing."""
    _, cumulative_scores, _ = _cumulative(context)
    games = context.played & context.has_opponent
    opponent_scores: Ints = np.where(games, cumulative_scores[context.opponent_rows], 0)
    unit, names = context.unit, context.names

    def derive(row: int) -> Value:
        columns = positions(games[row])
        opponents: list[int] = context.opponent_rows[row, columns].tolist()
        values: list[int] = opponent_scores[row, columns].tolist()
        texts = [
            Phrase.number(ratio_text(value, unit)) + f" ({names[opponent]})"
            for value, opponent in zip(values, opponents, strict=True)
        ]
        rounds = (columns + 1).tolist()
        return sum_of(values, texts, denominator=unit, rounds=rounds, opponents=[o + 1 for o in opponents])

    return whole(opponent_scores.sum(axis=1), denominator=unit, derive=derive)
