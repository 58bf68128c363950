"""Routes of records: thin, each one call to ``service.features.records.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.records import service
from service.features.records.schemas import TEXT, RecordQuerySchema, RecordSchema
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.tokens import bearer_token

blp = Blueprint("records", __name__, url_prefix="/api/v1/games",
                description="A game's record: JSON for other tools (docs/record-format.md), "
                            "or text to read.")


@blp.route("/<game_id>/record")
class GameRecord(MethodView):
    """The record of a game."""

    @blp.arguments(RecordQuerySchema(), location="query")
    @blp.response(200, RecordSchema, content_type="application/json",
                  description="The record: JSON, or with format=text the record as text.")
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER, responses={"200": {
        "description": "The record: JSON, or with format=text the record as text.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Record"}},
                    "text/plain": {"schema": {"type": "string"}}}}})
    def get(self, query: dict[str, Any], game_id: str) -> Response:
        """The game's record (any token of the game): every action with its version, the
        monster's cards and the takebacks; the seed that orders the cards only once the game
        is over. 409 game/not_started, record/unavailable."""
        if query["format"] == TEXT:
            body, name = service.export_text(game_id, bearer_token())
            return Response(body, 200, mimetype="text/plain", headers={
                "Content-Disposition": f'attachment; filename="{name}"'})
        return json_reply(service.export_record(game_id, bearer_token()))
