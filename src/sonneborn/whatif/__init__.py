"""``sonneborn whatif``: before the remaining rounds, every player's best and worst final place, first place and
the prize places, found on the one engine (every scenario ranked as ``standings`` ranks it).

:func:`what_if` answers for a reading and a request, some results fixed (``--set``, the web page's "What if"
tab, which sets them by clicking: :mod:`.fixed`); :func:`scenario` ranks one change of results.
:mod:`.scenarios` holds what is still to be decided and the scenarios; :mod:`.schedule` a round robin's games still
to come (its Berger tables) and a withdrawal's forfeits; :mod:`.search` the exact method and the simulation.
docs/whatif.md gives the method and the model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from sonneborn.cluster import Executor
from sonneborn.errors import OptionError
from sonneborn.event import BYE_CODES, NOT_PLAYED, UNKNOWN, Event
from sonneborn.messages import N_, Message, rounds_message
from sonneborn.model import EventKind
from sonneborn.pipeline import Reading, Request, prepared, ranked_as
from sonneborn.ranking import Standings
from sonneborn.tiebreaks.rules import DEFAULT_RULES
from sonneborn.whatif.fixed import Board, Fixed, fix, open_boards, parse_fixed
from sonneborn.whatif.scenarios import Open, Outcomes
from sonneborn.whatif.schedule import Schedule, scheduled
from sonneborn.whatif.search import DEFAULT_RUNS, EXACT_LIMIT, Method, Model, PlaceChances, WhatIf
from sonneborn.whatif.search import what_if as _search

__all__ = [
    "DEFAULT_RUNS",
    "EXACT_LIMIT",
    "Board",
    "Fixed",
    "Method",
    "Model",
    "Open",
    "Outcomes",
    "PlaceChances",
    "Schedule",
    "WhatIf",
    "before_rounds",
    "fix",
    "open_boards",
    "open_items",
    "parse_fixed",
    "planned",
    "scenario",
    "standing",
    "what_if",
]


def planned(reading: Reading, request: Request | None = None) -> Schedule:
    """The event whatif asks about, as the request states it: with ``after_round`` N, as it stood once round N + 1
    was paired (from the standings after round N), its games still to be played and the rounds after it not
    paired yet (:func:`~sonneborn.pipeline.taken_after` with ``next_paired``; a round robin's keep their
    pairings, known from its schedule); a round robin's rounds not paired yet given their games by its schedule,
    a withdrawn player's forfeited (:func:`.schedule.scheduled`). The command, the API, the page and the library
    all start here."""
    return scheduled(prepared(reading, request or Request(), next_paired=True))


def before_rounds(reading: Reading, request: Request | None = None) -> Event:
    """The event of :func:`planned`: what is still to be decided in it is still to be played or scored."""
    return planned(reading, request).event


def open_items(reading: Reading, request: Request | None = None) -> Open:
    """What is still to be decided in the event as the request states it (:func:`planned`)."""
    found = planned(reading, request)
    return Open.of(found.event, found.rounds)


def standing(event: Event, last: int | None) -> Event:
    """The event whose standings whatif shows as they are now, taken after round ``last`` with round ``last + 1``
    paired (:func:`before_rounds`) and some of its games perhaps set: a round's byes count once the round is
    played, as ``standings --after-round`` counts them (the standings after round N hold rounds 1 to N, C.07
    16; a pairing-allocated or requested bye of round N + 1 is a result of that round). While a game of round
    ``last + 1`` is still open, its byes and its open games are set aside (no pairing, no points), the games set
    kept; once every game is set the round is whole, byes included (the standings after round N + 1). With
    ``last`` ``None`` the event is the file's as it is, counted as the file's standings count it.

    >>> from sonneborn.demo import seed_event
    >>> paired = Event.of(seed_event()).after_round(3, next_paired=True)  # round 4: 7 games, 1 free
    >>> after = Event.of(seed_event()).after_round(3).table
    >>> bool((standing(paired, 3).table.score.totals == after.score.totals).all())
    True
    """
    table = event.table
    if last is None or last >= table.rounds:
        return event
    column = table.kind[:, last]
    if not ((column == NOT_PLAYED) & (table.opponent[:, last] >= 0)).any():  # the round is whole
        return event
    aside = np.zeros(table.kind.shape, dtype=bool)
    aside[:, last] = (column == NOT_PLAYED) | np.isin(column, BYE_CODES)
    opponent, kind, colour = table.opponent.copy(), table.kind.copy(), table.colour.copy()
    opponent[aside], kind[aside], colour[aside] = -1, NOT_PLAYED, UNKNOWN
    scores = {name: score.unscored(aside) for name, score in table.scores.items()}
    changed = replace(table, opponent=opponent, kind=kind, colour=colour, scores=scores)
    return Event(changed, event.roster, event.info, event.teams).with_kind(event.kind)


def _set_aside(reading: Reading, request: Request) -> Message | None:
    """The note of the results the file records after ``request.after_round``, which whatif sets aside."""
    last = request.after_round
    played = reading.competitors.table.played_rounds
    if last is None or last >= played:
        return None
    template = N_(
        "taken after round {round}: the file's results of {rounds} are set aside, not known yet; round {next} "
        "keeps its pairings, made once round {round} was played"
    )
    later = rounds_message(range(last + 1, played + 1))
    if reading.event.kind is EventKind.ROUND_ROBIN and last + 1 < reading.event.rounds:
        template = N_(
            "taken after round {round}: the file's results of {rounds} are set aside, not known yet; {paired} keep "
            "their pairings, a round robin's schedule"
        )
        paired = rounds_message(range(last + 1, reading.event.rounds + 1))
        return Message.of(template, round=last, rounds=later, paired=paired)
    return Message.of(template, round=last, rounds=later, next=last + 1)


def what_if(
    reading: Reading,
    request: Request | None = None,
    *,
    places: int = 3,
    model: Model | None = None,
    method: Method | None = None,
    runs: int = DEFAULT_RUNS,
    seed: int = 0,
    jobs: int = 1,
    executor: Executor = "local",
    scheduler: str | None = None,
    with_chances: bool = False,
    fixed: Sequence[Fixed] = (),
    proof_effort: int = 1,
) -> WhatIf:
    """Every player's (or team's) best and worst final place, whether he can still win or has clinched each prize
    place up to ``places``, and his chances: exact when the outcomes are few, else by simulation.

    A simulation's runs are spread over ``jobs`` processes, or over the workers of the Dask cluster at
    ``scheduler`` with ``executor="dask"`` (:mod:`sonneborn.cluster`); the counts are the same either way for
    the same ``seed``. The exact method runs in this process (``method="exact"`` with the dask executor is an
    :class:`~sonneborn.errors.OptionError`).

    ``proof_effort`` multiplies the budget of the search that proves a simulation's best and worst places
    (:mod:`.proof`): more of them exact, in about as many times the time.

    ``fixed`` results are set first (:func:`fix`): the standings now are then that event's, ranked as
    ``standings`` ranks it, and only the other games are still open."""
    request = request or Request()
    if request.rank_by is not None:
        message = Message(N_("whatif ranks by points (or a team event's primary score), not --rank-by"))
        raise OptionError(message, option="rank_by")
    if request.lots is not None:
        message = Message(N_("whatif counts shared places as shared; --lots draws nothing here"))
        raise OptionError(message, option="lots")
    plan = planned(reading, request)
    event = plan.event
    if fixed:
        event = fix(Open.of(event, plan.rounds), fixed)
    now = ranked_as(reading, standing(event, request.after_round), request)
    open_ = Open.of(event, plan.rounds)
    specs = now.tiebreaks
    answer = _search(
        open_,
        specs,
        rules=now.rules,
        unrated_rating=request.unrated_rating,
        places=places,
        model=model or Model(),
        method=method,
        runs=runs,
        seed=seed,
        jobs=jobs,
        executor=executor,
        scheduler=scheduler,
        with_chances=with_chances,
        proof_effort=proof_effort,
        now=now,
    )
    aside = _set_aside(reading, request)
    first = (*(() if aside is None else (aside,)), *plan.notes)
    return replace(answer, notes=(*first, *answer.notes)) if first else answer


def scenario(reading: Reading, request: Request, results: Mapping[tuple[int, int], int]) -> Standings:
    """The final standings of one scenario: each open item (by its first side's row and its round, 0-based) given
    an outcome by its index (0 the first side's best, as :class:`Outcomes` lists them); the items not named take
    their first outcome.

    Raises :class:`~sonneborn.errors.OptionError` for an item that is not open or an outcome it does not have.
    """
    plan = planned(reading, request)
    event = plan.event
    open_ = Open.of(event, plan.rounds)
    now = ranked_as(reading, event, request)
    choice = np.zeros(open_.items, dtype=np.int64)
    index = {(int(r), int(c)): i for i, (r, c) in enumerate(zip(open_.rows, open_.columns, strict=True))}
    for (row, column), outcome in results.items():
        item = index.get((row, column))
        if item is None:
            template = N_("row {row} round {round} has no result still to be decided")
            raise OptionError(Message.of(template, row=row, round=column + 1), option="results")
        if not 0 <= outcome < len(open_.outcomes(item)):
            template = N_("row {row} round {round} has no outcome {outcome}")
            raise OptionError(Message.of(template, row=row, round=column + 1, outcome=outcome), option="results")
        choice[item] = outcome
    ranker = open_.ranker(now.tiebreaks, rules=now.rules or DEFAULT_RULES, unrated_rating=request.unrated_rating)
    return ranker.standings(choice)
