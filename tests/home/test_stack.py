"""End to end on the production shape: the request answered by gunicorn, the job run by a
real Celery worker on Redis, the mail through the real SMTP server, and its link working."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from email.message import EmailMessage

import requests

from deploy.production_shape import Stack
from tests.home.helpers import ANN, text_of
from tests.support.smtp_server import SmtpServer


def wait_for_mail(smtp: SmtpServer, subject: str, timeout: float = 60) -> EmailMessage:
    """Return the first received mail whose subject has ``subject``, waiting for it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for mail in smtp.messages():
            if subject in str(mail.message["Subject"]):
                assert isinstance(mail.message, EmailMessage)
                return mail.message
        time.sleep(0.1)
    raise AssertionError(f"no mail '{subject}' in {timeout} s")


def test_a_worker_mails_the_link_to_one_s_games_and_it_opens_them(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = make_stack(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none")
    api = f"{stack.base_url.rstrip('/')}/api/v1"
    created = requests.post(f"{api}/games", timeout=30, json={
        "name": "Friday", "start_seat": 0,
        "seats": [{"name": "Ann", "email": ANN}, {"name": "Bob"}]}).json()
    asked = requests.post(f"{api}/home/link", json={"email": ANN}, timeout=30)
    assert asked.status_code == 202, asked.text

    mail = wait_for_mail(smtp_server, "Your games of Fearsome Floors")
    [token] = re.findall(r"/home#h=([A-Za-z0-9_-]+)", text_of(mail))
    home = requests.get(f"{api}/home", timeout=30, headers={"Authorization": f"Bearer {token}"})
    assert home.status_code == 200, home.text
    [entry] = home.json()["games"]
    assert (entry["game_id"], entry["name"], entry["your_move"]) == (
        created["game"]["id"], "Friday", True)
    seat = requests.get(f"{api}/games/{entry['game_id']}", timeout=30, headers={
        "Authorization": f"Bearer {entry['link'].partition('#t=')[2]}"})
    assert seat.json()["viewer"].items() >= {"kind": "seat", "seat": 0}.items()
