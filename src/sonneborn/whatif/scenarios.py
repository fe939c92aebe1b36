"""What is still to be decided in an event, and a scenario: a change of those results on the same table.

An event before its last rounds has rounds paired but not played (a TRF block with an opponent and a blank
result or ``?``, a PGN game ``*``, a JSON round ``"*"`` with an opponent): each is a :class:`Game` still to
be played, with its outcomes (a win, a draw or a loss; a team match's game points from 0 to every board
won). Rounds that nobody is paired in yet are known only as scores: each player's is a one-sided item,
scored as a full-, half- or zero-point bye, as an arbiter's table scores a round without an opponent (a round
robin's are its schedule's games, set before: :mod:`.schedule`).
A player left unpaired in a paired round is absent: a zero-point bye, as the readers score such a round.

:class:`Open` holds them all as arrays, and :meth:`Open.table` sets one choice of outcome per item on the
table, both sides of each game, without touching anything else; :meth:`Open.rank` ranks it with what the
scenario did not change (the games played, the rounds counted, the Art. 16 categories) shared.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.event import Event
>>> event = Event.of(seed_event())
>>> Open.of(event).items  # the event is over: nothing is still to be decided
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from sonneborn.errors import OptionError
from sonneborn.event import CODE, NOT_PLAYED, Event, Ints, Table
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, ResultKind
from sonneborn.ranking import Standings, rank
from sonneborn.teams import teams_of
from sonneborn.tiebreaks import Spec
from sonneborn.tiebreaks.context import Pairings
from sonneborn.tiebreaks.rules import Rules

__all__ = ["Open", "Outcomes", "set_items"]

_GAME = (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS)
_SCORE_ONLY = (ResultKind.FULL_BYE, ResultKind.HALF_BYE, ResultKind.ZERO_BYE)


@dataclass(frozen=True, eq=False)
class Outcomes:
    """The outcomes an item may have, as arrays by outcome: each side's kind code and points per score."""

    first_kind: Ints
    second_kind: Ints
    first_points: dict[str, Ints]
    """Units of each score of the first side (White, or the row of the one-sided item), by outcome."""
    second_points: dict[str, Ints]
    labels: tuple[str, ...]
    """How each outcome is written: ``1-0``, ``½-½``, ``0-1``; a match's ``2½-1½``; a score's ``1``."""
    share: Ints
    """The first side's share of the item in units of :attr:`whole` (a win 2, a draw 1 of 2): the Elo model's."""
    whole: int

    def __len__(self) -> int:
        return len(self.labels)


def _half(value: Fraction) -> str:
    whole, rest = divmod(value, 1)
    text = "" if whole == 0 and rest else str(int(whole))
    return text + ("½" if rest == Fraction(1, 2) else "" if not rest else f"+{rest}")


def _individual(table: Table, kinds: Sequence[ResultKind], *, one_sided: bool) -> Outcomes:
    score = table.score
    first = np.array([CODE[k] for k in kinds], dtype=np.int8)
    second = np.array([CODE[k.complement] if not one_sided else NOT_PLAYED for k in kinds], dtype=np.int8)
    points = np.array([int(score.system[CODE[k]]) for k in kinds], dtype=np.int64)
    others = np.array([int(score.system[c]) for c in second], dtype=np.int64)
    values = [Fraction(int(p), score.unit) for p in points]
    labels = (
        tuple(_half(v) for v in values)
        if one_sided
        else tuple(f"{_half(v)}-{_half(Fraction(int(o), score.unit))}" for v, o in zip(values, others, strict=True))
    )
    return Outcomes(first, second, {table.primary: points}, {table.primary: others}, labels, np.array([2, 1, 0]), 2)


def _matches(event: Event) -> Outcomes:
    """A team match's outcomes: the first team's game points from every board won down to none, its MP by them
    (C.07 11.1), the boards played (no forfeit)."""
    teams = teams_of(event)
    table = event.table
    boards = teams.matches.board_count
    games = teams.points.games
    mp, gp = table.scores["MP"], table.scores["GP"]
    board_unit = 1
    for value in (games.win, games.draw, games.loss):
        board_unit = max(board_unit, value.denominator)
    whole = boards * (games.win * board_unit)
    steps = [Fraction(k, board_unit) for k in range(int(whole), -1, -1)]
    total = boards * games.win
    first_kind, second_kind, first_mp, second_mp, first_gp, second_gp, labels, share = [], [], [], [], [], [], [], []
    for own in steps:
        other = total - own
        kind = ResultKind.WIN if own > other else ResultKind.DRAW if own == other else ResultKind.LOSS
        first_kind.append(CODE[kind])
        second_kind.append(CODE[kind.complement])
        first_mp.append({ResultKind.WIN: mp.win, ResultKind.DRAW: mp.draw, ResultKind.LOSS: mp.loss}[kind])
        second_mp.append({ResultKind.WIN: mp.loss, ResultKind.DRAW: mp.draw, ResultKind.LOSS: mp.win}[kind])
        first_gp.append(int(own * gp.unit))
        second_gp.append(int(other * gp.unit))
        labels.append(f"{_half(own)}-{_half(other)}")
        share.append(int(own * board_unit))
    return Outcomes(
        np.array(first_kind, dtype=np.int8),
        np.array(second_kind, dtype=np.int8),
        {"MP": np.array(first_mp), "GP": np.array(first_gp)},
        {"MP": np.array(second_mp), "GP": np.array(second_gp)},
        tuple(labels),
        np.array(share),
        int(whole),
    )


