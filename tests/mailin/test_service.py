"""service.features.mailin.service: a reply moves the seat once, is answered, and nothing else
can."""

from __future__ import annotations

import threading

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.features.mailin.service import receive
from tests.mailin.helpers import (
    ANN,
    ILLEGAL,
    LEGAL,
    actions_of,
    address_of,
    answers,
    inbound_rows,
    new_game,
    reply,
    version_of,
)
from tests.service.helpers import API, ask_for_links, auth
from worker.mail.message import build_message
from worker.mail.message import message_id as job_message_id


def take(app: Flask, raw: bytes, envelope_sender: str | None = None) -> list:
    """Hand a raw message to the service as a door does."""
    with app.app_context():
        return receive(raw, (), envelope_sender)


def test_it_applies_a_move_and_says_so_in_one_line_when_a_person_is_next(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    before = version_of(app, game)
    [result] = take(app, reply(address_of(app, game), LEGAL))
    assert (result.status, result.code, result.duplicate) == ("applied", None, False)
    assert version_of(app, game) == before + 1
    assert actions_of(app, game) == ["green 5 +"]
    [answer] = answers(app)
    assert answer["to"] == ANN and answer["seat"] == 0 and answer["game_id"] == game.id
    assert answer["text"].startswith("Your move was made\n\n"
                                     "Your move green 5 + was made; Bob is next.\n")
    assert len(answer["text"].splitlines()) < 10  # no board: it is a 'board' away
    assert answer["headers"]["Auto-Submitted"] == "auto-replied"


def test_an_illegal_move_is_refused_with_the_legal_moves_of_that_figure(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game), ILLEGAL))
    assert (result.status, result.code) == ("refused", "move/illegal")
    assert actions_of(app, game) == []
    text = answers(app)[0]["text"]
    assert "was not made" in text and "must first enter" in text
    assert "green 5 +NNNN    brings it in and moves it to p7" in text and "flip green 5" in text
    assert text.count("green 5 +") <= 7  # a short answer: at most eight suggestions
    assert "green 4" not in text  # only the figure the move was about


def test_a_move_delivered_twice_is_applied_once(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), LEGAL)
    take(app, raw)
    [again] = take(app, b"Received: from relay2.example.org\r\n" + raw)
    assert again.duplicate and again.status == "applied"
    assert actions_of(app, game) == ["green 5 +"]
    assert len(answers(app)) == 1
    assert [row.duplicates for row in inbound_rows(app)] == [1]


