"""Tie-breaks on the player's own record (C.07 Art. 7, type B) and the score itself."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import compress

import numpy as np

from sonneborn.event import BLACK, KINDS, NOT_PLAYED, Bools, Ints, of_kinds
from sonneborn.messages import N_, Number, Phrase
from sonneborn.model import Outcome, ResultKind
from sonneborn.numbers import ratio_result_text, ratio_text
from sonneborn.tiebreaks.column import (
    Column,
    Derivations,
    Terms,
    Value,
    no_addends,
    positions,
    round_numbers,
    text_table,
    texts_of,
    whole,
)
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import FREE_ROUND, describe_kind

WON_KINDS = (ResultKind.WIN, ResultKind.UNRATED_WIN)
"""Games won over the board (an unrated ``W`` was played)."""


def sum_of(
    values: Sequence[int],
    texts: Sequence[str],
    *,
    denominator: int,
    rounds: Sequence[int],
    opponents: Sequence[int | None] = (),
    note: str = "",
) -> Value:
    """The derivation of a sum: its addends (numerators over ``denominator``) with their texts."""
    terms = Terms(values, denominator, texts, rounds, opponents or [None] * len(values))
    return Value(Fraction(sum(values), denominator), terms, note=note)


_PLAYED_WORDS = {
    Outcome.WIN: N_("won against {name}"),
    Outcome.DRAW: N_("drew with {name}"),
    Outcome.LOSS: N_("lost to {name}"),
}


def against_words(kind: ResultKind, name: str) -> Phrase:
    """A round against an opponent in words, the name inside the sentence, where each language puts it
    (``drew with Sloth``, Korean ``Sloth 상대로 무승부``): ``won against Sloth``, ``forfeit loss against Nun``."""
    if kind.is_played and kind.outcome is not None:
        return Phrase.of(_PLAYED_WORDS[kind.outcome], name=name)
    return Phrase.of(N_("{kind} against {name}"), kind=describe_kind(kind), name=name)


_ALONE = [describe_kind(kind) for kind in KINDS]
"""By kind code, a round without an opponent in words: ``half-point bye``."""
_ALONE_TEXTS = text_table([text + ")" for text in _ALONE])
"""The same as an array, to be picked for many rounds at once; a round alone closes its text."""
_FREE_ROUND_TEXT = text_table([FREE_ROUND + ")"])[0, ...]
"""A free round's text as an array of no dimension: ``np.where`` keeps it a phrase (a ``str`` it would copy)."""


