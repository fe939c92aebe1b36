"""What the page asks of a kept event, a piece at a time: a page of rows, a search, a player's card, a round.

An event of 10,000 players is never sent whole: each answer holds what the
page shows (a page of some hundred rows, twenty matches of a search, one
player's derivations), built from one ranking as :mod:`sonneborn.web.report`
builds the whole report, from the same cells, so that they cannot disagree.

>>> from sonneborn.demo import seed_event
>>> from sonneborn.ranking import parse_list, rank
>>> ranked = rank(seed_event(), parse_list("SB"))
>>> page = page_data(ranked, offset=0, limit=2)
>>> [(row["place"], row["name"], row["values"]["SB"]) for row in page["rows"]], page["total"]
([('1', 'Sloth', '69.50'), ('2', 'Zagorovsky', '66.75')], 15)
>>> [match["name"] for match in search_data(ranked, "kos")["matches"]]
['Kosenkov']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from sonneborn.categories import held
from sonneborn.event import BLACK, KINDS, NOT_PLAYED, WHITE
from sonneborn.explain import explain_value
from sonneborn.languages import ENGLISH, Language
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, ResultKind, StartNo
from sonneborn.numbers import ratio_result_text, ratio_text
from sonneborn.ranking import Standings
from sonneborn.render.cells import (
    category_heading,
    competitors,
    notes,
    numbers_in,
    overall_texts,
    place_texts,
    points_texts,
    score_columns,
)
from sonneborn.render.crosstable import RESULT_WORDS, build_crosstable
from sonneborn.render.json import head_data, team_standings_data
from sonneborn.render.teamcard import DOUBLE_FORFEIT, team_card_data
from sonneborn.render.teamcrosstable import board_notes, board_prizes_data
from sonneborn.render.whatif import best_text, whatif_data, worst_text
from sonneborn.tiebreaks import definition
from sonneborn.web.inputs import MAX_PROOF_EFFORT, WHATIF_BOARDS
from sonneborn.web.report import explanations, shown_rows
from sonneborn.whatif.search import HINTS

if TYPE_CHECKING:
    from sonneborn.boardprizes import BoardPrizes
    from sonneborn.teams import TeamEvent
    from sonneborn.whatif import Board, Fixed, WhatIf

LEADERS = 10
"""The players the chart always shows: the first ten of the standings."""
MATCHES = 20
"""The most players a search answers with."""


def _folded(text: str) -> str:
    """A text as a search compares it: case and accents aside."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _running(standings: Standings, rows: list[int]) -> list[list[str]]:
    """Each row's score after each round played, exact (``5½`` is ``5.5``)."""
    score = standings.event.table.score
    played = standings.event.table.played_rounds
    running = score.running(played)[rows].tolist() if rows else []
    return [[ratio_text(int(units), score.unit) for units in row] for row in running]


def head(standings: Standings, *, path: str, input_format: str, lang: Language = ENGLISH) -> dict[str, Any]:
    """What every answer about a ranking says before its rows: the event, the columns, the notes, the leaders;
    the scores' titles, the tie-breaks' names and definitions and the notes in ``lang``."""
    event = standings.event
    codes = standings.codes
    leaders = standings.order[:LEADERS].tolist()
    places = place_texts(standings, dash="–")
    if event.teams is None:
        said = head_data(standings)
    else:  # the team shape's head (teams, boards, the two scores); a team event has hundreds of rows, not 10,000
        said = team_standings_data(standings)
        del said["standings"]
    return {
        "standings": said,
        "input": {"path": path, "format": input_format},
        "competitors": competitors(standings),
        "total": len(standings.order),  # a category's table holds its players only
        "scores": [
            {"heading": score.heading, "title": lang.gettext(score.title)} for score in score_columns(standings)
        ],
        "columns": [
            {
                "code": code,
                "name": lang.gettext(definition(code).name),
                "article": definition(code).article,
                "definition": lang.gettext(definition(code).definition),
            }
            for code in codes
        ],
        "list": [str(spec) for spec in standings.tiebreaks],
        "rank_by": None if standings.rank_by is None else str(standings.rank_by),
        "rounds": {
            "played": event.table.played_rounds,
            "scheduled": event.rounds,
            "berger": input_format == "crosstable"
            or (input_format == "published" and standings.kind is EventKind.ROUND_ROBIN),
        },
        "notes": notes(standings, lang),
        "leaders": [
            {
                "start": row + 1,
                "place": places[index],
                "name": event.roster.names[row],
                "running": running,  # exact, for the chart to draw
                "final": lang.number(running[-1]) if running else "0",  # as the language writes it, to show
            }
            for index, (row, running) in enumerate(zip(leaders, _running(standings, leaders), strict=True))
        ],
    }


