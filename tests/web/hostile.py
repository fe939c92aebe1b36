"""Hostile input shared by the web tests: the seed as TRF with markup for its event's and players' names.

The event's name is on the ``012`` line; every name fits TRF's 33 columns.
"""

from __future__ import annotations

import re
from dataclasses import replace

from sonneborn.demo import seed_event
from sonneborn.ranking import parse_list, rank
from sonneborn.render import render

EVENT_NAME = "<script>alert(1)</script> {{7*7}} &amp; Cup"
NAMES = {
    1: "<script>alert(1)</script>",
    2: '"><img src=x onerror=alert(1)>',
    3: "{{7*7}} &amp; <b>bold</b>",
    4: "</td><svg onload=alert(1)>",
    5: "O'Brien & Sons",
}
FILE_NAME = "<img src=x onerror=alert(1)>.trf"
MARKUP = re.compile(rb"<\s*(script|img|svg|b)\b", re.IGNORECASE)
"""The tags of the names: none may appear as a tag in an HTML answer."""


def markup_trf() -> str:
    """The seed as TRF, with markup for its event's name and its first players' names."""
    event = seed_event()
    players = tuple(replace(p, name=NAMES.get(p.start, p.name)) for p in event.players)
    return render(rank(replace(event, name=EVENT_NAME, players=players), parse_list("SB")), "trf")


MARKUP_TRF = markup_trf()
