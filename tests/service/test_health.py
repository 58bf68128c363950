"""Tests of service/plumbing/health.py: GET /api/v1/health."""

from __future__ import annotations

from service import create_app


def test_it_answers_status_ok_as_json() -> None:
    client = create_app({"TESTING": True}).test_client()
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.is_json
    assert response.get_json() == {"status": "ok"}
