"""A plain reader of TRF-26 team files, for the team oracle (written apart from src/sonneborn/formats).

It reads the records a team event is made of (FIDE TRF-26, ``../shared/docs/trf.md``): 142 rounds, 162 game
points, 362 match points, 001 players and their games, 310 teams and their players, 240 team byes (F, H, Z),
320 pairing-allocated byes with their MP and GP, 330 forfeited matches and 300 line-ups (0 for an empty
board). A team's boards in a round are its players with a game that round, in the order of its 310 record,
or of its 300 record when it has one; a forfeited match (330) with no board recorded is forfeited on every
board. A round with no match or bye record is a zero-point bye (a round robin's free round among them). It
trusts its input: it is a test's reader of generated files, not a user's.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from oracle.teams import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FPB,
    HPB,
    PAB,
    PLAYED,
    ZPB,
    Board,
    Match,
    Team,
    TeamEvent,
)

OTB = ("1", "=", "0", "W", "D", "L")
"""Result codes of a game played over the board."""


@dataclass(frozen=True, slots=True)
class Game:
    """One player's block in one round: the opponent's start number (0 for none), his colour and result code."""

    opponent: int
    colour: str
    code: str


def points_of(code: str, win: Fraction, draw: Fraction, loss: Fraction) -> Fraction:
    """A game's points by its TRF result code under record 162."""
    if code in ("1", "+", "W", "F", "U"):
        return win
    if code in ("=", "D", "H"):
        return draw
    return loss if code in ("0", "L") else Fraction(0)


def read_team_event(path: Path) -> TeamEvent:
    """The team event of a TRF-26 file."""
    return read_team_text(path.read_text(encoding="utf-8"))