@dataclass(frozen=True, eq=False)
class Open:
    """Everything still to be decided in an event, as arrays of items (games first, then one-sided scores),
    and the event completed: every open item given its first outcome, every unpaired absence a zero-point bye.
    """

    event: Event
    """The event as read."""
    base: Event
    """The event with every item decided (its first outcome), its kind stated: what each scenario changes."""
    rows: Ints
    """The first side's row of each item (White's, when known)."""
    others: Ints
    """The second side's row, −1 for a round known only as a score."""
    columns: Ints
    """The round of each item, 0-based."""
    game: Outcomes
    score_only: Outcomes
    paired_rounds: tuple[int, ...]
    """The rounds (1-based) with games still to be played."""
    unpaired_rounds: tuple[int, ...]
    """The rounds (1-based) nobody is paired in yet: known only as scores."""
    absences: int
    """Players left unpaired in a paired round: scored as absent (a zero-point bye)."""
    scheduled: tuple[int, ...] = ()
    """The rounds (1-based) whose games a round robin's schedule gives, not the file (:mod:`.schedule`)."""

    @property
    def items(self) -> int:
        return len(self.rows)

    @property
    def players(self) -> int:
        return self.base.players

    @property
    def games(self) -> int:
        """The items that are games (two sides); the rest are one-sided scores."""
        return int((self.others >= 0).sum())

    def outcomes(self, item: int) -> Outcomes:
        return self.game if self.others[item] >= 0 else self.score_only

    @property
    def counts(self) -> Ints:
        """The number of outcomes of each item."""
        return np.where(self.others >= 0, len(self.game), len(self.score_only))

    @property
    def appearances(self) -> Ints:
        """How many items still open each player has (a side of a game, or a score of his own)."""
        games = self.others >= 0
        found: Ints = np.bincount(self.rows, minlength=self.players) + np.bincount(
            self.others[games], minlength=self.players
        )
        return found

    @property
    def item_of(self) -> Ints:
        """Each player's item still open (of a player with several, the last), −1 for none."""
        found = np.full(self.players, -1)
        found[self.rows] = np.arange(self.items)
        games = self.others >= 0
        found[self.others[games]] = np.flatnonzero(games)
        return found

    @classmethod
    def of(cls, event: Event, scheduled: Sequence[int] = ()) -> Open:
        """What is still to be decided in an event (nothing, when it is over); ``scheduled``, the rounds whose
        games a round robin's schedule set (:func:`.schedule.scheduled`), for the notes."""
        table = event.table
        players = table.players
        open_rounds = table.kind == NOT_PLAYED
        paired = open_rounds & (table.opponent >= 0)
        rows_index = np.arange(players)[:, None]
        # The game's first side is White when the colours say so, else the lower row.
        white = (table.colour == 1) | ((table.colour == 0) & (table.opponent > rows_index))
        game_rows, game_columns = np.nonzero(paired & white)
        game_others = table.opponent[game_rows, game_columns]
        column_paired = (table.opponent >= 0).any(axis=0) | (table.kind != NOT_PLAYED).any(axis=0)
        unpaired_columns = np.flatnonzero(~column_paired)
        lone = open_rounds & (table.opponent < 0)
        absent = lone & column_paired[None, :]
        free = absent.copy()  # an odd round robin's free rounds: one a round, a zero-point bye, no absence
        if event.kind is EventKind.ROUND_ROBIN and players % 2:
            free &= ((table.opponent < 0).sum(axis=0) == 1)[None, :]
        else:
            free[:] = False
        single_rows, single_columns = np.nonzero(lone & ~column_paired[None, :])
        order = np.lexsort((game_rows, game_columns))
        game_rows, game_columns, game_others = game_rows[order], game_columns[order], game_others[order]
        rows = np.concatenate([game_rows, single_rows]).astype(np.int64)
        others = np.concatenate([game_others, np.full(len(single_rows), -1)]).astype(np.int64)
        columns = np.concatenate([game_columns, single_columns]).astype(np.int64)
        if event.teams is not None:
            game = _matches(event)
            score_only = _team_scores(event)
        else:
            game = _individual(table, _GAME, one_sided=False)
            score_only = _individual(table, _SCORE_ONLY, one_sided=True)
        made = cls(
            event,
            event,
            rows,
            others,
            columns,
            game,
            score_only,
            tuple(sorted({int(c) + 1 for c in game_columns})),
            tuple(int(c) + 1 for c in unpaired_columns),
            int((absent & ~free).sum()),
            tuple(scheduled),
        )
        kind = table.kind.copy()
        kind[absent] = CODE[ResultKind.ZERO_BYE]
        scores = {}
        for name, score in table.scores.items():
            points = score.points.copy()
            points[absent] = score.system[CODE[ResultKind.ZERO_BYE]]
            scores[name] = replace(score, points=points)
        with_absences = replace(table, kind=kind, scores=scores)
        choice = np.zeros(len(rows), dtype=np.int64)
        base = Event(made.table(choice, with_absences), event.roster, event.info, event.teams).with_kind(event.kind)
        return replace(made, base=base)

    def table(self, choice: Ints, start: Table | None = None) -> Table:
        """The table with every item given an outcome (its index in :attr:`outcomes`), both sides of each game
        set, nothing else changed."""
        table = self.base.table if start is None else start
        return _set(table, self, self.rows, self.others, self.columns, choice)

    def gains(self, name: str) -> tuple[Ints, Ints]:
        """What each outcome of each item adds to the first and the second side's score ``name``, in units
        (items × outcomes, padded with the item's last outcome), for bounds and enumeration by points."""
        width = max(len(self.game), len(self.score_only))

        def padded(values: Ints) -> Ints:
            return np.concatenate([values, np.repeat(values[-1:], width - len(values))])

        game_first, game_second = padded(self.game.first_points[name]), padded(self.game.second_points[name])
        single = padded(self.score_only.first_points[name])
        games = (self.others >= 0)[:, None]
        first = np.where(games, game_first[None, :], single[None, :])
        second = np.where(games, game_second[None, :], 0)
        return first, second

    def before(self, name: str) -> Ints:
        """Every player's score ``name`` before the items still open, in units: the table's, less what each
        item's first outcome, at which the table holds it, gave each side."""
        first, second = self.gains(name)
        games = self.others >= 0
        found: Ints = self.base.table.scores[name].totals.astype(np.int64)
        found -= np.bincount(self.rows, first[:, 0], minlength=self.players).astype(np.int64)
        found -= np.bincount(self.others[games], second[games, 0], minlength=self.players).astype(np.int64)
        return found

    def ranker(self, specs: Sequence[Spec] | None, *, rules: Rules, unrated_rating: int | None) -> Ranker:
        """The ranking of this event's scenarios, sharing what they do not change."""
        return Ranker(self, specs, rules, unrated_rating)


