"""Unplayed rounds in the opponent-based tie-breaks (C.07 Art. 15–16 and the pre-2023 rules), in one place.

BH, FB and SB read an event round by round. In each round a player either
met a real opponent, whose (adjusted) score counts, or had an unplayed round.
What an unplayed round counts depends on the kind of event and on the rule
edition:

- round robins (C.07 15.2): forfeits are ordinary games, a free round adds nothing;
- Swiss events under C.07 2023–2026 (Art. 16): opponents count with their
  adjusted score (16.3) and the player's own unplayed rounds count as games
  against a dummy with the player's own score (16.4), capped in 2026;
- Swiss events under the pre-2023 rules (C.02 13.15): opponents' unplayed
  games count as draws and an unplayed round is a game against a virtual
  opponent;
- no special rule (``none``): forfeits count as games, byes add nothing.

Everything here is a plain function over the event's arrays (a row per
player, a column per round), computed for every player and round at once:
the module knows nothing of :class:`~sonneborn.tiebreaks.context.Context`,
which is the cache that calls these functions once per event and edition,
and it takes one score's points, so that a team event can call it with its
match points and again with its game points. Beside each piece of arithmetic
stand the sentences the derivations show, made from the same arrays, for
many players at once; the arithmetic itself makes no text.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np

from sonneborn.event import CODE, FORFEIT_KINDS, KINDS, Bools, Codes, Ints, of_kinds, times
from sonneborn.messages import N_, Number, Phrase
from sonneborn.model import ResultKind
from sonneborn.numbers import ratio_result_text, ratio_text
from sonneborn.tiebreaks.column import Texts, text_table, texts_of


class Treatment(enum.Enum):
    """How BH, FB and SB count the rounds not played over the board, by the kind of event and the edition."""

    PLAIN = "plain"
    """As they are: forfeits are games against the scheduled opponent, byes add nothing (round robins,
    C.07 15.2, and the rules ``none``)."""
    ARTICLE_16 = "article-16"
    """C.07 2023–2026 in Swiss events: adjusted scores (16.3) and dummies (16.4)."""
    VIRTUAL_OPPONENT = "virtual-opponent"
    """The pre-2023 rules in Swiss events: unplayed games count as draws, a virtual opponent (C.02 13.15)."""


class Category(enum.Enum):
    """The categories of unplayed rounds of C.07 16.2."""

    BYE = "16.2.1"
    """Pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = "16.2.2"
    """Forfeit win."""
    REQUESTED_BYE = "16.2.3"
    """A requested bye (half- or zero-point) followed by at least one round that is not voluntarily unplayed."""
    FORFEIT_LOSS = "16.2.4"
    """Forfeit loss (a double forfeit is one on both sides)."""
    LAST_BYES = "16.2.5"
    """A requested bye followed only by voluntarily unplayed rounds, or in the last round (withdrawal)."""

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> Phrase:
        """``cat. 16.2.3``, as a derivation names it."""
        return Phrase.of(N_("cat. {article}"), article=self.value)

    @property
    def code(self) -> int:
        """The category's code in the arrays (1–5; 0 is no unplayed round)."""
        return list(Category).index(self) + 1

    @property
    def voluntary(self) -> bool:
        """Whether the round is a VUR, a voluntary unplayed round (C.07 16.1.2)."""
        return self in (Category.REQUESTED_BYE, Category.FORFEIT_LOSS, Category.LAST_BYES)


CATEGORIES: tuple[Category | None, ...] = (None, *Category)
"""Categories by their code in the arrays."""

VOLUNTARY_KINDS = (ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.FORFEIT_LOSS)
"""The kinds of a voluntary unplayed round (C.07 16.1.2)."""
REQUESTED_KINDS = (ResultKind.HALF_BYE, ResultKind.ZERO_BYE)

_KIND_NAMES = {
    ResultKind.PAIRING_BYE: Phrase.of(N_("pairing-allocated bye")),
    ResultKind.FULL_BYE: Phrase.of(N_("full-point bye")),
    ResultKind.HALF_BYE: Phrase.of(N_("half-point bye")),
    ResultKind.ZERO_BYE: Phrase.of(N_("zero-point bye")),
    ResultKind.FORFEIT_WIN: Phrase.of(N_("forfeit win")),
    ResultKind.FORFEIT_LOSS: Phrase.of(N_("forfeit loss")),
}

