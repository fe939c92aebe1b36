"""The English templates of the messages the library makes, for the catalogues to translate.

The readers, the options and the tie-break parser write their messages in English, with the values in
them (a name, a column, a found text); :meth:`sonneborn.languages.Language.translate` recognises a
message by its template here and writes the template's translation with the same values. A field
``{message}`` is a message of its own, translated in turn (``round {round}: {message}``); a field's
name says what it matches (:data:`sonneborn.languages.FIELD_PATTERNS`). ``tests/test_issue21_languages.py``
checks that every message of ``tests/data/bad/expected.toml`` is recognised here.

>>> "the file is empty" in MESSAGES
True
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks a text for the catalogues without translating it here (``pybabel extract -k N_``)."""
    return message


MESSAGES: tuple[str, ...] = (
    # Prefixes: where in the file or the option a message belongs.
    N_("round {round}: {message}"),
    N_("{path}: {message}"),
    N_("the file's tie-break list: {message}"),
    N_("the file's tie-break list (record {record}): {message}"),
    N_("point system {system}: {message}"),
    N_("cannot write the event: {message}"),
    # Any reader.
    N_("the file is empty"),
    N_("binary data, not a text file (expected TRF, crosstable, PGN or JSON text)"),
    N_("line of {count} characters (expected at most {limit})"),
    N_("line of more than {count} characters (expected at most {limit})"),
    N_(
        "the file mixes encodings: byte {byte} is not UTF-8, but other text is (read as UTF-8 where it is, "
        "else as Latin-1: check the names)"
    ),
    N_(
        "an HTML page, not a tournament file (expected TRF, crosstable, PGN or JSON text: save the crosstable as CSV "
        "or text)"
    ),
    N_(
        "a Markdown table, which is not read (expected TRF, crosstable, PGN or JSON text: save the crosstable as CSV "
        "or text)"
    ),
    N_("{message}: standings alone cannot be ranked again, they hold no games ({message2})"),
    N_("{message}: a report, not read back as an event ({message2})"),
    N_("write the event instead, from the file they came from: {command} or {command2}"),
    N_("write the crosstable with {command}, which reads back, or the event: {command2}"),
    N_("sonneborn's standings as CSV ({command})"),
    N_("sonneborn's standings as Markdown ({command})"),
    N_("sonneborn's standings page ({command})"),
    N_("sonneborn's standings table ({command})"),
    N_("sonneborn's crosstable as Markdown ({command})"),
    N_("sonneborn's crosstable page ({command})"),
    N_("player {number} has no name (each is shown by his start number only)"),
    N_("players {numbers} have no name (each is shown by his start number only)"),
    N_(
        "the recorded points of {count} player differ from their results, and no bye in a blank round explains "
        "them ({players}); {command} lists them"
    ),
    N_(
        "the recorded points of {count} players differ from their results, and no bye in a blank round explains "
        "them ({players}); {command} lists them"
    ),
    N_("names: {count} written otherwise (control characters as spaces, no blank at the ends): {names}"),
    N_(
        "stated a round robin, but the pairings look like a Swiss: {pairs} never meet, and none of the {count} "
        "players meets all the others, in {played} rounds where a round robin of {players} players has {rounds} "
        "(in a round robin everyone meets everyone; state the kind swiss to rank it as one)"
    ),
    # Crosstables.
    N_(
        "{name}'s result {result} against {opponent} does not complement {other} against {name2} ({where}; expected "
        "{expected})"
    ),
    N_("{name}'s cell against {opponent} holds {count} game, expected {expected} games like the other cells"),
    N_("{name}'s cell against {opponent} holds {count} games, expected {expected} games like the other cells"),
    N_("expected the diagonal marker {marker} in {name}'s own column {number}, found {found}"),
    N_("{name} is the name of two rows, lines {number} and {number2} (is a player entered twice?)"),
    N_(
        "the table is not square: the header numbers {count} result columns, but there are {rows} player rows "
        "(expected a column per row)"
    ),
    N_(
        "the table is not square: {rows} player rows, but the diagonal of {name}'s row is in result column "
        "{number} (expected column {expected}: is a row missing?)"
    ),
    N_("diagonal marker {marker} off the diagonal, in {name}'s cell against {opponent} ({expected})"),
    N_(
        "only one player row found, a crosstable needs two or more (expected a row per player: is the table run "
        "together on one line?)"
    ),
    N_("expected start number {number}, found {found}"),
    N_("{name}'s row has {count} result cells, expected {expected} (one per player row)"),
    N_(
        "unknown result {result} of {name} against {opponent} (expected 1, 0, ½, =, + or -, one per game, or empty "
        "or . for a game not played)"
    ),
    N_(
        "the header has points but no result columns: standings alone cannot be ranked again, they hold no games "
        "(expected a crosstable, with columns numbered 1, 2, … or 1.Rd, 2.Rd, …: export the crosstable instead)"
    ),
    N_("no header row found (expected a row of column labels led by Rk. or #, above a row per player)"),
    N_("expected a result such as {examples}, found {found}"),
    N_("{result} is not mirrored by the row of player {number}, which has {other}"),
    N_("start number {number} is given twice (expected each of {first} to {last} once)"),
    # JSON.
    N_("not valid JSON: {reason}"),
    N_("expected a string, found {found}"),
    N_("expected a point value such as 3, 0.5 or 1/3 (at most 6 digits before and after the point), found {found}"),
    N_("expected {number} rounds, found {found}"),
    N_(
        "no 'tournament' object, only 'standings': standings alone cannot be ranked again, they hold no games "
        "({message})"
    ),
    N_("expected a JSON object with a 'tournament' key, found {found}"),
    N_("unknown key {key} (expected one of {keys})"),
    N_("expected one of {values}, found {found}"),
    N_(
        "player {number} has {result} against {opponent}, but player {number2} has {other} against {number3} "
        "(expected {expected})"
    ),
    N_("the boards give team {number} the result {result}, found {found}"),
    N_("the games give team {number} team {opponent}, found {found}"),
    N_("the MP and GP of a match come from its boards unless the arbiter set them (expected {expected})"),
    N_("a bye ({bye}) has no opponent, found {found}"),
    # PGN.
    N_("expected a result 1-0, 0-1, 1/2-1/2 or *, found {found}"),
    N_("expected the name or FIDE id of {colour}, found {found}"),
    N_("no Round tags: rounds assigned by order of appearance"),
    N_("{name} plays against himself (expected two different players)"),
    N_("{name} is the name of two players, FIDE ids {number} and {number2} (is one of them wrong?)"),
    N_("{name} has a second game in round {round}, the first at line {number} (expected one game a round)"),
    N_('no games found (expected games with tag pairs such as [White "…"])'),
    N_(
        "{count} players may each be spelled two ways, the spellings never in the same round: {spellings} (write "
        "each player's name one way in the PGN, or give FIDE ids in WhiteFideId and BlackFideId)"
    ),
    # TRF.
    N_("record {record} gives player {number} a bye {bye}, but his line records {found} (expected {expected})"),
    N_("record {record} gives player {number} points for {kind}, but his line records {found} (expected {expected})"),
    N_("expected a result code at column {number}, found {found}"),
    N_("expected a result code ({codes}) at column {number}, found {found}"),
    N_(
        "expected a blank at column {number}, found {found} (the block of round {round} takes columns {columns}: is "
        "it shifted?)"
    ),
    N_(
        "player {number} records {result} against {opponent}, but player {number2} records {found} (expected "
        "{expected})"
    ),
    N_("a bye ({bye}) cannot have an opponent, found {found} (expected 0000 or a blank)"),
    N_("player {number} has the same name as player {number2}, {name} (is he entered twice?)"),
    N_("duplicate start number {number}, first given at line {number2} (expected each start number once)"),
    N_("result {result} needs an opponent, found {found} (expected an opponent's start number at columns {columns})"),
    N_("no player records (001) found (expected a line per player starting with 001)"),
    N_("expected an opponent's start number at columns {columns}, found {found}"),
    N_("opponent {number} does not exist (expected a start number from {first} to {last})"),
    N_("player {number} is paired against himself (expected another player's start number)"),
    N_("expected points at columns {columns}, found {found}"),
    N_("expected a rating at columns {columns}, found {found}"),
    N_("expected a start number at columns {columns}, found {found}"),
    N_(
        "record XXR gives {count} rounds, but the file holds results of {rounds} rounds for {players} players "
        "(expected at most {limit})"
    ),
    N_(
        "record XXR gives {count} as the number of rounds, but record XXR at line {number} gave {other} (expected "
        "the number of rounds once, or records that agree)"
    ),
    N_("expected a number of rounds in record XXR, found {found}"),
    N_("players {number} and {number2} both have colour {colour} (expected one w and one b)"),
    N_("start numbers must run 1..{last} without gaps, but {number} is missing"),
    N_("expected a colour w, b or - at column {number}, found {found}"),
    N_("unknown record {record} ignored"),
    N_("expected points for {kind} of at most 6 digits before and after the point, found {found}"),
    N_("record {record} after the player records (expected it before the first 001 line)"),
    # Team files.
    N_(
        "the boards of team {number} ({team}) point at different teams: {boards} (expected one opponent team per match)"
    ),
    N_("player {number} is listed in team {team} and again in team {team2} (expected each player in one team, once)"),
    N_("team {team} lists player {number}, but there are {count} players (expected {first} to {last})"),
    N_(
        "record {record} says the match of team {team} and team {team2} was forfeited, but player {number} played "
        "his game over the board (result {result}; expected + or -)"
    ),
    N_(
        "record {record} puts player {number} on board {board} of team {team}, who is not in that team (expected "
        "a member of it, or 0000)"
    ),
    N_(
        "record {record} gives team {team} the pairing-allocated bye, but its player {number} plays player "
        "{number2} (expected no game in a round without a match)"
    ),
    # Tie-break codes.
    N_("unknown tie-break {name} (valid codes: {codes})"),
    N_(
        "unknown tie-break {name}: did you mean {code}? ({code2} is {definition}; its modifiers: {modifiers}; valid "
        "codes: {codes})"
    ),
    N_(
        "unknown tie-break {name}: did you mean {code}? ({code2} is {definition}, without modifiers; valid codes: "
        "{codes})"
    ),
    N_("unknown modifier {modifier} in {spec} ({code} is {definition}; its modifiers: {modifiers})"),
    N_("{code} does not take {modifier} ({code2} is {definition}, without modifiers)"),
    N_("{code} does not take {modifier} ({code2} is {definition}; its modifiers: {modifiers})"),
    N_("modifier {modifier} needs a count from 1 to 99 such as {example} in {spec}"),
    N_("modifier {modifier} needs a rating from 0 to 9999 such as {example} in {spec}"),
    N_("modifiers {modifier} and {modifier2} contradict each other in {spec} (give one cut or median)"),
    # Point systems.
    N_("the {value} {text} is not a point value such as 3, 0.5 or 1/3 (at most 6 digits before and after the point)"),
    N_("the {value} {text} is not a point value such as 3, 0.5 or 1/3"),
    N_("the {value} {text} is not a point value: separate the values with commas, such as 1,0.5,0"),
    N_("the {value} {text} is not a number (expected a point value such as 3, 0.5 or 1/3)"),
    N_("the {value} {text} divides by zero (expected a number such as 3, 0.5 or 1/3)"),
    N_("the {value} is empty (expected WIN,DRAW,LOSS such as 3,1,0)"),
    N_("expected WIN,DRAW,LOSS such as 3,1,0, found {count} values"),
    N_(
        "a win must be worth more than a loss, found a win of {win} and a loss of {loss} (expected WIN,DRAW,LOSS in "
        "that order, such as 3,1,0)"
    ),
    N_(
        "a draw must be worth no more than a win and no less than a loss, found a draw of {draw} with a win of "
        "{win} and a loss of {loss} (expected WIN,DRAW,LOSS in that order, such as 3,1,0)"
    ),
    N_(
        "a {value} cannot be worth less than nothing, found {found} (only a loss, a forfeit loss or a zero-point "
        "bye may cost points)"
    ),
    N_("unknown key {key}: did you mean {suggestion}? (expected one of {keys})"),
    N_("{key} has no value (expected {example} such as {example2})"),
    N_("unexpected {found}: WIN,DRAW,LOSS come first, then the byes as KEY=VALUE, such as 3,1,0,pairing_bye=1"),
    # --explain.
    N_("{text} names {count} players: {players} (give more of the name, or the start number)"),
    N_("no player's name contains {text} (give a start number from {first} to {last}, or a part of a name)"),
    N_("no player has the start number {number} (give a start number from {first} to {last}, or a part of a name)"),
    # Options and output.
    N_("unknown language {text} (expected one of {languages})"),
    N_("exists; give --force to replace it"),
    N_("cannot write the output: {reason}"),
    N_("cannot read the file: {reason}"),
    N_(
        "whatif ranks a team event's matches by their MP and GP; {code} reads each board's result, which a match "
        "still to be played does not have (choose a list without it)"
    ),
    # Profiles and committed lots (issue 22).
    N_("no profile {text}: {message} (profiles: {names})"),
    N_("unknown profile {text} (profiles: {names})"),
    N_("no tie-break list published by the English Chess Federation was found"),
    N_("no source giving Swiss-Manager's default list was found"),
    N_("Vega's manual (2016) lists its tie-breaks but gives no default order"),
    N_("no source giving a default list of chess-results.com was found (it shows each event's own)"),
    N_("names its own list: give a profile or a list (-t), not both"),
    N_("{text} is a list for team events; this event is not one"),
    N_("{text} is a list for individual events; this event is not one"),
    N_("a secret has at least {number} characters (found {number2})"),
    N_("a secret holds no control character"),
    N_("the standings reveal the secret: draw by it once every result is in (this event is provisional, {message})"),
    N_("after round {round} of {rounds}"),
    N_("{number} game(s) without a result"),
    N_("draws by a seed or by a secret, not both (--lots)"),
    N_("does not match the commitment {text} (its commitment is {commitment})"),
    N_("decided by lot ({drawing})"),
    N_("Remaining ties broken by lot ({drawing})."),
    # Tie-break modifiers, as a legend words them.
    N_("of {code}"),
    N_("cut {number}"),
    N_("median {number}"),
    N_("limit {number} half point"),
    N_("limit {number} half points"),
    N_("forfeits as played"),
    N_("reversed"),
    N_("with Fore Buchholz"),
    N_("K = {number}"),
    N_("unrated at {number}"),
    # Standings after a round and category tables (issue 21).
    N_("the standings are taken after round 1 or later (found {number})"),
    N_("the event has no round played (expected 1 to {number})"),
    N_("the event has 1 round played (expected 1 to {number})"),
    N_("the event has {count} rounds played (expected 1 to {number})"),
    N_("a team event built without a source cannot be taken after a round"),
    N_("unknown category {text} (expected {forms})"),
    N_("category {code}: the event's year is not known (the file gives no date)"),
    N_("categories are of players: a team event's standings rank teams"),
    N_("category tables are written as table, json, csv, md or html"),
    N_("category tables are written as {formats}"),
)
"""Every message template, in English (the message ids of the catalogues)."""

