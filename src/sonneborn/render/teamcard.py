"""A team's card: its matches round by round with every board's game, then its players board by board.

:func:`build_team_card` makes it once, as a :class:`TeamCard` of small frozen
values, from the team standings (their rows are the teams, their scores ``MP``
and ``GP``, their event the team data); every format renders that object:
:func:`team_card_data` (JSON, the page's), :func:`team_card_text`,
:func:`team_card_markdown`, :func:`team_card_csv`, and the HTML page
(:func:`sonneborn.render.html.render_team_card_page`). A board's result is
written from the team's side, as the board's two results: ``1-0``, ``½-½``,
``0-1``, and a forfeit as TRF-26 record 330 writes a forfeited match, ``+-``,
``-+``, ``--`` (a double forfeit); an empty board is a forfeit of the side
that left it empty.

>>> from sonneborn.pipeline import read, standings, Request
>>> ranked = standings(read("tests/data/teams/four_clubs_trf26.trf"), Request.parse())
>>> card = build_team_card(ranked, 1)
>>> card.name, card.place, str(card.mp), [m.result_text for m in card.matches[0].boards]
('Alpha', '1', '7', ['1-0', '½-½'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sonneborn.event import COLOURS, KINDS, Event
from sonneborn.formats.lines import csv_table, spreadsheet_text
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message, Number
from sonneborn.model import Colour, EventKind, ResultKind
from sonneborn.numbers import exact_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import padded_column, place_texts, terminal_text
from sonneborn.render.crosstable import SYMBOLS, escape_markdown, markdown_table
from sonneborn.teams import NO_BOARD, TeamEvent, TeamNo, teams_of

__all__ = [
    "BoardGame",
    "BoardRecord",
    "CardMatch",
    "CardPlayer",
    "Seat",
    "TeamCard",
    "build_team_card",
    "team_card_csv",
    "team_card_data",
    "team_card_markdown",
    "team_card_text",
]

MATCH_WORDS = {
    ResultKind.WIN: N_("won"),
    ResultKind.DRAW: N_("drawn"),
    ResultKind.LOSS: N_("lost"),
    ResultKind.FORFEIT_WIN: N_("won by forfeit"),
    ResultKind.FORFEIT_LOSS: N_("lost by forfeit"),
    ResultKind.PAIRING_BYE: N_("pairing-allocated bye"),
    ResultKind.FULL_BYE: N_("full-point bye"),
    ResultKind.HALF_BYE: N_("half-point bye"),
    ResultKind.ZERO_BYE: N_("not paired (zero-point bye)"),
    ResultKind.NOT_PLAYED: N_("not played yet"),
}
"""A team's match of a round in words, by its kind (a match has no unrated kinds)."""
DOUBLE_FORFEIT = N_("double forfeit")


@dataclass(frozen=True, slots=True)
class Seat:
    """A player as the card names him: start number, name and rating (``None`` unrated)."""

    number: int
    name: str
    rating: int | None


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match, from the team's side."""

    board: int
    """The board number, 1-based."""
    player: Seat | None
    """The team's player, ``None`` for an empty board."""
    opponent: Seat | None
    """The opponent team's player, ``None`` for an empty board."""
    colour: Colour
    """The team's player's colour (the opposite of the opponent's when the board is empty)."""
    result: ResultKind | None
    """The team's player's result; ``None`` for an empty board (a forfeit of the team's)."""
    opponent_result: ResultKind | None
    points: Fraction
    """The game points the team has of this board."""

    @property
    def result_text(self) -> str:
        """The board's two results, the team's first: ``1-0``, ``½-½``, ``+-``, ``-+``, ``--``."""
        ours, theirs = _symbol(self.result), _symbol(self.opponent_result)
        if ours in "+-" and theirs in "+-":
            return ours + theirs
        return f"{ours}-{theirs}"


def _symbol(kind: ResultKind | None) -> str:
    """A side's result as the board shows it: an empty board is a forfeit loss."""
    return "-" if kind is None else SYMBOLS.get(kind, "") or str(kind)


