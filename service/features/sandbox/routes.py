"""Routes of sandboxes: thin, each one call to ``service.features.sandbox.service``."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service.features.sandbox import service
from service.features.sandbox.schemas import (
    RecordImportSchema,
    SandboxActionSchema,
    SandboxBackSchema,
    SandboxComputerSchema,
    SandboxMonsterSchema,
    SandboxOpenedSchema,
    SandboxOpenSchema,
    SandboxViewSchema,
)
from service.plumbing.api import BEARER, Blueprint, errors, json_reply
from service.plumbing.headers import carries_secret
from service.plumbing.tokens import bearer_token

blp = Blueprint("sandboxes", __name__, url_prefix="/api/v1",
                description="Sandboxes: a private copy of a position to try moves in, from a "
                            "game or an imported record; never the real game.")


@blp.route("/games/<game_id>/sandbox")
class GameSandbox(MethodView):
    """A sandbox of a game."""

    @blp.arguments(SandboxOpenSchema())
    @blp.response(201, SandboxOpenedSchema)
    @errors(blp, 401, 403, 404, 409)
    @blp.doc(security=BEARER)
    @carries_secret
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Open a sandbox at a version of the game (any token of the game): one person plays
        every seat there; it never touches the game. Its token is only in this answer.
        Refusals: 409 game/not_started; 422 sandbox/no_such_version."""
        return json_reply(service.open_from_game(game_id, bearer_token(), body.get("version")),
                          201)


@blp.route("/sandboxes")
class Sandboxes(MethodView):
    """Sandboxes of imported records."""

    @blp.arguments(RecordImportSchema())
    @blp.response(201, SandboxOpenedSchema)
    @errors(blp, 413)
    @carries_secret
    def post(self, body: dict[str, Any]) -> Response:
        """Import a record (docs/record-format.md): the engine plays it through, checking
        every entry, and it opens as a sandbox. Refusals, with nothing stored: 422
        record/invalid (not a record, a rules version this release does not know, or an
        entry the rules refuse: details.entry, counted from 1, and details.cause),
        replay/mismatch (an entry's stated result is not the replay's)."""
        return json_reply(service.import_record(body["record"], body.get("version")), 201)


@blp.route("/sandboxes/<sandbox_id>")
class SandboxResource(MethodView):
    """One sandbox, for the holder of its token."""

    @blp.response(200, SandboxViewSchema)
    @errors(blp, 404)
    @blp.doc(security=BEARER)
    def get(self, sandbox_id: str) -> Response:
        """Read the sandbox: the position, where the monster would walk for each card that
        may come, its history."""
        return json_reply(service.read_sandbox(sandbox_id, bearer_token()))

    @blp.response(204)
    @errors(blp, 404)
    @blp.doc(security=BEARER)
    def delete(self, sandbox_id: str) -> Response:
        """Delete the sandbox now (else it is pruned SANDBOX_DAYS after its last change)."""
        service.delete_sandbox(sandbox_id, bearer_token())
        return json_reply(None, 204)


@blp.route("/sandboxes/<sandbox_id>/actions")
class SandboxActions(MethodView):
    """Actions in a sandbox."""

    @blp.arguments(SandboxActionSchema())
    @blp.response(200, SandboxViewSchema)
    @errors(blp, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], sandbox_id: str) -> Response:
        """Play an action for the seat to move; then the computer plays its seats until a
        person's or the monster's turn. Refusals: 409 sandbox/stale_version,
        sandbox/monster_due; 422 move/*."""
        return json_reply(service.play(sandbox_id, bearer_token(), body["expected_version"],
                                       body))


@blp.route("/sandboxes/<sandbox_id>/monster")
class SandboxMonster(MethodView):
    """The monster's turn in a sandbox."""

    @blp.arguments(SandboxMonsterSchema())
    @blp.response(200, SandboxViewSchema)
    @errors(blp, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], sandbox_id: str) -> Response:
        """Carry out the monster's turn with the card chosen (absent: the sandbox's own pile,
        never the real game's, decides). Refusals: 409 game/wrong_phase,
        sandbox/stale_version; 422 record/invalid (a card the pile no longer holds)."""
        return json_reply(service.monster(sandbox_id, bearer_token(), body["expected_version"],
                                          body.get("card")))


@blp.route("/sandboxes/<sandbox_id>/computer")
class SandboxComputer(MethodView):
    """The seats the computer plays in a sandbox."""

    @blp.arguments(SandboxComputerSchema())
    @blp.response(200, SandboxViewSchema)
    @errors(blp, 404, 409)
    @blp.doc(security=BEARER)
    def put(self, body: dict[str, Any], sandbox_id: str) -> Response:
        """Choose which seats the computer plays (easy, normal or hard; null: a person); its
        seats then play at once when one is to move."""
        return json_reply(service.set_computer(sandbox_id, bearer_token(),
                                               body["expected_version"], body["seats"]))


@blp.route("/sandboxes/<sandbox_id>/back")
class SandboxBack(MethodView):
    """Going back in a sandbox."""

    @blp.arguments(SandboxBackSchema())
    @blp.response(200, SandboxViewSchema)
    @errors(blp, 404, 409)
    @blp.doc(security=BEARER)
    def post(self, body: dict[str, Any], sandbox_id: str) -> Response:
        """Go back to an earlier version of the sandbox (what came after it is dropped)."""
        return json_reply(service.go_back(sandbox_id, bearer_token(), body["expected_version"],
                                          body["version"]))