def set_items(table: Table, open_: Open, items: Ints, choice: Ints) -> Table:
    """The table with some items (their indices) given an outcome each, both sides of each game, nothing else
    changed: the results ``whatif --set`` fixes (:mod:`.fixed`)."""
    return _set(table, open_, open_.rows[items], open_.others[items], open_.columns[items], choice)


def _set(table: Table, open_: Open, rows: Ints, others: Ints, columns: Ints, choice: Ints) -> Table:
    """The table with each item (its rows, round and chosen outcome) set, through :meth:`Table.with_games`."""
    games = others >= 0
    game, single = open_.game, open_.score_only
    g, s = np.where(games, choice, 0), np.where(games, 0, choice)
    first_kind = np.where(games, game.first_kind[g], single.first_kind[s]).astype(np.int8)
    second_kind = np.where(games, game.second_kind[g], single.second_kind[s]).astype(np.int8)
    points = {
        name: (
            np.where(games, game.first_points[name][g], single.first_points[name][s]),
            np.where(games, game.second_points[name][g], 0),
        )
        for name in table.scores
    }
    return table.with_games(rows, others, columns, first_kind, second_kind, points)


def _team_scores(event: Event) -> Outcomes:
    """A team's round known only as a score: a won, drawn or lost match's MP and GP, as the byes score them."""
    teams = teams_of(event)
    boards = teams.matches.board_count
    table = event.table
    mp, gp = table.scores["MP"], table.scores["GP"]
    games = teams.points.games
    kinds = np.array([CODE[k] for k in _SCORE_ONLY], dtype=np.int8)
    first_gp = [int(boards * v * gp.unit) for v in (games.win, games.draw, games.loss)]
    return Outcomes(
        kinds,
        np.full(3, NOT_PLAYED, dtype=np.int8),
        {"MP": np.array([mp.win, mp.draw, mp.loss]), "GP": np.array(first_gp)},
        {"MP": np.zeros(3, dtype=np.int64), "GP": np.zeros(3, dtype=np.int64)},
        ("won", "drawn", "lost"),
        np.array([2, 1, 0]),
        2,
    )


