"""The compiled parts of the advisor: the one way to load them, and which were built.

Each part is optional (a machine without a C compiler installs the rest): the module that uses
one loads it through :func:`compiled`, and works without it or says what is missing. With
``ADVISOR_PUREPYTHON`` set in the environment no compiled part is used, as if none were built
(the tests run both ways). ``advisor --version`` names the parts (:func:`compiled_parts`).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from advisor.i18n import N_

PURE_PYTHON_ENV = "ADVISOR_PUREPYTHON"

# what the part does (a message: ``advisor --version`` shows it translated) -> its module
COMPILED_PARTS = {
    N_("solver"): "advisor.solver._core",
    N_("game solver"): "advisor.game._core",
    N_("all-pass solver"): "advisor.allpass._core",
    N_("reader"): "advisor._fastread",
}


def switched_off() -> bool:
    """Whether ``ADVISOR_PUREPYTHON`` switches every compiled part off."""
    return bool(os.environ.get(PURE_PYTHON_ENV))


def compiled(module: str) -> ModuleType | None:
    """The compiled module ``module``, or None when it was not built (or
    ``ADVISOR_PUREPYTHON`` is set)."""
    if switched_off():
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def compiled_parts() -> dict[str, bool]:
    """Each compiled part, and whether it is there to use."""
    return {name: compiled(module) is not None for name, module in COMPILED_PARTS.items()}
