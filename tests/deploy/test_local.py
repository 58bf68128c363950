"""Tests of deploy/local.py, the launcher behind `make run`, run as `make run` runs it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.support.ports import HOST, accepts_connections, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes


def _launch(root: Path, port: str, log: Path) -> subprocess.Popen[bytes]:
    """Start the launcher with ``FF_PORT=port`` (its mail receiver on a free port), its
    output going to ``log``."""
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "deploy/local.py"],
            cwd=root,
            env={**os.environ, "FF_PORT": port, "FF_MAILIN_SMTP_PORT": str(free_port())},
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["int", "term"])
def test_it_serves_the_health_endpoint_and_stops_everything_on_a_signal(
    stop_signal: signal.Signals, pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "launcher.log"
    launcher = _launch(pytestconfig.rootpath, str(port), log)
    try:
        wait_for_port(
            port,
            gave_up=lambda: None if launcher.poll() is None else log.read_text(),
        )
        response = requests.get(f"http://{HOST}:{port}/api/v1/health", timeout=10)
        assert response.json() == {"status": "ok"}
        launcher.send_signal(stop_signal)
        assert launcher.wait(timeout=30) == 0
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
    assert f"http://{HOST}:{port}/api/v1/health" in log.read_text()
    assert not accepts_connections(port)


def test_it_refuses_a_port_that_is_not_a_number(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    log = tmp_path / "launcher.log"
    launcher = _launch(pytestconfig.rootpath, "eighty", log)
    assert launcher.wait(timeout=30) == 1
    assert "FF_PORT must be a port number, got 'eighty'" in log.read_text()

