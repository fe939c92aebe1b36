"""Synthetic events for the benchmarks: big Swiss events, a round robin, folders of small events.

A Swiss event is paired round by round as a Swiss program would, roughly: the players still in the event
are sorted by score (ties in random order) and neighbours are paired, avoiding a repeat pairing when one of
the next few players is free to take; colours go by preference. It has every unplayed kind of C.07 Art. 16:
pairing-allocated byes (``0000 - U``, to the lowest player without one when the number is odd), half- and
zero-point byes (``H``, ``Z``: about 1 % and 0.5 % of the players each round), forfeits (``+``/``-``, about
1 % of the games), double forfeits (``-``/``-``, about 0.2 %) and withdrawals (about 1 % of the players;
every round after is blank or ``0000 - Z``). Results follow the rating difference, with draws.

A TRF-16 line holds at most 9999 players (start numbers in columns 5–8); a bigger event gets sonneborn's
record ``XXD`` and wider numbers, or is written in sonneborn's own JSON when the file name ends in ``.json``.

>>> event = swiss(40, 5, seed=3)
>>> len(event.ratings), event.rounds, len(event.results[0])
(40, 5, 5)
>>> text = to_trf(event)
>>> text.splitlines()[0], text.splitlines()[-1][:8]
('012 Benchmark Swiss 40 x 5', '001   40')

Command line::

    python benchmarks/generate.py swiss --players 100000 --rounds 11 --seed 1 -o swiss.trf
    python benchmarks/generate.py roundrobin --players 500 -o rr.trf
    python benchmarks/generate.py teams --teams 200 --rounds 11 --boards 6 -o teams.trf
    python benchmarks/generate.py small --count 1000 --players 20 --rounds 7 --broken 3 -o events/
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

Block = tuple[int, str, str]
"""One player's round: the opponent's start number (0 for none), the colour ``w b -`` and the TRF result code;
``(0, " ", " ")`` is a blank block."""

BLANK: Block = (0, " ", " ")
MAX_TRF_PLAYERS = 9999
"""Start numbers have four columns in TRF-16."""
BREAKS = ("truncated line", "game not mirrored", "unknown result code")
"""The ways :func:`small_events` makes a file unreadable, in turn."""

_HALF_POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "U": 2, "F": 2, "H": 1, "Z": 0, " ": 0}
_FEDERATIONS = ("ENG", "FRA", "GER", "IND", "IRL", "ITA", "NED", "NOR", "POL", "ESP", "SWE", "USA")
_FIRST_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jan", "Kira", "Leo")
_LOOK_AHEAD = 6
"""How many free players further down a Swiss pairing looks for one not met yet."""


@dataclass(frozen=True, slots=True)
class Event:
    """A generated event: players in start order and each one's rounds."""

    name: str
    event_type: str
    """Record 092: ``Swiss`` or ``Round robin``."""
    rounds: int
    ratings: list[int]
    """The players' ratings; start number ``i + 1`` has ``ratings[i]``."""
    results: list[list[Block]]
    """For each player, his round blocks, one a round."""

    def points(self, start: int) -> float:
        """The player's score: a win, a forfeit win or a pairing-allocated bye 1, a draw or a half-point bye ½."""
        return sum(_HALF_POINTS[block[2]] for block in self.results[start - 1]) / 2


class _Quota:
    """Counts drawn so that their sum follows a rate; with ``at_least_one``, the first count is at least 1."""

    def __init__(self, rng: random.Random, *, at_least_one: bool) -> None:
        self.rng = rng
        self.owed = at_least_one

    def __call__(self, expected: float) -> int:
        count = int(expected) + (self.rng.random() < expected - int(expected))
        if self.owed and count == 0 and expected > 0:
            count = 1
        self.owed = self.owed and count == 0
        return count


def _ratings(rng: random.Random, players: int) -> list[int]:
    """Ratings 1000–2800, strongest first (the start order of a Swiss event)."""
    gauss = rng.gauss
    return sorted((min(2800, max(1000, int(gauss(1750, 380)))) for _ in range(players)), reverse=True)


