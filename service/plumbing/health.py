"""The health endpoint: ``GET /api/v1/health`` answers while the web process is up."""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields

from service.plumbing.api import Blueprint

blueprint = Blueprint("health", __name__, url_prefix="/api/v1",
                      description="Whether the web process is up.")


class HealthSchema(Schema):
    """The health answer."""

    status = fields.String(required=True, metadata={"example": "ok"})


@blueprint.route("/health")
class Health(MethodView):
    """The health of the web process."""

    @blueprint.response(200, HealthSchema)
    def get(self) -> dict[str, str]:
        """Answer ``{"status": "ok"}``: the process runs and routes requests."""
        return {"status": "ok"}