REAL, DUMMY, VIRTUAL = 1, 2, 3
"""What a contribution's score belongs to: the opponent met, a dummy (16.4) or a virtual opponent (C.02)."""
CAP_FORFEIT, CAP_DRAWS = 1, 2
"""Which cap of C.07 2026 lowered a dummy: 16.4.1 (a forfeit) or 16.4.2 (the other unplayed rounds)."""
_CAP_RULES = {
    CAP_FORFEIT: Phrase.of(N_("16.4.1, the scheduled opponent's adjusted score")),
    CAP_DRAWS: Phrase.of(N_("16.4.2, a draw's points × rounds")),
}


FREE_ROUND = Phrase.of(N_("free round"))
"""The name of the round in which an odd round robin's schedule pairs a player with nobody (C.07 15.2: it adds
nothing to BH and SB)."""


def describe_kind(kind: ResultKind) -> str:
    """How arbiters name an unplayed result."""
    return _KIND_NAMES.get(kind, str(kind))


def free_rounds(kind: Codes, *, round_robin: bool, players: int) -> Bools:
    """The free rounds of a round robin of an odd number of players: the rounds its schedule leaves a player
    without an opponent, which the event records as zero-point byes.

    Only their name changes: they stay zero-point byes for every rule. A Swiss zero-point bye is no free
    round, and neither is an absence from a round robin of an even number of players, who all play every round.

    >>> from sonneborn.event import CODE
    >>> record = np.array([[CODE[ResultKind.WIN], CODE[ResultKind.ZERO_BYE]]], dtype=np.int8)
    >>> [free_rounds(record, round_robin=rr, players=n).tolist() for rr, n in ((True, 3), (False, 3), (True, 4))]
    [[[False, True]], [[False, False]], [[False, False]]]
    """
    odd_round_robin = round_robin and players % 2 == 1
    found: Bools = (kind == CODE[ResultKind.ZERO_BYE]) & odd_round_robin
    return found


def unplayed_categories(kind: Codes, counted: Bools) -> Ints:
    """The category code (:data:`CATEGORIES`) of every unplayed round that counts, 0 elsewhere (C.07 16.2).

    A requested bye is 16.2.3 when some later round is not voluntarily unplayed,
    else 16.2.5: the category depends on the whole record.

    >>> from sonneborn.event import CODE
    >>> K = ResultKind
    >>> record = np.array([[CODE[k] for k in (K.HALF_BYE, K.FORFEIT_LOSS, K.PAIRING_BYE, K.ZERO_BYE, K.ZERO_BYE)]])
    >>> [str(CATEGORIES[c]) for c in unplayed_categories(record.astype(np.int8), record >= 0)[0]]
    ['cat. 16.2.3', 'cat. 16.2.4', 'cat. 16.2.1', 'cat. 16.2.5', 'cat. 16.2.5']
    """
    voluntary = of_kinds(kind, VOLUNTARY_KINDS) & counted
    not_voluntary = counted & ~voluntary
    # Whether some later round of the row is not voluntarily unplayed.
    later = np.zeros_like(not_voluntary)
    later[:, :-1] = np.logical_or.accumulate(not_voluntary[:, :0:-1], axis=1)[:, ::-1]
    requested = of_kinds(kind, REQUESTED_KINDS) & counted
    found = np.zeros(kind.shape, dtype=np.int8)
    found[of_kinds(kind, (ResultKind.PAIRING_BYE, ResultKind.FULL_BYE)) & counted] = Category.BYE.code
    found[(kind == CODE[ResultKind.FORFEIT_WIN]) & counted] = Category.FORFEIT_WIN.code
    found[(kind == CODE[ResultKind.FORFEIT_LOSS]) & counted] = Category.FORFEIT_LOSS.code
    found[requested & later] = Category.REQUESTED_BYE.code
    found[requested & ~later] = Category.LAST_BYES.code
    return found


