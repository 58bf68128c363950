"""service.features.mail.history: the lines of what happened, told in "your move" emails and
digests."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.features.mail.history import last_move, players_of, since_version
from service.kernel.models import Game
from service.kernel.store import append_event, seats_of
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from tests.service.helpers import (
    create_game,
    play_one,
    play_until,
    run_monster_jobs,
    submit,
)


def history_of(app: Flask, game_id: str, seat: int) -> list[str]:
    """Return what seat ``seat`` is told happened since its last move."""
    with app.app_context():
        players = players_of(seats_of(db.session, game_id))
        return since_version(db.session, game_id, last_move(db.session, game_id, seat)[0],
                             players)


def test_it_tells_a_monster_phase_once_in_words(app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    play_until(app, client, game, "monster")
    run_monster_jobs(app)
    monster_lines = [line for line in history_of(app, game.id, 1)
                     if line.startswith("The monster drew ")]
    assert len(monster_lines) == 1
    assert "stopped on" in monster_lines[0] and " went to " not in monster_lines[0]


def test_it_leaves_out_deadline_notes_that_no_action_caused(app: Flask,
                                                            client: FlaskClient) -> None:
    game = create_game(client)
    play_one(client, game)  # seat 0 moves: the notes come after it, at its version
    with app.app_context():
        row = db.session.get(Game, game.id)
        append_event(db.session, row, {"type": "reminder", "seat": 0}, utcnow())
        append_event(db.session, row, {"type": "paused", "deadline": None}, utcnow())
        db.session.commit()
    lines = history_of(app, game.id, 1)
    assert len(lines) == 1 and lines[0].startswith("Ann")
    assert not any(line.startswith("The monster") for line in lines)


def test_it_tells_each_action_in_words_with_its_notation_in_brackets(
        app: Flask, client: FlaskClient) -> None:
    game = create_game(client)
    for seat, version, notation in ((0, 0, "green 5 +W"), (1, 1, "flip red 1")):
        assert submit(client, game, seat, version, notation=notation).status_code == 201
    assert history_of(app, game.id, 0) == [
        "Bob (red) flipped red 1 without moving it. [flip red 1]"]
    assert submit(client, game, 0, 2, notation="green 4 +N").status_code == 201
    assert history_of(app, game.id, 1) == [
        "Ann (green) brought green 4 in at p11 and moved it to p10. In the first game turn a "
        "player enters at most two figures, so green 1 and green 3, still waiting outside, "
        "were flipped. [green 4 +N]"]
