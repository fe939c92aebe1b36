"""Random team events as TRF-26 text, for the engine-against-oracle test of the team codes (issue 20).

An event is a team Swiss or a team round robin of 6–40 teams on 4–6 boards, written with every record a real
team file uses, so that both readers are exercised: 310 (rosters with reserves), 001 (each player's games),
330 (forfeited matches: ``+-``, ``-+``, ``--``, with their boards written or not), 300 (line-ups out of roster
order, empty boards), 240 (requested team byes: F, H, Z), 320 (pairing-allocated byes), 362 (match points).
Inside a match: games won, drawn and lost, a board forfeited by one side or both, an empty board facing a
player who wins by forfeit (``0000 - +``), reserves in and out. Withdrawals: a Swiss team stops being paired
(its rounds left without a record, or 240 Z); a round-robin team forfeits the rest of its matches. The free
round of an odd round robin is written as 240 Z or not at all.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sonneborn.formats.crosstable import berger_schedule

PLAYED = [("1", "0"), ("=", "="), ("0", "1")]
"""A board played over the board: the home player's result, the away player's."""
FORFEITED = [("+", "-"), ("-", "+"), ("-", "-")]
"""A board forfeited by one side, or by both."""


@dataclass
class _Draft:
    """The event as it is drawn: each player's 001 blocks and the team records."""

    rounds: int
    boards: int
    rosters: dict[int, list[int]]
    blocks: dict[int, dict[int, str]] = field(default_factory=dict)
    records: list[str] = field(default_factory=list)
    pab: dict[int, int] = field(default_factory=dict)
    """The team with the pairing-allocated bye, by round."""

    def block(self, player: int, number: int, opponent: int, colour: str, result: str) -> None:
        self.blocks.setdefault(player, {})[number] = (
            f"{opponent:>4} {colour} {result}" if opponent else f"0000 - {result}"
        )

    def bye(self, kind: str, number: int, teams: list[int]) -> None:
        self.records.append(f"240 {kind} {number:>3} " + " ".join(f"{t:>4}" for t in teams))

    def lineup(self, number: int, team: int, opponent: int, players: list[int]) -> None:
        self.records.append(f"300 {number:>3} {team:>3} {opponent:>3} " + " ".join(f"{p:>4}" for p in players))


def random_team_trf(rng: random.Random, *, round_robin: bool | None = None, large: bool = False) -> str:
    """A random team event as TRF-26 text, valid by construction. ``large``: up to 40 teams (else up to 14)."""
    if round_robin is None:
        round_robin = rng.random() < 0.35
    count = rng.randint(6, 10) if round_robin else rng.randint(6, 40 if large else 14)
    boards = rng.randint(4, 6)
    schedule = [list(pairs) for pairs in berger_schedule(count)] if round_robin else []
    rounds = len(schedule) if round_robin else rng.randint(3, min(7, count - 1))
    rosters: dict[int, list[int]] = {}
    start = 1
    for team in range(1, count + 1):
        size = boards + rng.choice([0, 0, 1, 1, 2])
        rosters[team] = list(range(start, start + size))
        start += size
    draft = _Draft(rounds, boards, rosters)
    withdrawn: dict[int, int] = {}  # team -> the last round it plays
    if rng.random() < 0.4:
        team = rng.randint(1, count)
        withdrawn[team] = rng.randint(1, rounds - 1)
    met: set[frozenset[int]] = set()
    for number in range(1, rounds + 1):
        if round_robin:
            pairs = schedule[number - 1]
            paired = {t for pair in pairs for t in pair}
            free = [t for t in range(1, count + 1) if t not in paired]
            if free and rng.random() < 0.5:
                draft.bye("Z", number, free)  # the free round as the checker needs it written; or no record
            for home, away in pairs:
                quitter = next((t for t in (home, away) if t in withdrawn and number > withdrawn[t]), None)
                if quitter is not None:
                    kind = "--" if home in withdrawn and away in withdrawn else ("-+" if quitter == home else "+-")
                    _forfeited_match(rng, draft, number, home, away, kind)
                else:
                    _match(rng, draft, number, home, away)
            continue
        active = [t for t in range(1, count + 1) if not (t in withdrawn and number > withdrawn[t])]
        for team in sorted(set(range(1, count + 1)) - set(active)):
            if rng.random() < 0.5:
                draft.bye("Z", number, [team])  # a withdrawal's round, written; or no record (an absence)
        requested: dict[str, list[int]] = {}
        for team in list(active):
            if rng.random() < 0.06:
                requested.setdefault(rng.choice("HHZZF"), []).append(team)
                active.remove(team)
        for kind, teams in requested.items():
            draft.bye(kind, number, teams)
        rng.shuffle(active)
        if len(active) % 2:
            draft.pab[number] = active.pop()
        for home, away in _pairs(rng, active, met):
            met.add(frozenset((home, away)))
            if rng.random() < 0.06:
                _forfeited_match(rng, draft, number, home, away, rng.choice(["+-", "-+", "+-", "-+", "--"]))
            else:
                _match(rng, draft, number, home, away)
    return _text(rng, draft, round_robin)


