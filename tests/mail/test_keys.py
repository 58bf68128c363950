"""service.mail.keys: the signing key, the unsubscribe token, a seat's mail link."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from sqlalchemy import select

from service import create_app
from service.extensions import db
from service.mail import keys
from service.models import Token
from service.tokens import hash_secret
from tests.service.helpers import create_game

GAME = "A" * 22


def keyless_app(folder: Path) -> Flask:
    """Return an app with no SECRET_KEY whose instance folder is ``folder``."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'x.sqlite3'}"})
    app.instance_path = str(folder)
    return app


def test_without_a_configured_key_every_process_shares_the_instance_key(tmp_path: Path) -> None:
    first, second = keyless_app(tmp_path), keyless_app(tmp_path)
    with first.app_context():
        key = keys.secret_key()
        token = keys.unsubscribe_token(GAME, 1)
    with second.app_context():
        assert keys.secret_key() == key
        assert keys.read_unsubscribe_token(token) == (GAME, 1)
    assert (tmp_path / keys.KEY_FILE).stat().st_mode & 0o777 == 0o600


def test_a_configured_key_is_used_and_another_key_refuses_the_token(tmp_path: Path) -> None:
    one = create_app({"TESTING": True, "SECRET_KEY": "one",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    two = create_app({"TESTING": True, "SECRET_KEY": "two",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    with one.app_context():
        token = keys.unsubscribe_token(GAME, 3)
        assert keys.read_unsubscribe_token(token) == (GAME, 3)
    with two.app_context():
        assert keys.read_unsubscribe_token(token) is None
    assert not (tmp_path / keys.KEY_FILE).exists()


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