_EXPECTED = [1 / (1 + 10 ** (difference / 400)) for difference in range(-1800, 1801)]
"""White's expected score by Black's rating minus White's, offset by 1800 (ratings are 1000–2800)."""


def _game(rng: random.Random, white_rating: int, black_rating: int) -> tuple[str, str]:
    """The two result codes of a game played, drawn by the rating difference (draws likelier among the strong)."""
    expected = _EXPECTED[black_rating - white_rating + 1800]
    draw = 0.15 + (white_rating if white_rating < black_rating else black_rating) / 7200 - 1000 / 7200
    half = min(draw / 2, expected, 1 - expected)
    chance = rng.random()
    if chance < expected - half:
        return "1", "0"
    if chance < expected + half:
        return "=", "="
    return "0", "1"


def swiss(players: int, rounds: int = 11, *, seed: int = 1, every_kind: bool = True) -> Event:
    """A Swiss event of ``players`` × ``rounds`` with byes, forfeits and withdrawals.

    With ``every_kind`` each unplayed kind happens at least once (a PAB once the number of players to pair
    is odd; a withdrawal needs three rounds); else each is drawn at its rate and a small event may have none.
    """
    rng = random.Random(seed)
    ratings = _ratings(rng, players)
    score = [0] * players
    """Half-points, so that sorting is on whole numbers."""
    met: list[list[int]] = [[] for _ in range(players)]
    balance = [0] * players
    last = [0] * players
    had_pab = [False] * players
    results: list[list[Block]] = [[] for _ in range(players)]
    quotas = {kind: _Quota(rng, at_least_one=every_kind) for kind in ("W", "H", "Z", "+", "--")}
    gone = [rounds + 1] * players
    """The first round each player is absent from for good."""
    if rounds >= 3:
        for index in rng.sample(range(players), min(players, quotas["W"](0.01 * players))):
            gone[index] = rng.randint(2, rounds - 1)
    random_number = rng.random
    for round_no in range(1, rounds + 1):
        active: list[int] = []
        for index in range(players):
            if gone[index] > round_no:
                active.append(index)
            else:
                results[index].append(BLANK if index % 2 else (0, "-", "Z"))
        half = quotas["H"](0.01 * len(active))
        zero = quotas["Z"](0.005 * len(active))
        if every_kind and not any(had_pab) and (len(active) - half - zero) % 2 == 0 and len(active) > half + zero:
            zero += 1
        chosen = rng.sample(active, min(len(active), half + zero))
        requested = set(chosen)
        for position, index in enumerate(chosen):
            code = "H" if position < half else "Z"
            results[index].append((0, "-", code))
            score[index] += _HALF_POINTS[code]
        order = [index for index in active if index not in requested]
        keys = [value + random_number() for value in score]
        order.sort(key=keys.__getitem__, reverse=True)
        if len(order) % 2:
            position = next((p for p in range(len(order) - 1, -1, -1) if not had_pab[order[p]]), len(order) - 1)
            index = order.pop(position)
            had_pab[index] = True
            results[index].append((0, "-", "U"))
            score[index] += 2
        pairs = _pair(order, met)
        forfeits = quotas["+"](0.01 * len(pairs))
        doubles = quotas["--"](0.002 * len(pairs))
        unplayed = rng.sample(range(len(pairs)), min(len(pairs), forfeits + doubles))
        forfeited = dict.fromkeys(unplayed[:forfeits], "+")
        forfeited.update(dict.fromkeys(unplayed[forfeits:], "--"))
        for board, (one, other) in enumerate(pairs):
            met[one].append(other)
            met[other].append(one)
            if balance[one] != balance[other]:
                white_first = balance[one] < balance[other]
            elif last[one] != last[other]:
                white_first = last[one] < last[other]
            else:
                white_first = (board + round_no) % 2 == 0
            white, black = (one, other) if white_first else (other, one)
            kind = forfeited.get(board)
            if kind == "--":
                results[white].append((black + 1, "-", "-"))
                results[black].append((white + 1, "-", "-"))
                continue
            if kind == "+":
                white_code, black_code = ("+", "-") if random_number() < 0.5 else ("-", "+")
            else:
                white_code, black_code = _game(rng, ratings[white], ratings[black])
                balance[white] += 1
                balance[black] -= 1
                last[white], last[black] = 1, -1
            results[white].append((black + 1, "w", white_code))
            results[black].append((white + 1, "b", black_code))
            score[white] += _HALF_POINTS[white_code]
            score[black] += _HALF_POINTS[black_code]
    name = f"Benchmark Swiss {players} x {rounds}"
    return Event(name, "Swiss", rounds, ratings, results)


