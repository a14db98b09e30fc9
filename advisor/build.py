"""Which compiled parts of the advisor were built (``advisor --version`` names them)."""

from __future__ import annotations

import importlib

# what the part does -> its module
COMPILED_PARTS = {
    "solver": "advisor.solver._core",
    "all-pass solver": "advisor.allpass._core",
    "reader": "advisor._fastread",
}


def compiled_parts() -> dict[str, bool]:
    """Each compiled part, and whether it can be loaded."""
    found = {}
    for name, module in COMPILED_PARTS.items():
        try:
            importlib.import_module(module)
        except ImportError:
            found[name] = False
        else:
            found[name] = True
    return found
