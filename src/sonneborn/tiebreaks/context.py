"""The event as the kernels see it under one rule edition: arrays computed once and shared.

A :class:`Context` is made for one ranking (an event, a rules edition, the
rating assumed for unrated players) and one score of the event (``PTS``; a
team event's ``MP`` or ``GP``). Kernels read its cached arrays — the rounds
that count, the games, the scores, and the scores as C.07 Art. 16 makes
opponents see them — so that BH, SB and their cuts share one computation.
What no score changes (the games, the rounds counted, the Art. 16
categories, …) is a :class:`Pairings`, which the contexts of every score of
the event share: :meth:`Context.using` gives another score's. Both are the
cache of the plain array functions of :mod:`.unplayed`: they call them once
with the event's arrays and keep what they give.

>>> from sonneborn.demo import seed_event
>>> context = Context(Event.of(seed_event()))
>>> context.score_name, context.using("PTS") is context, context.counted is context.using(None).counted
('PTS', True, True)
>>> context.using("MP")
Traceback (most recent call last):
sonneborn.errors.TiebreakError: the event has no score MP (it has PTS)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import numpy as np

from sonneborn.errors import TiebreakError
from sonneborn.event import (
    CODE,
    NOT_PLAYED,
    PLAYED_KINDS,
    Bools,
    Event,
    Ints,
    Table,
    of_kinds,
)
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, ResultKind
from sonneborn.teams import teams_of
from sonneborn.tiebreaks.boards import BoardGames, board_games
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules
from sonneborn.tiebreaks.spec import Spec
from sonneborn.tiebreaks.unplayed import (
    Contributions,
    ContributionTexts,
    ScoresSeen,
    Treatment,
    adjusted_scores,
    contributions,
    free_rounds,
    scores_as_they_are,
    unplayed_categories,
    virtual_opponent_view,
)


class Pairings:
    """An event under one rules edition: the arrays that no score changes, shared by the contexts of every
    score (:meth:`Context.using`)."""

    def __init__(self, event: Event, table: Table, rules: Rules, unrated_rating: int | None) -> None:
        self.event, self.table, self.rules, self.unrated_rating = event, table, rules, unrated_rating
        self.kind = event.kind
        self.contexts: dict[str, Context] = {}
        """The context of each score asked for so far."""

    def with_outcomes(self, table: Table, *, same_byes: bool = True) -> Pairings:
        """The pairings of the same event with other outcomes of its games (a scenario of ``whatif``): what
        only the games and byes decide is shared, not computed again; what the points decide is.

        ``table`` must have the same opponents and the same games played (another win, draw or loss of a
        game); with ``same_byes`` false its byes may differ too, and their Art. 16 categories are computed
        again.
        """
        other = Pairings(self.event, table, self.rules, self.unrated_rating)
        other.kind = self.kind
        shared = ["played_rounds", "counted", "played", "has_opponent", "games", "opponent_rows", "treatment"]
        if same_byes:
            shared += ["free_rounds", "categories"]
        for name in shared:
            other.__dict__[name] = getattr(self, name)  # computed once, on these pairings, then shared
        return other

    def context(self, score: str | None) -> Context:
        """The context of a score of the event (``None``: the primary score)."""
        name = self.table.primary if score is None else score
        found = self.contexts.get(name)
        if found is None:
            found = self.contexts[name] = Context(self.event, score=name, pairings=self)
        return found

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def is_round_robin(self) -> bool:
        return self.kind is EventKind.ROUND_ROBIN

    @cached_property
    def played_rounds(self) -> int:
        """Rounds with at least one result: the rounds the standings are taken after."""
        return self.table.played_rounds

    @cached_property
    def counted(self) -> Bools:
        """The rounds that count: with a result, among the rounds played so far."""
        mask: Bools = self.table.kind != NOT_PLAYED
        mask[:, self.played_rounds :] = False
        return mask

    @cached_property
    def played(self) -> Bools:
        """Games played over the board (C.07 15.1), rated or not."""
        return of_kinds(self.table.kind, PLAYED_KINDS)

    @cached_property
    def has_opponent(self) -> Bools:
        has: Bools = self.table.opponent >= 0
        return has

    @cached_property
    def games(self) -> Bools:
        """Rounds with an opponent and a result: games over the board and forfeits."""
        games: Bools = self.has_opponent & (self.table.kind != NOT_PLAYED)
        return games

    @cached_property
    def free_rounds(self) -> Bools:
        """The free rounds of an odd round robin (zero-point byes all the same), for the derivations' words."""
        return free_rounds(self.table.kind, round_robin=self.is_round_robin, players=self.players)

    @cached_property
    def opponent_rows(self) -> Ints:
        """The opponent's row in every round, 0 where there is none (mask with :attr:`has_opponent`)."""
        rows: Ints = np.where(self.has_opponent, self.table.opponent, 0)
        return rows

    @cached_property
    def treatment(self) -> Treatment:
        """How BH, FB and SB count unplayed rounds: as they are in a round robin (C.07 15.2) or under the rules
        ``none``; else by the edition, Art. 16 or the pre-2023 virtual opponent."""
        if self.is_round_robin or self.rules.unplayed == "none":
            return Treatment.PLAIN
        return Treatment(self.rules.unplayed)

    @cached_property
    def art16(self) -> bool:
        """Whether C.07 Art. 16 governs unplayed rounds: a Swiss event under the 2023–2026 rules."""
        return self.treatment is Treatment.ARTICLE_16

    @cached_property
    def categories(self) -> Ints:
        """The C.07 16.2 category of every unplayed round (:class:`~.unplayed.Category` codes, 0 elsewhere)."""
        return unplayed_categories(self.table.kind, self.counted)

    @cached_property
    def boards(self) -> BoardGames | None:
        """A team event's games board by board (:func:`~.boards.board_games`), ``None`` for an individual event."""
        return None if self.event.teams is None else board_games(teams_of(self.event))

    @cached_property
    def fore(self) -> Pairings:
        """The event with every paired game of its final round drawn (C.07 8.3), in every score; itself when
        that round is unpaired.

        Every game the final round pairs counts as a draw over the board: one
        played, one still to be played, and a forfeit or double forfeit too,
        a paired game that was not played (as FIDE's reference checker and
        Sharly Chess read it). Byes (PAB, FPB, HPB, ZPB) pair nobody and keep
        their points. The final round is the event's last: before it is paired
        the event has no final round yet, and FB is BH. Each score counts the
        draw at its own draw's value.
        """
        table = self.table
        if table.rounds == 0:
            return self
        paired = table.opponent[:, -1] >= 0
        if not paired.any():
            return self
        kind = table.kind.copy()
        kind[paired, -1] = CODE[ResultKind.DRAW]
        scores = {}
        for name, score in table.scores.items():
            points, awarded = score.points.copy(), score.awarded.copy()
            points[paired, -1] = score.draw
            awarded[paired, -1] = False
            scores[name] = replace(score, points=points, awarded=awarded)
        drawn = replace(table, kind=kind, scores=scores)
        return Pairings(self.event, drawn, self.rules, self.unrated_rating)


