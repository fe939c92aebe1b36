"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and RTNG.

TPR, PTP, APRO and APPO go through the two conversion tables of the FIDE
Rating Regulations, B.02 8.1.1 (score fraction → rating difference) and
8.1.2 (rating difference → expected score). The oracle has its own copy of
both, typed in below in the shape B.02 prints them, and does not read the
package's ``data/fide_b02_tables.json``: ``tests/test_oracle_independent.py``
checks that the two transcriptions agree entry by entry. Used as printed: no
logistic curve, no interpolation.

>>> rating_difference(Fraction(2, 3)), rating_difference(Fraction(1, 3))
(125, -125)
>>> expected_score(538), expected_score(-538), expected_score(736)
(Fraction(97, 100), Fraction(3, 100), Fraction(1, 1))

Only games played over the board count, in round robins too (C.07 10,
15.2): unrated ``W D L`` games were played and count, forfeits never do.
Results count as 1–½–0 by their outcome, whatever the event's point system.

Unrated players (rating missing or 0): a rating to assume comes from the
code's ``/U<N>`` or else from ``Context.unrated_rating`` (``--unrated-rating``).
Without one, every rating tie-break (RTNG included) is dropped as soon as
any participant is unrated: every value is ``None`` with a note saying why,
and a warning is logged (C.07 10).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from oracle.base import Context, Definition, Element, Game, Modifier, Spec, Value
from oracle.modifiers import apply_cuts
from sonneborn.model import Player, StartNo
from sonneborn.numbers import exact_text, result_text

logger = logging.getLogger(__name__)

B02_8_1_1 = """
    p    .00  .01  .02  .03  .04  .05  .06  .07  .08  .09
    0.0 -800 -677 -589 -538 -501 -470 -444 -422 -401 -383
    0.1 -366 -351 -336 -322 -309 -296 -284 -273 -262 -251
    0.2 -240 -230 -220 -211 -202 -193 -184 -175 -166 -158
    0.3 -149 -141 -133 -125 -117 -110 -102  -95  -87  -80
    0.4  -72  -65  -57  -50  -43  -36  -29  -21  -14   -7
    0.5    0    7   14   21   29   36   43   50   57   65
    0.6   72   80   87   95  102  110  117  125  133  141
    0.7  149  158  166  175  184  193  202  211  220  230
    0.8  240  251  262  273  284  296  309  322  336  351
    0.9  366  383  401  422  444  470  501  538  589  677
    1.0  800
"""
"""B.02 table 8.1.1, fractional score p → rating difference dp: the row is p's first decimal, the column
its second (p = 0.67 gives 125)."""

B02_8_1_2 = """
    D        H    L
    0-3     .50  .50
    4-10    .51  .49
    11-17   .52  .48
    18-25   .53  .47
    26-32   .54  .46
    33-39   .55  .45
    40-46   .56  .44
    47-53   .57  .43
    54-61   .58  .42
    62-68   .59  .41
    69-76   .60  .40
    77-83   .61  .39
    84-91   .62  .38
    92-98   .63  .37
    99-106  .64  .36
    107-113 .65  .35
    114-121 .66  .34
    122-129 .67  .33
    130-137 .68  .32
    138-145 .69  .31
    146-153 .70  .30
    154-162 .71  .29
    163-170 .72  .28
    171-179 .73  .27
    180-188 .74  .26
    189-197 .75  .25
    198-206 .76  .24
    207-215 .77  .23
    216-225 .78  .22
    226-235 .79  .21
    236-245 .80  .20
    246-256 .81  .19
    257-267 .82  .18
    268-278 .83  .17
    279-290 .84  .16
    291-302 .85  .15
    303-315 .86  .14
    316-328 .87  .13
    329-344 .88  .12
    345-357 .89  .11
    358-374 .90  .10
    375-391 .91  .09
    392-411 .92  .08
    412-432 .93  .07
    433-456 .94  .06
    457-484 .95  .05
    485-517 .96  .04
    518-559 .97  .03
    560-619 .98  .02
    620-735 .99  .01
    736-    1.00 .00
"""
"""B.02 table 8.1.2, rating difference D → scoring probability PD of the higher-rated (H) and the lower-rated
(L) player; the last range is "over 735"."""


def _dp_by_hundredths() -> dict[int, int]:
    """Table 8.1.1 read from its printed rows: dp by p in hundredths (0 … 100)."""
    lines = [line.split() for line in B02_8_1_1.strip().splitlines()]
    found = {}
    for first, *values in lines[1:]:
        tenths = int(Fraction(first) * 10)
        for column, value in enumerate(values):
            found[tenths * 10 + column] = int(value)
    return found


