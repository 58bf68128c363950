"""The spectator link a chat message (Discord, Slack) ends with, held by no table in clear.

Spectator tokens are stored only as their hash, and an outbox row is kept after it is sent
and copied for a redelivery, so a link written into the row would be a live link in the
database. Instead the row holds the link with :data:`PLACEHOLDER` where the token goes
(:func:`placeholder_link`), and the worker fills in the token just before it signs and sends
(:func:`fill`), each attempt and each redelivery alike. The token is the game's chat
spectator token (:func:`chat_spectator_token`): derived from the game id under the app's key
(``service.kernel.derived_tokens``), the same for every message of the game, its hash stored as a
spectator token (purpose ``chat``) when it is first sent. Whoever reads the chat channel may
watch the game, as a spectator link lets anyone: never act.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.orm import Session

from service.kernel.auth import SPECTATOR
from service.kernel.derived_tokens import sign, store_once
from service.kernel.urls import play_link
from service.plumbing.unit_of_work import write_transaction

CHAT = "chat"
"""``Token.purpose`` of a game's spectator token in chat messages."""
PLACEHOLDER = "{spectator-token}"
"""Where the token goes in a stored message; braces are in no token's alphabet, so
``service.plumbing.sealing`` sees no secret in it, and no real link is ever mistaken for it."""


def placeholder_link(game_id: str) -> str:
    """Return the game's spectator link as a stored message holds it: without its token."""
    return play_link(game_id, PLACEHOLDER)


def chat_spectator_token(session: Session, game_id: str) -> str:
    """Return the game's spectator token for chat messages, storing its hash if it is not
    there yet: the same token for every message of the game (with the same key)."""
    token = sign("chat-spectator", game_id, None)
    store_once(session, token, game_id, SPECTATOR, None, CHAT)
    return token


def fill(body: Any, game_id: str) -> Any:
    """Return ``body`` (a JSON value) with the game's spectator token in place of each
    :data:`PLACEHOLDER`; the body itself when it has none (no database work then)."""
    text = json.dumps(body, ensure_ascii=False)
    if PLACEHOLDER not in text:
        return body
    with write_transaction() as session:
        token = chat_spectator_token(session, game_id)
    return json.loads(text.replace(PLACEHOLDER, token))
