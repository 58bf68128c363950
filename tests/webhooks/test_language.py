"""Webhook texts (the standard format's ``text``, the chat formats' sentence) are written in
the game's language, whoever's request caused them.

The catalogs may still be empty, so the test watches which language the sentence is written
in (``current_language`` inside ``sentence``) rather than its words.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.features.webhooks import messages
from service.plumbing.i18n import current_language
from tests.service.helpers import create_game
from tests.webhooks.helpers import ONE_OPEN, hook, start


def test_the_messages_of_a_game_are_written_in_its_language(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    original = messages.sentence

    def spy(*args: Any, **kwargs: Any) -> str:
        seen.append(current_language())
        return original(*args, **kwargs)

    monkeypatch.setattr(messages, "sentence", spy)
    game = create_game(client, seats=ONE_OPEN, language="pl")
    hook(client, game, game.creator_token, format="discord")
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    start(client, game)
    assert seen and set(seen) == {"pl"}
