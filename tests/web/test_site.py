"""The page served by the Flask app (service.plumbing.site): addresses, content types, caching."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service import create_app
from service.plumbing.assets import versioned_index

WEB = Path(__file__).resolve().parents[2] / "web"


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    """Return a client of an app (its database is never touched by these requests)."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'site.db'}"})
    return app.test_client()


@pytest.mark.parametrize("path", ["/", "/play/G1", "/join/G1"])
def test_it_serves_the_page_at_the_lobby_a_game_and_joining(client: FlaskClient,
                                                            path: str) -> None:
    response = client.get(path, buffered=True)
    assert response.status_code == 200
    assert response.content_type == "text/html; charset=utf-8"
    # Its links moved under the files' digest (tests/web/test_assets.py).
    assert response.get_data(as_text=True) == versioned_index(
        WEB, (WEB / "index.html").read_text())
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_it_serves_the_rules_page(client: FlaskClient) -> None:
    response = client.get("/rules", buffered=True)
    assert response.status_code == 200
    assert response.content_type == "text/html; charset=utf-8"
    assert response.get_data() == (WEB / "rules.html").read_bytes()
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Content-Language"] == "en"


@pytest.mark.parametrize(("asked", "headers", "language"), [
    ("", {"Accept-Language": "fr-FR,fr;q=0.9,pl;q=0.8,de;q=0.5"}, "pl"),
    ("", {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}, "de"),
    ("?lang=es", {"Accept-Language": "de-DE"}, "es"),  # the page's own choice first
    ("?lang=en", {"Accept-Language": "de-DE"}, "en"),
    ("?lang=xx", {"Accept-Language": "de-DE"}, "de"),
])
def test_it_serves_the_rules_page_in_the_readers_language(
        client: FlaskClient, asked: str, headers: dict[str, str], language: str) -> None:
    response = client.get(f"/rules{asked}", headers=headers, buffered=True)
    name = "rules.html" if language == "en" else f"rules.{language}.html"
    assert response.get_data() == (WEB / name).read_bytes()
    assert f'<html lang="{language}">' in response.get_data(as_text=True)
    assert response.headers["Content-Language"] == language
    assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize(("path", "content_type"), [
    ("/js/app.js", "text/javascript; charset=utf-8"),
    ("/js/model/api.js", "text/javascript; charset=utf-8"),
    ("/css/app.css", "text/css; charset=utf-8"),
    ("/demo/basic.json", "application/json"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/manifest.webmanifest", "application/manifest+json"),
    ("/icons/icon-192.png", "image/png"),
])
def test_it_serves_the_page_files_with_their_types_and_an_etag(
    client: FlaskClient, path: str, content_type: str
) -> None:
    response = client.get(path, buffered=True)
    assert response.status_code == 200
    assert response.content_type == content_type
    assert response.get_data() == (WEB / path.lstrip("/")).read_bytes()
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    again = client.get(path, buffered=True, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert again.get_data() == b""


@pytest.mark.parametrize("path", [
    "/js/missing.js", "/js/../../pyproject.toml", "/tests/api.test.js", "/play/G1/extra",
    "/index.html/x", "/package.json", "/icons/make_icons.py/x", "/sw.js/x",
])
def test_it_serves_nothing_else(client: FlaskClient, path: str) -> None:
    response = client.get(path, buffered=True)
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "http/not_found"


def test_the_api_is_still_the_api(client: FlaskClient) -> None:
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
