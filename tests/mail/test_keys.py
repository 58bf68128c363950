"""service.features.mail.keys: the unsubscribe token, a seat's mail link, under current and old
keys."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from sqlalchemy import select

from service import create_app
from service.features.mail import keys
from service.kernel.models import Token
from service.plumbing.extensions import db
from service.plumbing.tokens import hash_secret
from tests.service.helpers import create_game

GAME = "A" * 22
KEY_ONE = "first-e0f641007cf565819cd6ebe81e8560816077ec349082eebc"
KEY_TWO = "second-9d27b5c1e08fa3647b0e2d9c58f14a36e7b0c92d5f81a4e6"


def keyed_app(folder: Path, **config: object) -> Flask:
    """Return an app on a SQLite file in ``folder`` with ``config`` (its keys)."""
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'x.sqlite3'}",
                       **config})


def test_a_configured_key_is_used_and_another_key_refuses_the_token(tmp_path: Path) -> None:
    one, two = keyed_app(tmp_path, SECRET_KEY=KEY_ONE), keyed_app(tmp_path, SECRET_KEY=KEY_TWO)
    with one.app_context():
        token = keys.unsubscribe_token(GAME, 3)
        assert keys.read_unsubscribe_token(token) == (GAME, 3)
    with two.app_context():
        assert keys.read_unsubscribe_token(token) is None


def test_an_unsubscribe_link_signed_with_an_old_key_works_after_a_rotation(
        tmp_path: Path) -> None:
    before = keyed_app(tmp_path, SECRET_KEY=KEY_ONE)
    after = keyed_app(tmp_path, SECRET_KEY=KEY_TWO, SECRET_KEY_OLD=[KEY_ONE])
    with before.app_context():
        old = keys.unsubscribe_token(GAME, 2)
    with after.app_context():
        assert keys.unsubscribe_token(GAME, 2) != old
        assert keys.read_unsubscribe_token(old) == (GAME, 2)
        assert keys.read_unsubscribe_token(keys.unsubscribe_token(GAME, 2)) == (GAME, 2)


def test_malformed_unsubscribe_tokens_read_as_none(app: Flask) -> None:
    with app.app_context():
        good = keys.unsubscribe_token(GAME, 0)
        for bad in ("", "x", f"{GAME}.0", f"{GAME}.a.{good.rsplit('.', 1)[1]}",
                    f"{GAME}.123.{good.rsplit('.', 1)[1]}", good + "x", good.upper(),
                    f"bad.0.{good.rsplit('.', 1)[1]}"):
            assert keys.read_unsubscribe_token(bad) is None, bad


def test_the_mail_link_is_the_same_each_time_and_stored_once_hashed(app: Flask) -> None:
    game = create_game(app.test_client())
    with app.app_context():
        first = keys.mail_link(db.session, game.id, 1)
        second = keys.mail_link(db.session, game.id, 1)
        db.session.commit()
        assert first == second
        token = first.split("#t=")[1]
        rows = db.session.scalars(select(Token).where(Token.purpose == keys.MAIL)).all()
        assert [(r.hash, r.kind, r.seat) for r in rows] == [(hash_secret(token), "seat", 1)]
        assert keys.mail_link(db.session, game.id, 0) != first
