"""The architecture, checked: layers and independent games (import-linter), and no private names across modules.

Imports form no cycle anywhere under ``src/``: lazy imports inside
functions count, and so do imports only for type checking (a module that
needs another's type without importing it declares a ``Protocol``). The import
contracts live in ``pyproject.toml`` (``[tool.importlinter]``): the front
ends (cli, server, arena, rl, openspiel) over the bots over the games over the
core; games never import each other; the core needs no front-end library.

A private name (``_x``, not a dunder) belongs to its module: no other
module may import it (``from m import _x``) or reach for it
(``thing._x``, unless ``thing`` is ``self``, ``cls`` or ``super()``, or this
module itself defines a ``_x``: its own attribute on another instance).

No dead code: vulture finds nothing under ``src/`` that only the tests use,
but what ``tools/vulture_allow.py`` allows, saying who uses it. No file cites
an issue by number: the code says what it means. ``tools/`` and ``tests/``
do not import each other both ways (the tests import the tools they test).
"""

from __future__ import annotations

import ast
import re
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from parlour.core.registry import ENTRY_POINT_GROUP

SRC = Path(__file__).resolve().parents[1] / "src" / "parlour"
MODULES = sorted(SRC.rglob("*.py"))
PUBLIC_BY_CONVENTION = {"_exit", "_getframe", "_asdict", "_replace", "_fields", "_make", "_field_defaults",
                        "_step_count"}
"""Underscored names that are public API elsewhere (``os._exit``, namedtuple's methods, pgx's ``State._step_count``,
the step counter its ``Env.step`` keeps)."""


def test_import_contracts_are_kept() -> None:
    cli = pytest.importorskip("importlinter.cli", reason="import-linter is not installed (pip install -e .[dev])")
    config = str(SRC.parents[1] / "pyproject.toml")
    assert cli.lint_imports(config_filename=config) == 0, "an import contract is broken: run lint-imports"


def import_cycles(graph: Any) -> list[list[str]]:
    """The groups of modules that import each other in a ring (strongly connected components of two or more)."""
    edges = {m: graph.find_modules_directly_imported_by(m) & graph.modules for m in graph.modules}
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in edges[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return cycles


def test_no_import_cycles_anywhere() -> None:
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (pip install -e .[dev])")
    graph = grimp.build_graph("parlour", exclude_type_checking_imports=False)
    assert import_cycles(graph) == []


def test_the_cycle_check_finds_a_ring() -> None:
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (pip install -e .[dev])")
    graph = grimp.ImportGraph()
    for module in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(module)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.z")
    graph.add_import(importer="a.z", imported="a.x")
    assert import_cycles(graph) == [["a.x", "a.y", "a.z"]]


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_names(tree: ast.AST) -> set[str]:
    """Every name this module defines: functions, classes, assigned names and attributes, fields, slots."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            if not isinstance(node, ast.ClassDef):
                names.update(a.arg for a in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                  for t in node.targets):
            names.update(c.value for c in ast.walk(node.value)
                         if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return names


def private_uses(path: Path, root: Path = SRC.parent) -> list[str]:
    """Each use in ``path`` of another module's private name, as ``file:line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    own = defined_names(tree)
    where = path.relative_to(root)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"{where}:{node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}"
                      for a in node.names if is_private(a.name)]
        elif isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in PUBLIC_BY_CONVENTION:
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super":
                continue
            if node.attr in own:
                continue
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_uses_another_modules_private_names(path: Path) -> None:
    assert private_uses(path) == []


def test_the_private_name_check_sees_both_kinds_of_use(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from m import _hidden, shown\nclass A:\n    _mine = 1\n    def f(self, other):\n"
                      "        return self._x, other._mine, other._theirs, super()._y, m.__dict__\n")
    assert [use.split(": ", 1)[1] for use in private_uses(sample, tmp_path)] == [
        "from m import _hidden", "other._theirs"]


GAME_NAMES = re.compile(r"\b(" + "|".join(sorted(p.name for p in entry_points(group=ENTRY_POINT_GROUP))) + r")\b",
                        re.IGNORECASE)
OUTSIDE_GAMES = [p for p in MODULES if "games" not in p.relative_to(SRC).parts[:1]]
SCRIPTS = sorted((SRC / "server" / "static").glob("*.js"))


def code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path`` that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


@pytest.mark.parametrize("path", OUTSIDE_GAMES + SCRIPTS, ids=lambda p: str(p.relative_to(SRC)))
def test_no_game_is_named_outside_its_package(path: Path) -> None:
    """The front ends take every game from the registry: no code outside ``parlour.games`` names one."""
    if path.suffix == ".js":
        named = [(i, line) for i, line in enumerate(path.read_text().splitlines(), 1) if GAME_NAMES.search(line)]
    else:
        named = [(line, text) for line, text in code_strings(path) if GAME_NAMES.search(text)]
    assert named == []


