"""Issue 22: lots anyone can verify — a committed secret, the results hashed, a ticket per participant."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sonneborn.cli import cli
from sonneborn.errors import OptionError
from sonneborn.lots import CommittedDraw
from sonneborn.pipeline import Request, read_text, standings

SECRET = "open sesame, 2026 club cup"
# Every game drawn: the round-robin list leaves all four tied, so the draw decides every place.
ALL_DRAWN = (
    "\tPlayer\t1\t2\t3\t4\n1\tAnna\tX\t½\t½\t½\n2\tBoris\t½\tX\t½\t½\n3\tCarla\t½\t½\tX\t½\n4\tDmitri\t½\t½\t½\tX\n"
)
# Anna beat everybody; the other three drew among themselves and are tied behind her.
ANNA_WINS = (
    "\tPlayer\t1\t2\t3\t4\n1\tAnna\tX\t1\t1\t1\n2\tBoris\t0\tX\t½\t½\n3\tCarla\t0\t½\tX\t½\n4\tDmitri\t0\t½\t½\tX\n"
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def tickets(secret: str, results: str, players: int) -> dict[int, str]:
    """The tickets as docs/lots.md defines them, written here from the definition."""
    key = hmac.new(secret.encode(), results.encode(), hashlib.sha256).digest()
    return {start: hmac.new(key, str(start).encode(), hashlib.sha256).hexdigest() for start in range(1, players + 1)}


def by_ticket(found: dict[int, str], starts: list[int]) -> list[int]:
    return sorted(starts, key=lambda start: found[start])


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.tsv"
    path.write_text(ANNA_WINS, encoding="utf-8")
    return path


def results_lines(first_column: list[str]) -> str:
    """The results text of a 4-player round robin in the Berger schedule, each line's result and points given."""
    schedule = {1: [4, 2, 3], 2: [3, 1, 4], 3: [2, 4, 1], 4: [1, 3, 2]}
    lines = ["sonneborn-lots-1", "players 4 rounds 3"]
    cells = iter(first_column)
    lines += [f"{start} {r + 1} {schedule[start][r]} - {next(cells)}" for start in range(1, 5) for r in range(3)]
    return "\n".join(lines) + "\n"


# Anna (1) won each round; Boris, Carla, Dmitri drew their other games.
ANNA_WINS_RESULTS = results_lines(
    ["1 1"] * 3 + ["= 1/2", "0 0", "= 1/2", "= 1/2", "= 1/2", "0 0", "0 0", "= 1/2", "= 1/2"]
)


def test_commit_prints_sha256_of_the_versioned_secret() -> None:
    code, out, err = run("lots", "commit", SECRET)
    assert code == 0, err
    assert out == sha("sonneborn-lots-1\n" + SECRET) + "\n"


def test_commit_refuses_a_secret_that_could_be_guessed() -> None:
    code, out, err = run("lots", "commit", "1234")
    assert code == 2 and not out
    # lots commit takes the secret as its argument SECRET: the error names it, not standings' --lots-secret.
    assert err == "sonneborn: error: SECRET: a secret has at least 16 characters (found 4)\n"


def test_verify_names_its_own_option_for_a_short_secret(club: Path) -> None:
    code, out, err = run("lots", "verify", str(club), "--secret", "1234", "--commitment", "00")
    assert code == 2 and not out
    assert err == "sonneborn: error: --secret: a secret has at least 16 characters (found 4)\n"


def test_the_tied_are_ordered_by_their_tickets(club: Path) -> None:
    found = tickets(SECRET, ANNA_WINS_RESULTS, 4)
    expected = [1, *by_ticket(found, [2, 3, 4])]
    ranked = standings(read_text(ANNA_WINS, path="club.tsv"), Request.parse(lots_secret=SECRET))
    assert (ranked.order + 1).tolist() == expected
    assert ranked.by_lot.tolist() == [False, True, True, True]  # Anna's place is hers by points
    assert isinstance(ranked.drawing, CommittedDraw) and ranked.drawing.results == sha(ANNA_WINS_RESULTS)