@tiebreak("PTS", "Points", "C.07 4.2", "The player's score.")
def points(context: Context, spec: Spec) -> Column:
    """Points (PTS, C.07 4.2): the player's score, the sum of the points of every round and of any bonus
    or penalty the arbiter set. A round robin's free round is named so, not a zero-point bye."""
    table = context.table
    unit = context.unit
    rounds = table.rounds

    def derive_many(rows: Ints) -> Derivations:
        # The arbiter's bonus or penalty first, in a slot of its own (round 0), then a slot per round.
        count = len(rows)
        kind, points, opponent = table.kind[rows], context.points[rows], table.opponent[rows]
        adjustment = context.score.adjustment[rows]
        with_opponent = opponent >= 0
        # ``1 (round 3: `` from a table of the few results by the rounds, then what happened and against whom.
        results, which = np.unique(points.ravel(), return_inverse=True)
        numbers = range(1, rounds + 1)
        heads = text_table(
            [
                Phrase.of(N_("{result} (round {round}: "), result=Number(ratio_result_text(pts, unit)), round=number)
                for pts in results.tolist()
                for number in numbers
            ]
        ).reshape(len(results), rounds)[which.reshape(points.shape), np.arange(rounds)]
        # Each round against whom, a sentence with the name in it, made once for each distinct kind and opponent.
        players, names = max(len(context.names), 1), context.names
        named = texts_of(
            kind.astype(np.int64) * players + np.where(with_opponent, opponent, 0),
            lambda pair: against_words(KINDS[pair // players], names[pair % players]) + ")",
        )
        alone = _ALONE_TEXTS[kind]
        free = context.free_rounds[rows]
        if free.any():  # an odd round robin's zero-point byes are its free rounds
            alone = np.where(free, _FREE_ROUND_TEXT, alone)
        what = np.where(with_opponent, named, alone)
        bonus = texts_of(adjustment, lambda pts: Phrase.of(_BONUS, points=Number(ratio_text(pts, unit))))
        return Derivations(
            np.column_stack([adjustment, points]),
            unit,
            np.column_stack([bonus, heads + what]),
            np.column_stack([adjustment != 0, (kind != NOT_PLAYED) | (points != 0)]),
            np.column_stack([np.zeros(count, dtype=np.int64), round_numbers(count, rounds)]),
            np.column_stack([np.zeros(count, dtype=np.int64), np.where(with_opponent, opponent + 1, 0)]),
        )

    return whole(context.scores, denominator=unit, derive_many=derive_many)


_BONUS = N_("{points} (bonus or penalty set by the arbiter)")


def count(context: Context, counted: Bools) -> Column:
    """A count of rounds, with the rounds counted as its derivation."""

    numbers = [str(number) for number in range(1, counted.shape[1] + 1)]

    def derive_many(rows: Ints) -> Derivations:
        notes = [
            Phrase.of(N_("rounds {rounds}"), rounds=", ".join(compress(numbers, flags))) if any(flags) else _NO_ROUND
            for flags in counted[rows].tolist()
        ]
        return Derivations(*no_addends(len(rows)), notes=notes)

    return whole(counted.sum(axis=1), derive_many=derive_many)


_NO_ROUND, _NO_GAME = Phrase.of(N_("no round")), Phrase.of(N_("no game"))


def count_games(context: Context, counted: Bools) -> Column:
    """A count of a team's games (teams × rounds × boards), with the boards counted round by round as its
    derivation: C.07 Art. 7 on game points counts games, board by board."""

    def derive_many(rows: Ints) -> Derivations:
        notes = []
        for team in counted[rows].tolist():
            found = [
                Phrase.of(
                    N_("round {round} boards {boards}") if sum(flags) > 1 else N_("round {round} board {boards}"),
                    round=number,
                    boards=", ".join(str(board) for board in compress(range(1, len(flags) + 1), flags)),
                )
                for number, flags in enumerate(team, start=1)
                if any(flags)
            ]
            notes.append(Phrase.joined(found, "; ") if found else _NO_GAME)
        return Derivations(*no_addends(len(rows)), notes=notes)

    return whole(counted.sum(axis=(1, 2)), derive_many=derive_many)


@tiebreak(
    "WIN",
    "Number of wins",
    "C.07 7.1",
    "Rounds in which the player got a win's points, with or without playing.",
    integral=True,
)
def wins(context: Context, spec: Spec) -> Column:
    """Number of wins, C.07 7.1: rounds in which the player got a win's points, with or without playing.

    Counts wins over the board, forfeit wins, full-point byes and a
    pairing-allocated bye worth a win, as the point system scores them. On a team event's game points, the
    games (boards) with a win's points, played or not.
    """
    games = context.games_by_board
    if games is not None:
        return count_games(context, (games.points == games.win) & context.counted[:, :, None])
    table = context.table
    worth_a_win = context.score.system[table.kind.astype(np.intp)] == context.win
    return count(context, worth_a_win & (table.kind != NOT_PLAYED))


@tiebreak("WON", "Games won over the board", "C.07 7.2", "Games won over the board.", integral=True)
def games_won(context: Context, spec: Spec) -> Column:
    """Number of games won over the board, C.07 7.2 (unrated ``W`` included: it was played); on a team event's
    game points the boards won over the board, on its match points the matches."""
    games = context.games_by_board
    if games is not None:
        return count_games(context, games.played & (games.points == games.win))
    return count(context, of_kinds(context.table.kind, WON_KINDS))


@tiebreak("BPG", "Games played with Black", "C.07 7.3", "Games played over the board with Black.", integral=True)
def black_games(context: Context, spec: Spec) -> Column:
    """Number of games played over the board with Black, C.07 7.3; unplayed games never count. A team's
    match counts by its first board's colour; on game points, each board played with Black counts."""
    games = context.games_by_board
    if games is not None:
        return count_games(context, games.played & games.black)
    return count(context, context.played & (context.table.colour == BLACK))


@tiebreak("BWG", "Games won with Black", "C.07 7.4", "Games won over the board with Black.", integral=True)
def black_wins(context: Context, spec: Spec) -> Column:
    """Number of games won over the board with Black, C.07 7.4 (a team's: as BPG counts them)."""
    games = context.games_by_board
    if games is not None:
        return count_games(context, games.played & games.black & (games.points == games.win))
    return count(context, of_kinds(context.table.kind, WON_KINDS) & (context.table.colour == BLACK))


@tiebreak(
    "PS",
    "Progressive score",
    "C.07 7.5",
    "Sum of the player's running score after each round.",
    modifiers="CM",
)
def progressive_score(context: Context, spec: Spec) -> Column:
    """Sum of progressive scores, C.07 7.5: PS = Σ_{r=1..n} S_r, S_r the score after round r.

    The least significant element is the earliest round: Cut-1 drops S_1
    (C.07 14.1.c), Cut-k drops S_1 … S_k. C.07 defines no most significant
    running score: a median cuts the early rounds only, as FIDE's reference
    checker does (so PS/M1 = PS/C1). Counts the rounds played so far.

    S_r is the score the standings after round r give (:meth:`~sonneborn.event.Score.running`): a bonus or
    penalty outside the rounds (TRF-26 299 of a blank type) is part of it from round 1, so that the last S_r is
    the player's score and PS is never the sum of scores the standings never showed.
    """
    unit = context.unit
    running: Ints = context.score.running(context.played_rounds)
    cut = min(spec.cut_low, running.shape[1])

    played = running.shape[1]
    after = text_table([Phrase.of(N_(" (after round {round})"), round=number) for number in range(1, played + 1)])

    def derive_many(rows: Ints) -> Derivations:
        scores = running[rows]
        shape = scores.shape
        kept = np.broadcast_to(np.arange(played) >= cut, shape) if cut else None
        texts = texts_of(scores, lambda score: Phrase.number(ratio_text(score, unit))) + after
        nobody = np.zeros(shape, dtype=np.int64)
        return Derivations(scores, unit, texts, np.ones(shape, dtype=bool), round_numbers(*shape), nobody, kept)

    total: Ints = running[:, cut:].sum(axis=1)
    return whole(total, denominator=unit, derive_many=derive_many)


@tiebreak(
    "GE",
    "Games one elected to play (2023 name of REP)",
    "C.07 7.6",
    "Rounds minus half-point byes, zero-point byes and forfeit losses.",
    integral=True,
)
@tiebreak(
    "REP",
    "Rounds one elected to play",
    "C.07 7.6",
    "Rounds minus half-point byes, zero-point byes and forfeit losses.",
    integral=True,
)
def rounds_elected_to_play(context: Context, spec: Spec) -> Column:
    """Rounds one Elected to Play, C.07 7.6 (GE, Games one Elected to Play, in 2023).

    REP = rounds − (half-point byes + zero-point byes + forfeit losses), over
    the rounds played so far; every round after a withdrawal is a zero-point
    bye (16.1.1). In a round robin the free round of an odd field is no bye
    the player asked for, and forfeits are ordinary games (15.2) — except that
    the 2026 rules keep forfeit losses unplayed for type B tie-breaks.
    """
    rounds = context.played_rounds
    kinds: tuple[ResultKind, ...] = (ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.FORFEIT_LOSS)
    if context.is_round_robin:
        kinds = (ResultKind.FORFEIT_LOSS,) if context.rules.forfeits_unplayed_in_round_robins else ()
    missed = of_kinds(context.table.kind[:, :rounds], kinds)
    games = context.games_by_board
    if games is not None:
        # On game points, the games of the rounds elected: a match's boards less those lost unplayed (a board
        # forfeited or left empty); an unplayed round elected, every board.
        lost_unplayed = games.over_board[:, :, None] & ~games.played & (games.points == games.loss)
        elected = ~lost_unplayed & context.counted[:, :, None]
        elected[:, :rounds] &= ~missed[:, :, None]
        return count_games(context, elected)

    def derive(row: int) -> Value:
        found = (positions(missed[row]) + 1).tolist()
        note = Phrase.of(N_("{rounds} rounds − {missed} not elected"), rounds=rounds, missed=len(found))
        if found:
            note += Phrase.of(N_(" (rounds {rounds})"), rounds=", ".join(map(str, found)))
        return Value(Fraction(rounds - len(found)), note=note)

    return whole(rounds - missed.sum(axis=1), derive=derive)


_A_DRAW = Phrase.of(N_("a draw"))


@tiebreak(
    "STD",
    "Standard points",
    "C.07 7.7",
    "1 for each round scored above the scheduled opponent (or above a draw without playing), ½ if equal.",
)
def standard_points(context: Context, spec: Spec) -> Column:
    """Standard Points, C.07 7.7 (2026): 1 for each round won, ½ for each round drawn, in 1–½–0 terms.

    A round counts 1 when the player scored more than the scheduled opponent,
    or without playing got more than a draw's points; ½ when the same as the
    scheduled opponent, or exactly a draw's points without playing. A double
    forfeit (0–0) is "the same as the opponent": ½ as written (FIDE's
    reference checker compares with a draw instead).
    """
    table, unit = context.table, context.unit
    counted = context.counted
    own = context.points
    other = np.where(context.has_opponent, own[context.opponent_rows, np.arange(table.rounds)], context.draw)
    # In half points: 2 above the opponent (or a draw), 1 the same, 0 below.
    halves = np.where(counted, (own > other) * 2 + (own == other), 0)

    def derive(row: int) -> Value:
        values, texts, rounds, opponents = [], [], [], []
        for column in positions(counted[row]).tolist():
            opponent = int(table.opponent[row, column])
            against = _A_DRAW if opponent < 0 else context.names[opponent]
            mine, theirs = ratio_text(int(own[row, column]), unit), ratio_text(int(other[row, column]), unit)
            standard = int(halves[row, column])
            values.append(standard)
            texts.append(
                Phrase.of(
                    N_("{standard} (round {round}: {mine} against {theirs}, {against})"),
                    standard=Number(ratio_result_text(standard, 2)),
                    round=column + 1,
                    mine=Number(mine),
                    theirs=Number(theirs),
                    against=against,
                )
            )
            rounds.append(column + 1)
            opponents.append(opponent + 1 if opponent >= 0 else None)
        return sum_of(values, texts, denominator=2, rounds=rounds, opponents=opponents)

    return whole(halves.sum(axis=1).astype(np.int64), denominator=2, derive=derive)


_PAIRING_NUMBER = Phrase.of(N_("pairing number"))


@tiebreak(
    "TPN",
    "Tournament pairing number",
    "C.07 7.8",
    "The final pairing number, lowest first.",
    modifiers="R",
    integral=True,
    ascending=True,
)
def pairing_number(context: Context, spec: Spec) -> Column:
    """Tournament Pairing Number, C.07 7.8 (2026): the final pairing number, lowest first (``/R``: highest)."""

    def derive(row: int) -> Value:
        return Value(Fraction(row + 1), note=_PAIRING_NUMBER)

    return whole(np.arange(1, context.players + 1, dtype=np.int64), derive=derive)
