"""Routes of the games resource: thin, each one call to ``service.features.games.service``."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView

from service.features.games import host, service
from service.features.games.schemas import (
    CreatedGameSchema,
    CreateGameSchema,
    JoinedSchema,
    JoinSchema,
    SeatInviteSchema,
)
from service.kernel.view_schemas import GameViewSchema
from service.kernel.views import etag_header
from service.plumbing.api import BEARER, SEAT, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.i18n import accepted_language
from service.plumbing.limits import client_address
from service.plumbing.schemas import ConditionalHeaderSchema
from service.plumbing.tokens import bearer_token

blp = Blueprint("games", __name__, url_prefix="/api/v1/games",
                description="Create a game, read it, join an open seat, cancel it, invite a new "
                            "player to a seat.")

@blp.route("")
class Games(MethodView):
    """The collection of games."""

    @blp.arguments(CreateGameSchema())
    @blp.response(201, CreatedGameSchema)
    @errors(blp, 413)
    @carries_secret
    def post(self, spec: dict[str, Any]) -> Response:
        """Create a game.

        Returns, to the creator only, each seat's private link, the creator token, the
        spectator link and the invite code for open seats. Seats with an email address get
        their link by email too, unless the invitation is held back: an address that has
        never answered the service gets a few invitations a day, and a client a few an hour
        to such addresses. A held invitation is no error: the game is created, and
        ``held_invitations`` says which seats' were held and why, in the request's language
        (the seat keeps no address; pass its link on by hand). A game without open seats
        starts at once.
        """
        return json_reply(service.create_game(spec, client_address()), 201)


@blp.route("/<game_id>")
class GameResource(MethodView):
    """One game, as the holder of a token sees it."""

    @blp.arguments(ConditionalHeaderSchema(), location="headers")
    @blp.response(200, GameViewSchema, headers={"ETag": {
        "description": "Weak ETag of this view", "schema": {"type": "string"}}})
    @errors(blp, 304, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, headers: dict[str, Any], game_id: str) -> Response:
        """Read a game: the seat's or the spectators' view, legal moves and diagram included.

        Send the ETag you have in If-None-Match to get 304 while nothing changed.
        """
        result = service.read_game(game_id, bearer_token(), request.if_none_match.contains_weak)
        headers_out = {"ETag": etag_header(result.etag)}
        if result.view is None:
            return json_reply(None, 304, headers_out)
        return json_reply(result.view, 200, headers_out)


@blp.route("/<game_id>/join")
class Join(MethodView):
    """Joining an open seat."""

    @blp.arguments(JoinSchema())
    @blp.response(201, JoinedSchema)
    @errors(blp, 403, 404, 409)
    @carries_secret
    def post(self, join: dict[str, Any], game_id: str) -> Response:
        """Take an open seat with the invite code; the last seat taken starts the game.

        The invite of one seat (from POST .../seats/{seat}/invite) takes that seat, in a
        game open or under way. The response carries the seat's private token, which is
        shown nowhere else. Refusals: 403 invite/invalid; 409 game/not_open, seat/taken,
        game/ended; 422 seat/not_found, invite/wrong_seat (a seat's invite and another seat).
        Without ``language``, the seat reads the best match of the request's
        Accept-Language, else the game's language.
        """
        chosen = join.get("language") or accepted_language()
        return json_reply(service.join_game(game_id, {**join, "language": chosen}), 201)


@blp.route("/<game_id>/cancel")
class Cancel(MethodView):
    """Cancelling a game."""

    @blp.response(200, GameViewSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, game_id: str) -> Response:
        """Cancel a game that is open or under way (the creator's token only)."""
        return json_reply(service.cancel_game(game_id, bearer_token()))


@blp.route("/<game_id>/seats/<seat>/invite", parameters=[SEAT])
class SeatInvite(MethodView):
    """A new player for a seat whose player left."""

    @blp.response(201, SeatInviteSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, game_id: str, seat: str) -> Response:
        """Retire a seat's links and make a one-time invite for it (the creator's token only).

        Every link of the seat stops working at once (its private link, the links and the
        reply address of its emails), and the seat's email address is dropped. The invite
        opens the join page, where the new player takes the seat with its colour and pieces
        (POST .../join); a new invite for the seat replaces this one. Refusals: 409
        seat/open (an open seat: the game's invite link takes it), game/ended; 422
        seat/not_found.
        """
        return json_reply(host.invite_to_seat(game_id, bearer_token(), seat), 201)