@dataclass(frozen=True, slots=True)
class CardMatch:
    """The team's match of one round, or its round without one."""

    round: int
    kind: ResultKind
    """The match's kind from the team's side (won, a forfeit, a bye, not paired, not played yet)."""
    double_forfeit: bool
    """Whether both teams lost the match by forfeit."""
    opponent: int | None
    """The opponent team's number, ``None`` without a match."""
    opponent_name: str
    colour: Colour
    """The team's colour on board 1 (unknown without a match)."""
    mp: Fraction | None
    """The team's MP of the round, ``None`` when not played yet."""
    gp: Fraction | None
    opponent_gp: Fraction | None
    """The opponent's GP, ``None`` without a match."""
    boards: tuple[BoardGame, ...]
    """The boards played or forfeited; none for a round without a match or a match forfeited whole."""

    @property
    def words(self) -> str:
        """The match's result in words: ``won``, ``double forfeit``, ``pairing-allocated bye``."""
        return DOUBLE_FORFEIT if self.double_forfeit else MATCH_WORDS.get(self.kind, str(self.kind))


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A player's record on one board (:meth:`~sonneborn.teams.TeamEvent.board_results`: forfeits counted)."""

    board: int
    games: int
    points: Fraction

    @property
    def share(self) -> Fraction:
        return self.points / self.games


@dataclass(frozen=True, slots=True)
class CardPlayer:
    """One of the team's players, with his record on each board he played."""

    seat: Seat
    boards: tuple[BoardRecord, ...]
    """By board number; none for a player who had no game."""


@dataclass(frozen=True, slots=True)
class TeamCard:
    """A team's card: who it is, where it finished, its matches and its players."""

    number: TeamNo
    name: str
    place: str
    """Its place in the standings (``2-3`` shared)."""
    mp: Fraction
    gp: Fraction
    adjustment: tuple[Fraction, Fraction]
    """The MP and GP outside any round (TRF-26 299 of round 000), which the totals count."""
    kind: EventKind
    board_count: int
    matches: tuple[CardMatch, ...]
    players: tuple[CardPlayer, ...]
    """The team's members in board order."""


def _points(event: Event, score: str, row: int, column: int) -> Fraction:
    found = event.table.scores[score]
    return Fraction(int(found.points[row, column]), found.unit)


def build_team_card(standings: Standings, number: TeamNo) -> TeamCard:
    """The card of the team of ``number`` in team standings (:func:`sonneborn.teams.team_event`'s rows)."""
    event = standings.event
    teams = teams_of(event)
    row = number - 1
    places = dict(zip(standings.order.tolist(), place_texts(standings), strict=True))
    found = [_match(event, teams, row, column) for column in range(event.table.rounds)]
    totals = [event.table.scores[score] for score in ("MP", "GP")]
    records: dict[int, list[BoardRecord]] = {}
    for result in teams.board_results():
        if result.team == row:
            records.setdefault(result.player, []).append(BoardRecord(result.board, result.games, result.points))
    players = tuple(
        CardPlayer(_seat(teams, player), tuple(sorted(records.get(player, []), key=lambda r: r.board)))
        for player in teams.teams[row].members
    )
    return TeamCard(
        number=number,
        name=event.roster.names[row],
        place=places[row],
        mp=Fraction(int(totals[0].totals[row]), totals[0].unit),
        gp=Fraction(int(totals[1].totals[row]), totals[1].unit),
        adjustment=(
            Fraction(int(totals[0].adjustment[row]), totals[0].unit),
            Fraction(int(totals[1].adjustment[row]), totals[1].unit),
        ),
        kind=standings.kind,
        board_count=teams.matches.board_count,
        matches=tuple(found),
        players=players,
    )


def _seat(teams: TeamEvent, player: int) -> Seat:
    rating = int(teams.event.table.rating[player])
    return Seat(player + 1, teams.event.roster.names[player], rating or None)