def _pair(order: list[int], met: list[list[int]]) -> list[tuple[int, int]]:
    """Pairs neighbours of an even list, each with the first of the next few free players he has not met."""
    size = len(order)
    taken = bytearray(size)
    pairs = []
    for position in range(size):
        if taken[position]:
            continue
        taken[position] = 1
        player = order[position]
        seen = met[player]
        first = chosen = -1
        free = 0
        candidate = position + 1
        while candidate < size and free < _LOOK_AHEAD:
            if not taken[candidate]:
                if first < 0:
                    first = candidate
                if order[candidate] not in seen:
                    chosen = candidate
                    break
                free += 1
            candidate += 1
        if chosen < 0:
            chosen = first
        taken[chosen] = 1
        pairs.append((player, order[chosen]))
    return pairs


def round_robin(players: int, *, seed: int = 1) -> Event:
    """A single round robin by the Berger tables (C.05 Annex 1); an odd field adds a free round for each player.

    >>> event = round_robin(4)
    >>> [block[:2] for block in event.results[0]]
    [(4, 'w'), (2, 'w'), (3, 'b')]
    """
    rng = random.Random(seed)
    ratings = _ratings(rng, players)
    rng.shuffle(ratings)
    size = players + players % 2
    cycle = size - 1
    results: list[list[Block]] = [[] for _ in range(players)]
    for round_no in range(1, cycle + 1):
        for a in range(1, size):
            b = (round_no + 1 - a) % cycle or cycle
            if b == a:
                # Paired with the last player: he has White in the even rounds.
                b = size
                white, black = (size, a) if round_no % 2 == 0 else (a, size)
            elif a < b:
                white, black = (a, b) if (b - a) % cycle % 2 else (b, a)
            else:
                continue
            if size > players and size in (white, black):
                results[(black if white == size else white) - 1].append(BLANK)
                continue
            white_code, black_code = _game(rng, ratings[white - 1], ratings[black - 1])
            results[white - 1].append((black, "w", white_code))
            results[black - 1].append((white, "b", black_code))
    return Event(f"Benchmark round robin {players}", "Round robin", cycle, ratings, results)


@dataclass(frozen=True, slots=True)
class TeamSwiss:
    """A generated team Swiss: its players' event (start order team by team, board order within each team)."""

    event: Event
    boards: int
    """Players a team fields, every one of them in every match (no reserves)."""
    match_points: list[int]
    """Each team's match points (2 a win, 1 a draw)."""
    game_points: list[int]
    """Each team's game points in half-points."""


