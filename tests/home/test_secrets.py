"""No table holds a home link, a confirmation code or a seat link the home list or "email me
my link" handed out in clear: before the mails are sent (sealed in the outbox) or after."""

from __future__ import annotations

import re

from flask import Flask

from service.plumbing.sealing import SEALED, secrets_in
from tests.home.helpers import (
    ANN,
    ask_for_home,
    home_token_in,
    mails_to,
    read_home,
    run_worker,
    text_of,
)
from tests.service.helpers import API, auth, create_game
from tests.service.test_secrets_at_rest import clear_text_secrets, dump, secrets_of_mail
from tests.support.smtp_server import SmtpServer


def test_home_links_codes_and_seat_links_are_never_stored_in_clear(
        smtp_app: Flask, smtp_server: SmtpServer) -> None:
    client = smtp_app.test_client()
    game = create_game(client)
    ask_for_home(client, ANN)
    assert client.put(f"{API}/games/{game.id}/email", json={"email": "bob@example.org"},
                      headers=auth(game.seat_tokens[1])).status_code == 202
    assert client.post(game.url("/email/link"),
                       headers=auth(game.seat_tokens[0])).status_code == 202
    payloads = dump(smtp_app)["outbox.payload"]
    assert all(f'"{SEALED}"' in text for text in payloads if '"to"' in text)
    assert not any(secrets_in(text) for text in payloads)

    run_worker(smtp_app)
    mails = smtp_server.wait_for(4)  # Ann's invitation, her home link, Bob's confirmation,
    # Ann's own link
    carried = set().union(*(secrets_of_mail(m.message) for m in mails))
    [home] = mails_to(smtp_server, ANN, "Your games")
    token = home_token_in(home)
    assert token in carried
    [code] = [c for m in mails_to(smtp_server, "bob@example.org", "Confirm")
              for c in re.findall(r"#c=([A-Za-z0-9_-]+)", text_of(m))]
    assert code in carried
    seat_links = {entry["link"].partition("#t=")[2]
                  for entry in read_home(client, token)["games"]}
    assert clear_text_secrets(smtp_app, carried | seat_links) == []
    assert not any(f'"{SEALED}"' in text for text in dump(smtp_app)["outbox.payload"])
