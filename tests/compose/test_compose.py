"""deploy/compose.yaml run for real: built, started, played through nginx over HTTPS, a
service restarted, every health check healthy, and taken down again.

The Docker engine is the test's own (``docker_engine``). No image registry is needed: the
official images compose names are replaced, through its variables, by stand-ins built from
Debian's packages (``tests/support/debian_images``), and deploy/Dockerfile is built on the
Python one. nginx is Debian's 1.22, which lacks ``http2 on;``: it gets a copy of nginx.conf
without that line, mounted through ``NGINX_CONF``; nothing else differs from what operators
run. The outside world runs in this process on the engine's bridge address, which the
containers reach through their network's gateway: a real SMTP server for the emailed seat's
mail, and a real webhook receiver. The seconds each step took are written to
``test-artifacts/compose/timings.json`` with the containers' logs.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
from standardwebhooks.webhooks import Webhook

from tests.support.api_player import ApiGame
from tests.support.docker_engine import (
    BRIDGE_ADDRESS,
    DebianImages,
    DockerEngine,
    build_debian_images,
)
from tests.support.ports import HOST, free_port
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "deploy" / "compose.yaml"
HEALTHY_TIMEOUT = 240.0
EMAILED = {"name": "Ann", "email": "ann@example.com"}


class Compose:
    """``docker-compose`` on deploy/compose.yaml as one project, its settings in ``env``."""

    def __init__(self, engine: DockerEngine, env_file: Path) -> None:
        self.engine, self.env_file = engine, env_file
        self.project = f"fftest{os.getpid()}"

    def __call__(self, *args: str, timeout: float = 600.0) -> str:
        """Run ``docker-compose ARGS`` for the project; return its output."""
        return self.engine.command(
            "docker-compose", "--no-ansi", "-f", str(COMPOSE_FILE), "-p", self.project,
            "--env-file", str(self.env_file), *args, timeout=timeout, cwd=ROOT).stdout

    def containers(self) -> dict[str, dict[str, object]]:
        """Return ``docker inspect`` of each of the project's containers, by name."""
        ids = self("ps", "-q", "-a").split()
        inspected = json.loads(self.engine.run("inspect", *ids).stdout) if ids else []
        return {item["Name"].lstrip("/"): item for item in inspected}


def write_settings(folder: Path, smtp: SmtpServer, images: DebianImages) -> tuple[Path, int]:
    """Write the project's .env (outside deploy/), a self-signed certificate and nginx.conf
    without ``http2 on;`` into ``folder``; return the .env and the HTTPS port."""
    tls = folder / "tls"
    tls.mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", f"subjectAltName=IP:{HOST}",
                    "-keyout", str(tls / "privkey.pem"), "-out", str(tls / "fullchain.pem")],
                   check=True, capture_output=True)
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "    http2 on;\n" in conf
    (folder / "nginx.conf").write_text(conf.replace("    http2 on;\n", ""))
    (folder / "acme").mkdir()
    https = free_port()
    settings = {
        "POSTGRES_PASSWORD": secrets.token_hex(24),
        "FF_SECRET_KEY": secrets.token_hex(32),
        "FF_PUBLIC_URL": f"https://{HOST}:{https}",
        "FF_MAIL_FROM": "Fearsome Floors <fearsome-floors@example.org>",
        "FF_SMTP_HOST": BRIDGE_ADDRESS, "FF_SMTP_PORT": smtp.port, "FF_SMTP_TLS": "none",
        "FF_WEBHOOK_ALLOW_PRIVATE": "true",
        # Published on loopback only.
        "HTTP_PORT": f"{HOST}:{free_port()}", "HTTPS_PORT": f"{HOST}:{https}",
        "SMTP_IN_PORT": f"{HOST}:{free_port()}",
        "TLS_DIR": tls, "ACME_DIR": folder / "acme", "NGINX_CONF": folder / "nginx.conf",
        "ENV_FILE": folder / "env",
        "PYTHON_IMAGE": images.python, "NGINX_IMAGE": images.nginx,
        "REDIS_IMAGE": images.redis, "POSTGRES_IMAGE": images.postgres,
    }
    env_file = folder / "env"
    env_file.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
    return env_file, https


def wait_until(check: Callable[[], str | None], timeout: float) -> None:
    """Wait until ``check`` returns None; fail with its last answer after ``timeout``."""
    deadline = time.monotonic() + timeout
    while (why := check()) is not None:
        assert time.monotonic() < deadline, f"not within {timeout} s: {why}"
        time.sleep(1)