def changed_rounds_words(rounds: list[int]) -> dict[str, Phrase]:
    """The rounds counted as draws, in words: ``round 3`` and ``a draw``, or ``rounds 3, 4`` and ``draws``.

    >>> changed_rounds_words([3]), changed_rounds_words([3, 4])
    ({'rounds': 'round 3', 'draws': 'a draw'}, {'rounds': 'rounds 3, 4', 'draws': 'draws'})
    """
    listed = ", ".join(map(str, rounds))
    if len(rounds) == 1:
        return {"rounds": Phrase.of(N_("round {rounds}"), rounds=listed), "draws": Phrase.of(N_("a draw"))}
    return {"rounds": Phrase.of(N_("rounds {rounds}"), rounds=listed), "draws": Phrase.of(N_("draws"))}


def scores_as_draws(points: Ints, scores: Ints, changed: Bools, draw: int) -> Ints:
    """Every score with the ``changed`` rounds counted as draws instead of their points (all in units).

    >>> scores_as_draws(np.array([[2, 0, 0]]), np.array([2]), np.array([[False, True, True]]), 1).tolist()
    [4]
    """
    removed = np.where(changed, points, 0).sum(axis=1)
    seen: Ints = scores - removed + times(changed.sum(axis=1), draw)
    return seen


@dataclass(frozen=True, eq=False)
class ScoresSeen:
    """Every player's score as opponents see it in BH and SB, with the rounds counted otherwise."""

    score: Ints
    """In units."""
    as_draws: Bools
    """The rounds of each player counted as draws instead of their points."""
    rule: str
    """How the changed score is described: C.07 16.3, or the pre-2023 rule (``{score}``, ``{rounds}`` and
    ``{draws}`` filled in by :func:`changed_rounds_words`)."""
    unit: int
    _why: dict[int, str] = field(default_factory=dict, repr=False)

    @cached_property
    def changed(self) -> Bools:
        """Whose score is seen otherwise."""
        found: Bools = np.asarray(self.as_draws.any(axis=1))
        return found

    def why(self, row: int) -> str:
        """Why a player's score is seen otherwise, or nothing when it is not."""
        if not self.changed[row]:
            return ""
        found = self._why.get(row)
        if found is None:
            rounds = [r + 1 for r in np.flatnonzero(self.as_draws[row]).tolist()]
            seen = ratio_text(int(self.score[row]), self.unit)
            found = self._why[row] = Phrase.of(self.rule, score=Number(seen), **changed_rounds_words(rounds))
        return found


def scores_as_they_are(scores: Ints, shape: tuple[int, int], unit: int) -> ScoresSeen:
    """The scores themselves as opponents see them, no round counted otherwise (round robins, the rules
    ``none``); ``shape`` is the event's, players × rounds."""
    return ScoresSeen(scores, np.zeros(shape, dtype=bool), "", unit)


def as_draws(points: Ints, scores: Ints, changed: Bools, draw: int, unit: int, rule: str) -> ScoresSeen:
    """Every score with the ``changed`` rounds counted as draws, and the words of ``rule`` for the change."""
    seen = scores_as_draws(points, scores, changed, draw)
    # A round counted as a draw that was worth a draw changes nothing, and is not worth a word.
    same = seen == scores
    return ScoresSeen(seen, changed & ~same[:, None], rule, unit)


def adjusted_scores(points: Ints, scores: Ints, categories: Ints, draw: int, unit: int) -> ScoresSeen:
    """C.07 16.3: every score as opponents see it, the rounds of category 16.2.5 counted as draws."""
    changed = categories == Category.LAST_BYES.code
    return as_draws(
        points, scores, changed, draw, unit, N_("adjusted score {score} (16.3: {rounds} counted as {draws})")
    )


def unplayed_as_draws(
    points: Ints, scores: Ints, counted: Bools, played: Bools, draw: int, unit: int, rule: str
) -> ScoresSeen:
    """Every score with each round not played over the board (byes, forfeits, absences) counted as a draw.

    The pre-2023 FIDE rule for opponents' scores (C.02 13.15 a, :func:`virtual_opponent_view`), and USCF's
    adjusted score (34E1). ``rule`` words the change, with ``{}`` for the score and the rounds.
    """
    return as_draws(points, scores, counted & ~played, draw, unit, rule)


