"""The ``sonneborn`` command: standings ranked by tie-breaks, explained.

Library errors become user errors here and nowhere else: one line
``sonneborn: error: FILE:LINE:COL: …`` on stderr and exit status 2.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Callable, Iterable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from sonneborn.boardprizes import BoardOrder
from sonneborn.errors import (
    InputError,
    InputWarning,
    OptionError,
    OutputError,
    TiebreakError,
    WriteError,
    excerpt,
    said_of,
)
from sonneborn.formats import FORMATS, ReadOptions
from sonneborn.languages import ENGLISH, LANGUAGES, Language, from_environment, language, parse_language
from sonneborn.messages import N_, Message, said
from sonneborn.model import EventKind
from sonneborn.tiebreaks import REGISTRY
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules

# Renderers, reports and the ranking itself are imported where they are used:
# a command pays only for what it needs, and answers quickly.
if TYPE_CHECKING:
    from sonneborn.cluster import Executor
    from sonneborn.pipeline import Reading, Request
    from sonneborn.ranking import Standings
    from sonneborn.teams import TeamEvent

OUTPUT_FORMATS = ("table", "json", "csv", "html", "md", "trf")
"""The formats of ``standings -f`` (the keys of :data:`sonneborn.render.RENDERERS`)."""
CONVERT_FORMATS = ("trf", "json", "tsv", "csv", "pgn", "html", "md")
"""The targets of ``convert --to`` (the keys of :data:`sonneborn.convert.WRITERS`)."""

F = TypeVar("F", bound=Callable[..., Any])

TIEBREAK_HELP = "Tie-break codes in order, comma-separated (" + ", ".join(sorted(REGISTRY)) + "), e.g. SB,DE,WIN."


def _language() -> Language:
    """The language of the messages and tables: ``--lang``, else the environment's (as gettext reads it)."""
    context = click.get_current_context(silent=True)
    chosen = ((context.find_root().obj or {}).get("lang") if context is not None else None) or from_environment()
    return language(chosen)


def _usage(message: str | Message) -> click.UsageError:
    """A usage error (click's frame, its ``Usage:`` line) whose message is in the language."""
    return click.UsageError(_language().message(said(message)))


def _located(where: str, message: str | Message, lang: Language) -> str:
    """A message in the language, after its place in a file (``FILE:LINE:COL``) when it has one."""
    text = lang.message(message)
    return f"{where}: {text}" if where else text


def _error(message: str) -> None:
    lang = _language()
    click.echo(f"sonneborn: {lang.gettext('error')}: {message}", err=True)


def _say(warnings: Iterable[InputWarning]) -> None:
    """Prints warnings on standard error, one line each, in the language asked for."""
    lang = _language()
    for warning in warnings:
        click.echo(f"sonneborn: {lang.gettext('warning')}: {_located(warning.where, warning.text, lang)}", err=True)


def _shown_source(error: InputError, lang: Language) -> list[str]:
    """The lines under an input error's first line: the format the file was read as and why, then the line it
    names with a caret under the column (TRF's fixed columns included), as compilers show them.

    A line of the file is shown as it is, so that its tabs and wide characters line up with the caret's."""
    shown = [] if error.why is None else ["  " + lang.message(error.why)]
    if error.line_text is not None and error.line:
        number = str(error.line)
        if error.column:
            text, caret = excerpt(error.line_text, error.column)
            shown += [f"  {number} | {text}", f"  {' ' * len(number)} | {caret}"]
        else:
            shown.append(f"  {number} | {excerpt(error.line_text, 1)[0]}")
    return shown


