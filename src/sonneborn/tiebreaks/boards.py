"""A team event's games board by board, as the game-point readings of C.07 Art. 7 and 12 count them.

A plain function over the team data's arrays (:func:`board_games`), which the
:class:`~sonneborn.tiebreaks.context.Context` of a team event's game points
calls once and keeps: WIN, WON, BPG, BWG and REP on ``GP`` count games, not
matches.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sonneborn.event import BLACK, CODE, PLAYED_KINDS, Bools, Ints, of_kinds
from sonneborn.model import ResultKind
from sonneborn.teams import NO_BOARD, TeamEvent


@dataclass(frozen=True, eq=False)
class BoardGames:
    """Every team's games, teams × rounds × boards: what each board scored, whether it was played, with Black."""

    points: Ints
    """The team's game points on the board, in :attr:`unit`."""
    played: Bools
    """Whether the game was played over the board (C.07 15.1)."""
    black: Bools
    """Whether the team's player had Black in a game played."""
    over_board: Bools
    """Teams × rounds: whether the round is a match played over the board (one game of it at least)."""
    unit: int
    """Units per game point (the individual event's)."""
    win: int
    """A game's win, in :attr:`unit`."""
    loss: int


def board_games(teams: TeamEvent) -> BoardGames:
    """The games of every team's rounds, board by board.

    A match played over the board gives its boards as played: the player's points and colour, an empty board
    0 and no game. A round without a match played counts as one unplayed game on every board with the
    round's result (the reading FIDE's checker shares, after Art. 12's for a PAB): a win on every board for
    a PAB, a full-point bye and a forfeit win, a draw for a half-point bye, a loss otherwise.
    """
    matches, table = teams.matches, teams.event.table
    score = table.score
    boards = matches.boards
    present = boards != NO_BOARD
    player = np.where(present, boards, 0)
    column = np.broadcast_to(np.arange(matches.rounds)[None, :, None], boards.shape)
    over_board = of_kinds(matches.kind, PLAYED_KINDS)[:, :, None]
    played = present & over_board & of_kinds(table.kind[player, column], PLAYED_KINDS)
    points = np.where(present & over_board, score.points[player, column], 0)
    black = played & (table.colour[player, column] == BLACK)
    each = np.zeros(len(CODE), dtype=np.int64)
    for kind in (ResultKind.PAIRING_BYE, ResultKind.FULL_BYE, ResultKind.FORFEIT_WIN):
        each[CODE[kind]] = score.win
    each[CODE[ResultKind.HALF_BYE]] = score.draw
    unplayed = each[matches.kind.astype(np.intp)][:, :, None]
    points = np.where(over_board, points, np.broadcast_to(unplayed, boards.shape))
    return BoardGames(points, played, black, over_board[:, :, 0], score.unit, score.win, score.loss)
