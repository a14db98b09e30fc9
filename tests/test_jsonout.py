"""JSON the advisor writes: valid JSON always, from one writer."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from advisor.errors import LimitError
from advisor.jsonout import json_text

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
