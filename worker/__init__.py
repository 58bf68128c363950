"""Background jobs of Fearsome Floors by mail: the outbox relay and its handlers, on Celery.

``celery -A worker worker`` (and ``beat``) finds the Celery app as ``worker.celery``, made on
first access from ``service.create_app()``, so importing a module of this package makes no
app. (It cannot be called ``celery_app``: that name is the module ``worker.celery_app``.)
Gunicorn serves :func:`create_web_app`, the same Flask app with its Celery app attached, so
that a commit that writes outbox rows kicks the relay at once; so does the mail receiver
(``python -m worker.smtpd``).
"""

from __future__ import annotations

from typing import Any

from celery import Celery
from flask import Flask

from service import create_app
from worker.celery_app import celery_init_app

_apps: dict[str, Celery] = {}


def create_web_app() -> Flask:
    """Return ``service.create_app()`` with Celery set up: what the web process and the mail
    receiver (``worker.smtpd``) serve, so that their commits kick the relay at once."""
    app = create_app()
    celery_init_app(app)
    return app


def __getattr__(name: str) -> Any:
    """Make ``celery`` on first access (PEP 562), from the environment's configuration."""
    if name != "celery":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _apps:
        _apps[name] = create_web_app().extensions["celery"]
    return _apps[name]
