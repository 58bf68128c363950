"""The page's files under a name that changes with their content, so browsers keep them.

The page has no build step: its modules import each other by relative paths, and no file is
renamed. So the digest goes into the *folder*: ``/v/<digest>/js/app.js`` is ``web/js/app.js``
while ``<digest>`` is :func:`digest` of every file under ``js/``, ``css/`` and ``demo/``.
``index.html``, which is never cached, is served with its ``/js/`` and ``/css/`` links moved
under that folder (:func:`versioned_index`); the modules' relative imports then stay inside it
by themselves. A changed file makes a new digest, a new folder, and new addresses for every
file; an unchanged one is asked for never again (``Cache-Control: immutable``, a year).

The index also names every module the page imports, directly or not, as a ``modulepreload``
link: the browser fetches them all at once instead of discovering them import by import, a
round trip per level (on a phone's connection, 150 ms each).

The digest is remade when a file's size or modification time changes (a look at each file's
metadata per index served), so ``make run`` follows edits without a restart.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from dataclasses import dataclass
from pathlib import Path

VERSIONED = ("js", "css", "demo")
PREFIX = "v"
DIGEST_LENGTH = 16
IMMUTABLE = "public, max-age=31536000, immutable"

# Static imports of a module: `import ... from "./x.js"`, `export ... from "../y.js"`,
# `import "./z.js"`. The page loads no module by a computed name.
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?["'](\.{1,2}/[^'"]+\.js)["']""",
                    re.MULTILINE)
# index.html's own links to the folders, to be moved under the digest's folder.
LINK = re.compile(r"""(?P<attr>(?:href|src)=")/(?P<folder>js|css|demo)/""")
ENTRY = "js/app.js"


@dataclass(frozen=True)
class Assets:
    """What one state of the files gives: its digest and the modules the page imports."""

    stamp: tuple[tuple[str, int, int], ...]
    digest: str
    modules: tuple[str, ...]


_cache: dict[Path, Assets] = {}
_lock = threading.Lock()


def _files(web: Path) -> list[Path]:
    return sorted(p for folder in VERSIONED for p in (web / folder).rglob("*") if p.is_file())


def _modules(web: Path) -> tuple[str, ...]:
    """Return the modules the page imports from ``app.js``, directly or not, in import order."""
    found: list[str] = []
    todo = [web / ENTRY]
    while todo:
        module = todo.pop(0)
        name = module.relative_to(web).as_posix()
        if name in found or not module.is_file():
            continue
        found.append(name)
        text = module.read_text(encoding="utf-8")
        todo.extend((module.parent / match).resolve() for match in IMPORT.findall(text))
    return tuple(found)


def assets(web: Path) -> Assets:
    """Return the digest and modules of the files in ``web`` as they are now."""
    files = _files(web)
    stamp = tuple((p.relative_to(web).as_posix(), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in files)
    known = _cache.get(web)
    if known is not None and known.stamp == stamp:
        return known
    with _lock:
        hashed = hashlib.sha256()
        for path, (name, _, _) in zip(files, stamp, strict=True):
            hashed.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        made = Assets(stamp, hashed.hexdigest()[:DIGEST_LENGTH], _modules(web.resolve()))
        _cache[web] = made
        return made


def digest(web: Path) -> str:
    """Return the digest of the page's files in ``web``: the name of their folder today."""
    return assets(web).digest


def versioned_index(web: Path, html: str) -> str:
    """Return ``index.html`` with its links under ``/v/<digest>/`` and a ``modulepreload``
    link for each module the page imports (before its first script)."""
    now = assets(web)
    base = f"/{PREFIX}/{now.digest}/"
    html = LINK.sub(lambda m: f'{m["attr"]}{base}{m["folder"]}/', html)
    preloads = "".join(f'<link rel="modulepreload" href="{base}{name}">\n  '
                       for name in now.modules)
    at = html.find("<script")
    return html if at < 0 else html[:at] + preloads + html[at:]


_zipped: dict[tuple[Path, int, int], bytes] = {}


def gzipped(path: Path, body: bytes) -> bytes:
    """Return ``body``, the content of ``path``, gzip-compressed (made once per version of
    the file: the page's files are few and small)."""
    stat = path.stat()
    key = (path, stat.st_size, stat.st_mtime_ns)
    if key not in _zipped:
        _zipped[key] = gzip.compress(body, compresslevel=6, mtime=0)
    return _zipped[key]
