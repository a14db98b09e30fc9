"""Build the optional C extensions; everything else is declared in pyproject.toml.

The extensions are ``optional``: without a C compiler the rest of the advisor still installs;
``advisor solve`` and ``advisor allpass`` then explain how to get the compiled solvers, and
``advisor batch`` reads every line in Python (slower, the same records).
"""

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup


def _machine() -> ModuleType:
    """advisor/machine.py alone (the package's other modules need what a build may lack)."""
    spec = importlib.util.spec_from_file_location(
        "advisor_machine", Path(__file__).parent / "advisor" / "machine.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SOLVER_FLAGS = ["-O3", "-std=c99", "-Wall", "-Wextra", *_machine().compile_flags()]

setup(
    ext_modules=[
        Extension(
            "advisor.solver._core",
            sources=["advisor/solver/_core.c"],
            depends=[
                "advisor/_cards.h",
                "advisor/_splits.h",
                "advisor/_layouts.h",
                "advisor/_stop.h",
                "advisor/_suitgames.h",
                "advisor/solver/_lead.c",
                "advisor/solver/_through.c",
            ],
            extra_compile_args=SOLVER_FLAGS,
            optional=True,
        ),
        Extension(
            "advisor.game._core",
            sources=["advisor/game/_core.c"],
            depends=[
                "advisor/_cards.h",
                "advisor/_splits.h",
                "advisor/_layouts.h",
                "advisor/_stop.h",
            ],
            extra_compile_args=SOLVER_FLAGS,
            optional=True,
        ),
        Extension(
            "advisor.allpass._core",
            sources=["advisor/allpass/_core.c"],
            depends=["advisor/_cards.h", "advisor/_stop.h", "advisor/_suitgames.h"],
            extra_compile_args=SOLVER_FLAGS,
            optional=True,
        ),
        Extension(
            "advisor._fastread",
            sources=["advisor/_fastread.c"],
            extra_compile_args=["-O2", "-std=c99", "-Wall", "-Wextra"],
            optional=True,
        ),
    ]
)
