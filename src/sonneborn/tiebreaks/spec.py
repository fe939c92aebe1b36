"""The code grammar of tie-breaks: a code with its modifiers, such as ``BH/C1`` or ``KS/L+1`` (C.07 14).

A code may name the score it is computed on after a colon, before the modifiers, as FIDE's reference
writes a team event's codes: ``BH:MP/C1`` (Buchholz of match points, cut 1), ``SB:GP``. A code that
names none is computed on the event's primary score (an individual event's points).

A :class:`Spec` is parsed once, where the user's text comes in (``-t``, the
API, a file's record 202); everything inside takes specs, never strings.

>>> Spec.parse("bh-c1"), Spec.parse("SB/M1").cut_high, Spec.parse("bh:mp/c1").score
(Spec.parse('BH/C1'), 1, 'MP')
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from sonneborn.errors import TiebreakError
from sonneborn.messages import N_, Message

MAX_CUT = 99
"""The largest count a cut or median modifier may give (``/C99``, ``/M99``).

A count above the elements a player has is clamped (the cut removes them
all), so the work is bounded by the rounds whatever the count; a larger
count than this is refused as a mistake.
"""
MAX_LIMIT = 99
"""The most half points by which ``/L`` may move the Koya limit, either way."""
MAX_RATING = 9999
"""The highest rating ``/U`` (and ``--unrated-rating``) may give: four digits, as a TRF rating holds."""


class Modifier(enum.Enum):
    """The modifiers a tie-break code may carry (C.07 14, TEC code grammar)."""

    CUT = "C"
    MEDIAN = "M"
    LIMIT = "L"
    PLAYED = "P"
    REVERSE = "R"
    UNRATED = "U"
    FORE = "F"
    DIVISOR = "K"


@dataclass(frozen=True, slots=True)
class Spec:
    """A tie-break code with its modifiers, such as ``BH/C1`` or ``KS/L+1``.

    >>> Spec.parse("bh-c1")
    Spec.parse('BH/C1')
    >>> str(Spec.parse("ks/l-2"))
    'KS/L-2'
    """

    code: str
    """The tie-break's acronym, upper case (``SB``)."""
    cut_low: int = 0
    """How many least significant elements are cut (C.07 14.1–14.4)."""
    cut_high: int = 0
    """How many most significant elements are cut (medians, C.07 14.3–14.4)."""
    limit: int = 0
    """Half points by which the Koya limit moves (C.07 14.5)."""
    forfeits_played: bool = False
    """``/P``: forfeits count as games against the scheduled opponent."""
    reverse: bool = False
    """``/R``: lower values rank first."""
    unrated_rating: int | None = None
    """``/U<N>``: the rating assumed for unrated players (C.07 Art. 10)."""
    fore: bool = False
    """``/F``: use Fore Buchholz instead of Buchholz (AOB/F, C.07 8.2)."""
    divisor: int | None = None
    """``/K<n>``: SSSC's divisor K (C.07 13.4.2 b), ``None`` for the rule's own."""
    score: str | None = None
    """The score it is computed on, as the code names it (``MP`` of ``BH:MP``); ``None``: the event's primary
    score."""

    @classmethod
    def parse(cls, text: str) -> Spec:
        """Parses a code such as ``SB``, ``BH/C1``, ``BH-C1``, ``BH / C1``, ``BH/M2``, ``DE/P`` or ``BH:MP/C1``
        (not yet checked)."""
        cleaned = text.strip().upper()
        if not cleaned:
            raise TiebreakError(Message(N_("empty tie-break code")))
        # "BH-C1" is a common spelling of "BH/C1", and so is "BH / C1".
        cleaned = re.sub(r"^([A-Z]+(?::[A-Z]+)?)-(?=[CM]\d)", r"\1/", re.sub(r"\s*/\s*", "/", cleaned))
        code, *modifiers = cleaned.split("/")
        named = _SCORED.fullmatch(code)
        score = None
        if named is not None:  # else not a code with a score: an unknown code, the registry says what it meant
            code, score = named.group(1), named.group(2)
        values: dict[str, int | bool | str] = {}
        if score is not None:
            values["score"] = score
        given: dict[str, str] = {}
        for modifier in modifiers:
            match = _MODIFIER.fullmatch(modifier)
            if match is None:
                template = N_("unknown modifier {modifier} in {spec}")
                raise TiebreakError(Message.of(template, modifier=repr("/" + modifier), spec=repr(text.strip())))
            letter, number = match.group(1), match.group(2)
            # One value per modifier: a cut and a median, or two cuts, would contradict each other.
            kind = "C" if letter in "CM" else letter
            if kind in given:
                template = (
                    N_("modifiers {modifier} and {modifier2} contradict each other in {spec} (give one cut or median)")
                    if kind == "C"
                    else N_(
                        "modifiers {modifier} and {modifier2} contradict each other in {spec} (give each modifier once)"
                    )
                )
                message = Message.of(
                    template, modifier=f"/{given[kind]}", modifier2=f"/{modifier}", spec=repr(text.strip())
                )
                raise TiebreakError(message)
            given[kind] = modifier
            if letter in "CM":
                if number is None or not number.isdigit() or not 1 <= int(number) <= MAX_CUT:
                    template = N_("modifier {modifier} needs a count from 1 to {limit} such as {example} in {spec}")
                    message = Message.of(
                        template, modifier=f"/{letter}", limit=MAX_CUT, example=f"/{letter}1", spec=repr(text.strip())
                    )
                    raise TiebreakError(message)
                values["cut_low"] = int(number)
                if letter == "M":
                    values["cut_high"] = int(number)
            elif letter == "L":
                if number is None or number[0] not in "+-" or abs(int(number)) > MAX_LIMIT:
                    template = N_(
                        "modifier {modifier} needs a signed number of half points from -{limit} to +{limit} "
                        "such as {example} in {spec}"
                    )
                    message = Message.of(
                        template, modifier="/L", limit=MAX_LIMIT, example="/L+1", spec=repr(text.strip())
                    )
                    raise TiebreakError(message)
                values["limit"] = int(number)
            elif letter == "K":
                if number is None or not number.isdigit() or not 1 <= int(number) <= MAX_CUT:
                    template = N_("modifier {modifier} needs a divisor from 1 to {limit} such as {example} in {spec}")
                    message = Message.of(template, modifier="/K", limit=MAX_CUT, example="/K3", spec=repr(text.strip()))
                    raise TiebreakError(message)
                values["divisor"] = int(number)
            elif letter == "U":
                if number is None or not number.isdigit() or int(number) > MAX_RATING:
                    template = N_("modifier {modifier} needs a rating from 0 to {limit} such as {example} in {spec}")
                    message = Message.of(
                        template, modifier="/U", limit=MAX_RATING, example="/U1000", spec=repr(text.strip())
                    )
                    raise TiebreakError(message)
                values["unrated_rating"] = int(number)
            elif number is not None:
                template = N_("modifier {modifier} takes no number in {spec}")
                raise TiebreakError(Message.of(template, modifier=f"/{letter}", spec=repr(text.strip())))
            elif letter == "F":
                values["fore"] = True
            elif letter == "P":
                values["forfeits_played"] = True
            else:
                values["reverse"] = True
        return cls(code=code, **values)  # type: ignore[arg-type]

    @property
    def modifiers(self) -> frozenset[Modifier]:
        """The modifiers used."""
        used = set()
        if self.cut_low and self.cut_high:
            used.add(Modifier.MEDIAN)
        elif self.cut_low:
            used.add(Modifier.CUT)
        if self.limit:
            used.add(Modifier.LIMIT)
        if self.forfeits_played:
            used.add(Modifier.PLAYED)
        if self.reverse:
            used.add(Modifier.REVERSE)
        if self.unrated_rating is not None:
            used.add(Modifier.UNRATED)
        if self.fore:
            used.add(Modifier.FORE)
        if self.divisor is not None:
            used.add(Modifier.DIVISOR)
        return frozenset(used)

    def __str__(self) -> str:
        code = SPELLED.get(self.code, self.code)
        text = code if self.score is None else f"{code}:{self.score}"
        if self.cut_low and self.cut_high:
            text += f"/M{self.cut_low}"
        elif self.cut_low:
            text += f"/C{self.cut_low}"
        if self.limit:
            text += f"/L{self.limit:+d}"
        if self.forfeits_played:
            text += "/P"
        if self.reverse:
            text += "/R"
        if self.fore:
            text += "/F"
        if self.divisor is not None:
            text += f"/K{self.divisor}"
        if self.unrated_rating is not None:
            text += f"/U{self.unrated_rating}"
        return text

    def __repr__(self) -> str:
        return f"Spec.parse({str(self)!r})"

    @property
    def modifier_words(self) -> list[Message]:
        """The modifiers in words, as a legend gives them (``str()`` of each is its English).

        >>> [str(word) for word in Spec.parse("SB/M2/P").modifier_words]
        ['median 2', 'forfeits as played']
        >>> [str(word) for word in [*Spec.parse("KS/L+1").modifier_words, *Spec.parse("ARO/U1500").modifier_words]]
        ['limit +1 half point', 'unrated at 1500']
        >>> [str(word) for word in Spec.parse("BH:MP/C1").modifier_words]
        ['of MP', 'cut 1']
        """
        words = [] if self.score is None else [Message.of(N_("of {code}"), code=self.score)]
        if self.cut_low and self.cut_high:
            words.append(Message.of(N_("median {number}"), number=self.cut_low))
        elif self.cut_low:
            words.append(Message.of(N_("cut {number}"), number=self.cut_low))
        if self.limit:
            template = N_("limit {number} half points") if abs(self.limit) > 1 else N_("limit {number} half point")
            words.append(Message.of(template, number=f"{self.limit:+d}"))
        if self.forfeits_played:
            words.append(Message(N_("forfeits as played")))
        if self.reverse:
            words.append(Message(N_("reversed")))
        if self.fore:
            words.append(Message(N_("with Fore Buchholz")))
        if self.divisor is not None:
            words.append(Message.of(N_("K = {number}"), number=self.divisor))
        if self.unrated_rating is not None:
            words.append(Message.of(N_("unrated at {number}"), number=self.unrated_rating))
        return words


SPELLED = {"MPVGP": "MPvGP"}
"""Codes written otherwise than upper case, as FIDE's reference writes them (C.07 13.1)."""
_MODIFIER = re.compile(r"([CMLPRUFK])([+-]?[0-9]{1,9})?")
_SCORED = re.compile(r"([A-Z]+):([A-Z]+)")
"""A code with the score it is computed on (``BH:MP``): letters, a colon, letters."""
