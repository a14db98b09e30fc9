"""Build the optional C extension; everything else is declared in pyproject.toml.

The extension is ``optional``: without a C compiler the rest of the advisor still installs, and
``advisor solve`` then explains how to get the compiled solver.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "advisor.solver._core",
            sources=["advisor/solver/_core.c"],
            extra_compile_args=["-O3", "-std=c99", "-Wall", "-Wextra"],
            optional=True,
        )
    ]
)