def test_the_same_content_under_another_message_id_is_a_duplicate(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    take(app, reply(to, "board", message_id="<one@example.com>"))
    [again] = take(app, reply(to, "board", message_id="<two@example.com>"))
    assert again.duplicate
    assert len(answers(app)) == 1


def test_the_same_message_id_with_other_content_is_a_duplicate(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    take(app, reply(to, LEGAL, message_id="<same@example.com>"))
    [again] = take(app, reply(to, "flip green 5", message_id="<same@example.com>"))
    assert again.duplicate
    assert actions_of(app, game) == ["green 5 +"]


def test_a_message_left_unfinished_is_finished_by_its_next_delivery(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), LEGAL)
    take(app, raw)
    with app.app_context():  # as if the process had died after the move, before the answer
        from service.features.mailin.models import InboundMail
        from service.plumbing.extensions import db
        from service.plumbing.outbox import Outbox
        db.session.query(Outbox).filter(Outbox.dedupe_key.like("mailin:%")).delete()
        db.session.query(InboundMail).update({"status": "received", "code": None})
        db.session.commit()
    [again] = take(app, raw)
    assert again.status == "applied" and not again.duplicate
    assert actions_of(app, game) == ["green 5 +"]  # the move was not made twice
    assert len(answers(app)) == 1


def test_a_wrong_sender_is_refused_unless_the_creator_turned_the_check_off(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    [result] = take(app, reply(to, LEGAL, sender="mallory@example.net"))
    assert (result.status, result.code) == ("refused", "mail/wrong_sender")
    assert actions_of(app, game) == []
    assert answers(app)[0]["to"] == "mallory@example.net"
    response = client.put(f"{API}/games/{game.id}/mail/settings",
                          json={"sender_must_match": False}, headers=auth(game.creator_token))
    assert response.status_code == 200 and response.get_json() == {"sender_must_match": False}
    [result] = take(app, reply(to, LEGAL, sender="ann.other@example.net"))
    assert result.status == "applied"
    assert actions_of(app, game) == ["green 5 +"]


def test_a_wrong_token_is_refused_and_moves_nothing(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    local, _, domain = to.partition("@")
    forged = local[:-4] + ("aaaa" if not local.endswith("aaaa") else "bbbb") + "@" + domain
    [result] = take(app, reply(forged, LEGAL))
    assert (result.status, result.code) == ("refused", "mail/wrong_token")
    assert actions_of(app, game) == []
    [row] = inbound_rows(app)
    assert row.game_id is None and row.seat is None
    assert "not valid" in answers(app)[0]["text"]


def test_another_seats_token_cannot_move_this_seat(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    bob = address_of(app, game, seat=1)
    [result] = take(app, reply(bob, LEGAL))  # Ann writes to Bob's address
    assert (result.status, result.code) == ("refused", "mail/wrong_sender")
    assert actions_of(app, game) == []


def test_a_token_retired_by_new_links_is_refused(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    old = address_of(app, game)
    ask_for_links(app, client, ANN)
    new = address_of(app, game)
    assert new != old
    [result] = take(app, reply(old, LEGAL))
    assert (result.status, result.code) == ("refused", "mail/retired_token")
    assert actions_of(app, game) == []
    [result] = take(app, reply(new, LEGAL))
    assert result.status == "applied"


def test_auto_replies_and_bounces_are_logged_and_never_answered(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    machine_made = [
        (reply(to, LEGAL, headers={"Auto-Submitted": "auto-replied"}), None),
        (reply(to, "board", headers={"Precedence": "bulk"}), None),
        (reply(to, "help", headers={"X-Autoreply": "yes"}), None),
        (reply(to, "flip green 5"), ""),
        (reply(to, "flip green 4", sender="MAILER-DAEMON@example.com"), None),
    ]
    for raw, envelope_sender in machine_made:
        [result] = take(app, raw, envelope_sender)
        assert (result.status, result.code) == ("ignored", "mail/automatic")
    assert answers(app) == []
    assert actions_of(app, game) == []
    assert all(row.game_id == game.id for row in inbound_rows(app))


def test_board_and_help_are_answered(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    to = address_of(app, game)
    [board] = take(app, reply(to, "Board"))
    [help_] = take(app, reply(to, " HELP! "))
    assert (board.status, board.code, help_.status, help_.code) == (
        "answered", "mail/board", "answered", "mail/help")
    board_text, help_text = (answer["text"] for answer in answers(app))
    assert "exit: a1" in board_text
    assert "5 to h7" in help_text and "flip 1" in help_text
    assert actions_of(app, game) == []


def test_a_greeting_line_before_the_move_is_passed_over(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game), "Hi all,\ngreen 5 +\nCheers, Ann"))
    assert result.status == "applied"


def test_a_message_with_no_command_is_answered_with_a_few_legal_moves(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game), "What a nice game"))
    assert (result.status, result.code) == ("refused", "move/invalid")
    text = answers(app)[0]["text"]
    assert "cannot read" in text and "green 1 +        brings it in at p11" in text
    assert "green 4 +NNN" in text and "more: write a figure and a square" in text


def test_a_move_out_of_turn_is_refused(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    client.put(f"{API}/games/{game.id}/mail/settings", json={"sender_must_match": False},
               headers=auth(game.creator_token))
    [result] = take(app, reply(address_of(app, game, seat=1), "red 5 +"))
    assert (result.status, result.code) == ("refused", "move/not_your_turn")
    assert actions_of(app, game) == []
    # Whose turn it is comes first, even for a move that could not be made anyway.
    [result] = take(app, reply(address_of(app, game, seat=1), "red 4 to a1"))
    assert (result.status, result.code) == ("refused", "move/not_your_turn")
    text = answers(app)[-1]["text"]
    assert "Now Ann (green) is to move, not you." in text
    assert "cannot get" not in text


def test_mail_not_for_a_reply_address_is_not_handled(app: Flask) -> None:
    assert take(app, reply("someone@example.org", LEGAL)) == []
    assert inbound_rows(app) == []


def test_a_message_with_no_sender_is_logged_and_cannot_be_answered(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), LEGAL).replace(b"From: Ann <ann@example.com>\n", b"")
    [result] = take(app, raw)
    assert (result.status, result.code) == ("refused", "mail/wrong_sender")
    assert answers(app) == [] and actions_of(app, game) == []


@pytest.mark.parametrize("message_id", [
    b"=?utf-8?q?<a=0D=0Ab@example.com>?=", b"=?utf-8?q?<a=E2=80=A8b@example.com>?=",
    b"<a\x1cb@example.com>", b"=?utf-8?q?=0D=0A?=",
], ids=["crlf", "line-separator", "file-separator", "only-crlf"])
def test_a_reply_with_a_broken_message_id_gets_an_answer_threaded_only_to_the_seats_thread(
        app: Flask, client: FlaskClient, message_id: bytes) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), "board", message_id="<placeholder@example.com>")
    [result] = take(app, raw.replace(b"<placeholder@example.com>", message_id))
    assert (result.status, result.code) == ("answered", "mail/board")
    [answer] = answers(app)
    message = build_message(answer, "mailin:1:reply", "ff@ff.example")  # as the worker does
    # Not threaded to the broken id: only to the seat's own thread of the game.
    root = job_message_id(answer["thread"], "ff.example")
    assert (message["In-Reply-To"], message["References"]) == (root, root)
    assert "exit: a1" in message.get_body(preferencelist=("plain",)).get_content()


def test_the_answers_subject_has_no_bidirectional_or_control_characters(
        app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), "board").replace(
        b"Subject: Re: Your move in Fearsome Floors",
        b"Subject: =?utf-8?q?Your_=E2=80=AEevom=E2=80=AC_=E2=81=A6in=E2=81=A9_=1B=00Floors?=")
    take(app, raw)
    [row] = inbound_rows(app)
    assert row.subject == "Your evom in Floors"
    assert answers(app)[0]["subject"] == "Re: Your evom in Floors"


