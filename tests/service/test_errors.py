"""One JSON error shape for every error: 404, 405, 413, 429, 500 and the rest; the document."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.service.helpers import API, assert_error, auth, create_game
from tests.support.ports import free_port
from tests.support.redis_server import RedisServer

SECRET = "password=hunter2 at /srv/ff/secret.py line 42"
NO_GAME = f"{API}/games/{'G' * 22}"  # a cheap request: no such game


def test_an_unknown_address_is_a_json_404(client: FlaskClient) -> None:
    assert_error(client.get(f"{API}/nothing/here"), 404, "http/not_found")
    assert_error(client.get("/nothing/here"), 404, "http/not_found")  # "/" is the lobby


def test_a_wrong_method_is_a_json_405_with_allow(client: FlaskClient) -> None:
    response = client.patch(f"{API}/games")
    assert_error(response, 405, "http/method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_a_body_over_the_limit_is_a_json_413(make_app: Any) -> None:
    client = make_app(MAX_CONTENT_LENGTH=300).test_client()
    seats = [{"name": "x" * 40} for _ in range(7)]
    assert_error(client.post(f"{API}/games", json={"seats": seats}), 413, "request/too_large")


def test_a_body_that_is_not_json_is_a_json_400(client: FlaskClient) -> None:
    response = client.post(f"{API}/links/lost", data=b"\xff\xfe{", content_type="application/json")
    assert_error(response, 400, "request/invalid_json")


def test_an_invalid_body_is_a_json_422_naming_the_fields(client: FlaskClient) -> None:
    error = assert_error(client.post(f"{API}/links/lost", json={"mail": 1}), 422,
                         "request/invalid")
    assert set(error["details"]["fields"]["json"]) == {"email", "mail"}


def test_too_many_requests_from_one_address_is_a_json_429_with_retry_after(
    make_app: Any,
) -> None:
    client = make_app(RATELIMIT_ENABLED=True, RATELIMIT_PER_IP="3 per minute").test_client()
    for _ in range(3):
        assert client.get(NO_GAME).status_code == 404
    response = client.get(NO_GAME)
    assert_error(response, 429, "rate/limited")
    assert 0 < int(response.headers["Retry-After"]) <= 60
    other = client.get(NO_GAME, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 404


def test_the_health_check_is_never_rate_limited(make_app: Any) -> None:
    client = make_app(RATELIMIT_ENABLED=True, RATELIMIT_PER_IP="2 per minute").test_client()
    for _ in range(2):
        assert client.get(NO_GAME).status_code == 404
    assert_error(client.get(NO_GAME), 429, "rate/limited")
    for _ in range(10):  # a load balancer behind the same address as an abuser
        assert client.get(f"{API}/health").status_code == 200


def test_too_many_requests_with_one_token_is_a_json_429(make_app: Any) -> None:
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_PER_TOKEN="2 per minute")
    client = app.test_client()
    game = create_game(client)
    for _ in range(2):
        assert client.get(game.url(), headers=auth(game.seat_tokens[0])).status_code == 200
    assert_error(client.get(game.url(), headers=auth(game.seat_tokens[0])), 429,
                 "rate/limited")
    assert client.get(game.url(), headers=auth(game.seat_tokens[1])).status_code == 200
    assert client.get(NO_GAME).status_code == 404


def test_rate_limits_are_shared_through_redis(make_app: Any, redis_server: RedisServer) -> None:
    config = {"RATELIMIT_ENABLED": True, "RATELIMIT_PER_IP": "2 per minute",
              "RATELIMIT_STORAGE_URI": redis_server.url}
    first, second = make_app(**config).test_client(), make_app(**config).test_client()
    assert first.get(NO_GAME).status_code == 404
    assert second.get(NO_GAME).status_code == 404
    assert_error(first.get(NO_GAME), 429, "rate/limited")


def test_counting_in_memory_on_a_server_database_is_logged(
        make_app: Any, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        make_app(RATELIMIT_ENABLED=True, DATABASE_URL="postgresql+psycopg://ff@127.0.0.1:1/ff")
    assert "FF_RATELIMIT_STORAGE_URI=redis://" in caplog.text


def test_a_database_that_refuses_connections_is_a_503_logged_in_one_line(
        make_app: Any, caplog: pytest.LogCaptureFixture) -> None:
    closed = f"postgresql+psycopg://ff@127.0.0.1:{free_port()}/ff"  # nothing listens there
    client = make_app(DATABASE_URL=closed).test_client()
    with caplog.at_level(logging.INFO):
        response = client.post(f"{API}/games", json={"seats": [{"name": "A"}, {"name": "B"}]})
    assert_error(response, 503, "server/database_unavailable")
    assert response.headers["Retry-After"] == "1"
    [record] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert record.getMessage().startswith("database unavailable: ") and not record.exc_info


def test_an_unexpected_exception_is_a_500_that_reveals_nothing(
    make_app: Any, caplog: pytest.LogCaptureFixture
) -> None:
    app: Flask = make_app()

    def explode() -> None:
        raise RuntimeError(SECRET)

    app.add_url_rule(f"{API}/explode", view_func=explode)
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get(f"{API}/explode")
    error = assert_error(response, 500, "server/error")
    assert error["details"] == {}
    assert "hunter2" not in response.get_data(as_text=True)
    assert "RuntimeError" not in response.get_data(as_text=True)
    assert SECRET in caplog.text  # but the operators can find out what happened


def test_the_openapi_document_describes_every_route(app: Flask, client: FlaskClient) -> None:
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    assert document["openapi"].startswith("3.")
    documented = {(path, method.upper()) for path, item in document["paths"].items()
                  for method in item if method != "parameters"}
    served = {
        (rule.rule.replace("<", "{").replace(">", "}"), method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith(API) and rule.endpoint != "api-docs.openapi_json"
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert served == documented


def test_every_operation_documents_the_error_shape(client: FlaskClient) -> None:
    document = client.get(f"{API}/openapi.json").get_json()
    error = document["components"]["schemas"]["Error"]
    assert error["required"] == ["error"]
    detail = document["components"]["schemas"]["ErrorDetail"]
    assert set(detail["required"]) == {"code", "message", "details"}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                assert "default" in operation["responses"], (method, path)