class _ClosedOutput(io.TextIOBase):
    """Standard output when the process has none (``sonneborn … >&-``): nothing to write is fine, the first
    thing to write is the error, on one line, and a command that writes only files runs as usual."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        if text:
            raise OSError(errno.EBADF, "standard output is closed")
        return 0


def _quiet_stdout() -> None:
    """Points standard output at the null device, so that nothing is left to write (or fail) at exit."""
    with contextlib.suppress(OSError, ValueError):  # no descriptor behind it (closed, or not a file)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _user_errors(command: F) -> F:
    """Turns the library's errors into one line on stderr and exit status 2.

    Any other exception is a bug: one line too, naming it, unless ``--debug``
    asks for its traceback. Click's own exceptions pass through.
    """

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if sys.stdout is None:
            sys.stdout = _ClosedOutput()
        try:
            result = command(*args, **kwargs)
            sys.stdout.flush()  # a full disk says so here, as an error, not at exit
            return result
        except InputError as error:
            _error(_located(error.where, error.text, _language()))
            for line in _shown_source(error, _language()):
                click.echo(line, err=True)
            sys.exit(2)
        except TiebreakError as error:
            _error(_language().message(error.text))
            sys.exit(2)
        except OptionError as error:
            # An argument is named as the usage line names it (SECRET), an option as it is typed.
            named = error.option if error.option.isupper() else f"--{error.option.replace('_', '-')}"
            _error(f"{named}: {_language().message(error.text)}")
            sys.exit(2)
        except WriteError as error:
            _error(_language().message(Message.of(N_("cannot write the event: {message}"), message=error.text)))
            sys.exit(2)
        except OutputError as error:
            _error(_located(error.path, error.text, _language()))
            sys.exit(2)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # The reader of the output went away (`| head`): stop quietly, as a process ended by SIGPIPE.
            _quiet_stdout()
            sys.exit(128 + 13)
        except OSError as error:
            # Reading errors are InputErrors by now: what is left is the output (a full disk, a closed file).
            _quiet_stdout()
            reason = error.strerror or str(error)
            _error(
                _located("<stdout>", Message.of(N_("cannot write the output: {reason}"), reason=reason), _language())
            )
            sys.exit(2)
        except Exception as error:
            if (click.get_current_context().find_root().obj or {}).get("debug"):
                raise
            message = " ".join(f"{type(error).__name__}: {error}".split())[:500]
            _error(f"internal error: {message} (run with --debug for the details)")
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sonneborn")
@click.option("--no-color", is_flag=True, help="No colour in terminal tables (also when NO_COLOR is set).")
@click.option("--debug", is_flag=True, help="Show the traceback of an unexpected error (a bug) instead of one line.")
@click.option(
    "--lang",
    metavar="LANG",
    callback=lambda ctx, param, value: _lang_option(ctx, param, value),
    expose_value=False,
    help=f"Language of tables, reports and messages ({', '.join(LANGUAGES)}; default: from LC_ALL, LC_MESSAGES, LANG).",
)
@click.pass_context
def cli(ctx: click.Context, no_color: bool, debug: bool) -> None:
    """Chess tournament standings ranked by tie-breaks, each value exact and explained."""
    ctx.obj = {**(ctx.obj or {}), "no_color": no_color, "debug": debug}


_EVENT_OPTIONS = [
    click.option("--input-format", type=click.Choice(FORMATS), help="Read the file as this format (default: detect)."),
    click.option(
        "--kind",
        type=click.Choice([k.value for k in EventKind]),
        help="State round robin or Swiss (default: the file's, else detected from the pairings).",
    ),
    click.option(
        "--points",
        "point_system",
        metavar="W,D,L",
        help="Point system, e.g. 3,1,0 (default: the file's, else 1,0.5,0); byes as key=value: pairing_bye=1. "
        "In a team event, the game points of each board.",
    ),
    click.option(
        "--match-points",
        metavar="W,D,L",
        help="A team event's match points for a won, drawn and lost match, e.g. 3,1,0 (default: the file's, "
        "record 362, else 2,1,0).",
    ),
    click.option(
        "--unrated-rating",
        type=int,
        metavar="N",
        help="Rating assumed for unrated players in the rating tie-breaks (else they are dropped, C.07 10).",
    ),
    click.option(
        "--zero-move-forfeits", is_flag=True, help="PGN: a decisive game without moves is a forfeit, not a game."
    ),
    click.option(
        "--absent-as",
        type=click.Choice(["zero", "half"]),
        default="zero",
        show_default=True,
        help="PGN: what a round without a game counts, a zero- or a half-point bye.",
    ),
    click.option(
        "--event",
        "event_name",
        metavar="NAME",
        help="PGN: read the games of this event only (its Event tag), in a file of several events.",
    ),
]


def _event_options(command: F) -> F:
    """The options that say how to read the event, shared by every command that reads one."""
    for option in reversed(_EVENT_OPTIONS):
        command = option(command)
    return command


def _rules_option(*, multiple: bool) -> Callable[[F], F]:
    if multiple:
        return click.option(
            "--rules",
            default=DEFAULT_RULES.value,
            show_default=True,
            metavar="EDITIONS",
            help="Comma-separated rule editions to compare (" + ", ".join(r.value for r in Rules) + ").",
        )
    return click.option(
        "--rules",
        type=click.Choice([r.value for r in Rules], case_sensitive=False),
        default=None,
        help=f"FIDE rule edition for unplayed rounds (C.07 Art. 16; fide-2009 = virtual opponent). Default: the "
        f"file's (a TRF sonneborn wrote states it, record XXT), else {DEFAULT_RULES.value}.",
    )


_AFTER_ROUND = click.option(
    "--after-round",
    type=int,
    metavar="N",
    help="The standings as they stood after round N, the later rounds not played yet (with the tie-breaks of "
    "standings taken during the event: FB is BH before the final round, C.07 8.3).",
)


def _profile_option(command: F) -> F:
    """``--profile NAME``: a named list instead of ``-t``."""
    return click.option(
        "--profile",
        metavar="NAME",
        help="Rank by a named list (fide-swiss, fide-rr, fide-team, sharly-chess, uscf; `sonneborn profiles` gives "
        "each list and its source) instead of the file's; not with -t.",
    )(command)


def _executor_options(command: F) -> F:
    """``--executor local|dask`` and ``--scheduler ADDRESS``: where the work runs, for ``batch`` and ``whatif``
    (checked by :func:`sonneborn.cluster.check_executor`)."""
    command = click.option(
        "--scheduler", metavar="ADDRESS", help="With --executor dask: the scheduler, e.g. tcp://host:8786."
    )(command)
    return click.option(
        "--executor",
        type=click.Choice(["local", "dask"]),
        default="local",
        show_default=True,
        help="This machine's cores, or a Dask cluster (pip install sonneborn[dask]).",
    )(command)


def _request(
    *,
    kind: str | None,
    point_system: str | None,
    tiebreaks: str | None = None,
    profile: str | None = None,
    rank_by: str | None = None,
    rules: str | None = None,
    lots: int | None = None,
    lots_secret: str | None = None,
    unrated_rating: int | None = None,
    primary: str | None = None,
    match_points: str | None = None,
    after_round: int | None = None,
    category: tuple[str, ...] = (),
    **reading: Any,
) -> Request:
    """The options of the ranking, parsed once, here."""
    from sonneborn.pipeline import Request

    return Request.parse(
        tiebreaks=tiebreaks,
        profile=profile,
        rank_by=rank_by,
        rules=rules,
        points=point_system,
        kind=kind,
        lots=lots,
        lots_secret=lots_secret,
        unrated_rating=unrated_rating,
        primary=primary,
        match_points=match_points,
        after_round=after_round,
        category=category,
    )


def _read(
    file: str,
    *,
    input_format: str | None,
    zero_move_forfeits: bool = False,
    absent_as: str = "zero",
    event_name: str | None = None,
    **request: Any,
) -> Reading:
    """Reads the event file, saying the reader's warnings."""
    from sonneborn.pipeline import read

    options = ReadOptions(zero_move_forfeits=zero_move_forfeits, absent_as=absent_as, event=event_name)
    reading = read(file, input_format=input_format, options=options)
    _say(reading.warnings)
    return reading


def _rank(reading: Reading, request: Request) -> Standings:
    """The standings of a reading, saying the ranking's warnings."""
    from sonneborn.pipeline import standings

    result = standings(reading, request)
    _say(result.warnings)
    return result


