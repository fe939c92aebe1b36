"""The PGN reader: an event's games, read one at a time through python-chess.

Only the tag pairs and whether a game has a move matter, so the movetext is
never kept: a file of any size is read in memory that grows with the number
of games, not with the length of their moves. Players are identified by
their FIDE id (``WhiteFideId``), else by name; rounds come from ``Round``
(``"3"`` or board notation ``"3.1"``); absent players get an unplayed round.

>>> tournament = read_pgn('''
... [Event "Club championship"]
... [Date "2024.03.01"]
... [Round "1.1"]
... [White "Adams, Ann"]
... [Black "Brown, Bob"]
... [Result "1-0"]
...
... 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
... ''')
>>> tournament.name, tournament.rounds, [player.name for player in tournament]
('Club championship', 1, ['Adams, Ann', 'Brown, Bob'])
>>> [str(player.entry(1)) for player in tournament]
['2w1', '1b0']
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO, cast

import chess
import chess.pgn

from sonneborn.errors import InputError, InputWarning, Warn, log_warning, shown
from sonneborn.formats.lines import MAX_LINE, too_many_results
from sonneborn.formats.names import similar_players
from sonneborn.messages import N_, Message, Number
from sonneborn.model import Colour, Entry, Player, ResultKind, RoundNo, StartNo, Tournament

__all__ = ["ABSENT_AS", "PgnError", "read_pgn"]


ABSENT_AS = {"zero": ResultKind.ZERO_BYE, "half": ResultKind.HALF_BYE}
"""What a round without a game is for a player, by the value of ``absent_as``."""

_RESULTS = {
    "1-0": ResultKind.WIN,
    "0-1": ResultKind.LOSS,
    "1/2-1/2": ResultKind.DRAW,
    "½-½": ResultKind.DRAW,
    "*": ResultKind.NOT_PLAYED,
}
"""White's result by the ``Result`` tag."""
_FORFEITS = {ResultKind.WIN: ResultKind.FORFEIT_WIN, ResultKind.LOSS: ResultKind.FORFEIT_LOSS}
_UNKNOWN = frozenset({"", "?", "-"})
"""Tag values that say nothing (PGN's ``?``, and the ``-`` of some exporters)."""
_ROUND = re.compile(r"0*([0-9]{1,9})(?:\.[0-9]+)*")
_DATE = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})")
_POSITIVE = re.compile(r"0*[1-9][0-9]{0,14}")
"""A rating or FIDE id: more than 15 digits is neither."""
_SEARCH_BUDGET = 1_000_000
"""Rounds looked at, beyond two per game, to place the games without a ``Round`` tag."""
_TAG = chess.pgn.TAG_REGEX
_ESCAPE = re.compile(r'\\([\\"])')
"""A quote or a backslash escaped in a PGN string (export format, 7)."""
_LAST_RESULT = re.compile(r"(?:^|\s)(1-0|0-1|1/2-1/2|\*)\s*$")

# States of the line reader between python-chess and the file.
_BETWEEN, _HEADERS, _HEADERS_BLANK, _MOVETEXT = range(4)


class PgnError(InputError):
    """A PGN file whose games do not make an event: a bad result, a player twice in a round, no games."""


class _SecondGame(PgnError):
    """A player with two games in one round: in a file of several events, a sign that they were merged."""


