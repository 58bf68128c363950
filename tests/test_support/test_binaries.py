"""Tests of tests/support/binaries.py: finding programs, skipping or failing without them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.binaries import find_program

NO_SUCH_PROGRAM = "ff-no-such-program"


def test_it_finds_a_program_on_the_path() -> None:
    assert find_program("sh", "dash") == shutil.which("sh")


def test_it_prefers_the_newest_match_of_the_patterns(tmp_path: Path) -> None:
    for version in ("9", "15", "13"):
        program = tmp_path / version / "bin" / "initdb"
        program.parent.mkdir(parents=True)
        program.touch(mode=0o755)
    found = find_program("initdb", "postgresql", str(tmp_path / "*" / "bin" / "initdb"))
    assert found == str(tmp_path / "15" / "bin" / "initdb")


def test_it_skips_outside_ci_when_a_program_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="Debian package ff-package"):
        find_program(NO_SUCH_PROGRAM, "ff-package")


def test_it_fails_under_ci_when_a_program_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=NO_SUCH_PROGRAM):
        find_program(NO_SUCH_PROGRAM, "ff-package")
