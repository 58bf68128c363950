"""The layers stay apart: the rules engine imports no I/O library (STYLE.md, rule 2)."""

from __future__ import annotations

import json
import subprocess
import sys

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
