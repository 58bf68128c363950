"""deploy/local.py (`make run`) runs the mail receiver: a reply sent with the curl command its
banner prints is answered, and the answer's links point at the port served."""

from __future__ import annotations

import email
import email.policy
import os
import shlex
import signal
import subprocess
import sys
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
import requests

from tests.support.binaries import find_program
from tests.support.ports import HOST, free_port, wait_for_port

pytestmark = pytest.mark.server  # starts the service's own processes

ANN = "ann@example.com"
WAIT = 60.0


def mails_in(folder: Path) -> list[EmailMessage]:
    """Return the mails written to ``folder`` so far."""
    return [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(folder.glob("*.eml"))]


def wait_for_mail(folder: Path, header: str, value: str) -> EmailMessage:
    """Return the first mail in ``folder`` whose ``header`` is ``value``, waiting for it."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = [mail for mail in mails_in(folder) if str(mail[header]) == value]
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no mail with {header}: {value} in {folder}")


def printed_command(banner: str, reply_to: str) -> list[str]:
    """Return the curl command of the banner, for the reply address ``reply_to``."""
    text = banner[banner.index("curl smtp://"):]
    command = text[:text.index("reply.eml") + len("reply.eml")].replace("\\\n", " ")
    return shlex.split(command.replace("<the Reply-To address>", f"<{reply_to}>"))


def test_a_reply_sent_as_the_banner_says_is_answered_with_links_on_the_port(
    pytestconfig: pytest.Config, tmp_path: Path,
) -> None:
    curl = find_program("curl", "curl")
    port, mailin = free_port(), free_port()
    mail = tmp_path / "mail"
    log = tmp_path / "launcher.log"
    env = {**os.environ, "FF_PORT": str(port), "FF_MAILIN_SMTP_PORT": str(mailin),
           "FF_DATABASE_URL": f"sqlite:///{tmp_path / 'ff.sqlite3'}",
           "FF_CELERY_BROKER_URL": f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}",
           "FF_MAIL_DIR": str(mail)}
    env.pop("FF_PUBLIC_URL", None)
    with log.open("wb") as output:
        launcher = subprocess.Popen([sys.executable, "deploy/local.py"],
                                    cwd=pytestconfig.rootpath, env=env,
                                    stdin=subprocess.DEVNULL, stdout=output,
                                    stderr=subprocess.STDOUT)
    try:
        gave_up = lambda: None if launcher.poll() is None else log.read_text()  # noqa: E731
        wait_for_port(port, timeout=60, gave_up=gave_up)
        wait_for_port(mailin, timeout=60, gave_up=gave_up)
        banner = log.read_text()
        assert f"mail in: the SMTP receiver on {HOST}:{mailin}" in banner
        assert f"mail out: written as .eml files to {mail}/" in banner
        created = requests.post(f"http://{HOST}:{port}/api/v1/games", timeout=30, json={
            "start_seat": 0, "seats": [{"name": "Ann", "email": ANN}, {"name": "Bob"}]})
        assert created.status_code == 201, created.text
        game_id = created.json()["game"]["id"]
        invitation = wait_for_mail(mail, "To", ANN)
        reply = EmailMessage()
        reply["From"] = ANN
        reply["Subject"] = "my move"
        reply["Message-ID"] = make_msgid(domain="example.com")
        reply.set_content("board\n")
        (tmp_path / "reply.eml").write_bytes(reply.as_bytes())
        command = printed_command(banner, str(invitation["Reply-To"]))
        assert command[0] == "curl"
        subprocess.run([curl, "--silent", "--show-error", *command[1:]], cwd=tmp_path,
                       check=True, timeout=30)
        answer = wait_for_mail(mail, "In-Reply-To", reply["Message-ID"])
        body = answer.get_body(preferencelist=("plain",))
        assert body is not None
        # The receiver writes links on the port served, as the web process does.
        assert f"http://{HOST}:{port}/play/{game_id}" in body.get_content()
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=60) == 0
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
