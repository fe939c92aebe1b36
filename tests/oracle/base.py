"""The pieces every tie-break is made of: its parsed code, its value and the event it reads.

A tie-break that is a sum keeps its elements, so that every value can be
shown as the sum it came from and so that the modifiers of C.07 14.1–14.4
can cut elements from it.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from oracle.scoring import round_by_round, worth
from oracle.unplayed import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    Contribution,
    ScoreView,
    adjusted_view,
    categories,
    category_text,
    describe_kind,
    is_voluntary,
    virtual_view,
)
from sonneborn.errors import TiebreakError
from sonneborn.model import Entry, EventKind, Player, ResultKind, StartNo, Tournament
from sonneborn.numbers import exact_text
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules

ZERO = Fraction(0)


class Modifier(enum.Enum):
    """A letter after a slash in a TEC code."""

    CUT, MEDIAN, LIMIT = "C", "M", "L"
    PLAYED, REVERSE, UNRATED, FORE = "P", "R", "U", "F"


@dataclass(frozen=True, slots=True)
class Spec:
    """A tie-break code with its modifiers, such as ``BH/C1`` or ``KS/L+1``.

    >>> Spec.parse("bh-c1")
    Spec.parse('BH/C1')
    >>> str(Spec.parse("ks/l-2"))
    'KS/L-2'
    """

    code: str
    cut_low: int = 0
    """/Cn and /Mn: the n least significant elements go (14.1-14.4) ..."""
    cut_high: int = 0
    """... and with /Mn the n most significant too."""
    limit: int = 0
    """/L±n: the Koya limit moved by n half points (14.5)."""
    forfeits_played: bool = False
    reverse: bool = False
    unrated_rating: int | None = None
    fore: bool = False

    @classmethod
    def parse(cls, text: str) -> Spec:
        """Reads a code such as ``SB``, ``BH/C1``, ``BH-C1``, ``BH/M2`` or ``DE/P`` (not yet checked).

        The grammar of the TEC codes: the acronym, then ``/`` and a modifier, any number of times.
        """
        written = text.strip()
        if not written:
            raise TiebreakError("empty tie-break code")
        upper = written.upper()
        letters = len(upper) - len(upper.lstrip(string.ascii_uppercase))
        dash = upper[letters : letters + 3]
        if letters and len(dash) == 3 and dash[0] == "-" and dash[1] in "CM" and dash[2] in string.digits:
            upper = upper[:letters] + "/" + upper[letters + 1 :]  # "BH-C1", a common spelling of "BH/C1"
        code, *modifiers = upper.split("/")
        spec = cls(code)
        for modifier in modifiers:
            letter, number = modifier[:1], modifier[1:]
            unsigned = number[1:] if number[:1] in ("+", "-") else number
            well_formed = not number or (0 < len(unsigned) <= 9 and all(c in string.digits for c in unsigned))
            if not letter or letter not in "CMLPRUF" or not well_formed:
                raise TiebreakError(f"unknown modifier {'/' + modifier!r} in {written!r}")
            if letter in ("C", "M"):
                if not number or number != unsigned or int(number) == 0:
                    raise TiebreakError(f"modifier /{letter} needs a count such as /{letter}1 in {written!r}")
                count = int(number)
                spec = replace(spec, cut_low=count, cut_high=count if letter == "M" else 0)
            elif letter == "L":
                if not number or number == unsigned:
                    raise TiebreakError(f"modifier /L needs a signed number of half points such as /L+1 in {text!r}")
                spec = replace(spec, limit=int(number))
            elif letter == "U":
                if not number or number != unsigned:
                    raise TiebreakError(f"modifier /U needs a rating such as /U1000 in {written!r}")
                spec = replace(spec, unrated_rating=int(number))
            elif number:
                raise TiebreakError(f"modifier /{letter} takes no number in {written!r}")
            elif letter == "F":
                spec = replace(spec, fore=True)
            elif letter == "P":
                spec = replace(spec, forfeits_played=True)
            else:
                spec = replace(spec, reverse=True)
        return spec

    def _written(self) -> list[tuple[Modifier, str]]:
        """Each modifier the spec uses with the way it is written, in the order codes are normalised to."""
        parts = []
        if self.cut_low and self.cut_high:
            parts.append((Modifier.MEDIAN, f"/M{self.cut_low}"))
        elif self.cut_low:
            parts.append((Modifier.CUT, f"/C{self.cut_low}"))
        if self.limit:
            sign = "+" if self.limit > 0 else "-"
            parts.append((Modifier.LIMIT, f"/L{sign}{abs(self.limit)}"))
        for flag, modifier in ((self.forfeits_played, Modifier.PLAYED), (self.reverse, Modifier.REVERSE)):
            if flag:
                parts.append((modifier, "/" + modifier.value))
        if self.fore:
            parts.append((Modifier.FORE, "/F"))
        if self.unrated_rating is not None:
            parts.append((Modifier.UNRATED, f"/U{self.unrated_rating}"))
        return parts

    @property
    def modifiers(self) -> frozenset[Modifier]:
        """The modifiers used."""
        return frozenset(modifier for modifier, _ in self._written())

    def __str__(self) -> str:
        return self.code + "".join(text for _, text in self._written())

    def __repr__(self) -> str:
        return f"Spec.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Element:
    """One addend of a summed tie-break, with what makes it more or less significant."""

    value: Fraction
    """What it adds."""
    text: str
    """How it came about, e.g. ``½×11 (Zagorovsky)``."""
    key: tuple[Fraction, ...]
    """Significance: the element with the lowest key is the least significant (C.07 14.1)."""
    round: int = 0
    """The round it belongs to (0 when none)."""
    opponent: StartNo | None = None
    """The opponent it concerns, when there is one."""
    voluntary: bool = False
    """Whether it comes from a voluntary unplayed round (C.07 16.1.2), for the cut exception of 16.5."""


@dataclass(frozen=True, slots=True)
class Value:
    """A tie-break value of one player, with the derivation behind it.

    ``number`` is ``None`` when the tie-break has no value for the player.
    """

    number: Fraction | None
    elements: tuple[Element, ...] = ()
    """The addends kept, for a sum."""
    cut: tuple[Element, ...] = ()
    """The addends removed by a modifier."""
    note: str = ""
    """The derivation of a value that is not a plain sum."""
    mean: bool = False
    """Whether the value is the average of the kept elements rather than their sum."""

    @classmethod
    def of_sum(cls, elements: Sequence[Element], cut: Sequence[Element] = ()) -> Value:
        """The sum of the kept elements."""
        return cls(sum((e.value for e in elements), ZERO), tuple(elements), tuple(cut))


@dataclass(frozen=True, slots=True)
class Game:
    """A round in which a player had an opponent (played over the board or forfeited)."""

    entry: Entry
    points: Fraction
    """Points the player made in this round."""
    opponent: Player


def event_kind(tournament: Tournament) -> EventKind:
    """Round robin or Swiss: as the source or the user says, else a round robin when every two players
    were paired the same number of times (the pairings were fixed in advance, C.07 15.2)."""
    if tournament.kind is not None:
        return tournament.kind
    pairings: dict[frozenset[StartNo], int] = {}
    for player in tournament.players:
        for entry in player.entries:
            if entry.opponent is not None and entry.opponent > player.start:
                pair = frozenset((player.start, entry.opponent))
                pairings[pair] = pairings.get(pair, 0) + 1
    size = len(tournament.players)
    everyone_met = size >= 2 and len(pairings) == size * (size - 1) // 2
    return EventKind.ROUND_ROBIN if everyone_met and len(set(pairings.values())) == 1 else EventKind.SWISS


class Context:
    """The event as the tie-breaks see it: scores and games computed once.

    The unplayed-round rules of C.07 Art. 16 enter through :meth:`opponent_score`
    and :meth:`own_unplayed_rounds`; with the rules of this version opponents
    count with their points and a player's own unplayed rounds add nothing.
    """

    def __init__(
        self, tournament: Tournament, *, rules: Rules = DEFAULT_RULES, unrated_rating: int | None = None
    ) -> None:
        self.tournament = tournament
        self.rules = rules
        self.unrated_rating = unrated_rating
        """The rating assumed for unrated players (``--unrated-rating``), or ``None``."""
        self.kind = event_kind(tournament)
        self.system = tournament.point_system
        self.round_points: dict[StartNo, list[Fraction]] = {
            p.start: round_by_round(tournament, p) for p in tournament.players
        }
        self.scores: dict[StartNo, Fraction] = {
            p.start: sum(self.round_points[p.start], p.adjustment) for p in tournament.players
        }

    @property
    def is_round_robin(self) -> bool:
        return self.kind is EventKind.ROUND_ROBIN

    @cached_property
    def played_rounds(self) -> int:
        """Rounds with at least one result: the rounds the standings are taken after."""
        finished = [e.round for p in self.tournament.players for e in p.entries if e.kind is not ResultKind.NOT_PLAYED]
        return max(finished, default=0)

    def games(self, player: Player) -> list[Game]:
        """The rounds in which the player had an opponent and a result (forfeits included)."""
        tournament = self.tournament
        points = self.round_points[player.start]
        return [
            Game(entry, points[entry.round - 1], tournament.player(entry.opponent))
            for entry in player.entries
            if entry.opponent is not None and entry.kind.is_finished
        ]

    @cached_property
    def art16(self) -> bool:
        """Whether C.07 Art. 16 governs unplayed rounds: a Swiss event under the 2023–2026 rules."""
        return not self.is_round_robin and self.rules in (Rules.FIDE_2023, Rules.FIDE_2024, Rules.FIDE_2026)

    @cached_property
    def categories(self) -> dict[StartNo, dict[int, str]]:
        """The category of every unplayed round of every player (C.07 16.2)."""
        rounds = self.played_rounds
        return {p.start: categories(p.entries, rounds) for p in self.tournament.players}

    @cached_property
    def seen_scores(self) -> dict[StartNo, ScoreView]:
        """Each player's score as opponents see it in BH and SB: adjusted in Swiss events (C.07 16.3)."""
        draw = self.system.draw
        if self.art16:
            return {
                s: adjusted_view(s, self.scores[s], self.round_points[s], self.categories[s], draw) for s in self.scores
            }
        if not self.is_round_robin and self.rules is Rules.FIDE_2009:
            rounds = self.played_rounds
            views = {}
            for player in self.tournament.players:
                unplayed = {e.round for e in player.entries[:rounds] if e.kind.is_finished and not e.kind.is_played}
                views[player.start] = virtual_view(
                    self.scores[player.start], self.round_points[player.start], unplayed, draw
                )
            return views
        return {s: ScoreView(score) for s, score in self.scores.items()}

    def opponent_score(self, opponent: StartNo) -> Fraction:
        """The score of an opponent as it enters BH and SB (C.07 8.1, 9.1, 16.3)."""
        return self.seen_scores[opponent].score

    @property
    def vur_exception(self) -> bool:
        """Whether cuts prefer voluntary unplayed rounds (C.07 16.5)."""
        return self.art16

    def contributions(self, player: Player, *, forfeits_played: bool = False) -> list[Contribution]:
        """Round by round, the opponent (real, dummy or virtual) that BH and SB count for the player.

        ``forfeits_played`` (``/P``, C.07 16.6) counts forfeits as games against the scheduled opponent.
        """
        rounds = self.played_rounds
        points = self.round_points[player.start]
        own = self.scores[player.start]
        plain = self.is_round_robin or self.rules is Rules.NONE
        found = []
        for entry in player.entries[:rounds]:
            kind, opponent, rnd = entry.kind, entry.opponent, entry.round
            if not kind.is_finished:
                continue
            if opponent is not None and (kind.is_played or plain or forfeits_played):
                view = self.seen_scores[opponent]
                found.append(
                    Contribution(rnd, points[rnd - 1], view.score, self.tournament.player(opponent), why=view.why)
                )
            elif plain:
                continue  # a free round, a bye, or a forfeit with nobody scheduled: no element (15.2)
            elif self.art16:
                found.append(self._dummy(player, entry, own, points[rnd - 1]))
            else:
                found.append(self._virtual_opponent(entry, points, rounds))
        return found

    def _dummy(self, player: Player, entry: Entry, own: Fraction, points: Fraction) -> Contribution:
        """C.07 16.4: a game against a dummy whose score is the player's own, capped in 2026."""
        category = self.categories[player.start][entry.round]
        dummy = own
        why = (
            f"round {entry.round}: {describe_kind(entry.kind)}, {category_text(category)}, "
            f"dummy with own score {exact_text(own)}"
        )
        if self.rules is Rules.FIDE_2026:  # the caps of 16.4.1 and 16.4.2 are new in 2026
            if category in (FORFEIT_WIN, FORFEIT_LOSS) and entry.opponent is not None:
                cap = self.seen_scores[entry.opponent].score
                rule = "16.4.1, the scheduled opponent's adjusted score"
            else:
                cap = self.system.draw * self.played_rounds
                rule = "16.4.2, a draw's points × rounds"
            if cap < dummy:
                dummy = cap
                why += f" capped at {exact_text(cap)} ({rule})"
        return Contribution(entry.round, points, dummy, None, is_voluntary(category), why + " (16.4)")

    def _virtual_opponent(self, entry: Entry, points: list[Fraction], rounds: int) -> Contribution:
        """C.02 13.15 b: a virtual opponent who took the complementary result and then drew every round."""
        rnd = entry.round
        before = sum(points[: rnd - 1], ZERO)
        win, draw = self.system.win, self.system.draw
        virtual = before + (win - points[rnd - 1]) + draw * (rounds - rnd)
        why = (
            f"round {rnd}: {describe_kind(entry.kind)}, virtual opponent {exact_text(before)} + "
            f"({exact_text(win)} − {exact_text(points[rnd - 1])}) + {exact_text(draw)}×{rounds - rnd} "
            f"= {exact_text(virtual)} (C.02 13.15)"
        )
        return Contribution(rnd, points[rnd - 1], virtual, None, False, why)

    @cached_property
    def max_score(self) -> Fraction:
        """The maximum possible tournament score in the rounds played (C.07 9.2): a win in every game.

        In a Swiss event every round played is a game. In a round robin of n
        players each player meets the n − 1 others once a cycle; with n odd a
        cycle has n rounds, one of them a free round for each player, which is
        no game. In the cycle under way a player whose free round is still to
        come has had a game in every round of it.
        """
        rounds = self.played_rounds
        players = len(self.tournament)
        if not self.is_round_robin or players % 2 == 0:  # no free round: every round a game
            return self.system.win * rounds
        cycles, under_way = divmod(rounds, players)
        return self.system.win * (cycles * (players - 1) + under_way)