PAGE: tuple[str, ...] = (
    N_("Standings"),
    N_("Crosstable"),
    N_("Rank"),
    N_("Name"),
    N_("Rating"),
    N_("Points"),
    N_("Tie-breaks"),
    N_("Rules"),
    N_("Choose a file"),
    N_("Rank the file"),
    N_("ranking…"),
    N_("Download"),
    N_("Print"),
    N_("Language"),
    N_("Search by name, start number, federation or club"),
    N_("Previous page"),
    N_("Next page"),
    N_("How it was worked out"),
    N_("Try the example"),
)
"""The web page's texts (:func:`sonneborn.languages.page_catalogue`)."""

WORDS: tuple[str, ...] = (
    # Translators: table headings (rank, start number, name, rating, points); keep them short.
    N_("Rk"),
    N_("No"),
    N_("Name"),
    N_("Rtg"),
    N_("Pts"),
    N_("Players"),
    N_("Teams"),
    N_("points"),
    N_("match points"),
    N_("game points"),
    N_("error"),
    N_("warning"),
    # Translators: a category table's headings: the place in the category, the overall rank is Rk.
    N_("Pl"),
    N_("place in the category"),
    N_("overall rank"),
)
"""Texts the code picks among rather than writes out: table headings, what the rows are, the score names."""

