"""A round robin's schedule: the games of the rounds not paired yet, and a withdrawn player's forfeits.

In a round robin every pair meets once a cycle (twice in a double round robin), so the games of the rounds the
file has not paired yet are known: each pair that has not met as often as the cycles say. Their rounds and
colours come from the Berger tables (FIDE C.05 Annex 1), pairing numbers 1 … n (a dummy n + 1 in an odd event,
whose opponent has the free round): the start numbers when the file's games follow the tables so, else the
numbers the file's games fit (numbers drawn by lot). A second cycle repeats the first, colours reversed. When
the file's games fit no Berger table, or the rounds are not whole cycles, the rounds not paired stay known only
as scores (the note says why).

A player who has games still to come has withdrawn (C.07 16.1.1) when the file leaves him out of its next round
paired (no opponent, no result or an absence) and it is not his free round, or, not paired in it, when his last
round played is a forfeit loss or an absence (not his free round): his games still to come are not played, each a
forfeit loss for him and a forfeit win for his opponent, which a round robin counts as games (C.07 15.2; the
rating tie-breaks and Type B's forfeit losses as unplayed). The round he was left out of stays the file's.
A team round robin's alike, its rows teams: a forfeited match (TRF-26 330) lost, a team's matches forfeited.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.event import Event
>>> scheduled(Event.of(seed_event())).rounds  # the event is over: nothing to schedule
()
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sonneborn.event import BLACK, CODE, NOT_PLAYED, UNKNOWN, WHITE, Event, Ints
from sonneborn.messages import N_, Message, rounds_message
from sonneborn.model import EventKind, ResultKind

__all__ = ["BUDGET", "Schedule", "berger", "scheduled"]

BUDGET = 200_000
"""The most labels tried in the search of pairing numbers the file's games fit (then: no Berger table)."""

_FREE = CODE[ResultKind.ZERO_BYE]
_FORFEIT_WIN, _FORFEIT_LOSS = CODE[ResultKind.FORFEIT_WIN], CODE[ResultKind.FORFEIT_LOSS]


def berger(players: int) -> tuple[Ints, Ints]:
    """The Berger tables of a round robin of ``players`` (C.05 Annex 1), by pairing number 0 … N − 1 (N the
    players, one more when odd: the dummy): each round's opponent of each number and whether he has White
    (rounds × N).

    Numbers ``i < j < N`` (1-based) meet in round ``(i + j − 2) mod (N − 1) + 1``, the lower White when ``i + j``
    is odd; ``i`` meets ``N`` in round ``(2i − 2) mod (N − 1) + 1``, ``N`` White in the even rounds.

    >>> opponent, white = berger(4)
    >>> [[(a + 1, int(opponent[r, a]) + 1) for a in range(4) if white[r, a]] for r in range(3)]
    [[(1, 4), (2, 3)], [(1, 2), (4, 3)], [(2, 4), (3, 1)]]
    """
    size = players + players % 2
    rounds = size - 1
    opponent = np.zeros((rounds, size), dtype=np.int64)
    white = np.zeros((rounds, size), dtype=bool)
    for i in range(1, size):
        for j in range(i + 1, size):
            r = (i + j - 2) % rounds
            opponent[r, i - 1], opponent[r, j - 1] = j - 1, i - 1
            white[r, i - 1 if (i + j) % 2 else j - 1] = True
        r = (2 * i - 2) % rounds
        opponent[r, i - 1], opponent[r, size - 1] = size - 1, i - 1
        white[r, size - 1 if (r + 1) % 2 == 0 else i - 1] = True
    return opponent, white


@dataclass(frozen=True, eq=False)
class Schedule:
    """The event with its round robin's games still to come set (each still to be played), and what was done."""

    event: Event
    rounds: tuple[int, ...]
    """The rounds (1-based) whose games the schedule gives, not the file."""
    withdrawn: tuple[int, ...]
    """The rows of the players found withdrawn (their games still to come forfeited)."""
    notes: tuple[Message, ...]


