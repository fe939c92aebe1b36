"""The match crosstable of a team competition: teams in final order, each match's game and match points.

A team round robin is a team × team grid, each cell the row team's GP with its
MP in brackets (``3 (2)``; one match after another in a double round robin); a
team Swiss is a row per team with each round's opponent team number, the colour
on board 1, the GP and the MP (``4w 2.5 (2)``), as chess-results lays out its
team crosstables. A forfeited match's GP carry ``+`` or ``-`` (``+3 (2)``), a
round without a match its bye's letter (``-U 1.5 (1)``). MP and GP totals and
the tie-breaks close every row. It reads the team standings only: their rows
are the teams, their scores ``MP`` and ``GP``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sonneborn.boardprizes import BoardPrizes
from sonneborn.event import COLOURS, KINDS, NOT_PLAYED, Event
from sonneborn.messages import N_, Message, Number
from sonneborn.model import Colour, EventKind, ResultKind
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import place_texts, value_texts
from sonneborn.render.crosstable import Crosstable
from sonneborn.render.teamcard import percentage
from sonneborn.teams import TeamEvent

__all__ = ["adjustment_notes", "board_notes", "build_board_table", "build_team_crosstable", "team_crosstable_data"]

_FORFEIT_SIGN = {ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-"}


def _points(event: Event, score: str, row: int, column: int) -> Fraction:
    found = event.table.scores[score]
    return Fraction(int(found.points[row, column]), found.unit)


def _total(event: Event, score: str, row: int) -> Fraction:
    found = event.table.scores[score]
    return Fraction(int(found.totals[row]), found.unit)


def _adjustment(event: Event, score: str, row: int) -> Fraction:
    found = event.table.scores[score]
    return Fraction(int(found.adjustment[row]), found.unit)


_SCORE_POINTS = {"MP": N_("{points} MP"), "GP": N_("{points} GP")}


def adjustment_notes(standings: Standings) -> list[Message]:
    """The bonus and penalty points outside any round (TRF-26 299 of round 000), which the totals count and no
    round's cell shows: ``Beta: -1 MP, -0.5 GP outside the rounds.``, a team each in final order."""
    event, found = standings.event, []
    for row in standings.order.tolist():
        parts: list[str | int | Message | Number] = [
            Message.of(_SCORE_POINTS[score], points=Number(exact_text(value)))
            for score in ("MP", "GP")
            if (value := _adjustment(event, score, row))
        ]
        if parts:
            template = N_("{team}: {points} outside the rounds.")
            found.append(Message.of(template, team=event.roster.names[row], points=Message.joined(parts)))
    return found


def _match_text(event: Event, row: int, column: int) -> str:
    """One match of one team without its opponent: ``2.5 (2)``, ``+3 (2)``."""
    kind = KINDS[int(event.table.kind[row, column])]
    gp, mp = _points(event, "GP", row, column), _points(event, "MP", row, column)
    return f"{_FORFEIT_SIGN.get(kind, '')}{exact_text(gp)} ({exact_text(mp)})"


def _round_text(event: Event, row: int, column: int) -> str:
    """One round of a team Swiss: ``4w 2.5 (2)``, ``-U 1.5 (1)``, ``""`` not played yet."""
    table = event.table
    code, opponent = int(table.kind[row, column]), int(table.opponent[row, column])
    if code == NOT_PLAYED:
        return ""
    if opponent < 0:
        gp, mp = _points(event, "GP", row, column), _points(event, "MP", row, column)
        return f"-{KINDS[code]} {exact_text(gp)} ({exact_text(mp)})"
    colour = COLOURS[int(table.colour[row, column])]
    return f"{opponent + 1}{colour} {_match_text(event, row, column)}"


def build_team_crosstable(standings: Standings) -> Crosstable:
    """The match crosstable of ranked teams (:func:`sonneborn.teams.team_event`'s rows), in their event's layout.

    >>> from pathlib import Path
    >>> from sonneborn.pipeline import read, standings, Request
    >>> ranked = standings(read(Path("tests/data/teams/catalogue_trf16.trf")), Request.parse())
    >>> table = build_team_crosstable(ranked)
    >>> table.header[:6], table.rows[0][:7]
    (['Rk', 'No', 'Team', '1', '2', 'MP'], ['1', '1', 'Catalogue A', 'X', '1.5 (2) 1 (1) 2 (2)', '5', '4.5'])
    """
    event, order = standings.event, standings.order.tolist()
    table, teams = event.table, event.roster.names
    if standings.kind is EventKind.ROUND_ROBIN:
        header = ["Rk", "No", "Team", *(str(k) for k in range(1, len(order) + 1))]
        rows = []
        for row in order:
            cells = []
            for other in order:
                met = [c for c in range(table.rounds) if int(table.opponent[row, c]) == other]
                cells.append("X" if other == row else " ".join(_match_text(event, row, c) for c in met))
            rows.append(cells)
        results = range(3, 3 + len(order))
    else:
        header = ["Rk", "No", "Team", *(str(r) for r in range(1, table.rounds + 1))]
        rows = [[_round_text(event, row, c) for c in range(table.rounds)] for row in order]
        results = range(3, 3 + table.rounds)
    firsts = [place_texts(standings), [str(row + 1) for row in order], [teams[row] for row in order]]
    columns = [
        *firsts,
        *([list(column) for column in zip(*rows, strict=True)] if rows and rows[0] else [[] for _ in results]),
        [exact_text(_total(event, "MP", row)) for row in order],
        [exact_text(_total(event, "GP", row)) for row in order],
        *(value_texts(standings, code) for code in standings.codes),
    ]
    header = [*header, "MP", "GP", *(code.split("#")[0] for code in standings.codes)]
    return Crosstable(
        header=header,
        columns=columns,
        kind=standings.kind,
        name_column=2,
        result_columns=results,
        value_columns=range(results.stop, len(header)),
        starts=standings.starts,
        make_titles=lambda: [[""] * len(order) for _ in header],
        numbered_results=True,
    )


