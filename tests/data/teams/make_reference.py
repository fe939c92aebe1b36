"""Makes the team reference corpus: team events in TRF-26 and FIDE's checker's values for them.

Not run by the tests; run it by hand to remake ``reference/`` (it takes a few minutes)::

    python tests/data/teams/make_reference.py --tbs /work/tools/tbs --python /work/tools/tbsvenv/bin/python

FIDE's TieBreakServer (Otto Milvang, FIDE TEC; commit 14a34a2, version 1.9.57) does two things here:

1. ``tournamentgenerator.py -p TEAMS -T BOARDS -n ROUNDS -m dutch|berger -g SEED 1 -S ZPB HPB FORFEIT`` pairs the
   event and draws each match's result (win, draw, loss, forfeit, zero- and half-point byes, pairing-allocated
   byes). It writes one line per team and knows no boards, so this script then gives each team a roster
   (its boards and up to two reserves) and each match its board results, drawn to give the match result the
   generator drew. The rest is post-editing, done here because the generator cannot: reserves playing in
   some rounds, board forfeits (one or both sides), empty bottom boards, whole-match forfeits (record 330),
   and a withdrawal (Swiss: zero-point byes to the end, its scheduled opponents given a full-point bye;
   round robin: its remaining matches forfeited). Every round a team has no match or bye in (a zero-point bye, a
   withdrawal's round, a round robin's free round) is written as a zero-point bye, record 240 Z.
   The checker needs record 300 (the short team's line-up, 0 for the empty board) for an empty board and
   for a whole-match forfeit, and fails on a team round with no record, so both are always written.
2. ``tiebreakchecker.py -i FILE -t CODES`` gives its values, written as ``EVENT.json``: team number -> code
   -> exact value as text (``null`` when the checker has none). A code as it stands was computed with match
   points as the primary score (the list begins ``MPTS``); ``GP>CODE`` with game points (``GPTS``). Codes
   decided inside tied groups (DE, EDE…, TBR, BBE) are run alone after the primary score, whose ties they
   break; their values are the checker's ranks inside those groups (the lower the better).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent / "reference"
TBS_COMMIT = "14a34a2"

# (name, system, teams, boards, rounds, seed, reserves at most, match-point win, withdrawal)
EVENTS: list[tuple[str, str, int, int, int, int, int, int, bool]] = [
    ("swiss06_b4", "dutch", 6, 4, 5, 11, 1, 2, False),
    ("swiss07_b4", "dutch", 7, 4, 5, 12, 2, 2, True),
    ("swiss08_b5", "dutch", 8, 5, 5, 13, 0, 2, False),
    ("swiss09_b6", "dutch", 9, 6, 6, 14, 2, 2, True),
    ("swiss10_b4", "dutch", 10, 4, 7, 15, 1, 2, False),
    ("swiss11_b4", "dutch", 11, 4, 7, 16, 2, 3, True),
    ("swiss12_b5", "dutch", 12, 5, 7, 17, 1, 2, True),
    ("swiss13_b6", "dutch", 13, 6, 7, 18, 2, 2, False),
    ("swiss15_b4", "dutch", 15, 4, 7, 19, 2, 2, True),
    ("swiss16_b4", "dutch", 16, 4, 9, 20, 1, 2, False),
    ("swiss18_b5", "dutch", 18, 5, 9, 21, 2, 2, True),
    ("swiss20_b6", "dutch", 20, 6, 9, 22, 1, 2, False),
    ("swiss23_b4", "dutch", 23, 4, 9, 23, 2, 2, True),
    ("swiss26_b4", "dutch", 26, 4, 9, 24, 2, 3, False),
    ("swiss30_b5", "dutch", 30, 5, 9, 25, 2, 2, True),
    ("swiss35_b4", "dutch", 35, 4, 11, 26, 2, 2, True),
    ("swiss40_b6", "dutch", 40, 6, 11, 27, 2, 2, True),
    ("rr06_b4", "berger", 6, 4, 5, 31, 1, 2, False),
    ("rr06_b6", "berger", 6, 6, 5, 32, 2, 2, True),
    ("rr07_b4", "berger", 7, 4, 7, 33, 2, 2, False),
    ("rr08_b4", "berger", 8, 4, 7, 34, 0, 2, True),
    ("rr08_b5", "berger", 8, 5, 7, 35, 2, 3, False),
    ("rr09_b5", "berger", 9, 5, 9, 36, 1, 2, True),
    ("rr10_b6", "berger", 10, 6, 9, 37, 2, 2, False),
    ("rr10_b4", "berger", 10, 4, 9, 38, 2, 2, True),
]

SUMMED = [
    "MPVGP", "WIN", "WIN:GP", "WON", "WON:GP", "BPG", "BPG:GP", "BWG", "BWG:GP", "REP", "PS", "PS:GP", "PS/C1",
    "REP:GP", "STD", "STD:GP", "TPN", "KS", "KS:GP",
    "BH", "BH:GP", "BH/C1", "BH:GP/C1", "BH/C2", "BH/M1", "BH:GP/M1", "BH/P", "BH:GP/P", "BH:GP/C2", "FB", "FB:GP",
    "FB/C1", "FB:GP/M1", "SB", "SB:GP", "SB/C1", "SB:GP/C1", "SB/M1", "SB/P", "AOB", "AOB:GP", "AOB/F", "AOB:GP/F",
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "EMGSB/C2", "EGGSB/M1",
    "EMMSB/P", "EMGSB/P", "EGMSB/C1/P", "EGGSB/C1/P", "SSSC", "SSSC/F", "SSSC/K2", "SSSC/K5", "SSSC/F/K3", "BC",
]  # fmt: skip
"""Codes whose value is a team's own, whatever the others' ties: one run of the checker gives them all."""
GROUPED = ["DE", "DE:GP", "DE/P", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"]
"""Codes decided inside the groups tied on the primary score: each is run alone after it."""
GP_SUMMED = ["MPVGP", "PS", "BH", "SB", "SSSC", "SSSC/F", "SSSC/K2"]
"""The codes whose value changes when game points are the primary score (the others name their score)."""
GP_GROUPED = ["DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"]


@dataclass
class Slot:
    """One player's line in one round: the TRF block (opponent, colour, result) and his points."""

    opponent: int
    colour: str
    code: str
    points: Fraction