def _match(event: Event, teams: TeamEvent, row: int, column: int) -> CardMatch:
    table, matches = event.table, teams.matches
    kind = KINDS[int(table.kind[row, column])]
    opponent = int(table.opponent[row, column])
    played = kind is not ResultKind.NOT_PLAYED
    mp, gp = (_points(event, "MP", row, column), _points(event, "GP", row, column)) if played else (None, None)
    if opponent < 0:
        return CardMatch(column + 1, kind, False, None, "", Colour.UNKNOWN, mp, gp, None, ())
    double = kind is ResultKind.FORFEIT_LOSS and KINDS[int(table.kind[opponent, column])] is ResultKind.FORFEIT_LOSS
    games = teams.event.table
    boards = []
    for board in range(matches.board_count):
        ours, theirs = int(matches.boards[row, column, board]), int(matches.boards[opponent, column, board])
        if ours == NO_BOARD and theirs == NO_BOARD:
            continue
        colour = COLOURS[int(games.colour[ours, column])] if ours != NO_BOARD else Colour.UNKNOWN
        if colour is Colour.UNKNOWN and theirs != NO_BOARD:
            colour = COLOURS[int(games.colour[theirs, column])].opposite
        boards.append(
            BoardGame(
                board + 1,
                _seat(teams, ours) if ours != NO_BOARD else None,
                _seat(teams, theirs) if theirs != NO_BOARD else None,
                colour,
                KINDS[int(games.kind[ours, column])] if ours != NO_BOARD else None,
                KINDS[int(games.kind[theirs, column])] if theirs != NO_BOARD else None,
                Fraction(int(games.score.points[ours, column]), games.score.unit) if ours != NO_BOARD else Fraction(0),
            )
        )
    return CardMatch(
        column + 1,
        kind,
        double,
        opponent + 1,
        event.roster.names[opponent],
        COLOURS[int(table.colour[row, column])],
        mp,
        gp,
        _points(event, "GP", opponent, column),
        tuple(boards),
    )


# The data every format shares.


def _text(value: Fraction | None) -> str | None:
    return None if value is None else exact_text(value)


def _colour(colour: Colour) -> str | None:
    return None if colour is Colour.UNKNOWN else str(colour)


def _seat_data(seat: Seat | None) -> dict[str, Any] | None:
    return None if seat is None else {"number": seat.number, "name": seat.name, "rating": seat.rating}


def _kind_name(kind: ResultKind | None) -> str | None:
    return None if kind is None else kind.name.lower()


def percentage(share: Fraction) -> str:
    """A share as a percentage rounded to a tenth, for reading only (``83.3``); the order is the exact share's."""
    return exact_text(round(share * 100, 1))


def team_card_data(standings: Standings, number: TeamNo) -> dict[str, Any]:
    """The card of team ``number`` as JSON data (docs/json.md, "A team's card"): exact texts, never floats.

    Pure: it reads the standings and makes a new dict, for the command and the page alike.
    """
    card = build_team_card(standings, number)
    return {
        "team": {"number": card.number, "name": card.name, "place": card.place, "mp": exact_text(card.mp),
                 "gp": exact_text(card.gp),
                 "adjustment": {"MP": exact_text(card.adjustment[0]), "GP": exact_text(card.adjustment[1])}},
        "kind": card.kind.value,
        "boards": card.board_count,
        "rounds": [
            {
                "round": match.round,
                "result": DOUBLE_FORFEIT.replace(" ", "_") if match.double_forfeit else _kind_name(match.kind),
                "opponent": None if match.opponent is None else {"number": match.opponent,
                                                                 "name": match.opponent_name},
                "colour": _colour(match.colour),
                "mp": _text(match.mp),
                "gp": _text(match.gp),
                "opponent_gp": _text(match.opponent_gp),
                "boards": [
                    {
                        "board": game.board,
                        "player": _seat_data(game.player),
                        "opponent": _seat_data(game.opponent),
                        "colour": _colour(game.colour),
                        "result": _kind_name(game.result),
                        "opponent_result": _kind_name(game.opponent_result),
                        "score": game.result_text,
                        "points": exact_text(game.points),
                    }
                    for game in match.boards
                ],
            }
            for match in card.matches
        ],
        "players": [
            {
                **(_seat_data(player.seat) or {}),
                "boards": [
                    {"board": r.board, "games": r.games, "points": exact_text(r.points),
                     "percentage": percentage(r.share)}
                    for r in player.boards
                ],
            }
            for player in card.players
        ],
    }  # fmt: skip


