"""A mail carries, in X-Request-Id, the id of the request that caused it, through the real
relay and the real SMTP server."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from service.plumbing.columns import utcnow
from tests.mail.test_delivery import BOTH, smtp_app, sweep
from tests.service.helpers import API
from tests.support.smtp_server import SmtpServer


def test_a_mail_names_the_request_it_follows_from(make_app: Callable[..., Flask],
                                                  smtp_server: SmtpServer) -> None:
    app = smtp_app(make_app, smtp_server)
    response = app.test_client().post(f"{API}/games", json={"seats": BOTH},
                                      headers={"X-Request-Id": "create-7"})
    assert response.headers["X-Request-Id"] == "create-7"
    assert set(sweep(app, utcnow()).values()) == {"sent"}
    received = smtp_server.wait_for(2)
    assert [m.message["X-Request-Id"] for m in received] == ["create-7", "create-7"]
