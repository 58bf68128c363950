"""No table holds a live token in clear: a database dump hands out no seat.

A game is played with mails on each backend: seats with addresses, one joined by invite,
"I lost my link", monster phases, a move made by replying to a mail, a Discord webhook (whose
messages link to the game for spectators), and at the end a new invite for a seat. Every
token the API handed out, every token the mails and webhook messages carried (seat links,
recovery links, reply addresses, the chat's spectator link) is then looked for in every
column of every table: once with the mails still waiting in the outbox, and again after the
worker sent them through a real SMTP server and to a real webhook receiver.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from email.message import EmailMessage
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.features.mail.addresses import reply_address
from service.features.mailin.service import receive
from service.plumbing.columns import utcnow
from service.plumbing.extensions import db
from service.plumbing.jsoncodec import dumps
from service.plumbing.sealing import SEALED, secrets_in
from tests.mailin.helpers import reply
from tests.service.helpers import (
    a_legal_action,
    ask_for_links,
    auth,
    create_game,
    play_until,
    read,
    run_monster_jobs,
    submit,
)
from tests.support.smtp_server import SmtpServer
from tests.support.webhook_receiver import WebhookReceiver
from worker import relay

ANN, BOB, CY = "ann@example.com", "bob@example.com", "cy@example.com"
SEATS = [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}, {"open": True}]


def dump(app: Flask) -> dict[str, list[str]]:
    """Return every value of every column of every table as text, by ``table.column``."""
    columns: dict[str, list[str]] = {}
    with app.app_context(), db.engine.connect() as connection:
        for table in db.metadata.sorted_tables:
            for row in connection.execute(table.select()).mappings():
                for name, value in row.items():
                    text = dumps(value) if isinstance(value, dict | list) else str(value)
                    columns.setdefault(f"{table.name}.{name}", []).append(text)
    return columns


def clear_text_secrets(app: Flask, secrets: Iterable[str]) -> list[str]:
    """Return ``table.column: secret`` for each secret found in clear in the database."""
    found = []
    for column, texts in dump(app).items():
        for secret in secrets:
            if any(secret in text for text in texts):
                found.append(f"{column}: {secret[:12]}...")
    return found


def secrets_of_mail(message: EmailMessage) -> set[str]:
    """Return the tokens a sent mail carries: its links' and its reply address's."""
    texts = [str(message.get("Reply-To", ""))]
    texts += [part.get_content() for part in message.walk()
              if part.get_content_type() in ("text/plain", "text/html")]
    return {secret for text in texts for secret in secrets_in(text)}


def play_a_game_with_mails(app: Flask, client: FlaskClient, hook_url: str) -> set[str]:
    """Play the game described above; return every token the API handed out."""
    game = create_game(client, seats=SEATS)
    assert client.post(game.url("/webhooks"), headers=auth(game.creator_token), json={
        "url": hook_url, "format": "discord"}).status_code == 201
    joined = client.post(game.url("/join"), json={"invite_code": game.invite_code,
                                                  "name": "Cy", "email": CY}).get_json()
    game.seat_tokens[joined["seat"]] = joined["token"]
    handed_out = {game.creator_token, game.spectator_token, game.invite_code,
                  joined["token"], *game.seat_tokens.values()}
    ask_for_links(app, client, ANN)
    play_until(app, client, game, "monster")
    run_monster_jobs(app)
    view = read(client, game, game.spectator_token)
    seat = view["to_move"]
    with app.app_context():
        to = reply_address(game.id, seat)
        handed_out.add(to.partition("+")[2].partition("@")[0])
    mover = {0: ANN, 1: BOB, 2: CY}[seat]
    notation = a_legal_action(view)
    with app.app_context():
        [result] = receive(reply(to, _notation(view, notation), sender=mover))
    assert result.status == "applied", result
    submit(client, game, (seat + 1) % 3, view["version"] + 1, a_legal_action(
        read(client, game, game.spectator_token)))
    invited = client.post(game.url("/seats/1/invite"), headers=auth(game.creator_token))
    handed_out.add(invited.get_json()["invite_code"])
    assert None not in handed_out
    return handed_out


def _notation(view: dict[str, Any], action: dict[str, Any]) -> str:
    """Return an action as the notation a player would write in a mail."""
    if action["type"] == "flip":
        return f"flip {action['figure'][-1]}"
    colour, number = re.fullmatch(r"([a-z]+)(\d)", action["figure"]).groups()
    return f"{colour} {number} {action['path']}"


def test_no_table_holds_a_token_in_clear_before_or_after_the_mails_are_sent(
        make_app: Callable[..., Flask], smtp_server: SmtpServer,
        webhook_receiver: WebhookReceiver) -> None:
    app = make_app(SMTP_HOST="127.0.0.1", SMTP_PORT=smtp_server.port, SMTP_TLS="none",
                   SMTP_TIMEOUT=5, MAIL_FROM="Fearsome Floors <ff@ff.example>",
                   WEBHOOK_ALLOW_PRIVATE=True, MAIL_CONFIRM_AFTER_SECONDS=0)
    client = app.test_client()
    handed_out = play_a_game_with_mails(app, client, webhook_receiver.url)
    assert clear_text_secrets(app, handed_out) == []
    sealed = [texts for column, texts in dump(app).items() if column == "outbox.payload"]
    assert any(f'"{SEALED}"' in text for text in sealed[0])  # mails wait, their links sealed

    with app.app_context():
        outcome = relay.sweep(utcnow())
    assert outcome and set(outcome.values()) == {"sent"}, outcome
    sent = len([s for s in outcome.values() if s == "sent"])
    mails = smtp_server.wait_for(sent - len(webhook_receiver.requests()))
    carried = set().union(*(secrets_of_mail(mail.message) for mail in mails))
    chat = {secret for request in webhook_receiver.requests()
            for secret in secrets_in(request.json()["content"])}
    assert len(chat) == 1  # one spectator link, in every message of the game
    carried |= chat
    links = {secret for secret in carried if "." not in secret}
    assert len(links) >= 5 and len(carried - links) >= 3  # seat, mail, recovery links; replies
    assert clear_text_secrets(app, handed_out | carried) == []
    assert not any(f'"{SEALED}"' in text for text in dump(app)["outbox.payload"])
