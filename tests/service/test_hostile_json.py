"""Hostile JSON bodies: nesting that would exhaust the stack and numbers that would take
seconds to convert get a 400 in our error shape, on every route that reads JSON, and leave
no traceback in the log (anyone could flood it)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.plumbing.jsoncodec import MAX_DEPTH, InvalidJSON, loads_body
from tests.service.helpers import API, assert_error, auth, create_game

DEEP = "[" * 30_000 + "]" * 30_000
HUGE_INTEGER = '{"expected_version": ' + "9" * 5_000 + "}"


def nested(depth: int) -> str:
    """Return an object whose innermost value sits ``depth`` arrays/objects deep."""
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


def json_operations(client: FlaskClient) -> Iterator[tuple[str, str]]:
    """Yield (method, path template) of every documented operation with a JSON body."""
    document = client.get(f"{API}/openapi.json").get_json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {}) \
                if isinstance(operation, dict) else {}
            if "application/json" in content:
                yield method.upper(), path


def test_the_parser_takes_bodies_up_to_the_limits() -> None:
    assert loads_body(nested(MAX_DEPTH)) is not None
    assert loads_body(f"[{2**63 - 1}, {-(2**63) + 1}, 1.5]") == [2**63 - 1, -(2**63) + 1, 1.5]


@pytest.mark.parametrize(("body", "limit"), [
    (DEEP, "depth"),
    (nested(MAX_DEPTH + 1), "depth"),
    (HUGE_INTEGER, "number"),
    ("[" + "1" * 30 + "]", "number"),
    ("[18446744073709551615]", "number"),
    ("[1e400]", "number"),
    ("{seats:", "syntax"),
    ("[NaN]", "syntax"),
    ('{"square": "c1\\ud800"}', "syntax"),  # a lone surrogate: no UTF-8 can carry it
])
def test_the_parser_names_the_limit_a_body_breaks(body: str, limit: str) -> None:
    with pytest.raises(InvalidJSON) as refused:
        loads_body(body)
    assert refused.value.limit == limit
    assert refused.value.details["limit"] == limit


@pytest.mark.parametrize(("body", "limit"), [(DEEP, "depth"), (HUGE_INTEGER, "number"),
                                             ("{seats:", "syntax")])
def test_every_json_route_answers_400_and_logs_no_traceback(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture, body: str, limit: str,
) -> None:
    game = create_game(client)
    operations = list(json_operations(client))
    assert len(operations) >= 6  # create, join, actions, lost links, webhooks, settings ...
    for method, template in operations:
        path = template.replace("{game_id}", game.id).replace("{endpoint_id}", "1") \
            .replace("{delivery_id}", "1").replace("{token}", "x")
        caplog.clear()
        with caplog.at_level(logging.INFO):
            response = client.open(path, method=method, data=body,
                                   content_type="application/json",
                                   headers=auth(game.creator_token))
        error = assert_error(response, 400, "request/invalid_json")
        assert error["details"]["limit"] == limit, (method, template)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info], \
            (method, template, caplog.text)


def test_a_body_at_the_depth_limit_reaches_validation(client: FlaskClient) -> None:
    body = '{"seats": [' + nested(MAX_DEPTH - 2) + "]}"
    assert_error(client.post(f"{API}/games", data=body, content_type="application/json"),
                 422, "request/invalid")
