"""Counts of the form "X of Y layouts": the noun follows Y, the total, in both languages
("Makes 10NT in 0 of 1 layout", "сыграна в 0 из 21 расклада"), and a second number that no
noun follows is not made to agree with a form chosen for the first ("просмотрено раскладов:
21")."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from russian_forms import COUNTS, assert_plural, russian
from solver_build import needs_solver

from advisor import i18n
from advisor.cli import main

HOLED = "7S 10S 7C 8C 9C 7D 8D 9D 7H 8H"
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "ADVISOR_LANG": "en"}

OF_TOTAL = [
    (
        "Makes {contract} in {made:,} of {count:,} layout: {percent:.2f}%",
        "Makes {contract} in {made:,} of {count:,} layouts: {percent:.2f}%",
        "layout:", ("расклада:", "раскладов:", "раскладов:"),
    ),
    (
        "Caught in {caught:,} of {count:,} layout: {percent:.2f}%",
        "Caught in {caught:,} of {count:,} layouts: {percent:.2f}%",
        "layout:", ("расклада:", "раскладов:", "раскладов:"),
    ),
    (
        "Caught in {caught:,} of {count:,} layout: {percent:.2f}% ({why})",
        "Caught in {caught:,} of {count:,} layouts: {percent:.2f}% ({why})",
        "layout:", ("расклада:", "раскладов:", "раскладов:"),
    ),
    (
        "Caught in {caught:,} of {count:,} layout: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        "Caught in {caught:,} of {count:,} layouts: {percent:.2f}% "
        "(95% interval {low:.2f}–{high:.2f}%)",
        "layout:", ("расклада:", "раскладов:", "раскладов:"),
    ),
    (
        "{layouts:,} of {count:,} random split (seed {seed}), the same for every choice",
        "{layouts:,} of {count:,} random splits (seed {seed}), the same for every choice",
        "random split (", ("случайного расклада", "случайных раскладов", "случайных раскладов"),
    ),
    (
        "{layouts:,} of {count:,} random split (seed {seed}), the same for every "
        "discard: enough for the verdict and the choice (--full: all of them)",
        "{layouts:,} of {count:,} random splits (seed {seed}), the same for every "
        "discard: enough for the verdict and the choice (--full: all of them)",
        "random split (", ("случайного расклада", "случайных раскладов", "случайных раскладов"),
    ),
    (
        "{kept:,} kept of {count:,} random split drawn (seed {seed})",
        "{kept:,} kept of {count:,} random splits drawn (seed {seed})",
        "random split drawn", ("случайного расклада", "случайных раскладов",
                               "случайных раскладов"),
    ),
    (
        "{kept:,} of the {count:,} split of the unseen cards",
        "{kept:,} of all {count:,} splits of the unseen cards",
        "split of", ("расклада", "раскладов", "раскладов"),
    ),
    (
        "{deals} of {count} deal ({used} of the {talons} talons, {per_talon} each), "
        "{discard} discards, seed {seed}",
        "{deals} of {count} deals ({used} of the {talons} talons, {per_talon} each), "
        "{discard} discards, seed {seed}",
        "deal (", ("расклада (", "раскладов (", "раскладов ("),
    ),
]  # fmt: skip
VALUES = {
    "contract": "7S", "made": 0, "caught": 0, "kept": 0, "layouts": 0, "deals": 0, "used": 1,
    "talons": 231, "per_talon": 4, "discard": "exact", "percent": 0.0, "why": "-", "low": 0.0,
    "high": 1.0, "seed": 0,
}  # fmt: skip


@pytest.mark.parametrize(("singular", "plural", "english", "forms"), OF_TOTAL)
@pytest.mark.parametrize("count", COUNTS)
def test_the_noun_follows_the_total(
    singular: str, plural: str, english: str, forms: tuple[str, str, str], count: int
) -> None:
    assert_plural(singular, plural, forms, count, **VALUES)
    with i18n.speaking("en"):
        text = i18n.ngettext(singular, plural, count, **VALUES)
    assert (f"{count} {english}" in text) is (count == 1), text  # "of 2 layouts", no "layout:"


def test_the_splits_looked_at_take_no_agreement_in_russian() -> None:
    """``lead``'s "of N drawn": an adjective after a number agrees with it ("из 21
    просмотренного"); said as "просмотрено раскладов: 21", it need not."""
    messages = [
        (
            "{count:,} random split of the other 20 cards on which M could have declared "
            "misère, of {drawn:,} drawn (seed {seed})",
            "{count:,} random splits of the other 20 cards on which M could have declared "
            "misère, of {drawn:,} drawn (seed {seed})",
        ),
        (
            "M could have declared misère in {count:,} of the {drawn:,} splits of the other "
            "20 cards looked at, by the table's rules: too few to say (at least {least})",
            "M could have declared misère in {count:,} of the {drawn:,} splits of the other "
            "20 cards looked at, by the table's rules: too few to say (at least {least})",
        ),
        (
            "the defence said so on {count:,} of the {drawn:,} layouts looked at: too few "
            "to say (at least {least})",
            "the defence said so on {count:,} of the {drawn:,} layouts looked at: too few "
            "to say (at least {least})",
        ),
        (
            "the declarer names this contract and the defence said so on {count:,} of the "
            "{drawn:,} layouts looked at: too few to say (at least {least})",
            "the declarer names this contract and the defence said so on {count:,} of the "
            "{drawn:,} layouts looked at: too few to say (at least {least})",
        ),
    ]
    for singular, plural in messages:
        for drawn in COUNTS:
            with i18n.speaking("ru"):
                text = i18n.ngettext(singular, plural, 30, drawn=drawn, seed=0, least=30)
            assert f"просмотрено раскладов: {drawn}" in text, text


@needs_solver
@pytest.mark.parametrize(
    ("args", "line"),
    [
        ((HOLED, "--discards", "AD AH", "--lead", "left", "--contract", "10NT"),
         "Makes 10NT in 0 of 1 layout: 0.00% (no 95% interval from 1 layout: it needs 30)"),
        ((HOLED, "--discards", "AD AH", "--lead", "left"),
         "Caught in 0 of 1 layout: 0.00% (no 95% interval from 1 layout: it needs 30)"),
    ],
)  # fmt: skip
def test_one_layout_is_one_layout(runner: CliRunner, args: tuple[str, ...], line: str) -> None:
    result = runner.invoke(main, ["solve", *args, "--samples", "1", "-j", "1"], env=ENV)
    assert result.exit_code == 0
    assert line in result.output.splitlines()


@needs_solver
def test_misere_solves_json_calls_its_samples_layouts(runner: CliRunner) -> None:
    args = ["solve", HOLED, "--discards", "AD AH", "--lead", "left", "--samples", "1", "--json"]
    found = json.loads(runner.invoke(main, args, env=ENV).output)
    assert found["no_interval"] == "no 95% interval from 1 layout: it needs 30"


@needs_solver
def test_declare_on_one_split(runner: CliRunner) -> None:
    args = ["declare", "♠9 10 J Q K A ♣K A ♦7 A ♥7 8", "--samples", "1", "-j", "1"]
    result = runner.invoke(main, args, env=ENV)
    assert "Layouts     1 of 1 random split (seed 0), the same for every choice" in result.output


@needs_solver
def test_russian_of_twenty_one(runner: CliRunner) -> None:
    code, out = russian(runner, "solve", HOLED, "--discards", "AD AH", "--lead", "left",
                        "--contract", "6NT", "--samples", "21", "-j", "1")  # fmt: skip
    assert code == 0
    assert " из 21 расклада: " in out
