"""The layers stay apart: the rules engine imports no I/O library (STYLE.md, rule 2); the
parts of the service import each other in no loop, and features share only what is meant to
be shared (docs/architecture.md)."""

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


# ---- The parts of the service (each top-level module or package of service/) ----

ROOT = Path(__file__).resolve().parent.parent
FEATURES = frozenset({"actions", "deadlines", "games", "home", "links", "live", "log",
                      "mail", "mailin", "plans", "prefs", "talk", "webhooks"})
# What a feature may take from another: the email channel (mail: compose, addresses, seats'
# preferences), the one submission use case (the mail door submits moves as the API does)
# the table's use cases (the mail door posts a reply's "say", mails show the table), the
# minting of a seat's links (home hands out seat links as "I lost my link" does) and the
# turn plans' use cases (the mail door plans a reply's further moves).
SHARED_ACROSS_FEATURES = {"mail": "service.mail", "actions": "service.actions.service",
                          "talk": "service.talk.service", "links": "service.links.service",
                          "plans": "service.plans.service"}


def imports_of(path: Path) -> Iterator[str]:
    """Yield every module a Python file imports (at any depth, TYPE_CHECKING included)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in ("service", "worker", "engine"):
                yield from (f"{node.module}.{alias.name}" for alias in node.names)
            else:
                yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def modules_of(package: str) -> Iterator[tuple[str, Path]]:
    """Yield (dotted name, path) of every module of a top-level package of the repository."""
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield ".".join(path.relative_to(ROOT).with_suffix("").parts), path


def part_edges() -> dict[tuple[str, str], set[str]]:
    """Return the imports between parts of the service: (from part, to part) -> importers."""
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name, path in modules_of("service"):
        source = name.split(".")[1] if "." in name else None
        for imported in imports_of(path):
            parts = imported.split(".")
            if parts[0] == "service" and len(parts) > 1 and source and parts[1] != source:
                edges[source, parts[1]].add(f"{name} -> {imported}")
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


def test_the_parts_of_the_service_import_each_other_in_no_loop() -> None:
    edges = part_edges()
    assert ("store", "notifications") not in edges  # the store decides no policy
    loops = cycles(edges)
    assert loops == [], "\n".join(
        f"{a} -> {b}: {sorted(edges[a, b])}" for loop in loops for a in loop for b in loop
        if (a, b) in edges)


def test_the_cycle_finder_finds_a_loop() -> None:
    assert cycles({("a", "b"): set(), ("b", "c"): set(), ("c", "a"): set(),
                   ("c", "d"): set()}) == [["a", "b", "c"]]


def test_a_feature_takes_from_another_only_the_mail_channel_and_the_submit_use_case() -> None:
    crossing = {pair: importers for pair, importers in part_edges().items()
                if pair[0] in FEATURES and pair[1] in FEATURES}
    for (source, target), importers in crossing.items():
        allowed = SHARED_ACROSS_FEATURES.get(target)
        assert allowed is not None and target != source, (source, target, importers)
        for importer in importers:
            imported = importer.split(" -> ")[1]
            assert imported == allowed or imported.startswith(f"{allowed}."), importer
    assert ("mail", "mailin") not in crossing  # the channel knows nothing of the mail door


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
