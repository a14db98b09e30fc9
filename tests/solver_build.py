"""Whether the C modules are here (the compiled solver, the batch reader), decided once for
every test that needs them.

Without them (no C compiler at install) those tests are skipped, except in CI (``CI=true``),
where a missing C module is a failure, never a silent skip.
"""

from __future__ import annotations

import os

import pytest

from advisor.solver import core_available

IN_CI = os.environ.get("CI") == "true"
MISSING = "the compiled solver was not built (no C compiler)"

# For single tests: skipped without the solver, except in CI, where they run and fail.
needs_solver = pytest.mark.skipif(not core_available() and not IN_CI, reason=MISSING)


def require_built(built: bool, module: str) -> None:
    """Skip the calling test, or module at import, when the C module ``module`` was not built;
    fail in CI."""
    if built:
        return
    if IN_CI:
        pytest.fail(f"CI=true but {module} was not built")
    pytest.skip(f"{module} was not built (no C compiler)", allow_module_level=True)


def require_solver() -> None:
    """Skip the calling test, or module at import, without the solver; fail in CI."""
    require_built(core_available(), "the compiled solver advisor.solver._core")
