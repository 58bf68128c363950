"""service.plumbing.keyring: the app refuses to start with a key anyone could guess, and keeps the
embedded default working without one."""

from __future__ import annotations

from pathlib import Path

import pytest

from service import create_app
from service.plumbing import key_strength, keyring
from service.plumbing.keyring import WeakSecretKey

POSTGRES = "postgresql+psycopg://ff@127.0.0.1:1/ff"  # never connected to: create_app only
GOOD = "0d9c4b5a6e7f8a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293"


def app_on(url: str, **config: object) -> object:
    return create_app({"TESTING": True, "DATABASE_URL": url, **config})


@pytest.mark.parametrize(("key", "reason"), [
    ("change-me-to-64-random-hex-characters", "placeholder"),  # deploy/env.example's
    ("CHANGEME" + "0123456789abcdef" * 3, "placeholder"),
    # The hostile review's keys that started the service.
    ("your_secret_key_here_please_12345", "placeholder"),
    ("abcdefghij" * 4, "piece of 10 characters repeated"),
    ("0123456789abcdef" * 2, "piece of 16 characters repeated"),
    ("hunter2", "at least 32"),
    ("x" * 31, "at least 32"),
    ("ab" * 40, "different characters"),
    ("abcdefghijklmnopqrstuvwxyz0123456789", "runs of consecutive characters"),
    ("Kx9" + "7f3a90c2b" * 4, "repeats itself"),
])
def test_a_weak_key_is_refused_on_every_database_saying_how_to_make_one(
        tmp_path: Path, key: str, reason: str) -> None:
    for url in (POSTGRES, f"sqlite:///{tmp_path / 'x.sqlite3'}"):
        with pytest.raises(WeakSecretKey, match=reason) as refused:
            app_on(url, SECRET_KEY=key)
        assert "openssl rand -hex 32" in str(refused.value)
        assert key not in str(refused.value)  # the log of a failed start shows no key


def test_no_key_is_refused_outside_the_embedded_default() -> None:
    with pytest.raises(WeakSecretKey, match="FF_SECRET_KEY is not set"):
        app_on(POSTGRES)


def test_a_weak_old_key_is_refused_too() -> None:
    with pytest.raises(WeakSecretKey, match="FF_SECRET_KEY_OLD"):
        app_on(POSTGRES, SECRET_KEY=GOOD, SECRET_KEY_OLD=["short"])


def test_the_environment_placeholder_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    example = (Path(__file__).parents[2] / "deploy" / "env.example").read_text()
    assert "FF_SECRET_KEY=change-me" not in example  # the example sets no usable value
    monkeypatch.setenv("FF_SECRET_KEY", "change-me-to-64-random-hex-characters")
    monkeypatch.setenv("FF_DATABASE_URL", POSTGRES)
    with pytest.raises(WeakSecretKey):
        create_app()


def test_a_good_key_and_old_keys_are_taken(tmp_path: Path) -> None:
    old = "f" + GOOD[1:]
    app = app_on(POSTGRES, SECRET_KEY=GOOD, SECRET_KEY_OLD=old)
    with app.app_context():
        assert keyring.secret_keys() == [GOOD.encode(), old.encode()]
        assert keyring.secret_key() == GOOD.encode()


def test_without_a_key_every_process_of_the_embedded_default_shares_the_instance_key(
        tmp_path: Path) -> None:
    first, second = (app_on(f"sqlite:///{tmp_path / 'x.sqlite3'}") for _ in range(2))
    for app in (first, second):
        app.instance_path = str(tmp_path)
    with first.app_context():
        key = keyring.secret_key()
    with second.app_context():
        assert keyring.secret_key() == key
    assert key_strength.weakness(key.decode()) is None
    assert (tmp_path / keyring.KEY_FILE).stat().st_mode & 0o777 == 0o600
