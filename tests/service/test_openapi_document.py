"""The OpenAPI document says exactly what the API takes: each request a hostile review found
valid by the document but refused (or invalid but taken) is judged alike by both now.

The fuzz test (test_openapi_fuzz.py) checks the same at random; these are the known cases,
each judged by the document's own JSON schema (formats included) and by the API.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.service.helpers import API, auth, create_game

SEAT = {"name": "Bob"}


def request_schema(client: FlaskClient, path: str, method: str) -> Any:
    """Return a validator of the JSON body of an operation, formats checked."""
    document = client.get(f"{API}/openapi.json").get_json()
    body = document["paths"][f"{API}{path}"][method]["requestBody"]["content"]["application/json"]
    schema = {**body["schema"], "components": document["components"]}
    return jsonschema_rs.Draft4Validator(schema, validate_formats=True)


@pytest.mark.parametrize(("path", "method", "body", "valid"), [
    ("/games", "post", {"seats": [{}, SEAT]}, False),
    ("/games", "post", {"seats": [{"open": True, "name": "Ann"}, SEAT]}, False),
    ("/games", "post", {"seats": [{"open": True, "email": "a@example.com"}, SEAT]}, False),
    ("/games", "post", {"seats": [{"name": "Ann", "email": ""}, SEAT]}, False),
    ("/games", "post", {"seats": [{"name": "Ann", "email": "ann"}, SEAT]}, False),
    ("/games", "post", {"seats": [{"name": "Ann\u202e"}, SEAT]}, False),
    ("/games", "post", {"seats": [{"name": "Ann", "open": 0}, SEAT]}, False),
    ("/games", "post", {"seats": [SEAT, SEAT], "options": {"experienced": 1}}, False),
    ("/games", "post", {"seats": [{"name": "Ann", "open": False}, {"open": True}]}, True),
    ("/games", "post", {"seats": [{"name": "Ann", "email": "ann@example.com"}, SEAT]}, True),
    ("/links/lost", "post", {"email": "ann"}, False),
    ("/links/lost", "post", {"email": ""}, False),
    ("/links/lost", "post", {"email": "ann@example.com"}, True),
    # An address is one by the document's own pattern, which the service matches.
    ("/links/lost", "post", {"email": "0@0.a"}, False),
    ("/links/lost", "post", {"email": "ann@localhost"}, False),
    ("/links/lost", "post", {"email": "ann@[192.0.2.1]"}, False),
    ("/links/lost", "post", {"email": "ann@example.c0m"}, False),
    ("/links/lost", "post", {"email": "jörg@example.de"}, False),
    ("/links/lost", "post", {"email": "a" * 65 + "@example.com"}, False),
    ("/links/lost", "post", {"email": "ann@example.com\n"}, False),
    ("/links/lost", "post", {"email": "A.n-n+games@Mail.Example.co.uk"}, True),
    ("/links/lost", "post", {"email": "{ann}!#$%&'*/=?^_`|~@xn--mller-kva.de"}, True),
    ("/links/lost", "post", {"email": "ann@example.xn--p1ai"}, True),
])
def test_the_document_and_the_api_judge_a_body_alike(
        client: FlaskClient, path: str, method: str, body: dict[str, Any], valid: bool) -> None:
    assert request_schema(client, path, method).is_valid(body) is valid
    response = client.open(f"{API}{path}", method=method.upper(), json=body)
    assert (response.status_code < 400) is valid, response.get_data(as_text=True)


@pytest.mark.parametrize(("suffix", "method", "body", "valid"), [
    ("/actions", "post", {"expected_version": 0, "notation": "flip 1",
                          "action": {"type": "flip", "figure": "green1"}}, False),
    ("/actions", "post", {"expected_version": 0}, False),
    ("/actions", "post", {"expected_version": 0, "notation": "green 5 +W"}, True),
    ("/mail/settings", "put", {"sender_must_match": 0}, False),
    ("/mail/settings", "put", {"sender_must_match": "false"}, False),
    ("/mail/settings", "put", {"sender_must_match": False}, True),
    ("/webhooks", "post", {"url": "0"}, False),
    ("/webhooks", "post", {"url": "http://hooks.example/\u0007"}, False),
    ("/language", "put", {}, False),
    ("/language", "put", {"time_zone": "UTC"}, True),
])
def test_the_document_and_the_api_judge_a_game_request_alike(
        app: Flask, client: FlaskClient, suffix: str, method: str, body: dict[str, Any],
        valid: bool) -> None:
    game = create_game(client)
    token = game.seat_tokens[0] if suffix in ("/actions", "/language") else game.creator_token
    assert request_schema(client, f"/games/{{game_id}}{suffix}", method).is_valid(body) is valid
    response = client.open(game.url(suffix), method=method.upper(), json=body,
                           headers=auth(token))
    assert (response.status_code < 400) is valid, response.get_data(as_text=True)
