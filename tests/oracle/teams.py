"""Team tie-breaks in plain fractions (C.07 Art. 11–13, and Art. 6–9 and 14–16 applied to teams).

Written from the C.07 2026 text over a plain structure (teams, rounds, per match the opponent and the board
results), one team at a time, to check the engine and FIDE's checker: it imports nothing from sonneborn and
shares no code with src/ (nor with the individual oracle). What it reads as the C.07 text and where that is a
reading is said where the rule is written; ``docs/tiebreaks-teams-reference.md`` lists where FIDE's checker
reads otherwise.

A team's score is either its match points (``MP``) or its game points (``GP``), C.07 11.1. Every tie-break of
Art. 6–9 takes the score it is computed on (13: the primary score by default). "Points" in Art. 16 means both
scores, each with a draw's value: a drawn match's MP, and half the boards' GP (16.3, 16.4 note).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

MP, GP = "MP", "GP"
PLAYED = "played"
"""A match with at least one game played over the board (C.07 15.1: else the round is unplayed)."""
FORFEIT_WIN, FORFEIT_LOSS = "+", "-"
"""A whole match won or lost by forfeit (TRF-26 record 330)."""
PAB, FPB, HPB, ZPB = "U", "F", "H", "Z"
"""Pairing-allocated, full-point, half-point and zero-point byes (a withdrawal's rounds and a free round are ZPBs)."""
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match, seen from one team."""

    number: int
    points: Fraction
    """The team's game points on the board."""
    conceded: Fraction
    """The opponent's game points on it."""
    played: bool
    """Whether the game was played over the board (not a forfeit, nor an empty board)."""
    black: bool | None
    """Whether the team's player had black; ``None`` when no game was played or the colour is unknown."""


@dataclass(frozen=True, slots=True)
class Match:
    """One round of a team: a match, a forfeited match or a bye."""

    round: int
    kind: str
    opponent: int | None
    """The scheduled opponent; ``None`` for a bye."""
    black: bool | None
    """Whether the team had black on board 1."""
    boards: tuple[Board, ...]
    mp: Fraction
    gp: Fraction

    def scored(self, score: str) -> Fraction:
        """The match points or the game points of the round."""
        return self.mp if score == MP else self.gp


@dataclass(frozen=True, slots=True)
class Team:
    number: int
    matches: tuple[Match, ...]
    """One per round, in order."""


@dataclass(frozen=True, slots=True)
class TeamEvent:
    teams: tuple[Team, ...]
    rounds: int
    boards: int
    round_robin: bool
    game: tuple[Fraction, Fraction, Fraction]
    """A game's win, draw and loss (TRF record 162)."""
    match: tuple[Fraction, Fraction, Fraction]
    """A match's win, draw and loss in match points (record 362)."""
    edition: int = 2026
    """The C.07 edition: 2026 caps the dummies (16.4.1, 16.4.2) and keeps a round robin's forfeit losses unplayed
    for Art. 7 (15.2); 2024 does neither."""

    def team(self, number: int) -> Team:
        return next(t for t in self.teams if t.number == number)

    def win(self, score: str) -> Fraction:
        """The most a team scores in one match: a match win, or every board won."""
        return self.match[0] if score == MP else self.game[0] * self.boards

    def draw(self, score: str) -> Fraction:
        """A draw's value (16.3, 16.4 note): a drawn match's MP, or half the boards' GP."""
        return self.match[1] if score == MP else self.game[1] * self.boards

    def loss(self, score: str) -> Fraction:
        return self.match[2] if score == MP else self.game[2] * self.boards


def other(score: str) -> str:
    """The secondary score of a primary one (13.1)."""
    return GP if score == MP else MP


def total(event: TeamEvent, team: int, score: str) -> Fraction:
    """A team's final MP or GP (11.1)."""
    return sum((m.scored(score) for m in event.team(team).matches), ZERO)


# --- C.07 16: unplayed rounds in Swiss events ---------------------------------------------------------------


def is_vur(match: Match) -> bool:
    """16.1.2: a requested bye (a half- or zero-point bye, every round after a withdrawal) or a forfeit loss."""
    return match.kind in (HPB, ZPB, FORFEIT_LOSS)


def category(team: Team, match: Match) -> str | None:
    """The 16.2 category of an unplayed round, ``None`` for a played match."""
    if match.kind == PLAYED:
        return None
    if match.kind in (PAB, FPB):
        return "16.2.1"
    if match.kind == FORFEIT_WIN:
        return "16.2.2"
    if match.kind == FORFEIT_LOSS:
        return "16.2.4"
    later = team.matches[match.round :]
    return "16.2.3" if any(not is_vur(m) for m in later) else "16.2.5"


def adjusted(event: TeamEvent, team: int, score: str) -> Fraction:
    """16.3: the score a team's opponents see; its category 16.2.5 rounds count as draws.

    In a round robin Art. 16 does not apply (15.2): the plain score.
    """
    if event.round_robin:
        return total(event, team, score)
    record = event.team(team)
    return sum(
        (event.draw(score) if category(record, m) == "16.2.5" else m.scored(score) for m in record.matches), ZERO
    )


@dataclass(frozen=True, slots=True)
class Element:
    """One round's contribution to a BH or SB sum."""

    round: int
    score: Fraction
    """The opponent's (adjusted) score, or the dummy's."""
    value: Fraction
    """What the round adds: the score for BH, the score times the points scored for SB."""
    voluntary: bool
    """Whether the round is a VUR, which the 16.5 exception cuts first."""


def contributions(
    event: TeamEvent, team: int, opponent_score: str, multiplier: str | None, *, forfeits_played: bool = False
) -> list[Element]:
    """Each round's element of BH (``multiplier`` None) or SB/ESB: the opponent's final total in one score,
    times the points scored against him in the other (13.2).

    Swiss (16.3–16.4): an opponent counts with his adjusted score; an unplayed round counts as a game against
    a dummy whose score is the team's own final score, at most the scheduled opponent's adjusted score for a
    forfeit (16.4.1) and at most a draw's value times the rounds for the others (16.4.2); ``/P`` (16.6) counts
    forfeits as matches against the scheduled opponent. Round robin (15.2): forfeits are ordinary matches, a
    free round is no element, and there is no dummy.
    """
    record = event.team(team)
    own = total(event, team, opponent_score)
    found = []
    for m in record.matches:
        points = ZERO if multiplier is None else m.scored(multiplier)
        if event.round_robin:
            if m.opponent is None:
                continue
            score = total(event, m.opponent, opponent_score)
            voluntary = False
        elif m.opponent is not None and (m.kind == PLAYED or forfeits_played):
            score, voluntary = adjusted(event, m.opponent, opponent_score), False
        else:
            if m.opponent is not None:
                cap = adjusted(event, m.opponent, opponent_score)
            else:
                cap = event.draw(opponent_score) * event.rounds
            score, voluntary = (min(own, cap) if event.edition >= 2026 else own), is_vur(m)
        found.append(Element(m.round, score, score if multiplier is None else score * points, voluntary))
    return found


def cut(elements: Sequence[Element], low: int, high: int, *, vur_exception: bool) -> list[Element]:
    """C.07 14.1–14.4 with the 16.5 exception: the elements kept.

    The least significant element is the one of the lowest score, among equal scores the lowest value (14.1
    a and d, and for ESB the team rule of 14.1). With VURs (16.5.1) the lowest VUR contribution goes instead,
    as long as it is not lower than the least significant value. The most significant cuts of a median know
    no such preference.
    """
    kept = list(elements)
    for _ in range(low):
        if not kept:
            break
        least = min(kept, key=lambda e: (e.score, e.value))
        vurs = [e for e in kept if e.voluntary]
        if vur_exception and vurs:
            lowest = min(vurs, key=lambda e: (e.value, e.score))
            if lowest.value >= least.value:
                least = lowest
        kept.remove(least)
    for _ in range(high):
        if not kept:
            break
        kept.remove(max(kept, key=lambda e: (e.score, e.value)))
    return kept


@dataclass(frozen=True, slots=True)
class Code:
    """A team tie-break code as FIDE's checker writes it: ``BH:GP/C1``, ``EMGSB/C1/P``, ``SSSC/K5``."""

    name: str
    score: str | None = None
    """``:MP`` or ``:GP``; ``None`` for the primary score."""
    low: int = 0
    high: int = 0
    played: bool = False
    """``/P``: forfeits count as matches against the scheduled opponent (16.6)."""
    fore: bool = False
    """``/F``: Fore Buchholz instead of Buchholz (AOB, SSSC)."""
    k: int | None = None
    """``/Kn``: SSSC's divisor (13.4.2 b)."""

    @classmethod
    def parse(cls, text: str) -> Code:
        """Reads a code.

        >>> Code.parse("BH:GP/C1")
        Code(name='BH', score='GP', low=1, high=0, played=False, fore=False, k=None)
        >>> Code.parse("SSSC/K5").k
        5
        """
        head, *mods = text.upper().split("/")
        name, _, score = head.partition(":")
        code = cls(name, score or None)
        for mod in mods:
            if mod[0] == "C":
                code = replace(code, low=int(mod[1:]))
            elif mod[0] == "M":
                code = replace(code, low=int(mod[1:]), high=int(mod[1:]))
            elif mod == "P":
                code = replace(code, played=True)
            elif mod == "F":
                code = replace(code, fore=True)
            elif mod[0] == "K":
                code = replace(code, k=int(mod[1:]))
            else:
                raise ValueError(f"unknown modifier /{mod} in {text!r}")
        return code


Values = dict[int, Fraction | None]


def _summed(event: TeamEvent, team: int, opponent_score: str, multiplier: str | None, code: Code) -> Fraction:
    elements = contributions(event, team, opponent_score, multiplier, forfeits_played=code.played)
    kept = cut(elements, code.low, code.high, vur_exception=not event.round_robin)
    return sum((e.value for e in kept), ZERO)


def buchholz(event: TeamEvent, code: Code, primary: str) -> Values:
    """BH, C.07 8.1 (13): the sum of the opponents' scores in the code's score."""
    score = code.score or primary
    return {t.number: _summed(event, t.number, score, None, code) for t in event.teams}


def sonneborn_berger(event: TeamEvent, code: Code, primary: str) -> Values:
    """SB, C.07 9.1 (13): the opponents' final scores times the points scored against them, both in one score."""
    score = code.score or primary
    return {t.number: _summed(event, t.number, score, score, code) for t in event.teams}


def extended_sonneborn_berger(event: TeamEvent, code: Code, primary: str) -> Values:
    """ESB, C.07 13.2: EMMSB, EMGSB, EGMSB, EGGSB: the opponent's total MP or GP times the MP or GP scored
    against him. Cut-1 drops the product of the opponent with the lowest MP (EM..) or GP (EG..) score, among
    those the lowest product (14.1), with the 16.5 exception."""
    totals, against = code.name[1] + "P", code.name[2] + "P"
    return {t.number: _summed(event, t.number, totals, against, code) for t in event.teams}


def final_round_drawn(event: TeamEvent) -> TeamEvent:
    """C.07 8.3: the event as if every paired match of the final round had been drawn (MP and GP)."""
    last = event.rounds
    teams = []
    for t in event.teams:
        m = t.matches[last - 1]
        if m.opponent is not None:
            drawn = replace(m, kind=PLAYED, mp=event.draw(MP), gp=event.draw(GP))
            t = replace(t, matches=(*t.matches[:-1], drawn))
        teams.append(t)
    return replace(event, teams=tuple(teams))


def fore_buchholz(event: TeamEvent, code: Code, primary: str) -> Values:
    """FB, C.07 8.3: Buchholz with every paired match of the final round drawn."""
    return buchholz(final_round_drawn(event), code, primary)


def average_of_opponents_buchholz(event: TeamEvent, code: Code, primary: str) -> Values:
    """AOB, C.07 8.2: the mean Buchholz (``/F``: Fore Buchholz) of the opponents of the matches played.

    Not rounded: C.07 gives no rounding.
    """
    plain = replace(code, fore=False)
    bh = fore_buchholz(event, plain, primary) if code.fore else buchholz(event, plain, primary)
    values: Values = {}
    for t in event.teams:
        met = [m.opponent for m in t.matches if m.kind == PLAYED and m.opponent is not None]
        values[t.number] = sum((bh[o] or ZERO for o in met), ZERO) / len(met) if met else None
    return values


def progressive(event: TeamEvent, code: Code, primary: str) -> Values:
    """PS, C.07 7.5: the sum of the running scores after each round; Cut-n drops the first n (14.1 c)."""
    score = code.score or primary
    values: Values = {}
    for t in event.teams:
        running, sums = ZERO, []
        for m in t.matches:
            running += m.scored(score)
            sums.append(running)
        values[t.number] = sum(sums[code.low :], ZERO)
    return values


def koya(event: TeamEvent, code: Code, primary: str) -> Values:
    """KS, C.07 9.2: the points scored against the teams with at least half the maximum possible score.

    The maximum is a win's value times the matches a team can play: the rounds, less a round robin's free
    rounds (a reading). Forfeits against such teams count (a reading: 9.2 counts points achieved).
    """
    score = code.score or primary
    matches = event.rounds
    if event.round_robin and len(event.teams) % 2:
        matches -= event.rounds // len(event.teams)
    limit = event.win(score) * matches / 2
    strong = {t.number for t in event.teams if total(event, t.number, score) >= limit}
    return {t.number: sum((m.scored(score) for m in t.matches if m.opponent in strong), ZERO) for t in event.teams}


def board_games(event: TeamEvent, m: Match) -> list[Board]:
    """A round's games, board by board, for the game-point reading of Art. 7: the boards of a match, or for an
    unplayed round one unplayed game per board with the round's result (Art. 12's reading of a PAB: a win on
    every board)."""
    if m.boards and m.kind == PLAYED:
        return list(m.boards)
    win, draw, _ = event.game
    each = {PAB: win, FPB: win, FORFEIT_WIN: win, HPB: draw}.get(m.kind, ZERO)
    return [Board(b, each, ZERO, False, None) for b in range(1, event.boards + 1)]


def counted(event: TeamEvent, code: Code, primary: str, test: Callable[[TeamEvent, Match, str], int]) -> Values:
    return {t.number: Fraction(sum(test(event, m, code.score or primary) for m in t.matches)) for t in event.teams}


def _wins(event: TeamEvent, m: Match, score: str) -> int:
    """7.1: with MP, rounds with a win's MP; with GP, games (boards) with a win's points, played or not."""
    if score == MP:
        return int(m.mp == event.match[0])
    return sum(b.points == event.game[0] for b in board_games(event, m))


def _won(event: TeamEvent, m: Match, score: str) -> int:
    """7.2: matches (MP) or games (GP) won over the board."""
    if score == MP:
        return int(m.kind == PLAYED and m.mp == event.match[0])
    return sum(b.played and b.points == event.game[0] for b in board_games(event, m))


def _black(event: TeamEvent, m: Match, score: str) -> int:
    """7.3: matches played with black on board 1 (MP), or games played over the board with black (GP)."""
    if score == MP:
        return int(m.kind == PLAYED and bool(m.black))
    return sum(b.played and bool(b.black) for b in board_games(event, m))


def _black_won(event: TeamEvent, m: Match, score: str) -> int:
    """7.4: the same, won."""
    if score == MP:
        return int(m.kind == PLAYED and bool(m.black) and m.mp == event.match[0])
    return sum(b.played and bool(b.black) and b.points == event.game[0] for b in board_games(event, m))


def is_free_round(event: TeamEvent, m: Match) -> bool:
    """The round an odd round robin's schedule leaves a team without an opponent, which files record as a ZPB."""
    return event.round_robin and len(event.teams) % 2 == 1 and m.kind == ZPB and m.opponent is None


def _elected(event: TeamEvent, m: Match, score: str) -> int:
    """7.6: rounds (MP) or games (GP), less the half- and zero-point byes and the forfeit losses.

    An odd round robin's free round is none of these: no bye the team asked for (16.1.1), no VUR (16.1.2), so
    it counts as elected (FIDE's checker counts it as a zero-point bye).
    """
    unelected = is_vur(m) and not is_free_round(event, m)
    if event.round_robin and event.edition < 2026:
        unelected = False  # 15.2 before 2026: a round robin's forfeits are ordinary games, no exception for Art. 7
    if score == MP:
        return int(not unelected)
    if m.kind != PLAYED:
        return 0 if unelected else event.boards
    forfeited = sum(1 for b in m.boards if not b.played and b.points == event.game[2])
    return event.boards - forfeited


def standard(event: TeamEvent, code: Code, primary: str) -> Values:
    """STD, C.07 7.7: per round 1 for scoring more than the scheduled opponent, ½ for the same; without an
    opponent, against a draw's value. Per round in either score, as 7.7 says "rounds"."""
    score = code.score or primary
    values: Values = {}
    for t in event.teams:
        sum_ = ZERO
        for m in t.matches:
            mine = m.scored(score)
            if m.opponent is not None:
                theirs = next(o for o in event.team(m.opponent).matches if o.round == m.round).scored(score)
            else:
                theirs = event.draw(score)
            sum_ += 1 if mine > theirs else Fraction(1, 2) if mine == theirs else 0
        values[t.number] = sum_
    return values


# --- C.07 12: the board tie-breaks ---------------------------------------------------------------------------


def board_points(event: TeamEvent, team: int) -> list[Fraction]:
    """Game points on each board over all the team's matches (Art. 12): forfeits as wins or losses, a PAB as a
    win on every board; an unplayed round's other results on every board (a reading: FPB and forfeit win as
    wins, HPB as draws, ZPB and forfeit loss as losses)."""
    found = [ZERO] * event.boards
    for m in event.team(team).matches:
        for b in board_games(event, m):
            found[b.number - 1] += b.points
    return found


def board_count(event: TeamEvent, code: Code, primary: str) -> Values:
    """BC, C.07 12.1: Σ board number × game points on that board; the lower the better."""
    return {
        t.number: sum((n * p for n, p in enumerate(board_points(event, t.number), start=1)), ZERO) for t in event.teams
    }


def top_board_key(event: TeamEvent, team: int) -> tuple[Fraction, ...]:
    """TBR, C.07 12.2: board 1's game points, then board 2's…, compared in that order (higher is better)."""
    return tuple(board_points(event, team))


def bottom_board_key(event: TeamEvent, team: int) -> tuple[Fraction, ...]:
    """BBE, C.07 12.3: the game points without the bottom board, then without the two bottom ones… (higher is
    better)."""
    points = board_points(event, team)
    return tuple(sum(points[:k], ZERO) for k in range(len(points) - 1, 0, -1))


# --- C.07 6 and 13.3: direct encounter ---------------------------------------------------------------------

Parts = list[list[int]]


def direct_encounter(event: TeamEvent, group: Sequence[int], score: str, played: bool = False) -> Parts:
    """C.07 6 on one score: the group in parts, best first (a part of several teams is still tied).

    6.1: the points of the matches among the group (forfeited matches only in a round robin, 15.2, or with
    /P, 6.1.1; the average of repeated meetings, 6.1.2). 6.2: when all met, the separate standings decide and
    Art. 6 is applied again to each part still tied. 6.3 (Swiss): a team is first if it stays alone at the
    top whatever the missing matches give (each ends anywhere between a loss and a win); then the next place
    among the rest; Art. 6 is applied again to those left.
    """
    members = sorted(group)
    if len(members) < 2:
        return [members]
    inside = set(members)
    met: dict[tuple[int, int], list[Fraction]] = {}
    for t in members:
        for m in event.team(t).matches:
            counts = m.kind == PLAYED or (m.kind in (FORFEIT_WIN, FORFEIT_LOSS) and (event.round_robin or played))
            if m.opponent in inside and counts:
                met.setdefault((t, m.opponent), []).append(m.scored(score))
    table = {t: sum((sum(p, ZERO) / len(p) for (a, _), p in met.items() if a == t), ZERO) for t in members}
    missing = [pair for pair in combinations(members, 2) if pair not in met]
    if not missing:
        levels = sorted(set(table.values()), reverse=True)
        if len(levels) == 1:
            return [members]
        parts: Parts = []
        for level in levels:
            parts += direct_encounter(event, [t for t in members if table[t] == level], score, played)
        return parts
    best, worst = event.win(score), event.loss(score)

    def sure(c: int, r: int) -> bool:
        # c is ahead of r whatever happens: c loses all its missing matches, r wins all of its own
        margin = table[c] - table[r]
        for a, b in missing:
            if {a, b} == {c, r}:
                margin += worst - best
            elif c in (a, b):
                margin += worst
            elif r in (a, b):
                margin -= best
        return margin > 0

    placed: Parts = []
    rest = list(members)
    while len(rest) >= 2:
        first = [c for c in rest if all(sure(c, r) for r in rest if r != c)]
        if not first:
            break
        placed.append(first)
        rest.remove(first[0])
    if not placed:
        return [members]
    return placed + direct_encounter(event, rest, score, played)


EDE_STEPS = {"EDE": "", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
"""13.3.2's options: the Art. 12 tie-breaks applied, in order, to two teams still tied."""


def by_key(group: Sequence[int], key: Callable[[int], tuple[Fraction, ...]]) -> Parts:
    """The group in parts by a key, the highest first."""
    levels = sorted({key(t) for t in group}, reverse=True)
    return [sorted(t for t in group if key(t) == level) for level in levels]


def knockout_step(event: TeamEvent, group: Sequence[int], step: str) -> Parts:
    """One Art. 12 tie-break on a group: BC (only when all have the same GP, 12.1), TBR or BBE."""
    if step == "C":
        if len({total(event, t, GP) for t in group}) > 1:
            return [sorted(group)]
        return by_key(group, lambda t: (-(board_count(event, Code("BC"), MP)[t] or ZERO),))
    if step == "T":
        return by_key(group, lambda t: top_board_key(event, t))
    return by_key(group, lambda t: bottom_board_key(event, t))


def extended_direct_encounter(
    event: TeamEvent, group: Sequence[int], primary: str, name: str, played: bool = False
) -> Parts:
    """EDE, C.07 13.3: DE on the primary score, and if that breaks no tie on the secondary (13.3.1); for
    exactly two teams still tied with the same MP and GP (Art. 12's own condition), the option's Art. 12
    tie-breaks in order (13.3.2); every new tied subset starts again from 13.3.1 (13.3.3). ``played`` (/P):
    forfeited matches count as played in every DE step, as 6.1.1 says of DE/P."""
    members = sorted(group)
    if len(members) < 2:
        return [members]
    for score in (primary, other(primary)):
        parts = direct_encounter(event, members, score, played)
        if len(parts) > 1:
            return [t for part in parts for t in _restart(event, part, primary, name, played)]
    same = len({(total(event, t, MP), total(event, t, GP)) for t in members}) == 1
    if len(members) == 2 and same:
        for step in EDE_STEPS[name]:
            parts = knockout_step(event, members, step)
            if len(parts) > 1:
                return parts
    return [members]


def _restart(event: TeamEvent, part: list[int], primary: str, name: str, played: bool) -> Parts:
    return extended_direct_encounter(event, part, primary, name, played) if len(part) > 1 else [part]


def recursive_by_key(group: Sequence[int], key: Callable[[int], tuple[Fraction, ...]]) -> Parts:
    """TBR and BBE as one tie-break: ordered by the first element, those still tied by the next, and so on,
    which is the order of the whole key."""
    return by_key(group, key)


# --- SSSC and MPvGP -----------------------------------------------------------------------------------------


def sssc(event: TeamEvent, code: Code, primary: str) -> Values:
    """SSSC, C.07 13.4: the secondary score + Buchholz on the primary score (``/F``: Fore Buchholz) / K.

    K (13.4.2 b) is the highest achievable primary score in the tournament (a win's every round) divided by
    the highest secondary score of one match, rounded towards zero, unless ``/Kn`` sets it. Not rounded.
    """
    secondary = other(primary)
    k = code.k or int(event.win(primary) * event.rounds / event.win(secondary))
    plain = Code("BH", primary)
    bh = fore_buchholz(event, plain, primary) if code.fore else buchholz(event, plain, primary)
    return {t.number: total(event, t.number, secondary) + (bh[t.number] or ZERO) / k for t in event.teams}


def score_of(event: TeamEvent, code: Code, primary: str) -> Values:
    """MP or GP itself (11.1); MPvGP is the secondary score (13.1)."""
    score = other(primary) if code.name == "MPVGP" else GP if code.name == "GPTS" else MP
    return {t.number: total(event, t.number, score) for t in event.teams}


SUMMED: dict[str, Callable[[TeamEvent, Code, str], Values]] = {
    "MPTS": score_of,
    "GPTS": score_of,
    "MPVGP": score_of,
    "WIN": lambda e, c, p: counted(e, c, p, _wins),
    "WON": lambda e, c, p: counted(e, c, p, _won),
    "BPG": lambda e, c, p: counted(e, c, p, _black),
    "BWG": lambda e, c, p: counted(e, c, p, _black_won),
    "REP": lambda e, c, p: counted(e, c, p, _elected),
    "PS": progressive,
    "STD": standard,
    "TPN": lambda e, c, p: {t.number: Fraction(t.number) for t in e.teams},
    "KS": koya,
    "BH": buchholz,
    "FB": fore_buchholz,
    "AOB": average_of_opponents_buchholz,
    "SB": sonneborn_berger,
    "EMMSB": extended_sonneborn_berger,
    "EMGSB": extended_sonneborn_berger,
    "EGMSB": extended_sonneborn_berger,
    "EGGSB": extended_sonneborn_berger,
    "SSSC": sssc,
    "BC": board_count,
}
"""Every team code whose value is a team's own, by name."""
GROUPED = ("DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE")
"""Every team code decided inside a tied group."""


def values(event: TeamEvent, text: str, primary: str = MP) -> Values:
    """The value of a team code for every team."""
    code = Code.parse(text)
    return SUMMED[code.name](event, code, primary)


def order_group(event: TeamEvent, group: Sequence[int], text: str, primary: str = MP) -> Parts:
    """A group-decided code on a tied group: its parts, best first."""
    code = Code.parse(text)
    if code.name == "DE":
        return direct_encounter(event, group, code.score or primary, code.played)
    if code.name == "TBR":
        return recursive_by_key(group, lambda t: top_board_key(event, t))
    if code.name == "BBE":
        return recursive_by_key(group, lambda t: bottom_board_key(event, t))
    return extended_direct_encounter(event, group, primary, code.name, code.played)


def group_places(event: TeamEvent, text: str, primary: str = MP) -> dict[int, int]:
    """Each team's place by a group-decided code inside its group of the same primary score: 1 for the first
    part, 0 where the code separates nobody (the checker's and the engine's convention)."""
    groups: dict[Fraction, list[int]] = {}
    for team in event.teams:
        groups.setdefault(total(event, team.number, primary), []).append(team.number)
    found = {}
    for group in groups.values():
        parts = order_group(event, group, text, primary)
        ahead = 0
        for part in parts:
            for number in part:
                found[number] = ahead + 1 if len(parts) > 1 else 0
            ahead += len(part)
    return found
