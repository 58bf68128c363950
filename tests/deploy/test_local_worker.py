"""deploy/local.py (`make run`) runs a real Celery worker and beat on the embedded broker:
a game played through the API gets its monster phase resolved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.api_player import ApiGame
from tests.support.ports import HOST, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes


def test_a_game_played_through_the_api_gets_its_monster_phase_resolved(
    pytestconfig: pytest.Config, tmp_path: Path,
) -> None:
    port = free_port()
    log = tmp_path / "launcher.log"
    env = {**os.environ, "FF_PORT": str(port), "FF_MAILIN_SMTP_PORT": str(free_port()),
           "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
           "FF_CELERY_BROKER_URL": f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}",
           "FF_MAIL_DIR": str(tmp_path / "mail")}
    with log.open("wb") as output:
        launcher = subprocess.Popen([sys.executable, "deploy/local.py"],
                                    cwd=pytestconfig.rootpath, env=env,
                                    stdin=subprocess.DEVNULL, stdout=output,
                                    stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, timeout=60,
                      gave_up=lambda: None if launcher.poll() is None else log.read_text())
        game = ApiGame.create(f"http://{HOST}:{port}")
        # Links follow the port served (FF_PUBLIC_URL is derived from FF_PORT when unset).
        assert game.spectator_link.startswith(f"http://{HOST}:{port}/play/{game.id}#")
        version, _ = game.play_to_monster_phase()
        view = game.wait_for_version(version, timeout=90)
        assert (view["version"], view["phase"]) == (version + 1, "figures")
        mails = list((tmp_path / "mail").glob("*.eml"))
        assert mails, "the worker sent no email"
        assert all(f"http://{HOST}:{port}/play/{game.id}" in mail.read_text() for mail in mails)
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=60) == 0
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
    text = log.read_text()
    assert f"http://{HOST}:{port}/api/v1/health" in text
    assert "worker.tasks.relay_outbox" in text