class Context:
    """One event under one rules edition, for one of its scores, with the arrays every kernel shares.

    A kernel reads its score through :attr:`score`, :attr:`points`, :attr:`scores`, :attr:`unit`,
    :attr:`win`, :attr:`draw` and :attr:`loss`, and the pairings through the rest, which the contexts of
    every score share (:attr:`pairings`).
    """

    def __init__(
        self,
        event: Event,
        *,
        rules: Rules = DEFAULT_RULES,
        unrated_rating: int | None = None,
        table: Table | None = None,
        score: str | None = None,
        pairings: Pairings | None = None,
    ) -> None:
        if pairings is None:
            pairings = Pairings(event, event.table if table is None else table, rules, unrated_rating)
        self.pairings = pairings
        """The arrays no score changes, shared with the contexts of the event's other scores."""
        self.event = event
        self.table = pairings.table
        """The results; a kernel may look at the event with other results (Fore Buchholz's drawn final round)."""
        self.rules = pairings.rules
        self.unrated_rating = pairings.unrated_rating
        """The rating assumed for unrated players (``--unrated-rating``), or ``None``."""
        self.kind = pairings.kind
        self.names = event.roster.names
        """The players' names, for the derivations."""
        self.score_name = self.table.primary if score is None else score
        """The name of the score: ``PTS``, or a team event's ``MP`` or ``GP``."""
        if self.score_name not in self.table.scores:
            have = ", ".join(self.table.scores)
            template = N_("the event has no score {code} (it has {codes})")
            raise TiebreakError(Message.of(template, code=str(self.score_name), codes=have))
        self.score = self.table.scores[self.score_name]
        self.unit = self.score.unit
        self.win = self.score.win
        self.draw = self.score.draw
        self.loss = self.score.loss
        pairings.contexts.setdefault(self.score_name, self)
        self._contributions: dict[bool, Contributions] = {}
        self._contribution_texts: dict[bool, ContributionTexts] = {}

    def using(self, score: str | None) -> Context:
        """The context of another score of the event (``None``: the primary score), sharing this one's arrays of
        the pairings (the games, the rounds counted, the Art. 16 categories, …)."""
        return self.pairings.context(score)

    def of(self, spec: Spec) -> Context:
        """The context of the score a spec names (``BH:MP``), the primary score's for a spec that names none."""
        try:
            return self.using(spec.score)
        except TiebreakError as error:
            raise TiebreakError(Message.of(N_("{code}: {message}"), code=str(spec), message=error.text)) from None

    @property
    def players(self) -> int:
        return self.pairings.players

    @property
    def is_round_robin(self) -> bool:
        return self.pairings.is_round_robin

    @property
    def played_rounds(self) -> int:
        """Rounds with at least one result: the rounds the standings are taken after."""
        return self.pairings.played_rounds

    @property
    def counted(self) -> Bools:
        """The rounds that count: with a result, among the rounds played so far."""
        return self.pairings.counted

    @property
    def played(self) -> Bools:
        """Games played over the board (C.07 15.1), rated or not."""
        return self.pairings.played

    @property
    def has_opponent(self) -> Bools:
        return self.pairings.has_opponent

    @property
    def games(self) -> Bools:
        """Rounds with an opponent and a result: games over the board and forfeits."""
        return self.pairings.games

    @property
    def free_rounds(self) -> Bools:
        """The free rounds of an odd round robin (zero-point byes all the same), for the derivations' words."""
        return self.pairings.free_rounds

    @property
    def opponent_rows(self) -> Ints:
        """The opponent's row in every round, 0 where there is none (mask with :attr:`has_opponent`)."""
        return self.pairings.opponent_rows

    @property
    def treatment(self) -> Treatment:
        """How BH, FB and SB count unplayed rounds (:attr:`Pairings.treatment`)."""
        return self.pairings.treatment

    @property
    def art16(self) -> bool:
        """Whether C.07 Art. 16 governs unplayed rounds: a Swiss event under the 2023–2026 rules."""
        return self.pairings.art16

    @property
    def categories(self) -> Ints:
        """The C.07 16.2 category of every unplayed round (:class:`~.unplayed.Category` codes, 0 elsewhere)."""
        return self.pairings.categories

    @property
    def points(self) -> Ints:
        """The score's points of every round, in units."""
        return self.score.points

    @property
    def scores(self) -> Ints:
        """Every player's score, in units."""
        return self.score.totals

    @property
    def games_by_board(self) -> BoardGames | None:
        """The games board by board when the score is a team event's game points, which C.07 Art. 7 counts in
        games (WIN, WON, BPG, BWG, REP on ``GP``); ``None`` for match points and individual events."""
        return self.pairings.boards if self.score_name == "GP" else None

    @cached_property
    def seen(self) -> ScoresSeen:
        """Every score as opponents see it in BH and SB (C.07 16.3, or the pre-2023 draws)."""
        points, scores = self.points, self.scores
        if self.treatment is Treatment.ARTICLE_16:
            return adjusted_scores(points, scores, self.categories, self.draw, self.unit)
        if self.treatment is Treatment.VIRTUAL_OPPONENT:
            return virtual_opponent_view(points, scores, self.counted, self.played, self.draw, self.unit)
        return scores_as_they_are(scores, self.table.kind.shape, self.unit)

    def contributions(self, forfeits_played: bool = False) -> Contributions:
        """Round by round, the opponent (real, dummy or virtual) that BH and SB count (C.07 16.4, 16.6)."""
        if forfeits_played not in self._contributions:
            table = self.table
            self._contributions[forfeits_played] = contributions(
                self.treatment,
                kind=table.kind,
                points=self.points,
                counted=self.counted,
                opponent=self.opponent_rows,
                has_opponent=self.has_opponent,
                played=self.played,
                seen=self.seen.score,
                own=self.scores,
                win=self.win,
                draw=self.draw,
                unit=self.unit,
                rounds=self.played_rounds,
                forfeits_played=forfeits_played,
                dummy_cap=self.rules.dummy_cap,
            )
        return self._contributions[forfeits_played]

    def contribution_texts(self, forfeits_played: bool = False) -> ContributionTexts:
        """The sentences of :meth:`contributions`' elements, for the derivations (made when first asked for)."""
        if forfeits_played not in self._contribution_texts:
            self._contribution_texts[forfeits_played] = ContributionTexts(
                self.contributions(forfeits_played),
                self.seen,
                self.names,
                self.table.kind,
                self.categories if self.art16 else None,
                self.scores,
                self.unit,
                self.win,
                self.draw,
                self.played_rounds,
            )
        return self._contribution_texts[forfeits_played]

    @cached_property
    def fore(self) -> Context:
        """This score's context of the event with every paired game of its final round drawn (C.07 8.3,
        :attr:`Pairings.fore`); itself when that round is unpaired."""
        fore = self.pairings.fore
        return self if fore is self.pairings else fore.context(self.score_name)

    @cached_property
    def max_score(self) -> int:
        """The highest score a player could have made in the rounds played, in units (C.07 9.2): a win in
        every game he can have had.

        In a Swiss event every round is a game. In a round robin of an odd number
        ``n`` of players each cycle of ``n`` rounds gives every player one free
        round, which is no game: of ``r`` rounds played, ``r // n`` are free for
        everyone, and the rounds of a cycle still under way all count, since a
        player whose free round is still to come can have won each of them. An
        even number of players has no free round (a match of two, a double or
        quadruple round robin of four): every round is a game.
        """
        rounds, players = self.played_rounds, self.players
        if self.is_round_robin and players % 2 == 1:
            rounds -= rounds // players
        return self.win * rounds
