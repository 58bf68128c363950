"""worker.smtpd, the mail receiver's process: a reply's answer is handed to a worker at once.

A real stack (gunicorn, a Celery worker on Redis, beat, PostgreSQL) with its receiver
(``python -m worker.smtpd``) sends its mail to the SMTP server fixture. Beat's outbox sweep
is set to an hour, so an answer that arrives within seconds was published to the worker
right after the reply's commit: the receiver serves the app with Celery attached, as the web
process does. The HTTP door (``POST /api/v1/mail/inbound``, in the web process) is timed
alike. Each door answers 20 replies, one at a time; the figures are printed
(``pytest -s``) and their medians held well under the sweep.
"""

from __future__ import annotations

import itertools
import smtplib
import statistics
import time
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid

import requests

from deploy.production_shape import Stack
from tests.support.ports import HOST
from tests.support.smtp_server import SmtpServer

ANN = "ann@example.com"
SECRET = "inbound-secret-of-the-test"
REPLIES = 20
SWEEP_SECONDS = 3600  # beat's outbox sweep: far beyond every wait below
WAIT = 15.0  # seconds an answer may take before the test fails
MEDIAN_BOUND = 2.0  # seconds; measured here: 35 to 60 ms


def a_reply(to: str, number: int) -> EmailMessage:
    """Return Ann's reply ``board`` to her reply address ``to``, a new message: its own
    Message-ID and subject (the service takes the same content twice as one delivery)."""
    reply = EmailMessage()
    reply["From"] = ANN
    reply["To"] = to
    reply["Subject"] = f"Re: your move ({number})"
    reply["Message-ID"] = make_msgid(domain="example.com")
    reply.set_content("board\n")
    return reply


def answered_in(smtp_server: SmtpServer, send: Callable[[EmailMessage], None],
                reply: EmailMessage) -> float:
    """Send ``reply`` through ``send``; return the seconds until its answer reached the SMTP
    server (the answer names the reply in In-Reply-To)."""
    seen = len(smtp_server.messages())
    started = time.monotonic()
    send(reply)
    while True:
        mails = smtp_server.wait_for(seen + 1, timeout=max(0.0, WAIT - (time.monotonic()
                                                                        - started)))
        if any(m.message["In-Reply-To"] == reply["Message-ID"] for m in mails[seen:]):
            return time.monotonic() - started
        seen = len(mails)


def test_a_reply_s_answer_is_relayed_at_once_through_either_door(
        make_stack: Callable[..., Stack], smtp_server: SmtpServer) -> None:
    stack = make_stack(SMTP_HOST=HOST, SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       MAIL_FROM="Fearsome Floors <ff@mail.example>",
                       MAIL_INBOUND_SECRET=SECRET, OUTBOX_SWEEP_SECONDS=SWEEP_SECONDS,
                       mailin=True)
    created = requests.post(f"{stack.base_url}/api/v1/games", timeout=30, json={
        "name": "Timed", "start_seat": 0, "seats": [{"name": "Ann", "email": ANN},
                                                    {"name": "Bob"}]})
    assert created.status_code == 201, created.text
    [invitation] = smtp_server.wait_for(1, timeout=WAIT)  # the web process publishes too
    to = str(invitation.message["Reply-To"])
    mailin_port = stack.mailin_port
    assert mailin_port is not None

    def by_smtp(reply: EmailMessage) -> None:
        with smtplib.SMTP(HOST, mailin_port, timeout=30) as smtp:
            smtp.send_message(reply)  # 250 once the reply and its answer are committed

    def by_http(reply: EmailMessage) -> None:
        response = requests.post(f"{stack.base_url}/api/v1/mail/inbound", timeout=30,
                                 data=reply.as_bytes(), headers={
                                     "X-FF-Inbound-Secret": SECRET,
                                     "Content-Type": "message/rfc822"})
        assert response.status_code == 200, response.text

    numbers = itertools.count(1)
    times = {door: [answered_in(smtp_server, send, a_reply(to, next(numbers)))
                    for _ in range(REPLIES)]
             for door, send in (("smtp", by_smtp), ("http", by_http))}
    for door, seconds in times.items():
        print(f"{door} door, reply to answer received, {REPLIES} replies: "
              f"p50 {statistics.median(seconds) * 1000:.0f} ms, "
              f"max {max(seconds) * 1000:.0f} ms")
    assert all(statistics.median(seconds) < MEDIAN_BOUND for seconds in times.values()), times
