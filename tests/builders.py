"""Builds small events for tests from a compact, chess-results-like notation.

Each line is ``START NAME: TOKEN TOKEN …``, one token per round:
``5w1`` (opponent 5, White, won), ``3b=``, ``7-+`` (forfeit win, colour unknown),
``-U`` / ``-H`` / ``-Z`` / ``-F`` (byes), ``4-*`` (paired, not played yet).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament
from sonneborn.tiebreaks.rules import Rules

if TYPE_CHECKING:
    from sonneborn.tiebreaks import Column, Context, Value

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


def column(
    tournament: Tournament, code: str, rules: Rules = Rules.FIDE_2026, *, unrated_rating: int | None = None
) -> Column:
    """A tie-break's column, computed by its kernel (a tie-break decided in groups: with the event ranked by it)."""
    from sonneborn.event import Event
    from sonneborn.ranking import rank
    from sonneborn.tiebreaks import REGISTRY, Context, parse

    spec = parse(code)
    kernel = REGISTRY[spec.code].kernel
    if kernel is None:
        return rank(tournament, [spec], rules=rules, unrated_rating=unrated_rating).column(str(spec))
    return kernel(Context(Event.of(tournament), rules=rules, unrated_rating=unrated_rating), spec)


def context(tournament: Tournament, rules: Rules = Rules.FIDE_2026, *, unrated_rating: int | None = None) -> Context:
    """The kernels' view of an event under a rules edition."""
    from sonneborn.event import Event
    from sonneborn.tiebreaks import Context

    return Context(Event.of(tournament), rules=rules, unrated_rating=unrated_rating)


def group_order(tournament: Tournament, group: list[int], code: str = "DE") -> list[list[int]]:
    """A tied group as a tie-break decided in groups (DE) orders it: subgroups still tied, best first."""
    import numpy as np

    from sonneborn.tiebreaks import REGISTRY, parse

    spec = parse(code)
    kernel = REGISTRY[spec.code].group_kernel
    assert kernel is not None
    groups = np.arange(1, len(tournament) + 1)
    groups[[start - 1 for start in group]] = 0
    found = kernel(context(tournament), spec, groups)
    levels = sorted({int(found.key[start - 1]) for start in group}, reverse=True)
    return [sorted(s for s in group if found.key[s - 1] == level) for level in levels]


def values(
    tournament: Tournament, code: str, rules: Rules = Rules.FIDE_2026, *, unrated_rating: int | None = None
) -> dict[int, Fraction | None]:
    """A tie-break's exact values by start number (``None`` where it has none)."""
    found = column(tournament, code, rules, unrated_rating=unrated_rating)
    return {row + 1: found.number(row) for row in range(len(tournament))}


def derivations(
    tournament: Tournament, code: str, rules: Rules = Rules.FIDE_2026, *, unrated_rating: int | None = None
) -> dict[int, Value]:
    """A tie-break's values with their derivations, by start number."""
    found = column(tournament, code, rules, unrated_rating=unrated_rating)
    return {row + 1: found.value(row) for row in range(len(tournament))}


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
