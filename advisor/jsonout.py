"""JSON the advisor writes, in one place: always valid JSON, so never ``Infinity`` or ``NaN``,
and a contract spelt one way in every command's JSON.

Python's ``json`` module writes a non-finite float as ``Infinity`` or ``NaN``, which no JSON
reader takes. The bounds on the settings and options keep every figure finite; should one still
not be, :func:`json_text` refuses it with a clear error instead of writing it.

A contract or a bid is written by :func:`contract_json`: ASCII (``7S``, ``10NT``, ``misere``),
as the README documents it, so that a script reading ``solve``, ``declare``, ``bid``, ``whist``
and ``check --exact`` finds one spelling (the text output shows the suit glyphs).
"""

from __future__ import annotations

import json
from typing import Any

from advisor.contract import Bid, Contract
from advisor.errors import LimitError
from advisor.i18n import Phrase

_compact = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode  # made once: batch's pace


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as JSON (UTF-8 characters as they are; ``indent``: one item a line). Raises
    :class:`~advisor.errors.LimitError` for a number that is not finite."""
    try:
        if indent is None:
            return _compact(value)
        return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent)
    except ValueError:  # "Out of range float values are not JSON compliant"
        raise LimitError(
            Phrase("a figure of the result is not a finite number: JSON cannot hold it")
        ) from None


def contract_json(contract: Contract | Bid) -> str:
    """``contract`` as every command's JSON spells it: ``7S``, ``10NT``, ``misere``, ``pass``
    (plain ASCII, read back by :meth:`Contract.parse` and :meth:`Bid.parse`)."""
    return contract.ascii()