def _pd_ranges() -> list[tuple[int, int | None, int, int]]:
    """Table 8.1.2 read from its printed rows: (lowest D, highest D or ``None``, H, L), H and L in hundredths."""
    found = []
    for line in B02_8_1_2.strip().splitlines()[1:]:
        span, higher, lower = line.split()
        low, _, high = span.partition("-")
        hundredths = int(Fraction(higher) * 100), int(Fraction(lower) * 100)
        found.append((int(low), int(high) if high else None, *hundredths))
    return found


DP = _dp_by_hundredths()
PD = _pd_ranges()


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, .5 rounded up (C.07 10.1, 10.4, 10.5).

    >>> round_half_up(Fraction(4801, 2)), round_half_up(Fraction(7204, 3)), round_half_up(Fraction(-5, 2))
    (2401, 2401, -2)
    """
    whole, rest = divmod(value, 1)
    return int(whole) + (1 if rest >= Fraction(1, 2) else 0)


def score_fraction_index(p: Fraction) -> int:
    """The row of table 8.1.1 a score fraction reads, in hundredths: p to 2 decimals, half up.

    C.07 10.2 does not say how p is rounded; this is the common reading. B.02 8.1
    shows dp ±800 only "notionally", for a score of exactly 0 or 1.0, so a score
    in between reads a row in between however close it comes (0.01 to 0.99).

    >>> score_fraction_index(Fraction(5, 8)), score_fraction_index(Fraction(199, 200))
    (63, 99)
    """
    hundredths = round_half_up(p * 100)
    if p == 0 or p == 1:
        return hundredths
    if hundredths == 0:
        return 1
    if hundredths == 100:
        return 99
    return hundredths


def rating_difference(p: Fraction) -> int:
    """dp for a score fraction p, B.02 table 8.1.1, p rounded as :func:`score_fraction_index` says.

    >>> rating_difference(Fraction(0)), rating_difference(Fraction(1, 2)), rating_difference(Fraction(1))
    (-800, 0, 800)
    """
    return DP[score_fraction_index(p)]


def expected_hundredths(difference: int) -> int:
    """PD in hundredths of a player rated ``difference`` points above his opponent (below when negative),
    B.02 table 8.1.2 over all its ranges: H for the higher-rated (or equal) player, L for the lower-rated.

    >>> expected_hundredths(3), expected_hundredths(4), expected_hundredths(-4), expected_hundredths(-900)
    (50, 51, 49, 0)
    """
    distance = abs(difference)
    for low, high, higher, lower in PD:
        if low <= distance and (high is None or distance <= high):
            return higher if difference >= 0 else lower
    raise AssertionError(difference)  # the ranges cover every distance


def expected_score(difference: int) -> Fraction:
    """PD, B.02 table 8.1.2: the expected score of a player rated ``difference`` points above the opponent."""
    return Fraction(expected_hundredths(difference), 100)


def is_unrated(player: Player) -> bool:
    """Whether the player has no rating (none given, or 0)."""
    return not player.rating


def assumed_rating(context: Context, spec: Spec) -> int | None:
    """The rating assumed for unrated players: ``/U<N>`` first, then ``--unrated-rating``."""
    return spec.unrated_rating if spec.unrated_rating is not None else context.unrated_rating


@dataclass(frozen=True, slots=True)
class _Ratings:
    """Every participant's rating, an assumed one for the unrated."""

    by_start: dict[StartNo, int]
    assumed: frozenset[StartNo]

    def label(self, player: Player) -> str:
        extra = ", unrated: assumed" if player.start in self.assumed else ""
        return f"{self.by_start[player.start]} ({player.name}{extra})"


def _ratings(context: Context, spec: Spec) -> _Ratings | None:
    """The ratings to use, or ``None`` (with a warning) when the tie-break is dropped (C.07 10)."""
    unrated = [p.start for p in context.tournament if is_unrated(p)]
    assumed = assumed_rating(context, spec)
    if unrated and assumed is None:
        logger.warning("%s dropped: %s", spec, _drop_reason(unrated))
        return None
    by_start = {}
    for player in context.tournament:
        rating = player.rating or assumed
        assert rating is not None
        by_start[player.start] = rating
    return _Ratings(by_start, frozenset(unrated))


def _drop_reason(unrated: list[StartNo]) -> str:
    players = ", ".join(map(str, unrated))
    return f"player(s) {players} unrated (C.07 10); give --unrated-rating or /U<N>"


