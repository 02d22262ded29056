"""Issue 16, the engines' shape: no import circle inside companion.golden_gun, counting every
import statement wherever it sits (inside a function, under `if TYPE_CHECKING`), so that a
circle cannot hide behind a function-level import again."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.golden_gun

PACKAGE = Path(companion.golden_gun.__file__).parent


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["companion", "golden_gun", *path.relative_to(PACKAGE).with_suffix("").parts]
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules `path` imports: `from pkg import name` is pkg.name when that is
    a module, else pkg itself (its __init__)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                if name in modules:
                    found.add(name)
                elif node.module in modules:
                    found.add(node.module)
    return found


def test_no_import_circle_inside_the_golden_gun_package():
    modules = module_names()
    edges = {name: imports(path, modules) - {name} for name, path in modules.items()}
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> None:
        if name in trail:
            raise AssertionError("import circle: " + " -> ".join(
                [*trail[trail.index(name):], name]))
        if name in done:
            return
        for other in sorted(edges[name]):
            walk(other, [*trail, name])
        done.add(name)

    for name in sorted(modules):
        walk(name, [])