def read_team_text(text: str) -> TeamEvent:
    """The team event of a TRF-26 text."""
    lines = text.splitlines()
    rounds = 0
    game = (Fraction(1), Fraction(1, 2), Fraction(0))
    match = (Fraction(2), Fraction(1), Fraction(0))
    round_robin = False
    games: dict[int, dict[int, Game]] = {}
    rosters: dict[int, list[int]] = {}
    byes: dict[tuple[int, int], str] = {}
    pab: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    forfeits: dict[tuple[int, int], tuple[str, int]] = {}
    orders: dict[tuple[int, int], list[int]] = {}
    for line in lines:
        tag = line[:3]
        if tag == "142":
            rounds = int(line[4:])
        elif tag == "092":
            round_robin = "ROBIN" in line.upper()
        elif tag in ("162", "362"):
            found = {}
            for at in range(5, len(line), 9):
                found[line[at]] = Fraction(line[at + 1 : at + 5].strip())
            values = (found["W"], found["D"], found["L"])
            if tag == "162":
                game = values
            else:
                match = values
        elif tag == "001":
            start = int(line[4:8])
            games[start] = {}
            for r in range(1, (len(line) - 91 + 9) // 10 + 1):
                block = line[91 + 10 * (r - 1) : 99 + 10 * (r - 1)].ljust(8)
                if block.strip():
                    games[start][r] = Game(int(block[:4]), block[5], block[7])
        elif tag == "310":
            team = int(line[4:7])
            rosters[team] = [int(line[at : at + 4]) for at in range(73, len(line), 5) if line[at : at + 4].strip()]
        elif tag == "240":
            r = int(line[6:9])
            for at in range(10, len(line), 5):
                byes[(r, int(line[at : at + 4]))] = {"F": FPB, "H": HPB}.get(line[4], ZPB)
        elif tag == "320":
            mp, gp = Fraction(line[4:8].strip()), Fraction(line[9:13].strip())
            for r, at in enumerate(range(14, len(line), 4), start=1):
                if int(line[at : at + 3]):
                    pab[(r, int(line[at : at + 3]))] = (mp, gp)
        elif tag == "330":
            kind, r, white, black = line[4:6], int(line[7:10]), int(line[11:14]), int(line[15:18])
            forfeits[(r, white)] = (FORFEIT_WIN if kind[0] == "+" else FORFEIT_LOSS, black)
            forfeits[(r, black)] = (FORFEIT_WIN if kind[1] == "+" else FORFEIT_LOSS, white)
        elif tag == "300":
            r, team = int(line[4:7]), int(line[8:11])
            orders[(r, team)] = [int(line[at : at + 4]) for at in range(16, len(line), 5)]
    team_of = {player: team for team, members in rosters.items() for player in members}
    boards = max(
        (len([p for p in members if r in games[p]]) for members in rosters.values() for r in range(1, rounds + 1)),
        default=0,
    )

    def lineup(team: int, r: int) -> list[int]:
        return orders.get((r, team)) or [p for p in rosters[team] if r in games[p]]

    teams = []
    for team in sorted(rosters):
        matches = []
        for r in range(1, rounds + 1):
            if (r, team) in pab:
                mp, gp = pab[(r, team)]
                matches.append(Match(r, PAB, None, None, (), mp, gp))
                continue
            if (r, team) in byes:
                kind = byes[(r, team)]
                mp = {FPB: match[0], HPB: match[1]}.get(kind, Fraction(0))
                gp = {FPB: game[0], HPB: game[1]}.get(kind, Fraction(0)) * boards
                matches.append(Match(r, kind, None, None, (), mp, gp))
                continue
            own = lineup(team, r)
            rows = []
            opponent = forfeits[(r, team)][1] if (r, team) in forfeits else None
            for number, player in enumerate(own, start=1):
                if player == 0:
                    continue  # an empty board: the other side's player has the forfeit win
                mine = games[player][r]
                theirs = games[mine.opponent][r] if mine.opponent else None
                if theirs is not None:
                    opponent = team_of[mine.opponent]
                rows.append(
                    Board(
                        number,
                        points_of(mine.code, *game),
                        Fraction(0) if theirs is None else points_of(theirs.code, *game),
                        mine.code in OTB,
                        {"w": False, "b": True}.get(mine.colour),
                    )
                )
            if opponent is None:
                matches.append(Match(r, ZPB, None, None, (), Fraction(0), Fraction(0)))
                continue
            # the boards of the opponent's that face an empty board of ours, which we lose
            for number, player in enumerate(lineup(opponent, r), start=1):
                if player and games[player][r].opponent == 0 and number not in {b.number for b in rows}:
                    rows.append(Board(number, Fraction(0), points_of(games[player][r].code, *game), False, None))
            rows.sort(key=lambda b: b.number)
            if (r, team) in forfeits and not rows:
                # a forfeited match (330) of which no board is recorded: forfeited on every board
                mine_code = "+" if forfeits[(r, team)][0] == FORFEIT_WIN else "-"
                theirs_code = "+" if forfeits[(r, opponent)][0] == FORFEIT_WIN else "-"
                rows = [
                    Board(n, points_of(mine_code, *game), points_of(theirs_code, *game), False, None)
                    for n in range(1, boards + 1)
                ]
            gp = sum((b.points for b in rows), Fraction(0))
            against = sum((b.conceded for b in rows), Fraction(0))
            if (r, team) in forfeits:
                kind = forfeits[(r, team)][0]
                mp = match[0] if kind == FORFEIT_WIN else match[2]
            elif not any(b.played for b in rows):
                # no game over the board: an unplayed round (C.07 15.1), won by forfeit by the team that scored
                # more, else lost by forfeit (a reading: both teams lose when they scored the same)
                kind = FORFEIT_WIN if gp > against else FORFEIT_LOSS
                mp = match[0] if kind == FORFEIT_WIN else match[2]
            else:
                kind = PLAYED
                mp = match[0] if gp > against else match[1] if gp == against else match[2]
            first = next((b.black for b in rows if b.black is not None), None)
            first_number = next((b.number for b in rows if b.black is not None), 1)
            on_black = None if first is None else first == (first_number % 2 == 1)
            matches.append(Match(r, kind, opponent, on_black, tuple(rows), mp, gp))
        teams.append(Team(team, tuple(matches)))
    return TeamEvent(tuple(teams), rounds, boards, round_robin, game, match)