def virtual_opponent_view(
    points: Ints, scores: Ints, counted: Bools, played: Bools, draw: int, unit: int
) -> ScoresSeen:
    """C.02 13.15 a (before 2023): every score as opponents see it, each unplayed game counted as a draw."""
    rule = N_("{score} with unplayed {rounds} as {draws} (C.02 13.15)")
    return unplayed_as_draws(points, scores, counted, played, draw, unit, rule)


def dummy_scores(
    own: Ints, unplayed: Bools, forfeit: Bools, scheduled: Ints, draw: int, rounds: int, *, capped: bool
) -> tuple[Ints, Codes]:
    """C.07 16.4: the dummy's score in every unplayed round, the player's own score; and which cap lowered it.

    ``own`` is every player's score, ``scheduled`` the adjusted score of the opponent scheduled in each round
    (a forfeit's). With the 2026 caps (``capped``) a forfeit's dummy has at most the scheduled opponent's
    adjusted score (16.4.1) and every other one at most a draw's points × ``rounds`` (16.4.2).

    >>> score, cap = dummy_scores(np.array([3]), np.array([[True, True]]), np.array([[True, False]]),
    ...                           np.array([[1, 0]]), 1, 2, capped=True)
    >>> score.tolist(), cap.tolist()
    ([[1, 2]], [[1, 2]])
    """
    dummy: Ints = np.broadcast_to(own[:, None], unplayed.shape)
    lowered_by = np.zeros(unplayed.shape, dtype=np.int8)
    if capped:
        cap = np.where(forfeit, scheduled, draw * rounds)
        lowered = unplayed & (cap < dummy)
        dummy = np.where(lowered, cap, dummy)
        lowered_by[lowered] = np.where(forfeit, CAP_FORFEIT, CAP_DRAWS)[lowered]
    return dummy, lowered_by


def virtual_opponent_scores(points: Ints, win: int, draw: int, rounds: int) -> Ints:
    """C.02 13.15 b (before 2023): in every round, the score of a virtual opponent who started the round with
    the player's score, took the complementary result and drew every later round of the ``rounds`` played.

    >>> virtual_opponent_scores(np.array([[2, 0, 1]]), 2, 1, 3).tolist()  # units of ½: 1, 0, ½
    [[2, 5, 3]]
    """
    before = np.cumsum(points, axis=1) - points
    rounds_after = rounds - 1 - np.arange(points.shape[1])
    virtual: Ints = before + (win - points) + times(rounds_after, draw)
    return virtual


@dataclass(frozen=True, eq=False)
class Contributions:
    """What each round adds to BH and SB: a score (of the opponent, a dummy or a virtual opponent) and the
    points scored against it, for every player and round."""

    score: Ints
    """The score counted, in units."""
    points: Ints
    """The player's points in the round, in units."""
    present: Bools
    """Whether the round adds an element."""
    voluntary: Bools
    """Whether the round is a VUR (C.07 16.1.2), which the 16.5 cut exception prefers to cut."""
    source: Codes
    """:data:`REAL`, :data:`DUMMY` or :data:`VIRTUAL` where present."""
    capped: Codes
    """Which cap lowered a dummy (:data:`CAP_FORFEIT`, :data:`CAP_DRAWS`), 0 for none."""
    opponent: Ints
    """The opponent's row in every round, 0 where there is none (read it where :attr:`source` is REAL)."""
    score_unit: int
    """Units per point of :attr:`score`."""
    points_unit: int
    """Units per point of :attr:`points`."""

    @property
    def product_unit(self) -> int:
        """Units per point of a product of :attr:`points` and :attr:`score` (SB): the two units multiplied, as
        a team event's SB multiplies one score's points by another score's scores."""
        return self.points_unit * self.score_unit

    @cached_property
    def opponent_numbers(self) -> Ints:
        """The start number of the real opponent each element counts, 0 for a dummy or a virtual opponent."""
        found: Ints = np.where(self.source == REAL, self.opponent + 1, 0)
        return found


