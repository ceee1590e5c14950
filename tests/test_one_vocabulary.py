"""Source checks of the registry's promise: only :mod:`cardrules.games` tells games apart by
name, shared code does not sniff a game by an attribute only one game has, no module imports
another package's underscore names, and none imports a function under the name of another
public function of its home module (one public name per thing, read as it is written).

Each check walks every module under ``src/`` (by its syntax tree, not by text).  ``ALLOWED``
lists the offenders left, with their counts: a count may only go down (the test fails when a
listed module has fewer, so that the list is shrunk with the fix, and when any module has more).
"""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from cardrules import all_fours, four_hundred
from cardrules.games import games

SRC = Path(__file__).resolve().parents[1] / "src"
#: The registry itself is where names are compared.
REGISTRY = "cardrules.games"

#: (check, module): offences left, to be rewired onto the registry.
ALLOWED: dict[tuple[str, str], int] = {}


def _normal(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


#: Every name of a registered game, as the registry normalises them.
NAMES = frozenset(name for game in games() for name in (*game.names, _normal(game.key)))


def _public(kind: type) -> set[str]:
    return {name for name in dir(kind) if not name.startswith("_")}


#: Attributes of one game's State or Observation that the other game's lacks: testing for one
#: with ``hasattr`` tells the games apart behind the registry's back.
ONE_GAME_ONLY = frozenset(
    (_public(four_hundred.State) ^ _public(all_fours.State))
    | (_public(four_hundred.Observation) ^ _public(all_fours.Observation))
)


def _modules() -> Iterator[tuple[str, str, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        package = module if is_package else module.rpartition(".")[0]
        yield module, package, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _strings(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _strings(element)


def _names_a_game(node: ast.AST) -> bool:
    return any(_normal(text) in NAMES for text in _strings(node))


def _renamed_over(module: str, alias: ast.alias) -> bool:
    """True for ``from module import a as b`` where ``b`` is another public name of ``module``."""
    name = alias.asname
    if not name or name == alias.name or name.startswith("_") or not module.startswith("cardrules"):
        return False
    return hasattr(importlib.import_module(module), name)


def _package_of(module: str) -> str:
    return module if (SRC / module.replace(".", "/")).is_dir() else module.rpartition(".")[0]


def offences(module: str, package: str, tree: ast.Module) -> Iterator[tuple[str, int, str]]:
    """``(check, line, what)`` for each offence of one module."""
    # Module-level names bound to game names (``_GAMES = ("400", "all-fours")``) count as them.
    bound = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if _names_a_game(node.value):
                bound |= {target.id for target in targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if _names_a_game(side) or (isinstance(side, ast.Name) and side.id in bound):
                    yield "compare", node.lineno, ast.unparse(node)
                    break
        elif isinstance(node, ast.Dict):
            if any(key is not None and _names_a_game(key) for key in node.keys):
                yield "map", node.lineno, "a dict keyed by game names"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and (
                (node.func.id == "hasattr" and len(node.args) == 2)
                or (node.func.id == "getattr" and len(node.args) == 3)  # with a default
            )
            and any(text in ONE_GAME_ONLY for text in _strings(node.args[1]))
        ):
            yield "sniff", node.lineno, ast.unparse(node)
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and _package_of(node.module) != package
        ):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    yield "private", node.lineno, f"{node.module}.{alias.name}"
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if _renamed_over(node.module, alias):
                    yield "rename", node.lineno, f"{node.module}.{alias.name} as {alias.asname}"


def _found() -> tuple[Counter[tuple[str, str]], list[str]]:
    counts: Counter[tuple[str, str]] = Counter()
    lines = []
    for module, package, tree in _modules():
        if module == REGISTRY:
            continue
        for check, line, what in offences(module, package, tree):
            counts[check, module] += 1
            lines.append(f"{check}: {module}:{line}: {what}")
    return counts, lines


def test_the_checks_catch_what_they_say() -> None:
    source = """
from cardrules.core.tricks import _hidden
from cardrules.core.tricks import must_follow_unchecked as must_follow_mask
from cardrules.core.tricks import must_follow_bits as follow
from cardrules.own._kernel import public
GAMES = ("400", "all-fours")
if game == "All_Fours" or name in GAMES or hasattr(obs, "bids"):
    table = {"four_hundred": 1}
seats = getattr(rules, "players", 4)
"""
    found = [check for check, _, _ in offences("cardrules.x.y", "cardrules.x", ast.parse(source))]
    assert sorted(found) == ["compare", "compare", "map", "private", "rename", "sniff", "sniff"]


def test_no_game_names_compared_outside_the_registry() -> None:
    counts, lines = _found()
    over = {key for key, n in counts.items() if n > ALLOWED.get(key, 0)}
    assert not over, "\n".join(
        line for line in lines if (line.split(": ")[0], line.split(": ")[1].split(":")[0]) in over
    )


def test_the_allow_list_shrinks_with_the_fixes() -> None:
    counts, _ = _found()
    stale = {key: (n, counts.get(key, 0)) for key, n in ALLOWED.items() if counts.get(key, 0) < n}
    assert not stale, f"lower these allowances (allowed, found): {stale}"