# The tables of the text, Markdown and CSV outputs, from the card.

MATCH_HEADER = ["Rd", "Opp", "Opp team", "Bd 1", "Match", "GP", "MP"]
"""A round's cells in the CSV (``Bd 1``: the team's colour on board 1)."""
BOARD_HEADER = ["Bd", "No", "Player", "Rtg", "Col", "Res", "No", "Opponent", "Rtg"]
PLAYER_HEADER = ["No", "Player", "Rtg", "Bd", "Games", "Pts", "%"]
LEGEND = N_("Res: the board's results, the team's first; +- -+ -- are forfeits, (empty) an empty board.")


def summary(card: TeamCard) -> Message:
    """The card's first line: ``Alpha (team 1): place 1, 7 MP, 3.5 GP``, with the points outside the rounds."""
    values: dict[str, str | int | Message | Number] = {
        "team": card.name,
        "number": card.number,
        "place": card.place,
        "mp": Number(exact_text(card.mp)),
        "gp": Number(exact_text(card.gp)),
    }
    extra = [
        Message.of(template, points=Number(exact_text(value)))
        for template, value in zip((N_("{points} MP"), N_("{points} GP")), card.adjustment, strict=True)
        if value
    ]
    if not extra:
        return Message.of(N_("{team} (team {number}): place {place}, {mp} MP, {gp} GP"), **values)
    return Message.of(
        N_("{team} (team {number}): place {place}, {mp} MP, {gp} GP ({outside} outside the rounds)"),
        **values,
        outside=Message.joined(extra),
    )


_MATCH_COLOURS = {Colour.WHITE: N_("White"), Colour.BLACK: N_("Black")}


def match_line(match: CardMatch) -> Message:
    """A round's heading: ``Round 1: against 2 Beta, White on board 1: won 1.5-0.5, 3 MP``."""
    result = Message(match.words)
    if match.mp is None:
        return Message.of(N_("Round {round}: {result}"), round=match.round, result=result)
    gp, mp = Number(_text(match.gp) or ""), Number(exact_text(match.mp))
    if match.opponent is None:
        return Message.of(
            N_("Round {round}: {result}, {gp} GP, {mp} MP"), round=match.round, result=result, gp=gp, mp=mp
        )
    template = (
        N_("Round {round}: against {number} {name}, {colour} on board 1: {result} {gp}-{against}, {mp} MP")
        if match.boards
        else N_(
            "Round {round}: against {number} {name}, {colour} on board 1: {result} {gp}-{against}, {mp} MP, "
            "no boards played"
        )
    )
    return Message.of(
        template,
        round=match.round,
        number=match.opponent,
        name=match.opponent_name,
        colour=Message(_MATCH_COLOURS.get(match.colour, N_("colour unknown"))),
        result=result,
        gp=gp,
        against=Number(_text(match.opponent_gp) or ""),
        mp=mp,
    )


def match_columns(card: TeamCard) -> list[list[str]]:
    """The rounds as a table of :data:`MATCH_HEADER`, a row a round."""
    rows = [
        [str(m.round), "" if m.opponent is None else str(m.opponent), m.opponent_name,
         "" if m.colour is Colour.UNKNOWN else str(m.colour), m.words, _text(m.gp) or "", _text(m.mp) or ""]
        for m in card.matches
    ]  # fmt: skip
    return [list(column) for column in zip(*rows, strict=True)] if rows else [[] for _ in MATCH_HEADER]


EMPTY = N_("(empty)")
"""An empty board's player."""


def _seat_cells(seat: Seat | None, lang: Language = ENGLISH) -> list[str]:
    if seat is None:
        return ["", lang.gettext(EMPTY), ""]
    return [str(seat.number), seat.name, "" if seat.rating is None else str(seat.rating)]


def board_columns(match: CardMatch, lang: Language = ENGLISH) -> list[list[str]]:
    """A match's boards as a table of :data:`BOARD_HEADER`, a row a board; an empty board's word in ``lang``."""
    rows = [
        [str(g.board), *_seat_cells(g.player, lang)[:3], "" if g.colour is Colour.UNKNOWN else str(g.colour),
         g.result_text, *_seat_cells(g.opponent, lang)]
        for g in match.boards
    ]  # fmt: skip
    return [list(column) for column in zip(*rows, strict=True)] if rows else [[] for _ in BOARD_HEADER]


