"""Routes of tables and rematches: thin, each one call to
``service.features.tables.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.games.schemas import CreatedGameSchema
from service.features.tables import service
from service.features.tables.schemas import (
    ChangesSchema,
    RematchAnswerSchema,
    RematchLinksSchema,
    RematchResultSchema,
    TableCreatedSchema,
    TableCreateSchema,
    TableViewSchema,
)
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.limits import client_address
from service.plumbing.tokens import bearer_token

blp = Blueprint("tables", __name__, url_prefix="/api/v1",
                description="Tables: a group of players that plays game after game; its "
                            "standings, and the rematch that starts the next game.")


@blp.route("/tables")
class Tables(MethodView):
    """Tables made from scratch."""

    @blp.arguments(TableCreateSchema())
    @blp.response(201, TableCreatedSchema)
    @errors(blp, 413)
    @carries_secret
    def post(self, spec: dict[str, Any]) -> Response:
        """Make a table: its name, its players in seat order (names, addresses, languages,
        colours, or the computer), the settings of its games. Its link, only in this answer,
        starts its games and reads its standings."""
        return json_reply(service.create_table(spec), 201)


@blp.route("/tables/<table_id>")
class TableResource(MethodView):
    """A table, for the holder of its own link."""

    @blp.response(200, TableViewSchema)
    @errors(blp, 404)
    @blp.doc(security=BEARER)
    def get(self, table_id: str) -> Response:
        """Read the table: its players, its games and its standings."""
        return json_reply(service.read_table(table_id, bearer_token()))


@blp.route("/tables/<table_id>/games")
class TableGames(MethodView):
    """The games of a table."""

    @blp.arguments(ChangesSchema())
    @blp.response(201, CreatedGameSchema)
    @errors(blp, 404, 413)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, changes: dict[str, Any], table_id: str) -> Response:
        """Start the table's next game with all its players (the table's own link): each
        player with an address gets their link by email; the answer is the game creator's."""
        return json_reply(service.new_table_game(table_id, bearer_token(), changes,
                                                 client_address()), 201)


@blp.route("/games/<game_id>/table")
class GameTable(MethodView):
    """The table a game is played at."""

    @blp.response(200, TableViewSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read the game's table (any token of the game): its players, its games, its
        standings, and the rematch asked after this game."""
        return json_reply(service.table_of_game(game_id, bearer_token()))


@blp.route("/games/<game_id>/rematch")
class RematchResource(MethodView):
    """The rematch of a finished game."""

    @blp.arguments(ChangesSchema())
    @blp.response(201, RematchResultSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, changes: dict[str, Any], game_id: str) -> Response:
        """Ask for a rematch (a seat's token, or the creator's): the same players, options
        and settings unless changed, the start player moved on. Every other player is asked
        by mail and push; the game starts once all answered, or after answer_hours with those
        who said yes. Asked again, the answer is the rematch asked first. Refusals: 409
        rematch/not_over."""
        return json_reply(service.ask_rematch(game_id, Bearer(bearer_token()), changes), 201)


@blp.route("/games/<game_id>/rematch/answer")
class RematchAnswer(MethodView):
    """An answer to a rematch."""

    @blp.arguments(RematchAnswerSchema())
    @blp.response(200, RematchResultSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Play the rematch, or sit it out (your seat's token). Refusals: 409 rematch/none,
        rematch/started."""
        return json_reply(service.answer_rematch(game_id, Bearer(bearer_token()),
                                                 bool(body["play"])))


@blp.route("/games/<game_id>/rematch/links")
class RematchLinks(MethodView):
    """Links to the rematch's game."""

    @blp.response(201, RematchLinksSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, game_id: str) -> Response:
        """Your links to the rematch's game (a seat's token, or the creator's): your seat's,
        new each time, and the creator's to whoever asked for it or created this game.
        Refusals: 409 rematch/none, rematch/not_started."""
        return json_reply(service.rematch_links(game_id, Bearer(bearer_token())), 201)
