"""What the web page costs the service: loading its files, and each poll of a game.

    .venv/bin/python bench/web_page_bench.py               # 200 polls of each kind
    .venv/bin/python bench/web_page_bench.py --polls 1000

Serves the real app (``tests.support.live_service``: werkzeug's threaded server, a fresh
SQLite file) on loopback and asks it over HTTP, one request at a time:

1. the page's files (``index.html``, every module under ``web/js``, the style sheet): how
   many, how many bytes, and the time to fetch them all without ETags (a first visit) and
   with them (a later visit: every answer a 304 without a body);
2. a seat's poll of a started two-player game: the full read (200, the view with its legal
   moves) and the conditional read the page makes every 3 seconds (304): median and 95th
   percentile latency, and the bytes of the 200.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.live_service import LiveService  # noqa: E402 - importable once ROOT is on the path

WEB = ROOT / "web"


def page_files() -> list[str]:
    """Return the paths the page loads: the HTML, its style sheet and every module."""
    modules = sorted(p.relative_to(WEB).as_posix() for p in (WEB / "js").rglob("*.js"))
    return ["", "css/app.css", *modules]


def load_all(session: requests.Session, base: str, paths: list[str],
             etags: dict[str, str]) -> tuple[float, int, dict[str, str], set[int]]:
    """Fetch every path once (conditionally when ``etags`` has it); return the seconds, the
    bytes received, the ETags and the statuses seen."""
    seen: dict[str, str] = {}
    statuses: set[int] = set()
    size = 0
    start = time.perf_counter()
    for path in paths:
        headers = {"If-None-Match": etags[path]} if path in etags else {}
        response = session.get(base + path, headers=headers)
        statuses.add(response.status_code)
        size += len(response.content)
        seen[path] = response.headers["ETag"]
    return time.perf_counter() - start, size, seen, statuses


def timed_reads(session: requests.Session, url: str, token: str, etag: str | None,
                count: int) -> tuple[list[float], int, int]:
    """Read the game ``count`` times; return the latencies (ms), the last status and size."""
    headers = {"Authorization": f"Bearer {token}"}
    if etag:
        headers["If-None-Match"] = etag
    times = []
    response = None
    for _ in range(count):
        start = time.perf_counter()
        response = session.get(url, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
    assert response is not None
    return times, response.status_code, len(response.content)


def summary(times: list[float]) -> str:
    """Return the median and 95th percentile of latencies in ms."""
    p95 = statistics.quantiles(times, n=20)[-1]
    return f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms"


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polls", type=int, default=200, help="reads of each kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, LiveService(Path(folder)) as live, \
            requests.Session() as session:
        paths = page_files()
        cold, size, etags, statuses = load_all(session, live.url, paths, {})
        assert statuses == {200}, statuses
        warm, warm_size, _, warm_statuses = load_all(session, live.url, paths, etags)
        assert warm_statuses == {304}, warm_statuses
        print(f"page: {len(paths)} files, {size / 1024:.1f} KiB; first visit {cold * 1000:.0f} ms, "
              f"later visit (all 304, {warm_size} bytes) {warm * 1000:.0f} ms")

        created = session.post(f"{live.url}api/v1/games", json={
            "seats": [{"name": "Ann"}, {"name": "Bob"}], "start_seat": 0}).json()
        token = created["seats"][0]["link"].split("#t=")[1]
        url = f"{live.url}api/v1/games/{created['game']['id']}"
        full, status, body = timed_reads(session, url, token, None, args.polls)
        assert status == 200
        etag = session.get(url, headers={"Authorization": f"Bearer {token}"}).headers["ETag"]
        cheap, status, empty = timed_reads(session, url, token, etag, args.polls)
        assert status == 304 and empty == 0
        print(f"poll, full read (200, {body / 1024:.1f} KiB): {summary(full)}")
        print(f"poll, unchanged (304, no body): {summary(cheap)}")


if __name__ == "__main__":
    main()
