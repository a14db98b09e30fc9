"""A sampled figure has a 95 % interval only from as many samples as one needs (30): below, none
is printed, and the output says why, in text and in JSON, in every command that samples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from solver_build import require_built, require_solver

from advisor import i18n
from advisor.allpass import solver as allpass_solver
from advisor.calibrate_file import source_phrase
from advisor.cli import main
from advisor.limits import MIN_INTERVAL_SAMPLES, no_interval, reported_interval

HAND = "7S 8S 10S 7C 9C JC 7D 8D 7H 9H"
HOLED = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
WHY = "no 95% interval from {count} deals: it needs 30"
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), env=ENV)
    return result.exit_code, result.output


def test_the_rule() -> None:
    assert MIN_INTERVAL_SAMPLES == 30
    assert reported_interval((0.1, 0.2), 29) is None
    assert reported_interval((0.1, 0.2), 30) == (0.1, 0.2)
    assert str(no_interval(1)) == "no 95% interval from 1 deal: it needs 30"
    with i18n.speaking("ru"):
        assert no_interval(5).text() == "интервала 95% нет: 5 раскладов, нужно не меньше 30"


@pytest.fixture
def _allpass() -> None:
    require_built(allpass_solver.core_available(), "the compiled all-pass solver")


@pytest.mark.usefixtures("_allpass")
def test_allpass_from_one_deal() -> None:
    code, output = _run("allpass", HAND, "--seat", "first", "--samples", "1")
    assert code == 0
    assert output.split("\n\n")[1:] == [
        "          Mean\nForced   0.000\nFewest   0.000\n"
        "(no 95% interval from 1 deal: it needs 30)",
        "Tricks  Forced  Fewest\n     0       1       1",
        "Expected penalty  0.00 points\n(the forced tricks at 1 point a trick)\n",
    ]
    code, output = _run("allpass", HAND, "--seat", "first", "--samples", "1", "--json")
    data = json.loads(output)
    assert (data["forced"]["low"], data["forced"]["high"]) == (None, None)
    assert (data["fewest"]["low"], data["fewest"]["high"]) == (None, None)
    assert data["penalty_interval"] is None
    assert data["no_interval"] == "no 95% interval from 1 deal: it needs 30"


@pytest.mark.usefixtures("_allpass")
@pytest.mark.parametrize(("samples", "given"), [(29, False), (30, True)])
def test_allpass_from_enough_deals(samples: int, given: bool) -> None:
    code, output = _run("allpass", HAND, "--seat", "first", "--samples", str(samples), "--json")
    data = json.loads(output)
    assert (data["penalty_interval"] is not None) is given
    assert ("no_interval" in data) is not given
    code, output = _run("allpass", HAND, "--seat", "first", "--samples", str(samples))
    assert code == 0
    assert ("95% interval" in output.splitlines()[6]) is given
    assert (WHY.format(count=samples) in output) is not given


def test_solve_samples() -> None:
    require_solver()
    args = ("solve", HOLED, "--discards", "AD AH", "--lead", "me", "--samples")
    code, output = _run(*args, "5")
    assert code == 0
    assert "Caught in 1 of 5 layouts: 20.00% (no 95% interval from 5 layouts: it needs 30)" in (
        " ".join(output.split())
    )
    data = json.loads(_run(*args, "5", "--json")[1])
    assert (data["interval"], data["no_interval"]) == (
        None, "no 95% interval from 5 layouts: it needs 30")  # fmt: skip
    data = json.loads(_run(*args, "30", "--json")[1])
    assert len(data["interval"]) == 2 and "no_interval" not in data
    data = json.loads(_run("solve", HOLED, "--discards", "AD AH", "--lead", "me", "--json")[1])
    assert data["interval"] == [data["fraction"], data["fraction"]]  # every layout: exact


def test_solve_contract_samples_are_layouts() -> None:
    """A game's sample is of layouts, and says so (misère's above keeps its words)."""
    require_solver()
    args = ("solve", HOLED, "--discards", "AD AH", "--lead", "me", "--contract", "6S",
            "--samples")  # fmt: skip
    code, output = _run(*args, "5")
    assert code == 0
    assert "(no 95% interval from 5 layouts: it needs 30)" in " ".join(output.split())
    data = json.loads(_run(*args, "5", "--json")[1])
    assert (data["interval"], data["score_interval"]) == (None, None)
    assert data["no_interval"] == "no 95% interval from 5 layouts: it needs 30"
    assert [level["interval"] for level in data["levels"]] == [None] * 5
    data = json.loads(_run(*args, "30", "--json")[1])
    assert len(data["interval"]) == 2 and "no_interval" not in data
    with i18n.speaking("ru"):
        wanted = "интервала 95% нет: 5 раскладов, нужно не меньше 30"
        assert no_interval(5, layouts=True).text() == wanted


def test_discard_exact_samples() -> None:
    require_solver()
    args = ("discard", "♠7 8 9 10 ♣8 K A ♦7 8 9 ♥8 9", "--exact", "--lead", "left", "--samples")
    code, output = _run(*args, "5")
    assert code == 1  # a pass
    lines = output.splitlines()
    assert lines[5].startswith("1  ♣K A     ♠7 8 9 10 ♣8 ♦7 8 9 ♥8 9   60.0%             —")
    assert lines[10] == "(no 95% interval from 5 deals: it needs 30)"
    data = json.loads(_run(*args, "5", "--json")[1])
    best = data["candidates"][0]
    assert (best["low"], best["high"], best["score_low"], best["score_high"]) == (None,) * 4
    assert best["no_interval"] == WHY.format(count=5)
    assert (best["seats"][0]["low"], best["seats"][0]["high"]) == (None, None)
    data = json.loads(_run(*args, "30", "--json")[1])
    assert None not in (data["candidates"][0]["low"], data["candidates"][0]["score_low"])


def test_calibrate_samples(tmp_path: Path) -> None:
    require_solver()
    args = ("table", "calibrate", "--holding", "7 10", "--table", "founding", "--samples", "5")
    code, output = _run(*args)
    assert code == 0
    assert [line.rstrip() for line in output.splitlines()[1:5]] == [
        "Exact   5 random deals a holding (seed 0), too few for a 95% interval",
        "Caught  through the holding: M's first trick forced into its suit (per suit)",
        "Holding  Own: table  exact  Their: table  exact  Table's value",
        '7 10            50%  20.0%           50%  20.0%  table "7 10"',
    ]
    data = json.loads(_run(*args, "--json")[1])
    assert data["no_interval"] == WHY.format(count=5)
    assert data["holdings"][0]["own"]["exact"] == {"percent": 20.0, "low": None, "high": None}
    written = tmp_path / "exact.toml"
    assert _run(*args, "--output", str(written), "--quiet")[0] == 0
    source = (
        "exact play in clean low hands, two of their cards discarded, caught through the "
        "holding: 5 deals (seed 0), too few for a 95% interval"
    )
    assert f'"7 10" = {{own = 20, their = 20, source = "{source}"}}' in written.read_text()
    phrase = source_phrase(source)
    assert phrase is not None and str(phrase) == source
    with i18n.speaking("ru"):
        assert phrase.text().endswith("5 раскладов (зерно 0), слишком мало для интервала 95%")


def test_check_exact_always_has_enough_deals() -> None:
    """--exact draws a multiple of the 231 talons: --samples 1 gives 231 deals a seat."""
    require_solver()
    code, output = _run("check", "♠K ♣789 ♦78J ♥78J", "--exact", "--lead", "left",
                        "--samples", "1", "--json")  # fmt: skip
    assert code == 0
    exact = json.loads(output)["exact"]
    assert exact["samples"] == 231
    assert None not in (exact["low"], exact["high"], exact["score_low"], exact["score_high"])