def team_swiss(teams: int, rounds: int = 11, boards: int = 6, *, seed: int = 1) -> TeamSwiss:
    """A team Swiss of ``teams`` × ``boards`` players and ``rounds`` rounds, paired on match points, then game points.

    Team ``t`` (from 1) has players ``(t - 1) * boards + 1`` … on boards 1 …; board ``b`` of a match pits the two
    teams' ``b``-th players, the team with White on board 1 having White on the odd boards. About 1 % of the boards
    are forfeited (one side absent); an odd number of teams gives the lowest team without one a pairing-allocated
    bye (record 320: 2 MP and every board won).

    >>> made = team_swiss(6, 3, 4, seed=2)
    >>> len(made.event.ratings), made.event.results[0][0][1] in "wb", sum(made.match_points)
    (24, True, 18)
    """
    rng = random.Random(seed)
    players = teams * boards
    strength = _ratings(rng, teams)
    ratings = []
    for base in strength:
        ratings += sorted((min(2800, max(1000, base + int(rng.gauss(0, 120)))) for _ in range(boards)), reverse=True)
    results: list[list[Block]] = [[] for _ in range(players)]
    match_points = [0] * teams
    game_points = [0] * teams
    met: list[list[int]] = [[] for _ in range(teams)]
    balance = [0] * teams
    had_pab = [False] * teams
    random_number = rng.random
    for _ in range(rounds):
        keys = [match_points[t] * 1000 + game_points[t] + random_number() for t in range(teams)]
        order = sorted(range(teams), key=keys.__getitem__, reverse=True)
        if teams % 2:
            position = next((p for p in range(teams - 1, -1, -1) if not had_pab[order[p]]), teams - 1)
            team = order.pop(position)
            had_pab[team] = True
            match_points[team] += 2
            game_points[team] += 2 * boards
            for board in range(boards):
                results[team * boards + board].append(BLANK)
        for one, other in _pair(order, met):
            met[one].append(other)
            met[other].append(one)
            first, second = (one, other) if balance[one] <= balance[other] else (other, one)
            balance[first] += 1
            balance[second] -= 1
            scored = [0, 0]
            for board in range(boards):
                white, black = (first, second) if board % 2 == 0 else (second, first)
                white_player, black_player = white * boards + board, black * boards + board
                if random_number() < 0.01:
                    white_code, black_code = ("+", "-") if random_number() < 0.5 else ("-", "+")
                else:
                    white_code, black_code = _game(rng, ratings[white_player], ratings[black_player])
                results[white_player].append((black_player + 1, "w", white_code))
                results[black_player].append((white_player + 1, "b", black_code))
                scored[white != first] += _HALF_POINTS[white_code]
                scored[black != first] += _HALF_POINTS[black_code]
            for side, team in enumerate((first, second)):
                game_points[team] += scored[side]
                match_points[team] += 2 if scored[side] > scored[1 - side] else 1 if scored[0] == scored[1] else 0
    event = Event(f"Benchmark team Swiss {teams} x {rounds}", "Team Swiss System", rounds, ratings, results)
    return TeamSwiss(event, boards, match_points, game_points)


def team_trf(made: TeamSwiss) -> str:
    """The team Swiss as TRF-26: the players' lines, a record 310 a team (its totals, its players in board
    order), record 362 (2 MP a match won, 1 drawn) and record 320 for the pairing-allocated byes."""
    event, boards = made.event, made.boards
    lines = to_trf(event).rstrip("\n").split("\n")
    head = [line for line in lines if not line.startswith("001")]
    players = [line for line in lines if line.startswith("001")]
    head = [line for line in head if not line.startswith("XXR")] + [f"142 {event.rounds}", "362 TW 2.0 TD 1.0 TL 0.0"]
    teams = []
    for team in range(len(made.match_points)):
        members = "".join(f"{team * boards + board + 1:>4} " for board in range(boards)).rstrip()
        mp, gp = made.match_points[team] / 1, made.game_points[team] / 2
        name, nickname = f"Team {team + 1:03d}", f"T{team + 1:03d}"
        teams.append(f"310 {team + 1:>3} {name:<32} {nickname:<5} {'':6} {mp:6.1f} {gp:6.1f} {'':3}  {members}")
    byes = []
    for round_no in range(event.rounds):
        for team in range(len(made.match_points)):
            if event.results[team * boards][round_no] == BLANK:
                byes.append(team + 1)
                break
        else:
            byes.append(0)
    pab = [f"320 {2.0:4.1f} {float(boards):4.1f} " + " ".join(f"{team:>3}" for team in byes)] if any(byes) else []
    return "\n".join(head + teams + players + pab) + "\n"


def _identity(start: int, rating: int) -> tuple[str, str, str, str, int, str]:
    """A player's sex, title, name, federation, FIDE id and birth date, made up from his start number."""
    title = "GM" if rating >= 2500 else "IM" if rating >= 2400 else "FM" if rating >= 2300 else ""
    sex = "w" if start % 5 == 0 else "m"
    name = f"Player {start:06d}, {_FIRST_NAMES[start % len(_FIRST_NAMES)]}"
    federation = _FEDERATIONS[start * 7 % len(_FEDERATIONS)]
    birth = f"{1950 + start * 13 % 55}/{1 + start % 12:02d}/{1 + start * 3 % 28:02d}"
    return sex, title, name, federation, 20000000 + start, birth


