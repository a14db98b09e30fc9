"""JSON the advisor writes: valid JSON always, from one writer."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from advisor.contract import CONTRACTS, MISERE, PASS, Bid, Contract
from advisor.errors import LimitError
from advisor.jsonout import contract_json, json_text

ROOT = Path(__file__).resolve().parent.parent


def test_json_text_keeps_characters_and_indents_on_request() -> None:
    assert (
        json_text({"hand": "♠7 Т", "p": 0.5, "n": None}) == '{"hand": "♠7 Т", "p": 0.5, "n": null}'
    )
    assert json_text([1, 2], indent=2) == "[\n  1,\n  2\n]"


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
@pytest.mark.parametrize("indent", [None, 2])
def test_a_number_that_is_not_finite_is_an_error_not_output(
    value: float, indent: int | None
) -> None:
    with pytest.raises(LimitError) as raised:
        json_text({"expected_penalty": value}, indent=indent)
    assert str(raised.value) == "a figure of the result is not a finite number: JSON cannot hold it"


def test_json_is_written_by_the_one_writer_only() -> None:
    """No other module writes JSON its own way (which would let Infinity through)."""
    writers = re.compile(r"json\.dumps?\(|JSONEncoder\(")
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "advisor").rglob("*.py"))
        if path.name != "jsonout.py" and writers.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_contract_has_one_json_spelling_in_ascii_read_back_by_parse() -> None:
    """Every command's JSON spells a contract so (the README's ``6S``): ASCII, never the suit
    glyph, and :meth:`Contract.parse` reads it back."""
    assert [contract_json(c) for c in CONTRACTS[:5]] == ["6S", "6C", "6D", "6H", "6NT"]
    for contract in CONTRACTS:
        assert contract_json(contract).isascii()
        assert Contract.parse(contract_json(contract)) == contract
        assert contract_json(Bid.game(contract)) == contract_json(contract)
    assert (contract_json(MISERE), contract_json(PASS)) == ("misere", "pass")
    assert Bid.parse(contract_json(MISERE)) == MISERE