def count_value(count: int, note: str) -> Value:
    """A value that counts rounds."""
    return Value(Fraction(count), note=note)


Compute = Callable[[Context, Spec], dict[StartNo, Value]]
GroupRank = Callable[[Context, Spec, Sequence[StartNo]], list[list[StartNo]]]


@dataclass(frozen=True, slots=True)
class Definition:
    """A registered tie-break: what it is, where the rules define it, how it is computed."""

    code: str
    name: str
    article: str
    """The rule that defines it, e.g. ``C.07 9.1``."""
    definition: str
    """One sentence that says what it is."""
    compute: Compute | None = None
    """Values for every player; ``None`` for tie-breaks decided on groups (DE)."""
    group_rank: GroupRank | None = None
    """Splits a tied group into ordered subgroups (type A tie-breaks)."""
    modifiers: frozenset[Modifier] = field(default_factory=frozenset)
    integral: bool = False
    """Whether the values are whole numbers (counts and places)."""
    ascending: bool = False
    """Whether the lowest value ranks first (pairing numbers); ``/R`` reverses either order."""

    def lowest_first(self, spec: Spec) -> bool:
        """Whether, for this spec, lower values rank ahead."""
        return self.ascending != spec.reverse

    def check(self, spec: Spec) -> None:
        """Raises :class:`TiebreakError` when the spec uses a modifier this tie-break does not take."""
        refused = sorted("/" + modifier.value for modifier in spec.modifiers if modifier not in self.modifiers)
        if not refused:
            return
        taken = sorted("/" + modifier.value for modifier in self.modifiers)
        message = f"{self.code} does not take {', '.join(refused)} (modifiers it takes: {', '.join(taken) or 'none'})"
        raise TiebreakError(message)


def is_win(context: Context, kind: ResultKind) -> bool:
    """Whether a round's result is worth as many points as a win (C.07 7.1)."""
    return kind.is_finished and worth(context.system, kind) == context.system.win
