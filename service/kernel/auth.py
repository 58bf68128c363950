"""Who is calling: the bearer token of the request, checked against the game's tokens.

There are no accounts. Each seat has its own token (its private link), the creator has one for
admin actions, and the spectators share one. The request's token is hashed and looked up
with the game id; the stored and computed hashes are then compared in constant time.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, Select, bindparam, select
from sqlalchemy.orm import Session

from service.kernel.models import Game, Token
from service.plumbing.errors import ServiceError
from service.plumbing.i18n import _
from service.plumbing.tokens import hash_secret, is_game_id

SEAT = "seat"
CREATOR = "creator"
SPECTATOR = "spectator"

# Built once: every authenticated request runs it.
_GAME_AND_TOKEN = (select(Game, Token.hash, Token.kind, Token.seat)
                   .join(Token, Token.game_id == Game.id)
                   .where(Game.id == bindparam("game_id"), Token.hash == bindparam("hash")))


@dataclass(frozen=True, slots=True)
class Bearer:
    """The token a request carries (None: it carries none): who asks through the API."""

    token: str | None


@dataclass(frozen=True, slots=True)
class VouchedSeat:
    """A seat another door has vouched for: the mail door, once the reply address a message
    came to verified and its sender matched; a turn plan; the computer playing the seat
    (``computer``: its level, and its actions are marked as the computer's in the log). It
    acts as the seat's own token would."""

    game_id: str
    seat: int
    computer: str | None = None

    @property
    def identity(self) -> str:
        """Return what stands for a token hash for this caller (idempotency records)."""
        return hash_secret(f"vouched-seat:{self.game_id}:{self.seat}")


Credential = Bearer | VouchedSeat
"""Who asks a use case to act: a request's token, or a seat another door vouched for."""


@dataclass(frozen=True, slots=True)
class Caller:
    """The holder of a token of one game: a seat, the creator or a spectator."""

    kind: str
    seat: int | None
    token_hash: str

    @property
    def viewer(self) -> str:
        """Name the viewer in an ETag: ``seat2``, ``creator`` or ``spectator``."""
        return f"seat{self.seat}" if self.kind == SEAT else self.kind


def game_not_found() -> ServiceError:
    """Return the error for a game id that names no game."""
    return ServiceError("game/not_found", _("There is no game with this id."))


def kind_refused(kinds: tuple[str, ...], kind: str) -> ServiceError:
    """Return the refusal of a token of ``kind`` where only ``kinds`` may act (403)."""
    # TRANSLATORS: %(kinds)s are the token kinds that may do this, as the API names them
    # ("creator", "seat", "viewer"), %(kind)s the kind of this token.
    return ServiceError("auth/forbidden", _("Only %(kinds)s tokens may do this; this is a "
                                            "%(kind)s token.", kinds="/".join(kinds), kind=kind),
                        {"token_kind": kind})


def check_game_id(game_id: str) -> None:
    """Refuse a malformed game id before it reaches the database."""
    if not is_game_id(game_id):
        raise game_not_found()


def authenticate(
    session: Session, game_id: str, token: str | None, *, kinds: tuple[str, ...] = ()
) -> tuple[Game, Caller]:
    """Return the game and the caller its ``token`` stands for, in one query.

    ``kinds``, when given, are the token kinds allowed to go on. Raises 404 for an unknown
    game, 401 without a token, 403 for a token of another game or of a kind not allowed.
    """
    rows, caller = authenticate_rows(session, game_id, token, _GAME_AND_TOKEN, kinds=kinds)
    return rows[0].Game, caller


def authenticate_as(session: Session, game_id: str, credential: Credential, *,
                    kinds: tuple[str, ...] = ()) -> tuple[Game, Caller]:
    """Return the game and the caller a credential stands for: a :class:`Bearer` token is
    checked as :func:`authenticate` checks it; a :class:`VouchedSeat` is the seat it names
    (the other door checked it). Raises as :func:`authenticate` does."""
    if isinstance(credential, Bearer):
        return authenticate(session, game_id, credential.token, kinds=kinds)
    check_game_id(game_id)
    game = session.get(Game, game_id)
    if game is None:
        raise game_not_found()
    return game, vouched_caller(game_id, credential, kinds)


def vouched_caller(game_id: str, credential: VouchedSeat, kinds: tuple[str, ...] = ()
                   ) -> Caller:
    """Return the caller a seat vouched for stands for in ``game_id``, or refuse: another
    game's seat (404, as an unknown game), or a seat where only ``kinds`` may act (403)."""
    if credential.game_id != game_id:
        raise game_not_found()
    if kinds and SEAT not in kinds:
        raise kind_refused(kinds, SEAT)
    return Caller(SEAT, credential.seat, credential.identity)


def authenticate_rows(
    session: Session, game_id: str, token: str | None, statement: Select[*tuple[Any, ...]], *,
    kinds: tuple[str, ...] = (),
) -> tuple[Sequence[Row[*tuple[Any, ...]]], Caller]:
    """Run ``statement`` and return its rows and the caller, checked as :func:`authenticate`
    does.

    ``statement`` selects at least ``Game``, ``Token.hash``, ``Token.kind`` and ``Token.seat``
    of the game ``:game_id`` and the token ``:hash`` (as :data:`_GAME_AND_TOKEN`), and may
    join more rows of the game to them, so one round trip reads all the caller needs.
    """
    check_game_id(game_id)
    if token is None:
        if session.get(Game, game_id) is None:
            raise game_not_found()
        raise ServiceError("auth/missing_token",
                           _("This needs 'Authorization: Bearer <token>' from your link."),
                           headers={"WWW-Authenticate": "Bearer"})
    token_hash = hash_secret(token)
    rows = session.execute(statement, {"game_id": game_id, "hash": token_hash}).all()
    row = rows[0] if rows else None
    if row is None or not hmac.compare_digest(row.hash, token_hash):
        if session.get(Game, game_id) is None:
            raise game_not_found()
        raise ServiceError("auth/forbidden", _("This token does not belong to this game."))
    caller = Caller(row.kind, row.seat, token_hash)
    if kinds and caller.kind not in kinds:
        raise kind_refused(kinds, caller.kind)
    return rows, caller
