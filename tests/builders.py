"""Builds small events for tests from a compact, chess-results-like notation.

Each line is ``START NAME: TOKEN TOKEN …``, one token per round:
``5w1`` (opponent 5, White, won), ``3b=``, ``7-+`` (forfeit win, colour unknown),
``-U`` / ``-H`` / ``-Z`` / ``-F`` (byes), ``4-*`` (paired, not played yet).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from sonneborn.event import Event
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
    Event.of(tournament).check_pairings()
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
    return kernel(Context(Event.of(tournament), rules=rules, unrated_rating=unrated_rating).of(spec), spec)


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


HELD = Path(__file__).parent / "data" / "held" / "fide_tec_exercise_2023.csv"
"""FIDE TEC's tie-break exercise (Held 2024), the crosstable its answers are given for."""


def held_event() -> Tournament:
    """The exercise crosstable in the builders' notation."""
    lines = []
    with HELD.open() as handle:
        rows = list(csv.reader(handle))
    for row in rows[1:]:
        tokens = []
        for cell in row[1:]:
            if cell == "--":
                tokens.append("-Z")
            elif cell.endswith("BYE"):
                tokens.append("-U" if cell[0] == "+" else "-H")
            else:
                sign, colour, opponent = cell[0], cell[1], cell[2:]
                if colour == "F":
                    tokens.append(f"{opponent}-{'+' if sign == '+' else '-'}")
                else:
                    tokens.append(f"{opponent}{colour.lower()}{ {'+': '1', '=': '=', '-': '0'}[sign] }")
        lines.append(f"{row[0]} P{row[0]}: " + " ".join(tokens))
    return event("\n".join(lines))


# PGN


def pgn_game(event: str, white: str, black: str, result: str, round: str = "1") -> str:
    """One PGN game of an event: 7 tag pairs, a blank line, the result, a blank line (10 lines)."""
    tags = [("Event", event), ("Site", "Galway"), ("Date", "2024.05.01"), ("Round", round), ("White", white)]
    tags += [("Black", black), ("Result", result)]
    return "".join(f'[{name} "{value}"]\n' for name, value in tags) + f"\n{result}\n\n"


# Two events of two rounds, no player in common: Masters (Ann, Bob, Cid, Dan) and Challengers (Eve, Fay).
TWIC = "".join(
    [
        pgn_game("Masters", "Ann", "Bob", "1-0"),  # lines 1-10
        pgn_game("Masters", "Cid", "Dan", "1/2-1/2"),  # 11-20
        pgn_game("Challengers", "Eve", "Fay", "0-1"),  # 21-30: the second event's first game
        pgn_game("Masters", "Bob", "Cid", "1-0", round="2"),
        pgn_game("Masters", "Dan", "Ann", "0-1", round="2"),
        pgn_game("Challengers", "Fay", "Eve", "1/2-1/2", round="2"),
    ]
)


def last_round_open(tournament: Tournament) -> Tournament:
    """The event with the games of its last round paired and not played yet (opponent and colour kept)."""
    from dataclasses import replace

    last = tournament.rounds
    players = []
    for player in tournament.players:
        entries = list(player.entries)
        entry = entries[last - 1]
        if entry.opponent is not None and entry.kind.is_played:
            entries[last - 1] = replace(entry, kind=ResultKind.NOT_PLAYED, points=None)
        players.append(replace(player, entries=tuple(entries)))
    return replace(tournament, players=tuple(players))
