"""Converting an event between file formats, naming whatever the target cannot hold.

The target format comes from the output file's extension (or is given). The
report formats (HTML, Markdown) rank the event with its default list.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sonneborn.errors import Said
from sonneborn.event import Event
from sonneborn.formats.lines import changed_names
from sonneborn.messages import N_, Message
from sonneborn.model import Tournament
from sonneborn.ranking import rank
from sonneborn.recorded import written_otherwise
from sonneborn.teams import TeamEvent

TARGETS = {
    ".trf": "trf",
    ".json": "json",
    ".tsv": "tsv",
    ".txt": "tsv",
    ".csv": "csv",
    ".pgn": "pgn",
    ".html": "html",
    ".htm": "html",
    ".md": "md",
}
"""Output formats by file extension."""

FORMAT_NAMES = ("trf", "json", "tsv", "csv", "pgn", "html", "md")
WRITES_POINTS = frozenset({"trf", "tsv", "csv", "html", "md"})
"""The formats that write each player's points as the results give them (JSON keeps the recorded points as
well; PGN writes none)."""


HOLDS_RECORDED = {"trf": frozenset({"ranks", "list"}), "json": frozenset({"ranks", "values", "list"})}
"""What of the published standings a format that reads back holds: the recorded ranks, the recorded tie-break
values, the list they were ranked by (the others hold none of them; HTML and Markdown are reports of their own
ranking, never read back)."""

BY_NAME = frozenset({"tsv", "csv", "pgn"})
"""The formats whose reader knows a player by his name, and refuses a player without one."""


def target_format(path: str, given: str | None) -> str:
    """The output format: the one given, else the one the extension names."""
    if given is not None:
        return given
    suffix = Path(path).suffix.lower()
    if suffix not in TARGETS:
        template = N_("cannot tell the output format from {path} (extensions: {known}; or give --to)")
        raise Said(Message.of(template, path=repr(path), known=", ".join(sorted(TARGETS))))
    return TARGETS[suffix]


def _trf(tournament: Tournament) -> tuple[str, list[Message]]:
    from sonneborn.formats.trf import write_trf

    changed = changed_names([player.name for player in tournament.players])[1]
    # The rank column is the file's own: a conversion keeps what the source recorded (86–89).
    ranks = {player.start: player.recorded_rank for player in tournament.players if player.recorded_rank}
    return write_trf(tournament, ranks=ranks), [] if changed is None else [changed]


def _json(tournament: Tournament) -> tuple[str, list[Message]]:
    from sonneborn.formats.jsonio import write_json
    from sonneborn.render.json import standings_data

    return write_json(tournament, standings_data(rank(tournament))), []


def _crosstable(separator: str) -> Callable[[Tournament], tuple[str, list[Message]]]:
    def write(tournament: Tournament) -> tuple[str, list[Message]]:
        from sonneborn.formats.crosstable_writer import write_crosstable

        return write_crosstable(tournament, separator=separator)

    return write


def _pgn(tournament: Tournament) -> tuple[str, list[Message]]:
    from sonneborn.formats.pgn_writer import write_pgn

    return write_pgn(tournament)


def _html(tournament: Tournament) -> tuple[str, list[Message]]:
    from sonneborn.render.html import render_html

    return render_html(rank(tournament)), []


def _markdown(tournament: Tournament) -> tuple[str, list[Message]]:
    from sonneborn.render.markdown import render_markdown

    return render_markdown(rank(tournament)), []


WRITERS: dict[str, Callable[[Tournament], tuple[str, list[Message]]]] = {
    "trf": _trf,
    "json": _json,
    "tsv": _crosstable("\t"),
    "csv": _crosstable(","),
    "pgn": _pgn,
    "html": _html,
    "md": _markdown,
}


def convert(tournament: Tournament | Event, fmt: str) -> tuple[str, list[Message]]:
    """The event written in a format, and one sentence for each kind of data the format could not hold: the
    recorded points too, when the format writes the points the results give and some differ."""
    event = tournament if isinstance(tournament, Event) else Event.of(tournament)
    text, lost = WRITERS[fmt](event.tournament)
    note = written_otherwise(event) if fmt in WRITES_POINTS else None
    lost = lost if note is None else [*lost, note]
    if fmt not in ("html", "md"):
        lost += _recorded_lost(event.tournament, HOLDS_RECORDED.get(fmt, frozenset()))
    if event.roster.clubs and fmt in ("trf", "tsv", "csv"):  # PGN (WhiteTeam) and JSON (club) hold them
        lost.append(
            Message(N_("clubs: TRF has no field for them"))
            if fmt == "trf"
            else Message(N_("clubs: a crosstable has none"))
        )
    unnamed = [str(start) for start, name in enumerate(event.roster.names, start=1) if not name.strip()]
    if unnamed and fmt in BY_NAME:
        listed: str | Message = ", ".join(unnamed[:8])
        if len(unnamed) > 8:
            listed = Message.joined([listed, Message.of(N_("and {count} more"), count=len(unnamed) - 8)], " ")
        template = (
            N_(
                "players without a name (no. {numbers}): a PGN file knows players by name, so it will not read back "
                "until each has one"
            )
            if fmt == "pgn"
            else N_(
                "players without a name (no. {numbers}): a crosstable knows players by name, so it will not read "
                "back until each has one"
            )
        )
        lost.append(Message.of(template, numbers=listed))
    return text, lost


def _recorded_lost(tournament: Tournament, held: frozenset[str]) -> list[Message]:
    """A sentence for each part of the file's published standings the target drops: read back, the event
    would be ranked by another list, or its published values would no longer be there for ``check``."""
    lost = []
    if "ranks" not in held and any(player.recorded_rank for player in tournament.players):
        lost.append(Message(N_("the ranks the file records: not written")))
    if "values" not in held and any(player.recorded_tiebreaks for player in tournament.players):
        lost.append(Message(N_("the tie-break values the file records: not written")))
    if "list" not in held and tournament.tiebreaks:
        template = N_("the tie-break list {codes}: not written (give it with -t when reading it back)")
        lost.append(Message.of(template, codes=",".join(tournament.tiebreaks)))
    return lost


TEAM_FORMATS = ("trf", "json")
"""The formats that hold a team competition's teams and matches."""


