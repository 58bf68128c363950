"""``GET /api/v1/ready``: whether this web process can serve, its database and Redis included.

``/api/v1/health`` says the process is up (a load balancer's liveness check); readiness asks
each part a request needs: the database (``SELECT 1``) and every Redis the configuration
names (the Celery broker, the live pages' news, the rate limits' counts), each with a short
timeout. Any part down: 503 with what failed, so nginx or an orchestrator stops sending
traffic here until it is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import redis
from flask import Flask, Response, current_app
from flask.views import MethodView
from marshmallow import Schema, fields
from sqlalchemy import text

from service.plumbing.api import Blueprint, json_reply
from service.plumbing.extensions import db

blueprint = Blueprint("ready", __name__, url_prefix="/api/v1",
                      description="Whether the web process, its database and Redis answer.")

REDIS_SETTINGS = ("CELERY_BROKER_URL", "LIVE_REDIS_URL", "RATELIMIT_STORAGE_URI")
"""The settings that may name a Redis this process talks to."""
TIMEOUT_SECONDS = 2.0


class CheckSchema(Schema):
    """One part asked."""

    name = fields.String(required=True, metadata={"example": "database"})
    ok = fields.Boolean(required=True)
    seconds = fields.Float(required=True, metadata={"description": "How long it took."})
    error = fields.String(allow_none=True, metadata={
        "description": "Why it failed, for the operator (null when ok)."})


class ReadySchema(Schema):
    """The answer: ready when every part answered."""

    status = fields.String(required=True, metadata={"example": "ready"})
    checks = fields.List(fields.Nested(CheckSchema), required=True)


def redis_urls(app: Flask) -> list[str]:
    """The distinct Redis URLs the configuration names (none under the embedded defaults)."""
    urls = [str(app.config.get(name) or "") for name in REDIS_SETTINGS]
    return list(dict.fromkeys(url for url in urls if url.startswith(("redis://", "rediss://"))))


def _timed(name: str, probe: Callable[[], object]) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure means "not ready"; it is reported
        return {"name": name, "ok": False, "seconds": round(time.perf_counter() - start, 4),
                "error": f"{type(error).__name__}: {error}"[:300]}
    return {"name": name, "ok": True, "seconds": round(time.perf_counter() - start, 4),
            "error": None}


def check(app: Flask) -> list[dict[str, Any]]:
    """Ask the database and each Redis; return one result per part."""

    def database() -> None:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    checks = [_timed("database", database)]
    for number, url in enumerate(redis_urls(app), start=1):
        client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS,
                                      socket_connect_timeout=TIMEOUT_SECONDS)
        try:
            checks.append(_timed(f"redis {number}", client.ping))
        finally:
            client.close()
    return checks


@blueprint.route("/ready")
class Ready(MethodView):
    """The readiness of the web process."""

    @blueprint.response(200, ReadySchema)
    @blueprint.alt_response(503, schema=ReadySchema, description="A part did not answer.")
    def get(self) -> Response:
        """Ask the database and every configured Redis: 200 when all answer, else 503."""
        checks = check(current_app)
        ready = all(c["ok"] for c in checks)
        return json_reply({"status": "ready" if ready else "not ready", "checks": checks},
                          200 if ready else 503)