def read_pgn(
    source: TextIO | str,
    *,
    path: str = "<input>",
    zero_move_forfeits: bool = False,
    absent_as: str = "zero",
    event: str | None = None,
    warn: Warn = log_warning,
) -> Tournament:
    """Reads the games of a PGN text stream (or string) into a :class:`Tournament`.

    Games are read one at a time; their moves are not kept. A player is
    his ``WhiteFideId``/``BlackFideId`` when non-zero, else his name as
    written; rating, title, federation and club come from ``*Elo``, ``*Title``,
    ``*Fed`` and ``*Team`` (else ``*Club``) of his first game. Start numbers follow rating (highest first,
    unrated last), then name: the usual initial ranking.

    ``Round`` ``"3"`` and ``"3.1"`` (round 3, board 1) are round 3. Round
    numbers that do not run 1…k are renumbered in order, with a warning. A
    game with no (or an unreadable) ``Round`` goes to the first round in
    which neither player has a game yet, in order of appearance, with a
    warning.

    Results ``1-0``, ``0-1``, ``1/2-1/2`` (or ``½-½``) are games played; a
    decisive game without a move stays one unless ``zero_move_forfeits``
    (then a forfeit win and loss, C.07 16.2.2 and 16.2.4); a draw without a
    move stays a draw. ``*`` is a game not finished: it does not count, and
    the standings are provisional (:attr:`Tournament.unfinished_games`).
    PGN has no byes: a round in which a player has no game is
    a voluntarily unplayed round (C.07 16.1.2, category 16.2.3 or 16.2.5),
    a zero-point bye or, with ``absent_as="half"``, a half-point bye.
    ``Event`` and ``Site`` (the value most games give) and the first and
    last ``Date`` (as ``YYYY/MM/DD``) describe the event, and each round's
    date is the ``Date`` most of its games give; its kind is left to
    detection.

    A file of several events (a TWIC-style weekly file) is read one event at
    a time: ``event`` names the ``Event`` tag of the games to read (the others
    are passed over). Without it, games naming several events are one event
    only when the names are those of one event's games (lichess names a game
    after its round, say): some player plays under more than one of them and no
    player has two games in a round. Otherwise :class:`PgnError` lists the
    events the file holds, with their games, at the first game of the second.

    Raises :class:`PgnError` with the line of the game for a result other
    than these, a side without a name or FIDE id, a player in two games of
    one round or against himself, and for a text without games.
    Problems python-chess finds in a game are warnings, sent to ``warn``.
    """
    if absent_as not in ABSENT_AS:
        raise ValueError(f"absent_as must be one of {', '.join(ABSENT_AS)}, not {absent_as!r}")
    handle = io.StringIO(source, newline=None) if isinstance(source, str) else source
    return _Reader(path, zero_move_forfeits, ABSENT_AS[absent_as], warn, event).read(handle)


class _Lines:
    """The lines of a PGN stream as python-chess asks for them, counted and split into games.

    python-chess joins a game without moves to the next one when a single
    blank line separates them (it allows one between tag pairs), and reads
    the tags of a game that follows movetext without a blank line as moves.
    A tag pair after a blank line following tag pairs, or after movetext
    outside a comment, gets a blank line of its own before it here, which
    ends the game before.
    """

    __slots__ = (
        "_comment",
        "_handle",
        "_pending",
        "_read",
        "_reader",
        "_skipping",
        "_state",
        "characters",
        "last",
        "lineno",
        "tail",
    )

    def __init__(self, handle: TextIO, reader: _Reader) -> None:
        self._handle = handle
        self._reader = reader
        self._read = 0
        self._pending: str | None = None
        self._state = _BETWEEN
        self._comment = False
        self._skipping = False
        self.lineno = 0
        """The number of the last line handed on, that of the line read when a game begins."""
        self.tail = ""
        """The last line of movetext passed over by :meth:`skip_game`."""
        self.last = ""
        """The last line handed on."""
        self.characters = 0
        """The characters read so far."""

    def skip_game(self) -> None:
        """Passes over the rest of the game's movetext from the next line on, out of python-chess's sight."""
        self._skipping = True
        self.tail = ""

    def readline(self) -> str:
        if self._skipping and not self._comment:
            self._skipping = False
            return self._skip()
        if self._pending is not None:
            line, self._pending = self._pending, None
            self.lineno = self._read
            self.last = line
            return line
        line = self._next()
        self.last = line
        if not line:
            return line
        self.lineno = self._read
        if self._read == 1:
            line = self.last = line.lstrip("\ufeff")
        if self._comment:
            self._scan(line)
        elif line.isspace():
            if self._state == _HEADERS:
                self._state = _HEADERS_BLANK
            elif self._state != _BETWEEN:
                self._state = _BETWEEN
        elif line.startswith("["):
            tag = _TAG.match(line)
            if tag is not None and self._state in (_HEADERS_BLANK, _MOVETEXT):
                self._state = _HEADERS
                self._pending = line
                self.lineno = self._read - 1
                self.last = "\n"
                return "\n"
            if self._state == _MOVETEXT:
                self._scan(line)
            else:
                self._state = _HEADERS
                if tag is None:
                    ignored = Message.of(N_("malformed tag pair ignored: {line}"), line=shown(line.rstrip()))
                    self._reader.warn(self._read, ignored)
        elif line.startswith("%") or (line.startswith(";") and self._state != _MOVETEXT):
            pass
        else:
            self._state = _MOVETEXT
            self._scan(line)
        return line

    def _next(self) -> str:
        """The next line of the stream, counted; a line too long to be PGN is refused before it is all read."""
        line = self._handle.readline(MAX_LINE + 1)
        if not line:
            return line
        self._read += 1
        self.characters += len(line)
        if len(line) > MAX_LINE and not line.endswith("\n"):
            template = N_("line of more than {count} characters (expected at most {limit})")
            raise PgnError(
                Message.of(template, count=Number(f"{MAX_LINE:,}"), limit=Number(f"{MAX_LINE:,}")),
                path=self._reader.path,
                line=self._read,
                column=MAX_LINE + 1,
            )
        if "\x00" in line:  # the file is read as a stream: decode() never saw it whole
            message = Message(N_("a NUL byte, which no text file holds (expected PGN text)"))
            raise PgnError(message, path=self._reader.path, line=self._read, column=line.index("\x00") + 1)
        return line

    def _skip(self) -> str:
        """Reads to the end of the game and returns what ends it for python-chess: a blank line or nothing."""
        while line := self._next():
            self.lineno = self._read
            if self._comment:
                self._scan(line)
            elif line.isspace():
                self._state = _BETWEEN
                return line
            elif line.startswith("[") and _TAG.match(line):
                self._state = _HEADERS
                self._pending = line
                self.lineno = self._read - 1
                self.last = "\n"
                return "\n"
            elif not line.startswith("%"):
                self.tail = line
                self._scan(line)
        return line

    def _scan(self, line: str) -> None:
        """Follows brace comments across lines, as python-chess does when it skips movetext."""
        if "{" not in line and "}" not in line:
            return
        for match in chess.pgn.SKIP_MOVETEXT_REGEX.finditer(line):
            token = match.group(0)
            if token == "{":
                self._comment = True
            elif token == ";" and not self._comment:
                break
            elif token == "}":
                self._comment = False


