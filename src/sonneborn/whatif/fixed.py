"""Results fixed before they are played: ``whatif --set R.B=RESULT`` and the page's "What if" tab.

A fixed result names a game still to be played by its round and its board, numbered as the round view numbers
them (:meth:`Table.boards <sonneborn.event.Table.boards>`), and gives its result from White's side as
:class:`~.scenarios.Outcomes` writes it: ``1-0``, ``½-½`` (or ``1/2-1/2``), ``0-1``; a team match's score
(``2½-1½``). :func:`fix` sets them on the event, both sides of each game, as a scenario sets its outcomes
(:meth:`Table.with_games <sonneborn.event.Table.with_games>`): the event with those games played, whose
standings are ranked as ``standings`` ranks any event, and whose other games stay open.

>>> parse_fixed(["3.1=1-0, 3.2=1/2-1/2"])
(Fixed(round=3, board=1, result='1-0'), Fixed(round=3, board=2, result='½-½'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from sonneborn.errors import OptionError
from sonneborn.event import Event
from sonneborn.messages import N_, Message
from sonneborn.whatif.scenarios import Open, set_items

__all__ = ["Board", "Fixed", "fix", "open_boards", "parse_fixed"]

_FIXED = re.compile(r"\s*(\d{1,9})\s*\.\s*(\d{1,9})\s*=\s*(\S+)\s*")
_HALF = re.compile(r"(\d*)(?:\.5|1/2|½)")


@dataclass(frozen=True, slots=True)
class Fixed:
    """One result fixed: the game on board :attr:`board` of round :attr:`round`, its result from White's side."""

    round: int
    """The round, from 1."""
    board: int
    """The board, from 1, as :meth:`Table.boards <sonneborn.event.Table.boards>` numbers a round's games."""
    result: str
    """White's score, a hyphen, Black's: ``1-0``, ``½-½``, ``0-1`` (a match's ``2½-1½``), halves written ``½``."""

    def __str__(self) -> str:
        return f"{self.round}.{self.board}={self.result}"


@dataclass(frozen=True, slots=True)
class Board:
    """A game still to be played, where the page and ``--set`` find it."""

    round: int
    board: int
    item: int
    """Its item in :class:`~.scenarios.Open` (its outcomes: :meth:`Open.outcomes`)."""
    white: int
    """White's row (the lower row when the colours are not known); :attr:`black` the other's."""
    black: int


def _score(text: str) -> str:
    """A side's score as the outcomes write it: ``0.5``, ``1/2`` and ``½`` alike are ``½``, ``2.5`` ``2½``."""
    return _HALF.sub(lambda found: ("" if found.group(1) in ("", "0") else found.group(1)) + "½", text)


def parse_fixed(texts: Iterable[str]) -> tuple[Fixed, ...]:
    """Fixed results as ``--set`` and the API's ``results`` write them: ``ROUND.BOARD=RESULT``, several separated
    by commas; a board fixed twice, or a text of another form, is the option's error."""
    found: list[Fixed] = []
    for text in texts:
        for part in text.split(","):
            if not part.strip():
                continue
            match = _FIXED.fullmatch(part)
            sides = match.group(3).replace("–", "-").replace("—", "-").split("-") if match else []
            if match is None or len(sides) != 2 or not all(sides):
                template = N_("fixed result {text}: expected ROUND.BOARD=RESULT, such as 9.1=1-0 or 9.2=½-½")
                raise OptionError(Message.of(template, text=repr(part.strip())), option="results")
            fixed = Fixed(int(match.group(1)), int(match.group(2)), "-".join(_score(side) for side in sides))
            if any((f.round, f.board) == (fixed.round, fixed.board) for f in found):
                template = N_("fixed result {text}: round {round} board {board} is fixed twice")
                message = Message.of(template, text=repr(part.strip()), round=fixed.round, board=fixed.board)
                raise OptionError(message, option="results")
            found.append(fixed)
    return tuple(found)


def open_boards(open_: Open) -> list[Board]:
    """The games still to be played, round by round and board by board (the round's boards as the round view
    numbers them, those played already left out)."""
    table = open_.event.table
    games = np.flatnonzero(open_.others >= 0)
    items = {(int(open_.rows[i]), int(open_.columns[i])): int(i) for i in games}
    found = []
    for column in sorted({int(open_.columns[i]) for i in games}):
        for board, (white, black) in enumerate(table.boards(column), start=1):
            item = items.get((white, column))
            if item is not None:
                found.append(Board(column + 1, board, item, white, black))
    return found


def fix(open_: Open, fixed: Sequence[Fixed]) -> Event:
    """The event with these results set on both sides of each game (the others still to be played); a round,
    board or result the event does not have still to decide is the option's error, naming it."""
    if not fixed:
        return open_.event
    boards = {(board.round, board.board): board for board in open_boards(open_)}
    items, choices = [], []
    for each in fixed:
        board = boards.get((each.round, each.board))
        if board is None:
            template = N_("fixed result {text}: round {round} has no board {board} still to be played")
            message = Message.of(template, text=str(each), round=each.round, board=each.board)
            raise OptionError(message, option="results")
        labels = open_.outcomes(board.item).labels
        if each.result not in labels:
            template = N_("fixed result {text}: expected one of {results}")
            message = Message.of(template, text=str(each), results=", ".join(labels))
            raise OptionError(message, option="results")
        items.append(board.item)
        choices.append(labels.index(each.result))
    event = open_.event
    chosen = np.array(items, dtype=np.int64)
    table = set_items(event.table, open_, chosen, np.array(choices, dtype=np.int64))
    return Event(table, event.roster, event.info, event.teams).with_kind(event.kind)
