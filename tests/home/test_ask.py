"""POST /api/v1/home/link: a link to all one's games, by email only, the same answer for
every address, limited like "I lost my link"."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from service.features.home.service import HOME_LINK
from tests.home.helpers import (
    ANN,
    ASK,
    ask_for_home,
    home_token_in,
    mails_to,
    outbox_kinds,
    read_home,
    run_worker,
    text_of,
)
from tests.service.helpers import assert_error, create_game, is_postgresql, statements_run
from tests.support.smtp_server import SmtpServer

SUBJECT = "Your games of Fearsome Floors"


def test_it_mails_a_link_that_opens_the_list_of_the_address_games(
        smtp_app: Flask, smtp_server: SmtpServer) -> None:
    client = smtp_app.test_client()
    first = create_game(client)
    second = create_game(client, seats=[{"name": "Bob"}, {"name": "Ann", "email": ANN.upper()}])
    ask_for_home(client, "Ann@Example.com")
    assert set(run_worker(smtp_app).values()) == {"sent"}
    smtp_server.wait_for(3)  # two invitations and the link
    [mail] = mails_to(smtp_server, ANN, SUBJECT)
    text = text_of(mail)
    assert "It works for 7 days" in text and "Sign out everywhere" in text
    home = read_home(client, home_token_in(mail))
    assert sorted(g["game_id"] for g in home["games"]) == sorted([first.id, second.id])


def test_the_answer_is_the_same_for_an_unknown_address_and_no_mail_is_written(
        smtp_app: Flask, smtp_server: SmtpServer) -> None:
    client = smtp_app.test_client()
    create_game(client)
    ask_for_home(client, "nobody@example.com")
    run_worker(smtp_app)
    assert outbox_kinds(smtp_app) == ["email", HOME_LINK]  # Ann's invitation, the request
    assert mails_to(smtp_server, "nobody@example.com", "") == []


def test_the_request_does_the_same_work_for_a_known_and_an_unknown_address(
        app: Flask, client: FlaskClient) -> None:
    create_game(client)
    runs = []
    for address in (ANN, "nobody@example.com"):
        with statements_run(app) as statements:
            ask_for_home(client, address)
        runs.append(statements)
    assert runs[0] == runs[1] == (["INSERT"] if is_postgresql(app) else ["BEGIN", "INSERT"])


def test_a_job_run_twice_writes_one_mail(app: Flask, client: FlaskClient) -> None:
    from service.features.home.service import send_home_link

    create_game(client)
    with app.app_context():
        assert send_home_link(1, ANN) is True
        assert send_home_link(1, ANN) is False
    assert outbox_kinds(app) == ["email", "email"]  # the invitation, one link


def test_asking_is_limited_per_client_address(make_app: Callable[..., Flask]) -> None:
    limited = make_app(RATELIMIT_ENABLED=True, RATELIMIT_LOST_LINK="2 per hour")
    client = limited.test_client()
    for _ in range(2):
        ask_for_home(client, ANN)
    refused = assert_error(client.post(ASK, json={"email": ANN}), 429, "rate/limited")
    assert refused["details"]["retry_after"] > 0


def test_a_bad_address_is_refused_and_nothing_is_written(app: Flask,
                                                         client: FlaskClient) -> None:
    error = assert_error(client.post(ASK, json={"email": "not an address"}), 422,
                         "request/invalid")
    assert "email" in error["details"]["fields"]["json"]
    assert outbox_kinds(app) == []