def _dropped(context: Context) -> dict[StartNo, Value]:
    note = "dropped: " + _drop_reason([p.start for p in context.tournament if is_unrated(p)])
    return {p.start: Value(None, note=note) for p in context.tournament}


def _over_the_board(context: Context, player: Player) -> list[Game]:
    return [game for game in context.games(player) if game.entry.kind.is_played]


def _score(games: list[Game]) -> Fraction:
    """The score over the board in 1–½–0 terms: a win (``1``, unrated ``W``) 1, a draw (``= D``) ½, a loss 0."""
    total = Fraction(0)
    for game in games:
        code = game.entry.kind.value
        if code in ("1", "W"):
            total += 1
        elif code in ("=", "D"):
            total += Fraction(1, 2)
    return total


def _mean(numbers: list[int]) -> int:
    return round_half_up(Fraction(sum(numbers), len(numbers)))


def _mean_note(what: str, numbers: list[int]) -> str:
    average = exact_text(Fraction(sum(numbers), len(numbers)))
    return f"average of {len(numbers)} {what}: {average}, rounded half up"


def _elements(numbers: dict[StartNo, int], games: list[Game], label: Callable[[Player], str]) -> list[Element]:
    """One element per game: the opponent's number; the lowest is the least significant (C.07 14.1.b)."""
    return [
        Element(
            Fraction(numbers[g.opponent.start]),
            label(g.opponent),
            (Fraction(numbers[g.opponent.start]),),
            g.entry.round,
            g.opponent.start,
        )
        for g in games
    ]


_NO_GAME = Value(None, note="no game over the board")