def test_verify_reproduces_the_draw_and_prints_the_tickets(club: Path) -> None:
    found = tickets(SECRET, ANNA_WINS_RESULTS, 4)
    code, out, err = run(
        "lots", "verify", str(club), "--secret", SECRET, "--commitment", sha("sonneborn-lots-1\n" + SECRET)
    )
    assert code == 0, err
    drawn = [line for line in out.splitlines() if line.startswith("place ")]
    names = {2: "Boris", 3: "Carla", 4: "Dmitri"}
    assert drawn == [
        f"place {place}: #{start} {names[start]}, ticket {found[start]}"
        for place, start in enumerate(by_ticket(found, [2, 3, 4]), start=2)
    ]
    assert f"the results hashed to {sha(ANNA_WINS_RESULTS)}" in out


def test_verify_refuses_a_secret_that_does_not_match(club: Path) -> None:
    published = sha("sonneborn-lots-1\n" + SECRET)
    other = SECRET + "!"
    code, out, err = run("lots", "verify", str(club), "--secret", other, "--commitment", published)
    assert code == 2 and not out
    assert err.count("\n") == 1
    assert err.startswith(f"sonneborn: error: --secret: does not match the commitment '{published}'")
    assert sha("sonneborn-lots-1\n" + other) in err


def test_the_commitment_is_read_in_either_case(club: Path) -> None:
    published = sha("sonneborn-lots-1\n" + SECRET).upper()
    code, _, err = run("lots", "verify", str(club), "--secret", SECRET, "--commitment", published)
    assert code == 0, err


def test_names_do_not_enter_the_draw_but_results_do() -> None:
    renamed = ALL_DRAWN.replace("Anna", "Annabel")
    first, second, third = (
        standings(read_text(text, path="x.tsv"), Request.parse(lots_secret=SECRET)).drawing
        for text in (ALL_DRAWN, renamed, ANNA_WINS)
    )
    assert isinstance(first, CommittedDraw) and isinstance(second, CommittedDraw)
    assert isinstance(third, CommittedDraw)
    assert first.tickets == second.tickets
    assert first.tickets != third.tickets


def test_every_output_names_the_draw(club: Path) -> None:
    published = sha("sonneborn-lots-1\n" + SECRET)
    code, out, err = run("standings", str(club), "--lots-secret", SECRET, "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["drawing"] == {
        "method": "sonneborn-lots-1",
        "commitment": published,
        "secret": SECRET,
        "results": sha(ANNA_WINS_RESULTS),
    }
    assert "lots" not in data  # the seed's key, for a seed only
    code, out, err = run("standings", str(club), "--lots-secret", SECRET)
    assert code == 0, err
    assert f"Remaining ties broken by lot (sonneborn-lots-1: secret {SECRET!r}, commitment {published}" in out
    code, out, err = run("standings", str(club), "--lots-secret", SECRET, "-f", "html")
    assert code == 0, err
    assert published in out and "decided by lot (committed secret, commitment " + published[:16] in out


def test_a_seed_is_named_as_before() -> None:
    ranked = standings(read_text(ALL_DRAWN, path="x.tsv"), Request.parse(lots=7))
    assert ranked.lots == 7 and ranked.drawing is not None and ranked.drawing.data() == {"method": "seed", "seed": 7}


def test_a_seed_and_a_secret_are_one_draw_too_many() -> None:
    with pytest.raises(OptionError, match="not both") as raised:
        Request.parse(lots=7, lots_secret=SECRET)
    assert raised.value.option == "lots_secret"


def test_a_control_character_in_a_secret_is_refused() -> None:
    with pytest.raises(OptionError, match="control character"):
        Request.parse(lots_secret="a perfectly long\nsecret")


