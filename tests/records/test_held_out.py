"""A held-out record of a whole game (``fixtures/held_out_game.json``, written once by
``make_held_out_record.py`` from a game played through the service: the experienced game with
a random set-up, the computer at a seat, a move taken back, a seat whose time ran out)
imported replays to the identical final state."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine
from engine.records import public_position
from tests.service.helpers import API, assert_error

FIXTURE = Path(__file__).parent / "fixtures" / "held_out_game.json"


@pytest.fixture(name="record")
def held_out_record() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(FIXTURE.read_text())
    return loaded


def test_the_held_out_record_replays_to_its_very_final_state(record: dict[str, Any]) -> None:
    replayed = engine.read_record(record)
    assert replayed.seeded
    final = engine.state_to_dict(replayed.state)
    del final["rng"]
    assert final == record["end"]
    assert replayed.state.outcome is not None
    assert replayed.state.outcome.to_dict() == record["outcome"]
    kinds = {entry.kind for entry in replayed.entries}
    assert kinds == {"action", "monster", "takeback"}


def test_imported_it_opens_as_a_sandbox_at_the_games_end(client: FlaskClient,
                                                         record: dict[str, Any]) -> None:
    response = client.post(f"{API}/sandboxes", json={"record": record})
    assert response.status_code == 201, response.get_data(as_text=True)
    body = response.get_json()
    assert body["check"]["seeded"] and body["check"]["end_checked"]
    assert body["check"]["outcome"] == record["outcome"]
    view = body["sandbox"]
    assert view["outcome"] == record["outcome"]
    expected = {key: value for key, value in record["end"].items()
                if key not in ("pile", "seed", "rng")}
    shown = {key: value for key, value in view["position"].items() if key in expected}
    assert shown == expected
    assert view["name"] == "Held out"


def test_imported_at_a_version_it_opens_there(client: FlaskClient,
                                               record: dict[str, Any]) -> None:
    middle = record["entries"][40]["version"]
    response = client.post(f"{API}/sandboxes", json={"record": record, "version": middle})
    assert response.status_code == 201, response.get_data(as_text=True)
    view = response.get_json()["sandbox"]
    at = engine.read_record(engine.records.until(record, middle), seed=1)
    assert view["version"] == middle
    assert view["position"]["figures"] == public_position(at.state)["figures"]


def test_the_held_out_record_changed_in_one_card_is_refused(client: FlaskClient,
                                                            record: dict[str, Any]) -> None:
    changed = copy.deepcopy(record)
    entry = next(i for i, e in enumerate(changed["entries"]) if "monster" in e)
    card = changed["entries"][entry]["monster"]["card"]
    changed["entries"][entry]["monster"]["card"] = "10" if card != "10" else "8"
    error = assert_error(client.post(f"{API}/sandboxes", json={"record": changed}), 422,
                         "replay/mismatch")
    assert error["details"]["entry"] == entry + 1
