"""The links the service hands out: a seat's private link, the spectators', an invitation."""

from __future__ import annotations

from flask import current_app


def _base() -> str:
    return str(current_app.config["PUBLIC_URL"]).rstrip("/")


def play_link(game_id: str, token: str) -> str:
    """Return the page of ``game_id`` opened with ``token``.

    The token is in the fragment, which browsers never send: it stays out of server logs.
    """
    return f"{_base()}/play/{game_id}#t={token}"


def join_link(game_id: str, invite_code: str) -> str:
    """Return the page where someone with the invite code takes an open seat."""
    return f"{_base()}/join/{game_id}#code={invite_code}"
