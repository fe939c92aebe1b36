"""The knock-out tie-breaks of team events, C.07 Art. 12: Board Count, Top Board Result, Bottom Board Elimination.

Each reads one array, a team's game points on each board over all its matches (:func:`board_points`); the
three are plain functions of it (:func:`board_count`, :func:`top_board_keys`, :func:`bottom_board_keys`),
which the kernels here and the extended direct encounter (13.3.2, :mod:`.extended_encounter`) share.

Art. 12 is for teams "with the same number of match points and game points". BC "can only be used when all
tied teams have the same number of game points" (12.1): in a tied group whose game points differ it
separates nobody. TBR and BBE compare boards one after another; like DE, their value is a team's place in
its tied group (0 where they separate nobody), and their derivation the boards compared.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from sonneborn.event import Ints
from sonneborn.messages import N_, Phrase
from sonneborn.numbers import exact_text
from sonneborn.teams import teams_of
from sonneborn.tiebreaks.boards import BoardGames
from sonneborn.tiebreaks.column import Column, Terms, Value
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.registry import tiebreak
from sonneborn.tiebreaks.spec import Spec


def board_points(games: BoardGames) -> Ints:
    """Each team's game points on each board over all its matches (teams × boards), in
    :attr:`~.boards.BoardGames.unit` (C.07 12, preamble): the sum over the rounds of the games board by board
    (:func:`~.boards.board_games`).

    There a board's game counts as played, an individual forfeit as the win or loss its points are, and a
    round without a match played over the board counts on every board: a PAB as a standard win (12), and, a
    reading where C.07 is silent, a full-point bye and a match won by forfeit as wins, a half-point bye as a
    draw, a zero-point bye and a match lost by forfeit as losses. An empty board scores nothing.

    >>> from sonneborn.formats.trf import read_trf_teams
    >>> from sonneborn.tiebreaks.boards import board_games
    >>> text = "\\n".join([
    ...     "013 Alpha                            1    2",
    ...     "013 Beta                             3    4",
    ...     f"{'001    1      Adams, Ann':<91}   3 w 1",
    ...     f"{'001    2      Brown, Bob':<91}   4 b =",
    ...     f"{'001    3      Clark, Cid':<91}   1 b 0",
    ...     f"{'001    4      Dunne, Dan':<91}   2 w =",
    ... ])
    >>> games = board_games(read_trf_teams(text))
    >>> board_points(games).tolist(), games.unit
    ([[2, 1], [0, 1]], 2)
    """
    found: Ints = games.points.sum(axis=1)
    return found


def games_of(context: Context) -> BoardGames:
    """A team event's games board by board, which its context keeps (:attr:`~.context.Pairings.boards`); a
    :class:`~sonneborn.errors.TiebreakError` for an individual event."""
    games = context.pairings.boards
    if games is None:
        teams_of(context.event)  # the error of an individual event
    assert games is not None
    return games


def board_count(points: Ints) -> Ints:
    """BC, C.07 12.1: the sum over the boards of the board's number times the game points on it (the lower
    the sum, the higher the ranking).

    >>> board_count(np.array([[2, 2], [3, 5]])).tolist()
    [6, 13]
    """
    weights = np.arange(1, points.shape[1] + 1, dtype=np.int64)
    found: Ints = points @ weights
    return found


def top_board_keys(points: Ints) -> Ints:
    """TBR, C.07 12.2, as one key per team: board 1's game points, then board 2's, and so on; the higher the
    key, the better (the rank of the team's boards read top down among every team's)."""
    return _lexical_rank(points)


def bottom_board_keys(points: Ints) -> Ints:
    """BBE, C.07 12.3, as one key per team: the game points without the bottom board, then without the two
    bottom boards, and so on; the higher the key, the better.

    Boards 1–2 give 4, 4 and 3 below, then board 1 alone 1 and 2 between the first two:

    >>> bottom_board_keys(np.array([[1, 3, 0], [2, 2, 4], [2, 1, 9]])).tolist()
    [1, 2, 0]
    """
    sums = np.cumsum(points, axis=1)[:, :-1][:, ::-1]
    return _lexical_rank(sums)


def _lexical_rank(rows: Ints) -> Ints:
    """Each row's rank among the rows, compared element by element (0 for the least; equal rows, equal ranks)."""
    if not rows.shape[1]:
        return np.zeros(rows.shape[0], dtype=np.int64)
    order = np.lexsort(rows.T[::-1])
    ordered = rows[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    ranks = np.empty(len(order), dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    return ranks


def tied_groups(groups: Ints) -> list[Ints]:
    """The rows of every group of more than one row."""
    order = np.argsort(groups, kind="stable")
    bounds = np.flatnonzero(np.diff(groups[order])) + 1
    return [members for members in np.split(order, bounds) if len(members) > 1]


def places_in_groups(groups: Ints, key: Ints) -> Ints:
    """Each row's place in its group by a key (the higher the better; 1 = first, equal keys share it); 0 for
    a row alone in its group or in a group the key does not split.

    >>> places_in_groups(np.array([0, 0, 0, 1, 1, 2]), np.array([5, 7, 5, 1, 1, 0])).tolist()
    [2, 1, 2, 0, 0, 0]
    """
    places = np.zeros(len(groups), dtype=np.int64)
    for members in tied_groups(groups):
        keys = key[members]
        if (keys != keys[0]).any():
            places[members] = (keys[None, :] > keys[:, None]).sum(axis=1) + 1
    return places


def board_text(code: str, points: Ints, unit: int, row: int) -> str:
    """A team's boards as the Art. 12 tie-break ``code`` compares them, for derivations: BC's sum, TBR's
    boards top down, BBE's sums without the bottom boards.

    >>> points = np.array([[6, 5, 2]])
    >>> [board_text(code, points, 2, 0) for code in ("BC", "TBR", "BBE")]
    ['BC 11 = 1×3 + 2×2.5 + 3×1', 'board 1 3, board 2 2.5, board 3 1', 'boards 1–2 5.5, board 1 3']
    """
    values = [int(p) for p in points[row].tolist()]
    if code == "BC":
        terms = [f"{b}×" + Phrase.number(exact_text(Fraction(p, unit))) for b, p in enumerate(values, start=1)]
        total = sum(b * p for b, p in enumerate(values, start=1))
        return "BC " + Phrase.number(exact_text(Fraction(total, unit))) + " = " + Phrase.joined(terms, " + ")
    if code == "TBR":
        boards = [_board(b) + " " + Phrase.number(exact_text(Fraction(p, unit))) for b, p in enumerate(values, start=1)]
        return Phrase.joined(boards, ", ")
    kept = range(len(values) - 1, 0, -1)
    return Phrase.joined(
        [
            (_board(1) if k == 1 else Phrase.of(N_("boards 1–{board}"), board=k))
            + " "
            + Phrase.number(exact_text(Fraction(sum(values[:k]), unit)))
            for k in kept
        ],
        ", ",
    )


def _board(number: int) -> Phrase:
    """``board 3``."""
    return Phrase.of(N_("board {board}"), board=number)


@tiebreak(
    "BC",
    "Board count",
    "C.07 12.1",
    "The sum of each board's number times the game points on it; the lowest first, only among teams with "
    "the same game points.",
    ascending=True,
    group=True,
    edition_free=True,
    teams=True,
)
def board_count_kernel(context: Context, spec: Spec, groups: Ints) -> Column:
    """Board Count, C.07 12.1: Σ board number × game points on that board, over all the team's matches.

    The lower the sum, the higher the ranking; it separates a tied group only when all its teams have the
    same game points (12.1), so in another its key is the same for all.
    """
    games = games_of(context)
    points, unit = board_points(games), games.unit
    total = board_count(points)
    game_points = context.using("GP").scores
    usable = np.ones(context.players, dtype=bool)
    for members in tied_groups(groups):
        usable[members] = (game_points[members] == game_points[members[0]]).all()
    key = np.where(usable, total, 0)

    def derive(row: int) -> Value:
        values = [int(p) for p in points[row].tolist()]
        numbers = [b * p for b, p in enumerate(values, start=1)]
        texts = [
            f"{b}×" + Phrase.number(exact_text(Fraction(p, unit))) + " (" + _board(b) + ")"
            for b, p in enumerate(values, start=1)
        ]
        boards = len(numbers)
        terms = Terms(numbers, unit, texts, [0] * boards, [None] * boards)
        note = "" if usable[row] else Phrase.of(N_("not used: the tied teams' game points differ, C.07 12.1"))
        return Value(Fraction(int(total[row]), unit), terms, note=note)

    denominators = np.full(context.players, unit, dtype=np.int64)
    return Column(total, denominators, np.ones(context.players, dtype=bool), key, derive)


def _by_boards(context: Context, spec: Spec, groups: Ints, keys: Callable[[Ints], Ints]) -> Column:
    """A board tie-break's column: each team's place in its tied group by the keys of its boards, its
    derivation the boards compared."""
    games = games_of(context)
    points, unit = board_points(games), games.unit
    places = places_in_groups(groups, keys(points))
    sizes = np.bincount(groups, minlength=1)

    def derive(row: int) -> Value:
        tied = "" if sizes[groups[row]] > 1 else Phrase.of(N_("not tied at this point; "))
        return Value(Fraction(int(places[row])), note=tied + board_text(spec.code, points, unit, row))

    players = len(groups)
    return Column(places, np.ones(players, dtype=np.int64), np.ones(players, dtype=bool), -places, derive)


@tiebreak(
    "TBR",
    "Top board result",
    "C.07 12.2",
    "Game points on board 1, then on board 2, and so on down; the value is the place within the tied group.",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def top_board_result(context: Context, spec: Spec, groups: Ints) -> Column:
    """Top Board Result, C.07 12.2: the game points on board 1 over all matches; if that is not decisive,
    board 2's, and so on. The value is the team's place in its tied group (0 where TBR separates nobody)."""
    return _by_boards(context, spec, groups, top_board_keys)


@tiebreak(
    "BBE",
    "Bottom board elimination",
    "C.07 12.3",
    "Game points on every board but the bottom one, then but the two bottom ones, and so on; the value is "
    "the place within the tied group.",
    integral=True,
    group=True,
    edition_free=True,
    teams=True,
)
def bottom_board_elimination(context: Context, spec: Spec, groups: Ints) -> Column:
    """Bottom Board Elimination, C.07 12.3: the game points on all boards but the bottom one; if that is not
    decisive, without the next board up too, and so on. The value is the team's place in its tied group (0
    where BBE separates nobody)."""
    return _by_boards(context, spec, groups, bottom_board_keys)