@dataclass(slots=True)
class _Game:
    """What the reader needs of one game."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The line and column of each tag's value."""
    moved: bool = False
    """Whether the movetext has a move, legal or not."""
    result: str = ""
    """The result that ends the movetext, if any."""
    errors: list[str] = field(default_factory=list)


class _GameVisitor(chess.pgn.BaseVisitor[_Game]):
    """Collects a game's tag pairs and whether it has a move; only the first move is parsed."""

    def __init__(self, lines: _Lines) -> None:
        self.lines = lines
        self.game = _Game(0)

    def begin_game(self) -> None:
        self.game.line = self.lines.lineno

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        # python-chess hands on the string as written: its escapes (PGN 7, \" and \\) are undone here.
        self.game.tags[tagname] = _ESCAPE.sub(r"\1", tagvalue) if "\\" in tagvalue else tagvalue
        self.game.where[tagname] = (self.lines.lineno, self.lines.last.find('"') + 2)

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType | None:
        if self.game.moved:
            return chess.pgn.SKIP
        # One move is enough to know the game was played; it is parsed (to report it if illegal),
        # the rest of the movetext is passed over from the next line on.
        self.game.moved = True
        self.lines.skip_game()
        return None

    def visit_result(self, result: str) -> None:
        self.game.result = result

    def end_game(self) -> None:
        if self.game.moved and not self.game.result:
            found = _LAST_RESULT.search(self.lines.tail)
            if found is not None:
                self.game.result = found.group(1)

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(str(error))

    def result(self) -> _Game:
        return self.game


@dataclass(slots=True)
class _Player:
    """A player as his games describe him, before he has a start number."""

    name: str
    fide_id: int | None
    rating: int | None = None
    title: str = ""
    federation: str = ""
    club: str = ""
    rounds: dict[RoundNo, int] = field(default_factory=dict)
    """The line of his game in each round placed so far: of its ``Round`` tag, else its first line."""
    free: RoundNo = 1
    """The first round in which he has no game yet."""


