"""Whether the compiled solver is here, decided once for every test that needs it.

Without it (no C compiler at install) those tests are skipped, except in CI (``CI=true``),
where a missing compiled solver is a failure, never a silent skip.
"""

from __future__ import annotations

import os

import pytest

from advisor.solver import core_available

IN_CI = os.environ.get("CI") == "true"
MISSING = "the compiled solver was not built (no C compiler)"

# For single tests: skipped without the solver, except in CI, where they run and fail.
needs_solver = pytest.mark.skipif(not core_available() and not IN_CI, reason=MISSING)


def require_solver() -> None:
    """Skip the calling test, or module at import, without the solver; fail in CI."""
    if core_available():
        return
    if IN_CI:
        pytest.fail("CI=true but the compiled solver advisor.solver._core was not built")
    pytest.skip(MISSING, allow_module_level=True)
