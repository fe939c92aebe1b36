"""The Buchholz family (C.07 Art. 8): BH, FB and AOB; and USCF's Solkoff, Buchholz by USCF's rules."""

from __future__ import annotations

from functools import cache

import numpy as np

from sonneborn.event import Ints, times
from sonneborn.messages import N_, Phrase
from sonneborn.numbers import ratio_text
from sonneborn.tiebreaks.column import (
    Column,
    Derivations,
    Texts,
    Value,
    fractions_key,
    positions,
    round_numbers,
    text_table,
    whole,
)
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.cuts import cut
from sonneborn.tiebreaks.own_results import sum_of
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import unplayed_as_draws


@tiebreak(
    "BH",
    "Buchholz",
    "C.07 8.1",
    "Sum of the opponents' scores.",
    modifiers="CMP",
)
def buchholz(context: Context, spec: Spec) -> Column:
    """Buchholz, C.07 8.1: BH = Σ over the rounds of the opponent's score.

    In Swiss events opponents count with their adjusted score (16.3) and the
    player's own unplayed rounds as games against a dummy (16.4); an opponent
    met twice counts twice (4.4). Takes ``/C1 /C2 /M1 /M2`` (14.1–14.4, with
    the 16.5 exception; the lowest score is the least significant, 14.1.a)
    and ``/P`` (16.6). FIDE 2026 says not to use it in round robins; there it
    is computed with forfeits as ordinary games (15.2).
    """
    c = context.contributions(spec.forfeits_played)
    total, kept = cut(
        c.score, [c.score], c.present, c.voluntary, low=spec.cut_low, high=spec.cut_high, vur_exception=context.art16
    )
    unit = context.unit

    def derive_many(rows: Ints) -> Derivations:
        score = c.score[rows]
        texts = context.contribution_texts(spec.forfeits_played).score_texts(rows)
        shown, opponents = c.present[rows], c.opponent_numbers[rows]
        return Derivations(score, unit, texts, shown, round_numbers(*score.shape), opponents, kept[rows])

    return whole(total, denominator=unit, derive_many=derive_many)


@tiebreak(
    "FB",
    "Fore Buchholz",
    "C.07 8.3",
    "Buchholz as if every paired game of the final round had been drawn.",
    modifiers="CMP",
)
def fore_buchholz(context: Context, spec: Spec) -> Column:
    """Fore Buchholz, C.07 8.3: Buchholz as if every paired game of the final round had been drawn.

    Everyone's score is recomputed under that assumption. Its use: the final
    round is paired, not played yet, and its games to be played count as draws.
    Every paired game is drawn, a forfeit or a double forfeit of the final
    round too (a paired game not played); byes pair nobody and keep their
    points. Before the final round is paired, FB = BH. Art. 16 and the
    modifiers apply as for BH, to the event with its final round drawn.
    """
    return buchholz(context.fore, spec)


@tiebreak(
    "AOB",
    "Average of opponents' Buchholz",
    "C.07 8.2",
    "The mean Buchholz of the opponents played over the board (/F: their Fore Buchholz).",
    modifiers="F",
)
def average_of_opponents_buchholz(context: Context, spec: Spec) -> Column:
    """Average of Opponents' Buchholz, C.07 8.2: the mean Buchholz of the opponents played over the board.

    Dummies are no opponents; an opponent met twice counts twice. ``/F``
    (2026) averages the opponents' Fore Buchholz instead. Not rounded.
    """
    source = context.fore if spec.fore else context
    bh = buchholz(source, Spec("BH")).numerator
    games = context.played & context.has_opponent
    opponent_bh = np.where(games, bh[context.opponent_rows], 0)
    sums = opponent_bh.sum(axis=1)
    count = games.sum(axis=1)
    present = count > 0
    unit = context.unit
    denominator = times(np.maximum(count, 1), unit)
    what = "FB" if spec.fore else "BH"

    @cache
    def text_of() -> Texts:
        # An opponent's Buchholz reads the same in every derivation it is in.
        values = bh.tolist()
        return text_table(
            [Phrase.number(ratio_text(v, unit)) + f" ({name})" for v, name in zip(values, context.names, strict=True)]
        )

    notes = {True: Phrase.of(N_("opponents' {what}"), what=what), False: Phrase.of(N_("no game played over the board"))}

    def derive_many(rows: Ints) -> Derivations:
        opponents = context.opponent_rows[rows]
        return Derivations(
            opponent_bh[rows],
            unit,
            text_of()[opponents],
            games[rows],
            round_numbers(*opponents.shape),
            np.where(games[rows], opponents + 1, 0),
            notes=[notes[flag] for flag in present[rows].tolist()],
            mean=True,
        )

    key = fractions_key(sums, denominator, present)
    return Column(sums, denominator, present, key, None, derive_many=derive_many)


@tiebreak(
    "SOLK",
    "Solkoff (USCF)",
    "USCF 34E2",
    "Sum of the adjusted scores of the opponents played: each unplayed game of theirs counted as a draw.",
)
def solkoff(context: Context, spec: Spec) -> Column:
    """Solkoff, USCF Official Rules of Chess 34E2: the sum of the adjusted scores of all the opponents played.

    The adjusted score is USCF's (34E1): an opponent's unplayed games — byes, forfeits, rounds after a
    withdrawal — count half a point each (a draw's points), and the player's own unplayed games count
    as opponents with an adjusted score of zero, so add nothing. Buchholz without C.07 Art. 16: no
    16.3 adjustment of the last rounds only, no dummy. No cuts.
    """
    rule = N_("adjusted score {score} (USCF 34E1: {rounds} counted as {draws})")
    seen = unplayed_as_draws(
        context.points, context.scores, context.counted, context.played, context.draw, context.unit, rule
    )
    games = context.played & context.has_opponent
    opponent_score = np.where(games, seen.score[context.opponent_rows], 0)
    unit, names = context.unit, context.names

    def derive(row: int) -> Value:
        columns = positions(games[row])
        opponents: list[int] = context.opponent_rows[row, columns].tolist()
        values: list[int] = opponent_score[row, columns].tolist()
        texts = []
        for value, opponent in zip(values, opponents, strict=True):
            why = seen.why(opponent)
            texts.append(
                Phrase.number(ratio_text(value, unit)) + " (" + names[opponent] + (", " + why if why else "") + ")"
            )
        rounds = (columns + 1).tolist()
        return sum_of(values, texts, denominator=unit, rounds=rounds, opponents=[o + 1 for o in opponents])

    return whole(opponent_score.sum(axis=1), denominator=unit, derive=derive)
