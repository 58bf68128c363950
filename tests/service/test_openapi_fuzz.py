"""Property-based fuzzing (schemathesis) of the API against its own OpenAPI document.

On PostgreSQL, every documented operation gets a hundred or more generated requests, valid
and invalid ones; half of them are aimed at real games in every phase with real tokens
(and, for submissions, often a legal action at the current version), so the success paths
are fuzzed too, not only the refusals. Every check schemathesis has runs on every answer:
no 5xx; status code, content type, headers and body as documented; data the document calls
invalid refused; authentication enforced where it is declared. And data the document calls
valid is never refused as invalid (``request/...``): the rules of the game may refuse it
(422 ``move/illegal``, 409 ...), the request's form may not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from service import create_app
from service.kernel.monster import resolve_monster_phase
from service.migrate import upgrade
from tests.service.conftest import app_config, dispose
from tests.service.helpers import (
    NewGame,
    a_legal_action,
    create_game,
    play_until,
    read,
)
from tests.support.postgres_server import PostgresServer

EXAMPLES_PER_MODE = 60
MIN_REQUESTS = 3000
# Valid data may still be refused by the game (409 its state, 422 its rules, 413 a body too
# large): what it may not get is a refusal of its form (request_form_agrees_with_the_document).
ACCEPTED_VALID_DATA = ["2xx", "304", "401", "403", "404", "409", "413", "422", "429"]
FORM_REFUSALS = ("request/invalid", "request/invalid_json", "request/malformed")
CALLERS = ("seat0", "seat1", "spectator", "creator", "none")
load_all_checks()
ALL_CHECKS = CHECKS.get_all()
OPEN_SEATS = [{"name": "Ann"}, {"open": True}]


@pytest.fixture
def fuzz_app(postgres_server: PostgresServer) -> Iterator[Flask]:
    """Return an app on a PostgreSQL database of its own, rate limits off."""
    # A live stream ends after its first event: a generated request must get a whole answer.
    app = create_app(app_config(postgres_server.create_database("ff_fuzz"),
                                LIVE_STREAM_SECONDS=0))
    upgrade(app)
    yield app
    dispose(app)


@dataclass
class Targets:
    """Real games in every phase, to aim generated requests at."""

    app: Flask
    client: FlaskClient
    games: list[NewGame] = field(default_factory=list)

    def token(self, game: NewGame, caller: str) -> str | None:
        """Return the token of ``caller`` in ``game`` (None: no token)."""
        if caller.startswith("seat"):
            return game.seat_tokens.get(int(caller[4:]))
        return {"spectator": game.spectator_token, "creator": game.creator_token}.get(caller)


def seed_games(app: Flask, client: FlaskClient) -> Targets:
    """Make games waiting for a player, in placement, figure and monster phases, and over."""
    targets = Targets(app, client)
    targets.games.append(create_game(client, seats=OPEN_SEATS))
    targets.games.append(create_game(client, options={"experienced": True}))
    targets.games.append(create_game(client, start_seat=None))
    monster = create_game(client)
    play_until(app, client, monster, "monster")
    over = create_game(client)
    play_until(app, client, over, "over")
    targets.games += [monster, over]
    return targets


def aim(case: schemathesis.Case, data: st.DataObject, targets: Targets) -> dict[str, str]:
    """Point a generated request at a real game, with a real token and often a real action;
    return the headers set (schemathesis then knows the token for a real one). The parts
    generated invalid on purpose are left as they are."""
    negative = case.meta.is_negative_at if case.meta is not None else (lambda _: False)
    if ("game_id" not in (case.path_parameters or {}) or negative(ParameterLocation.PATH)
            or not data.draw(st.booleans())):
        return {}
    client, path = targets.client, case.operation.path
    game = data.draw(st.sampled_from(targets.games))
    if path.endswith("/cancel") and data.draw(st.booleans()):
        game = create_game(client)  # cancelling a seeded game would end its usefulness
    case.path_parameters["game_id"] = game.id
    caller = data.draw(st.sampled_from(CALLERS))
    if (path.endswith("/actions") and case.method == "POST" and not negative(ParameterLocation.BODY)
            and data.draw(st.booleans())):
        view = read(client, game, game.spectator_token)
        if view["to_move"] is not None:
            caller = f"seat{view['to_move']}"
            case.body = {"expected_version": view["version"],
                         "action": a_legal_action(view)}
    if (path.endswith("/join") and isinstance(case.body, dict) and game.invite_code
            and not negative(ParameterLocation.BODY)):
        case.body["invite_code"] = game.invite_code
    if negative(ParameterLocation.HEADER):
        return {}
    token = targets.token(game, caller)
    case.headers = {**(case.headers or {})}
    case.headers.pop("Authorization", None)
    if token is None:
        return {}
    case.headers["Authorization"] = f"Bearer {token}"
    return {"Authorization": case.headers["Authorization"]}


def takes_input(operation: schemathesis.APIOperation) -> bool:
    """True when an operation has parameters or a body, which negative tests can spoil."""
    return "{" in operation.path or bool(operation.definition.raw.get("parameters")
                                         or operation.definition.raw.get("requestBody"))


def finish_monster_phase(app: Flask, view: dict) -> None:
    """Do the worker's job when a submission ended a figure phase, as the worker would."""
    if view["phase"] == "monster":
        with app.app_context():
            resolve_monster_phase(view["id"], view["version"])


def request_form_agrees_with_the_document(case: schemathesis.Case, response: Any) -> None:
    """Fail when data the document calls valid is refused for its form: the document would
    be looser than the code (``seats: [{}]``, an empty email ...)."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if response.status_code in (400, 422):
        error = response.json()["error"]  # every error is JSON in our shape
        assert error["code"] not in FORM_REFUSALS, (
            f"{case.operation.label}: valid by the document, refused as {error['code']}: "
            f"{error} (body {case.body!r}, query {case.query!r})")


def fuzz_operation(app: Flask, operation: schemathesis.APIOperation, mode: GenerationMode,
                   targets: Targets, sent: Counter[str]) -> None:
    """Send the generated requests of one operation in one mode and check every answer."""

    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    @settings(max_examples=EXAMPLES_PER_MODE, deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    def fuzz(case: schemathesis.Case, data: st.DataObject) -> None:
        headers = aim(case, data, targets)
        response = case.call()
        sent[operation.label] += 1
        case.validate_response(response, checks=ALL_CHECKS, headers=headers)
        request_form_agrees_with_the_document(case, response)
        if response.status_code == 201 and case.path.endswith("/actions"):
            finish_monster_phase(app, response.json()["game"])

    fuzz()


def test_generated_requests_get_no_5xx_and_documented_answers(fuzz_app: Flask) -> None:
    client = fuzz_app.test_client()
    targets = seed_games(fuzz_app, client)
    config = SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {
        "expected-statuses": ACCEPTED_VALID_DATA}}})
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", fuzz_app, config=config)
    sent: Counter[str] = Counter()
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            if mode is GenerationMode.POSITIVE or takes_input(operation):
                fuzz_operation(fuzz_app, operation, mode, targets, sent)
    print(f"schemathesis: {sum(sent.values())} requests over {len(sent)} operations")
    assert sum(sent.values()) >= MIN_REQUESTS, sent
