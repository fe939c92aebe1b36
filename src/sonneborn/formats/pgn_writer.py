"""Writing an event as PGN: one game per pairing, headers only (the moves are not part of the event).

PGN knows no byes, no forfeits and no arbiter's points: what it cannot hold is
reported, never dropped in silence. A tag value is a PGN string (export format,
8.1.1 and 7): a quote inside is written ``\\"``, a backslash ``\\\\``, and as a
string holds printing characters only, a name's control characters (a line
break, a tab, an escape) are written as spaces, with a warning naming the
players (:func:`~sonneborn.formats.lines.line_text`).

>>> from sonneborn.formats.crosstable import read_crosstable
>>> text, lost = write_pgn(read_crosstable("1\\tA\\tX\\t1\\n2\\tB\\t0\\tX\\n"))
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
<BLANKLINE>
1-0
<BLANKLINE>
>>> [str(sentence) for sentence in lost]
['colours: not in the source, the lower start number is written as White']
"""

from __future__ import annotations

import datetime

from sonneborn.formats.dates import read_date, round_days
from sonneborn.formats.lines import changed_names, line_text
from sonneborn.messages import N_, Message
from sonneborn.model import Colour, EventKind, Outcome, ResultKind, Tournament

_RESULTS = {Outcome.WIN: "1-0", Outcome.DRAW: "1/2-1/2", Outcome.LOSS: "0-1"}


def write_pgn(tournament: Tournament) -> tuple[str, list[Message]]:
    """The event as PGN text, and what PGN could not hold (one sentence per kind of loss)."""
    byes = forfeits = overrides = unknown_colours = 0
    out = []
    round_robin = tournament.event_kind is EventKind.ROUND_ROBIN
    names, changed = changed_names([player.name for player in tournament.players])
    days = _days(tournament)
    for rnd in range(1, tournament.rounds + 1):
        for player in tournament.players:
            entry = player.entry(rnd)
            overrides += entry.points is not None
            if entry.opponent is None:
                # The free round of an odd round robin is no bye: reading back gives it again.
                free = round_robin and entry.kind is ResultKind.ZERO_BYE
                byes += entry.kind.is_finished and not free
                continue
            if entry.colour is Colour.BLACK or (entry.colour is Colour.UNKNOWN and entry.opponent < player.start):
                continue  # the game is written once, from White's side
            unknown_colours += entry.colour is Colour.UNKNOWN
            white, black = player, tournament.player(entry.opponent)
            if entry.kind is ResultKind.NOT_PLAYED:
                result = "*"
            elif entry.kind.is_forfeit and tournament.player(entry.opponent).entry(rnd).kind is entry.kind:
                forfeits += 1
                result = "0-0"
            else:
                forfeits += entry.kind.is_forfeit
                outcome = entry.kind.outcome
                assert outcome is not None
                result = _RESULTS[outcome]
            day = days[rnd - 1]
            tags = [
                ("Event", tournament.name or "?"),
                ("Site", tournament.city or "?"),
                ("Date", "????.??.??" if day is None else f"{day.year:04d}.{day.month:02d}.{day.day:02d}"),
                ("Round", str(rnd)),
                ("White", names[white.start - 1]),
                ("Black", names[black.start - 1]),
                ("Result", written := result if result != "0-0" else "*"),
            ]
            for side, who in (("White", white), ("Black", black)):
                if who.rating:
                    tags.append((f"{side}Elo", str(who.rating)))
                if who.fide_id:
                    tags.append((f"{side}FideId", str(who.fide_id)))
                if who.title:
                    tags.append((f"{side}Title", who.title))
                if who.federation:
                    tags.append((f"{side}Fed", who.federation))
                if who.club:
                    tags.append((f"{side}Team", who.club))
            if entry.kind.is_forfeit:
                tags.append(("Termination", "forfeit"))
            out.append("".join(f'[{tag} "{pgn_string(value)}"]\n' for tag, value in tags) + f"\n{written}\n")
    lost = [] if changed is None else [changed]
    if unknown_colours:
        lost.append(Message(N_("colours: not in the source, the lower start number is written as White")))
    if byes:
        lost.append(Message.ngettext(
            "byes and absences: {count} not written (PGN has none; reading back counts them as absences)",
            "byes and absences: {count} not written (PGN has none; reading back counts them as absences)",
            byes,
        ))  # fmt: skip
    if forfeits:
        lost.append(Message.ngettext(
            "forfeits: {count} written as ordinary results with a Termination tag",
            "forfeits: {count} written as ordinary results with a Termination tag",
            forfeits,
        ))  # fmt: skip
    if overrides:
        lost.append(Message.ngettext(
            "points set by the arbiter: {count} round(s) not written",
            "points set by the arbiter: {count} round(s) not written",
            overrides,
        ))  # fmt: skip
    if any(p.adjustment for p in tournament.players):
        lost.append(Message(N_("bonus and penalty points: not written")))
    if tournament.start_date and None in days:
        lost.append(Message(N_("dates: a round without a known date has its games written as ????.??.??")))
    return "\n".join(out), lost


def pgn_string(text: str) -> str:
    r"""A text as the inside of a PGN string: on one line (:func:`~sonneborn.formats.lines.line_text`), each
    backslash and quote escaped by a backslash (PGN export format, 8.1.1 and 7).

    >>> print(pgn_string('Brown"]\n[Result "1-0"]'), pgn_string("C:\\x"))
    Brown\"] [Result \"1-0\"] C:\\x
    """
    text = line_text(text)
    return text.replace("\\", "\\\\").replace('"', '\\"') if '"' in text or "\\" in text else text


def _days(tournament: Tournament) -> list[datetime.date | None]:
    """Each round's day, for its games' ``Date`` tags: its round date (a two-digit year read against the
    event's dates, :func:`~sonneborn.formats.dates.round_days`), else the event's when it took one day."""
    given = tuple(tournament.round_dates[: tournament.rounds])
    given += ("",) * (tournament.rounds - len(given))
    days = list(round_days(given, start=tournament.start_date, end=tournament.end_date) or [None] * len(given))
    start = read_date(tournament.start_date)
    if start is not None and tournament.end_date in ("", tournament.start_date):
        days = [start if day is None else day for day in days]
    return days
