"""The page's files under a digest of their content (service.plumbing.assets): cached for good
while the digest is today's, asked for again once a file changed; gzip for those who take it."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service import create_app
from service.plumbing.assets import IMMUTABLE, digest

WEB = Path(__file__).resolve().parents[2] / "web"


@pytest.fixture
def web(tmp_path: Path) -> Path:
    """A copy of web/ that a test may change."""
    copy = tmp_path / "web"
    shutil.copytree(WEB, copy, ignore=shutil.ignore_patterns("tests", "node_modules"))
    return copy


@pytest.fixture
def client(tmp_path: Path, web: Path) -> FlaskClient:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'site.db'}",
                      "WEB_DIR": str(web)})
    return app.test_client()


def links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/v/[^"]+)"', html)


def imports_of(module: Path) -> set[Path]:
    """The modules ``module`` imports statically, read here on their own terms."""
    found = re.findall(r'from\s+"(\.[^"]+)"|import\s+"(\.[^"]+)"', module.read_text())
    return {(module.parent / (a or b)).resolve() for a, b in found}


def test_the_index_links_every_file_it_needs_under_todays_digest(client: FlaskClient,
                                                                  web: Path) -> None:
    html = client.get("/play/G1", buffered=True).get_data(as_text=True)
    today = digest(web)
    assert len(today) == 16
    assert f'<link rel="stylesheet" href="/v/{today}/css/app.css">' in html
    assert f'<script type="module" src="/v/{today}/js/app.js"></script>' in html
    assert 'href="/css/' not in html and 'src="/js/' not in html
    # Every module the page imports, however deep, is named for preloading: no waterfall.
    wanted, todo = set(), [(web / "js" / "app.js").resolve()]
    while todo:
        module = todo.pop()
        if module not in wanted:
            wanted.add(module)
            todo.extend(imports_of(module))
    preloaded = set(re.findall(rf'<link rel="modulepreload" href="/v/{today}/([^"]+)">', html))
    assert preloaded == {m.relative_to(web.resolve()).as_posix() for m in wanted}
    assert html.index("modulepreload") < html.index("<script")


def test_a_file_under_todays_digest_is_cached_for_good_and_gzipped_on_request(
        client: FlaskClient, web: Path) -> None:
    for link in links(client.get("/", buffered=True).get_data(as_text=True)):
        name = link.split("/", 3)[3]
        plain = client.get(link, buffered=True)
        assert plain.status_code == 200, link
        assert plain.get_data() == (web / name).read_bytes()
        assert plain.headers["Cache-Control"] == IMMUTABLE
        assert "Expires" not in plain.headers
        zipped = client.get(link, buffered=True, headers={"Accept-Encoding": "gzip, br"})
        assert zipped.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.get_data()) == (web / name).read_bytes()
        assert "Accept-Encoding" in zipped.headers["Vary"]
        again = client.get(link, buffered=True, headers={
            "Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]})
        assert again.status_code == 304


def test_a_changed_file_makes_a_new_digest_and_the_old_one_is_never_cached_again(
        client: FlaskClient, web: Path) -> None:
    first = client.get("/", buffered=True)
    old = digest(web)
    with (web / "js" / "model" / "events.js").open("a") as module:
        module.write("\n// changed\n")
    assert digest(web) != old
    second = client.get("/", buffered=True, headers={"If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200  # the index itself names the new folder
    assert all(f"/v/{digest(web)}/" in link for link in links(second.get_data(as_text=True)))
    stale = client.get(f"/v/{old}/js/model/events.js", buffered=True)
    assert stale.status_code == 200
    assert stale.headers["Cache-Control"] == "no-cache"  # today's file, to be asked again
    assert stale.get_data().endswith(b"// changed\n")


def test_the_index_is_revalidated_and_unchanged_costs_a_304(client: FlaskClient) -> None:
    first = client.get("/", buffered=True)
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/", buffered=True, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("path", [
    "/v/123/js/app.js", "/v/0123456789abcdef/js/missing.js",
    "/v/0123456789abcdef/js/../../pyproject.toml", "/v/0123456789abcdef/tests/api.test.js",
])
def test_nothing_else_is_served_under_a_digest(client: FlaskClient, path: str) -> None:
    assert client.get(path, buffered=True).status_code == 404


def test_the_service_worker_stays_at_the_root_unversioned_and_revalidated(
        client: FlaskClient) -> None:
    response = client.get("/sw.js", buffered=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
