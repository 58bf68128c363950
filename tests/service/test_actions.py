"""POST /api/v1/games/{id}/actions: submitting moves, flips and placements; every refusal."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from service.kernel.models import Action, Event, Game
from service.plumbing import outbox
from service.plumbing.extensions import db
from service.plumbing.outbox import Outbox
from tests.service.helpers import (
    API,
    a_legal_action,
    assert_error,
    auth,
    create_game,
    play_one,
    play_until,
    read,
    submit,
)


def stored(app: Flask, game_id: str) -> tuple[int, int, int]:
    """Return the game's version and how many actions and events are stored."""
    with app.app_context():
        version = db.session.get(Game, game_id).version
        actions = db.session.scalar(select(func.count()).select_from(Action))
        events = db.session.scalar(select(func.count()).select_from(Event))
    return version, actions, events


def test_it_applies_a_structured_move_and_answers_with_the_new_view(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    response = submit(client, game, 0, 0, action={"type": "move", "figure": "green5",
                                                  "path": "+W"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["action"] | {"created_at": None} == {
        "seq": 1, "seat": 0, "notation": "green 5 +W", "created_at": None,
        "words": "Ann (green) brought green 5 in at p11 and moved it to o11.",
        "action": {"type": "move", "figure": "green5", "path": "+W"},
        "version_before": 0, "version_after": 1}
    move = body["events"][0]
    assert (move["seq"], move["version"], move["action_seq"]) == (1, 1, 1)
    assert move["event"] | {"type": "move", "figure": "green5", "to": "o11"} == move["event"]
    assert (body["game"]["version"], body["game"]["to_move"]) == (1, 1)
    assert body["game"]["viewer"] == {"kind": "seat", "seat": 0,
                                      "language": None, "time_zone": None}
    assert stored(app, game.id) == (1, 1, len(body["events"]))


def test_it_reads_the_engines_notation_and_stores_the_canonical_form(
    client: FlaskClient,
) -> None:
    game = create_game(client)
    body = submit(client, game, 0, 0, notation="  Green-5 enter w ").get_json()
    assert body["action"]["notation"] == "green 5 +W"
    assert body["action"]["action"] == {"type": "move", "figure": "green5", "path": "+W"}


def test_it_resolves_a_destination_only_move(client: FlaskClient) -> None:
    game = create_game(client)
    body = submit(client, game, 0, 0, notation="1 to p11").get_json()
    assert body["action"]["notation"] == "green 1 +"


def test_it_applies_a_flip(client: FlaskClient) -> None:
    game = create_game(client)
    body = submit(client, game, 0, 0, notation="flip 4").get_json()
    assert body["events"][0]["event"] == {"type": "flip", "seat": 0, "figure": "green4",
                                          "shows": 3}


def test_it_applies_a_placement_in_the_experienced_game(client: FlaskClient) -> None:
    game = create_game(client, options={"experienced": True})
    body = submit(client, game, 0, 0, notation="place stone c1").get_json()
    assert body["action"]["action"] == {"type": "place", "tile": "stone", "square": "c1"}
    view = read(client, game, game.seat_tokens[1])
    action = a_legal_action(view)
    assert submit(client, game, 1, 1, action=action).status_code == 201


@pytest.mark.parametrize(("request_body", "code"), [
    ({"notation": "place stone a11"}, "placement/off_board"),
    ({"action": {"type": "place", "tile": "stone", "square": "a11"}}, "placement/off_board"),
    ({"notation": "place dragon c3"}, "placement/unknown_tile"),
    ({"notation": "place stone c3 h"}, "placement/orientation"),
], ids=["staircase_by_notation", "staircase_structured", "unknown_tile", "stray_orientation"])
def test_a_refused_placement_has_one_code_by_notation_or_structured(
        client: FlaskClient, request_body: dict[str, Any], code: str) -> None:
    game = create_game(client, options={"experienced": True})
    assert_error(submit(client, game, 0, 0, **request_body), 422, code)


def test_the_option_against_sealed_doors_refuses_the_teleporter_that_seals_the_exit(
        client: FlaskClient) -> None:
    game = create_game(client, options={"experienced": True, "open_exit": True})
    for version, text in enumerate(("place teleporter A c1 N", "place teleporter A b2 E")):
        assert submit(client, game, version % 2, version, notation=text).status_code == 201
    assert_error(submit(client, game, 0, 2, notation="place teleporter B a3 S"), 422,
                 "placement/seals_exit")
    view = read(client, game, game.seat_tokens[0])
    assert (view["position"]["options"]["open_exit"], view["position"]["rules"]) == (True, 2)


def test_the_last_move_of_the_figure_phase_writes_the_monster_job(
    app: Flask, client: FlaskClient
) -> None:
    game = create_game(client)
    play_until(app, client, game, "monster")
    view = read(client, game, game.seat_tokens[0])
    assert (view["phase"], view["to_move"]) == ("monster", None)
    assert view["position"]["legal"] == {"seat": None, "kind": None}
    with app.app_context():
        jobs = db.session.scalars(select(Outbox).where(Outbox.kind == "monster_phase")).all()
        assert [(j.payload, j.dedupe_key, j.status) for j in jobs] == [(
            {"game_id": game.id, "version": view["version"]},
            f"monster:{game.id}:{view['version']}", "pending")]
    error = assert_error(submit(client, game, 0, view["version"], notation="flip 1"), 409,
                         "game/wrong_phase")
    assert error["details"]["phase"] == "monster"


def test_outbox_rows_are_published_after_the_commit_and_only_then(
    make_app: Any,
) -> None:
    app = make_app()
    published: list[tuple[list[int], int]] = []

    def publish(ids: list[int]) -> None:
        with app.app_context():  # a new session: it sees only what was committed
            committed = db.session.scalar(select(func.count()).where(Outbox.id.in_(ids)))
        published.append((ids, committed))

    outbox.register_publisher(app, publish)
    client = app.test_client()
    game = create_game(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    assert published == []  # no email, no monster job yet
    submit(client, game, 0, 0, notation="red 5 +")  # refused: nothing to publish
    assert published == []
    play_until(app, client, game, "monster")
    assert len(published) == 1
    ids, committed = published[0]
    assert committed == len(ids) == 1


def test_it_refuses_a_stale_version_with_the_current_view(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client)
    play_one(client, game)
    error = assert_error(submit(client, game, 1, 0, notation="flip 1"), 409,
                         "game/stale_version")
    assert (error["details"]["expected"], error["details"]["version"]) == (0, 1)
    current = error["details"]["game"]
    assert current == read(client, game, game.seat_tokens[1])
    assert stored(app, game.id)[:2] == (1, 1)


def test_acting_out_of_turn_has_its_own_code_whatever_the_action(client: FlaskClient) -> None:
    game = create_game(client)
    for body in ({"notation": "flip 1"}, {"notation": "5 to a1"},
                 {"action": {"type": "move", "figure": "green5", "path": "+"}}):
        error = assert_error(submit(client, game, 1, 0, **body), 409, "move/not_your_turn")
        assert error["details"] == {"seat": 1, "to_move": 0}


@pytest.mark.parametrize(("body", "code", "details"), [
    ({"action": {"type": "move", "figure": "green5", "path": "+E"}}, "move/illegal",
     {"figure": "green5", "path": "+E", "step": 2, "reason": "wall"}),
    ({"notation": "green 5 +WWWWWWWW"}, "move/illegal", {"reason": "too_long"}),
    ({"notation": "red 5 +"}, "move/unknown_figure", {"figure": "red5"}),
    ({"notation": "jump around"}, "move/invalid", {}),
    ({"action": {"type": "move", "figure": "green5"}}, "move/invalid", {}),
    ({"action": {"type": "move", "figure": "green 9", "path": "+"}}, "move/unknown_figure", {}),
    ({"notation": "place stone c1"}, "game/wrong_phase", {"phase": "figures"}),
], ids=["wall", "too-long", "another-players-figure", "unreadable", "no-path",
        "no-such-figure", "placement-in-figure-phase"])
def test_it_refuses_what_the_rules_refuse_with_the_engines_code(
    app: Flask, client: FlaskClient, body: dict[str, Any], code: str, details: dict[str, Any]
) -> None:
    game = create_game(client)
    status = 409 if code == "game/wrong_phase" else 422
    error = assert_error(submit(client, game, 0, 0, **body), status, code)
    assert error["details"] | details == error["details"]
    assert stored(app, game.id) == (0, 0, 0)


@pytest.mark.parametrize(("body", "field"), [
    ({"expected_version": 0}, "notation"),
    ({"expected_version": 0, "notation": "flip 1", "action": {"type": "flip",
                                                              "figure": "green1"}}, "notation"),
    ({"notation": "flip 1"}, "expected_version"),
    ({"expected_version": -1, "notation": "flip 1"}, "expected_version"),
    ({"expected_version": 2**31, "notation": "flip 1"}, "expected_version"),
    ({"expected_version": "0", "notation": "flip 1"}, "expected_version"),
    ({"expected_version": 0.5, "notation": "flip 1"}, "expected_version"),
    ({"expected_version": 0, "notation": ""}, "notation"),
    ({"expected_version": 0, "notation": "flip\u00001"}, "notation"),
    ({"expected_version": 0, "notation": "x" * 201}, "notation"),
    ({"expected_version": 0, "action": {"type": "jump", "figure": "green1"}}, "action"),
    ({"expected_version": 0, "action": {"type": "flip", "figure": "green\u00001"}}, "action"),
    ({"expected_version": 0, "notation": "flip 1", "seat": 1}, "seat"),
], ids=["no-action", "both-forms", "no-version", "negative-version", "huge-version",
        "version-as-text", "fractional-version", "empty-notation", "nul-in-notation",
        "long-notation", "unknown-type", "nul-in-figure", "unknown-field"])
def test_it_refuses_an_invalid_request(client: FlaskClient, body: dict[str, Any],
                                       field: str) -> None:
    game = create_game(client)
    response = client.post(game.url("/actions"), json=body, headers=auth(game.seat_tokens[0]))
    error = assert_error(response, 422, "request/invalid")
    fields = error["details"]["fields"]["json"]
    assert field in fields or "_schema" in fields


@pytest.mark.parametrize("who", ["spectator", "creator"])
def test_only_a_seat_may_act(client: FlaskClient, who: str) -> None:
    game = create_game(client)
    token = game.spectator_token if who == "spectator" else game.creator_token
    response = client.post(game.url("/actions"), json={"expected_version": 0,
                                                       "notation": "flip 1"},
                           headers=auth(token))
    error = assert_error(response, 403, "auth/forbidden")
    assert error["details"] == {"token_kind": who}


def test_it_needs_a_token_of_this_game(client: FlaskClient) -> None:
    game, other = create_game(client), create_game(client)
    body = {"expected_version": 0, "notation": "flip 1"}
    assert_error(client.post(game.url("/actions"), json=body), 401, "auth/missing_token")
    assert_error(client.post(game.url("/actions"), json=body,
                             headers=auth(other.seat_tokens[0])), 403, "auth/forbidden")
    assert_error(client.post(f"{API}/games/{'D' * 22}/actions", json=body,
                             headers=auth(game.seat_tokens[0])), 404, "game/not_found")


def test_a_game_waiting_for_players_takes_no_action(client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann"}, {"open": True}])
    error = assert_error(submit(client, game, 0, 0, notation="flip 1"), 409,
                         "game/not_started")
    assert error["details"] == {"seats_open": 1}


def test_a_finished_game_takes_no_action(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "over")
    version = read(client, game, game.spectator_token)["version"]
    assert_error(submit(client, game, 0, version, notation="flip 1"), 409, "game/over")
