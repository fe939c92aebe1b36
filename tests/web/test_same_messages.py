"""The API says what the command line says: every case of the bad-input catalogue, through both (issue 18).

Each case of ``tests/data/bad/expected.toml`` whose options the API takes runs through ``sonneborn`` and
through ``POST /api/report`` (``/api/explain`` for ``--explain``): the error the command line prints is
the API's error (its message, file, line and column), and the warnings it prints are the API's
``warnings``: one library error or warning, two doors. Where the command line's warning names a command or a
flag, the API says it in the page's own words (issue 21), as :func:`_on_page` rewrites the line by hand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from click.testing import CliRunner
from test_bad_inputs import BAD, CASES, GENERATORS, _case_id

from sonneborn.cli import cli

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

PARAMETERS = {
    "--points": "points",
    "-t": "tiebreaks",
    "--input-format": "input_format",
    "--kind": "kind",
    "--explain": "player",
}
"""The options of the catalogue's cases by the API parameter that takes them."""
OPTION_ERRORS = {"points": "--points", "player": "--explain"}
"""The API fields whose errors the command line prefixes with the option's name."""
TOO_BIG = {"one_line_100mb", "trf_long_line"}
"""Generated files over the API's 10 MB body: its answer is a 413, not the reader's error."""


def _api_case(case: dict[str, Any]) -> bool:
    args: list[str] = case.get("args", ["standings", "{path}"])
    options = args[2:]
    return (
        args[0] == "standings"
        and case.get("generated") not in TOO_BIG
        and all(option in PARAMETERS for option in options[::2])
    )


API_CASES = [case for case in CASES if _api_case(case)]


def _cli_line(error: dict[str, Any]) -> str:
    """The line the command line prints for an API error."""
    if error["field"] in OPTION_ERRORS and error["path"] is None:
        return f"sonneborn: error: {OPTION_ERRORS[error['field']]}: {error['message']}"
    where = ""
    if error["path"] is not None:
        where = error["path"] + "".join(f":{n}" for n in (error["line"], error["column"]) if n) + ": "
    return f"sonneborn: error: {where}{error['message']}"


def _on_page(line: str) -> str:
    """A command line's warning as the page says it: no command to list the rest, the page's field for the flag."""
    line = re.sub(r"; `sonneborn check [^`]*` lists them$", "", line)
    line = line.replace(" are not the ones computed (", " differ from these standings (")
    line = line.replace("--points states one", "The Point system field under Advanced states one")
    # One of our own reports sent back: the page names its Download buttons, not the commands that write them.
    instead = "rank the file they came from instead, or write its event with Download TRF"
    line = line.replace(
        "write the event instead, from the file they came from: `sonneborn convert FILE event.trf` or "
        "`sonneborn standings FILE -f json --with-event`",
        instead,
    )
    line = line.replace(
        "write the crosstable with `sonneborn crosstable FILE -f csv`, which reads back, or the event: "
        "`sonneborn convert FILE event.trf`",
        instead,
    )
    buttons = {"standings -f csv": "CSV", "standings -f md": "Markdown", "crosstable -f md": "Markdown"}
    buttons |= {"standings -f html": "HTML report", "crosstable -f html": "HTML report"}
    for command, button in buttons.items():
        line = line.replace(f"(`sonneborn {command}`)", f"(Download {button})")
    return line.replace("(`sonneborn standings`)", "(the command line's standings table)")


@pytest.mark.parametrize("case", API_CASES, ids=_case_id)
def test_issue18_the_api_says_what_the_command_line_says(
    case: dict[str, Any], client: TestClient, tmp_path: Path
) -> None:
    if "generated" in case:
        path = tmp_path / case["file"]
        GENERATORS[case["generated"]](path)
    else:
        path = BAD / case["file"]
    args = [arg.replace("{path}", str(path)) for arg in case.get("args", ["standings", "{path}"])]
    said = CliRunner().invoke(cli, args)
    options = dict(zip(args[2::2], args[3::2], strict=True))
    params = {PARAMETERS[option]: value for option, value in options.items()}
    endpoint = "/api/explain" if "player" in params else "/api/report"
    response = client.post(endpoint, params=params, files={"file": (str(path), path.read_bytes())})
    if case["status"] == 2:
        assert response.status_code == 422, response.text
        # The first line is the message; under it the format the file was read as and why, which the API gives too.
        error = response.json()["error"]
        first, *under = said.stderr.splitlines()
        assert _on_page(first) == _cli_line(error)
        assert under[:1] == (["  " + error["why"]] if "why" in error else []), said.stderr
    else:
        assert response.status_code == 200, response.text
        if endpoint == "/api/explain":
            return
        warnings = [_on_page(line.removeprefix("sonneborn: warning: ")) for line in said.stderr.splitlines()]
        assert response.json()["warnings"] == warnings