def test_no_committed_draw_before_the_last_result() -> None:
    # Standings name the secret: known after round 1 of 3, it would let the later games be played to steer it.
    unfinished = (
        "\tPlayer\t1\t2\t3\t4\n1\tAnna\tX\t½\t\t\n2\tBoris\t½\tX\t\t\n3\tCarla\t\t\tX\t½\n4\tDmitri\t\t\t½\tX\n"
    )
    reading = read_text(unfinished, path="x.tsv")
    assert reading.event.table.provisional
    with pytest.raises(OptionError, match="the standings reveal the secret: draw by it once every result is in"):
        standings(reading, Request.parse(lots_secret=SECRET))


def test_commit_reads_the_secret_from_standard_input() -> None:
    result = CliRunner().invoke(cli, ["lots", "commit", "-"], input=SECRET + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == sha("sonneborn-lots-1\n" + SECRET) + "\n"


def test_a_team_event_hashes_both_scores_of_each_match() -> None:
    # four_clubs: round 1 Alpha (Adams, Brown, Clark) beat Beta (Dunne, Evans): Adams won with White on
    # board 1, Brown drew: 1½ GP, a won match worth 3 MP (record 362 TW 3.0).
    from sonneborn.lots import results_text
    from sonneborn.pipeline import prepared, read

    reading = read(Path(__file__).parent / "data" / "teams" / "four_clubs_trf26.trf")
    lines = results_text(prepared(reading, Request())).splitlines()
    assert lines[:3] == ["sonneborn-lots-1", "players 4 rounds 3", "1 1 2 w 1 GP=3/2 MP=3"]


def test_a_trf_written_records_its_drawing_and_reading_it_back_draws_the_same(club: Path) -> None:
    # Anna's place is hers; Boris, Carla and Dmitri are ordered by their tickets (the definition above). The
    # written TRF says so in record XXL, and its reading, asked for no drawing, ranks them the same.
    found = tickets(SECRET, ANNA_WINS_RESULTS, 4)
    code, written, err = run("standings", str(club), "--lots-secret", SECRET, "-f", "trf")
    assert code == 0, err
    assert [line for line in written.splitlines() if line.startswith("XXL")] == [f"XXL secret {SECRET}"]
    again = standings(read_text(written, path="club.trf"))
    assert (again.order + 1).tolist() == [1, *by_ticket(found, [2, 3, 4])]
    assert isinstance(again.drawing, CommittedDraw) and again.drawing.results == sha(ANNA_WINS_RESULTS)


def test_a_seed_is_recorded_and_a_drawing_asked_for_overrides_the_files(club: Path, tmp_path: Path) -> None:
    code, written, err = run("standings", str(club), "--lots", "7", "-f", "trf")
    assert code == 0, err
    assert [line for line in written.splitlines() if line.startswith("XXL")] == ["XXL seed 7"]
    seeded = standings(read_text(ANNA_WINS, path="club.tsv"), Request.parse(lots=7))
    again = standings(read_text(written, path="club.trf"))
    assert again.drawing == seeded.drawing and again.order.tolist() == seeded.order.tolist()
    # Another seed asked for: that one decides, and the file written again records it alone.
    other = standings(read_text(written, path="club.trf"), Request.parse(lots=8))
    assert other.drawing == standings(read_text(ANNA_WINS, path="club.tsv"), Request.parse(lots=8)).drawing
    path = tmp_path / "club.trf"
    path.write_text(written, encoding="utf-8")
    code, rewritten, err = run("standings", str(path), "--lots", "8", "-f", "trf")
    assert code == 0, err
    assert [line for line in rewritten.splitlines() if line.startswith("XXL")] == ["XXL seed 8"]


def test_no_drawing_no_record(club: Path) -> None:
    code, written, err = run("standings", str(club), "-f", "trf")
    assert code == 0, err
    assert not any(line.startswith("XXL") for line in written.splitlines())
