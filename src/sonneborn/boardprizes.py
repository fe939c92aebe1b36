"""Board prizes of a team competition: each board's players ranked, as organisers award them.

C.07 has no board-prize rule; the choices here are stated in ``docs/crosstable.md``.
A player's record on a board is :meth:`~sonneborn.teams.TeamEvent.board_results`'s
(the points of the games he had on that board over those games, a forfeit counted
as its result). Beside it stands his performance rating on that board: C.07
10.2's TPR, computed by the rating tie-breaks' own rule
(:func:`~sonneborn.tiebreaks.rating.performance_ratings`) over the games he
played over the board on that board, against his opponents' ratings, unrated
players as C.07 10 treats them (none given unless a rating is assumed).

A board's players are ranked by the order asked for (:class:`BoardOrder`); those
with fewer games than ``min_games`` on it follow the others, not ranked.

>>> from sonneborn.pipeline import read
>>> teams = read("tests/data/teams/catalogue_trf16.trf").teams
>>> prizes = board_prizes(teams)
>>> [(p.board, p.place, p.player + 1, str(p.points), p.games) for p in prizes.prizes[:2]]
[(1, '1', 1, '5/2', 3), (1, '2', 3, '1/2', 3)]
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import groupby

import numpy as np

from sonneborn.event import KINDS
from sonneborn.messages import N_, Message, Phrase
from sonneborn.teams import TeamEvent
from sonneborn.tiebreaks.rating import counted_ratings, over_the_board_halves, performance_ratings

__all__ = ["ORDER_WORDS", "BoardOrder", "BoardPrize", "BoardPrizes", "board_prizes"]


class BoardOrder(enum.Enum):
    """What a board's players are ranked by first (``--board-order``)."""

    PERCENTAGE = "percentage"
    PERFORMANCE = "performance"
    POINTS = "points"

    def __str__(self) -> str:
        return self.value


ORDER_WORDS = {
    BoardOrder.PERCENTAGE: N_("percentage, then more games, then performance rating"),
    BoardOrder.PERFORMANCE: N_("performance rating, then percentage, then more games"),
    BoardOrder.POINTS: N_("points, then percentage (the fewer games), then performance rating"),
}
"""Each order in words, as the outputs state it; a tie on all of it is a shared place."""


@dataclass(frozen=True, slots=True)
class BoardPrize:
    """One player's record on one board, with his place among that board's eligible players."""

    board: int
    """The board number, 1-based."""
    player: int
    """The player's row (start number − 1)."""
    team: int
    """His team's row (team number − 1)."""
    points: Fraction
    games: int
    """The games counted on this board: played or forfeited."""
    rating: int
    """His own rating, 0 when unrated."""
    performance: int | None
    """His TPR (C.07 10.2) over his games over the board on this board; ``None`` without one, or when the
    performance ratings are not given (an unrated player, no rating assumed)."""
    derivation: str
    """How :attr:`performance` was worked out (``ARO 1900 + dp(0.75)=193; p = 1½/2``), or why there is none."""
    eligible: bool
    """Whether he has the games the prizes ask for on this board."""
    place: str
    """His place among the eligible players of the board (``2-3`` shared), ``""`` when not eligible."""

    @property
    def share(self) -> Fraction:
        """The points over the games, exact."""
        return self.points / self.games


@dataclass(frozen=True, slots=True)
class BoardPrizes:
    """Every board's players in prize order: board 1 first, on each board the eligible ranked, then the rest."""

    prizes: tuple[BoardPrize, ...]
    order: BoardOrder
    min_games: int
    """The games a player needs on a board to be ranked there (0: everyone is)."""
    dropped: Message | None
    """Why no performance rating is given (``None`` when they are): the unrated players, without the advice,
    which each boundary words for its own controls (:func:`~sonneborn.render.teamcrosstable.board_notes`)."""

    @property
    def description(self) -> Message:
        """The order and the eligibility in words, as every output states them."""
        order = Message(ORDER_WORDS[self.order])
        if not self.min_games:
            return Message.of(N_("Board prizes ranked by {order}."), order=order)
        if self.min_games == 1:
            return Message.of(
                N_("Board prizes ranked by {order}; at least 1 game on a board to be ranked."), order=order
            )
        return Message.of(
            N_("Board prizes ranked by {order}; at least {count} games on a board to be ranked."),
            order=order,
            count=self.min_games,
        )