def everything_healthy(compose: Compose) -> str | None:
    """Return what is not yet healthy (None when every health check passes and the
    migrations exited with 0)."""
    waiting = []
    for name, item in compose.containers().items():
        state = item["State"]
        assert isinstance(state, dict)
        if "_migrate_" in name:
            if state["Status"] != "exited":
                waiting.append(f"{name} {state['Status']}")
            else:
                assert state["ExitCode"] == 0, f"{name} exited with {state['ExitCode']}"
        elif state.get("Health", {}).get("Status") != "healthy":
            waiting.append(f"{name} {state.get('Health', {}).get('Status', 'no health check')}")
    return ", ".join(waiting) or None


@pytest.fixture
def outside_world() -> Iterator[tuple[SmtpServer, WebhookReceiver]]:
    """The SMTP server and webhook receiver, on the engine's bridge address."""
    smtp = SmtpServer(free_port(), host=BRIDGE_ADDRESS)
    hooks = WebhookReceiver(host=BRIDGE_ADDRESS)
    smtp.start()
    hooks.start()
    try:
        yield smtp, hooks
    finally:
        smtp.stop()
        hooks.stop()


def play_a_monster_phase(game: ApiGame) -> int:
    """Play to the next monster phase and wait for the workers to resolve it; return the
    game's version after it."""
    version, _ = game.play_to_monster_phase()
    view = game.wait_for_version(version, timeout=90)
    assert (view["version"], view["phase"]) == (version + 1, "figures")
    return int(view["version"])


@pytest.mark.timeout(1800)
def test_the_stack_builds_starts_plays_survives_a_restart_and_comes_down(
        docker_engine: DockerEngine, outside_world: tuple[SmtpServer, WebhookReceiver],
        tmp_path: Path, artifacts_dir: Path) -> None:
    smtp, hooks = outside_world
    took: dict[str, float] = {}
    artifacts = artifacts_dir / "compose"
    artifacts.mkdir(exist_ok=True)
    images = DebianImages()
    took.update(build_debian_images(docker_engine, tmp_path / "images", images))
    env_file, https = write_settings(tmp_path, smtp, images)
    compose = Compose(docker_engine, env_file)
    http = requests.Session()
    http.trust_env = False  # REQUESTS_CA_BUNDLE would win over the session's own CA
    http.verify = str(tmp_path / "tls" / "fullchain.pem")
    base_url = f"https://{HOST}:{https}"
    try:
        started = time.monotonic()
        compose("up", "-d", "--build", timeout=1200)
        took["up"] = time.monotonic() - started
        started = time.monotonic()
        wait_until(lambda: everything_healthy(compose), HEALTHY_TIMEOUT)
        took["healthy"] = time.monotonic() - started

        started = time.monotonic()
        game = ApiGame.create(base_url, http, seats=[EMAILED, {"name": "Bob"}])
        hook = http.post(game.url("/webhooks"), timeout=30,
                         json={"url": hooks.url + "hook", "events": ["monster.resolved"]},
                         headers={"Authorization": f"Bearer {game.creator_token}"})
        assert hook.status_code == 201, hook.text
        version = play_a_monster_phase(game)
        [request] = hooks.wait_for(1, timeout=60)
        body = Webhook(hook.json()["secret"]).verify(request.body, dict(request.headers.items()))
        assert (body["type"], body["game_id"], body["version"]) == (
            "monster.resolved", game.id, version)
        mails = smtp.wait_for(1, timeout=60)
        assert {to for mail in mails for to in mail.rcpt_tos} == {EMAILED["email"]}
        text = mails[0].message.get_body(("plain",))
        assert text is not None and base_url in text.get_content(), "a link to the game"
        took["play"] = time.monotonic() - started

        started = time.monotonic()
        compose("restart", "worker", timeout=300)
        again = play_a_monster_phase(game)
        assert len(hooks.wait_for(2, timeout=60)) == 2
        assert hooks.requests()[1].json()["version"] == again
        wait_until(lambda: everything_healthy(compose), HEALTHY_TIMEOUT)
        took["restart_and_play"] = time.monotonic() - started
    finally:
        (artifacts / "logs.txt").write_text(compose("logs", "--no-color", "--timestamps"))
        started = time.monotonic()
        compose("down", "--volumes", "--rmi", "all", "--remove-orphans", timeout=600)
        took["down"] = time.monotonic() - started
        (artifacts / "timings.json").write_text(json.dumps(took, indent=2) + "\n")
    assert compose.containers() == {}
    assert not (ROOT / "deploy" / ".env").exists()
