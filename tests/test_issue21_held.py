"""Issue 21: the categories a file holds (``categories.held``), which the page's Category picker offers.

The five players below are made by hand; the event is of 2026, an age the one reached in that year (the module's
rule, FIDE's World Youth and Senior regulations):

- Ana: w, born 2014 (12), 1500, ESP.  Bea: f, born 2008 (18), 1950, THA.  Carl: m, born 1960 (66), 2100, ESP.
  Dario: m, born 1975 (51), 2450, ESP.  Eli: no sex, no birth date, unrated, no federation.
- Women (w, or f as some files write it): Ana and Bea. U8 and U10 hold nobody; U12, U14 and U16 Ana; U18 and
  U20 Ana and Bea; 50+ Carl and Dario; 65+ Carl.
- The rated four split at 1600 and 1800 (Ana under), 2000 (Ana, Bea), 2200 and 2400 (Dario above); nobody is
  under 1000, 1200 or 1400, and all are under 2600 and 2800. Eli, unrated, is in no band.
- Two federations: ESP (three) and THA (one).
"""

from __future__ import annotations

from dataclasses import replace

from builders import event as build_event

from sonneborn.categories import held
from sonneborn.event import Event
from sonneborn.model import Tournament

PAIRINGS = """
1 Ana: 2w1
2 Bea: 1b0
3 Carl: 4w=
4 Dario: 3b=
5 Eli: -U
"""
FIELDS = {  # start: sex, birth date, rating, federation
    1: ("w", "2014/03/01", 1500, "ESP"),
    2: ("f", "2008", 1950, "THA"),
    3: ("m", "1960/12/31", 2100, "ESP"),
    4: ("m", "1975/01/01", 2450, "ESP"),
    5: ("", "", None, ""),
}


def made(*, start_date: str = "2026/07/01", federation: str | None = None) -> Tournament:
    """The hand-made event, its date and every player's federation changed if asked."""
    tournament = build_event(PAIRINGS)
    players = tuple(
        replace(
            player,
            sex=FIELDS[player.start][0],
            birth_date=FIELDS[player.start][1],
            rating=FIELDS[player.start][2],
            federation=FIELDS[player.start][3] if federation is None else federation,
        )
        for player in tournament.players
    )
    return replace(tournament, players=players, start_date=start_date)


def offered(tournament: Tournament) -> list[tuple[str, list[int]]]:
    event = Event.of(tournament)
    return [(str(category), [int(row) + 1 for row in category.members(event).nonzero()[0]]) for category in held(event)]


def test_held_offers_what_the_players_fields_split_in_a_prize_lists_order() -> None:
    assert offered(made()) == [
        ("women", [1, 2]),
        ("U12", [1]), ("U14", [1]), ("U16", [1]), ("U18", [1, 2]), ("U20", [1, 2]),
        ("50+", [3, 4]), ("65+", [3]),
        ("rating:<1600", [1]), ("rating:<1800", [1]), ("rating:<2000", [1, 2]), ("rating:<2200", [1, 2, 3]),
        ("rating:<2400", [1, 2, 3]),
        ("fed:ESP", [1, 3, 4]), ("fed:THA", [2]),
    ]  # fmt: skip


def test_held_makes_nothing_up_without_the_events_year_or_a_second_federation() -> None:
    # No date: no age can be counted. One federation for all: a table of it is the whole event's.
    assert [code for code, _ in offered(made(start_date="", federation="ESP"))] == [
        "women", "rating:<1600", "rating:<1800", "rating:<2000", "rating:<2200", "rating:<2400",
    ]  # fmt: skip


def test_held_offers_no_category_holding_every_player() -> None:
    # Every player a woman, in ESP, rated 2000: none of women, fed:ESP or a band splits them.
    tournament = made(federation="ESP")
    alike = replace(
        tournament, players=tuple(replace(p, sex="w", rating=2000, birth_date="") for p in tournament.players)
    )
    assert offered(alike) == []
