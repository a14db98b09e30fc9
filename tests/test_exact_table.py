"""The shipped exact table (``advisor/data/exact_table.toml``): what ``advisor table calibrate``
makes of the founding table, as its header says; a few entries recomputed by the solver."""

from __future__ import annotations

import re
import shlex

import pytest
from solver_build import require_solver

from advisor.calibrate import calibrate, calibration_holdings
from advisor.holdings import Holding
from advisor.seats import Lead
from advisor.table import (
    EXACT_TABLE_PATH,
    RULE_DEFAULTS,
    SETTING_DEFAULTS,
    default_table,
    exact_table,
)

TEXT = EXACT_TABLE_PATH.read_text(encoding="utf-8")


def _command() -> list[str]:
    """The command the header says made the file."""
    found = re.search(r"^#   (advisor table calibrate .*)$", TEXT, flags=re.MULTILINE)
    assert found is not None, "the header names the command that made the file"
    return shlex.split(found.group(1))


def _option(name: str) -> str:
    words = _command()
    return words[words.index(name) + 1]


def test_it_is_a_complete_table_with_the_founding_settings() -> None:
    exact, founding = exact_table(), default_table()
    assert "inherit = false" in TEXT
    for name in SETTING_DEFAULTS:
        assert exact.setting(name) == founding.setting(name)
    for name in RULE_DEFAULTS:
        assert exact.rule(name) == founding.rule(name)


def test_it_prices_every_holding_calibrate_takes() -> None:
    exact = exact_table()
    for holding, _ in calibration_holdings(default_table()):
        entry = exact.lookup[holding.mask]
        assert entry.source.startswith("exact play in clean low hands")
    assert _option("--table") == "founding" and "--samples" in _command()


@pytest.mark.parametrize("text", ["7 8 A", "K", "7 Q", "7 8 10 A"])
def test_entries_recomputed_by_the_solver(text: str) -> None:
    require_solver()
    holding = Holding.parse(text)
    samples, seed = int(_option("--samples")), int(_option("--seed"))
    (row,) = calibrate(default_table(), samples=samples, seed=seed, holdings=[holding]).holdings
    entry = exact_table().lookup[holding.mask]
    assert (entry.own, entry.their) == (row.exact[Lead.ME].rounded, row.exact[Lead.THEM].rounded)