@dataclass(frozen=True, slots=True)
class _Pairing:
    """A game reduced to what the standings need."""

    line: int
    round_at: tuple[int, int]
    """Where the game's round is given: its ``Round`` tag's value, else the game's first line."""
    white: int
    """The index of White in the reader's players."""
    black: int
    round: RoundNo | None
    """The round of its ``Round`` tag; ``None`` when the tag gives none."""
    kind: ResultKind
    """White's result."""
    event: str
    """Its ``Event`` tag, empty when it names none."""
    date: str = ""
    """Its ``Date`` tag as ``YYYY/MM/DD``, empty when it gives no full date."""


def _round_dates(pairings: Sequence[_Pairing], rounds_of: Sequence[RoundNo], rounds: int) -> tuple[str, ...]:
    """Each round's date, the one most of its games give (empty for a round whose games give none), so that
    the games' dates survive a conversion; none at all when no game gives one."""
    found: list[Counter[str]] = [Counter() for _ in range(rounds)]
    for pairing, round_no in zip(pairings, rounds_of, strict=True):
        if pairing.date and round_no:
            found[round_no - 1][pairing.date] += 1
    if not any(found):
        return ()
    return tuple(dates.most_common(1)[0][0] if dates else "" for dates in found)


class _Reader:
    """One reading of one PGN stream."""

    def __init__(
        self, path: str, zero_move_forfeits: bool, absent: ResultKind, warn: Warn, event: str | None = None
    ) -> None:
        self.path = path
        self.chosen = None if event is None else event.strip()
        """The ``Event`` tag of the games to read (``--event``), ``None`` for every game."""
        self.passed: Counter[str] = Counter()
        """The games passed over, by event, when one is chosen."""
        self.first_game: dict[str, tuple[int, int]] = {}
        """Where each event's first game names it."""
        self.warnings = warn
        self.zero_move_forfeits = zero_move_forfeits
        self.absent = absent
        self.players: list[_Player] = []
        self.keys: dict[int | str, int] = {}
        self.pairings: list[_Pairing] = []
        self.events: Counter[str] = Counter()
        self.sites: Counter[str] = Counter()
        self.dates: set[str] = set()
        self.unknown_rounds = 0
        self.below_first: dict[int, str] = {}
        """The games whose ``Round`` tag gives a round below 1 (``0``, ``-1``), by position, with the tag's text."""
        self.names: dict[str, int] = {}
        """The first player of each name."""
        self.characters = 0

    def error(self, message: str | Message, line: int, column: int = 1) -> PgnError:
        return PgnError(message, path=self.path, line=line, column=column)

    def error_at(self, game: _Game, tag: str, message: str | Message) -> PgnError:
        """An error at a tag's value, or at the game's first line when it has no such tag."""
        return self.error(message, *game.where.get(tag, (game.line, 1)))

    def warn(self, line: int, message: str | Message, *args: object) -> None:
        self.warnings(InputWarning(message % args if args and isinstance(message, str) else message, self.path, line))

    def read(self, handle: TextIO) -> Tournament:
        lines = _Lines(handle, self)
        # read_game only calls readline, all that _Lines has of a text stream.
        stream = cast(TextIO, lines)
        while (game := chess.pgn.read_game(stream, Visitor=lambda: _GameVisitor(lines))) is not None:
            self.game(game)
        if not self.pairings:
            if self.chosen is not None:
                if self.passed:
                    template = N_("no games of event {name} (it holds {events})")
                    raise self.error(Message.of(template, name=repr(self.chosen), events=self.listed(self.passed)), 1)
                raise self.error(Message.of(N_("no games of event {name}"), name=repr(self.chosen)), 1)
            raise self.error(Message(N_('no games found (expected games with tag pairs such as [White "…"])')), 1)
        self.characters = lines.characters
        if self.chosen is None and len(self.events) > 1:
            if self.separate_groups() > 1:
                raise self.several_events()
            try:
                return self.tournament()
            except _SecondGame:
                raise self.several_events() from None
        return self.tournament()

    def game(self, game: _Game) -> None:
        """Records one game: its players, round and result, and what it says of the event."""
        tags = game.tags
        event = tags.get("Event", "").strip()
        event = "" if event in _UNKNOWN else event
        if self.chosen is not None and not _same_event(event, self.chosen):
            self.passed[event] += 1
            return
        self.first_game.setdefault(event, game.where.get("Event", (game.line, 1)))
        for error in game.errors:
            self.warn(game.line, "%s", _one_line(error))
        white = self.player(game, "White")
        black = self.player(game, "Black")
        if white == black:
            name = shown(self.players[white].name)
            template = N_("{name} plays against himself (expected two different players)")
            raise self.error_at(game, "Black", Message.of(template, name=name))
        for tag, counter in (("Event", self.events), ("Site", self.sites)):
            value = tags.get(tag, "").strip()
            if value not in _UNKNOWN:
                counter[value] += 1
        found = _DATE.fullmatch(tags.get("Date", "").strip())
        date = "" if found is None else "/".join(found.groups())
        if date:
            self.dates.add(date)
        round_at = game.where.get("Round", (game.line, 1))
        pairing = _Pairing(game.line, round_at, white, black, self.round(game), self.result(game), event, date)
        self.pairings.append(pairing)

    def player(self, game: _Game, side: str) -> int:
        """The index of the player of a side (``White`` or ``Black``), added at his first game."""
        tags = game.tags
        name = tags.get(side, "").strip()
        fide_text = tags.get(side + "FideId", "").strip()
        fide_id = int(fide_text) if _POSITIVE.fullmatch(fide_text) else None
        if fide_id is None and fide_text not in _UNKNOWN and fide_text.strip("0"):
            template = N_("expected a FIDE id in {tag}, found {found}")
            self.warn(game.line, Message.of(template, tag=f"{side}FideId", found=shown(fide_text)))
        key: int | str
        if fide_id is not None:
            key = fide_id
        elif name not in _UNKNOWN:
            key = name
        else:
            template = N_("expected the name or FIDE id of {colour}, found {found}")
            raise self.error_at(game, side, Message.of(template, colour=side, found=shown(name)))
        index = self.keys.get(key)
        if index is None:
            index = self.keys[key] = len(self.players)
            if name not in _UNKNOWN:
                first = self.names.setdefault(name, index)
                if first != index:
                    template = N_(
                        "{name} is the name of two players, FIDE ids {number} and {number2} (is one of them wrong?)"
                    )
                    message = Message.of(
                        template, name=shown(name), number=_id(self.players[first].fide_id), number2=_id(fide_id)
                    )
                    self.warn(game.line, message)
            elo = tags.get(side + "Elo", "").strip()
            if not _POSITIVE.fullmatch(elo) and elo not in _UNKNOWN and elo.strip("0"):
                template = N_("expected a rating in {tag}, found {found}; the player is read as unrated")
                self.warn(game.line, Message.of(template, tag=f"{side}Elo", found=shown(elo)))
            self.players.append(
                _Player(
                    name=name if name not in _UNKNOWN else str(fide_id),
                    fide_id=fide_id,
                    rating=int(elo) if _POSITIVE.fullmatch(elo) else None,
                    title=_known(tags.get(side + "Title", "")),
                    federation=_known(tags.get(side + "Fed", "")),
                    club=_known(tags.get(side + "Team", "") or tags.get(side + "Club", "")),
                )
            )
        return index

    def round(self, game: _Game) -> RoundNo | None:
        """The round of the ``Round`` tag, its first number (``"3.1"`` is board 1 of round 3)."""
        text = game.tags.get("Round", "").strip()
        found = _ROUND.fullmatch(text)
        if found is not None and int(found.group(1)) > 0:
            return int(found.group(1))
        if _BELOW_FIRST.fullmatch(text):
            self.below_first[len(self.pairings)] = text  # said where assign_rounds places it
        elif text not in _UNKNOWN:
            template = N_("expected a round number in the Round tag, found {found}")
            self.warn(game.line, Message.of(template, found=shown(text)))
        self.unknown_rounds += 1
        return None

    def result(self, game: _Game) -> ResultKind:
        """White's result, from the ``Result`` tag or else the end of the movetext."""
        text = game.tags.get("Result", "").strip()
        if text in _UNKNOWN and game.result:
            text = game.result
        elif game.result and _RESULTS.get(game.result) is not _RESULTS.get(text):
            template = N_("the Result tag {found} differs from the movetext's {result}; the tag is used")
            self.warn(game.line, Message.of(template, found=shown(text), result=repr(game.result)))
        kind = _RESULTS.get(text)
        if kind is None:
            template = N_("expected a result 1-0, 0-1, 1/2-1/2 or *, found {found}")
            raise self.error_at(game, "Result", Message.of(template, found=shown(text)))
        if self.zero_move_forfeits and not game.moved:
            return _FORFEITS.get(kind, kind)
        return kind

    def separate_groups(self) -> int:
        """How many groups of events share no player: each group is a separate event."""
        group = {name: name for name in self.events}

        def root(name: str) -> str:
            while group[name] != name:
                group[name] = group[group[name]]
                name = group[name]
            return name

        first_event: dict[int, str] = {}
        for pairing in self.pairings:
            if not pairing.event:
                continue
            for player in (pairing.white, pairing.black):
                other = first_event.setdefault(player, pairing.event)
                group[root(other)] = root(pairing.event)
        return len({root(name) for name in self.events})

    def several_events(self) -> PgnError:
        """The error of a file of several events read without choosing one."""
        names = list(self.events)
        template = N_(
            "the file holds {count} events: {events}; choose one with --event NAME (the Event tag of its games)"
        )
        message = Message.of(template, count=len(names), events=self.listed(self.events))
        return self.error(message, *self.first_game[names[1]])

    @staticmethod
    def listed(events: Counter[str]) -> Message:
        """Events as a message lists them, in the order of the file: ``'A' (45 games), 'B' (12 games)``."""
        shown_events: list[str | int | Message | Number] = [
            Message.of(
                N_("{name} ({count} games)") if count > 1 else N_("{name} (1 game)"), name=repr(name), count=count
            )
            for name, count in events.items()
        ]
        more = len(shown_events) - _LISTED_EVENTS
        tail = [Message.of(N_("… ({count} more)"), count=more)] if more > 0 else []
        return Message.joined([*shown_events[:_LISTED_EVENTS], *tail])

    def tournament(self) -> Tournament:
        """The event of the games read."""
        numbers = self.number_rounds()
        rounds_of: list[RoundNo] = []
        for pairing in self.pairings:
            round_no = 0 if pairing.round is None else numbers[pairing.round]
            if round_no:
                self.place(pairing, round_no)
            rounds_of.append(round_no)
        if self.unknown_rounds:
            self.assign_rounds(rounds_of)
        rounds = max(rounds_of)
        problem = too_many_results(len(self.players), rounds, self.characters)
        if problem is not None:
            latest = self.pairings[rounds_of.index(rounds)]
            raise self.error(problem, *latest.round_at)
        self.warn_similar_names()
        order = sorted(
            range(len(self.players)),
            key=lambda i: (-(self.players[i].rating or 0), self.players[i].name, self.players[i].fide_id or 0, i),
        )
        start_of: dict[int, StartNo] = {index: start for start, index in enumerate(order, start=1)}
        table: list[list[Entry | None]] = [[None] * rounds for _ in self.players]
        unfinished = 0
        for pairing, round_no in zip(self.pairings, rounds_of, strict=True):
            white, black = start_of[pairing.white], start_of[pairing.black]
            table[pairing.white][round_no - 1] = Entry(round_no, black, Colour.WHITE, pairing.kind)
            table[pairing.black][round_no - 1] = Entry(round_no, white, Colour.BLACK, pairing.kind.complement)
            unfinished += pairing.kind is ResultKind.NOT_PLAYED
        players = tuple(
            Player(
                start=start,
                name=self.players[index].name,
                entries=tuple(
                    entry or Entry(round_no, None, Colour.UNKNOWN, self.absent)
                    for round_no, entry in enumerate(table[index], start=1)
                ),
                title=self.players[index].title,
                rating=self.players[index].rating,
                federation=self.players[index].federation,
                fide_id=self.players[index].fide_id,
                club=self.players[index].club,
            )
            for start, index in enumerate(order, start=1)
        )
        if unfinished:
            template = (
                N_("{count} games not finished (*): the standings are provisional")
                if unfinished > 1
                else N_("{count} game not finished (*): the standings are provisional")
            )
            self.warnings(InputWarning(Message.of(template, count=unfinished), self.path))
        dates = sorted(self.dates)
        return Tournament(
            players=players,
            rounds=rounds,
            round_dates=_round_dates(self.pairings, rounds_of, rounds),
            name=_most_common(self.events),
            city=_most_common(self.sites) or "",
            start_date=dates[0] if dates else "",
            end_date=dates[-1] if dates else "",
        )

    def warn_similar_names(self) -> None:
        """One warning naming the players who may be one spelled two ways (:func:`similar_players`): names
        of one surname and initial, never in the same round, not both with a FIDE id."""
        found = similar_players([(player.name, player.fide_id, player.rounds.keys()) for player in self.players])
        if not found:
            return

        def described(index: int) -> str | int | Message:
            rounds = sorted(self.players[index].rounds)
            template = N_("{name} (rounds {rounds})") if len(rounds) > 1 else N_("{name} (round {rounds})")
            return Message.of(template, name=shown(self.players[index].name), rounds=_spans(rounds))

        groups = _groups(found)
        listed = [Message.listed([described(index) for index in group]) for group in groups]
        if len(groups) == 1:
            if len(groups[0]) == 2:
                template = N_(
                    "{spellings} may be one player spelled two ways: they never play in the same round (write "
                    "each player's name one way in the PGN, or give FIDE ids in WhiteFideId and BlackFideId)"
                )
            else:
                template = N_(
                    "{spellings} may be one player spelled {count} ways: they never play in the same round "
                    "(write each player's name one way in the PGN, or give FIDE ids in WhiteFideId and "
                    "BlackFideId)"
                )
            message = Message.of(template, spellings=listed[0], count=len(groups[0]))
        else:
            shown_groups = listed[:_LISTED_PAIRS]
            if len(groups) > _LISTED_PAIRS:
                shown_groups.append(Message.of(N_("… ({count} more)"), count=len(groups) - _LISTED_PAIRS))
            if all(len(group) == 2 for group in groups):
                template = N_(
                    "{count} players may each be spelled two ways, the spellings never in the same round: "
                    "{spellings} (write each player's name one way in the PGN, or give FIDE ids in "
                    "WhiteFideId and BlackFideId)"
                )
            else:
                template = N_(
                    "{count} players may each be spelled several ways, the spellings never in the same "
                    "round: {spellings} (write each player's name one way in the PGN, or give FIDE ids in "
                    "WhiteFideId and BlackFideId)"
                )
            message = Message.of(template, count=len(groups), spellings=Message.joined(shown_groups, "; "))
        line = min(self.players[groups[0][1]].rounds.values())
        self.warnings(InputWarning(message, self.path, line))

    def number_rounds(self) -> dict[RoundNo, RoundNo]:
        """The round of each number of the ``Round`` tags: itself when they run 1…k, else its rank."""
        numbers = sorted({p.round for p in self.pairings if p.round is not None})
        if numbers != list(range(1, len(numbers) + 1)):
            template = N_("the Round tags give rounds {rounds}, renumbered 1 to {count} in order")
            self.warnings(InputWarning(Message.of(template, rounds=_spans(numbers), count=len(numbers)), self.path))
        return {number: index for index, number in enumerate(numbers, start=1)}

    def place(self, pairing: _Pairing, round_no: RoundNo) -> None:
        """Gives both players of a game their game of a round; raises if one has a game there already."""
        for index in (pairing.white, pairing.black):
            player = self.players[index]
            first = player.rounds.get(round_no)
            if first is not None:
                # The round as the Round tags number it, which the user can find in the file.
                tagged = round_no if pairing.round is None else pairing.round
                template = N_(
                    "{name} has a second game in round {round}, the first at line {number} (expected one game a round)"
                )
                message = Message.of(template, name=shown(player.name), round=tagged, number=first)
                raise _SecondGame(message, path=self.path, line=pairing.round_at[0], column=pairing.round_at[1])
            player.rounds[round_no] = pairing.round_at[0]
            while player.free in player.rounds:
                player.free += 1

    def assign_rounds(self, rounds_of: list[RoundNo]) -> None:
        """Puts each game without a round (0) in the first round in which neither player has a game yet.

        A game whose ``Round`` tag gives a round below 1 is placed so too, and said apart: where the first of
        them went, at its tag (they are no games without a tag).
        """
        untagged = self.unknown_rounds - len(self.below_first)
        if untagged == len(self.pairings):
            self.warnings(InputWarning(Message(N_("no Round tags: rounds assigned by order of appearance")), self.path))
        elif untagged:
            message = Message.ngettext(
                "{count} of {games} games have no Round tag: rounds assigned by order of appearance",
                "{count} of {games} games have no Round tag: rounds assigned by order of appearance",
                untagged,
                games=len(self.pairings),
            )
            self.warnings(InputWarning(message, self.path))
        # Each search starts at the first round either player has free, and so is short in any real file;
        # a file made to search far runs out of the budget instead of taking quadratic time.
        budget = _SEARCH_BUDGET + 2 * len(self.pairings)
        for position, pairing in enumerate(self.pairings):
            if rounds_of[position]:
                continue
            white, black = self.players[pairing.white], self.players[pairing.black]
            round_no = max(white.free, black.free)
            while round_no in white.rounds or round_no in black.rounds:
                round_no += 1
                budget -= 1
                if budget < 0:
                    message = Message(N_("too many games without a Round tag to place in rounds (expected Round tags)"))
                    raise self.error(message, pairing.line)
            self.place(pairing, round_no)
            rounds_of[position] = round_no
        if self.below_first:
            position, text = next(iter(self.below_first.items()))
            count, placed = len(self.below_first), rounds_of[position]
            template = _BELOW_FIRST_ONE if count == 1 else _BELOW_FIRST_MANY
            message = Message.of(template, found=shown(text), round=placed, count=count)
            line, column = self.pairings[position].round_at
            self.warnings(InputWarning(message, self.path, line, column))


