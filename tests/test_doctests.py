"""The examples in the package's docstrings are run, module by module, from the installed
package (collecting the source tree with ``--doctest-modules`` would import it in place of the
installed copy, whose compiled parts it lacks)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import advisor

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(advisor.__path__, prefix="advisor.")
    if not info.name.rsplit(".", 1)[-1].startswith("_") and not info.name.startswith("advisor.cli")
)


@pytest.mark.parametrize("name", ["advisor", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failed == 0


def test_the_examples_are_there() -> None:
    tried = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert tried >= 10
