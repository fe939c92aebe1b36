r"""Writing a round robin as a crosstable file (TSV or CSV), the layout :mod:`.crosstable` reads.

Rows and columns follow the start numbers; a cell holds one symbol per game
(``1 ½ 0 + -``, ``.`` not played), ``X`` on the diagonal, the points last.

>>> from sonneborn.formats.crosstable import read_crosstable
>>> text, lost = write_crosstable(read_crosstable("1\tA\tX\t1½\n2\tB\t0½\tX\n"))
>>> print(text.replace("\t", " | "), end="")
No | Name | 1 | 2 | Pts
1 | A | X | 1½ | 1.5
2 | B | 0½ | X | 0.5
"""

from __future__ import annotations

from sonneborn.errors import WriteError
from sonneborn.formats.lines import changed_names, csv_table, spreadsheet_text
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind, Outcome, ResultKind, Tournament
from sonneborn.numbers import exact_text
from sonneborn.scoring import scores

_OUTCOMES = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}
_SYMBOLS = {ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-", ResultKind.NOT_PLAYED: "."}


class NotARoundRobin(WriteError):
    """A crosstable file holds round robins only."""


def write_crosstable(tournament: Tournament, *, separator: str = "\t") -> tuple[str, list[Message]]:
    """The event as a crosstable, and what the crosstable could not hold."""
    if tournament.event_kind is not EventKind.ROUND_ROBIN:
        raise NotARoundRobin("a crosstable file holds round robins only, and this event is a Swiss event")
    n = len(tournament)
    cells = [["" for _ in range(n)] for _ in range(n)]
    for player in tournament.players:
        for entry in player.entries:
            if entry.opponent is None:
                continue
            kind = entry.kind
            symbol = _SYMBOLS.get(kind) or _OUTCOMES[kind.outcome]  # type: ignore[index]
            cells[player.start - 1][entry.opponent - 1] += symbol
    totals = scores(tournament)
    # A row is a line: a name is written as a line holds it, and a formula start in it as text (OWASP),
    # which the reader takes off again.
    written, changed = changed_names([player.name for player in tournament.players])
    for player in tournament.players:
        cells[player.start - 1][player.start - 1] = "X"
    columns = [
        [str(player.start) for player in tournament.players],
        [spreadsheet_text(name) for name in written],
        *([row[column] for row in cells] for column in range(n)),
        [exact_text(totals[player.start]) for player in tournament.players],
    ]
    text = csv_table(["No", "Name", *map(str, range(1, n + 1)), "Pts"], columns, separator=separator)
    return text, _lost(tournament) if changed is None else [changed, *_lost(tournament)]


def _lost(tournament: Tournament) -> list[Message]:
    players = tournament.players
    fields = [
        (N_("colours: a crosstable has none"), any(e.colour.value != "-" for p in players for e in p.entries)),
        (N_("ratings: a crosstable has none"), any(p.rating for p in players)),
        (N_("titles: a crosstable has none"), any(p.title for p in players)),
        (N_("FIDE ids: a crosstable has none"), any(p.fide_id for p in players)),
        (N_("federations: a crosstable has none"), any(p.federation for p in players)),
        (N_("the event's name and dates: a crosstable has none"), bool(tournament.name or tournament.start_date)),
        (N_("round order: games are placed in the Berger schedule when read back"), True),
        (
            N_("points set by the arbiter: not written"),
            any(e.points is not None for p in players for e in p.entries) or any(p.adjustment for p in players),
        ),
        (
            N_("the point system: cells are written in 1-½-0 terms of the points awarded"),
            tournament.point_system != type(tournament.point_system)(),
        ),
    ]
    return [Message(text) for text, present in fields if present]
