"""The registry of tie-breaks: each code with its rule, its modifiers and its kernel.

A tie-break is one kernel, registered where it is written by the decorator
:func:`tiebreak`, which carries the code, the name, the C.07 article and the
modifiers it takes::

    @tiebreak("BH", "Buchholz", "C.07 8.1", "Sum of the opponents' scores.", modifiers="CMP")
    def buchholz(context: Context, spec: Spec) -> Column: ...

Every command, format and the library find it in :data:`REGISTRY`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from sonneborn.errors import TiebreakError
from sonneborn.event import Event, Ints
from sonneborn.messages import N_, Message
from sonneborn.tiebreaks.column import Column
from sonneborn.tiebreaks.context import Context
from sonneborn.tiebreaks.spec import Modifier, Spec

Kernel = Callable[[Context, Spec], Column]
"""Every player's value of a tie-break."""
GroupKernel = Callable[[Context, Spec, Ints], Column]
"""A tie-break decided inside the groups still tied (type A, C.07 Art. 6): given every player's group
number, each player's place inside his group, keyed so that the better subgroups have larger keys."""

K = TypeVar("K", Kernel, GroupKernel)


@dataclass(frozen=True, slots=True)
class Definition:
    """A registered tie-break: what it is, where the rules define it, how it is computed."""

    code: str
    name: str
    article: str
    """The rule that defines it, e.g. ``C.07 9.1``."""
    definition: str
    """One sentence that says what it is."""
    kernel: Kernel | None = None
    """Values for every player; ``None`` for a tie-break decided inside tied groups (:attr:`group_kernel`)."""
    group_kernel: GroupKernel | None = None
    modifiers: frozenset[Modifier] = frozenset()
    integral: bool = False
    """Whether the values are whole numbers (counts, places, ratings)."""
    ascending: bool = False
    """Whether the lowest value ranks first (pairing numbers); ``/R`` reverses either order."""
    weighted: bool = False
    """Whether events may be ranked by it instead of points (``--rank-by``, the historic systems)."""
    edition_free: bool = False
    """Whether its values are the same under every rule edition (it reads nothing an edition changes), so
    that a search over the editions (``check``) computes it once for all of them."""
    teams: bool | None = None
    """``True`` for a tie-break of team events only (it reads the boards), ``False`` for one of individual
    events only (a rating's: a team has none); ``None`` for either."""

    def fits(self, spec: Spec, event: Event) -> None:
        """Raises :class:`TiebreakError` when the tie-break cannot be computed on the event: a team code on an
        individual event, or an individual one (ratings) on a team event."""
        if self.teams is None or self.teams == (event.teams is not None):
            return
        if self.teams:
            template = N_("{code}: {name} is a team tie-break, and the event is an individual one")
            raise TiebreakError(Message.of(template, code=str(spec), name=Message(self.name)))
        template = N_("{code}: {name} reads the players' ratings, and a team event ranks teams")
        raise TiebreakError(Message.of(template, code=str(spec), name=Message(self.name)))

    def lowest_first(self, spec: Spec) -> bool:
        """Whether, for this spec, lower values rank ahead."""
        return self.ascending != spec.reverse

    @property
    def takes(self) -> Message:
        """What the code is and the modifiers it takes, each with an example, as messages say it.

        >>> str(REGISTRY["KS"].takes), str(REGISTRY["WIN"].takes)
        ('KS is Koya; its modifiers: limit moved /L+1', 'WIN is Number of wins, without modifiers')
        """
        taken = [text for modifier, text in MODIFIER_WORDS.items() if modifier in self.modifiers]
        if not taken:
            return Message.of(N_("{code} is {name}, without modifiers"), code=self.code, name=Message(self.name))
        template = N_("{code} is {name}; its modifiers: {modifiers}")
        return Message.of(template, code=self.code, name=Message(self.name), modifiers=Message.joined([*taken]))

    def check(self, spec: Spec) -> None:
        """Raises :class:`TiebreakError` when the spec uses a modifier this tie-break does not take."""
        extra = spec.modifiers - self.modifiers
        if extra:
            used = ", ".join(sorted("/" + m.value for m in extra))
            template = N_("{code} does not take {modifier} ({takes})")
            raise TiebreakError(Message.of(template, code=self.code, modifier=used, takes=self.takes))


MODIFIER_WORDS: dict[Modifier, Message] = {
    Modifier.CUT: Message(N_("cut /C1")),
    Modifier.MEDIAN: Message(N_("median /M1")),
    Modifier.LIMIT: Message(N_("limit moved /L+1")),
    Modifier.PLAYED: Message(N_("forfeits as played /P")),
    Modifier.REVERSE: Message(N_("reversed /R")),
    Modifier.UNRATED: Message(N_("rating of the unrated /U1500")),
    Modifier.FORE: Message(N_("Fore Buchholz /F")),
    Modifier.DIVISOR: Message(N_("divisor /K3")),
}
"""Each modifier as a message names it, with an example of its grammar (C.07 14, :mod:`~sonneborn.tiebreaks.spec`)."""

REGISTRY: dict[str, Definition] = {}
"""Every tie-break by code, in the order the modules register them."""


def tiebreak(
    code: str,
    name: str,
    article: str,
    definition: str,
    *,
    modifiers: str = "",
    integral: bool = False,
    ascending: bool = False,
    weighted: bool = False,
    group: bool = False,
    edition_free: bool = False,
    teams: bool | None = None,
) -> Callable[[K], K]:
    """Registers the decorated kernel under ``code``.

    ``modifiers`` holds the letters of the modifiers it takes (``C`` cut,
    ``M`` median, ``P`` forfeits played, ``L`` limit, ``R`` reverse, ``U``
    unrated rating, ``F`` Fore Buchholz, ``K`` SSSC's divisor); ``group`` marks a tie-break decided
    inside the groups still tied (a :data:`GroupKernel`); ``edition_free`` one whose values no rule edition
    changes; ``teams`` ``True`` one of team events only, ``False`` one of individual events only.
    """

    def register(kernel: K) -> K:
        if code in REGISTRY:
            raise ValueError(f"tie-break {code!r} registered twice")
        REGISTRY[code] = Definition(
            code,
            name,
            article,
            definition,
            kernel=None if group else kernel,  # type: ignore[arg-type]
            group_kernel=kernel if group else None,  # type: ignore[arg-type]
            modifiers=frozenset(Modifier(letter) for letter in modifiers),
            integral=integral,
            ascending=ascending,
            weighted=weighted,
            edition_free=edition_free,
            teams=teams,
        )
        return kernel

    return register


def definition(spec: Spec | str) -> Definition:
    """The definition of a spec, or of a column's key such as ``BH/C1``, ``BH:MP/C1`` or ``DE#2``."""
    code = spec.code if isinstance(spec, Spec) else re.split(r"[#/:]", spec, maxsplit=1)[0].upper()
    return REGISTRY[code]


def full_name(spec: Spec | str) -> str:
    """A tie-break's name with its modifiers in words, as a legend gives it.

    >>> full_name(Spec.parse("BH/C1")), full_name("SB"), full_name("DE#2")
    ('Buchholz cut 1', 'Sonneborn–Berger (Neustadtl)', 'Direct encounter')
    """
    if not isinstance(spec, Spec):
        spec = Spec.parse(spec.split("#")[0])
    return " ".join([definition(spec).name, *map(str, spec.modifier_words)])
