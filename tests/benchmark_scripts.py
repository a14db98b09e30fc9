"""A benchmark script of ``benchmarks/`` loaded as a module, for the tests that check what it
computes (its hand sets, its summaries)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``name``: its folder on the path while it loads
    (it imports its siblings, such as machine.py, as when it runs itself), and the module in
    ``sys.modules`` (its dataclasses look their module up there)."""
    folder = str(BENCHMARKS)
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        if added:
            sys.path.remove(folder)
