"""The layers stay apart: the rules engine imports no I/O library (STYLE.md, rule 2); the
service is grouped as its layers (plumbing, kernel, features, and the top that joins them),
no part imports one above it or loops back, and features share only the seams
docs/architecture.md names."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

# Frameworks and clients of the outer layers; none may be loaded by importing the engine.
FORBIDDEN_IN_ENGINE = {
    "flask", "werkzeug", "flask_sqlalchemy", "flask_smorest", "flask_limiter",
    "sqlalchemy", "alembic", "psycopg", "marshmallow", "apispec", "webargs",
    "celery", "kombu", "redis", "gunicorn", "requests",
}

# Imports the engine and every module in it, in a fresh interpreter, and prints sys.modules.
IMPORT_ALL_OF_ENGINE = """
import importlib, json, pkgutil, sys
import engine
for module in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(module.name)
print(json.dumps(sorted(sys.modules)))
"""


def test_engine_imports_no_framework_database_queue_or_network_library(
    pytestconfig: pytest.Config,
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_OF_ENGINE],
        cwd=pytestconfig.rootpath, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    loaded = {name.partition(".")[0] for name in json.loads(result.stdout)}
    assert loaded & FORBIDDEN_IN_ENGINE == set()


# ---- The layers of the service: plumbing, kernel, features, and the top that joins them ----

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
LAYERS = ("plumbing", "kernel", "features")
"""The packages of service/, from the bottom up (docs/architecture.md). The modules loose at
the top of service/ (the app factory, the lists of reactions, the processes' entry points)
stand above all three and join them."""
TOP = len(LAYERS)
MOST_LOOSE_MODULES = 10

SEAMS = {
    "service.features.mail": "the email channel: composing, addresses, seats' settings",
    "service.features.actions.service": "the one submission use case (the mail door's moves)",
    "service.features.talk.service": "the table's use cases (a reply's 'say'; the table shown)",
    "service.features.links.service": "a seat's links minted (home hands them out)",
    "service.features.plans.service": "the turn plans' use cases (a reply's further moves, "
                                      "'plan', 'plan clear')",
    "service.features.computer.service": "the computer's seats (a seat absent too long; "
                                         "'back' by mail)",
    "service.features.deadlines.nudge": "the nudge use case ('nudge' by mail)",
    "service.features.prefs.service": "a seat's notification settings ('answers' by mail)",
    "service.features.takebacks.service": "the takebacks' use cases ('undo', 'yes' and 'no' "
                                          "by mail)",
    "service.features.records.service": "a game's record (a sandbox opens from it)",
    "service.features.notes.service": "a seat's private note ('note ...' by mail)",
    "service.features.tables.service": "the rematch's use cases ('rematch', and 'yes' and "
                                       "'no' once the game is over, by mail)",
    "service.features.games.service": "a game created in the caller's transaction (a "
                                      "table's next game)",
    "service.features.games.schemas": "the rule options, seat fields and created game's "
                                      "shape (a table's games)",
    "service.features.notifications.service": "telling players on every channel",
    "service.features.webhooks.messages": "the webhook messages written beside the mails",
    "service.features.push.notices": "the pushes written beside the mails (notifications)",
    "service.features.push.service": "a device kept for a seat (home subscribes one for "
                                     "every seat it lists)",
    "service.features.push.schemas": "a browser's subscription, as home's route reads it",
    "service.features.webhooks.addresses": "the public-address rule of URLs the service POSTs "
                                           "to (push endpoints, as webhook targets)",
}
"""What a feature may take from another, and why: every other import between features is
refused. docs/architecture.md names each ("Seams")."""


def module_name(path: Path) -> str:
    """Return the dotted name of a module of the repository (a package by its own name)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    """True when ``name`` is a module or package of the repository."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports_of(path: Path) -> Iterator[str]:
    """Yield every module a Python file imports (at any depth, TYPE_CHECKING included): a
    name imported from a package counts as its module when it is one."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                yield full if is_module(full) else node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def modules_of(package: str) -> Iterator[tuple[str, Path]]:
    """Yield (dotted name, path) of every module of a top-level package of the repository."""
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield module_name(path), path


def part_of(module: str) -> str:
    """Return the part of the service a module belongs to: a feature (``features.mail``), a
    module or package of the kernel or the plumbing (``kernel.store``, ``plumbing.i18n``), or
    a module at the top (``reactions``; ``service`` is the app factory)."""
    parts = module.split(".")[1:]
    if not parts:
        return "service"
    return ".".join(parts[:2]) if parts[0] in LAYERS and len(parts) > 1 else parts[0]


def layer_of(part: str) -> int:
    """Return the floor of a part: 0 the plumbing, 1 the kernel, 2 the features, 3 the top."""
    head = part.split(".")[0]
    return LAYERS.index(head) if head in LAYERS else TOP


def part_edges() -> dict[tuple[str, str], set[str]]:
    """Return the imports between parts of the service: (from part, to part) -> importers."""
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name, path in modules_of("service"):
        source = part_of(name)
        for imported in imports_of(path):
            if imported.split(".")[0] == "service" and part_of(imported) != source:
                edges[source, part_of(imported)].add(f"{name} -> {imported}")
    return edges


def cycles(edges: dict[tuple[str, str], set[str]]) -> list[list[str]]:
    """Return the parts that import each other in a loop (strongly connected, Tarjan)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target in edges:
        graph[source].add(target)
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in order:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            component = []
            while (top := stack.pop()) != node:
                component.append(top)
            component.append(node)
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def test_the_top_of_the_service_holds_the_layers_and_few_loose_modules() -> None:
    folders = {path.name for path in SERVICE.iterdir()
               if path.is_dir() and (path / "__init__.py").is_file()}
    loose = sorted(path.name for path in SERVICE.glob("*.py"))
    assert folders == set(LAYERS)
    assert len(loose) <= MOST_LOOSE_MODULES, loose


def test_the_parts_of_the_service_import_each_other_in_no_loop() -> None:
    edges = part_edges()
    loops = cycles(edges)
    assert loops == [], "\n".join(
        f"{a} -> {b}: {sorted(edges[a, b])}" for loop in loops for a in loop for b in loop
        if (a, b) in edges)


def test_the_cycle_finder_finds_a_loop() -> None:
    assert cycles({("a", "b"): set(), ("b", "c"): set(), ("c", "a"): set(),
                   ("c", "d"): set()}) == [["a", "b", "c"]]


def test_no_part_imports_a_layer_above_its_own() -> None:
    upward = {pair: sorted(importers) for pair, importers in part_edges().items()
              if layer_of(pair[0]) < layer_of(pair[1])}
    assert upward == {}


def test_the_layer_finder_places_each_part() -> None:
    assert [layer_of(part_of(name)) for name in (
        "service.plumbing.i18n.setup", "service.kernel.store", "service.features.mail.compose",
        "service.reactions", "service")] == [0, 1, 2, 3, 3]
    assert part_of("service.features.mail.compose") == "features.mail"
    assert part_of("service.plumbing.i18n.setup") == "plumbing.i18n"


def test_a_feature_takes_from_another_only_through_the_named_seams() -> None:
    used: set[str] = set()
    for (source, target), importers in part_edges().items():
        if layer_of(source) != layer_of(target) or not target.startswith("features."):
            continue
        for importer in importers:
            imported = importer.split(" -> ")[1]
            seam = next((seam for seam in SEAMS
                         if imported == seam or imported.startswith(f"{seam}.")), None)
            assert seam is not None, importer
            used.add(seam)
    assert used == set(SEAMS), f"seams no feature uses: {set(SEAMS) - used}"
    assert ("features.mail", "features.mailin") not in part_edges()  # the channel knows
    # nothing of the mail door


def test_every_seam_is_named_in_the_architecture() -> None:
    architecture = (ROOT / "docs" / "architecture.md").read_text()
    assert [seam for seam in SEAMS if f"`{seam}`" not in architecture] == []


def test_the_service_never_imports_the_worker_and_the_engine_imports_neither() -> None:
    for package, forbidden in (("service", ("worker",)), ("engine", ("service", "worker"))):
        for name, path in modules_of(package):
            bad = [m for m in imports_of(path) if m.split(".")[0] in forbidden]
            assert bad == [], (name, bad)


def test_the_root_conftest_imports_playwright_only_for_annotations() -> None:
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text())
    for node in tree.body:  # module level: what runs when pytest loads the conftest
        if isinstance(node, ast.If):
            continue  # if TYPE_CHECKING: ...
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module] if isinstance(node, ast.ImportFrom) else [
                alias.name for alias in node.names]
            assert not any(name and name.startswith("playwright") for name in names)
