"""Tests of service.plumbing.jsoncodec: orjson under the API's responses and the JSON columns."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from flask import Flask

from service import create_app
from service.plumbing import jsoncodec

SAMPLE = {"b": [1, 2.5, None, True], "a": {"z": "Zoë ✓", "y": {"3": [], "1": {}}}, "c": "x\u0000y"}


def test_columns_round_trip_and_keep_the_key_order() -> None:
    text = jsoncodec.dumps(SAMPLE)
    assert jsoncodec.loads(text) == SAMPLE
    assert list(json.loads(text)) == ["b", "a", "c"]


def test_what_orjson_refuses_falls_back_to_the_standard_library() -> None:
    huge = {"n": 2**70, 1: "int key"}
    assert json.loads(jsoncodec.dumps(huge)) == {"n": 2**70, "1": "int key"}
    app = create_app({"RATELIMIT_ENABLED": False})
    assert json.loads(app.json.dumps({"n": 2**70})) == {"n": 2**70}


def test_responses_carry_the_same_data_as_flask_s_own_encoder() -> None:
    app: Flask = create_app({"RATELIMIT_ENABLED": False})
    when = datetime(2026, 11, 23, 17, 30, tzinfo=UTC)
    value = {**SAMPLE, "when": when}
    ours = app.json.dumps(value)
    standard = json.dumps(value, default=app.json.default, sort_keys=True)
    assert json.loads(ours) == json.loads(standard)
    assert json.loads(ours)["when"] == "Mon, 23 Nov 2026 17:30:00 GMT"
    assert ours.index('"a"') < ours.index('"b"') < ours.index('"c"')  # sorted keys
    assert json.loads(app.json.dumps({7: "seven"})) == {"7": "seven"}
    with app.test_request_context():
        response = app.json.response(value)
    assert response.mimetype == "application/json"
    assert "Zoë ✓".encode() in response.get_data()
