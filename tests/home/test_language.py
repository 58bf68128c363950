"""The home link email is written in the language of the request that asked for it: the job
carries it to the worker (a job written before has none: English)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.home.service import HOME_LINK, send_home_link
from service.features.mail import compose
from service.plumbing.extensions import db
from service.plumbing.i18n import current_language
from service.plumbing.outbox import Outbox
from tests.home.helpers import ANN, ASK
from tests.service.helpers import create_game


def test_the_job_carries_the_language_of_the_request(app: Flask, client: FlaskClient) -> None:
    response = client.post(ASK, json={"email": ANN}, headers={"Accept-Language": "es"})
    assert response.status_code == 202
    with app.app_context():
        [payload] = db.session.scalars(select(Outbox.payload)
                                       .where(Outbox.kind == HOME_LINK)).all()
    assert payload == {"email": ANN, "language": "es"}


def test_the_answer_is_in_english_without_an_accept_language(client: FlaskClient) -> None:
    response = client.post(ASK, json={"email": ANN})
    assert response.get_json() == {
        "message": "If this address belongs to a player, a link to their games is on the way."}


def test_the_mail_is_written_in_the_jobs_language(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    create_game(client)
    seen: list[str] = []
    original = compose.home_link

    def spy(*args: Any) -> compose.Mail:
        seen.append(current_language())
        return original(*args)

    monkeypatch.setattr(compose, "home_link", spy)
    with app.app_context():
        assert send_home_link(1, ANN, "pl")
        assert send_home_link(2, ANN)  # a job written before the language was kept
    assert seen == ["pl", "en"]
