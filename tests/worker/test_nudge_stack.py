"""A nudge through the real stack: the API writes it, a real Celery worker on a real Redis
sends the mail to the SMTP server and the signed webhook to the receiver, once each."""

from __future__ import annotations

from collections.abc import Callable

import requests
from standardwebhooks.webhooks import Webhook

from deploy.production_shape import Stack
from tests.support.api_player import ApiGame
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver


def test_a_nudge_reaches_the_seat_by_mail_and_the_webhook_once(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer,
    webhook_receiver: WebhookReceiver,
) -> None:
    stack = make_stack(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                       WEBHOOK_ALLOW_PRIVATE="true")
    game = ApiGame.create(stack.base_url, name="Friday night", move_time_limit=86400)
    hook = requests.post(game.url("/webhooks"), timeout=30,
                         json={"url": webhook_receiver.url, "events": ["turn.nudged"]},
                         headers={"Authorization": f"Bearer {game.creator_token}"})
    assert hook.status_code == 201, hook.text
    invitations = len(smtp_server.wait_for(2, timeout=60))

    nudged = requests.post(game.url("/nudge"), timeout=30,
                           headers={"Authorization": f"Bearer {game.seat_tokens[1]}"})
    assert nudged.status_code == 200, nudged.text
    again = requests.post(game.url("/nudge"), timeout=30,
                          headers={"Authorization": f"Bearer {game.creator_token}"})
    assert again.status_code == 429, again.text

    [request] = webhook_receiver.wait_for(1, timeout=60)
    body = Webhook(hook.json()["secret"]).verify(request.body, dict(request.headers.items()))
    assert (body["type"], body["data"]) == ("turn.nudged", {"seat": 0, "by": 1})
    assert body["text"] == ("Fearsome Floors, Friday night: Bob (red) nudged Ann (green): it "
                            "is their move.")
    mails = smtp_server.wait_for(invitations + 1, timeout=60)
    [mail] = [m for m in mails if "nudge" in str(m.message["Subject"])]
    assert mail.rcpt_tos == ("ann@example.com",)
    assert str(mail.message["Subject"]) == "[Friday night] A nudge: your move — turn 1, stage 1"
    text = mail.message.get_body(("plain",)).get_content()
    assert "Bob (red) sent you a nudge: the table is waiting for your move (green)" in text
    assert "(23 hours 59 minutes left)" in text or "(1 day left)" in text
    assert len(webhook_receiver.requests()) == 1
