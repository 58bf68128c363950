"""POST /api/v1/games and its invitations by email: an address that has never answered the
service gets a few a day, a client sends a few an hour to such addresses, and the creator is
told which were held back and why (issue 35, "No mail bombing")."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from service.features.mail.models import MailCount, TrustedAddress
from service.features.mail.quotas import CLIENT, RECIPIENT
from service.features.mailin.service import receive
from service.kernel.models import Game, Seat
from service.plumbing.extensions import db
from service.plumbing.limits import client_network
from service.plumbing.outbox import Outbox
from tests.deadlines.conftest import SettableClock
from tests.mail.helpers import email_rows
from tests.mailin.helpers import LEGAL, address_of, reply
from tests.service.helpers import API, create_game, game_from, play_one, read
from tests.support.smtp_server import SmtpServer
from worker import relay

GAMES = f"{API}/games"
VICTIM = "victim@example.com"
PER_ADDRESS = 3  # the defaults (service.plumbing.config)
PER_CLIENT = 20


def six_seats(email: str = VICTIM) -> list[dict[str, Any]]:
    """Return six seats, each with ``email`` (the report: six seats, one address)."""
    return [{"name": f"P{number}", "email": email} for number in range(6)]


def create(client: FlaskClient, seats: list[dict[str, Any]], **headers: str) -> dict[str, Any]:
    """Create a game; check it was created; return the creator's answer."""
    response = client.post(GAMES, json={"seats": seats, "start_seat": 0},
                           headers=headers or None)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def invitations_to(app: Flask, address: str) -> int:
    """Return how many invitations the outbox holds for ``address``."""
    return sum(1 for row in email_rows(app, topic="invite") if row.payload["to"] == address)


def held_seats(body: dict[str, Any]) -> list[tuple[int, str]]:
    """Return the seats and reasons of the invitations a creation held back."""
    return [(held["seat"], held["reason"]) for held in body["held_invitations"]]


def test_sixty_creations_of_six_seats_to_one_address_mail_it_only_three_invitations(
        app: Flask, client: FlaskClient) -> None:
    answers = [create(client, six_seats()) for _ in range(60)]
    assert invitations_to(app, VICTIM) == PER_ADDRESS
    assert held_seats(answers[0]) == [(seat, RECIPIENT) for seat in range(3, 6)]
    assert all(held_seats(body) == [(seat, RECIPIENT) for seat in range(6)]
               for body in answers[1:])
    # Every game was created, and every seat has its link to pass on by hand.
    assert all(body["game"]["status"] == "active" for body in answers)
    assert all(seat["link"] for body in answers for seat in body["seats"])
    assert "never answered" in answers[1]["held_invitations"][0]["message"]
    with app.app_context():
        addresses = db.session.execute(select(Seat.game_id, Seat.seat, Seat.email)).all()
        counts = {row.scope: row.count for row in db.session.scalars(select(MailCount))}
    assert {(game, seat) for game, seat, email in addresses if email} == {
        (answers[0]["game"]["id"], seat) for seat in range(3)}
    assert counts == {RECIPIENT: PER_ADDRESS, CLIENT: PER_ADDRESS}


def test_a_held_seat_keeps_its_link_and_gets_no_mail_of_the_game(
        make_app: Callable[..., Flask]) -> None:
    app = make_app(INVITATIONS_PER_ADDRESS_PER_DAY=0)
    client = app.test_client()
    response = client.post(GAMES, json={"seats": [
        {"name": "Ann", "email": VICTIM}, {"name": "Bob"}], "start_seat": 1})
    body = response.get_json()
    assert held_seats(body) == [(0, RECIPIENT)]
    game = game_from(body)
    play_one(client, game)  # Bob's move: now it is Ann's turn
    assert read(client, game, game.seat_tokens[0])["to_move"] == 0
    assert email_rows(app) == []


def test_a_trusted_address_is_never_held_back_nor_counted(app: Flask,
                                                          client: FlaskClient) -> None:
    game = create_game(client, seats=[{"name": "Ann", "email": VICTIM}, {"name": "Bob"}])
    with app.app_context():  # Ann answers by mail from her address: she wants our mail
        [result] = receive(reply(address_of(app, game), LEGAL, sender=VICTIM), ())
    assert result.status == "applied"
    answers = [create(client, six_seats()) for _ in range(10)]
    assert all(body["held_invitations"] == [] for body in answers)
    assert invitations_to(app, VICTIM) == 1 + 60
    with app.app_context():
        assert db.session.scalar(select(TrustedAddress.source)) == "reply"
        assert {row.scope: row.count for row in db.session.scalars(select(MailCount))} == {
            RECIPIENT: 1, CLIENT: 1}  # the first game's invitation, before she answered