def _pairs(rng: random.Random, teams: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The teams in pairs, avoiding a second meeting when a few tries allow it (a Swiss, not its pairing rules)."""
    for _ in range(20):
        pairs = list(zip(teams[0::2], teams[1::2], strict=True))
        if not any(frozenset(pair) in met for pair in pairs):
            return pairs
        rng.shuffle(teams)
    return list(zip(teams[0::2], teams[1::2], strict=True))


def _fielded(rng: random.Random, draft: _Draft, team: int) -> tuple[list[int], bool]:
    """A team's players on the boards of one match (0 for an empty board), and whether it needs a 300 record
    (out of roster order, or an empty board not at the bottom)."""
    roster, boards = draft.rosters[team], draft.boards
    chosen = sorted(rng.sample(roster, boards)) if len(roster) > boards and rng.random() < 0.4 else roster[:boards]
    stated = False
    if rng.random() < 0.1:  # two boards swapped: out of order
        i, j = rng.sample(range(boards), 2)
        chosen[i], chosen[j] = chosen[j], chosen[i]
        stated = True
    if rng.random() < 0.08:
        empty = rng.choice([boards - 1, boards - 1, rng.randrange(boards)])
        chosen[empty] = 0
        stated = stated or empty != boards - 1 or rng.random() < 0.5
    return chosen, stated


def _colours(board: int) -> tuple[str, str]:
    """The home team has White on board 1 and the colours alternate (TRF-26 352 left at its default)."""
    return ("w", "b") if board % 2 == 1 else ("b", "w")


def _match(rng: random.Random, draft: _Draft, number: int, home: int, away: int) -> None:
    ours, ours_stated = _fielded(rng, draft, home)
    theirs, theirs_stated = _fielded(rng, draft, away)
    unplayed = rng.random() < 0.02  # no board played over the board: an unplayed round (C.07 15.1)
    for board, (mine, other) in enumerate(zip(ours, theirs, strict=True), start=1):
        if mine == 0 and other == 0:  # both empty: the away team fields its player after all
            theirs[board - 1] = other = next(p for p in draft.rosters[away] if p not in theirs)
            theirs_stated = True
        white, black = _colours(board)
        if mine == 0 or other == 0:  # an empty board: the player facing it wins by forfeit, against nobody
            draft.block(other or mine, number, 0, "-", "+")
            continue
        roll = rng.random()
        results = rng.choice(FORFEITED) if roll < 0.06 or unplayed else rng.choices(PLAYED, [35, 30, 35])[0]
        draft.block(mine, number, other, white, results[0])
        draft.block(other, number, mine, black, results[1])
    if ours_stated:
        draft.lineup(number, home, away, ours)
    if theirs_stated:
        draft.lineup(number, away, home, theirs)


def _forfeited_match(rng: random.Random, draft: _Draft, number: int, home: int, away: int, kind: str) -> None:
    """A 330 record; now and then the winner's boards written as forfeit wins and the loser's empty line-up,
    as FIDE's checker needs them, else no board at all (a forfeit on every board)."""
    draft.records.append(f"330 {kind} {number:>3} {home:>3} {away:>3}")
    if kind == "--" or rng.random() < 0.5:
        return
    winner, loser = (home, away) if kind == "+-" else (away, home)
    for player in draft.rosters[winner][: draft.boards]:
        draft.block(player, number, 0, "-", "+")
    draft.lineup(number, loser, winner, [0] * draft.boards)


def _text(rng: random.Random, draft: _Draft, round_robin: bool) -> str:
    win, draw = rng.choice([("2.0", "1.0"), ("2.0", "1.0"), ("3.0", "1.0")])
    lines = [
        "012 Random team event",
        "092 Team Round Robin" if round_robin else "092 Team Swiss System",
        f"142 {draft.rounds}",
        "162  W 1.0    D 0.5    L 0.0    A 0.0",
        "192 BERGER_TEAM_ROUNDROBIN" if round_robin else "192 FIDE_TEAM_BAKU",
        f"362 TW {win}   TD {draw}   TL 0.0",
    ]
    for team, members in draft.rosters.items():
        head = f"310 {team:>3} {'Team ' + str(team):<32} {'T' + str(team):<5}".ljust(73)
        lines.append(head + " ".join(f"{p:>4}" for p in members))
    for team, members in draft.rosters.items():
        for player in members:
            blocks = draft.blocks.get(player, {})
            head = f"001 {player:>4}      {'Player ' + str(player) + ', T' + str(team):<70}".ljust(91)
            text = "".join(blocks.get(r, "").ljust(10) for r in range(1, draft.rounds + 1))
            lines.append((head + text).rstrip())
    if draft.pab:
        # a pairing-allocated bye: a drawn match's MP and half the boards' GP (C.04.6)
        half = draft.boards / 2
        cells = " ".join(f"{draft.pab.get(r, 0):>03}" for r in range(1, draft.rounds + 1))
        lines.append(f"320 {draw:>4} {half:>4.1f} {cells}")
    lines += draft.records
    return "\n".join(lines) + "\n"
