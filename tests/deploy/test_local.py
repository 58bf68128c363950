"""Tests of deploy/local.py, the launcher behind `make run`, run as `make run` runs it."""

from __future__ import annotations

import importlib.util
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
    """Start the launcher with ``FF_PORT=port``, its output going to ``log``."""
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "deploy/local.py"],
            cwd=root,
            env={**os.environ, "FF_PORT": port},
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


def test_links_follow_the_port_unless_an_address_is_given(pytestconfig: pytest.Config) -> None:
    spec = importlib.util.spec_from_file_location(
        "local_launcher", pytestconfig.rootpath / "deploy" / "local.py")
    assert spec is not None and spec.loader is not None
    local = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(local)
    assert local.child_environment(8101, {"PATH": "/bin"}) == {
        "PATH": "/bin", "FF_PUBLIC_URL": "http://127.0.0.1:8101"}
    given = {"FF_PUBLIC_URL": "https://ff.example"}
    assert local.child_environment(8101, given) == given