def team_crosstable_data(standings: Standings) -> dict[str, Any]:
    """The match crosstable as JSON data: a team a row in final order, every round's match, the totals.

    Points are exact texts (``"4.5"``, as :func:`~sonneborn.numbers.exact_text` writes them), never floats.
    """
    event, order = standings.event, standings.order.tolist()
    table = event.table
    places = place_texts(standings)
    values = {code.split("#")[0]: value_texts(standings, code) for code in standings.codes}
    found = []
    for index, row in enumerate(order):
        rounds = []
        for column in range(table.rounds):
            code, opponent = int(table.kind[row, column]), int(table.opponent[row, column])
            colour = COLOURS[int(table.colour[row, column])]
            rounds.append(
                {
                    "round": column + 1,
                    "opponent": opponent + 1 if opponent >= 0 else None,
                    "colour": None if opponent < 0 or colour is Colour.UNKNOWN else str(colour),
                    "result": KINDS[code].name.lower(),
                    "gp": None if code == NOT_PLAYED else exact_text(_points(event, "GP", row, column)),
                    "mp": None if code == NOT_PLAYED else exact_text(_points(event, "MP", row, column)),
                }
            )
        found.append(
            {
                "place": places[index],
                "number": row + 1,
                "team": event.roster.names[row],
                "mp": exact_text(_total(event, "MP", row)),
                "gp": exact_text(_total(event, "GP", row)),
                "adjustment": {score: exact_text(_adjustment(event, score, row)) for score in ("MP", "GP")},
                "tiebreaks": {code: texts[index] for code, texts in values.items()},
                "rounds": rounds,
            }
        )
    return {"kind": standings.kind.value, "teams": found}


BOARD_HEADINGS = (
    *(N_("Bd"), N_("Rk"), N_("No"), N_("Player"), N_("Team"), N_("Rtg"), N_("Pts"), N_("Games"), "%", N_("Perf")),
    N_("Eligible"),
)
"""The board prizes' headings (the last only with a minimum of games), as every output heads them."""


def build_board_table(teams: TeamEvent, prizes: BoardPrizes) -> Crosstable:
    """Every board's players for board prizes (:func:`~sonneborn.boardprizes.board_prizes`), in prize order:
    board, place, start number, player, team, rating, points, games, their percentage (rounded to a tenth for
    reading only: the order is the exact share's) and the performance rating on that board; with a minimum of
    games, whether the player is eligible (those who are not have no place).
    """
    results = prizes.prizes
    names, team_names = teams.event.roster.names, [team.name for team in teams.teams]
    header = list(BOARD_HEADINGS[:-1])
    columns = [
        [str(r.board) for r in results],
        [r.place for r in results],
        [str(r.player + 1) for r in results],
        [names[r.player] for r in results],
        [team_names[r.team] for r in results],
        [str(r.rating) if r.rating else "" for r in results],
        [exact_text(r.points) for r in results],
        [str(r.games) for r in results],
        [percentage(r.share) for r in results],
        ["" if r.performance is None else str(r.performance) for r in results],
    ]
    if prizes.min_games:
        header.append(BOARD_HEADINGS[-1])
        columns.append([N_("yes") if r.eligible else N_("no") for r in results])
    derivations = [r.derivation for r in results]
    return Crosstable(
        header=header,
        columns=columns,
        kind=teams.kind,
        name_column=3,
        result_columns=range(0),
        value_columns=range(6, 10),
        word_columns=range(10, 11),
        starts=[r.player + 1 for r in results],
        make_titles=lambda: [*([[""] * len(results)] * 9), derivations, *([[""] * len(results)] * (len(header) - 10))],
    )


UNRATED_ADVICE = N_("give --unrated-rating N to count them at N")
"""How the command line counts unrated players at a rating (the page words its own control instead)."""


def board_notes(prizes: BoardPrizes, *, advice: str = UNRATED_ADVICE) -> list[Message]:
    """What a reader of the board prizes must know: their order and eligibility, and why no performance (then
    ``advice``, how to count the unrated players at a rating)."""
    if prizes.dropped is None:
        return [prizes.description]
    dropped = Message.of(N_("{reason}, {advice}"), reason=prizes.dropped, advice=Message(advice))
    return [prizes.description, dropped]


def board_prizes_data(teams: TeamEvent, prizes: BoardPrizes, *, min_games: int) -> dict[str, Any]:
    """The board prizes as JSON data, as ``crosstable --boards -f json`` and the page give them: the table
    (:func:`build_board_table`), the order, the minimum of games and the notes."""
    from sonneborn.render.crosstable import crosstable_data

    table = build_board_table(teams, prizes)
    return {
        **crosstable_data(table),
        "order": prizes.order.value,
        "min_games": min_games,
        "notes": list(map(str, board_notes(prizes))),
    }
