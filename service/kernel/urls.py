"""The links the service hands out: a seat's private link, the spectators', an invitation,
a sandbox, a table, the home page ("my games") and the confirmation of a new email address."""

from __future__ import annotations

from flask import current_app


def _base() -> str:
    return str(current_app.config["PUBLIC_URL"]).rstrip("/")


def play_link(game_id: str, token: str) -> str:
    """Return the page of ``game_id`` opened with ``token``.

    The token is in the fragment, which browsers never send: it stays out of server logs.
    """
    return f"{_base()}/play/{game_id}#t={token}"


def sandbox_link(sandbox_id: str, token: str) -> str:
    """Return the page of a sandbox opened with its token (in the fragment, as a seat's)."""
    return f"{_base()}/sandbox/{sandbox_id}#t={token}"


def table_link(table_id: str, token: str) -> str:
    """Return the page of a table opened with its own link's token (in the fragment)."""
    return f"{_base()}/table/{table_id}#t={token}"


def join_link(game_id: str, invite_code: str) -> str:
    """Return the page where someone with the invite code takes an open seat."""
    return f"{_base()}/join/{game_id}#code={invite_code}"


def home_page() -> str:
    """Return the page where a player asks for a link to all their games."""
    return f"{_base()}/home"


def home_link(token: str) -> str:
    """Return the home page opened with a home token: the list of the address's games."""
    return f"{home_page()}#h={token}"


def confirm_email_link(code: str) -> str:
    """Return the page that confirms a seat's new email address with ``code``."""
    return f"{home_page()}#c={code}"