def contributions(
    treatment: Treatment,
    *,
    kind: Codes,
    points: Ints,
    counted: Bools,
    opponent: Ints,
    has_opponent: Bools,
    played: Bools,
    seen: Ints,
    own: Ints,
    win: int,
    draw: int,
    unit: int,
    rounds: int,
    forfeits_played: bool,
    dummy_cap: bool,
) -> Contributions:
    """Round by round, what BH and SB count for every player.

    The arrays are the event's (a row per player, a column per round): result ``kind`` codes, ``points`` in
    units, the rounds ``counted``, the ``opponent`` rows (0 where none, masked by ``has_opponent``), the games
    ``played`` over the board; ``seen`` is every score as opponents see it (:class:`ScoresSeen`), ``own``
    every score, ``unit`` the units per point of both, ``rounds`` the rounds played; ``forfeits_played`` is ``/P``
    and ``dummy_cap`` the 2026 caps.

    A game over the board counts its opponent's score as seen (16.3); so do
    forfeits in round robins (15.2), under the rules ``none``, and with ``/P``
    (16.6). Other unplayed rounds count nothing in round robins and under
    ``none``; under Art. 16 a dummy with the player's own score (16.4), capped
    in 2026 by the scheduled opponent's adjusted score for a forfeit (16.4.1)
    and by a draw's points times the rounds played for the others (16.4.2);
    before 2023 a virtual opponent who took the complementary result and drew
    every later round (C.02 13.15 b).
    """
    real = counted & has_opponent
    if treatment is not Treatment.PLAIN:
        real &= played | forfeits_played
    opponent_score = seen[opponent]
    score = np.where(real, opponent_score, 0)
    present = real.copy()
    voluntary = np.zeros_like(real)
    source = np.where(real, REAL, 0).astype(np.int8)
    capped = np.zeros(kind.shape, dtype=np.int8)
    if treatment is not Treatment.PLAIN:
        unplayed = counted & ~real
        present |= unplayed
        if treatment is Treatment.ARTICLE_16:
            forfeit = of_kinds(kind, FORFEIT_KINDS) & has_opponent
            dummy, capped = dummy_scores(own, unplayed, forfeit, opponent_score, draw, rounds, capped=dummy_cap)
            score = np.where(unplayed, dummy, score)
            voluntary = unplayed & of_kinds(kind, VOLUNTARY_KINDS)
            source[unplayed] = DUMMY
        else:
            score = np.where(unplayed, virtual_opponent_scores(points, win, draw, rounds), score)
            source[unplayed] = VIRTUAL
    return Contributions(score, points, present, voluntary, source, capped, opponent, unit, unit)


@dataclass(frozen=True, eq=False)
class ContributionTexts:
    """The sentences of the elements of :class:`Contributions` for the derivations: ``11 (Zagorovsky)``,
    ``4 (round 2: half-point bye, cat. 16.2.3, dummy with own score 4 (16.4))``, made from the same arrays
    for many players at once."""

    contributions: Contributions
    seen: ScoresSeen
    """The scores opponents see, and why they are seen otherwise."""
    names: Sequence[str]
    kind: Codes
    """The result kind codes of every round."""
    categories: Ints | None
    """The 16.2 category codes; ``None`` outside Art. 16, where no element is a dummy's."""
    own: Ints
    """Every player's own score, in units."""
    unit: int
    win: int
    draw: int
    rounds: int
    """The rounds played."""
    _texts: dict[Dummy | Virtual, str] = field(default_factory=dict, repr=False)
    """The texts of the elements of dummies and virtual opponents made so far, by what they say."""

    @cached_property
    def opponent_labels(self) -> list[str]:
        """How each player is named as an opponent: his name, and why his score is seen otherwise (16.3)."""
        why = self.seen.why
        labels = []
        for row, name in enumerate(self.names):
            reason = why(row)
            labels.append(name + ", " + reason if reason else name)
        return labels

    @cached_property
    def opponent_score_texts(self) -> Texts:
        """Every player's score as his opponents' derivations show it: ``11 (Zagorovsky)``."""
        unit = self.unit
        return text_table(
            [
                Phrase.number(ratio_text(score, unit)) + " (" + label + ")"
                for score, label in zip(self.seen.score.tolist(), self.opponent_labels, strict=True)
            ]
        )

    def score_texts(self, rows: Ints) -> Texts:
        """``11 (Zagorovsky)`` for each element of the rows (a Buchholz element), empty where a round adds none."""
        c = self.contributions
        real = c.source[rows] == REAL
        texts = self.opponent_score_texts[c.opponent[rows]]
        # An opponent's text is the same in every derivation it is in; a dummy's or virtual opponent's is its own.
        texts[~real] = ""
        index, columns = np.nonzero(c.present[rows] & ~real)
        if index.size:
            texts[index, columns] = [self._unplayed_text(text) for text in self._unplayed((rows[index], columns))]
        return texts

    def _unplayed(self, at: tuple[Ints, Ints]) -> list[Dummy] | list[Virtual]:
        """What the elements of the rounds ``at`` (rows, columns) without a real opponent say."""
        c = self.contributions
        columns, kinds, scores = at[1].tolist(), self.kind[at].tolist(), c.score[at].tolist()
        if self.categories is not None:  # under Art. 16 every such element is a dummy's
            categories, caps = self.categories[at].tolist(), c.capped[at].tolist()
            own = self.own[at[0]].tolist()
            return list(map(Dummy, columns, kinds, categories, own, caps, scores))
        points = c.points
        before = (np.cumsum(points, axis=1) - points)[at].tolist()
        return list(map(Virtual, columns, kinds, before, points[at].tolist(), scores))

    def _unplayed_text(self, element: Dummy | Virtual) -> str:
        """``4 (round 2: …, dummy with own score 4 (16.4))``: worked out once for BH, SB and their cuts, and
        once for all the elements that say the same."""
        text = self._texts.get(element)
        if text is None:
            score = ratio_text(element.score, self.unit)
            text = self._texts[element] = Phrase.number(score) + " (" + element.label(self) + ")"
        return text

    def product_texts(self, rows: Ints) -> Texts:
        """``½×11 (Zagorovsky)`` for each element of the rows (a Sonneborn–Berger element)."""
        unit = self.unit
        factors = texts_of(self.contributions.points[rows], lambda points: factor_text(points, unit))
        found: Texts = factors + self.score_texts(rows)
        return found