def first_row(standings: Standings, *, rank: int | None = None, start: StartNo | None = None) -> int:
    """The index in final order of the first row of ``rank`` or the next (the last row past the end), or of
    the player ``start``."""
    if start is not None:
        found = np.flatnonzero(standings.order == start - 1)
        return int(found[0]) if found.size else 0  # no such player, or not in the category shown
    if rank is None:
        return 0
    ranks = standings.ranks[standings.order]
    return min(int(np.searchsorted(ranks, rank, side="left")), max(len(ranks) - 1, 0))


def page_data(
    standings: Standings,
    *,
    offset: int,
    limit: int,
    crosstable: bool = False,
    path: str = "<text>",
    input_format: str = "trf",
    lang: Language = ENGLISH,
) -> dict[str, Any]:
    """The rows ``offset`` to ``offset + limit`` of the standings in final order (and of the crosstable when
    asked), with what every answer says first (:func:`head`) and the categories the event holds, named in
    ``lang``; their numbers as ``lang`` writes them.

    A category's table (:meth:`Standings.within`) gives its rows only, each with its place in the category
    (``place``) and its overall place (``overall``), as ``--category`` prints them.

    >>> from sonneborn.categories import Category
    >>> from sonneborn.demo import seed_event
    >>> from sonneborn.languages import language
    >>> from sonneborn.ranking import parse_list, rank
    >>> row = page_data(rank(seed_event(), parse_list("SB")), offset=0, limit=1, lang=language("es"))["rows"][0]
    >>> row["points"], row["values"]["SB"]
    ('11', '69,50')
    >>> page = page_data(rank(seed_event(), parse_list("SB")).within(Category.parse("women")), offset=0, limit=5)
    >>> page["category"], page["total"], page["categories"]
    ({'code': 'women', 'name': 'Women', 'heading': 'Women (women): 0 of 15 players'}, 0, [])
    """
    total = len(standings.order)
    offset = min(offset, max(total - 1, 0))
    end = min(total, offset + limit)
    found = _written(shown_rows(standings, offset, end), lang)
    overall = overall_texts(standings, dash="–")
    if overall is not None:
        for row, place in zip(found, overall[offset:end], strict=True):
            row["overall"] = place
    category = standings.category
    data = {
        **head(standings, path=path, input_format=input_format, lang=lang),
        "offset": offset,
        "limit": limit,
        "rows": found,
        "category": None
        if category is None
        else {"code": str(category), "name": category.named(lang), "heading": category_heading(standings, lang)},
        "categories": _categories(standings, lang),
    }
    if crosstable:
        data["crosstable"] = _crosstable_page(standings, offset, end, lang)
    return data


def _categories(standings: Standings, lang: Language) -> list[dict[str, Any]]:
    """The categories of players the event holds (:func:`sonneborn.categories.held`), for the page's picker; none
    in a team event, whose rows are teams."""
    event = standings.event
    if event.teams is not None:
        return []
    return [
        {"code": str(category), "name": category.named(lang), "count": int(category.members(event).sum())}
        for category in held(event)
    ]


def _written(rows: list[dict[str, Any]], lang: Language) -> list[dict[str, Any]]:
    """The rows' points, scores and values as ``lang`` writes numbers (``69,50``), each column at once."""
    if not rows:
        return rows
    points = numbers_in([row["points"] for row in rows], lang)
    scores = [numbers_in([row["scores"][index] for row in rows], lang) for index in range(len(rows[0]["scores"]))]
    values = {code: numbers_in([row["values"][code] for row in rows], lang) for code in rows[0]["values"]}
    for index, row in enumerate(rows):
        row["points"] = points[index]
        row["scores"] = [column[index] for column in scores]
        row["values"] = {code: column[index] for code, column in values.items()}
    return rows