def _short(event: Event, per: int) -> bool:
    """Whether the games the file lacks are just those of the rounds that would complete its last cycle: each
    pair met at most as often as the cycles say, and the pairs short of it hold every player once a round."""
    table = event.table
    players = table.players
    planned = -(-table.rounds // per) * per
    met = np.zeros((players, players), dtype=np.int64)
    rows, columns = np.nonzero(table.opponent >= 0)
    np.add.at(met, (rows, table.opponent[rows, columns]), 1)
    left = planned // per - met
    np.fill_diagonal(left, 0)
    return bool((left >= 0).all() and int(left.sum()) // 2 == (planned - table.rounds) * (players // 2))


def _padded(event: Event, rounds: int) -> Event:
    """The event with rounds added after its last, not paired yet (no opponent, no result)."""
    table = event.table
    more = rounds - table.rounds

    def pad(values: Ints, fill: int) -> Ints:
        found: Ints = np.concatenate([values, np.full((table.players, more), fill, dtype=values.dtype)], axis=1)
        return found

    scores = {
        name: replace(score, points=pad(score.points, 0), awarded=pad(score.awarded, False))
        for name, score in table.scores.items()
    }
    changed = replace(
        table, opponent=pad(table.opponent, -1), kind=pad(table.kind, NOT_PLAYED), colour=pad(table.colour, UNKNOWN),
        scores=scores,
    )  # fmt: skip
    return Event(changed, event.roster, event.info, event.teams).with_kind(event.kind)


def _games(event: Event, count: int) -> Message:
    if event.teams is not None:
        return Message.ngettext("{count} match", "{count} matches", count)
    return Message.ngettext("{count} game", "{count} games", count)


def _unpaired(event: Event) -> Ints:
    table = event.table
    paired = (table.opponent >= 0).any(axis=0) | (table.kind != NOT_PLAYED).any(axis=0)
    found: Ints = np.flatnonzero(~paired)
    return found


def _fits(event: Event, opponent: Ints, white: Ints, labels: Ints, per: int) -> bool:
    """Whether every game of the file is the Berger tables' under these numbers (rows → numbers), colours too."""
    table = event.table
    rows, columns = np.nonzero(table.opponent >= 0)
    q = columns % per
    reverse = (columns // per) % 2 == 1
    others = table.opponent[rows, columns]
    if (opponent[q, labels[rows]] != labels[others]).any():
        return False
    colour = table.colour[rows, columns]
    known = colour != UNKNOWN
    has_white = white[q, labels[rows]] ^ reverse
    return bool((has_white[known] == (colour[known] == WHITE)).all())


def _search_labels(event: Event, opponent: Ints, white: Ints, per: int) -> Ints | None:
    """Pairing numbers under which every game of the file is the Berger tables' (a row's number fixes those of
    everyone he met, round by round), or ``None`` when none is found within :data:`BUDGET`."""
    table = event.table
    players, size = table.players, opponent.shape[1]
    games: list[list[tuple[int, int, int]]] = [[] for _ in range(players)]  # (column, other, colour)
    for row, column in zip(*np.nonzero(table.opponent >= 0), strict=True):
        games[int(row)].append((int(column), int(table.opponent[row, column]), int(table.colour[row, column])))
    labels = np.full(players, -1, dtype=np.int64)
    used = np.zeros(size, dtype=bool)
    tried = 0

    def assign(row: int, label: int, set_now: list[int]) -> bool:
        stack = [(row, label)]
        while stack:
            r, lab = stack.pop()
            if labels[r] >= 0:
                if labels[r] != lab:
                    return False
                continue
            if used[lab] or (lab == size - 1 and players < size):  # the dummy is nobody's number
                return False
            labels[r], used[lab] = lab, True
            set_now.append(r)
            for column, other, colour in games[r]:
                q, reverse = column % per, (column // per) % 2 == 1
                if colour != UNKNOWN and bool(white[q, lab] ^ reverse) != (colour == WHITE):
                    return False
                stack.append((other, int(opponent[q, lab])))
        return True

    def undo(set_now: list[int]) -> None:
        for r in set_now:
            used[labels[r]] = False
            labels[r] = -1

    def solve() -> bool:
        nonlocal tried
        free = np.flatnonzero(labels < 0)
        if not free.size:
            return True
        row = int(free[0])
        for label in np.flatnonzero(~used).tolist():
            tried += 1
            if tried > BUDGET:
                return False
            set_now: list[int] = []
            if assign(row, label, set_now) and solve():
                return True
            undo(set_now)
        return False

    try:
        return labels if solve() else None
    except RecursionError:  # more groups of players met than a search that deep can number: none found
        return None


def _assigned(event: Event, unpaired: Ints, per: int) -> tuple[Ints, Ints] | None:
    """The games still to come (each pair that has not met as often as the cycles say) placed in the rounds not
    paired yet, each round every player once (an odd event's: one free, who has had fewer free rounds than the
    cycles so far), found by search within :data:`BUDGET`; the opponents and colours of those rounds (rows ×
    rounds), or ``None``. Colours: a pair's second game reverses its first, else White to the player with fewer
    Whites (then the one who had Black last, then the lower start number)."""
    table = event.table
    players = table.players
    cycles = table.rounds // per
    met = np.zeros((players, players), dtype=np.int64)
    rows_, cols_ = np.nonzero(table.opponent >= 0)
    np.add.at(met, (rows_, table.opponent[rows_, cols_]), 1)
    left = cycles - met
    np.fill_diagonal(left, 0)
    if (left < 0).any():
        return None
    odd = players % 2 == 1
    paired: Ints = np.asarray((table.opponent >= 0).any(axis=0))
    frees = ((table.opponent < 0) & paired[None, :]).sum(axis=1)  # free rounds of the rounds with games
    frees_left = np.maximum(cycles - frees, 0) if odd else np.zeros(players, dtype=np.int64)
    count = len(unpaired)
    found = np.full((players, count), -1, dtype=np.int64)
    tried = 0

    def fill(column: int, taken: Ints, free_used: bool) -> bool:
        nonlocal tried
        if column == count:
            return bool((left == 0).all())
        rest = np.flatnonzero(taken == 0)
        if not rest.size:
            return (free_used or not odd) and fill(column + 1, np.zeros(players, dtype=np.int64), False)
        row = int(rest[0])
        choices = [int(o) for o in rest[1:] if left[row, o] > 0]
        if odd and not free_used and frees_left[row] > 0:
            choices.append(-1)
        for other in choices:
            tried += 1
            if tried > BUDGET:
                return False
            taken[row] = 1
            if other < 0:
                frees_left[row] -= 1
            else:
                taken[other] = 1
                left[row, other] -= 1
                left[other, row] -= 1
                found[row, column], found[other, column] = other, row
            if fill(column, taken, free_used or other < 0):
                return True
            taken[row] = 0
            if other < 0:
                frees_left[row] += 1
            else:
                taken[other] = 0
                left[row, other] += 1
                left[other, row] += 1
                found[row, column] = found[other, column] = -1
        return False

    try:
        if not fill(0, np.zeros(players, dtype=np.int64), False):
            return None
    except RecursionError:  # more games to place than a search that deep holds (a big field): none found
        return None
    colour = np.full((players, count), UNKNOWN, dtype=np.int8)
    whites = (table.colour == WHITE).sum(axis=1)
    last = np.zeros(players, dtype=np.int8)
    for row in range(players):
        known = np.flatnonzero(table.colour[row] != UNKNOWN)
        last[row] = table.colour[row, known[-1]] if known.size else UNKNOWN
    for column in range(count):
        for row in range(players):
            other = int(found[row, column])
            if other <= row:
                continue
            before = np.flatnonzero(table.opponent[row] == other)
            if before.size and table.colour[row, before[-1]] != UNKNOWN:
                white = table.colour[row, before[-1]] == BLACK
            elif whites[row] != whites[other]:
                white = whites[row] < whites[other]
            elif last[row] != last[other]:
                white = last[row] == BLACK or last[other] == WHITE
            else:
                white = True
            colour[row, column], colour[other, column] = (WHITE, BLACK) if white else (BLACK, WHITE)
            winner = row if white else other
            whites[winner] += 1
            last[row], last[other] = colour[row, column], colour[other, column]
    return found, colour


def _withdrawn(event: Event, scheduled: Event, free: Ints | None) -> dict[int, tuple[int, bool]]:
    """The players withdrawn (C.07 16.1.1), each with the round (1-based) that shows it and whether he was left
    out of a round the file pairs; each has games still to come (in ``scheduled``, the schedule's event) and is
    not paired in the file's next round (an opponent, the result blank):

    - left out of the file's next round paired (no opponent, no result or an absence) when that round is not his
      free round (``free``: each row's free rounds by the schedule, rows × rounds; without it, nobody in an odd
      round robin: its free player is not told from the others);
    - else, his last round played (in ``event``, the file's) a forfeit loss or an absence (not his free round).
    """
    table = event.table
    played = table.played_rounds
    if not played:
        return {}
    later = scheduled.table
    to_come = ((later.kind == NOT_PLAYED) & (later.opponent >= 0)).any(axis=1)
    odd = table.players % 2 == 1
    open_paired = (table.kind == NOT_PLAYED) & (table.opponent >= 0)
    # A player the file pairs in a game still to be played (its next round, or the last played's unfinished
    # game) has not withdrawn, whatever his last result.
    to_come &= ~open_paired[:, played - 1 :].any(axis=1)
    columns = [c for c in (played, played - 1) if c < table.rounds and open_paired[:, c].any()]
    found: dict[int, tuple[int, bool]] = {}
    if columns:  # the file's next round paired: the round after the last played, or the last played itself
        column = columns[0]  # (its absences, written as zero-point byes, count it as played)
        kind = table.kind[:, column]
        left_out = (table.opponent[:, column] < 0) & ((kind == NOT_PLAYED) | (kind == _FREE))
        if free is not None:
            left_out &= ~free[:, column]
        elif odd:  # without the tables, one player left out is the round's free one; of more, none is told apart
            left_out[:] = False
        for row in np.flatnonzero(left_out & to_come).tolist():
            found[row] = (column + 1, True)
    last = played - 1
    kind, opponent = table.kind[:, last], table.opponent[:, last]
    lost = kind == _FORFEIT_LOSS
    absent = (kind == _FREE) & (opponent < 0)
    if free is not None:
        absent &= ~free[:, last]
    elif odd:
        absent[:] = False  # the free round of an odd round robin is not told from an absence without the tables
    # Only a player with games still to come: a finished event's last-round forfeit withdraws nobody.
    for row in np.flatnonzero((lost | absent) & to_come).tolist():
        found.setdefault(row, (played, False))
    return dict(sorted(found.items()))


def scheduled(event: Event) -> Schedule:
    """The event with a round robin's games still to come set as still to be played: the rounds not paired yet
    from the Berger tables, a withdrawn player's games forfeited (the module's rules); any other event as it is.
    """
    nothing = Schedule(event, (), (), ())
    table = event.table
    players = table.players
    if event.kind is not EventKind.ROUND_ROBIN or players < 3:
        return nothing
    unpaired = _unpaired(event)
    per = players - 1 + players % 2
    notes: list[Message] = []
    if not unpaired.size and table.rounds % per and event.teams is None and _short(event, per):
        # The file holds only the rounds with games (no rounds planned stated): the cycles' rounds are added.
        planned = -(-table.rounds // per) * per
        event = _padded(event, planned)
        table = event.table
        unpaired = _unpaired(event)
        template = N_(
            "the file states no rounds planned beyond its {found}: a round robin of {players} players plays {per} "
            "rounds a cycle, so it has {planned}"
        )
        notes.append(Message.of(template, found=int(unpaired[0]), players=players, per=per, planned=planned))
    opponent, colour = table.opponent.copy(), table.colour.copy()
    free_rounds: Ints | None = None
    rounds: tuple[int, ...] = ()
    if unpaired.size:
        tables_ = berger(players)
        labels: Ints | None = None
        how = ""
        if table.rounds % per:
            template = N_(
                "{rounds}: not paired yet, known only as scores: a round robin of {players} players has {per} rounds "
                "a cycle, and the file's {all} are not whole cycles"
            )
            notes.append(Message.of(template, rounds=rounds_message([int(c) + 1 for c in unpaired]),
                                    players=players, per=per, all=table.rounds))  # fmt: skip
        else:
            identity = np.arange(players, dtype=np.int64)
            if _fits(event, *tables_, identity, per):
                labels, how = identity, "start"
            else:
                labels, how = _search_labels(event, *tables_, per), "drawn"
            if labels is None:
                assumed = _assigned(event, unpaired, per)
                if assumed is None:
                    template = N_(
                        "{rounds}: not paired yet, known only as scores: the file's games follow no Berger table, "
                        "and the search found no order of the rounds left for the games still to come"
                    )
                    notes.append(Message.of(template, rounds=rounds_message([int(c) + 1 for c in unpaired])))
                else:
                    opponent[:, unpaired], colour[:, unpaired] = assumed
                    free_rounds = np.zeros(table.opponent.shape, dtype=bool)
                    if players % 2:  # the file's rounds: a round's one player without an opponent has its free
                        free_rounds = table.opponent < 0  # round; of more, none is told from the free one
                    free_rounds[:, unpaired] = assumed[0] < 0
                    rounds = tuple(int(c) + 1 for c in unpaired)
                    template = N_(
                        "{rounds}: not paired yet; the round robin's schedule gives {games} (each "
                        "pair that has not met as often as the cycles say); the file's games follow no Berger table, "
                        "so their rounds and colours are assumed: each round's games among the pairs still to meet, "
                        "a pair's second game with the colours reversed, else White to the player with fewer Whites"
                    )
                    game_words = _games(event, int((assumed[0] >= 0).sum()) // 2)
                    notes.append(Message.of(template, rounds=rounds_message(list(rounds)), games=game_words))
        if labels is not None:
            berger_opponent, berger_white = tables_
            by_label = np.full(berger_opponent.shape[1], -1, dtype=np.int64)
            by_label[labels] = np.arange(players)
            columns = np.arange(table.rounds)
            against = by_label[berger_opponent[(columns % per)[:, None], labels[None, :]]].T  # rows × rounds
            free_rounds = against < 0
            met = np.zeros((players, players), dtype=np.int64)
            rows_, cols_ = np.nonzero(table.opponent >= 0)
            np.add.at(met, (rows_, table.opponent[rows_, cols_]), 1)
            cycles = table.rounds // per
            new = against[:, unpaired]
            rows_new = np.broadcast_to(np.arange(players)[:, None], new.shape)
            pairs = new >= 0
            np.add.at(met, (rows_new[pairs], new[pairs]), 1)
            if (met > cycles).any():
                template = N_(
                    "{rounds}: not paired yet, known only as scores: the Berger table would pair again players who "
                    "have met as often as the cycles allow"
                )
                notes.append(Message.of(template, rounds=rounds_message([int(c) + 1 for c in unpaired])))
                free_rounds = None
            else:
                reverse = (unpaired // per) % 2 == 1
                gives_white = berger_white[(unpaired % per)[None, :], labels[:, None]] ^ reverse[None, :]
                opponent[:, unpaired] = new
                colour[:, unpaired] = np.where(pairs, np.where(gives_white, WHITE, BLACK), UNKNOWN)
                rounds = tuple(int(c) + 1 for c in unpaired)
                games = int(pairs.sum()) // 2
                numbers = (
                    N_("pairing numbers the start numbers")
                    if how == "start"
                    else N_("pairing numbers as the file's games fit them, drawn by lot")
                )
                template = (
                    N_("{rounds}: not paired yet; the round robin's schedule gives {games}, "
                       "rounds and colours by the Berger tables ({numbers}), free rounds as they give them")
                    if players % 2
                    else N_("{rounds}: not paired yet; the round robin's schedule gives {games}, "
                            "rounds and colours by the Berger tables ({numbers})")
                )  # fmt: skip
                game_words = _games(event, games)
                notes.append(
                    Message.of(
                        template, rounds=rounds_message(list(rounds)), games=game_words, numbers=Message(numbers)
                    )
                )
    # A free round stays without an opponent and not played yet (a zero-point bye in every scenario, Open's):
    # as a free round written now, it would count as a round played in the standings now.
    changed = replace(table, opponent=opponent, colour=colour)
    with_schedule = Event(changed, event.roster, event.info, event.teams).with_kind(event.kind)
    found = _withdrawn(event, with_schedule, free_rounds)
    withdrawn = list(found)
    if withdrawn:
        with_schedule, forfeits = _forfeited(with_schedule, withdrawn)
        names = event.roster.names
        for row, (round_no, left_out) in found.items():
            note = _withdrawal(names[row], round_no, forfeits[row], left_out=left_out, team=event.teams is not None)
            notes.append(note)
    if not rounds and not withdrawn and not notes:
        return nothing
    return Schedule(with_schedule, rounds, tuple(withdrawn), tuple(notes))


def _withdrawal(name: str, round_no: int, count: int, *, left_out: bool, team: bool) -> Message:
    """The note of a withdrawal: a player's (his games) or a team's (its matches)."""
    if team and left_out:
        return Message.ngettext(
            "{name} withdrew (left out of round {round}, which the file pairs): its {count} match still to come "
            "is not played, a forfeit loss for it and a win for its opponent (C.07 15.2)",
            "{name} withdrew (left out of round {round}, which the file pairs): its {count} matches still to come "
            "are not played, forfeit losses for it and wins for its opponents (C.07 15.2)",
            count, name=name, round=round_no,
        )  # fmt: skip
    if team:
        return Message.ngettext(
            "{name} withdrew (did not play round {round}, the last one played): its {count} match still to come "
            "is not played, a forfeit loss for it and a win for its opponent (C.07 15.2)",
            "{name} withdrew (did not play round {round}, the last one played): its {count} matches still to come "
            "are not played, forfeit losses for it and wins for its opponents (C.07 15.2)",
            count, name=name, round=round_no,
        )  # fmt: skip
    if left_out:
        return Message.ngettext(
            "{name} withdrew (left out of round {round}, which the file pairs): his {count} game still to come is "
            "not played, a forfeit loss for him and a win for his opponent (C.07 15.2)",
            "{name} withdrew (left out of round {round}, which the file pairs): his {count} games still to come "
            "are not played, forfeit losses for him and wins for his opponents (C.07 15.2)",
            count, name=name, round=round_no,
        )  # fmt: skip
    return Message.ngettext(
        "{name} withdrew (did not play round {round}, the last one played): his {count} game still to come is not "
        "played, a forfeit loss for him and a win for his opponent (C.07 15.2)",
        "{name} withdrew (did not play round {round}, the last one played): his {count} games still to come are "
        "not played, forfeit losses for him and wins for his opponents (C.07 15.2)",
        count, name=name, round=round_no,
    )  # fmt: skip


def _forfeited(event: Event, withdrawn: list[int]) -> tuple[Event, dict[int, int]]:
    """The event with every game still to come of the withdrawn forfeited: a loss for him, a win for his
    opponent (both losses when both withdrew), and how many each lost so."""
    table = event.table
    gone = np.zeros(table.players, dtype=bool)
    gone[withdrawn] = True
    rows_index = np.arange(table.players)[:, None]
    open_games = (table.kind == NOT_PLAYED) & (table.opponent >= 0)
    touched = open_games & (gone[:, None] | gone[np.maximum(table.opponent, 0)])
    first = touched & (table.opponent > rows_index)
    rows, columns = np.nonzero(first)
    others = table.opponent[rows, columns]
    first_kind = np.where(gone[rows], _FORFEIT_LOSS, _FORFEIT_WIN).astype(np.int8)
    second_kind = np.where(gone[others], _FORFEIT_LOSS, _FORFEIT_WIN).astype(np.int8)
    points = {
        name: (score.system[first_kind.astype(np.intp)], score.system[second_kind.astype(np.intp)])
        for name, score in table.scores.items()
    }
    changed = table.with_games(rows, others, columns, first_kind, second_kind, points)
    counts = {row: int(touched[row].sum()) for row in withdrawn}
    return Event(changed, event.roster, event.info, event.teams).with_kind(event.kind), counts
