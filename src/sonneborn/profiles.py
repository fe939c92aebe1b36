"""Rule sets users know by name (``--profile``): a tie-break list for each kind of event, with its source.

A profile is chosen instead of ``-t``, never beside it. Only lists whose source could be read are given;
the names users ask for that have none (an ECF list, the defaults of Swiss-Manager, Vega and chess-results) are
listed in :data:`UNSOURCED` with the reason, and refused with it. ``identify`` tries every profile's lists as
presets (:data:`sonneborn.identify.PRESETS`).

>>> [str(spec) for spec in PROFILES["uscf"].tiebreaks(EventKind.SWISS, teams=False)]
['MM', 'SOLK', 'CUM', 'OCUM']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sonneborn.errors import OptionError
from sonneborn.messages import N_, Message
from sonneborn.model import EventKind
from sonneborn.ranking import DEFAULT_TEAM_TIEBREAKS
from sonneborn.tiebreaks import Spec, parse_list

__all__ = ["PROFILES", "UNSOURCED", "Profile", "find_profile"]


@dataclass(frozen=True, slots=True)
class Profile:
    """A named tie-break list, by kind of event, and where it comes from."""

    name: str
    title: str
    lists: Mapping[EventKind, str]
    """The list of each kind of event (the same text for both when the source gives one list)."""
    source: str
    """Where the list is written, and how sure that is."""
    teams: bool = False
    """Whether the profile is for team events (and only them)."""

    def tiebreaks(self, kind: EventKind, *, teams: bool) -> list[Spec]:
        """The list for an event of this kind; a team profile for an individual event (or the reverse) is an
        :class:`~sonneborn.errors.OptionError`."""
        if teams != self.teams:
            template = (
                N_("{text} is a list for team events; this event is not one")
                if self.teams
                else N_("{text} is a list for individual events; this event is not one")
            )
            raise OptionError(Message.of(template, text=repr(self.name)), option="profile")
        return parse_list(self.lists[kind])


def _both(text: str) -> dict[EventKind, str]:
    return {EventKind.SWISS: text, EventKind.ROUND_ROBIN: text}


_OLD_FIDE = (
    "FIDE's last recommended list, the annex of Handbook C.02 before 2023, as the digest shared/docs/fide-c07.md "
    "(section 18) records it from its Wikipedia reproduction, not re-read in the FIDE original; C.07 since 2023 "
    "recommends no list (4.1: the organiser chooses it, 4.1.1: the Chief Arbiter completes it)"
)

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in [
        Profile(
            "fide-swiss",
            N_("FIDE, individual Swiss"),
            _both("DE,WIN,BPG,ARO/C1,BH/C1,BH,SB"),
            _OLD_FIDE + ".",
        ),
        Profile("fide-rr", N_("FIDE, individual round robin"), _both("DE,WIN,SB,KS"), _OLD_FIDE + "."),
        Profile(
            "fide-team",
            N_("FIDE, team events"),
            DEFAULT_TEAM_TIEBREAKS,
            "sonneborn's list for team events (docs/tiebreaks.md, Teams): the secondary score (C.07 13.1), then "
            "Buchholz of match points cut 1 (a round robin: direct encounter), then EMGSB (13.2), the order of "
            "FIDE Olympiads.",
            teams=True,
        ),
        Profile(
            "sharly-chess",
            N_("Sharly Chess, its own recommendation"),
            {EventKind.SWISS: "BH/C1,DE,BH,SB,WIN", EventKind.ROUND_ROBIN: "DE,WIN,SB,KS"},
            'Sharly Chess (github.com/Sharly-Chess/sharly-chess), src/data/tie_breaks/system_sets.py, "System '
            'tie-break sets" (commit 2ffcd6d): a Swiss\'s "Sharly Chess recommendation" is Buchholz cut 1, direct '
            "encounter, Buchholz, Sonneborn-Berger, wins (its WinsTieBreak: C.07 7.1, with or without playing); a "
            'round robin\'s only set is "FIDE recommendation (2019)", the same list as fide-rr.',
        ),
        Profile(
            "uscf",
            N_("US Chess"),
            _both("MM,SOLK,CUM,OCUM"),
            "US Chess Official Rules of Chess, 7th edition, 34E: the first four tie-breaks players expect unless "
            "another order was announced before round 1 (modified median 34E1, Solkoff 34E2, cumulative 34E3, "
            "opposition's cumulative 34E4).",
        ),
    ]
}
"""Every profile, by name."""

UNSOURCED: dict[str, str] = {
    "ecf": N_("no tie-break list published by the English Chess Federation was found"),
    "swiss-manager": N_("no source giving Swiss-Manager's default list was found"),
    "vega": N_("Vega's manual (2016) lists its tie-breaks but gives no default order"),
    "chess-results": N_("no source giving a default list of chess-results.com was found (it shows each event's own)"),
}
# Searched for issue 22 (docs/profiles.md, "Searched"): ECF pages found name events' own lists (4NCL, clubs), none
# the federation's; the Swiss-Manager manuals found (2014 help, 2020 user's guide) were read only to their contents
# pages; chess-results pages show one event's list each; Vega's manuals list the tie-breaks to choose from.
"""Names users ask for that no profile has, and why."""


def find_profile(name: str) -> Profile:
    """The profile of a name (in any case); an unknown or unsourced name is an :class:`OptionError` saying so."""
    key = name.strip().lower()
    if key in PROFILES:
        return PROFILES[key]
    known = ", ".join(PROFILES)
    if key in UNSOURCED:
        why = Message(UNSOURCED[key])
        message = Message.of(
            N_("no profile {text}: {message} (profiles: {names})"), text=repr(key), message=why, names=known
        )
        raise OptionError(message, option="profile")
    message = Message.of(N_("unknown profile {text} (profiles: {names})"), text=repr(name[:40]), names=known)
    raise OptionError(message, option="profile")