@cli.command(
    epilog="""\b
Examples:
  sonneborn standings event.trf
  sonneborn standings crosstable.tsv -t SB,DE,WIN --explain 1
  sonneborn standings games.pgn --explain carlsen
  sonneborn standings crosstable.tsv --rank-by GF -f json
  sonneborn standings swiss.trf --rules fide-2023 -t BH/C1,BH,SB
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP)
@_profile_option
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(OUTPUT_FORMATS),
    default="table",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--explain",
    "explain",
    metavar="PLAYER",
    multiple=True,
    help="Show each value of this player as the sum it came from: his start number, or his name or a part of it "
    "that only he has (case and accents aside); repeatable.",
)
@click.option(
    "--with-event",
    is_flag=True,
    help="With -f json: add the tournament object (every round), so the file can be read back as an event.",
)
@click.option(
    "--csv",
    "dialect",
    type=click.Choice(["plain", "excel"]),
    help="CSV for a spreadsheet (implies -f csv): excel writes a BOM, and ; with decimal commas in a language that "
    "writes a decimal comma (--lang es); plain is the default, the same in every language.",
)
@click.option("--rank-by", metavar="CODE", help="Rank by a weighted score (SB, GF or NNSB) instead of points.")
@click.option("--lots", metavar="SEED", type=int, help="Break the ties left after the list by a reproducible draw.")
@click.option(
    "--lots-secret",
    metavar="SECRET",
    help="Break them by a draw anyone can verify: the secret whose commitment was published (docs/lots.md).",
)
@click.option(
    "--primary",
    type=click.Choice(["MP", "GP"], case_sensitive=False),
    help="A team event's score to rank by: match points (the default) or game points.",
)
@click.option(
    "--category",
    metavar="SPEC",
    multiple=True,
    help="Print the table of a category instead, the overall order filtered as prize lists are (place in it, "
    "overall rank beside): women, U8…U20 or 50+ 65+ (age in the event's calendar year), rating:<2000, "
    "rating:1800-1999, fed:IRL; joined by + (women+U16); repeatable.",
)
@_AFTER_ROUND
@_rules_option(multiple=False)
@_event_options
@_user_errors
def standings(
    file: str,
    tiebreaks: str | None,
    profile: str | None,
    fmt: str,
    explain: tuple[str, ...],
    with_event: bool,
    dialect: str | None,
    rank_by: str | None,
    lots: int | None,
    lots_secret: str | None,
    primary: str | None,
    rules: str | None,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Print the standings of FILE (TRF, PGN, JSON or crosstable; - reads standard input); a team file's, of
    its teams."""
    if with_event and fmt != "json":
        raise _usage(Message(N_("--with-event goes with -f json")))
    if dialect is not None:
        if click.get_current_context().get_parameter_source("fmt") is click.core.ParameterSource.COMMANDLINE and (
            fmt != "csv"
        ):
            raise _usage(Message.of(N_("--csv goes with -f csv, not -f {format}"), format=fmt))
        fmt = "csv"
    request = _request(tiebreaks=tiebreaks, profile=profile, rank_by=rank_by, rules=rules, lots=lots,
                       lots_secret=lots_secret, unrated_rating=unrated_rating, primary=primary, **event)  # fmt: skip
    if request.categories and (fmt == "trf" or with_event):
        message = Message(N_("category tables are written as table, json, csv, md or html"))
        raise OptionError(message, option="category")
    reading = _read(file, **event)
    starts = tuple(_player(reading, text) for text in explain)
    result = _rank(reading, request)
    _say_recorded(reading, request, result)
    if request.categories:
        from sonneborn.pipeline import category_tables
        from sonneborn.render import render_categories

        tables = category_tables(result, request.categories)
        if fmt == "table":
            from sonneborn.render.text import render_categories_table

            color, width = _terminal()
            _write_output(render_categories_table(tables, color=color, width=width, lang=_language()), document=False)
        else:
            _write_output(render_categories(tables, fmt, lang=_language(), dialect=dialect or "plain"))
        _print_explanations(result, starts, to_stderr=fmt != "table")
        return
    if with_event and result.event.teams is not None:
        from sonneborn.formats.jsonteams import write_json_teams
        from sonneborn.render.json import standings_data
        from sonneborn.teams import teams_of

        _write_output(write_json_teams(teams_of(result.event), standings_data(result)))
    elif with_event:
        from sonneborn.formats.jsonio import write_json
        from sonneborn.render.json import standings_data

        _write_output(write_json(result.tournament, standings_data(result)))
    elif fmt == "json":
        from sonneborn.render.json import iter_json

        for piece in iter_json(result):
            _write_output(piece)
    elif fmt == "table":
        _write_output(_table(result), document=False)
    else:
        from sonneborn.render import render

        _write_output(render(result, fmt, lang=_language(), dialect=dialect or "plain"))
        if fmt == "trf":  # its points column is the results', where a file's own totals were; names on a line
            from sonneborn.formats.lines import changed_names
            from sonneborn.recorded import written_otherwise

            notes = [written_otherwise(result.event), changed_names(result.event.roster.names)[1]]
            _say([InputWarning(note, "<stdout>") for note in notes if note])
    _print_explanations(result, starts, to_stderr=fmt != "table")


def _say_recorded(reading: Reading, request: Request, result: Standings) -> None:
    from sonneborn.pipeline import recorded_warning

    warning = recorded_warning(reading, request, result)
    if warning is not None:
        _say([warning])


@cli.command(
    epilog="""\b
Examples:
  sonneborn whatif event.trf
  sonneborn whatif event.trf --places 3 -f json
  sonneborn whatif swiss.trf --method simulation --runs 10000 --seed 7 -j 2
  sonneborn whatif swiss.trf --executor dask --scheduler tcp://10.0.0.5:8786
  sonneborn whatif crosstable.tsv --draw-rate 0.5
  sonneborn whatif event.trf --set 9.1=1-0 --set 9.2=1/2-1/2
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP)
@_profile_option
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output format.",
)
@click.option("--places", type=click.IntRange(min=1), default=3, show_default=True,
              help="The prize places asked about: who has clinched or can still reach each.")  # fmt: skip
@click.option(
    "--method",
    type=click.Choice(["auto", "exact", "simulation"]),
    default="auto",
    show_default=True,
    help="Exact enumeration of every outcome, or a simulation; auto: exact when the outcomes are few.",
)
@click.option("--runs", type=click.IntRange(min=1, max=10_000_000), default=10_000, show_default=True,
              help="Runs of the simulation.")  # fmt: skip
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the simulation (the same runs each time)."
)
@click.option(
    "--draw-rate",
    type=click.FloatRange(0, 1, max_open=True),
    default=None,
    help="Chance of a draw between even players (default: from their ratings, docs/whatif.md).",
)
@click.option("-j", "--jobs", type=click.IntRange(min=1, max=64), default=1, show_default=True,
              help="Processes the simulation's runs are spread over (the local executor).")  # fmt: skip
@_executor_options
@click.option("--chances", is_flag=True, help="With the exact method: each place's chance under the model too.")
@click.option(
    "--proof-effort",
    type=click.IntRange(min=1, max=10_000),
    default=1,
    show_default=True,
    metavar="K",
    help="With a simulation: K times the search that proves the best and worst places (more of them exact, in "
    "about K times its time).",
)
@click.option(
    "--set",
    "fixed",
    metavar="R.B=RESULT",
    multiple=True,
    help="Fix a game still to be played: round R, board B (as the round view numbers them), the result from "
    "White's side (1-0, 1/2-1/2, 0-1; a match's 2.5-1.5); several by commas or repeated.",
)
@click.option(
    "--primary",
    type=click.Choice(["MP", "GP"], case_sensitive=False),
    help="A team event's score to rank by: match points (the default) or game points.",
)
@click.option(
    "--after-round",
    type=int,
    metavar="N",
    help="Ask as it stood after round N: the file's later results set aside, round N+1 with the pairings it was "
    "given (its games still to be played), the rounds after it known only as scores (a round robin's keep their "
    "pairings: its schedule).",
)
@_rules_option(multiple=False)
@_event_options
@_user_errors
def whatif(
    file: str,
    tiebreaks: str | None,
    profile: str | None,
    fmt: str,
    places: int,
    method: str,
    runs: int,
    seed: int,
    draw_rate: float | None,
    jobs: int,
    executor: Executor,
    scheduler: str | None,
    chances: bool,
    proof_effort: int,
    fixed: tuple[str, ...],
    primary: str | None,
    rules: str | None,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Who can still win FILE's event or reach each prize place: every player's best and worst final place
    under the points and the whole tie-break list, exactly or by simulation (docs/whatif.md)."""
    from sonneborn.cluster import check_executor
    from sonneborn.render.whatif import whatif_json, whatif_text
    from sonneborn.whatif import Model, parse_fixed, what_if

    check_executor(executor, scheduler)  # before the file is read
    request = _request(
        tiebreaks=tiebreaks, profile=profile, rules=rules, unrated_rating=unrated_rating, primary=primary, **event
    )
    reading = _read(file, **event)
    try:
        answer = what_if(
            reading,
            request,
            places=places,
            model=Model(draw_rate),
            method=None if method == "auto" else "exact" if method == "exact" else "simulation",
            runs=runs,
            seed=seed,
            jobs=jobs,
            executor=executor,
            scheduler=scheduler,
            with_chances=chances,
            fixed=parse_fixed(fixed),
            proof_effort=proof_effort,
        )
    except OptionError as error:  # the library's (and the API's) name of --set
        raise OptionError(error.text, option="set" if error.option == "results" else error.option) from None
    _say(answer.now.warnings)
    _write_output(whatif_json(answer) if fmt == "json" else whatif_text(answer, _language()), document=fmt == "json")


@cli.group()
def lots() -> None:
    """Draw lots anyone can verify: a secret committed to before the event, revealed after it (docs/lots.md)."""


@lots.command(
    "commit",
    epilog="""\b
Example:
  sonneborn lots commit "$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
""",
)
@click.argument("secret")
@_user_errors
def lots_commit(secret: str) -> None:
    """Print the commitment of SECRET (at least 16 characters; - reads it from the first line of standard input,
    out of the shell's history), to publish before round 1."""
    from sonneborn.lots import check_secret, commitment

    if secret == "-":
        secret = sys.stdin.readline().rstrip("\r\n")
    check_secret(secret, option="SECRET")
    click.echo(commitment(secret))


@lots.command(
    "verify",
    epilog="""\b
Exit status: 0 when the secret matches the commitment, 2 when it does not (or the file cannot be read).
Example:
  sonneborn lots verify event.trf --secret 5f1c… --commitment 9a0e…
""",
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--secret", required=True, help="The secret the arbiter revealed after the event.")
@click.option("--commitment", "published", required=True, metavar="HASH", help="The commitment he published before.")
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP + " Default: the file's own list.")
@_profile_option
@click.option("-f", "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@_rules_option(multiple=False)
@_event_options
@_user_errors
def lots_verify(
    file: str,
    secret: str,
    published: str,
    tiebreaks: str | None,
    profile: str | None,
    fmt: str,
    rules: str | None,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Check SECRET against the published commitment, then print the standings of FILE with the draw it gives
    and every drawn participant's ticket."""
    from sonneborn.lots import CommittedDraw, check_secret, commitment

    check_secret(secret, option="secret")
    if commitment(secret) != published.strip().lower():
        template = N_("does not match the commitment {text} (its commitment is {commitment})")
        given = repr(published.strip()[:64])
        raise OptionError(Message.of(template, text=given, commitment=commitment(secret)), option="secret")
    request = _request(
        tiebreaks=tiebreaks, profile=profile, rules=rules, lots_secret=secret, unrated_rating=unrated_rating, **event
    )
    result = _rank(_read(file, **event), request)
    if fmt == "json":
        from sonneborn.render.json import iter_json

        for piece in iter_json(result):
            _write_output(piece)
        return
    _write_output(_table(result), document=False)
    drawing = result.drawing
    assert isinstance(drawing, CommittedDraw)
    lang = _language()
    matched = N_("The secret matches the commitment; the results hashed to {hash}.")
    click.echo("\n" + lang.message(Message.of(matched, hash=drawing.results)))
    from sonneborn.render.cells import terminal_text

    names = result.event.roster.names
    for row in result.order.tolist():
        if result.by_lot[row]:
            line = Message.of(N_("place {place}: #{start} {name}, ticket {ticket}"), place=int(result.ranks[row]),
                              start=row + 1, name=names[row], ticket=drawing.tickets[row])  # fmt: skip
            click.echo(terminal_text(lang.message(line)))


def _player(reading: Reading, text: str) -> int:
    """The start number of the player ``--explain`` names (a start number, or a part of a name); of a team
    event, the team's number or name."""
    from sonneborn.explain import find_player

    return find_player(reading.competitors, text, option="explain", noun="player" if reading.teams is None else "team")


@cli.command(
    epilog="""\b
Examples:
  sonneborn crosstable crosstable.tsv -t SB
  sonneborn crosstable swiss.trf -f html > crosstable.html
  sonneborn crosstable teams.trf --team 3
  sonneborn crosstable teams.trf --boards --min-games 5 --board-order performance
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP)
@_profile_option
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "html", "md", "csv"]),
    default="table",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--boards",
    is_flag=True,
    help="A team file's players board by board (board prizes): points over games on each board, forfeits counted, "
    "and the performance rating there (C.07 10.2 over the games on that board).",
)
@click.option(
    "--min-games",
    type=click.IntRange(min=0),
    metavar="N",
    help="With --boards: the games a player needs on a board to be ranked there; the others follow, not ranked.",
)
@click.option(
    "--board-order",
    type=click.Choice([order.value for order in BoardOrder]),
    help="With --boards: rank each board by percentage (the default), performance rating or points.",
)
@click.option(
    "--team",
    metavar="TEAM",
    help="A team file's card of one team, by its number or a part of its name: its matches round by round with "
    "every board, then its players board by board.",
)
@_AFTER_ROUND
@_rules_option(multiple=False)
@_event_options
@_user_errors
def crosstable(
    file: str,
    tiebreaks: str | None,
    profile: str | None,
    fmt: str,
    boards: bool,
    min_games: int | None,
    board_order: str | None,
    team: str | None,
    rules: str | None,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Print the crosstable of FILE: players in final order, their games, points and tie-breaks.

    A round robin is a grid with X on the diagonal; a Swiss event lists each
    round's opponent, colour and result (12w1 5b½ …). A team file's is the
    match crosstable: each match's game points with its match points in
    brackets (3½ (2)), and the teams' MP and GP; --team T gives one team's
    card, --boards the board prizes.
    """
    from sonneborn.render.crosstable import (
        build_crosstable,
        crosstable_csv,
        crosstable_data,
        crosstable_markdown,
        crosstable_text,
    )
    from sonneborn.render.teamcrosstable import build_team_crosstable, team_crosstable_data

    if not boards:
        for name, value in (("min_games", min_games), ("board_order", board_order)):
            if value is not None:
                raise OptionError(Message(N_("goes with --boards (the board prizes)")), option=name)
    if boards and team is not None:
        message = Message(N_("is one team's card; --boards lists every board's players: give one of them"))
        raise OptionError(message, option="team")
    request = _request(tiebreaks=tiebreaks, profile=profile, rules=rules, unrated_rating=unrated_rating, **event)
    reading = _read(file, **event)
    for name, asked in (("boards", boards), ("team", team is not None)):
        if asked and reading.teams is None:
            raise OptionError(Message(N_("is for a team file; this file is an individual event")), option=name)
    if boards:
        _board_prizes(reading, request, fmt, min_games=min_games or 0, order=BoardOrder(board_order or "percentage"))
        return
    number = None if team is None else _team_number(reading, team)
    result = _rank(reading, request)
    teams = result.event.teams is not None
    if number is not None:
        _team_card(result, number, fmt)
        return
    if fmt == "json":
        import json

        data = team_crosstable_data(result) if teams else crosstable_data(build_crosstable(result))
        _write_output(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    table = build_team_crosstable(result) if teams else build_crosstable(result)
    if fmt == "html":
        from sonneborn.render.html import render_crosstable_page, render_team_crosstable_page

        if teams:
            _write_output(render_team_crosstable_page(table, result, _language()))
        else:
            _write_output(render_crosstable_page(table, result, lang=_language()))
        return
    lang = _language() if fmt == "table" else ENGLISH  # Markdown and CSV are the same in every language
    if fmt == "table":
        _write_output(crosstable_text(table, lang), document=False)
    else:
        _write_output(crosstable_csv(table) if fmt == "csv" else crosstable_markdown(table), document=True)
    if fmt != "csv":  # the codes' names and what a reader must know (after round 4 of 9), as under the standings
        from sonneborn.render.cells import legend, notes
        from sonneborn.render.crosstable import escape_markdown
        from sonneborn.render.teamcrosstable import adjustment_notes

        named = legend(result, lang)
        found = [*map(lang.message, adjustment_notes(result)), *notes(result, lang)] if teams else notes(result, lang)
        for note in [named, *found] if named else found:
            click.echo("\n" + escape_markdown(note) if fmt == "md" else note)


def _team_number(reading: Reading, text: str) -> int:
    """The number of the team ``--team`` names, as ``--explain`` finds one (its number, or a part of its name)."""
    from sonneborn.explain import find_player

    return find_player(reading.competitors, text, option="team", noun="team")


def _board_prizes(reading: Reading, request: Request, fmt: str, *, min_games: int, order: BoardOrder) -> None:
    """``crosstable --boards``: every board's players in prize order, then the order and eligibility in words."""
    from sonneborn.boardprizes import board_prizes
    from sonneborn.pipeline import prepared
    from sonneborn.render.crosstable import (
        crosstable_csv,
        crosstable_markdown,
        crosstable_text,
        escape_markdown,
    )
    from sonneborn.render.teamcrosstable import board_notes, build_board_table
    from sonneborn.teams import teams_of

    # The teams under the request's points (--points, --match-points), as the standings have them.
    result = _rank(reading, request) if fmt == "html" else None
    teams = teams_of(result.event if result is not None else prepared(reading, request))
    prizes = board_prizes(teams, order=order, min_games=min_games, unrated_rating=request.unrated_rating)
    table, notes = build_board_table(teams, prizes), board_notes(prizes)
    if result is not None:
        from sonneborn.render.html import render_board_prizes_page

        _write_output(render_board_prizes_page(table, notes, result, _language()))
    elif fmt == "json":
        import json

        from sonneborn.render.teamcrosstable import board_prizes_data

        data = board_prizes_data(teams, prizes, min_games=min_games)
        _write_output(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        lang = _language()  # the table and Markdown in the language; CSV is the same in every language
        if fmt == "csv":
            _write_output(crosstable_csv(table), document=True)
            return
        writer = crosstable_text if fmt == "table" else crosstable_markdown
        _write_output(writer(table, lang), document=fmt != "table")
        for note in map(lang.message, notes):
            click.echo("\n" + escape_markdown(note) if fmt == "md" else note)


def _team_card(result: Standings, number: int, fmt: str) -> None:
    """``crosstable --team T``: one team's card in the format asked for."""
    from sonneborn.render.teamcard import (
        build_team_card,
        team_card_csv,
        team_card_data,
        team_card_markdown,
        team_card_text,
    )

    if fmt == "json":
        import json

        _write_output(json.dumps(team_card_data(result, number), ensure_ascii=False, indent=2) + "\n")
        return
    card = build_team_card(result, number)
    if fmt == "html":
        from sonneborn.render.html import render_team_card_page

        _write_output(render_team_card_page(card, result, _language()))
        return
    if fmt == "table":  # the terminal's and the Markdown card in the language; CSV is the same in every language
        _write_output(team_card_text(card, _language()), document=False)
    elif fmt == "md":
        _write_output(team_card_markdown(card, _language()), document=True)
    else:
        _write_output(team_card_csv(card), document=True)


@cli.command(
    epilog="""\b
Exit status: 0 when everything recorded agrees, 1 when something does not, 2 when the file cannot be read.
Example:
  sonneborn check event.trf
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-t", "--tiebreaks", metavar="LIST", help="The list the ranks were decided by (default: the file's).")
@_profile_option
@_rules_option(multiple=False)
@_event_options
@_user_errors
def check(
    file: str, tiebreaks: str | None, profile: str | None, rules: str | None, unrated_rating: int | None, **event: Any
) -> None:
    """Recompute what FILE records (points, ranks, tie-break values) and print every disagreement."""
    from sonneborn.audit import audited_fields
    from sonneborn.audit import check as check_file
    from sonneborn.render.cells import competitors, terminal_text

    request = _request(tiebreaks=tiebreaks, profile=profile, rules=rules, unrated_rating=unrated_rating, **event)
    reading = _read(file, **event)
    result = _rank(reading, request)
    list_known = request.tiebreaks is not None or request.profile is not None or reading.stated_tiebreaks() is not None
    report = check_file(result, list_known=list_known)
    lang = _language()
    for disagreement in report.disagreements:
        click.echo(terminal_text(lang.message(disagreement.message)))
    for cause in report.causes:
        click.echo(lang.message(Message.of(N_("Likely cause: {cause}."), cause=cause)))
    fields = ", ".join(map(lang.gettext, audited_fields(result)))  # the words; the codes are every language's
    rows = Message.of(N_("{count} {rows}"), count=result.event.players, rows=Message(competitors(result)))
    if not fields:
        template = N_("Nothing to check: the file records no points, ranks or tie-break values of its {rows}.")
        click.echo(lang.message(Message.of(template, rows=rows)))
        return
    if report.disagreements:
        unexplained = len(report.unexplained)
        count = len(report.disagreements)
        if unexplained:  # English keeps its "(s)"; the other languages take the form of the count
            said = Message.ngettext(
                "{count} disagreement(s) in {rows} ({fields} recorded), {unexplained} without a likely cause.",
                "{count} disagreement(s) in {rows} ({fields} recorded), {unexplained} without a likely cause.",
                count,
                rows=rows,
                fields=fields,
                unexplained=unexplained,
            )
        else:
            said = Message.ngettext(
                "{count} disagreement(s) in {rows} ({fields} recorded), each with a likely cause.",
                "{count} disagreement(s) in {rows} ({fields} recorded), each with a likely cause.",
                count,
                rows=rows,
                fields=fields,
            )
        click.echo(lang.message(said))
        sys.exit(1)
    said = Message.of(N_("No disagreement: {fields} of {rows} agree with the results."), fields=fields, rows=rows)
    click.echo(lang.message(said))


@cli.command(
    epilog="""\b
Exit status: 0 when a setting reproduces every recorded rank and value, 1 when none does (the closest are
shown), 2 when the file cannot be read.
Examples:
  sonneborn identify published.csv
  sonneborn identify event.trf -f json --limit 3
  sonneborn identify event.trf --profile fide-swiss
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-f", "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="The most settings shown.")
@click.option(
    "--max-codes",
    type=click.IntRange(0, 4),
    default=None,
    help="The longest list of the catalogue searched (default 4; with --profile, none unless given); the presets "
    "are tried whole.",
)
@click.option(
    "--profile",
    metavar="NAME",
    help="Search only this named list (sonneborn profiles), under every rule edition and reading of the points "
    "and unplayed rounds: the other presets and the catalogue are left out (the catalogue too with --max-codes).",
)
@_rules_option(multiple=False)
@_event_options
@_user_errors
def identify(
    file: str,
    fmt: str,
    limit: int,
    max_codes: int | None,
    profile: str | None,
    rules: str | None,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Find the tie-break lists, rule editions and options that reproduce the ranks and values FILE records."""
    from sonneborn.identify import MAX_LENGTH, profile_presets
    from sonneborn.identify import identify as identify_file
    from sonneborn.render.cells import competitors
    from sonneborn.render.identify import render_identification

    # A profile ranks the standings searched from, as standings --profile ranks: its errors are the same.
    request = _request(profile=profile, rules=rules, unrated_rating=unrated_rating, **event)
    reading = _read(file, **event)
    result = _rank(reading, request)
    if request.profile is None:
        found = identify_file(result, max_length=MAX_LENGTH if max_codes is None else max_codes)
    else:
        presets = profile_presets(request.profile)
        found = identify_file(result, presets=presets, common=False, max_length=max_codes)
    if not found.searched:
        rows = Message.of(N_("{count} {rows}"), count=result.event.players, rows=Message(competitors(result)))
        template = N_("Nothing to identify: the file records no ranks or tie-break values of its {rows}.")
        click.echo(_language().message(Message.of(template, rows=rows)))
        return
    _write_output(render_identification(found, fmt, limit=limit, lang=_language()), document=fmt != "table")
    if not found.exact:
        sys.exit(1)


@cli.command(
    epilog="""\b
Examples:
  sonneborn compare event.trf --rules fide-2009,fide-2026
  sonneborn compare event.trf -t BH/C1,BH,SB -t SB,BH
  sonneborn compare event.trf --profile fide-swiss --profile uscf
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option(
    "-t", "--tiebreaks", "lists", metavar="LIST", multiple=True, help="A tie-break list to compare; repeatable."
)
@click.option(
    "--profile",
    "named",
    metavar="NAME",
    multiple=True,
    help="A named list to compare (sonneborn profiles); repeatable.",
)
@click.option("-f", "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@_AFTER_ROUND
@_rules_option(multiple=True)
@_event_options
@_user_errors
def compare(
    file: str,
    lists: tuple[str, ...],
    named: tuple[str, ...],
    fmt: str,
    rules: str,
    unrated_rating: int | None,
    **event: Any,
) -> None:
    """Rank FILE under several rule editions and/or tie-break lists, side by side, marking rank changes."""
    from dataclasses import replace

    from sonneborn.pipeline import standings
    from sonneborn.render.compare import render_comparison

    editions = [Rules.parse(part) for part in rules.split(",") if part.strip()]
    requests = [_request(tiebreaks=text, unrated_rating=unrated_rating, **event) for text in lists]
    requests += [_request(profile=name, unrated_rating=unrated_rating, **event) for name in named]
    requests = requests or [_request(unrated_rating=unrated_rating, **event)]
    reading = _read(file, **event)
    variants = [standings(reading, replace(request, rules=edition)) for edition in editions for request in requests]
    _say({str(w): w for variant in variants for w in variant.warnings}.values())
    _write_output(render_comparison(variants, fmt, lang=_language()), document=fmt != "table")


def _terminal() -> tuple[bool, int | None]:
    """Colour and width for terminal tables: colour only on a TTY and unless refused; width of the TTY."""
    ctx = click.get_current_context()
    refused = bool((ctx.find_root().obj or {}).get("no_color")) or bool(os.environ.get("NO_COLOR"))
    tty = sys.stdout.isatty()
    if not tty:
        return False, None
    import shutil  # here: only terminal tables need it

    return not refused, shutil.get_terminal_size().columns


def _table(result: Standings) -> str:
    from sonneborn.render.text import render_table

    color, width = _terminal()
    return render_table(result, color=color, width=width, lang=_language())


def _print_explanations(result: Standings, starts: tuple[int, ...], *, to_stderr: bool) -> None:
    # Machine-readable output stays parseable: explanations then go to stderr.
    from sonneborn.explain import explain_player
    from sonneborn.render.cells import terminal_text

    lang = _language()
    for start in starts:
        click.echo("", err=to_stderr)
        for line in explain_player(result, start, lang):
            click.echo(terminal_text(line), err=to_stderr)


@cli.command(
    epilog="""\b
Exit status: 0 when every file was ranked, 1 when some failed (each is reported), 2 for a usage error.
Examples:
  sonneborn batch events/ -o standings/
  sonneborn batch 'archive/**/*.trf' -o out -f html -j 4
  sonneborn batch events/ -o out --executor dask --scheduler tcp://10.0.0.5:8786
"""
)
@click.argument("source", metavar="DIR_OR_GLOB")
@click.option(
    "-o",
    "--output",
    "outdir",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder the standings are written to, one file per event (created if missing).",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(["json", "csv", "html"]),
    default="json",
    show_default=True,
    help="Output format.",
)
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP + " Default: each file's own list.")
@_profile_option
@click.option(
    "--lots-secret",
    metavar="SECRET",
    help="Break the ties left after the list by a draw anyone can verify, each file's from the secret and its "
    "event (docs/lots.md).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Worker processes, at most the cores this process may use (default: all of them).",
)
@click.option("--force", is_flag=True, help="Recompute outputs that are newer than their inputs too.")
@_executor_options
@_user_errors
def batch(
    source: str,
    outdir: Path,
    fmt: str,
    tiebreaks: str | None,
    profile: str | None,
    lots_secret: str | None,
    jobs: int | None,
    force: bool,
    executor: str,
    scheduler: str | None,
) -> None:
    """Compute the standings of every event file in DIR_OR_GLOB, in parallel, into a folder.

    A folder contributes its .trf, .pgn, .json, .tsv, .csv and .txt files, recursively; OUTDIR keeps their
    paths below it. A file that fails is reported and the others go on; an output newer than its input is
    kept unless --force.
    """
    from sonneborn.batch import available_cores, find_inputs, run_batch
    from sonneborn.cluster import check_executor

    check_executor(executor, scheduler)
    cores = available_cores()
    if executor == "local" and jobs is not None and jobs > cores:  # run_batch caps them; said once, here
        capped = Message.of(
            N_("-j {jobs}: this process may use {cores} cores, so {cores} workers"), jobs=jobs, cores=cores
        )
        click.echo(f"sonneborn: {_language().gettext('warning')}: {_language().message(capped)}", err=True)
    # The same request as standings', parsed once here: a bad list, profile or secret stops the batch at once.
    request = _request(tiebreaks=tiebreaks, profile=profile, lots_secret=lots_secret, kind=None, point_system=None)
    files = find_inputs(source)
    if not files:
        raise _usage(Message.of(N_("no event files in {source}"), source=repr(source)))
    summary = run_batch(
        files, outdir, fmt=fmt, request=request, jobs=jobs, force=force, executor=executor, scheduler=scheduler
    )
    for _, lines in summary.warned:
        _say(InputWarning(line) for line in lines)
    for _, message in summary.failed:
        _error(_language().message(message))
    click.echo(_language().message(summary.said), err=True)
    if summary.failed:
        sys.exit(1)


@cli.command(
    epilog="""\b
Examples:
  sonneborn convert crosstable.tsv event.trf
  sonneborn convert games.pgn event.json
  sonneborn convert event.trf - --to md
"""
)
@click.argument("source", metavar="IN", type=click.Path(allow_dash=True, dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--to", "fmt", type=click.Choice(CONVERT_FORMATS), help="Output format (default: from OUT's extension).")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@_AFTER_ROUND
@_event_options
@_user_errors
def convert(source: str, target: str, fmt: str | None, force: bool, unrated_rating: int | None, **event: Any) -> None:
    """Convert IN to OUT (TRF, JSON, crosstable TSV/CSV, PGN, HTML, Markdown), naming what OUT cannot hold."""
    from sonneborn.convert import convert as convert_event
    from sonneborn.convert import target_format
    from sonneborn.formats.crosstable_writer import NotARoundRobin

    if target == "-" and fmt is None:
        raise _usage(Message(N_("writing to standard output needs --to")))
    try:
        fmt = target_format(target, fmt)
    except ValueError as error:
        raise _usage(said_of(error)) from None
    from sonneborn.files import check_target
    from sonneborn.pipeline import prepared

    if target != "-":
        if source != "-" and os.path.lexists(target) and os.path.realpath(target) == os.path.realpath(source):
            raise _usage(Message(N_("OUT is IN: the input would be overwritten")))
        check_target(Path(target), force=force)  # before the reading: a refusal costs nothing

    request = _request(**event)
    reading = _read(source, **event)
    if reading.teams is not None:
        from sonneborn.pipeline import taken_after

        teams = taken_after(reading, request.after_round).teams
        assert teams is not None  # a team file's reading stays one after any round
        _convert_teams(teams, source, target, fmt, force=force)
        return
    stated = prepared(reading, request)
    _say(filter(None, [stated.kind_warning()]))
    tournament = stated.tournament
    try:
        text, lost = convert_event(stated, fmt)
    except NotARoundRobin as error:
        raise InputError(said_of(error), path=source) from None
    what = Message.of(N_("{format}, {players}, {rounds}"), format=fmt, players=_players(len(tournament)),
                      rounds=_rounds(tournament.rounds))  # fmt: skip
    _deliver(text, lost, source, target, force=force, what=what)


def _convert_teams(teams: TeamEvent, source: str, target: str, fmt: str, *, force: bool) -> None:
    """``convert`` of a team competition: to the formats that hold its teams."""
    from sonneborn.convert import convert_teams

    try:
        text, lost = convert_teams(teams, fmt, path=source)
    except WriteError:
        raise  # a value the format cannot hold: the event's error, as for an individual event
    except ValueError as error:
        raise _usage(said_of(error)) from None
    what = Message.of(N_("{format}, {teams}, {players}, {rounds}"), format=fmt,
                      teams=Message.ngettext("{count} team", "{count} teams", len(teams.teams)),
                      players=_players(teams.event.players), rounds=_rounds(teams.event.rounds))  # fmt: skip
    _deliver(text, lost, source, target, force=force, what=what)


def _players(count: int) -> Message:
    return Message.ngettext("{count} player", "{count} players", count)


def _rounds(count: int) -> Message:
    return Message.ngettext("{count} round", "{count} rounds", count)


def _deliver(text: str, lost: Iterable[Message], source: str, target: str, *, force: bool, what: Message) -> None:
    """A conversion's text to standard output (``-``) or its file, with its warnings and, for a file, one line
    saying what was written."""
    from sonneborn.files import write_file

    for sentence in lost:
        _say([InputWarning(sentence, target)])
    if target == "-":
        _write_output(text)
        return
    write_file(Path(target), text, force=force)
    click.echo(f"{source} → {target} ({_language().message(what)})", err=True)


@cli.command(
    epilog="""\b
Example:
  sonneborn standings event.trf --profile uscf
"""
)
@click.option("-f", "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@_user_errors
def profiles(fmt: str) -> None:
    """List the named tie-break lists of --profile, each with its list by kind of event and its source."""
    from sonneborn.profiles import PROFILES, UNSOURCED

    if fmt == "json":
        import orjson

        data = {
            "profiles": [
                {
                    "name": p.name,
                    "title": p.title,
                    "teams": p.teams,
                    "lists": {kind.value: text.split(",") for kind, text in p.lists.items()},
                    "source": p.source,
                }
                for p in PROFILES.values()
            ],
            "unsourced": UNSOURCED,
        }
        _write_output(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    lang = _language()
    for p in PROFILES.values():  # the names, codes and sources (citations) as they are; the words translated
        click.echo(f"{p.name}: {lang.gettext(p.title)}")
        texts = dict.fromkeys(p.lists.values())
        if len(texts) == 1:
            click.echo("  " + lang.message(Message.of(N_("list: {list}"), list=next(iter(texts)))))
        else:
            for kind, text in p.lists.items():
                click.echo(f"  {lang.gettext(_KIND_LABELS[kind])}: {text}")
        click.echo("  " + lang.message(Message.of(N_("source: {source}"), source=p.source)))
    click.echo(lang.gettext("Not provided, for want of a source:"))
    for name, why in UNSOURCED.items():
        click.echo(f"  {name}: {lang.gettext(why)}")


_KIND_LABELS = {
    # Translators: the kind of event a list of `sonneborn profiles` is for; English keeps --kind's value.
    EventKind.SWISS: N_("swiss"),
    # Translators: the kind of event a list of `sonneborn profiles` is for; English keeps --kind's value.
    EventKind.ROUND_ROBIN: N_("round-robin"),
}
"""The label of each kind of event before a profile's list for it."""


@cli.command(
    epilog="""\b
Examples:
  sonneborn serve
  sonneborn serve --port 8080
  sonneborn serve --host 0.0.0.0 --allow-host chess.example.org
"""
)
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (this machine only by default)."
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free one).")
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Also answer requests for this host name (repeatable); by default only for 127.0.0.1, localhost, "
    "[::1] and the --host value.",
)
def serve(host: str, port: int, allow_hosts: tuple[str, ...]) -> None:
    """Serve the web page and the JSON API (nothing is kept on disk)."""
    from sonneborn.web import serve as run

    run(host, port, allow_hosts=allow_hosts)


@cli.command()
@_user_errors
def demo() -> None:
    """Print the standings of the bundled 1975–80 World Correspondence Championship Final."""
    from sonneborn.demo import DEMO_LIST, seed_event
    from sonneborn.explain import explain_value
    from sonneborn.ranking import rank
    from sonneborn.tiebreaks import parse_list

    result = rank(seed_event(), parse_list(DEMO_LIST))
    click.echo(_table(result), nl=False)
    click.echo("\n" + _language().gettext("How Sloth's Neustadtl score was worked out:"))
    click.echo(explain_value(result, 1, "SB", _language()))


def _lang_option(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """Sets the language of ``--lang`` (before or after the command's name); an unknown one is a usage error."""
    if value is None:
        return
    try:
        code = parse_language(value)
    except OptionError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    root = ctx.find_root()
    root.obj = {**(root.obj or {}), "lang": code}


def _root_flag(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """Sets a flag of the group (``--debug``, ``--no-color``) given after the command's name."""
    if value and param.name is not None:
        root = ctx.find_root()
        root.obj = {**(root.obj or {}), param.name: True}


# --debug and --no-color work after the command's name as well as before it (sonneborn standings x --debug).
for _command in cli.commands.values():
    _command.params += [
        click.Option(["--debug"], is_flag=True, expose_value=False, callback=_root_flag, hidden=True),
        click.Option(["--no-color"], is_flag=True, expose_value=False, callback=_root_flag, hidden=True),
        click.Option(["--lang"], expose_value=False, callback=_lang_option, hidden=True),
    ]


def _write_output(text: str, *, document: bool = True) -> None:
    """An output on standard output: a document (JSON, CSV, Markdown, HTML, TRF) as it was made.

    Not ``click.echo``'s default for a document, which takes out what looks like a terminal colour code
    whenever the output is not a terminal: a document has none of its own, so that would only change a name
    that holds one (and costs a pass over megabytes). A terminal table (``document=False``) keeps that
    default; it escapes such characters in names itself. On a terminal a document's control characters are
    written escaped too, as the table's (a name's escape sequence would act on the terminal).
    """
    if document and sys.stdout.isatty():
        from sonneborn.render.cells import terminal_document

        text = terminal_document(text)
    click.echo(text, nl=False, color=True if document else None)


def main() -> None:
    """Entry point of the console script."""
    cli(prog_name="sonneborn")
