"""Computer players through the real stack (gunicorn, Celery, Redis, PostgreSQL): a seat
handed to the computer in the middle of a game is played by the worker, as the seat, each
move once and marked as the computer's; given back, the player's link works again. A seat
that misses too many deadlines in a game whose creator chose a level is taken by the
computer at beat's deadline check, its player is told by mail, and takes it back."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import create_engine, text

from deploy.production_shape import Stack
from tests.service.helpers import a_legal_action
from tests.support.api_player import ApiGame
from tests.support.smtp_server import SmtpServer


def as_creator(game: ApiGame, method: str, suffix: str, **body: Any) -> dict[str, Any]:
    """Send a request about the game with the creator's token; return the answer's body."""
    response = game.http.request(method, game.url(suffix), json=body or None, timeout=30,
                                 headers={"Authorization": f"Bearer {game.creator_token}"})
    assert response.status_code == 200, response.text
    return response.json()


def actions(game: ApiGame) -> list[dict[str, Any]]:
    """Return the game's actions as spectators read them."""
    response = game.http.get(game.url("/actions?limit=200"), timeout=30,
                             headers={"Authorization": f"Bearer {game.spectator_token}"})
    assert response.status_code == 200, response.text
    return response.json()["items"]


def test_a_seat_handed_to_the_computer_mid_game_is_played_by_the_worker(
    make_stack: Callable[..., Stack],
) -> None:
    stack = make_stack()
    game = ApiGame.create(stack.base_url)
    rng = random.Random(5)
    # Both play by hand until the monster's first phase has passed.
    version, _ = game.play_to_monster_phase(rng)
    game.wait_for_version(version, timeout=60)
    by_hand = len(actions(game))

    view = as_creator(game, "PUT", "/seats/1/computer", level="normal")
    assert view["seats"][1]["computer"] == "normal"
    # Ann plays her sub-turns; Bob's are the worker's, with nobody submitting for him.
    deadline = time.monotonic() + 120
    computer_moves = 0
    while computer_moves < 4:
        assert time.monotonic() < deadline, "the computer did not play Bob's seat"
        view = game.view()
        if view["phase"] == "figures" and view["to_move"] == 0:
            game.play_one(view, rng)
        else:
            time.sleep(0.1)
        computer_moves = sum(1 for action in actions(game)[by_hand:] if action["seat"] == 1)

    played = actions(game)[by_hand:]
    for action in played:
        if action["seat"] == 1:
            assert action["words"].startswith("The computer, playing Bob (red),"), action
    versions = [action["version_after"] for action in actions(game)]
    assert len(versions) == len(set(versions))

    view = as_creator(game, "DELETE", "/seats/1/computer")
    assert view["seats"][1]["computer"] is None
    # Back to Bob: once it is his turn, the worker leaves it to him and his link works.
    deadline = time.monotonic() + 60
    view = game.view()
    while not (view["phase"] == "figures" and view["to_move"] == 1):
        assert time.monotonic() < deadline
        if view["phase"] == "figures" and view["to_move"] == 0:
            view = game.play_one(view, rng)
        else:
            time.sleep(0.1)
            view = game.view()
    time.sleep(2)  # a computer job, if one were written, would have played by now
    assert game.view()["version"] == view["version"]
    response = game.http.post(game.url("/actions"), timeout=30, json={
        "expected_version": view["version"], "action": a_legal_action(view, rng)},
        headers={"Authorization": f"Bearer {game.seat_tokens[1]}"})
    assert response.status_code == 201, response.text


def test_an_absent_seat_goes_to_the_computer_at_beats_check_and_comes_back_to_its_player(
    make_stack: Callable[..., Stack], smtp_server: SmtpServer,
) -> None:
    stack = make_stack(DEADLINE_CHECK_SECONDS=1, SMTP_HOST="127.0.0.1",
                       SMTP_PORT=smtp_server.port, SMTP_TLS="none")
    game = ApiGame.create(stack.base_url, name="Friday night", move_time_limit=3600,
                          missed_deadlines_limit=1, absent_computer="easy")
    invitations = len(smtp_server.wait_for(2, timeout=60))
    # Ann's hour is up: her deadline is moved into the past, as an hour passing would.
    engine = create_engine(stack.env["FF_DATABASE_URL"])
    with engine.begin() as connection:
        connection.execute(text("UPDATE games SET move_deadline = now() - interval '1 second'"
                                " WHERE id = :id"), {"id": game.id})
    engine.dispose()
    view = game.wait_for_version(0, timeout=60)  # beat's check flipped for her
    assert [s["computer"] for s in game.view(game.creator_token)["seats"]] == ["easy", None]
    mails = smtp_server.wait_for(invitations + 2, timeout=60)  # Ann's, and Bob's "your move"
    [told] = [m for m in mails if "The computer plays for you now" in str(m.message["Subject"])]
    assert told.rcpt_tos == ("ann@example.com",)
    assert "Take my seat back" in told.message.get_body(("plain",)).get_content()

    rng = random.Random(7)
    assert view["to_move"] == 1
    game.play_one(view, rng)  # Bob moves; the worker plays Ann's seat
    view = game.wait_for_version(view["version"] + 1, timeout=60)
    last = actions(game)[-1]
    assert last["seat"] == 0 and last["words"].startswith("The computer, playing Ann (green),")

    response = game.http.delete(game.url("/seats/0/computer"), timeout=30,
                                headers={"Authorization": f"Bearer {game.seat_tokens[0]}"})
    assert response.status_code == 200, response.text
    assert response.json()["seats"][0]["computer"] is None
    view = game.view()
    if view["to_move"] == 1:
        view = game.play_one(view, rng)
    time.sleep(2)  # a computer job, if one were written, would have played by now
    assert game.view()["version"] == view["version"] and view["to_move"] == 0