def _crosstable_page(standings: Standings, offset: int, end: int, lang: Language = ENGLISH) -> dict[str, Any]:
    """The crosstable's rows ``offset`` to ``end``: the same cells and titles as the whole, cut; the points and
    values as ``lang`` writes numbers."""
    made = build_crosstable(standings)
    cells = [
        numbers_in(column[offset:end], lang) if made.in_numbers(index) else column[offset:end]
        for index, column in enumerate(made.columns)
    ]
    if made.make_cell_titles is None:
        titles = [column[offset:end] for column in made.title_columns]
    else:  # the titles and values' derivations of these rows only, never of every player
        rows = standings.order[offset:end].tolist()
        derived = [[explain_value(standings, row + 1, code, lang) for row in rows] for code in standings.codes]
        write = lang.phrases()  # one writer for every title: the words they share are translated once
        shown = [list(map(write, column)) for column in made.make_cell_titles(slice(offset, end))]
        titles = [*shown, *derived]
    return {
        "header": made.header,
        "rows": [list(row) for row in zip(*cells, strict=True)],
        "titles": [list(row) for row in zip(*titles, strict=True)],
        "kind": made.kind.value,
        "name_column": made.name_column,
        "result_columns": list(made.result_columns),
        "value_columns": list(made.value_columns),
        "starts": made.starts[offset:end],
    }


def search_data(standings: Standings, text: str) -> dict[str, Any]:
    """The players a search finds, in final order, at most :data:`MATCHES`: a start number or a FIDE id,
    else every player whose name, federation or club holds the text (case and accents aside); in a category's
    table, only its players, with their places in it."""
    event, roster = standings.event, standings.event.roster
    wanted = text.strip()
    found: list[int] = []
    if wanted.isdigit():
        number = int(wanted)
        if 1 <= number <= event.players:
            found.append(number - 1)
        found.extend(row for row, fide in enumerate(roster.fide_ids) if fide == number and row not in found)
    elif wanted:
        folded = _folded(wanted)
        for row in range(event.players):
            fields = (roster.names[row], roster.federations[row], roster.club(row))
            if any(folded in _folded(field) for field in fields if field):
                found.append(row)
    position = np.full(event.players, -1, dtype=np.int64)
    position[standings.order] = np.arange(len(standings.order))
    found = [row for row in found if position[row] >= 0]  # a category's table holds its players only
    found.sort(key=lambda row: int(position[row]))
    places = place_texts(standings, dash="–")
    return {
        "query": text,
        "count": len(found),
        "matches": [
            {
                "start": row + 1,
                "name": roster.names[row],
                "federation": roster.federations[row],
                "place": places[int(position[row])],
                "index": int(position[row]),
            }
            for row in found[:MATCHES]
        ],
    }


def _colour(code: int) -> str:
    return "white" if code == WHITE else "black" if code == BLACK else ""


def player_data(
    standings: Standings, start: StartNo, *, path: str, input_format: str, lang: Language = ENGLISH
) -> dict[str, Any]:
    """A player's card: who he is, every round (opponent, colour, result, running score) and the derivation of
    each of his values (:func:`~sonneborn.web.report.explanations`, in ``lang``); the numbers shown as ``lang``
    writes them (``running`` stays exact, for the chart)."""
    event, roster, table = standings.event, standings.event.roster, standings.event.table
    row = start - 1
    score = table.score
    running = _running(standings, [row])[0]
    shown = numbers_in(running, lang)
    rounds = []
    for column in range(table.rounds):
        kind = KINDS[int(table.kind[row, column])]
        opponent = int(table.opponent[row, column])
        units = int(score.points[row, column])
        rounds.append(
            {
                "round": column + 1,
                "opponent": opponent + 1 if opponent >= 0 else None,
                "opponent_name": roster.names[opponent] if opponent >= 0 else None,
                "colour": _colour(int(table.colour[row, column])),
                "kind": kind.value,
                "what": RESULT_WORDS[kind],
                "result": "" if int(table.kind[row, column]) == NOT_PLAYED else ratio_result_text(units, score.unit),
                "forfeit": kind.is_forfeit,
                "bye": kind.is_bye and kind is not ResultKind.NOT_PLAYED,
                "running": shown[column] if column < len(shown) else None,
            }
        )
    team = None if event.teams is None else _team_card(standings, row)
    if team is not None:
        for entry, points in zip(rounds, numbers_in(team["gp"], lang), strict=True):
            entry["gp"] = points
    explained = explanations(standings, [start], lang)[0]
    position = int(np.flatnonzero(standings.order == row)[0])
    rating = int(table.rating[row])
    fide = roster.fide_ids[row]
    return {
        **head(standings, path=path, input_format=input_format, lang=lang),
        "player": {
            "start": start,
            "name": roster.names[row],
            "title": roster.titles[row],
            "rating": rating or None,
            "federation": roster.federations[row],
            "fide_id": fide,
            "club": roster.club(row),
            "place": place_texts(standings, dash="–")[position],
            "index": position,
            "points": lang.number(points_texts(standings)[position]),
            "rounds": rounds,
            "running": running,
            "lines": explained["lines"],
            "values": explained["values"],
            "players": None if team is None else team["players"],
            # A team's matches round by round with every board, and its players board by board: the card
            # `sonneborn crosstable --team` gives, from the same builder.
            "team_card": None if event.teams is None else _team_card_shown(team_card_data(standings, start), lang),
        },
    }


