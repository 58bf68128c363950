"""The Flask JSON API of Fearsome Floors by mail, built by :func:`create_app`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from service import health


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask application: ``FF_*`` environment variables first, then ``config``.

    ``FF_NAME=value`` becomes ``app.config["NAME"]`` (values that parse as JSON are parsed,
    so ``FF_PORT=8001`` is the int 8001). The environment is read here, never at import time,
    so each call sees the environment of that moment; ``config`` (tests) overrides it.
    """
    app = Flask(__name__)
    app.config.from_prefixed_env(prefix="FF")
    if config is not None:
        app.config.from_mapping(config)
    app.register_blueprint(health.blueprint)
    return app