def test_one_client_mails_only_so_many_new_addresses_an_hour_and_another_client_is_not_held(
        app: Flask, client: FlaskClient) -> None:
    answers = [create(client, [{"name": f"P{n}", "email": f"p{game}.{n}@example.com"}
                               for n in range(6)]) for game in range(4)]
    assert [held_seats(body) for body in answers] == [[], [], [], [
        (seat, CLIENT) for seat in range(2, 6)]]
    assert len(email_rows(app, topic="invite")) == PER_CLIENT
    # The held addresses were not counted against themselves: another client reaches them.
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert create(other, [{"name": "Q", "email": "p3.5@example.com"}, {"name": "R"}])[
        "held_invitations"] == []
    assert invitations_to(app, "p3.5@example.com") == 1


def test_the_counts_start_again_when_their_day_or_hour_is_over(
        make_app: Callable[..., Flask]) -> None:
    clock = SettableClock(datetime(2030, 1, 7, 23, 30, tzinfo=UTC))
    app = make_app(CLOCK=clock, INVITATIONS_PER_ADDRESS_PER_DAY=1,
                   INVITATIONS_PER_CLIENT_PER_HOUR=2)
    client = app.test_client()
    two = [{"name": "Ann", "email": VICTIM}, {"name": "Bob", "email": VICTIM}]
    assert held_seats(create(client, two)) == [(1, RECIPIENT)]
    clock.advance(minutes=31)  # 00:01, the next day (UTC)
    assert held_seats(create(client, two)) == [(1, RECIPIENT)]
    others = [{"name": "Cy", "email": "cy@example.com"}, {"name": "Di", "email": "di@example.com"}]
    assert held_seats(create(client, others)) == [(1, CLIENT)]  # two in the 00:00 hour
    clock.advance(hours=1)
    assert held_seats(create(client, others[1:] + [{"name": "Ed"}])) == []
    assert invitations_to(app, VICTIM) == 2


@pytest.mark.parametrize(("one", "other", "same"), [
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2:bbbb::2", True),
    ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
    ("::ffff:192.0.2.1", "192.0.2.1", True),
    ("192.0.2.1", "192.0.2.2", False),
    ("unknown", "unknown", True),
])
def test_an_ipv6_client_counts_by_its_64_network(one: str, other: str, same: bool) -> None:
    assert (client_network(one) == client_network(other)) is same


def test_the_creator_reads_why_in_their_language(make_app: Callable[..., Flask]) -> None:
    app = make_app(INVITATIONS_PER_ADDRESS_PER_DAY=0)
    body = create(app.test_client(), [{"name": "Ann", "email": VICTIM}, {"name": "Bob"}],
                  **{"Accept-Language": "de"})
    [held] = body["held_invitations"]
    assert held["message"].startswith("Einladung nicht verschickt")


def test_a_creation_that_fails_counts_nothing(app: Flask, client: FlaskClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("the pipeline broke")

    monkeypatch.setattr("service.features.games.service.game_changed", broken)
    assert client.post(GAMES, json={"seats": six_seats()}).status_code == 500
    with app.app_context():
        for model in (Game, MailCount, Outbox):
            assert db.session.scalars(select(model)).all() == []


def test_no_address_is_kept_in_clear_for_the_counts_or_the_trust(
        app: Flask, client: FlaskClient) -> None:
    create(client, six_seats())
    with app.app_context():
        rows = [*db.session.scalars(select(MailCount)), *db.session.scalars(
            select(TrustedAddress))]
        values = [str(getattr(row, column.key)) for row in rows
                  for column in row.__table__.columns]
    assert rows and not [value for value in values if "victim" in value or "127.0.0" in value]


def test_without_limits_every_invitation_goes(make_app: Callable[..., Flask]) -> None:
    app = make_app(INVITATIONS_PER_ADDRESS_PER_DAY=None, INVITATIONS_PER_CLIENT_PER_HOUR=None)
    client = app.test_client()
    assert all(create(client, six_seats())["held_invitations"] == [] for _ in range(5))
    assert invitations_to(app, VICTIM) == 30


def test_the_openapi_document_describes_the_held_invitations(client: FlaskClient) -> None:
    schemas = client.get(f"{API}/openapi.json").get_json()["components"]["schemas"]
    created = schemas["CreatedGame"]
    assert "held_invitations" in created["required"]
    held = schemas["HeldInvitation"]
    assert held["properties"]["reason"]["enum"] == [RECIPIENT, CLIENT]
    assert set(held["required"]) == {"seat", "reason", "message"}


def test_only_the_allowed_invitations_reach_the_smtp_server(
        make_app: Callable[..., Flask], smtp_server: SmtpServer) -> None:
    app = make_app(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                   SMTP_TIMEOUT=5, MAIL_FROM="Fearsome Floors <ff@ff.example>")
    client = app.test_client()
    for _ in range(20):
        create(client, six_seats())
    with app.app_context():
        outcome = relay.sweep(datetime.now(UTC))
    assert list(outcome.values()) == ["sent"] * PER_ADDRESS
    received = smtp_server.wait_for(PER_ADDRESS)
    assert [list(m.rcpt_tos) for m in received] == [[VICTIM]] * PER_ADDRESS
