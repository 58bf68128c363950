"""The web page (``web/``) served by the Flask app: what a local run has instead of nginx.

``/`` is the lobby, ``/play/<game_id>`` a game's page, ``/join/<game_id>`` the page that
takes an open seat and ``/home`` a player's games: all four are ``web/index.html``, which
reads the token or the invite code from the URL's fragment (never sent to any server).
``/rules`` is how the game reads what the rulebook leaves open, written once per language
(:func:`rules_file`): the page's own choice (``/rules?lang=de``, as its links and the game
page's "why?" links ask), else the best of the browser's Accept-Language, else English. The
page's modules, style sheet, demo data and icons are served under ``/js/``, ``/css/``,
``/demo/`` and ``/icons/``, the service worker and the web app's manifest at ``/sw.js`` and
``/manifest.webmanifest``. Every file carries an ETag and ``Cache-Control: no-cache`` (there
is no build step, so no file name changes with its content: the browser asks again each time
and mostly gets 304). The page itself asks for them elsewhere: ``index.html`` is served with
its links under ``/v/<digest>/`` (``service/plumbing/assets.py``), where the same files are
cached for good (``immutable``) while the digest is today's. Every file goes out
gzip-compressed to a browser that accepts it.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, send_from_directory

from service.plumbing import assets
from service.plumbing.headers import page
from service.plumbing.i18n import DEFAULT_LANGUAGE, accepted_language, is_language

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
FOLDERS = ("js", "css", "demo", "icons")

# Python's mimetypes says application/javascript on some systems; modules want text/javascript.
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}
APP_FILES = ("sw.js", "manifest.webmanifest")
"""Files served at the root: the service worker (its scope is the folder it is served from,
so it must be ``/sw.js`` to handle the whole site's notifications) and the web app's
manifest."""

blueprint = Blueprint("site", __name__)


def web_dir() -> Path:
    """Return the folder the page is served from: ``WEB_DIR`` in the config, else ``web/``."""
    configured = current_app.config.get("WEB_DIR")
    return Path(configured) if configured else WEB_DIR


def _send(folder: Path, name: str) -> Response:
    """Send one file with its content type, an ETag and a revalidate-every-time policy."""
    response = send_from_directory(folder, name, max_age=0)
    # The page's files are small: read them now and close the file, rather than leave it
    # open to a server (or a test client) that might never close the response.
    response.direct_passthrough = False
    response.make_sequence()
    suffix = Path(name).suffix
    if suffix in TYPES:
        response.headers["Content-Type"] = TYPES[suffix]
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Content-Type-Options"] = "nosniff"
    _compress(response, folder / name)
    return response


def _compress(response: Response, path: Path) -> None:
    """Send a text file gzip-compressed when the browser accepts it (a third of the bytes:
    on a phone's slow connection, most of the page's load). Its ETag becomes weak, as
    nginx's does: the same file, another encoding."""
    response.vary.add("Accept-Encoding")
    if (response.status_code != 200 or path.suffix not in TYPES or path.suffix == ".png"
            or not request.accept_encodings.quality("gzip")):
        return
    response.set_data(assets.gzipped(path, response.get_data()))
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # ranges of the file, not of these bytes
    tag, _ = response.get_etag()
    if tag:
        response.set_etag(tag, weak=True)


def _page(name: str = "index.html") -> Response:
    response = _send(web_dir(), name)
    if name == "index.html" and response.status_code == 200:
        _version_links(response)
    return page(response)


def _version_links(response: Response) -> None:
    """Move the index's links under today's digest (``service/plumbing/assets.py``)."""
    folder = web_dir()
    html = (folder / "index.html").read_text(encoding="utf-8")
    body = assets.versioned_index(folder, html).encode()
    response.headers.pop("Content-Encoding", None)
    response.set_data(body)
    response.set_etag(f"{assets.digest(folder)}-{response.get_etag()[0] or ''}", weak=True)
    response.make_conditional(request)
    if response.status_code == 200 and request.accept_encodings.quality("gzip"):
        response.set_data(gzip.compress(body, mtime=0))
        response.headers["Content-Encoding"] = "gzip"


@blueprint.get("/")
def lobby() -> Response:
    """Serve the page as the lobby: create a game, join one."""
    return _page()


@blueprint.get("/play/<game_id>")
def play(game_id: str) -> Response:
    """Serve the page of a game; the token stays in the fragment, on the player's machine."""
    return _page()


@blueprint.get("/join/<game_id>")
def join(game_id: str) -> Response:
    """Serve the page that takes an open seat with the invite code from the fragment."""
    return _page()


@blueprint.get("/sandbox/<sandbox_id>")
def sandbox(sandbox_id: str) -> Response:
    """Serve the page of a sandbox; its token stays in the fragment, as a seat's does."""
    return _page()


@blueprint.get("/table/<table_id>")
def table(table_id: str) -> Response:
    """Serve the page of a table made from scratch; its token stays in the fragment."""
    return _page()


@blueprint.get("/home")
def home() -> Response:
    """Serve the page of "my games": the ask form, or with ``#h=<token>`` the list of an
    address's games, or with ``#c=<code>`` the confirmation of a seat's new address."""
    return _page()


def rules_file(language: str) -> str:
    """The rules page's file in ``language`` (written by ``web/make_rules_page.py``):
    ``rules.html`` in English, ``rules.de.html`` in German."""
    return "rules.html" if language == DEFAULT_LANGUAGE else f"rules.{language}.html"


@blueprint.get("/rules")
def rules() -> Response:
    """Serve the rules page, how the game reads what the rulebook leaves open, in the
    reader's language: ``?lang=``, else Accept-Language, else English."""
    chosen = request.args.get("lang")
    language = chosen if is_language(chosen) else accepted_language() or DEFAULT_LANGUAGE
    response = _page(rules_file(language))
    response.headers["Content-Language"] = language
    return response


@blueprint.get(f"/<any({', '.join(APP_FILES)}):name>")
def app_file(name: str) -> Response:
    """Serve the service worker or the manifest (``no-cache``: a new worker is seen at once)."""
    return _send(web_dir(), name)


@blueprint.get(f"/{assets.PREFIX}/<digest>/<any({', '.join(assets.VERSIONED)}):folder>/<path:name>")
def versioned_file(digest: str, folder: str, name: str) -> Response:
    """Serve a file of the page under a digest's folder: for good (``immutable``) when the
    digest is today's; another one (a page loaded before the files changed) gets today's
    file, to be asked for again."""
    if len(digest) != assets.DIGEST_LENGTH:
        abort(404)
    response = _send(web_dir() / folder, name)
    if digest == assets.digest(web_dir()) and response.status_code in (200, 304):
        response.headers["Cache-Control"] = assets.IMMUTABLE
        response.headers.pop("Expires", None)  # max-age says it
    return response


@blueprint.get(f"/<any({', '.join(FOLDERS)}):folder>/<path:name>")
def static_file(folder: str, name: str) -> Response:
    """Serve a file of the page's modules, style sheet or demo data (404 for anything else)."""
    return _send(web_dir() / folder, name)