def test_two_deliveries_at_once_apply_the_move_once(app: Flask, client: FlaskClient) -> None:
    game = new_game(client)
    raw = reply(address_of(app, game), LEGAL)
    start = threading.Barrier(2)
    results: list = []

    def deliver() -> None:
        start.wait()
        results.extend(take(app, raw))

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(result.status for result in results) == ["applied", "applied"]
    assert actions_of(app, game) == ["green 5 +"]
    assert len(answers(app)) == 1


def test_answers_to_the_seat_can_be_answered_with_a_move(app: Flask,
                                                         client: FlaskClient) -> None:
    # Applied, refused, board and help answers carry the seat's reply address; replying to
    # the answer of an illegal move with a legal one plays it.
    game = new_game(client)
    address = address_of(app, game)
    for text in (ILLEGAL, "board", "help"):
        take(app, reply(address, text))
    assert [a.get("reply_to") for a in answers(app)] == [address] * 3
    [result] = take(app, reply(answers(app)[0]["reply_to"], LEGAL))
    assert result.status == "applied"
    assert answers(app)[-1]["reply_to"] == address


def test_an_answer_to_another_sender_carries_no_reply_address(app: Flask,
                                                               client: FlaskClient) -> None:
    game = new_game(client)
    [result] = take(app, reply(address_of(app, game), LEGAL, sender="mallory@example.com"))
    assert result.code == "mail/wrong_sender"
    [answer] = answers(app)
    assert answer["to"] == "mallory@example.com" and answer.get("reply_to") is None