def to_trf(event: Event) -> str:
    """The event as a TRF-16 file; the points column is blank when a score may need five characters.

    Beyond 9,999 players the numbers need more than TRF-16's four columns: sonneborn's record
    ``XXD n`` gives them n digits, every later field moving right (see ``sonneborn.formats.trf.Layout``).
    """
    digits = max(4, len(str(len(event.ratings))))
    extra = digits - 4
    lines = [
        f"012 {event.name}",
        "022 Benchmark City",
        "042 2025/01/01",
        f"052 2025/01/{min(event.rounds, 28):02d}",
        f"062 {len(event.ratings)}",
        f"092 {event.event_type}",
        f"XXR {event.rounds}",
        *([f"XXD {digits}"] if extra else []),
    ]
    with_points = event.rounds < 100
    for start, (rating, blocks) in enumerate(zip(event.ratings, event.results, strict=True), start=1):
        points = f"{event.points(start):4.1f}" if with_points else "    "
        empty = " " * (digits + 4)
        rounds = "  ".join(
            f"{opponent or '0' * digits:>{digits}} {colour} {code}" if code != " " else empty
            for opponent, colour, code in blocks
        )
        sex, title, name, federation, fide_id, birth = _identity(start, rating)
        rank_field = " " * (4 + extra)
        lines.append(
            f"001 {start:>{digits}} {sex}{title:>3} {name:<33} {rating:>4} {federation} {fide_id:>11} {birth} {points}"
            f" {rank_field}  {rounds}".rstrip()
        )
    return "\n".join(lines) + "\n"


def to_json(event: Event) -> str:
    """The event in sonneborn's JSON (a ``"tournament"`` object), one player a line; blank blocks are ``Z``."""
    head = {
        "name": event.name,
        "city": "Benchmark City",
        "start_date": "2025/01/01",
        "end_date": f"2025/01/{min(event.rounds, 28):02d}",
        "event_type": event.event_type,
        "rounds": event.rounds,
        "kind": "swiss" if event.event_type == "Swiss" else "round-robin",
    }
    lines = ['{"tournament": ' + json.dumps(head)[:-1] + ', "players": [']
    count = len(event.ratings)
    for start, (rating, blocks) in enumerate(zip(event.ratings, event.results, strict=True), start=1):
        rounds = ",".join(
            f'{{"opponent":{opponent},"colour":"{colour}","result":"{code}"}}'
            if opponent
            else f'{{"result":"{"Z" if code == " " else code}"}}'
            for opponent, colour, code in blocks
        )
        sex, title, name, federation, fide_id, birth = _identity(start, rating)
        comma = "," if start < count else ""
        lines.append(
            f'{{"start":{start},"name":"{name}","title":"{title}","sex":"{sex}","rating":{rating},'
            f'"federation":"{federation}","fide_id":{fide_id},"birth_date":"{birth}",'
            f'"recorded_points":{event.points(start)},"rounds":[{rounds}]}}{comma}'
        )
    lines.append("]}}")
    return "\n".join(lines) + "\n"


def write(event: Event, path: Path) -> Path:
    """Writes the event as TRF, or as JSON when the file name ends in ``.json``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = to_json(event) if path.suffix == ".json" else to_trf(event)
    path.write_text(text, encoding="utf-8")
    return path


def write_teams(made: TeamSwiss, path: Path) -> Path:
    """Writes the team Swiss as TRF-26."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(team_trf(made), encoding="utf-8")
    return path