_BELOW_FIRST = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]+)*")
"""A ``Round`` tag's number that :data:`_ROUND` does not take: a round below 1 (``0``, ``-1``, ``0.3``)."""
_BELOW_FIRST_ONE = N_(
    "the Round tag gives round {found}, but rounds count from 1: the game is placed in round {round}, the first in "
    "which neither player has a game"
)
_BELOW_FIRST_MANY = N_(
    "the Round tag gives round {found}, but rounds count from 1: the game is placed in round {round}, the first in "
    "which neither player has a game, as is every game whose Round tag gives a round below 1 ({count} games)"
)
_LISTED_EVENTS = 10
"""The events a message lists by name."""
_LISTED_PAIRS = 10
"""The groups of similar names a message lists."""


def _groups(pairs: list[tuple[int, int]]) -> list[list[int]]:
    """Pairs joined into the groups they make where every two of a group are a pair, in order; a chain whose
    ends are no pair stays in its pairs.

    >>> _groups([(0, 1), (0, 2), (1, 2), (3, 4), (4, 5)])
    [[0, 1, 2], [3, 4], [4, 5]]
    """
    linked: dict[int, set[int]] = {}
    for one, other in pairs:
        linked.setdefault(one, set()).add(other)
        linked.setdefault(other, set()).add(one)
    groups: list[list[int]] = []
    seen: set[int] = set()
    for start in sorted(linked):
        if start in seen:
            continue
        component, todo = {start}, [start]
        while todo:
            for neighbour in linked[todo.pop()] - component:
                component.add(neighbour)
                todo.append(neighbour)
        seen |= component
        members = sorted(component)
        if all(linked[member] >= component - {member} for member in members):
            groups.append(members)
        else:
            groups += [[one, other] for one, other in pairs if one in component]
    return groups


