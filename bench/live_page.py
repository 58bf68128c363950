"""Live pages as a player sees them: a move made elsewhere until it is drawn in Chromium.

    .venv/bin/python bench/live_page.py                       # both shapes, 60 moves each
    .venv/bin/python bench/live_page.py --shapes local --moves 20 --pages 50

``bench/live.py`` stops when a client has the stream's event and has read the game; a player
waits longer: the page reads the game, the plan, the log, and then draws. Here Bob's page is
open in Debian's Chromium (headless, through Playwright) while the moves of both seats are
submitted over HTTP, each at a random moment (0 to 1 s after the page settled). A mark the
bench puts into the page (a ``MutationObserver`` on the board, then the next animation frame,
when the browser paints) gives the time the board changed; each move's time runs from just
before its submission to that paint, both read from the machine's clock (the page's
``performance.timeOrigin + now()``). The move that ends the figures' phase is not counted:
the monster's turn follows it as a replay, and a new game begins.

Under load as ``bench/live.py`` loads it: ``--pages`` other streams stay open meanwhile (five
pages for each of ``--pages / 5`` games, asyncio in a thread of this process).

``make run``'s shape runs twice: first as the source tree was at ``--before`` (a git
revision, HEAD by default: before this tree's changes; service and page alike), then as this
tree is. The production shape runs this tree only (it starts its servers from this tree).

Shapes, in turn (``--shapes``): ``local`` is ``make run``'s (``deploy/local.py``: SQLite, the
hub looking at the database every ``LIVE_POLL_SECONDS``), ``production`` the production
shape (gevent web workers, PostgreSQL, Redis carrying the news). Target from the issue:
p50 <= 200 ms, p99 <= 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from bench.live import UNCAPPED, Game, Streams, percentile  # noqa: E402
from bench.local_latency import start, tree_of  # noqa: E402
from deploy.production_shape import Shape  # noqa: E402
from tests.support.browser import running_chromium  # noqa: E402
from tests.support.ports import HOST  # noqa: E402

# Each change of the board's subtree, stamped at the next animation frame (the paint).
MARK_DRAWN = """
window.__drawn = [];
new MutationObserver((changes) => {
  if (!changes.some((c) => c.target.closest && c.target.closest("#board"))) return;
  requestAnimationFrame(() => window.__drawn.push(performance.timeOrigin + performance.now()));
}).observe(document, { subtree: true, childList: true, attributes: true,
                       characterData: true });
"""


@contextmanager
def background_pages(base: str, port: int, pages: int) -> Iterator[None]:
    """Hold ``pages`` streams open on games of their own, in a thread, while inside."""
    if pages <= 0:
        yield
        return
    http = requests.Session()
    games = [Game(http, base) for _ in range(max(1, pages // 5))]
    loop = asyncio.new_event_loop()
    streams = Streams(HOST, port)
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(streams.start(
        [(g.id, token) for g in games for token in g.tokens()][:pages]), loop).result(120)
    try:
        yield
    finally:
        asyncio.run_coroutine_threadsafe(streams.stop(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def drawn_after(page: object, since_ms: float, timeout: float) -> float:
    """Wait for the first paint of the board after ``since_ms`` (epoch ms); return it."""
    ends = time.monotonic() + timeout
    while True:
        marks = [m for m in page.evaluate("window.__drawn") if m >= since_ms]  # type: ignore[attr-defined]
        if marks:
            return float(min(marks))
        if time.monotonic() > ends:
            raise TimeoutError(f"the board was not drawn within {timeout} s")
        time.sleep(0.005)


def measure(browser: object, base: str, moves: int, rng: random.Random) -> list[float]:
    """Submit ``moves`` moves over HTTP; return the milliseconds until Bob's page drew each."""
    http = requests.Session()
    latencies: list[float] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = None
        game = None
        while len(latencies) < moves:
            if game is None:
                game = Game(http, base)
                if page is not None:
                    page.close()
                page = context.new_page()
                page.add_init_script(MARK_DRAWN)
                page.goto(f"{base}/play/{game.id}#t={game.seats[1]}")
                page.locator("#board svg").first.wait_for()
                page.wait_for_timeout(1500)  # the stream opens
            time.sleep(rng.random())
            started = time.time() * 1000
            version = game.move()
            if version is None or game.read()["phase"] != "figures":
                game = None  # the monster's turn is due or done: a new game, a new page
                continue
            latencies.append(drawn_after(page, started, 30) - started)
            page.wait_for_timeout(150)  # the rest of the page settles
    finally:
        context.close()  # type: ignore[attr-defined]
    return latencies


def report(label: str, ms: list[float]) -> None:
    print(f"  {label}: n={len(ms)} p50 {statistics.median(ms):.0f} ms, "
          f"p90 {percentile(ms, 0.9):.0f} ms, p99 {percentile(ms, 0.99):.0f} ms, "
          f"max {max(ms):.0f} ms", flush=True)


@contextmanager
def shape_at(name: str, folder: Path, tree: Path) -> Iterator[tuple[str, int]]:
    """Run the shape ``name`` of the source tree ``tree``; yield its address and port."""
    if name == "local":
        process, base = start(folder, None, tree, **UNCAPPED)
        try:
            yield base, int(base.rsplit(":", 1)[1])
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(30)
    elif name == "production":
        assert tree == ROOT, "the production shape runs this tree only"
        shape = Shape(folder, env=UNCAPPED)
        try:
            stack = shape.start()
            yield stack.base_url, stack.port
        finally:
            shape.stop()
    else:
        raise ValueError(f"no shape {name!r}: local or production")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--pages", type=int, default=200, help="other streams held open")
    parser.add_argument("--shapes", default="local,production")
    parser.add_argument("--before", default="HEAD",
                        help="the git revision measured first (its service and page)")
    parser.add_argument("--seed", type=int, default=36)
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    folder = Path(tempfile.mkdtemp(prefix="ff-bench-live-page-"))
    folder.chmod(0o755)  # PostgreSQL (run as postgres under root) must reach its folder
    variants = [(f"before (the tree at {arguments.before})",
                 tree_of(arguments.before, folder / "before")), ("now (this tree)", ROOT)]
    label = f"another's move -> drawn in Chromium, {arguments.pages} other pages open"
    try:
        with running_chromium() as browser:
            for shape_name in arguments.shapes.split(","):
                runs = variants if shape_name == "local" else variants[1:]
                for number, (variant, tree) in enumerate(runs):
                    with shape_at(shape_name, folder / f"{shape_name}{number}",
                                  tree) as (base, port):
                        print(f"{shape_name} shape at {base}, {variant}", flush=True)
                        with background_pages(base, port, arguments.pages):
                            report(label, measure(browser, base, arguments.moves,
                                                  random.Random(arguments.seed)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
