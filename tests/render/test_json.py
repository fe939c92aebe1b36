"""The JSON writer: its hand-assembled rows are exactly the JSON of the standings, whatever the names."""

from __future__ import annotations

import dataclasses
import json
import random

import orjson
import pytest
from random_events import random_event

from sonneborn.ranking import rank
from sonneborn.render.json import _ESCAPED, iter_standings, render_json, standings_columns, standings_data
from sonneborn.tiebreaks import parse_list

AWKWARD_NAMES = [
    'Nakamura, "Hikaru"',
    "back\\slash",
    "tab\there",
    "line\nbreak",
    "bell\x07",
    "per cent %s %d %%",
    "สมชาย ใจดี",
    "김철수",
    "王磊",
    "emoji ♞🏆",
    "line separator\u2028",
    "",
]


@pytest.mark.parametrize("seed", range(20))
def test_text_is_the_json_of_the_standings(seed: int) -> None:
    rng = random.Random(seed)
    tournament = random_event(rng)
    players = tuple(
        dataclasses.replace(player, name=rng.choice(AWKWARD_NAMES) if rng.random() < 0.7 else player.name)
        for player in tournament.players
    )
    tournament = dataclasses.replace(tournament, players=players, name='Open "A" \\ 100%')
    standings = rank(tournament, parse_list("BH/C1,SB,WIN,PS,ARO,TPR"))
    text = render_json(standings)
    assert json.loads(text) == standings_data(standings)
    # One standing a line, so that a diff of two runs shows the players that moved.
    lines = text.splitlines()
    rows = [line for line in lines if line.startswith('    {"rank":')]
    assert len(rows) == len(players)


def test_an_event_without_players_has_empty_standings() -> None:
    tournament = random_event(random.Random(1))
    empty = dataclasses.replace(tournament, players=())
    standings = rank(empty, parse_list("SB"))
    assert json.loads(render_json(standings))["standings"] == []


def test_escaped_characters_are_those_orjson_escapes() -> None:
    # Every character of the Basic Multilingual Plane and a sample above it.
    for code in [*range(0x10000), 0x1F3C6, 0x1F600, 0x10FFFF]:
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            assert _ESCAPED.search(char), "orjson refuses lone surrogates: they must go through orjson"
            continue
        written_as_is = orjson.dumps(char) == b'"' + char.encode() + b'"'
        assert bool(_ESCAPED.search(char)) is not written_as_is, hex(code)


@pytest.mark.parametrize("block", [1, 2, 3, 1000])
def test_pieces_make_the_same_text_whatever_their_size(block: int) -> None:
    tournament = random_event(random.Random(5), round_robin=False)
    standings = rank(tournament, parse_list("BH,SB,DE"))
    pieces = list(iter_standings(standings_columns(standings), block=block))
    assert "".join(pieces) == render_json(standings)
    assert json.loads("".join(pieces)) == standings_data(standings)
    assert len(pieces) >= len(tournament.players) // block
