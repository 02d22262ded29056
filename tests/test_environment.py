"""pyproject.toml and environment.yml name the same dependencies at the same versions."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _normalise(requirement: str) -> str:
    return re.sub(r"\s+", "", requirement).lower()


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_normalise(r) for r in project["dependencies"]}
    wanted |= {_normalise(r) for r in project["optional-dependencies"]["test"]}
    listed = set()
    for line in (ROOT / "environment.yml").read_text().splitlines():
        # conda's own list, and its pip section (a package conda-forge does not carry)
        match = re.match(r"^\s+- ([A-Za-z][\w.-]*(?:\[[\w,]+\])?[<>=!~][^#]*)", line)
        if match and not match.group(1).startswith("python"):
            listed.add(_normalise(match.group(1)))
    assert listed == wanted


def test_the_readme_shows_both_commands():
    readme = (ROOT / "README.md").read_text()
    assert "make serve" in readme
    assert "make test" in readme
