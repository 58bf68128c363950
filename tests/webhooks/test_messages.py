"""service.features.webhooks.messages: which outbox rows a change writes, and what they say."""

from __future__ import annotations

import json
import random
import re

from flask import Flask
from flask.testing import FlaskClient

from engine import events as engine_events
from engine.narrate import narrate_action
from service.features.webhooks.chat import sentence
from service.features.webhooks.messages import (
    webhook_events,
    write_message_posted,
    write_messages,
)
from service.features.webhooks.spectator import placeholder_link
from service.kernel.auth import Bearer
from service.kernel.models import Game
from service.kernel.store import authenticate_with_seats, game_with_seats
from service.plumbing.extensions import db
from tests.service.helpers import (
    advance,
    create_game,
    play_one,
    play_until,
    read,
    run_monster_jobs,
)
from tests.webhooks.helpers import hook, start, webhook_jobs

THREE = [{"name": "Ann", "email": "ann@example.com"}, {"name": "Cat"}, {"open": True}]


def sent_to(app: Flask) -> list[tuple[int, str]]:
    """Return (endpoint id, event type) of every webhook row, oldest first."""
    return [(job["endpoint_id"], job["type"]) for job in webhook_jobs(app)]


def test_a_start_tells_every_endpoint_and_the_move_only_to_the_game_and_the_seat_to_move(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    games = hook(client, game, game.creator_token)["id"]
    anns = hook(client, game, game.seat_tokens[0])["id"]
    cats = hook(client, game, game.seat_tokens[1])["id"]
    start(client, game)
    assert sent_to(app) == [(games, "game.started"), (anns, "game.started"),
                            (cats, "game.started"), (games, "move.due"), (anns, "move.due")]
    first, *_ = webhook_jobs(app)
    body = first["body"]
    assert body["type"] == "game.started" and body["game_id"] == game.id
    assert body["version"] == read(client, game, game.spectator_token)["version"]
    assert body["data"] == {"to_move": 0}
    assert body["text"] == (f"Fearsome Floors, Game {game.id[:6]}: the game has started; "
                            "Ann (green) plays first.")


def test_an_action_tells_who_acted_and_whose_move_is_next(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    games = hook(client, game, game.creator_token, events=["action.accepted", "move.due"])["id"]
    anns = hook(client, game, game.seat_tokens[0], events=["move.due"])["id"]
    cats = hook(client, game, game.seat_tokens[1], events=["move.due"])["id"]
    start(client, game)
    before = len(webhook_jobs(app))
    reply = play_one(client, game)
    to_move = reply["game"]["to_move"]
    new = webhook_jobs(app)[before:]
    assert [(j["endpoint_id"], j["type"]) for j in new] == [
        (games, "action.accepted"), (games, "move.due"),
        *[(seat_hook, "move.due") for seat, seat_hook in ((0, anns), (1, cats))
          if seat == to_move]]
    accepted = new[0]["body"]
    assert accepted["data"]["seat"] == 0
    assert accepted["data"]["events"] == [e["event"] for e in reply["events"]]
    assert accepted["text"] == (f"Fearsome Floors, Game {game.id[:6]}: "
                                + narrate_action(accepted["data"]["events"], "Ann (green)"))
    assert accepted["text"].startswith(f"Fearsome Floors, Game {game.id[:6]}: Ann (green) brought "
                                       "green ")


def test_a_disabled_endpoint_is_told_nothing(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    endpoint = hook(client, game, game.creator_token)
    client.patch(game.url(f"/webhooks/{endpoint['id']}"), json={"enabled": False},
                 headers={"Authorization": f"Bearer {game.creator_token}"})
    start(client, game)
    play_one(client, game)
    assert webhook_jobs(app) == []


def test_a_message_has_a_stable_id_and_writing_it_again_writes_nothing(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    endpoint = hook(client, game, game.creator_token)
    start(client, game)
    rows = webhook_jobs(app)
    version = rows[0]["body"]["version"]
    started, due = (r["message_id"] for r in rows)
    assert re.fullmatch(rf"msg_{endpoint['id']}_{game.id}_{version}_game\.started_[0-9a-f]{{12}}",
                        started)
    assert due == f"msg_{endpoint['id']}_{game.id}_{version}_move.due_{started[-12:]}"
    with app.app_context():
        assert write_messages(db.session, db.session.get(Game, game.id), ()) == 0
        db.session.commit()
    assert webhook_jobs(app) == rows


def test_another_change_at_a_version_used_before_gets_ids_no_receiver_has_seen(
        app: Flask, client: FlaskClient) -> None:
    # A game restored from a backup and played on otherwise: the same version, another move,
    # another message at the same seq. Written again as it was, a change keeps its ids.
    game = create_game(client, seats=THREE)
    hook(client, game, game.creator_token)
    start(client, game)
    played = [e["event"] for e in play_one(client, game)["events"]]
    other = [{**e, "to": "p5" if e["to"] != "p5" else "p6"} if e["type"] == engine_events.MOVE
             else e for e in played]
    assert other != played
    with app.app_context():
        row = db.session.get(Game, game.id)
        assert row is not None
        before = {job["message_id"] for job in webhook_jobs(app)}
        assert write_messages(db.session, row, played) == 0  # the same change: nothing new
        assert write_messages(db.session, row, other) > 0
        said = {"seq": 1, "seat": 0, "name": "Ann", "colour": "green"}
        assert write_message_posted(db.session, game.id, row.version, {**said, "text": "hi"})
        assert write_message_posted(db.session, game.id, row.version, {**said, "text": "yo"})
        assert not write_message_posted(db.session, game.id, row.version, {**said, "text": "yo"})
        db.session.commit()
    new = [job for job in webhook_jobs(app) if job["message_id"] not in before]
    assert sorted(job["type"] for job in new) == [
        "action.accepted", "message.posted", "message.posted", "move.due"]


def test_the_monster_phase_is_told_in_words_in_every_format_and_no_secret_is_sent(
        app: Flask, client: FlaskClient) -> None:
    # A name with nothing a chat format escapes: the three texts are then the same words
    # (the default name holds the id's start, which may hold a "_").
    game = create_game(client, seats=THREE, name="Friday night")
    formats = {hook(client, game, game.creator_token, format=f, events=["monster.resolved"])["id"]:
               f for f in ("standard", "discord", "slack")}
    start(client, game)
    play_until(app, client, game, "monster", random.Random(4))
    assert webhook_jobs(app) == []
    run_monster_jobs(app)
    bodies = {formats[job["endpoint_id"]]: job["body"] for job in webhook_jobs(app)}
    standard = bodies["standard"]
    assert standard["type"] == "monster.resolved"
    kinds = [event["type"] for event in standard["data"]["events"]]
    assert kinds[0] in ("card", "first_card_redraw") and "monster_done" in kinds
    assert "the monster moved. The monster drew" in standard["text"]
    with app.app_context():
        link = placeholder_link(game.id)
    assert bodies["discord"] == {"content": f"{standard['text']}\nWatch the game: <{link}>",
                                 "allowed_mentions": {"parse": []}}
    assert bodies["slack"] == {"text": f"{standard['text']}\n<{link}|Watch the game>"}
    with app.app_context():
        state = db.session.get(Game, game.id).state
        db.session.rollback()
    sent = json.dumps(webhook_jobs(app))
    for secret in ("ann@example.com", game.creator_token, game.spectator_token,
                   *game.seat_tokens.values(), '"seed"', '"rng"', '"pile"'):
        assert secret not in sent
    assert json.dumps(state["pile"]) not in sent


def test_the_end_of_a_game_is_told_with_its_winners() -> None:
    game = Game(id="g" * 22, version=9, state={"to_move": None})
    events = [{"type": "move", "seat": 1, "figure": "red5", "path": "N", "from": "b1",
               "to": "out", "escapes": True, "pushes": [], "shows": 2},
              {"type": "game_over", "winners": [1], "reason": "escaped", "escaped": [0, 3],
               "eaten": [0, 0]}]
    happened = webhook_events(game, events)
    assert [kind for kind, _ in happened] == ["action.accepted", "game.over"]
    over = happened[1][1]
    assert over == {"outcome": {"winners": [1], "reason": "escaped", "escaped": [0, 3],
                                "eaten": [0, 0]}}
    seats = {0: "Ann (green)", 1: "Bob (red)"}
    assert sentence("game.over", game.id, over, seats).endswith("the game is over; Bob (red) won.")
    assert sentence("action.accepted", game.id, happened[0][1], seats).endswith(
        "Bob (red) moved red 5 from b1 out of the fortress: it escaped.")
    assert sentence("game.over", game.id, {"outcome": {"winners": []}}, seats).endswith(
        "the game is over, and nobody won.")


def test_a_seat_endpoint_hears_only_of_its_own_moves(app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)
    games = hook(client, game, game.creator_token, events=["move.due"])["id"]
    cats = hook(client, game, game.seat_tokens[1], events=["move.due"])["id"]
    start(client, game)
    for _ in range(15):
        advance(app, client, game)
    jobs = webhook_jobs(app)
    versions_due_to_cat = [job["body"]["version"] for job in jobs
                           if job["endpoint_id"] == games and job["body"]["data"]["seat"] == 1]
    to_cat = [job for job in jobs if job["endpoint_id"] == cats]
    assert [job["body"]["version"] for job in to_cat] == versions_due_to_cat
    assert len(to_cat) >= 2
    assert len(jobs) > 2 * len(to_cat)  # the game's endpoint heard of everyone's moves


def test_a_move_time_running_out_is_told_as_the_seats_flip() -> None:
    game = Game(id="g" * 22, version=5, state={"to_move": 0})
    events = [{"type": "timeout", "seat": 1, "deadline": "2026-11-23T12:00:00Z"},
              {"type": "flip", "seat": 1, "figure": "red3", "shows": 4}]
    happened = webhook_events(game, events)
    assert happened == [("action.accepted", {"seat": 1, "events": events}),
                        ("move.due", {"seat": 0})]
    assert sentence("action.accepted", game.id, happened[0][1], {1: "Bob (red)"}).endswith(
        "Bob (red) ran out of time, so red 3 was flipped without moving.")


def test_the_submission_reads_the_seats_and_whether_an_endpoint_is_enabled_in_one_query(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client, seats=THREE)

    def asked() -> tuple[list[int], bool]:
        with app.app_context():
            found = game_with_seats(db.session, game.id)
            assert found is not None
            _, seats, listeners = found
            found, caller, with_token, also = authenticate_with_seats(
                db.session, game.id, Bearer(game.seat_tokens[1]))
            assert (found.id, caller.seat) == (game.id, 1)
            assert ([s.seat for s in with_token], also) == ([s.seat for s in seats],
                                                            listeners)
            db.session.rollback()
            return [s.seat for s in seats], listeners.webhooks

    assert asked() == ([0, 1, 2], False)
    endpoint = hook(client, game, game.creator_token)
    assert asked() == ([0, 1, 2], True)
    client.patch(game.url(f"/webhooks/{endpoint['id']}"), json={"enabled": False},
                 headers={"Authorization": f"Bearer {game.creator_token}"})
    assert asked() == ([0, 1, 2], False)