def convert_teams(teams: TeamEvent, fmt: str, *, path: str = "<input>") -> tuple[str, list[Message]]:
    """A team competition written in a format that holds its teams (:data:`TEAM_FORMATS`); any other is a
    one-line :class:`ValueError`, as the teams would be lost."""
    if fmt not in TEAM_FORMATS:
        template = N_("{path} is a team competition: {format} cannot hold its teams (expected {formats})")
        raise Said(Message.of(template, path=path, format=fmt, formats=", ".join(TEAM_FORMATS)))
    if fmt == "json":
        from sonneborn.formats.jsonteams import write_json_teams

        return write_json_teams(teams), []
    from sonneborn.formats.trf import write_trf_teams

    changed = changed_names(list(teams.event.roster.names))[1]
    # The rank columns are the file's own, as an individual event's (:func:`_trf`).
    recorded = teams.event.roster.recorded_ranks
    player_ranks = {row + 1: rank for row, rank in enumerate(recorded) if rank}
    ranks = {team.number: team.recorded_rank for team in teams.teams if team.recorded_rank}
    text = write_trf_teams(teams, ranks=ranks, player_ranks=player_ranks)
    lost = [] if changed is None else [changed]
    differing = [
        str(team.number)
        for row, team in enumerate(teams.teams)
        if (team.recorded_match_points, team.recorded_game_points) != (None, None)
        and any(
            mine is not None and mine != given
            for mine, given in zip(
                (team.recorded_match_points, team.recorded_game_points), teams.matches.totals(row), strict=True
            )
        )
    ]
    if differing:
        template = (
            N_("the MP and GP written are those the results give, not the recorded ones of team {numbers}")
            if len(differing) == 1
            else N_("the MP and GP written are those the results give, not the recorded ones of teams {numbers}")
        )
        lost.append(Message.of(template, numbers=", ".join(differing)))
    note = written_otherwise(teams.event)
    return text, lost if note is None else [*lost, note]
