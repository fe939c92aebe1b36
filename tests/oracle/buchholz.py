"""The Buchholz family (C.07 Art. 8): BH, FB and AOB."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from oracle.base import Context, Element, Spec, Value
from oracle.modifiers import summed
from sonneborn.model import ResultKind, StartNo, Tournament
from sonneborn.numbers import exact_text


def buchholz_elements(context: Context, start: StartNo, spec: Spec) -> list[Element]:
    """One element per round: the (adjusted, dummy or virtual) opponent's score.

    The lowest score is the least significant (C.07 14.1.a).
    """
    elements = []
    for c in context.contributions(context.tournament.player(start), forfeits_played=spec.forfeits_played):
        elements.append(
            Element(
                c.score,
                f"{exact_text(c.score)} ({c.label()})",
                (c.score,),
                c.round,
                None if c.opponent is None else c.opponent.start,
                c.voluntary,
            )
        )
    return elements


def buchholz(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Buchholz, C.07 8.1: BH = Σ over the rounds of the opponent's score.

    In Swiss events opponents count with their adjusted score (16.3) and the
    player's own unplayed rounds as games against a dummy (16.4); an opponent
    met twice counts twice (4.4). Takes ``/C1 /C2 /M1 /M2`` (14.1–14.4, with
    the 16.5 exception) and ``/P`` (16.6). FIDE 2026 says not to use it in
    round robins; there it is computed with forfeits as ordinary games (15.2).
    """
    return {
        p.start: summed(buchholz_elements(context, p.start, spec), spec, vur_exception=context.vur_exception)
        for p in context.tournament
    }


def with_final_round_drawn(tournament: Tournament) -> Tournament | None:
    """The event "as if all paired games for the final round had ended in draws" (C.07 8.3), or ``None`` when
    that round pairs nobody.

    A paired game is one with an opponent, whatever became of it: played, to be played, forfeited by one side
    or by both. Each becomes a draw played over the board. A bye pairs nobody and stays as it is.
    """
    final = tournament.rounds
    if final == 0:
        return None
    players = []
    paired_any = False
    for player in tournament.players:
        entry = player.entry(final)
        if entry.opponent is not None:
            paired_any = True
            player = replace(player, entries=(*player.entries[:-1], replace(entry, kind=ResultKind.DRAW, points=None)))
        players.append(player)
    return replace(tournament, players=tuple(players)) if paired_any else None


def fore_context(context: Context) -> Context:
    """The context of the event with its final round drawn (C.07 8.3), or the same context when unpaired."""
    drawn = with_final_round_drawn(context.tournament)
    if drawn is None:
        return context
    return Context(drawn, rules=context.rules, unrated_rating=context.unrated_rating)


def fore_buchholz(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Fore Buchholz, C.07 8.3: Buchholz as if every paired game of the final round had been drawn.

    Everyone's score is recomputed under that assumption; forfeits and double
    forfeits of the final round are paired games and are drawn too, byes keep
    their points. Before the final round is paired, FB = BH. Art. 16 and the
    modifiers apply as for BH.
    """
    return buchholz(fore_context(context), spec)


def average_of_opponents_buchholz(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average of Opponents' Buchholz, C.07 8.2: the mean Buchholz of the opponents played over the board.

    Dummies are no opponents; an opponent met twice counts twice. ``/F``
    (2026) averages the opponents' Fore Buchholz instead. Not rounded.
    """
    base = fore_context(context) if spec.fore else context
    plain = Spec("FB" if spec.fore else "BH")
    bh = buchholz(base, Spec("BH"))
    values = {}
    for player in context.tournament:
        elements = [
            Element(
                bh[g.opponent.start].number or Fraction(0),
                f"{exact_text(bh[g.opponent.start].number or Fraction(0))} ({g.opponent.name})",
                (Fraction(0),),
                g.entry.round,
                g.opponent.start,
            )
            for g in context.games(player)
            if g.entry.kind.is_played
        ]
        if not elements:
            values[player.start] = Value(None, note="no game played over the board")
            continue
        total = sum((e.value for e in elements), Fraction(0))
        values[player.start] = Value(total / len(elements), tuple(elements), note=f"opponents' {plain.code}", mean=True)
    return values


def solkoff(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Solkoff, USCF 34E2: the sum of the adjusted scores (USCF 34E1) of the opponents played over the board.

    An opponent's adjusted score counts each of his rounds not played over the board as a draw; the
    player's own unplayed rounds add nothing.
    """
    from oracle.unplayed import _as_draws

    rounds = context.played_rounds
    seen = {}
    for player in context.tournament:
        unplayed = {e.round for e in player.entries[:rounds] if e.kind.is_finished and not e.kind.is_played}
        seen[player.start] = _as_draws(
            context.scores[player.start],
            context.round_points[player.start],
            unplayed,
            context.system.draw,
            "adjusted score {score} (USCF 34E1: {rounds} counted as {draws})",
        )
    values = {}
    for player in context.tournament:
        elements = []
        for game in context.games(player):
            if not game.entry.kind.is_played:
                continue
            view = seen[game.opponent.start]
            label = game.opponent.name + (f", {view.why}" if view.why else "")
            elements.append(
                Element(view.score, f"{exact_text(view.score)} ({label})", (view.score,), game.entry.round,
                        game.opponent.start)
            )  # fmt: skip
        values[player.start] = Value.of_sum(elements)
    return values
