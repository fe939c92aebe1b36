"""The tie-break registry: FIDE codes mapped to their definitions.

A new tie-break is one function in one of these modules plus one line here.

>>> REGISTRY["SB"].article
'C.07 9.1'
>>> str(parse("bh-c1"))
'BH/C1'
"""

from __future__ import annotations

from collections.abc import Iterable

from oracle import rating
from oracle.base import Context, Definition, Modifier, Spec, Value
from oracle.buchholz import average_of_opponents_buchholz, buchholz, fore_buchholz, solkoff
from oracle.direct_encounter import direct_encounter
from oracle.koya import koya
from oracle.own_results import (
    black_games,
    black_wins,
    games_won,
    pairing_number,
    points,
    progressive_score,
    rounds_elected_to_play,
    standard_points,
    wins,
)
from oracle.sonneborn_berger import gelbfuhs, non_neustadtl_sonneborn_berger, sonneborn_berger
from oracle.uscf import cumulative, modified_median, opposition_cumulative
from sonneborn.errors import TiebreakError

__all__ = ["REGISTRY", "Context", "Definition", "Spec", "Value", "parse", "parse_list"]

_CUTS = frozenset({Modifier.CUT, Modifier.MEDIAN})


def _define(
    code: str, name: str, article: str, definition: str, *, modifiers: Iterable[Modifier] = (), **kw: object
) -> Definition:
    return Definition(code, name, article, definition, modifiers=frozenset(modifiers), **kw)  # type: ignore[arg-type]


REGISTRY: dict[str, Definition] = {
    d.code: d
    for d in [
        _define("PTS", "Points", "C.07 4.2", "The player's score.", compute=points),
        _define(
            "SB",
            "Sonneborn–Berger (Neustadtl)",
            "C.07 9.1",
            "Sum over the games of the points scored times the opponent's score.",
            compute=sonneborn_berger,
            modifiers=_CUTS | {Modifier.PLAYED},
        ),
        _define(
            "GF",
            "Gelbfuhs",
            "Gelbfuhs 1873",
            "Sum over the games of the points scored times (1 + opponent's score / opponent's games).",
            compute=gelbfuhs,
        ),
        _define(
            "NNSB",
            "Non-Neustadtl Sonneborn–Berger",
            "Sonneborn 1886, Berger 1887",
            "The square of the player's score plus the Sonneborn–Berger score.",
            compute=non_neustadtl_sonneborn_berger,
        ),
        _define(
            "DE",
            "Direct encounter",
            "C.07 6",
            "Points in the games among the tied players only; the value is the place within the tied group.",
            group_rank=direct_encounter,
            modifiers={Modifier.PLAYED},
            integral=True,
        ),
        _define(
            "KS",
            "Koya",
            "C.07 9.2",
            "Points scored against the opponents who finished with at least half the maximum score.",
            compute=koya,
            modifiers={Modifier.LIMIT},
        ),
        _define(
            "WIN",
            "Number of wins",
            "C.07 7.1",
            "Rounds in which the player got a win's points, with or without playing.",
            compute=wins,
            integral=True,
        ),
        _define(
            "WON",
            "Games won over the board",
            "C.07 7.2",
            "Games won over the board.",
            compute=games_won,
            integral=True,
        ),
        _define(
            "BPG",
            "Games played with Black",
            "C.07 7.3",
            "Games played over the board with Black.",
            compute=black_games,
            integral=True,
        ),
        _define(
            "BWG",
            "Games won with Black",
            "C.07 7.4",
            "Games won over the board with Black.",
            compute=black_wins,
            integral=True,
        ),
        _define(
            "BH",
            "Buchholz",
            "C.07 8.1",
            "Sum of the opponents' scores.",
            compute=buchholz,
            modifiers=_CUTS | {Modifier.PLAYED},
        ),
        _define(
            "PS",
            "Progressive score",
            "C.07 7.5",
            "Sum of the player's running score after each round.",
            compute=progressive_score,
            modifiers=_CUTS,
        ),
        _define(
            "FB",
            "Fore Buchholz",
            "C.07 8.3",
            "Buchholz as if every paired game of the final round had been drawn.",
            compute=fore_buchholz,
            modifiers=_CUTS | {Modifier.PLAYED},
        ),
        _define(
            "AOB",
            "Average of opponents' Buchholz",
            "C.07 8.2",
            "The mean Buchholz of the opponents played over the board (/F: their Fore Buchholz).",
            compute=average_of_opponents_buchholz,
            modifiers={Modifier.FORE},
        ),
        _define(
            "REP",
            "Rounds one elected to play",
            "C.07 7.6",
            "Rounds minus half-point byes, zero-point byes and forfeit losses.",
            compute=rounds_elected_to_play,
            integral=True,
        ),
        _define(
            "GE",
            "Games one elected to play (2023 name of REP)",
            "C.07 7.6",
            "Rounds minus half-point byes, zero-point byes and forfeit losses.",
            compute=rounds_elected_to_play,
            integral=True,
        ),
        _define(
            "STD",
            "Standard points",
            "C.07 7.7",
            "1 for each round scored above the scheduled opponent (or above a draw without playing), ½ if equal.",
            compute=standard_points,
        ),
        _define(
            "TPN",
            "Tournament pairing number",
            "C.07 7.8",
            "The final pairing number, lowest first.",
            compute=pairing_number,
            modifiers={Modifier.REVERSE},
            integral=True,
            ascending=True,
        ),
        _define(
            "SOLK",
            "Solkoff (USCF)",
            "USCF 34E2",
            "Sum of the adjusted scores of the opponents played: each unplayed game of theirs counted as a draw.",
            compute=solkoff,
        ),
        _define(
            "MM",
            "Modified median (USCF)",
            "USCF 34E1",
            "Solkoff less the least significant opponents.",
            compute=modified_median,
        ),
        _define(
            "CUM", "Cumulative (USCF)", "USCF 34E3", "Running scores added, less each unplayed win.", compute=cumulative
        ),
        _define(
            "OCUM",
            "Opposition's cumulative (USCF)",
            "USCF 34E4",
            "The opponents' cumulative scores added.",
            compute=opposition_cumulative,
        ),
        *rating.DEFINITIONS,
    ]
}

WEIGHTED_SCORES = ("SB", "GF", "NNSB")
"""The codes ``--rank-by`` accepts: weighted scores that can replace points."""


def parse(text: str) -> Spec:
    """Parses one code and checks it against the registry (case-insensitive)."""
    spec = Spec.parse(text)
    if spec.code not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise TiebreakError(f"unknown tie-break {text.strip()!r} (valid codes: {known})")
    REGISTRY[spec.code].check(spec)
    return spec


def parse_list(text: str) -> list[Spec]:
    """Parses a comma-separated list such as ``"SB,DE,WIN"``."""
    specs = []
    for part in text.split(","):
        if part.strip():
            specs.append(parse(part))
    if not specs:
        raise TiebreakError(f"empty tie-break list {text!r}")
    return specs
