"""Build the optional C extensions; everything else is declared in pyproject.toml.

The extensions are ``optional``: without a C compiler the rest of the advisor still installs;
``advisor solve`` and ``advisor allpass`` then explain how to get the compiled solvers, and
``advisor batch`` reads every line in Python (slower, the same records).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "advisor.solver._core",
            sources=["advisor/solver/_core.c"],
            depends=[
                "advisor/_cards.h",
                "advisor/_splits.h",
                "advisor/_stop.h",
                "advisor/solver/_lead.c",
                "advisor/solver/_through.c",
            ],
            extra_compile_args=["-O3", "-std=c99", "-Wall", "-Wextra"],
            optional=True,
        ),
        Extension(
            "advisor.game._core",
            sources=["advisor/game/_core.c"],
            depends=["advisor/_cards.h", "advisor/_splits.h", "advisor/_stop.h"],
            extra_compile_args=["-O3", "-std=c99", "-Wall", "-Wextra"],
            optional=True,
        ),
        Extension(
            "advisor.allpass._core",
            sources=["advisor/allpass/_core.c"],
            depends=["advisor/_cards.h", "advisor/_stop.h"],
            extra_compile_args=["-O3", "-std=c99", "-Wall", "-Wextra"],
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