def _team_card_shown(card: dict[str, Any], lang: Language) -> dict[str, Any]:
    """A team's card as the page shows it: each match's result in words (the English text, which the page
    translates) and its points, and the players' points and percentages, as ``lang`` writes numbers."""
    # The card's results are the kinds' names (``pairing_bye``) and the double forfeit's, as its JSON gives them.
    words = {kind.name.lower(): RESULT_WORDS[kind] for kind in ResultKind} | {
        DOUBLE_FORFEIT.replace(" ", "_"): DOUBLE_FORFEIT
    }
    for match in card["rounds"]:
        match["what"] = words.get(match["result"] or "", "")
        for name in ("mp", "gp", "opponent_gp"):
            match[name] = None if match[name] is None else lang.number(match[name])
    for player in card["players"]:
        for record in player["boards"]:
            record["points"], record["percentage"] = lang.number(record["points"]), lang.number(record["percentage"])
    return card


BOARDS_ADVICE = N_("give a rating for unrated players under Advanced to count them at it")
"""How the page counts unrated players at a rating: its own control, not the command line's option."""


def boards_data(teams: TeamEvent, prizes: BoardPrizes, *, min_games: int, lang: Language = ENGLISH) -> dict[str, Any]:
    """A team event's board prizes as the page shows them: ``crosstable --boards -f json``'s data, its notes in
    ``lang`` naming the page's control, the points and percentages as ``lang`` writes numbers, the eligibility
    in its words."""
    data = board_prizes_data(teams, prizes, min_games=min_games)
    data["notes"] = [lang.message(note) for note in board_notes(prizes, advice=BOARDS_ADVICE)]
    header, rows = data["header"], data["rows"]
    for heading in ("Pts", "%"):
        column = header.index(heading)
        for row, text in zip(rows, numbers_in([row[column] for row in rows], lang), strict=True):
            row[column] = text
    if "Eligible" in header:
        column = header.index("Eligible")
        for row in rows:
            row[column] = lang.gettext(row[column])
    return data


def _team_card(standings: Standings, row: int) -> dict[str, Any]:
    """What a team's card adds, kept small: each round's game points, and its players with the game points they
    scored on its boards (the team JSON's); the full team card with every board is render's ``team_card_data``."""
    table = standings.event.table
    other = next(name for name in table.scores if name != table.primary)
    score = table.scores[other]
    kinds = table.kind[row].tolist()
    gp = [
        "" if kind == NOT_PLAYED else ratio_text(int(units), score.unit)
        for kind, units in zip(kinds, score.points[row].tolist(), strict=True)
    ]
    rows = team_standings_data(standings)["standings"]
    players = next(entry["players"] for entry in rows if entry["start"] == row + 1)
    return {"gp": gp, "players": players}


def round_data(standings: Standings, number: int, *, offset: int = 0, limit: int = 10**9) -> dict[str, Any]:
    """A round's pairings and results, board by board, then the players without a game (byes, absences): the
    entries ``offset`` to ``offset + limit`` of that list (``total`` of them).

    The boards are numbered as :meth:`Table.boards <sonneborn.event.Table.boards>` numbers them.
    """
    event, roster, table = standings.event, standings.event.roster, standings.event.table
    column = number - 1
    score = table.score
    alone = []
    for row in range(event.players):
        kind = KINDS[int(table.kind[row, column])]
        if int(table.opponent[row, column]) < 0 and kind is not ResultKind.NOT_PLAYED:
            units = int(score.points[row, column])
            alone.append(
                {
                    "start": row + 1,
                    "name": roster.names[row],
                    "kind": kind.value,
                    "what": RESULT_WORDS[kind],
                    "result": ratio_result_text(units, score.unit),
                }
            )
    boards = []
    for board, (white, black) in enumerate(table.boards(column), start=1):
        kind = KINDS[int(table.kind[white, column])]
        shown = kind is not ResultKind.NOT_PLAYED
        boards.append(
            {
                "board": board,
                "white": {"start": white + 1, "name": roster.names[white]},
                "black": {"start": black + 1, "name": roster.names[black]},
                "colours_known": int(table.colour[white, column]) == WHITE,
                "result": _pair_result(standings, white, black, column) if shown else "",
                "what": RESULT_WORDS[kind],
                "forfeit": kind.is_forfeit,
            }
        )
    end = offset + limit
    return {
        "round": number,
        "rounds": event.rounds,
        "total": len(boards) + len(alone),
        "offset": offset,
        "limit": limit,
        "boards": boards[offset:end],
        "unpaired": alone[max(0, offset - len(boards)) : max(0, end - len(boards))],
    }