@dataclass
class Person:
    start: int
    name: str
    rating: int
    team: int
    slots: dict[int, Slot] = field(default_factory=dict)


POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}


def generated(tbs: Path, python: str, system: str, teams: int, boards: int, rounds: int, seed: int) -> list[str]:
    """The TBS generator's event: one 001 line per team (opponent, colour, result per round)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "T%d.trf"
        command = [python, "tournamentgenerator.py", "-p", str(teams), "-T", str(boards), "-n", str(rounds)]
        command += ["-m", system, "-g", str(seed), "1", "-S", "0.03", "0.05", "0.04", "-o", str(out)]
        subprocess.run(command, cwd=tbs, check=True, capture_output=True)
        text = (Path(folder) / f"T{seed:04d}.trf").read_text()
    return [line for line in text.splitlines() if line.startswith("001")]


def board_result(rng: random.Random, forfeits: bool) -> tuple[str, str]:
    """One board's result codes for the two players (home first)."""
    draw = rng.random()
    if forfeits and draw < 0.03:
        return rng.choice([("+", "-"), ("-", "+"), ("-", "-")])
    return rng.choice([("1", "0"), ("0", "1"), ("=", "="), ("=", "="), ("1", "0"), ("0", "1")])


def make_event(spec: tuple[str, str, int, int, int, int, int, int, bool], tbs: Path, python: str) -> str:
    name, system, teams, boards, rounds, seed, reserves, mp_win, withdrawal = spec
    rng = random.Random(seed)
    lines = generated(tbs, python, system, teams, boards, rounds, seed)
    # table[team][round] = (opponent, colour, code) from the generator
    table: dict[int, dict[int, tuple[int, str, str]]] = {}
    for line in lines:
        start = int(line[4:8])
        table[start] = {}
        for r in range(1, rounds + 1):
            block = line[91 + 10 * (r - 1) : 99 + 10 * (r - 1)].ljust(8)
            table[start][r] = (int(block[0:4] or 0), block[5], block[7])
    if withdrawal:
        quitter = rng.randint(1, teams)
        after = rng.randint(rounds // 2, rounds - 1)
        for r in range(after + 1, rounds + 1):
            opponent, colour, _ = table[quitter][r]
            if system == "berger":
                if opponent:
                    table[quitter][r] = (opponent, colour, "-")
                    table[opponent][r] = (quitter, "b" if colour == "w" else "w", "+")
            else:
                table[quitter][r] = (0, "-", "Z")
                if opponent:
                    table[opponent][r] = (0, "-", "F")
    # rosters
    people: list[Person] = []
    roster: dict[int, list[Person]] = {}
    for team in range(1, teams + 1):
        size = boards + rng.randint(0, reserves)
        top = 2400 - 20 * team
        roster[team] = []
        for k in range(size):
            person = Person(len(people) + 1, f"Team{team:02d} Player{k + 1}", top - 15 * k, team)
            people.append(person)
            roster[team].append(person)
    byes: dict[str, dict[int, list[int]]] = {"H": {}, "Z": {}, "F": {}}
    pabs: dict[int, list[int]] = {}
    forfeited: list[tuple[str, int, int, int]] = []
    orders: list[tuple[int, int, int, list[int]]] = []
    for r in range(1, rounds + 1):
        for team in range(1, teams + 1):
            opponent, colour, code = table[team][r]
            if opponent == 0:
                if code == "U" and system == "dutch":
                    pabs.setdefault(r, []).append(team)
                elif code in ("H", "F"):
                    byes[code].setdefault(r, []).append(team)
                else:
                    # a zero-point bye, a withdrawal's round or a round robin's free round, written as 240 Z:
                    # the checker fails on a team round with no record at all
                    byes["Z"].setdefault(r, []).append(team)
                continue
            if colour != "w":
                continue  # the match is made once, from the home team (white on board 1)
            home, away = roster[team], roster[opponent]
            if code in ("+", "-"):
                winner = home if code == "+" else away
                forfeited.append(("+-" if code == "+" else "-+", r, team, opponent))
                loser, winner_team = (opponent, team) if code == "+" else (team, opponent)
                orders.append((r, loser, winner_team, [0] * boards))
                for person in winner[:boards]:
                    person.slots[r] = Slot(0, "-", "+", Fraction(1))
                continue
            wanted = {"1": 1, "=": 0, "0": -1}[code]
            lineups = [lineup(rng, home, boards), lineup(rng, away, boards)]
            empty = -1
            if rng.random() < 0.06:
                empty = rng.randint(0, 1)
                # record 300 names the short team's line-up, 0 for the empty board (the checker needs it)
                short, other = (team, opponent) if empty == 0 else (opponent, team)
                ids = [p.start for p in lineups[empty][: boards - 1]] + [0]
                orders.append((r, short, other, ids))
            for _attempt in range(400):
                results = [board_result(rng, True) for _ in range(boards)]
                if empty >= 0:
                    results[-1] = ("-", "+") if empty == 0 else ("+", "-")
                own = sum((POINTS[a] for a, _ in results), Fraction(0))
                theirs = sum((POINTS[b] for _, b in results), Fraction(0))
                if (own > theirs) - (own < theirs) == wanted and own + theirs > 0:
                    break
            for b, (a_code, b_code) in enumerate(results):
                white_home = b % 2 == 0
                a, p = lineups[0][b], lineups[1][b]
                if b == boards - 1 and empty == 0:
                    p.slots[r] = Slot(0, "-", "+", Fraction(1))
                    continue
                if b == boards - 1 and empty == 1:
                    a.slots[r] = Slot(0, "-", "+", Fraction(1))
                    continue
                a.slots[r] = Slot(p.start, "w" if white_home else "b", a_code, POINTS[a_code])
                p.slots[r] = Slot(a.start, "b" if white_home else "w", b_code, POINTS[b_code])
    return write_trf(name, system, teams, boards, rounds, mp_win, roster, people, byes, pabs, forfeited, orders)


def lineup(rng: random.Random, members: list[Person], boards: int) -> list[Person]:
    """The players fielded, in roster order: the first ``boards`` or, sometimes, one of them replaced."""
    chosen = list(range(boards))
    if len(members) > boards and rng.random() < 0.3:
        chosen.remove(rng.randrange(boards))
        chosen.append(rng.randrange(boards, len(members)))
    return [members[i] for i in sorted(chosen)]


def number(value: Fraction, width: int) -> str:
    return f"{float(value):{width}.1f}"


def write_trf(
    name: str,
    system: str,
    teams: int,
    boards: int,
    rounds: int,
    mp_win: int,
    roster: dict[int, list[Person]],
    people: list[Person],
    byes: dict[str, dict[int, list[int]]],
    pabs: dict[int, list[int]],
    forfeited: list[tuple[str, int, int, int]],
    orders: list[tuple[int, int, int, list[int]]],
) -> str:
    kind = "Team Swiss System" if system == "dutch" else "Team Round Robin"
    code192 = "FIDE_TEAM_BAKU" if system == "dutch" else "BERGER_TEAM_ROUNDROBIN"
    out = [
        f"012 Sonneborn team reference {name}",
        f"022 generated by tests/data/teams/make_reference.py with TieBreakServer {TBS_COMMIT}",
        "032 FID",
        "042 2026/04/01",
        "052 2026/04/05",
        f"062 {len(people)}",
        f"092 {kind}",
        f"142 {rounds}",
        "162  W 1.0    D 0.5    L 0.0    A 0.0",
        f"192 {code192}",
        f"362 TW{float(mp_win):4.1f}   TD 1.0   TL 0.0",
    ]
    for person in people:
        total = sum((s.points for s in person.slots.values()), Fraction(0))
        line = f"001 {person.start:4d} m    {person.name:<33} {person.rating:4d} FID {'':11} {'':10} "
        line += f"{number(total, 4)} {0:4d}  "
        for r in range(1, rounds + 1):
            slot = person.slots.get(r)
            line += "        " if slot is None else f"{slot.opponent:4d} {slot.colour} {slot.code}"
            line += "  "
        out.append(line.rstrip())
    for team in range(1, teams + 1):
        ids = "".join(f"{p.start:4d} " for p in roster[team])
        out.append(f"310 {team:3d} {'Team ' + str(team):<32} {'':5} {0:6d} {'':6} {'':6} {0:3d}  {ids}".rstrip())
    for letter in ("F", "H", "Z"):
        for r, ids_of in sorted(byes[letter].items()):
            out.append(f"240 {letter} {r:3d} " + " ".join(f"{t:4d}" for t in ids_of))
    if pabs:
        cells = "".join(f" {pabs[r][0] if r in pabs else 0:3d}" for r in range(1, rounds + 1))
        out.append(f"320 {1.0:4.1f} {boards / 2:4.1f}" + cells)
    for kind_code, r, white, black in forfeited:
        out.append(f"330 {kind_code} {r:3d} {white:3d} {black:3d}")
    for r, team, other, lined_up in orders:
        out.append(f"300 {r:3d} {team:3d} {other:3d} " + " ".join(f"{i:4d}" for i in lined_up))
    return "\n".join(out) + "\n"


def checker(tbs: Path, python: str, path: Path, codes: list[str]) -> dict[int, list[str | None]]:
    """The checker's values of the codes for each team, as text."""
    command = [python, "tiebreakchecker.py", "-i", str(path), "-t", *codes]
    done = subprocess.run(command, cwd=tbs, check=True, capture_output=True, text=True)
    result = json.loads(done.stdout)
    found: dict[int, list[str | None]] = {}
    for competitor in result["tiebreakResult"]["competitors"]:
        found[competitor["cid"]] = [None if v is None else str(v) for v in competitor["tiebreakScore"]]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tbs", type=Path, default=Path("/work/tools/tbs"))
    parser.add_argument("--python", default="/work/tools/tbsvenv/bin/python")
    parser.add_argument("--only", nargs="*", default=[])
    args = parser.parse_args()
    HERE.mkdir(parents=True, exist_ok=True)
    for spec in EVENTS:
        name = spec[0]
        if args.only and name not in args.only:
            continue
        path = HERE / f"{name}.trf"
        path.write_text(make_event(spec, args.tbs, args.python))
        values: dict[int, dict[str, str | None]] = {}
        runs = [["MPTS", *SUMMED]] + [["MPTS", code] for code in GROUPED]
        runs += [["GPTS", *GP_SUMMED]] + [["GPTS", code] for code in GP_GROUPED]
        for codes in runs:
            prefix = "GP>" if codes[0] == "GPTS" else ""
            got = checker(args.tbs, args.python, path, codes)
            for team, row in got.items():
                for code, value in zip(codes, row, strict=True):
                    values.setdefault(team, {})[prefix + code] = value
        record = {"source": f"TieBreakServer {TBS_COMMIT}", "values": {str(t): v for t, v in sorted(values.items())}}
        (HERE / f"{name}.json").write_text(json.dumps(record, indent=1, sort_keys=False) + "\n")
        print(name)


if __name__ == "__main__":
    main()