def _same_event(name: str, chosen: str) -> bool:
    """Whether an ``Event`` tag names the event chosen: the same text, or the same but for case."""
    return name == chosen or name.casefold() == chosen.casefold()


def _id(fide_id: int | None) -> str:
    return "none" if fide_id is None else str(fide_id)


def _one_line(text: str) -> str:
    """A message of python-chess's on one line, cut when long."""
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:200] + "…"


def _known(value: str) -> str:
    """A tag's value, empty when it says nothing."""
    value = value.strip()
    return "" if value in _UNKNOWN else value


def _most_common(counter: Counter[str]) -> str | None:
    """The value given most often, the first given among equals; ``None`` for none."""
    return counter.most_common(1)[0][0] if counter else None


_RUNS = 12
"""The runs of round numbers a message lists."""


def _spans(numbers: list[int]) -> str | Message:
    """Numbers in increasing order as runs: ``1-3, 5, 7-8``; the first few of many.

    >>> _spans([1, 2, 3, 5, 7, 8])
    '1-3, 5, 7-8'
    >>> str(_spans(list(range(1, 100, 2))))
    '1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, … (38 more)'
    """
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    shown = [str(first) if first == last else f"{first}-{last}" for first, last in runs[:_RUNS]]
    if len(runs) <= _RUNS:
        return ", ".join(shown)
    more = Message.of(N_("… ({count} more)"), count=Number(f"{len(runs) - _RUNS:,}"))
    return Message.joined([*shown, more])