def factor_text(points: int, unit: int) -> Phrase:
    """``½×``: the points scored as the factor of a product (SB, ESB)."""
    return Phrase.number(ratio_result_text(points, unit)) + "×"


class Dummy(NamedTuple):
    """What the element of an unplayed round under Art. 16 says: a dummy with the player's own score (16.4),
    perhaps capped (2026), with the category of the round (16.2); scores in units."""

    column: int
    kind: int
    category: int
    own: int
    cap: int
    """Which cap lowered the dummy's score (:data:`CAP_FORFEIT`, :data:`CAP_DRAWS`), 0 for none."""
    score: int
    """The score counted."""

    def label(self, words: ContributionTexts) -> str:
        unit, category = words.unit, CATEGORIES[self.category]
        text = Phrase.of(
            N_("round {round}: {kind}, {category}, dummy with own score {own}"),
            round=self.column + 1,
            kind=describe_kind(KINDS[self.kind]),
            category="" if category is None else category.text,
            own=Number(ratio_text(self.own, unit)),
        )
        if self.cap:
            score = Number(ratio_text(self.score, unit))
            text += Phrase.of(N_(" capped at {score} ({rule})"), score=score, rule=_CAP_RULES[self.cap])
        return text + " (16.4)"


class Virtual(NamedTuple):
    """What the element of an unplayed round before 2023 says: a virtual opponent who took the complementary
    result and drew every later round (C.02 13.15 b); points and scores in units."""

    column: int
    kind: int
    before: int
    """The player's points before the round."""
    points: int
    """The player's points in the round."""
    score: int
    """The virtual opponent's score: ``before + (win − points) + draw × later rounds``."""

    def label(self, words: ContributionTexts) -> str:
        unit, round_no = words.unit, self.column + 1
        numbers = (self.before, words.win, self.points, words.draw, self.score)
        before, win, points, draw, score = (ratio_text(number, unit) for number in numbers)
        template = N_(
            "round {round}: {kind}, virtual opponent {before} + ({win} − {points}) + {draw}×{later} = {score} "
            "(C.02 13.15)"
        )
        return Phrase.of(
            template,
            round=round_no,
            kind=describe_kind(KINDS[self.kind]),
            before=Number(before),
            win=Number(win),
            points=Number(points),
            draw=Number(draw),
            later=words.rounds - round_no,
            score=Number(score),
        )
