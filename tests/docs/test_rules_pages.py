"""The docs' rules pages state every rule of both games, and the product points nowhere else.

The rules reference is ``docs/four_hundred_rules.rst`` and ``docs/all_fours_rules.rst``: one
``.. rule:: ID title`` entry per rule.  Every rule id that the code cites (docstrings, comments,
error messages) and every id a test is marked with must have its entry there.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = {"FH": DOCS / "four_hundred_rules.rst", "AF": DOCS / "all_fours_rules.rst"}
COUNTS = {"FH": 30, "AF": 25}
RULE_ID = re.compile(r"\b(?:FH|AF)-\d+\b")
ENTRY = re.compile(r"^\.\. rule:: ((?:FH|AF)-\d+) \S", re.M)


def extension() -> Any:
    """The docs' Sphinx extension (skips without Sphinx)."""
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("cardrules_docs")
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def entries(prefix: str) -> list[str]:
    return ENTRY.findall(PAGES[prefix].read_text(encoding="utf-8"))


def ids_in(paths: list[Path]) -> dict[str, set[str]]:
    """Each rule id found in these files -> the files that cite it."""
    found: dict[str, set[str]] = {}
    for path in paths:
        for rule_id in RULE_ID.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return found


@pytest.mark.parametrize("prefix", ["FH", "AF"])
def test_every_rule_has_exactly_one_entry_in_order(prefix: str) -> None:
    expected = [f"{prefix}-{n}" for n in range(1, COUNTS[prefix] + 1)]
    assert entries(prefix) == expected


@pytest.mark.parametrize("prefix", ["FH", "AF"])
def test_every_rule_links_to_the_code(prefix: str) -> None:
    text = PAGES[prefix].read_text(encoding="utf-8")
    blocks = re.split(r"^\.\. rule:: ", text, flags=re.M)[1:]
    without = [b.split()[0] for b in blocks if not re.search(r"^   :code: \S", b, re.M)]
    assert without == []


def test_every_rule_id_of_the_code_is_in_the_docs() -> None:
    documented = set(entries("FH")) | set(entries("AF"))
    cited = ids_in(sorted((ROOT / "src" / "cardrules").rglob("*.py")))
    missing = {
        rule_id: sorted(files) for rule_id, files in cited.items() if rule_id not in documented
    }
    assert not missing, f"rule ids cited in src/cardrules without an entry in the docs: {missing}"


def test_every_rule_marker_of_the_tests_is_in_the_docs() -> None:
    documented = set(entries("FH")) | set(entries("AF"))
    marked: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for args in re.findall(r"mark\.rule\(([^)]*)\)", path.read_text(encoding="utf-8")):
            marked.update(RULE_ID.findall(args))
    assert marked, "no rule markers found"
    assert sorted(marked - documented) == []


@pytest.mark.parametrize(
    "path",
    [
        *sorted(DOCS.glob("*.rst")),
        *sorted((DOCS / "_ext").glob("*.py")),
        DOCS / "conf.py",
        ROOT / "README.md",
    ],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_the_product_points_at_nothing_outside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "shared/" not in text
    assert not re.search(r"rules/[\w-]+\.md", text)


def test_the_docstrings_point_at_nothing_outside_the_repository() -> None:
    cited = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "src" / "cardrules").rglob("*.py"))
        if "shared/rules" in path.read_text(encoding="utf-8")
    ]
    assert cited == []


@pytest.mark.parametrize("game", ["four_hundred", "all_fours"])
def test_every_option_belongs_to_a_rule(game: str) -> None:
    """The extension's option table covers exactly the fields of ``Rules``, and each field's
    rules exist (the docs build fails otherwise; this says so sooner)."""
    ext = extension()
    rules = importlib.import_module(f"cardrules.{game}").Rules
    assert {f.name for f in attrs.fields(rules)} == set(ext.OPTIONS[game])
    prefix = "FH" if game == "four_hundred" else "AF"
    for field, (rule_ids, _) in ext.OPTIONS[game].items():
        assert set(rule_ids) <= set(entries(prefix)), field


def test_every_table_is_shown() -> None:
    ext = extension()
    text = "".join(path.read_text(encoding="utf-8") for path in DOCS.glob("*.rst"))
    shown = set(re.findall(r"^\.\. cardrules-table:: (\S+)", text, re.M))
    assert shown == set(ext.TABLES)
