"""Random valid events for property tests: Swiss events with every unplayed kind, and round robins."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction

from sonneborn.event import Event
from sonneborn.formats.crosstable import berger_schedule
from sonneborn.model import Colour, Entry, EventKind, Player, PointSystem, ResultKind, Tournament

K = ResultKind
GAME_RESULTS = [
    (K.WIN, K.LOSS),
    (K.LOSS, K.WIN),
    (K.DRAW, K.DRAW),
    (K.UNRATED_WIN, K.UNRATED_LOSS),
    (K.UNRATED_DRAW, K.UNRATED_DRAW),
    (K.FORFEIT_WIN, K.FORFEIT_LOSS),
    (K.FORFEIT_LOSS, K.FORFEIT_WIN),
    (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
    (K.NOT_PLAYED, K.NOT_PLAYED),
]
GAME_WEIGHTS = [30, 30, 25, 3, 2, 3, 3, 2, 2]
BYES = [K.PAIRING_BYE, K.FULL_BYE, K.HALF_BYE, K.ZERO_BYE]
SYSTEMS = [
    PointSystem(),
    PointSystem.three_one_zero(),
    PointSystem(pairing_bye=Fraction(1, 2)),
    PointSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(3, 2)),
]


def random_event(
    rng: random.Random, *, round_robin: bool | None = None, weights: Sequence[int] = GAME_WEIGHTS
) -> Tournament:
    """A random event, valid by construction (every game mirrored); ``weights``: of each of :data:`GAME_RESULTS`."""
    if round_robin is None:
        round_robin = rng.random() < 0.3
    players = rng.randint(2, 9 if round_robin else 14)
    if round_robin:
        schedule = [list(pairs) for pairs in berger_schedule(players)] * rng.choice([1, 1, 2])
    else:
        schedule = []
        for _ in range(rng.randint(1, 7)):
            order = list(range(1, players + 1))
            rng.shuffle(order)
            resting = {s for s in order if rng.random() < 0.1}
            active = [s for s in order if s not in resting]
            schedule.append([(active[i], active[i + 1]) for i in range(0, len(active) - 1, 2)])
    rounds = len(schedule)
    unplayed_tail = rng.random() < 0.15
    entries: dict[int, list[Entry]] = {s: [] for s in range(1, players + 1)}
    for number, pairs in enumerate(schedule, start=1):
        paired = set()
        for white, black in pairs:
            if unplayed_tail and number == rounds:
                first, second = K.NOT_PLAYED, K.NOT_PLAYED
            else:
                first, second = rng.choices(GAME_RESULTS, weights)[0]
            colours = rng.choice([(Colour.WHITE, Colour.BLACK), (Colour.UNKNOWN, Colour.UNKNOWN)])
            entries[white].append(Entry(number, black, colours[0], first, _override(rng, first)))
            entries[black].append(Entry(number, white, colours[1], second, _override(rng, second)))
            paired |= {white, black}
        for start in range(1, players + 1):
            if start not in paired:
                kind = (
                    K.NOT_PLAYED
                    if unplayed_tail and number == rounds
                    else (K.ZERO_BYE if round_robin else rng.choice(BYES))
                )
                entries[start].append(Entry(number, None, Colour.UNKNOWN, kind))
    if not round_robin and rng.random() < 0.3:
        # A withdrawal: every round after some round is a zero-point bye.
        quitter = rng.randint(1, players)
        after = rng.randint(1, rounds)
        for other in (e.opponent for e in entries[quitter][after:] if e.opponent is not None):
            entries[other] = [
                Entry(e.round, None, Colour.UNKNOWN, K.PAIRING_BYE) if e.round > after and e.opponent == quitter else e
                for e in entries[other]
            ]
        entries[quitter] = entries[quitter][:after] + [
            Entry(r, None, Colour.UNKNOWN, K.ZERO_BYE) for r in range(after + 1, rounds + 1)
        ]
    player_list = tuple(
        Player(
            start,
            f"P{start}",
            tuple(entries[start]),
            rating=rng.choice([None, *range(1200, 2800, 37)]) if rng.random() < 0.9 else None,
            adjustment=Fraction(rng.choice([-1, 1]), 2) if rng.random() < 0.05 else Fraction(0),
        )
        for start in range(1, players + 1)
    )
    stated = EventKind.ROUND_ROBIN if round_robin and rng.random() < 0.5 else None
    tournament = Tournament(player_list, rounds, name="Random", point_system=rng.choice(SYSTEMS), kind=stated)
    Event.of(tournament).check_pairings()
    return tournament


def _override(rng: random.Random, kind: ResultKind) -> Fraction | None:
    """Now and then points set by the arbiter (TRF-26 299), never for a game not played yet."""
    if kind is K.NOT_PLAYED or rng.random() >= 0.02:
        return None
    return Fraction(rng.choice([0, 1, 2]), 2)


TRF_SYSTEMS = [
    *SYSTEMS,
    PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), pairing_bye=Fraction(1)),
    PointSystem(
        win=Fraction(3), draw=Fraction(1), full_bye=Fraction(1), half_bye=Fraction(0), forfeit_loss=Fraction(-1)
    ),
    PointSystem(zero_bye=Fraction(1, 2), forfeit_win=Fraction(1, 2)),
]
"""Point systems a TRF states in record 162, and in ``299`` records for the values 162 cannot state."""
NAMES = ["Adams, Ann", "Müller, Jürgen", "Ødegaard, Ørjan", "Łukasz, Żaneta", "Иванов, Иван", "", "O'Neill"]
TITLES = ["", "", "GM", "IM", "WGM", "FM", "CM", "g", "wf"]
FEDERATIONS = ["", "IRL", "GER", "NOR", "POL", "RUS"]
KEPT = [("032", "IRL"), ("102", "Arbiter, Chief"), ("122", "90'+30\""), ("XXC", "white1"), ("260", "  1   9    1    2")]
TIEBREAK_LISTS = [(), ("BH/C1", "BH", "SB"), ("DE", "SB", "WIN", "KS")]


def random_trf_event(rng: random.Random) -> Tournament:
    """A random event with what else a TRF holds: players' fields, a stated list, kept records, a point system,
    points set by the arbiter and bonuses or penalties (TRF-26 299) more often than :func:`random_event` has them.

    Names repeat now and then, and so do FIDE ids: a reader warns of a player entered twice.
    """
    event = random_event(rng)
    players = []
    for player in event.players:
        entries = tuple(
            replace(entry, points=Fraction(rng.choice([0, 1, 2, 3]), 2))
            if entry.kind is not K.NOT_PLAYED and rng.random() < 0.05
            else entry
            for entry in player.entries
        )
        players.append(
            replace(
                player,
                name=rng.choice(NAMES) if rng.random() < 0.2 else f"{player.name}, {rng.choice(['Zoë', 'Al', 'Bo'])}",
                entries=entries,
                title=rng.choice(TITLES),
                sex=rng.choice(["", "m", "w"]),
                federation=rng.choice(FEDERATIONS),
                fide_id=rng.choice([None, None, 2500000 + player.start, 2500000 + rng.randint(1, 4)]),
                birth_date=rng.choice(["", "1990/01/31", "2001"]),
                adjustment=Fraction(rng.choice([-2, -1, 1, 3]), 2) if rng.random() < 0.1 else player.adjustment,
            )
        )
    return replace(
        event,
        players=tuple(players),
        name=rng.choice(["Random", "Club Open", None]),
        city=rng.choice(["", "Galway"]),
        event_type=rng.choice(["", "Swiss", "Round Robin", "Rapid"]),
        point_system=rng.choice(TRF_SYSTEMS),
        tiebreaks=rng.choice(TIEBREAK_LISTS),
        records=tuple(rng.sample(KEPT, rng.randint(0, 3))),
        round_dates=tuple(f"26/01/{day:02d}" for day in range(1, event.rounds + 1)) if rng.random() < 0.3 else (),
    )


@contextmanager
def quiet() -> Iterator[None]:
    """Random events have unrated players; the warnings are not what the tests using them look at."""
    logging.disable(logging.WARNING)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)