def player_columns(card: TeamCard, lang: Language = ENGLISH) -> list[list[str]]:
    """The players as a table of :data:`PLAYER_HEADER`, a row for each board a player played (one for a
    player without a game); the points and percentages written as ``lang`` writes them (``1,5``)."""
    rows = []
    for player in card.players:
        cells = _seat_cells(player.seat)
        for record in player.boards:
            rows.append([*cells, str(record.board), str(record.games), lang.number(exact_text(record.points)),
                         lang.number(percentage(record.share))])  # fmt: skip
        if not player.boards:
            rows.append([*cells, "", "0", "", ""])
    return [list(column) for column in zip(*rows, strict=True)] if rows else [[] for _ in PLAYER_HEADER]


def _aligned(header: list[str], columns: list[list[str]], names: tuple[int, ...]) -> list[str]:
    padded = [
        padded_column(title, [terminal_text(cell) for cell in cells], left=index in names)
        for index, (title, cells) in enumerate(zip(header, columns, strict=True))
    ]
    return ["  " + "  ".join(cells).rstrip() for cells in zip(*padded, strict=True)]


def team_card_text(card: TeamCard, lang: Language = ENGLISH) -> str:
    """The card as text: its summary, each round's line and boards, then the players; its words in ``lang``."""
    say = lang.gettext
    boards, players = [say(title) for title in BOARD_HEADER], [say(title) for title in PLAYER_HEADER]
    lines = [terminal_text(lang.message(summary(card))), ""]
    for match in card.matches:
        lines.append(terminal_text(lang.message(match_line(match))))
        if match.boards:
            lines += _aligned(boards, board_columns(match, lang), (2, 7))
    lines += ["", say("Players"), *_aligned(players, player_columns(card, lang), (1,)), "", say(LEGEND), ""]
    return "\n".join(lines)


def team_card_markdown(card: TeamCard, lang: Language = ENGLISH) -> str:
    """The card as GitHub-flavoured Markdown: a heading, a section a round with its boards' table, the players;
    its words and numbers in ``lang``, as :func:`team_card_text` writes them."""
    say = lang.gettext
    boards, players = [say(title) for title in BOARD_HEADER], [say(title) for title in PLAYER_HEADER]
    parts = [f"## {escape_markdown(lang.message(summary(card)))}\n"]
    for match in card.matches:
        parts.append(f"\n### {escape_markdown(lang.message(match_line(match)))}\n")
        if match.boards:
            parts.append("\n" + markdown_table(boards, board_columns(match, lang), "rrlrccrlr"))
    parts += [
        f"\n### {escape_markdown(say('Players'))}\n\n",
        markdown_table(players, player_columns(card, lang), "rlrrrrr"),
    ]
    parts.append(f"\n{escape_markdown(say(LEGEND))}\n")
    return "".join(parts)


CSV_HEADER = [*MATCH_HEADER, "Bd", "No", "Player", "Rtg", "Col", "Res", "Opp No", "Opponent", "Opp Rtg"]


def team_card_csv(card: TeamCard) -> str:
    """The card as CSV: a row for each board of each round (a round without boards, one row), the round's
    cells on every row; a blank line, then the players' table."""
    rounds = match_columns(card)
    rows: list[list[str]] = []
    for index, match in enumerate(card.matches):
        first = [column[index] for column in rounds]
        boards = board_columns(match)
        count = len(boards[0])
        rows += [first + [column[k] for column in boards] for k in range(count)] or [first + [""] * len(BOARD_HEADER)]
    matches = [list(column) for column in zip(*rows, strict=True)] if rows else [[] for _ in CSV_HEADER]
    for name in (2, 9, 14):  # the names, as every CSV writes them (a leading = or + is no formula)
        matches[name] = [spreadsheet_text(text) for text in matches[name]]
    players = player_columns(card)
    players[1] = [spreadsheet_text(text) for text in players[1]]
    return csv_table(CSV_HEADER, matches) + "\n" + csv_table(PLAYER_HEADER, players)
