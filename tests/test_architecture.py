"""The package's shape, read from its source: every import counts, inside functions and under
`TYPE_CHECKING` too.

- no import circle of any kind, between modules or packages of one game;
- `companion.core` imports only `companion.core`;
- no game imports another game;
- panel, bokeh and holoviews are imported only by the UI: `companion/ui/` and each game's
  dashboard (a `dashboard/` package or a `dashboard.py` module);
- no private name (`_name`) is imported from another module.

A view takes what it shows and callbacks (or a small object of them) for what it does, never
its dashboard, so no dashboard's views import its `main`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"
UI_LIBRARIES = {"panel", "bokeh", "holoviews"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path) -> Iterator[tuple[str, tuple[str, ...], int]]:
    """(module imported, names imported from it, line) for every import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, (), node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                base = ".".join(parent[:len(parent) - node.level + 1] + ([base] if base else []))
            yield base, tuple(alias.name for alias in node.names), node.lineno


def target(name: str, names: tuple[str, ...], known: dict[str, Path]) -> list[str]:
    """The companion modules an import reaches: the module, or its submodules named."""
    reached = [f"{name}.{n}" for n in names if f"{name}.{n}" in known]
    if (name in known and len(reached) < len(names)) or not names:
        reached.append(name)
    return [m for m in reached if m in known]


def graph() -> nx.DiGraph:
    known = modules()
    edges = nx.DiGraph()
    edges.add_nodes_from(known)
    for module, path in known.items():
        for name, names, _ in imports(path):
            for reached in target(name, names, known):
                if reached != module:
                    edges.add_edge(module, reached)
    return edges


def test_no_import_circle_of_any_kind():
    circles = [sorted(c) for c in nx.strongly_connected_components(graph()) if len(c) > 1]
    assert circles == []


def test_core_imports_only_core():
    wrong = [(m, n) for m, n in graph().edges
             if m.startswith("companion.core") and not n.startswith("companion.core")]
    assert wrong == []


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] not in ("core", "ui") else None


def test_no_game_imports_another():
    wrong = [(m, n) for m, n in graph().edges
             if game_of(m) and game_of(n) and game_of(m) != game_of(n)]
    assert wrong == []


def is_ui(module: str) -> bool:
    parts = module.split(".")
    return parts[1:2] == ["ui"] or "dashboard" in parts


@pytest.mark.parametrize("module", sorted(modules()))
def test_only_the_ui_imports_panel_bokeh_or_holoviews(module):
    if is_ui(module):
        return
    found = [(name, line) for name, _, line in imports(modules()[module])
             if name.split(".")[0] in UI_LIBRARIES or (
                 name.startswith("companion.") and is_ui(name))]
    assert found == [], f"{module} imports the UI"


def test_no_private_name_is_imported_from_another_module():
    importers = set()
    for module, path in modules().items():
        for name, names, _ in imports(path):
            if name.startswith("companion") and any(n.startswith("_") for n in names):
                importers.add((module, name))
    assert importers == set()


GAME_FILES = ("__init__.py", "rules.py", "engine.py", "odds.py")  # and a dashboard
SMALL_DASHBOARD = 300  # lines a one-module dashboard may have (Dice Lab's); more: a package
GAME_TESTS = ("test_rules.py", "test_properties.py", "test_playthrough.py", "test_app.py")


@pytest.mark.parametrize("game", sorted(
    p.parent.name for p in PACKAGE.glob("*/engine.py")))
def test_every_game_has_the_files_of_the_interface(game):
    """A game's package holds its rules, engine, odds and dashboard (a package of views, or
    one small module: Dice Lab's); its tests hold the rule tests, hypothesis properties, a
    golden playthrough and a real-browser test; a notebook teaches it."""
    package = PACKAGE / game
    assert [name for name in GAME_FILES if not (package / name).exists()] == []
    single = package / "dashboard.py"
    assert single.exists() or (package / "dashboard").is_dir()
    if single.exists():
        assert len(single.read_text(encoding="utf-8").splitlines()) < SMALL_DASHBOARD
    tests = ROOT / "tests" / game
    assert [name for name in GAME_TESTS if not (tests / name).exists()] == []
    assert any(f"companion.{game}" in notebook.read_text(encoding="utf-8")
               for notebook in (ROOT / "notebooks").glob("*.ipynb"))
