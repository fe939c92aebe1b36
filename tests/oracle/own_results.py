"""Tie-breaks on the player's own record (C.07 Art. 7, type B) and the score itself."""

from __future__ import annotations

from fractions import Fraction

from oracle.base import Context, Element, Spec, Value, count_value, is_win
from oracle.modifiers import summed
from oracle.unplayed import describe_kind
from sonneborn.model import Colour, Entry, Outcome, ResultKind, StartNo
from sonneborn.numbers import exact_text, result_text
from sonneborn.tiebreaks.rules import Rules


def points(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Points (PTS): the player's score, the sum of the points of every round and of any bonus or penalty."""
    values = {}
    for player in context.tournament:
        elements = [
            Element(
                pts,
                f"{result_text(pts)} (round {entry.round}: {_describe(context, entry)})",
                (Fraction(entry.round),),
                entry.round,
                entry.opponent,
            )
            for entry, pts in zip(player.entries, context.round_points[player.start], strict=True)
            if entry.kind.is_finished or pts
        ]
        if player.adjustment:
            text = f"{exact_text(player.adjustment)} (bonus or penalty set by the arbiter)"
            elements.append(Element(player.adjustment, text, (Fraction(0),)))
        values[player.start] = Value.of_sum(elements)
    return values


_PLAYED_WORDS = {Outcome.WIN: "won against", Outcome.DRAW: "drew with", Outcome.LOSS: "lost to"}


def _describe(context: Context, entry: Entry) -> str:
    """A round's result in words: ``won against Sloth``, ``forfeit loss against Nun``, ``half-point bye``.

    In a round robin of an odd number of players the round a player is paired with nobody, a zero-point bye
    in the record, is the schedule's free round, and is called so.
    """
    kind = entry.kind
    if entry.opponent is None:
        odd_round_robin = context.is_round_robin and len(context.tournament) % 2 == 1
        return "free round" if odd_round_robin and kind is ResultKind.ZERO_BYE else describe_kind(kind)
    name = context.tournament.player(entry.opponent).name
    if kind.is_played and kind.outcome is not None:
        return f"{_PLAYED_WORDS[kind.outcome]} {name}"
    return f"{describe_kind(kind)} against {name}"


def progressive_score(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Sum of progressive scores, C.07 7.5: PS = Σ_{r=1..n} S_r, S_r the score after round r.

    The least significant element is the earliest round: Cut-1 drops S_1
    (C.07 14.1.c), Cut-k drops S_1 … S_k. C.07 defines no most significant
    running score: a median cuts the early rounds only, as FIDE's reference
    checker does (so PS/M1 = PS/C1). Counts the rounds played so far. An arbiter's bonus or penalty
    outside the rounds is part of every S_r, as the standings after each round count it.
    """
    values = {}
    for player in context.tournament:
        running = player.adjustment
        elements = []
        for rnd, pts in enumerate(context.round_points[player.start][: context.played_rounds], start=1):
            running += pts
            elements.append(Element(running, f"{exact_text(running)} (after round {rnd})", (Fraction(rnd),), rnd))
        values[player.start] = summed(elements, Spec(spec.code, cut_low=spec.cut_low))
    return values


def wins(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Number of wins, C.07 7.1: rounds in which the player got a win's points, with or without playing.

    Counts wins over the board, forfeit wins, full-point byes and a
    pairing-allocated bye worth a win.
    """
    values = {}
    for player in context.tournament:
        rounds = [e.round for e in player.entries if is_win(context, e.kind)]
        values[player.start] = count_value(len(rounds), _rounds_note(rounds))
    return values


def games_won(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Number of games won over the board, C.07 7.2 (unrated ``W`` included: it was played)."""
    return _count(context, lambda e: e.kind.is_played and e.kind.outcome is Outcome.WIN)


def black_games(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Number of games played over the board with Black, C.07 7.3; unplayed games never count."""
    return _count(context, lambda e: e.kind.is_played and e.colour is Colour.BLACK)


def black_wins(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Number of games won over the board with Black, C.07 7.4."""
    return _count(context, lambda e: e.kind.is_played and e.colour is Colour.BLACK and e.kind.outcome is Outcome.WIN)


def _count(context: Context, counts: object) -> dict[StartNo, Value]:
    assert callable(counts)
    values = {}
    for player in context.tournament:
        rounds = [e.round for e in player.entries if counts(e)]
        values[player.start] = count_value(len(rounds), _rounds_note(rounds))
    return values


def _rounds_note(rounds: list[int]) -> str:
    return "rounds " + ", ".join(map(str, rounds)) if rounds else "no round"


def rounds_elected_to_play(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Rounds one Elected to Play, C.07 7.6 (GE, Games one Elected to Play, in 2023).

    REP = rounds − (half-point byes + zero-point byes + forfeit losses), over
    the rounds played so far; every round after a withdrawal is a zero-point
    bye (16.1.1). In a round robin the free round of an odd field is no bye
    the player asked for, and forfeits are ordinary games (15.2) — except that
    the 2026 rules keep forfeit losses unplayed for type B tie-breaks.
    """
    rounds = context.played_rounds
    values = {}
    for player in context.tournament:
        missed = [e.round for e in player.entries[:rounds] if _not_elected(context, e.kind)]
        note = f"{rounds} rounds − {len(missed)} not elected" + (
            f" (rounds {', '.join(map(str, missed))})" if missed else ""
        )
        values[player.start] = Value(Fraction(rounds - len(missed)), note=note)
    return values


def _not_elected(context: Context, kind: ResultKind) -> bool:
    """Whether a round is one the player did not elect to play (C.07 7.6, 15.2)."""
    code = kind.value
    if context.is_round_robin:
        return code == "-" and context.rules is Rules.FIDE_2026
    return code in ("H", "Z", "-")


def standard_points(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Standard Points, C.07 7.7 (2026): 1 for each round won, ½ for each round drawn, in 1–½–0 terms.

    A round counts 1 when the player scored more than the scheduled opponent,
    or without playing got more than a draw's points; ½ when the same as the
    scheduled opponent, or exactly a draw's points without playing. A double
    forfeit (0–0) is "the same as the opponent": ½ as written (FIDE's
    reference checker compares with a draw instead).
    """
    draw = context.system.draw
    values = {}
    for player in context.tournament:
        elements = []
        for entry in player.entries[: context.played_rounds]:
            if not entry.kind.is_finished:
                continue
            own = context.round_points[player.start][entry.round - 1]
            other = draw if entry.opponent is None else context.round_points[entry.opponent][entry.round - 1]
            # 1, ½ or 0 as the round was won, drawn or lost relative to the opponent (or a draw).
            standard = Fraction((own > other) * 2 + (own == other), 2)
            against = "a draw" if entry.opponent is None else context.tournament.player(entry.opponent).name
            elements.append(
                Element(
                    standard,
                    f"{result_text(standard)} (round {entry.round}: {exact_text(own)} against "
                    f"{exact_text(other)}, {against})",
                    (Fraction(entry.round),),
                    entry.round,
                    entry.opponent,
                )
            )
        values[player.start] = Value.of_sum(elements)
    return values


def pairing_number(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Tournament Pairing Number, C.07 7.8 (2026): the final pairing number, lowest first (``/R``: highest)."""
    return {p.start: Value(Fraction(p.start), note="pairing number") for p in context.tournament}