def _page_note(note: Message) -> Message:
    """A note of whatif as the page gives it: without its hint of the command line's options (for the exact
    method's chances, for the simulation's places left as bounds: :data:`~sonneborn.whatif.search.HINTS`)."""
    parts = dict(note.values)
    if note.template == "{part0}; {part1}" and parts.get("part1") in [Message(hint) for hint in HINTS]:
        first = parts["part0"]
        return first if isinstance(first, Message) else note
    return note


def _pair_result(standings: Standings, white: int, black: int, column: int) -> str:
    """A board's result as arbiters write it: ``1–0``, ``½–½``, ``+–−`` for a forfeit."""
    table = standings.event.table
    kinds = KINDS[int(table.kind[white, column])], KINDS[int(table.kind[black, column])]
    if kinds[0].is_forfeit or kinds[1].is_forfeit:
        return "–".join("+" if kind is ResultKind.FORFEIT_WIN else "−" for kind in kinds)
    unit = table.score.unit
    return "–".join(ratio_result_text(int(table.score.points[side, column]), unit) for side in (white, black))


def whatif_view(
    answer: WhatIf,
    boards: Sequence[Board],
    fixed: Sequence[Fixed],
    *,
    offset: int,
    limit: int,
    boards_offset: int,
    proof_effort: int = 1,
    lang: Language = ENGLISH,
) -> dict[str, Any]:
    """The "What if" tab of a kept event: ``POST /api/whatif``'s answer (the standings of the scenario the fixed
    results make, each row's best and worst place) for the rows ``offset`` to ``offset + limit``, and the games
    still to be played, :data:`~sonneborn.web.inputs.WHATIF_BOARDS` from ``boards_offset``, each with its
    results (every game of an event has the same) and the one fixed; the points, what decides first place
    (``decides_text``), the count of runs or outcomes (``runs_text``) and the notes in ``lang``, as it writes
    words and numbers (the notes without the command line's options, which the page has not); the proof effort
    asked (``proof_effort``, at most ``proof_effort_limit``) and how many rows' places are left as bounds
    (``bounds``), for the page's "Prove more places"."""
    data = whatif_data(answer)
    rows = data.pop("standings")
    # The places as the terminal table writes them (a bound with the place a ranked scenario reached: ``3–6``).
    for row, chances in zip(rows, answer.rows, strict=True):
        row["best_text"], row["worst_text"] = best_text(chances), worst_text(chances)
        row["points_text"] = "" if row["points"] is None else lang.number(str(row["points"]))
        row["decides_text"] = lang.message(chances.decides)
    data["notes"] = [lang.message(_page_note(note)) for note in answer.notes]
    data["runs_text"] = lang.number(f"{answer.runs:,}")
    names = answer.now.event.roster.names
    chosen = {(f.round, f.board): f.result for f in fixed}
    results = list(answer.open.game.labels)
    games = [
        {
            "round": board.round,
            "board": board.board,
            "white": {"start": board.white + 1, "name": names[board.white]},
            "black": {"start": board.black + 1, "name": names[board.black]},
            "results": results,
            "set": chosen.get((board.round, board.board)),
        }
        for board in boards[boards_offset : boards_offset + WHATIF_BOARDS]
    ]
    return {
        **data,
        "competitors": "teams" if answer.now.event.teams is not None else "players",
        "total": len(rows),
        "offset": offset,
        "limit": limit,
        "standings": rows[offset : offset + limit],
        "fixed": [str(f) for f in fixed],
        "boards": games,
        "boards_total": len(boards),
        "boards_offset": boards_offset,
        "boards_limit": WHATIF_BOARDS,
        "proof_effort": proof_effort,
        "proof_effort_limit": MAX_PROOF_EFFORT,
        "bounds": sum(not (row.best_exact and row.worst_exact) for row in answer.rows),
    }