def broken_positions(count: int, broken: int) -> list[int]:
    """The numbers (1-based) of the files :func:`small_events` breaks: spread evenly, the same every time.

    >>> broken_positions(30, 3)
    [6, 16, 26]
    """
    broken = min(broken, count)
    return [1 + (2 * k + 1) * count // (2 * broken) for k in range(broken)]


def break_trf(event: Event, how: str) -> str:
    """The event's TRF made unreadable in one of the ways of :data:`BREAKS`, at its first decisive game."""
    start, round_no = next(
        (start, round_no)
        for start, blocks in enumerate(event.results, start=1)
        for round_no, block in enumerate(blocks, start=1)
        if block[2] in ("1", "0")
    )
    lines = to_trf(event).split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(f"001 {start:>4}"))
    line = lines[index]
    result = 92 + 10 * (round_no - 1) + 7
    if how == BREAKS[0]:
        line = line[: result - 3]
    elif how == BREAKS[1]:
        line = line[: result - 1] + "=" + line[result:]
    elif how == BREAKS[2]:
        line = line[: result - 1] + "Q" + line[result:]
    else:
        raise ValueError(f"unknown way to break a file {how!r} (expected one of {', '.join(BREAKS)})")
    lines[index] = line
    return "\n".join(lines)


def small_events(
    outdir: Path, count: int = 1000, *, players: int = 20, rounds: int = 7, broken: int = 0, seed: int = 1
) -> tuple[list[Path], list[Path]]:
    """Writes ``event-0001.trf`` … to ``outdir``: small Swiss events, ``broken`` of them unreadable.

    Returns the files written and those broken.
    """
    outdir.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(count)))
    spoilt = {position: BREAKS[k % len(BREAKS)] for k, position in enumerate(broken_positions(count, broken))}
    written, bad = [], []
    for number in range(1, count + 1):
        event = swiss(players, rounds, seed=seed * 1_000_003 + number, every_kind=False)
        path = outdir / f"event-{number:0{width}d}.trf"
        how = spoilt.get(number)
        path.write_text(to_trf(event) if how is None else break_trf(event, how), encoding="utf-8")
        written.append(path)
        if how is not None:
            bad.append(path)
    return written, bad


def main(argv: list[str] | None = None) -> int:
    """The command line: ``swiss``, ``roundrobin`` or ``small``."""
    parser = argparse.ArgumentParser(description="Writes synthetic events for the benchmarks.")
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("swiss", help="A Swiss event (TRF; JSON when OUT ends in .json).")
    one.add_argument("--players", type=int, default=1000)
    one.add_argument("--rounds", type=int, default=11)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("-o", "--output", type=Path, required=True)
    robin = commands.add_parser("roundrobin", help="A single round robin (Berger tables).")
    robin.add_argument("--players", type=int, default=500)
    robin.add_argument("--seed", type=int, default=1)
    robin.add_argument("-o", "--output", type=Path, required=True)
    team = commands.add_parser("teams", help="A team Swiss (TRF-26 team records).")
    team.add_argument("--teams", type=int, default=200)
    team.add_argument("--rounds", type=int, default=11)
    team.add_argument("--boards", type=int, default=6)
    team.add_argument("--seed", type=int, default=1)
    team.add_argument("-o", "--output", type=Path, required=True)
    small = commands.add_parser("small", help="A folder of small Swiss events, some broken.")
    small.add_argument("--count", type=int, default=1000)
    small.add_argument("--players", type=int, default=20)
    small.add_argument("--rounds", type=int, default=7)
    small.add_argument("--broken", type=int, default=0)
    small.add_argument("--seed", type=int, default=1)
    small.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if args.command == "small":
        written, bad = small_events(
            args.output, args.count, players=args.players, rounds=args.rounds, broken=args.broken, seed=args.seed
        )
        what = f"{len(written)} events ({len(bad)} broken) in {args.output}"
    elif args.command == "teams":
        made = team_swiss(args.teams, args.rounds, args.boards, seed=args.seed)
        write_teams(made, args.output)
        what = f"{args.output} ({args.teams} teams of {args.boards}, {args.rounds} rounds)"
    else:
        if args.command == "swiss":
            event = swiss(args.players, args.rounds, seed=args.seed)
        else:
            event = round_robin(args.players, seed=args.seed)
        try:
            write(event, args.output)
        except ValueError as error:
            print(f"generate.py: error: {error}; write a .json file instead", file=sys.stderr)
            return 2
        what = f"{args.output} ({len(event.ratings)} players, {event.rounds} rounds)"
    print(f"{what} in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
