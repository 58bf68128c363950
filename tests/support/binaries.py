"""Find the programs the real servers need; skip without them, but fail under ``CI=true``."""

from __future__ import annotations

import glob
import os
import shutil
from typing import NoReturn

import pytest


def in_ci() -> bool:
    """Return whether this run is CI's (environment variable ``CI=true``)."""
    return os.environ.get("CI", "").lower() == "true"


def missing(what: str, debian_package: str) -> NoReturn:
    """Fail the test under CI, else skip it, saying what is missing and what installs it."""
    message = f"{what} not found; `make test` installs it (Debian package {debian_package})"
    if in_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def find_program(name: str, debian_package: str, *patterns: str) -> str:
    """Return the path of program ``name``: the newest match of ``patterns``, else on ``PATH``.

    ``patterns`` are globs for where Debian puts the program, such as PostgreSQL's
    ``/usr/lib/postgresql/*/bin/initdb`` (kept off ``PATH``); matches sort by version.
    """
    matches = [path for pattern in patterns for path in glob.glob(pattern)]
    executable = [path for path in matches if os.access(path, os.X_OK)]
    if executable:
        return max(executable, key=_version_key)
    found = shutil.which(name)
    if found is not None:
        return found
    missing(f"program {name!r}", debian_package)


def _version_key(path: str) -> list[tuple[int, str]]:
    """Sort key that orders ``.../9/bin`` before ``.../15/bin`` (numbers as numbers)."""
    return [(int(part), "") if part.isdigit() else (-1, part) for part in path.split("/")]
