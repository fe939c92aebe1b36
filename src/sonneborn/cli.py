"""The ``sonneborn`` command: standings ranked by tie-breaks, explained.

Library errors become user errors here and nowhere else: one line
``sonneborn: error: FILE:LINE:COL: …`` on stderr and exit status 2.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import Any, TypeVar

import click

from sonneborn.errors import InputError, TiebreakError
from sonneborn.explain import explain_player, explain_value
from sonneborn.formats import FORMATS, read_path
from sonneborn.model import EventKind, PointSystem
from sonneborn.ranking import Standings, rank
from sonneborn.render import RENDERERS, render
from sonneborn.tiebreaks import REGISTRY, parse, parse_list
from sonneborn.tiebreaks.rules import DEFAULT_RULES, Rules

F = TypeVar("F", bound=Callable[..., Any])

TIEBREAK_HELP = (
    "Tie-break codes in order, comma-separated (" + ", ".join(sorted(REGISTRY)) + "), e.g. SB,DE,WIN."
)


class _StderrWarnings(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"sonneborn: warning: {record.getMessage()}", err=True)


def _user_errors(command: F) -> F:
    """Turns the library's errors into one line on stderr and exit status 2."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (InputError, TiebreakError) as error:
            click.echo(f"sonneborn: error: {error}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sonneborn")
def cli() -> None:
    """Chess tournament standings ranked by tie-breaks, each value exact and explained."""
    logger = logging.getLogger("sonneborn")
    if not any(isinstance(h, _StderrWarnings) for h in logger.handlers):
        logger.addHandler(_StderrWarnings(logging.WARNING))
    logger.propagate = False


@cli.command(
    epilog="""\b
Examples:
  sonneborn standings event.trf
  sonneborn standings crosstable.tsv -t SB,DE,WIN --explain 1
  sonneborn standings crosstable.tsv --rank-by GF -f json
"""
)
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-t", "--tiebreaks", metavar="LIST", help=TIEBREAK_HELP)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(list(RENDERERS)),
    default="table",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--explain",
    "explain",
    metavar="START",
    type=int,
    multiple=True,
    help="Show each value of this player (start number) as the sum it came from; repeatable.",
)
@click.option(
    "--rank-by", metavar="CODE", help="Rank by a weighted score (SB, GF or NNSB) instead of points."
)
@click.option(
    "--lots", metavar="SEED", type=int, help="Break the ties left after the list by a reproducible draw."
)
@click.option(
    "--rules",
    type=click.Choice([r.value for r in Rules], case_sensitive=False),
    default=DEFAULT_RULES.value,
    show_default=True,
    help="FIDE rule edition for unplayed rounds and dummies (C.07 Art. 16; fide-2009 = virtual opponent).",
)
@click.option(
    "--unrated-rating",
    type=int,
    metavar="N",
    help="Rating assumed for unrated players in the rating tie-breaks (else they are dropped, C.07 10).",
)
@click.option(
    "--input-format", type=click.Choice(FORMATS), help="Read the file as this format (default: detect)."
)
@click.option(
    "--points",
    "point_system",
    metavar="W,D,L",
    help="Point system, e.g. 3,1,0 (default: the file's, else 1,0.5,0); byes as key=value: pairing_bye=1.",
)
@click.option(
    "--kind",
    type=click.Choice([k.value for k in EventKind]),
    help="State round robin or Swiss (default: detect from the pairings).",
)
@_user_errors
def standings(
    file: str,
    tiebreaks: str | None,
    fmt: str,
    explain: tuple[int, ...],
    rank_by: str | None,
    lots: int | None,
    rules: str,
    unrated_rating: int | None,
    input_format: str | None,
    point_system: str | None,
    kind: str | None,
) -> None:
    """Print the standings of FILE (TRF or crosstable; - reads standard input)."""
    tournament = read_path(file, input_format=input_format)
    if kind is not None:
        tournament = tournament.with_kind(EventKind(kind))
    if point_system is not None:
        try:
            system = PointSystem.parse(point_system)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--points") from None
        tournament = replace(tournament, point_system=system)
    specs = parse_list(tiebreaks) if tiebreaks is not None else None
    result = rank(
        tournament,
        specs,
        rank_by=parse(rank_by) if rank_by else None,
        lots=lots,
        rules=Rules.parse(rules),
        unrated_rating=unrated_rating,
    )
    for start in explain:
        if not 1 <= start <= len(tournament):
            raise InputError(
                f"--explain {start}: no player has that start number (1–{len(tournament)})", path=file
            )
    click.echo(render(result, fmt), nl=False)
    _print_explanations(result, explain, to_stderr=fmt != "table")


def _print_explanations(result: Standings, starts: tuple[int, ...], *, to_stderr: bool) -> None:
    # Machine-readable output stays parseable: explanations then go to stderr.
    for start in starts:
        click.echo("", err=to_stderr)
        for line in explain_player(result, start):
            click.echo(line, err=to_stderr)


@cli.command()
def demo() -> None:
    """Print the standings of the bundled 1975–80 World Correspondence Championship Final."""
    from sonneborn.demo import seed_event

    result = rank(seed_event(), parse_list("SB,DE,WIN"))
    click.echo(render(result, "table"), nl=False)
    click.echo("\nHow Sloth's Neustadtl score was worked out:")
    click.echo(explain_value(result, 1, "SB"))


def main() -> None:
    """Entry point of the console script."""
    cli(prog_name="sonneborn")
