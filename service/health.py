"""The health endpoint: ``GET /api/v1/health`` answers while the web process is up."""

from __future__ import annotations

from flask import Blueprint

blueprint = Blueprint("health", __name__, url_prefix="/api/v1")


@blueprint.get("/health")
def health() -> dict[str, str]:
    """Answer ``{"status": "ok"}``: the process runs and routes requests."""
    return {"status": "ok"}