class Ranker:
    """Ranks scenarios of one event with one list: each a change of results on the same table, ranked by the
    one engine (:func:`sonneborn.ranking.rank`) with the arrays the scenarios share computed once."""

    def __init__(self, open_: Open, specs: Sequence[Spec] | None, rules: Rules, unrated_rating: int | None) -> None:
        self.open = open_
        base = open_.base
        first = rank(base, specs, rules=rules, unrated_rating=unrated_rating)
        self.specs = first.tiebreaks
        if base.teams is not None:
            _refuse_board_codes(self.specs)
        self.pairings = Pairings(base, base.table, rules, unrated_rating)
        self.same_byes = not bool(open_.unpaired_rounds)

        # Many scenarios are ranked at once, as copies of the event in one table, each ranked inside its own
        # group: every kernel reads a player's own games and his opponents', so a copy's values are its
        # scenario's. Only the free rounds of a round robin of an odd number (C.07 9.2) count the players, so
        # such an event is ranked one scenario at a time; a team event too (its boards are its own).
        odd_round_robin = self.pairings.is_round_robin and base.players % 2 == 1
        self.stacks = base.teams is None and not odd_round_robin
        self._stacked: dict[int, tuple[Event, Pairings]] = {}

    def standings(self, choice: Ints) -> Standings:
        """The standings of one scenario."""
        base = self.open.base
        table = self.open.table(choice)
        event = Event(table, base.roster, base.info, base.teams)
        return rank(event, self.specs, like=self.pairings, same_byes=self.same_byes)

    def ranks(self, choices: Ints) -> Ints:
        """The final places of many scenarios (scenarios × players), each ranked as :meth:`standings` ranks it."""
        count, players = len(choices), self.open.players
        if not self.stacks or count == 1:
            return np.array([self.standings(choice).ranks for choice in choices]).reshape(count, players)
        ranks: Ints = self.stacked(choices).ranks.reshape(count, players) - (np.arange(count) * players)[:, None]
        return ranks

    def stacked(self, choices: Ints) -> Standings:
        """The standings of many scenarios in one table (:attr:`stacks`): scenario ``k``'s row ``r`` is row
        ``k × players + r``, its place ``rank − k × players``."""
        count, players = len(choices), self.open.players
        event, pairings = self._stack(count)
        open_ = self.open
        offsets = (np.arange(count) * players)[:, None]
        rows = (open_.rows[None, :] + offsets).ravel()
        others = np.where(open_.others[None, :] >= 0, open_.others[None, :] + offsets, -1).ravel()
        changed = _set(event.table, open_, rows, others, np.tile(open_.columns, count), choices.ravel())
        within = np.repeat(np.arange(count), players)
        return rank(
            Event(changed, event.roster, event.info),
            self.specs,
            like=pairings,
            same_byes=self.same_byes,
            within=within,
        )

    def _stack(self, count: int) -> tuple[Event, Pairings]:
        """The base event ``count`` times in one table, each copy's opponents its own rows."""
        found = self._stacked.get(count)
        if found is None:
            base = self.open.base
            table = base.table
            players = table.players
            offsets = (np.arange(count) * players)[:, None, None]
            opponent = np.where(table.opponent[None] >= 0, table.opponent[None] + offsets, -1)
            scores = {
                name: replace(
                    score,
                    points=np.tile(score.points, (count, 1)),
                    awarded=np.tile(score.awarded, (count, 1)),
                    adjustment=np.tile(score.adjustment, count),
                )
                for name, score in table.scores.items()
            }
            stacked = Table(
                opponent.reshape(count * players, -1),
                np.tile(table.kind, (count, 1)),
                np.tile(table.colour, (count, 1)),
                np.tile(table.rating, count),
                scores,
                table.primary,
            )
            roster = replace(base.roster, names=list(base.roster.names) * count)
            event = Event(stacked, roster, base.info)
            found = self._stacked[count] = (
                event,
                Pairings(event, stacked, self.pairings.rules, self.pairings.unrated_rating),
            )
        return found


BOARD_CODES = frozenset({"BC", "TBR", "BBE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB"})
"""Team tie-breaks that read each board's result, which a match still to be played does not have yet."""


def _refuse_board_codes(specs: Sequence[Spec]) -> None:
    for spec in specs:
        if spec.code in BOARD_CODES or (spec.score == "GP" and spec.code in {"WIN", "WON", "BPG", "BWG", "GE", "REP"}):
            template = N_(
                "whatif ranks a team event's matches by their MP and GP; {code} reads each board's result, which a "
                "match still to be played does not have (choose a list without it)"
            )
            raise OptionError(Message.of(template, code=str(spec)), option="tiebreaks")
