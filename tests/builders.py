"""Builds small events for tests from a compact, chess-results-like notation.

Each line is ``START NAME: TOKEN TOKEN …``, one token per round:
``5w1`` (opponent 5, White, won), ``3b=``, ``7-+`` (forfeit win, colour unknown),
``-U`` / ``-H`` / ``-Z`` / ``-F`` (byes), ``4-*`` (paired, not played yet).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament
from sonneborn.tiebreaks.rules import Rules

_TOKEN = re.compile(r"(\d+|-)([wb-]?)([10=WDL+\-UFHZ*])")


def event(
    text: str,
    *,
    kind: EventKind | None = None,
    system: PointSystem | None = None,
    ratings: Mapping[int, int] | None = None,
) -> Tournament:
    """The event the lines describe, with the players' ratings by start number if given; its pairings are checked."""
    players = []
    for line in text.strip().splitlines():
        head, _, tokens = line.partition(":")
        start_text, _, name = head.strip().partition(" ")
        entries = []
        for rnd, token in enumerate(tokens.split(), start=1):
            match = _TOKEN.fullmatch(token)
            assert match, token
            opponent_text, colour_text, code = match.groups()
            opponent = None if opponent_text == "-" else int(opponent_text)
            colour = Colour(colour_text) if colour_text in ("w", "b") else Colour.UNKNOWN
            entries.append(Entry(rnd, opponent, colour, ResultKind(code)))
        start = int(start_text)
        players.append(Player(start, name.strip(), tuple(entries), rating=(ratings or {}).get(start)))
    rounds = len(players[0].entries)
    tournament = Tournament(tuple(players), rounds, kind=kind, point_system=system or PointSystem())
    tournament.check_pairings()
    return tournament


def values(tournament: Tournament, code: str, rules: Rules = Rules.FIDE_2026) -> dict[int, object]:
    """A tie-break's exact values by start number (``None`` where it has none)."""
    from sonneborn.tiebreaks import REGISTRY, Context, parse

    spec = parse(code)
    compute = REGISTRY[spec.code].compute
    assert compute is not None
    return {start: value.number for start, value in compute(Context(tournament, rules=rules), spec).items()}


FOUR_PLAYER_ROUND_ROBIN = """
1 Anna: 4w0 2w1 3b=
2 Boris: 3w1 1b0 4w1
3 Carla: 2b0 4b= 1w=
4 Dmitri: 1b1 3w= 2b0
"""
"""A single round robin worked by hand: Anna beat Boris, drew Carla, lost to Dmitri;
Boris beat Carla and Dmitri; Carla drew Dmitri. Scores 1.5, 2, 1, 1.5."""


def trf_player(start: int, name: str, points: str, blocks: list[str], *, rank: int | None = None) -> str:
    """A TRF-16 ``001`` line with its fields at their columns; blocks like ``"   2 w 1"`` from column 92."""
    rank_text = "" if rank is None else str(rank)
    line = f"001 {start:4d}      {name:<33} {'':4} {'':3} {'':11} {'':10} {points:>4} {rank_text:>4}  "
    return line + "  ".join(blocks)


def place(*fields: tuple[int, str]) -> str:
    """A line with each text placed at its 1-based column, blanks between."""
    chars: list[str] = []
    for column, text in fields:
        end = column - 1 + len(text)
        if len(chars) < end:
            chars.extend(" " * (end - len(chars)))
        chars[column - 1 : end] = text
    return "".join(chars)


def entries(tournament: Tournament, start: int) -> list[tuple[int | None, Colour, ResultKind]]:
    """A player's rounds as (opponent, colour, kind), the way reader tests compare them."""
    return [(entry.opponent, entry.colour, entry.kind) for entry in tournament.player(start).entries]