def aro(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average rating of opponents, C.07 10.1: the mean rating of the opponents met over the board.

    Rounded to the nearest whole number, .5 up. An opponent met twice counts
    twice (C.07 4.4). ``/C1`` drops the lowest rating (C.07 14.1.b), ``/C2``
    and the medians likewise (14.2–14.4); nothing left means no value, so
    ARO/C1 after a single game over the board has none (Held ex. 18).
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    values = {}
    for player in context.tournament:
        elements = _elements(ratings.by_start, _over_the_board(context, player), ratings.label)
        if not elements:
            values[player.start] = _NO_GAME
            continue
        kept, cut = apply_cuts(elements, low=spec.cut_low, high=spec.cut_high)
        if not kept:
            values[player.start] = Value(None, cut=tuple(cut), note="no rating left after the cut")
            continue
        numbers = [int(e.value) for e in kept]
        values[player.start] = Value(
            Fraction(_mean(numbers)), tuple(kept), tuple(cut), _mean_note("ratings", numbers), mean=True
        )
    return values


def _tpr_value(ratings: _Ratings, games: list[Game]) -> Value:
    if not games:
        return _NO_GAME
    average = _mean([ratings.by_start[g.opponent.start] for g in games])
    score = _score(games)
    p = score / len(games)
    index = score_fraction_index(p)
    dp = DP[index]
    note = f"ARO {average} + dp({index // 100}.{index % 100:02d})={dp}; p = {result_text(score)}/{len(games)}"
    return Value(Fraction(average + dp), note=note)


def _ptp_value(ratings: _Ratings, games: list[Game]) -> Value:
    if not games:
        return _NO_GAME
    opponents = [ratings.by_start[g.opponent.start] for g in games]
    score = _score(games)
    if score == 0:
        lowest = min(opponents)
        return Value(Fraction(lowest - 800), note=f"zero score: lowest opponent {lowest} − 800")
    target = score * 100

    def expected(rating: int) -> int:
        return sum(expected_hundredths(rating - opponent) for opponent in opponents)

    # Far enough below every opponent the expected score is 0; it never falls as R rises. Climb in
    # steps of 100 until it reaches the score, then come down one point at a time while it still does.
    rating = min(opponents) - 800
    while expected(rating) < target:
        rating += 100
    while expected(rating - 1) >= target:
        rating -= 1
    high = rating
    note = (
        f"lowest R with Σ PD(R − Rᵢ) ≥ {result_text(score)}: "
        f"Σ = {exact_text(Fraction(expected(high), 100))} at {high}, "
        f"{exact_text(Fraction(expected(high - 1), 100))} at {high - 1}; "
        f"opponents {', '.join(map(str, opponents))}"
    )
    return Value(Fraction(high), note=note)


def tpr(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Tournament performance rating, C.07 10.2: TPR = ARO + dp(p), dp from B.02 table 8.1.1.

    ARO is the rounded average of the opponents met over the board (C.07
    10.1, without cuts) and p the score over the board (1–½–0 by outcome)
    divided by the games played over the board, rounded half up to 2
    decimals before the lookup (C.07 is silent; the common reading). p = 0
    gives −800, p = 1 gives +800.
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {p.start: _tpr_value(ratings, _over_the_board(context, p)) for p in context.tournament}


def ptp(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Perfect tournament performance, C.07 10.3: the lowest whole rating R with Σ PD(R − Rᵢ) ≥ the score.

    The sum runs over the opponents met over the board, PD is B.02 table 8.1.2
    over its full range (no 400-point cap) and the score is the score over the
    board in 1–½–0 terms. A zero score gives the lowest opponent's rating
    − 800 (C.07 10.3). For a full score C.07 is silent; the lowest R whose
    expected score reaches 100 % is the highest opponent's rating + 736, as
    PD is 1.00 only beyond a difference of 735, and that is the value given.
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {p.start: _ptp_value(ratings, _over_the_board(context, p)) for p in context.tournament}


def _opponents_average(context: Context, code: str, own: dict[StartNo, Value]) -> dict[StartNo, Value]:
    # An opponent met over the board has played a game, so has a value.
    numbers = {start: int(value.number) for start, value in own.items() if value.number is not None}

    def label(opponent: Player) -> str:
        return f"{numbers[opponent.start]} ({opponent.name})"

    values = {}
    for player in context.tournament:
        games = _over_the_board(context, player)
        if not games:
            values[player.start] = _NO_GAME
            continue
        elements = _elements(numbers, games, label)
        kept = [int(e.value) for e in elements]
        values[player.start] = Value(
            Fraction(_mean(kept)), tuple(elements), note=_mean_note(code + "s", kept), mean=True
        )
    return values


def apro(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average performance rating of opponents, C.07 10.4: the mean TPR (C.07 10.2, B.02 table 8.1.1)
    of the opponents met over the board, rounded half up."""
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    own = {p.start: _tpr_value(ratings, _over_the_board(context, p)) for p in context.tournament}
    return _opponents_average(context, "TPR", own)


def appo(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Average perfect performance of opponents, C.07 10.5: the mean PTP (C.07 10.3, B.02 table 8.1.2)
    of the opponents met over the board, rounded half up."""
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    own = {p.start: _ptp_value(ratings, _over_the_board(context, p)) for p in context.tournament}
    return _opponents_average(context, "PTP", own)


def rtng(context: Context, spec: Spec) -> dict[StartNo, Value]:
    """Rating, C.07 10.6: the player's own rating, highest first (``/R`` reverses).

    An unrated player gets the assumed rating (``/U<N>``, ``--unrated-rating``);
    without one RTNG is dropped, as every rating tie-break is (C.07 10).
    """
    ratings = _ratings(context, spec)
    if ratings is None:
        return _dropped(context)
    return {
        p.start: Value(
            Fraction(ratings.by_start[p.start]),
            note="unrated: assumed rating" if p.start in ratings.assumed else "rating",
        )
        for p in context.tournament
    }


_UNRATED = Modifier.UNRATED

DEFINITIONS: list[Definition] = [
    Definition(
        "ARO",
        "Average rating of opponents",
        "C.07 10.1",
        "The mean rating of the opponents met over the board, rounded half up.",
        compute=aro,
        modifiers=frozenset({Modifier.CUT, Modifier.MEDIAN, _UNRATED}),
        integral=True,
    ),
    Definition(
        "TPR",
        "Tournament performance rating",
        "C.07 10.2",
        "The average rating of the opponents met over the board plus the rating difference "
        "of the score fraction (B.02 table 8.1.1).",
        compute=tpr,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "PTP",
        "Perfect tournament performance",
        "C.07 10.3",
        "The lowest rating whose expected score against the opponents met over the board "
        "(B.02 table 8.1.2) reaches the score made over the board.",
        compute=ptp,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "APRO",
        "Average performance rating of opponents",
        "C.07 10.4",
        "The mean tournament performance rating of the opponents met over the board, rounded half up.",
        compute=apro,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "APPO",
        "Average perfect performance of opponents",
        "C.07 10.5",
        "The mean perfect tournament performance of the opponents met over the board, rounded half up.",
        compute=appo,
        modifiers=frozenset({_UNRATED}),
        integral=True,
    ),
    Definition(
        "RTNG",
        "Rating",
        "C.07 10.6",
        "The player's own rating, highest first.",
        compute=rtng,
        modifiers=frozenset({Modifier.REVERSE, _UNRATED}),
        integral=True,
    ),
]
"""The rating-based tie-breaks, for the registry."""
