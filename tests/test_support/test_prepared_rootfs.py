"""The compose test takes the Debian root file system .ci/run made ahead only when it is
done, and makes its own when its maker failed or is gone (tests/support/docker_engine.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.docker_engine import PREPARED_ROOTFS, prepared_rootfs


@pytest.fixture
def rootfs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "rootfs"
    folder.mkdir()
    monkeypatch.setenv(PREPARED_ROOTFS, str(folder))
    return folder


def gone_pid() -> int:
    process = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                             capture_output=True, text=True, check=True)
    return int(process.stdout)


def test_none_is_taken_when_none_was_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PREPARED_ROOTFS, raising=False)
    assert prepared_rootfs(timeout=1) is None


def test_a_finished_one_is_taken(rootfs: Path) -> None:
    Path(f"{rootfs}.pid").write_text(str(gone_pid()))
    Path(f"{rootfs}.done").touch()
    assert prepared_rootfs(timeout=1) == rootfs


def test_a_failed_one_is_not_taken(rootfs: Path) -> None:
    Path(f"{rootfs}.pid").write_text(str(os.getpid()))
    Path(f"{rootfs}.failed").write_text("CalledProcessError: debootstrap failed\n")
    assert prepared_rootfs(timeout=5) is None


def test_one_whose_maker_is_gone_unfinished_is_not_taken(rootfs: Path) -> None:
    Path(f"{rootfs}.pid").write_text(str(gone_pid()))
    assert prepared_rootfs(timeout=5) is None


def test_one_still_being_made_is_waited_for_until_the_time_is_up(rootfs: Path) -> None:
    Path(f"{rootfs}.pid").write_text(str(os.getpid()))
    assert prepared_rootfs(timeout=1.5) is None
