"""Routes of private notes: thin, each one call to ``service.features.notes.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.notes import service
from service.features.notes.schemas import NoteInputSchema, NoteSchema
from service.kernel.auth import Bearer
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("notes", __name__, url_prefix="/api/v1/games",
                description="Private notes: a seat's own notes about its game, read by no one "
                            "else.")


@blp.route("/<game_id>/note")
class Note(MethodView):
    """The note of the token's seat."""

    @blp.response(200, NoteSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> Response:
        """Read your seat's note (your seat's token only)."""
        return json_reply(service.read_note(game_id, Bearer(bearer_token())))

    @blp.arguments(NoteInputSchema())
    @blp.response(200, NoteSchema)
    @errors(blp, 401, 403, 404)
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any], game_id: str) -> Response:
        """Replace your seat's note (empty: delete it). Refusals: 422 note/too_long (4,000
        characters), note/invalid_text."""
        return json_reply(service.write_note(game_id, Bearer(bearer_token()), body["text"]))