ROOT = SRC.parents[1]
USERS = [ROOT / "tools", ROOT / "benchmarks", ROOT / "docs"]
"""What vulture reads as users of ``src/``: tools, benchmarks and the scripts of the notes (never the tests)."""
DATA_BASES = {"BaseModel", "BaseSettings", "TypedDict"}


def data_fields(paths: list[Path]) -> set[tuple[str, int]]:
    """(file, line) of every field of a pydantic model or ``TypedDict`` in ``paths``: data, sent or read by key."""
    classes = [(path, node) for path in paths for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef)]
    bases, grew = set(DATA_BASES), True
    while grew:  # subclasses of subclasses
        named = {c.name for _, c in classes if c.name not in bases
                 and {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in c.bases} & bases}
        grew = bool(named)
        bases |= named
    return {(str(path.resolve()), statement.lineno) for path, c in classes if c.name in bases
            for statement in c.body if isinstance(statement, (ast.AnnAssign, ast.Assign))}


def unused_code(ignored: set[str]) -> list[str]:
    """What vulture finds unused under ``src/parlour`` (names in ``ignored`` aside), as ``file:line: what``."""
    vulture = pytest.importorskip("vulture", reason="vulture is not installed (pip install -e .[dev])")
    allow = pytest.importorskip("tools.vulture_allow")
    found = vulture.Vulture(ignore_names=sorted(ignored), ignore_decorators=list(allow.IGNORED_DECORATORS))
    found.scavenge([str(SRC), *(str(p) for p in USERS if p.exists())])
    fields = data_fields(MODULES)
    return [f"{Path(item.filename).resolve().relative_to(ROOT)}:{item.first_lineno}: unused {item.typ} {item.name!r}"
            for item in found.get_unused_code(min_confidence=60)
            if Path(item.filename).resolve().is_relative_to(SRC)
            and (str(Path(item.filename).resolve()), item.first_lineno) not in fields]


def test_no_unused_code_in_src() -> None:
    """Vulture names nothing under ``src/`` that nothing but the tests uses (allowed: ``tools/vulture_allow.py``)."""
    allow = pytest.importorskip("tools.vulture_allow")
    assert unused_code(set(allow.ALLOWED)) == [], \
        "delete the unused code, or allow it in tools/vulture_allow.py saying who uses it"


def test_the_allow_list_names_only_what_is_there() -> None:
    """Every allowed name is still in ``src/``: the list shrinks with the code."""
    allow = pytest.importorskip("tools.vulture_allow")
    source = "\n".join(path.read_text(encoding="utf-8") for path in MODULES)
    assert [name for name in allow.ALLOWED if not re.search(rf"\b{name}\b", source)] == []


ISSUE = re.compile(r"\b(?:issue|ticket|pull request|PR)\s*#?\d+", re.IGNORECASE)
"""A reference to an issue tracker's numbers: the repository says what it means, in words."""
HASH_NUMBER = re.compile(r"(?<![\w&/#])#\d+\b")
"""A hash and a number in a Python comment or string (in CSS and JavaScript it may be a colour)."""
OWN_TEXT = sorted(p for folder in ("src", "tests", "tools") for p in (ROOT / folder).rglob("*")
                  if p.suffix in {".py", ".js", ".md", ".json", ".toml", ".css", ".html"} and p.is_file()
                  and "__pycache__" not in p.parts)
OWN_TEXT += [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
"""The documentation too, lab notes included: each says what it refers to, not a tracker's number."""


def issue_references(path: Path) -> list[str]:
    """Each place ``path`` cites an issue by number, as ``line: text``."""
    text = path.read_text(encoding="utf-8")
    found = [(text.count("\n", 0, m.start()) + 1, m.group()) for m in ISSUE.finditer(text)]
    if path.suffix == ".py":
        found += [(text.count("\n", 0, m.start()) + 1, m.group()) for m in HASH_NUMBER.finditer(text)]
    return [f"{line}: {what}" for line, what in sorted(found)]


@pytest.mark.parametrize("path", OWN_TEXT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_cites_an_issue_number(path: Path) -> None:
    assert issue_references(path) == []


def test_the_issue_check_sees_both_forms(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    issue, number = "issue " + "22", "#" + "23"  # written apart, so that this file cites none
    sample.write_text(f'"""Fixed in {issue}."""\nx = 1  # see {number}\ncolour = "&#38;"\n')
    assert issue_references(sample) == [f"1: {issue}", f"2: {number}"]


def imported_top_packages(folder: Path) -> dict[str, set[str]]:
    """Each top-level package the modules of ``folder`` import (lazy and type-checking imports too), and by whom."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                     else [])
            for name in names:
                found.setdefault(name.partition(".")[0], set()).add(str(path.relative_to(ROOT)))
    return found


def test_tools_and_tests_do_not_import_each_other_both_ways() -> None:
    """The tests import the tools they test; a tool importing the tests would make a ring of the two folders."""
    tools_use = imported_top_packages(ROOT / "tools").get("tests", set())
    tests_use = imported_top_packages(ROOT / "tests").get("tools", set())
    assert not (tools_use and tests_use), f"tools import tests ({sorted(tools_use)}) and tests import tools"
