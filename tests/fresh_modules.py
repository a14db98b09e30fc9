"""Which modules a fresh interpreter loads to do something: for the tests that keep a module
off a path (rich off ``--json``, the exact machinery off a plain ``check``, the library off
click and rich). A fresh process, because this one has loaded everything the suite has.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable


def loaded_by_command(args: list[str], names: Iterable[str]) -> tuple[int, list[str]]:
    """Run ``advisor ARGS`` (through click's test runner) in a fresh interpreter: its exit code
    and, sorted, the modules of ``names`` it loaded (a package's name covers its submodules)."""
    setup = (
        "from click.testing import CliRunner; from advisor.cli import main; "
        f"answer = CliRunner().invoke(main, {args!r}).exit_code"
    )
    exit_code, loaded = _loaded(setup, names)
    assert isinstance(exit_code, int)
    return exit_code, loaded


def loaded_by_imports(modules: Iterable[str], names: Iterable[str]) -> list[str]:
    """Import ``modules`` in a fresh interpreter: the modules of ``names`` that came with them."""
    return _loaded(f"import {', '.join(modules)}; answer = None", names)[1]


def _loaded(setup: str, names: Iterable[str]) -> tuple[object, list[str]]:
    wanted = tuple(names)
    code = (
        f"import sys; {setup}; wanted = {wanted!r}; "
        "print(repr((answer, sorted(m for m in sys.modules "
        "if any(m == name or m.startswith(name + '.') for name in wanted)))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    answer, loaded = ast.literal_eval(done.stdout.strip())
    return answer, list(loaded)
