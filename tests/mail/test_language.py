"""The language of each mail: a seat's mails in its own language (else its game's), a mail
asked for without a seat in the language of the request that asked for it.

The catalogs may still be empty, so these tests watch which language a mail is composed in
(``current_language`` inside the composing function) rather than its words; the dates in a
seat's mails, which need no catalog, are checked in ``tests/deadlines/test_time_left.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from service.features.links.service import send_lost_links
from service.features.mail import compose
from service.kernel.models import Seat
from service.plumbing.extensions import db
from service.plumbing.i18n import current_language
from service.plumbing.outbox import LOST_LINKS, Outbox
from tests.service.helpers import API, a_legal_action, create_game, play_one, read, submit

BOTH = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Bob", "email": "bob@example.com"}]


def languages_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Return the list the languages ``compose.<name>`` is called in are added to."""
    seen: list[str] = []
    original: Callable[..., compose.Mail] = getattr(compose, name)

    def spy(*args: Any, **kwargs: Any) -> compose.Mail:
        seen.append(current_language())
        return original(*args, **kwargs)

    monkeypatch.setattr(compose, name, spy)
    return seen


def set_seat_language(app: Flask, game_id: str, seat: int, language: str) -> None:
    """Give a seat its own language, as its player would in the settings."""
    with app.app_context():
        db.session.execute(update(Seat).where(Seat.game_id == game_id, Seat.seat == seat)
                           .values(language=language))
        db.session.commit()


def test_the_invitation_is_written_in_the_games_language(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = languages_of(monkeypatch, "invitation")
    response = client.post(f"{API}/games", json={"seats": BOTH, "language": "es"},
                           headers={"Accept-Language": "de"})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert seen == ["es", "es"]


def test_a_seats_mail_is_written_in_its_own_language_else_its_games(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create_game(client, seats=BOTH, language="es")
    seen = languages_of(monkeypatch, "your_move")
    play_one(client, game)  # Bob's move now: the game's language
    set_seat_language(app, game.id, 0, "pl")
    play_one(client, game)  # Ann's move: her own language
    assert seen == ["es", "pl"]


def test_a_mail_to_a_seat_is_not_written_in_the_language_of_the_request(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create_game(client, seats=BOTH)
    seen = languages_of(monkeypatch, "your_move")
    view = read(client, game, game.spectator_token)
    response = submit(client, game, view["to_move"], view["version"],
                      headers={"Accept-Language": "de"}, action=a_legal_action(view))
    assert response.status_code == 201, response.get_data(as_text=True)
    assert seen == ["en"]


def test_a_lost_links_job_carries_the_language_of_the_request_and_its_mail_is_written_in_it(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    create_game(client, seats=BOTH)
    response = client.post(f"{API}/links/lost", json={"email": "ann@example.com"},
                           headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert response.status_code == 202
    with app.app_context():
        [job] = db.session.scalars(select(Outbox).where(Outbox.kind == LOST_LINKS)).all()
        payload = job.payload
    assert payload["language"] == "es"
    seen = languages_of(monkeypatch, "lost_links")
    with app.app_context():
        assert send_lost_links(job.id, payload["email"], payload["language"])
        assert send_lost_links(job.id + 1, payload["email"])  # a job written before: English
    assert seen == ["es", "en"]
