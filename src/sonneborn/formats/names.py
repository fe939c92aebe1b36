"""Names that may be one player's, spelled two ways: what a file without ids cannot tell apart.

A PGN identifies its players by FIDE id, else by name as written: ``Carlsen, Magnus`` in one game and
``Carlsen, M.`` or ``Magnus Carlsen`` in another are two players to the reader. :func:`similar_players`
finds such pairs among players without an id (or one with an id and one without) by grouping every name
under a key, its surname and first initial, compared without accents or case, so that it runs in time
linear in the players; two names of a group are one player's when their given names agree as far as both
go (``M.`` and ``Magnus``), and they never play in the same round (one person plays one game a round).

>>> [surname for surname, _ in readings("Magnus Carlsen")]
['carlsen', 'magnus']
>>> similar_players([("Carlsen, Magnus", None, {2, 3}), ("Carlsen, M.", None, {1}), ("Caruana, F.", None, {1})])
[(0, 1)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from sonneborn.words import folded as fold

__all__ = ["Reading", "readings", "similar_players"]

MAX_COMPARED = 100_000
"""The most pairs of names compared: a file of a hundred thousand ``Wang, X…`` stays linear (a real event's
names of one surname and initial are a few, their pairs a few thousand at most)."""


Reading = tuple[str, tuple[str, ...]]
"""One way to read a name: its surname and its given names, folded (no accents, lower case)."""


def readings(name: str) -> list[Reading]:
    """The ways a name may be read: ``Surname, Given`` as written; without a comma, its first or last word
    as the surname, or all but its last or first (``Magnus Carlsen``, ``Ding Liren``, ``Marta Garcia Martin``).

    >>> readings("Müller, J.-P.")
    [('muller', ('j', 'p'))]
    >>> readings("Ding Liren")
    [('liren', ('ding',)), ('ding', ('liren',))]
    """
    folded = fold(name)
    if "," in folded:
        surname, _, given = folded.partition(",")
        words = surname.split()
        return [(" ".join(words), tuple(given.replace(",", " ").split()))] if words else []
    words = folded.split()
    if len(words) < 2:
        return [(words[0], ())] if words else []
    found = [(words[-1], tuple(words[:-1])), (words[0], tuple(words[1:]))]
    if len(words) > 2:
        found += [(" ".join(words[1:]), (words[0],)), (" ".join(words[:-1]), (words[-1],))]
    return found


def _agree(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether given names agree as far as both go: each word the start of the other's (``m`` and ``magnus``)."""
    return all(a.startswith(b) or b.startswith(a) for a, b in zip(one, other, strict=False))


Key = tuple[str, str]
"""A reading's surname and initial (empty for a name without given names)."""
Member = tuple[int, tuple[str, ...]]
"""A player's index and the given names of one reading of his name."""


def similar_players(players: Sequence[tuple[str, int | None, Collection[int]]]) -> list[tuple[int, int]]:
    """The pairs of players (indexes, in order) that may be one player spelled two ways.

    ``players`` gives each player's name, FIDE id (``None`` for none) and the rounds he plays in. Two
    players are such a pair when their names share a reading's surname and initial and their given names
    agree (:func:`readings`), their names differ as written, they do not both have an id, and they never
    play in the same round.
    """
    groups: dict[Key, list[Member]] = {}
    for index, (name, _, _) in enumerate(players):
        for surname, given in readings(name):
            groups.setdefault((surname, given[0][0] if given else ""), []).append((index, given))
    bare = {surname for surname, initial in groups if not initial}
    # A name without given names (``Carlsen``) may be any of its surname's: it is compared with them.
    by_surname: dict[str, list[Member]] = {}
    for (surname, initial), members in groups.items():
        if initial and surname in bare:
            by_surname.setdefault(surname, []).extend(members)
    found: set[tuple[int, int]] = set()
    for compared, ((one, one_given), (other, other_given)) in enumerate(_compared(groups, by_surname)):
        if compared >= MAX_COMPARED:
            break
        pair = (min(one, other), max(one, other))
        if one == other or pair in found or not _agree(one_given, other_given):
            continue
        (name, fide_id, rounds), (other_name, other_id, other_rounds) = players[pair[0]], players[pair[1]]
        if name == other_name or (fide_id is not None and other_id is not None):
            continue
        if set(rounds).isdisjoint(other_rounds):
            found.add(pair)
    return sorted(found)


def _compared(groups: dict[Key, list[Member]], by_surname: dict[str, list[Member]]) -> Iterator[tuple[Member, Member]]:
    """The readings compared, a pair at a time: within each group, and a bare surname's with its surname's."""
    for members in groups.values():
        for position in range(len(members) - 1):
            for later in range(position + 1, len(members)):
                yield members[position], members[later]
    for (surname, initial), members in groups.items():
        if not initial:
            for member in members:
                for other in by_surname.get(surname, ()):
                    yield member, other
