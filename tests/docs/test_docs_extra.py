"""``pip install '.[docs]'`` brings every package that the docs build imports: each module that a
page documents with ``automodule`` (and every cardrules module it imports at load time) imports
only the standard library, the runtime dependencies, the ``docs`` extra, or a package that
``docs/conf.py`` stands in for (``autodoc_mock_imports``)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src"
#: Import names of the distributions the docs extra and the runtime dependencies name.
IMPORT_NAMES = {"typing-extensions": "typing_extensions", "open-spiel": "pyspiel"}


def _requirements() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = set()
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["docs"]]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)
        assert name is not None
        names.add(IMPORT_NAMES.get(name.group(), name.group().replace("-", "_")))
    return names


def _mocked() -> set[str]:
    tree = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "autodoc_mock_imports" for t in node.targets
        ):
            return set(ast.literal_eval(node.value))
    return set()


def _module_file(name: str) -> Path | None:
    path = SOURCE / Path(*name.split("."))
    if (path / "__init__.py").exists():
        return path / "__init__.py"
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py")
    return None


def _load_time_imports(name: str) -> set[str]:
    """The modules imported when ``name`` is imported: its top-level imports (not those inside
    functions, nor under ``if TYPE_CHECKING``), and the packages above it."""
    path = _module_file(name)
    assert path is not None, name
    found = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if _module_file(f"{node.module}.{alias.name}") is not None
            )
    return found


def test_the_docs_extra_brings_what_autodoc_imports() -> None:
    documented = set()
    for page in (ROOT / "docs").glob("*.rst"):
        documented.update(re.findall(r"^\.\. automodule:: (\S+)", page.read_text(), re.M))
    assert "cardrules.adapters.gymnasium" in documented
    allowed = _requirements() | _mocked() | set(sys.stdlib_module_names) | {"cardrules"}
    seen: set[str] = set()
    todo = sorted(documented)
    missing: dict[str, str] = {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for imported in _load_time_imports(name):
            top = imported.split(".")[0]
            if top == "cardrules":
                if _module_file(imported) is not None:
                    todo.append(imported)
            elif top not in allowed:
                missing.setdefault(top, name)
    assert missing == {}, f"imported by the documented modules, not in the docs extra: {missing}"
