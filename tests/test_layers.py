"""The shape of the package, as docs/architecture.md draws it: imports only run down the layers,
no two modules import each other (even late, inside a function), every module of the library is
small, and every error class lives in advisor/errors.py.

Read from the source with :mod:`ast`, so a late import or one for type checking counts as much
as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "advisor"
MOST_LINES = 600

LAYER_TEXT = """
1 i18n words errors language text jsonout limits defaults build machine cards seats fileio
1 sampling
1 parallel scoring splits contract auction
2 holdings table table_file table_edit convention points
3 rules verdict table_diff defence
4 talon solver game exact lead lead_figures calibrate calibrate_file allpass whist game_lead
5 batch compare
6 cli __main__
"""
LAYERS = {
    name: int(line.split()[0])
    for line in LAYER_TEXT.strip().splitlines()
    for name in line.split()[1:]
}
"""Each top-level module or package of ``advisor`` by its layer, as docs/architecture.md lists
them: 1 cards and seats and the helpers everything shares, 2 holdings and the table (and the
scoring convention), 3 the rules and the verdict (and the defenders' whist model), 4 analyses,
5 batch, 6 the command line. A package's modules share its layer; the root package's
``__init__`` (its public names, gathered from several layers) is left out."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The advisor modules ``name`` imports anywhere in its source (its own packages aside)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    # a package is always imported before its modules: that edge is no circle
    return {target for target in found if not name.startswith(target + ".")}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(name: str) -> int | None:
    parts = name.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


def test_every_module_has_a_layer() -> None:
    assert [name for name in MODULES if name != "advisor" and _layer(name) is None] == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n != "advisor"))
def test_no_import_runs_back_up_the_layers(name: str) -> None:
    layer = _layer(name)
    assert layer is not None
    upward = sorted(
        f"{target} (layer {_layer(target)})"
        for target in GRAPH[name]
        if target != "advisor" and (_layer(target) or 0) > layer
    )
    assert upward == [], f"{name} (layer {layer}) imports {upward}"


def _cycle() -> list[str] | None:
    """One import circle among the modules (the root package aside), or None."""
    graph = {n: [t for t in ts if t != "advisor"] for n, ts in GRAPH.items() if n != "advisor"}
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in graph[node]:
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_no_import_circle() -> None:
    assert _cycle() is None


def test_the_circle_finder_finds_one() -> None:
    """The check above can fail: a circle written into the graph is found."""
    GRAPH["advisor.cards"].add("advisor.seats")
    GRAPH["advisor.seats"].add("advisor.cards")
    try:
        found = _cycle()
    finally:
        GRAPH["advisor.cards"] = _imports("advisor.cards", MODULES["advisor.cards"])
        GRAPH["advisor.seats"] = _imports("advisor.seats", MODULES["advisor.seats"])
    assert found is not None and {"advisor.cards", "advisor.seats"} <= set(found)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_600_lines(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"{name}: {lines} lines"


def test_every_error_class_lives_in_errors() -> None:
    """(A signal raised to unwind, a ``BaseException`` like ``KeyboardInterrupt``, is not an
    error.)"""
    outside = []
    for name, path in MODULES.items():
        if name == "advisor.errors":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(base) for base in node.bases]
                if any(
                    base.endswith(("Error", ".Exception")) or base == "Exception" for base in bases
                ):
                    outside.append(f"{name}.{node.name}")
    assert outside == []