Key = tuple[object, ...]


def _performance_key(prize: BoardPrize) -> tuple[int, int]:
    return (0, -prize.performance) if prize.performance is not None else (1, 0)


_KEYS: dict[BoardOrder, Callable[[BoardPrize], Key]] = {
    BoardOrder.PERCENTAGE: lambda p: (-p.share, -p.games, _performance_key(p)),
    BoardOrder.PERFORMANCE: lambda p: (_performance_key(p), -p.share, -p.games),
    BoardOrder.POINTS: lambda p: (-p.points, -p.share, _performance_key(p)),
}
"""Each order as an exact sort key (fractions and whole numbers, never a float); start numbers only list
players that tie on all of it."""

_PLAYED = np.array([kind.is_played for kind in KINDS])


def board_prizes(
    teams: TeamEvent,
    *,
    order: BoardOrder = BoardOrder.PERCENTAGE,
    min_games: int = 0,
    unrated_rating: int | None = None,
) -> BoardPrizes:
    """Every board's players ranked for its prizes, with their performance ratings there (module docstring).

    ``unrated_rating`` is the rating assumed for unrated players (``--unrated-rating``): without it, no
    performance rating is given when any player is unrated, as C.07 10 drops the rating tie-breaks.
    """
    results = teams.board_results()
    table, boards = teams.event.table, teams.matches.boards
    players = np.array([r.player for r in results], dtype=np.int64)
    on_board = np.zeros((len(results), table.rounds), dtype=bool)
    if results:
        rows = np.array([r.team for r in results], dtype=np.int64)
        columns = np.array([r.board - 1 for r in results], dtype=np.int64)
        on_board = boards[rows, :, columns] == players[:, None]
    opponents = table.opponent[players]
    games = on_board & _PLAYED[table.kind[players]] & (opponents >= 0)
    counted = counted_ratings(table.rating, unrated_rating)
    values: list[int | None] = [None] * len(results)
    texts: list[str] = [Phrase.of(N_("no performance rating"))] * len(results)
    dropped = None
    if counted is None:
        unrated = (np.flatnonzero(table.rating == 0) + 1).tolist()
        listed = ", ".join(map(str, unrated[:10])) + (", …" if len(unrated) > 10 else "")
        dropped = Message.ngettext(
            "no performance rating: {count} player(s) unrated (no. {numbers}; C.07 10)",
            "no performance rating: {count} player(s) unrated (no. {numbers}; C.07 10)",
            len(unrated),
            numbers=listed,
        )
    elif results:
        ratings = counted[0]
        faced = np.where(games, ratings[np.maximum(opponents, 0)], 0)
        found = performance_ratings(faced, games, over_the_board_halves(table.kind[players], games))
        texts = found.notes(np.arange(len(results)))
        values = [int(v) if present else None for v, present in zip(found.value, found.present, strict=True)]
    ratings, least = table.rating.tolist(), min_games
    prizes = [
        BoardPrize(r.board, r.player, r.team, r.points, r.games, ratings[r.player], value, text, r.games >= least, "")
        for r, value, text in zip(results, values, texts, strict=True)
    ]
    return BoardPrizes(tuple(_ranked(prizes, _KEYS[order])), order, min_games, dropped)


def _ranked(prizes: list[BoardPrize], key: Callable[[BoardPrize], Key]) -> list[BoardPrize]:
    """Each board's eligible players in order with their places, shared on equal keys, then the others."""
    found: list[BoardPrize] = []
    for _, on_board in groupby(prizes, key=lambda p: p.board):
        listed = sorted(on_board, key=lambda p: (key(p), p.player))
        eligible = [p for p in listed if p.eligible]
        first = 1
        for _, tied in groupby(eligible, key=key):
            group = list(tied)
            place = f"{first}-{first + len(group) - 1}" if len(group) > 1 else str(first)
            found += [replace(p, place=place) for p in group]
            first += len(group)
        found += [p for p in listed if not p.eligible]
    return found
