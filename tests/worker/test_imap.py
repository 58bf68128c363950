"""worker.imap, the IMAP door's process, as production runs it: a whole game played through a
mailbox, a door killed between a reply's commit and its move, and its health check.

The mailbox is a real Dovecot; the service runs as in production (gunicorn, a Celery worker
on Redis, beat, PostgreSQL), its mail going out to a real SMTP server on loopback.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest
import requests
from sqlalchemy import select
from sqlalchemy.orm import Session

from deploy.production_shape import Process, Stack
from service.features.mailin.models import InboundMail
from tests.support.dovecot_server import PASSWORD, USER, DovecotServer
from tests.support.keys import TEST_SECRET_KEY
from tests.support.mail_client import reply_to
from tests.support.ports import HOST
from tests.support.redis_server import RedisServer
from tests.support.smtp_server import SmtpServer
from tests.worker.stack_db import StackDatabase
from tests.worker.test_game_by_mail import ANN, first_example, play_a_whole_game
from worker.health import Unhealthy, check_imap

ROOT = Path(__file__).resolve().parents[2]


def mailbox_of(server: DovecotServer) -> dict[str, object]:
    """Return the settings (without ``FF_``) of a door reading ``server``'s account over TLS,
    and of a service whose reply addresses are that account's plus addresses."""
    return {"MAIL_REPLY_DOMAIN": "mail.example", "MAILIN_IMAP_HOST": server.host,
            "MAILIN_IMAP_PORT": server.ssl_port, "MAILIN_IMAP_TLS": "ssl",
            "MAILIN_IMAP_USERNAME": USER, "MAILIN_IMAP_PASSWORD": PASSWORD,
            "MAILIN_IMAP_CA_FILE": server.ca_file, "MAILIN_IMAP_POLL_SECONDS": 1}


def sent_by_mail(server: DovecotServer) -> Callable[[EmailMessage], None]:
    """Return what delivers a player's reply into the mailbox, as the provider would."""
    def send(reply: EmailMessage) -> None:
        server.deliver(reply.as_bytes(), to=str(reply["To"]), sender=str(reply["From"]))
    return send


def health(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m worker.health`` with ``env``, as the door's host would."""
    return subprocess.run([sys.executable, "-m", "worker.health", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=30, check=False)


def wait_for(check: Callable[[], object], what: str, timeout: float = 60.0) -> None:
    """Wait until ``check()`` is true; fail saying ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.1)


def test_a_whole_game_is_played_to_its_end_by_mail_through_a_mailbox(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer,
        imap_server: DovecotServer) -> None:
    stack = make_stack(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       MAIL_FROM="Fearsome Floors <ff@mail.example>", imap=True,
                       **mailbox_of(imap_server))
    assert stack.imap is not None
    replies = play_a_whole_game(stack, smtp_server, sent_by_mail(imap_server), stack.imap)
    wait_for(lambda: len(imap_server.messages("ff-handled")) == replies, "every reply moved")
    assert imap_server.messages() == []


def test_a_door_killed_between_the_commit_and_the_move_applies_the_reply_once(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer,
        imap_server: DovecotServer) -> None:
    stack = make_stack(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       **mailbox_of(imap_server))
    database = StackDatabase(stack)
    logs = stack.folder / "logs"
    heartbeat = stack.folder / "door.heartbeat"
    try:
        created = requests.post(f"{stack.base_url}/api/v1/games", timeout=30, json={
            "start_seat": 0, "seats": [{"name": "Ann", "email": ANN}, {"name": "Bob"}]})
        assert created.status_code == 201, created.text
        game_id = created.json()["game"]["id"]
        invitation = smtp_server.wait_for(1, timeout=60)[0]
        reply = reply_to(invitation.message, ANN, first_example(invitation.message))
        sent_by_mail(imap_server)(reply)

        dying = Process("dying-door", [sys.executable, "-m", "tests.support.dying_imap_door",
                                       "--heartbeat", str(heartbeat)],
                        stack.env, logs / "dying-door.log")
        dying.start()
        assert dying.popen is not None
        assert dying.popen.wait(timeout=60) == -9, dying.exit_message()
        # Killed after the commit: the move was made, the reply is still in the folder.
        assert database.action_count(game_id) == 1
        assert len(imap_server.messages()) == 1 and imap_server.messages("ff-handled") == []

        door = Process("door", [sys.executable, "-m", "worker.imap", "--heartbeat",
                                str(heartbeat)], stack.env, logs / "door.log")
        door.start()
        try:
            wait_for(lambda: imap_server.messages("ff-handled"), "the reply moved")
        finally:
            door.stop()
        assert imap_server.messages() == []
        assert database.action_count(game_id) == 1  # seen twice, applied once
        with Session(database.engine) as session:
            [row] = session.scalars(select(InboundMail))
            assert (row.status, row.duplicates) == ("applied", 1)
        answers = lambda: [m for m in smtp_server.messages()  # noqa: E731
                           if str(m.message["Subject"]).startswith("Re: ")]
        wait_for(answers, "the answer mailed")
        time.sleep(2)  # a second answer would come within the sweep's second
        assert len(answers()) == 1
    finally:
        database.close()


def test_the_health_check_passes_while_the_door_reaches_its_mailbox_and_fails_after(
        imap_server: DovecotServer, redis_server: RedisServer, tmp_path: Path) -> None:
    env = {**os.environ, "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
           "FF_CELERY_BROKER_URL": redis_server.url, "FF_SECRET_KEY": TEST_SECRET_KEY,
           **{f"FF_{name}": str(value) for name, value in mailbox_of(imap_server).items()}}
    heartbeat = tmp_path / "door.heartbeat"
    check = ("imap", "--heartbeat", str(heartbeat), "--max-age", "2")
    with pytest.raises(Unhealthy, match="no heartbeat file .*: the IMAP door has not reached"):
        check_imap(heartbeat)

    door = Process("door", [sys.executable, "-m", "worker.imap", "--heartbeat",
                            str(heartbeat)], env, tmp_path / "door.log")
    door.start()
    try:
        wait_for(heartbeat.exists, "the first heartbeat")
        time.sleep(2.5)  # more than --max-age: it passes only because the door goes on
        result = health(env, *check)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("healthy: the IMAP door reached its mailbox ")
        imap_server.stop()  # the mailbox out of reach: no more heartbeats
        time.sleep(2.5)
        result = health(env, *check)
        assert result.returncode == 1
        assert result.stderr.startswith("unhealthy: the IMAP door last reached its mailbox ")
        assert door.is_running
    finally:
        door.stop()
        imap_server.start()
    assert "connecting again in 1 s" in (tmp_path / "door.log").read_text()


def test_the_door_refuses_to_start_without_its_settings(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "worker.imap"], cwd=ROOT, env={
        **os.environ, "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
        "FF_SECRET_KEY": TEST_SECRET_KEY, "FF_MAILIN_IMAP_USERNAME": "play"},
        capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == "python -m worker.imap: FF_MAILIN_IMAP_HOST is not set"

