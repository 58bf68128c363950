"""GET /api/v1/ready: the database and every configured Redis asked, 503 when one is down;
the real redis-server started and stopped."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from service import create_app
from tests.service.conftest import app_config
from tests.support.redis_server import RedisServer


def test_it_is_ready_when_the_database_answers(client: FlaskClient) -> None:
    response = client.get("/api/v1/ready")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ready"
    assert [(c["name"], c["ok"]) for c in body["checks"]] == [("database", True)]


def test_it_asks_redis_and_says_not_ready_while_redis_is_down(
        sqlite_url: str, redis_server: RedisServer) -> None:
    app = create_app(app_config(sqlite_url, LIVE_REDIS_URL=redis_server.url,
                                RATELIMIT_STORAGE_URI=redis_server.url))
    client = app.test_client()
    body = client.get("/api/v1/ready").get_json()
    assert [(c["name"], c["ok"]) for c in body["checks"]] == [("database", True),
                                                              ("redis 1", True)]
    redis_server.stop()
    try:
        response = client.get("/api/v1/ready")
        assert response.status_code == 503
        down = response.get_json()
        assert down["status"] == "not ready"
        assert down["checks"][1]["ok"] is False and down["checks"][1]["error"]
    finally:
        redis_server.start()
    assert client.get("/api/v1/ready").status_code == 200


def test_it_says_not_ready_when_the_database_cannot_be_reached(tmp_path: Path) -> None:
    app = create_app(app_config(f"sqlite:///{tmp_path}/missing/folder/db.sqlite"))
    response = app.test_client().get("/api/v1/ready")
    assert response.status_code == 503
    assert response.get_json()["checks"][0]["name"] == "database"