TIEBREAK_NAMES: tuple[str, ...] = (
    N_("Average of opponents' Buchholz"),
    N_("Average perfect performance of opponents"),
    N_("Average performance rating of opponents"),
    N_("Average rating of opponents"),
    N_("Board count"),
    N_("Bottom board elimination"),
    N_("Buchholz"),
    N_("Direct encounter"),
    N_("Extended Sonneborn–Berger (game points × GP)"),
    N_("Extended Sonneborn–Berger (game points × MP)"),
    N_("Extended Sonneborn–Berger (match points × GP)"),
    N_("Extended Sonneborn–Berger (match points × MP)"),
    N_("Extended direct encounter"),
    N_("Extended direct encounter, then board count and bottom board elimination"),
    N_("Extended direct encounter, then board count and top board result"),
    N_("Extended direct encounter, then bottom board elimination"),
    N_("Extended direct encounter, then top board result"),
    N_("Fore Buchholz"),
    N_("Games one elected to play (2023 name of REP)"),
    N_("Games played with Black"),
    N_("Games won over the board"),
    N_("Games won with Black"),
    N_("Gelbfuhs"),
    N_("Koya"),
    N_("Match points v game points"),
    N_("Non-Neustadtl Sonneborn–Berger"),
    N_("Number of wins"),
    N_("Perfect tournament performance"),
    N_("Points"),
    N_("Progressive score"),
    N_("Rating"),
    N_("Rounds one elected to play"),
    N_("Solkoff (USCF)"),
    N_("Modified median (USCF)"),
    N_("Cumulative (USCF)"),
    N_("Opposition's cumulative (USCF)"),
    N_("Sonneborn–Berger (Neustadtl)"),
    N_("Standard points"),
    N_("Sum of the secondary score and a fraction of Buchholz"),
    N_("Top board result"),
    N_("Tournament pairing number"),
    N_("Tournament performance rating"),
)
"""The registered tie-breaks' names (:data:`sonneborn.tiebreaks.REGISTRY`; a test keeps the two alike)."""
