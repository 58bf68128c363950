"""A game page opened on a phone with a slow connection: how long until the board is drawn.

    .venv/bin/python bench/cold_load.py                      # 8 cold loads of each tree
    .venv/bin/python bench/cold_load.py --loads 4 --latency-ms 150 --down-kbit 1600

Two ``make run`` shapes (``deploy/local.py``) run side by side: one of the source tree as it
was at ``--before`` (a git revision, HEAD by default: before this tree's changes), one of
this tree. Each has a two-player game a few moves in. Debian's Chromium (headless, through
Playwright) opens a seat's page in a fresh browser context (an empty cache: a cold load),
the two trees in turn, pair by pair, with Chromium's own network emulation (the DevTools
protocol's ``Network.emulateNetworkConditions``: ``--latency-ms`` added to every request,
``--down-kbit`` / ``--up-kbit`` of throughput, as a phone's slow connection). The time runs
from the navigation's start to the first paint (the next animation frame) after the board
shows its pieces. Target from the issue: <= 2 s at 150 ms and 1.6 Mbit/s.

The tree's own shape is also measured behind ``deploy/nginx.conf`` (run by Debian's nginx as
``tests/deploy/test_nginx.py`` runs it, with HTTP/2 as in production): one connection
carries every file at once, where HTTP/1.1 (gunicorn alone, ``make run``) opens six.

Then, for each tree's own shape, the same page opened again in the same context (a warm load): the
requests the page made in each load, by kind (the page's files, the API), and how many of
the page's files were asked of the server at all (a warm load should ask for none).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from bench.live import Game  # noqa: E402
from bench.local_latency import start, tree_of  # noqa: E402
from tests.deploy.test_nginx import Ports, nginx_command, nginx_program, write_config  # noqa: E402
from tests.support.browser import running_chromium  # noqa: E402
from tests.support.ports import HOST, free_port, wait_for_port  # noqa: E402

# The first paint after the board shows a piece, in ms since the navigation started.
MARK_BOARD = """
window.__board = null;
new MutationObserver((_, observer) => {
  const board = document.getElementById("board");
  if (!board || board.hidden || !board.querySelector(".figure__disc, .stone__crystal, "
    + ".stone__block")) return;
  observer.disconnect();
  requestAnimationFrame(() => { window.__board = performance.now(); });
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def nginx_in_front(folder: Path, web_port: int) -> tuple[subprocess.Popen[bytes], str]:
    """Start deploy/nginx.conf (as tests/deploy/test_nginx.py moves it onto this machine)
    in front of the web process on ``web_port``, with HTTP/2 as in production; return it and
    its HTTPS address."""
    nginx, version = nginx_program()
    ports = Ports(http=free_port(), https=free_port(), health=free_port(), web=web_port)
    main = write_config(ROOT / "deploy", folder, version, ports)
    conf = folder / "default.conf"
    listen = f"listen {HOST}:{ports.https} ssl;"
    if version < (1, 25, 1):  # Debian's 1.22: HTTP/2 is a flag of `listen`
        conf.write_text(conf.read_text().replace(listen, listen[:-1] + " http2;"))
    process = subprocess.Popen([*nginx_command(nginx, main), "-g", "daemon off;"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    wait_for_port(ports.https, timeout=30)
    return process, f"https://{HOST}:{ports.https}"


def ready_game(base: str, moves: int) -> tuple[str, str]:
    """Make a game and play ``moves`` moves; return its id and the second seat's token."""
    game = Game(requests.Session(), base)
    for _ in range(moves):
        if game.move() is None:
            break
    return game.id, game.seats[1]


def open_page(context: Any, url: str, conditions: dict[str, Any] | None,
              seen: list[tuple[str, bool]]) -> float:
    """Open ``url`` in a new page of ``context``; return the ms until the board was drawn.
    ``seen`` gets each request's path and whether the server was asked (not the cache)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if conditions is not None:
        cdp.send("Network.emulateNetworkConditions", conditions)
    page.add_init_script(MARK_BOARD)

    def received(event: dict[str, Any]) -> None:
        response = event["response"]
        path = "/" + response["url"].split("/", 3)[-1]
        cached = response.get("fromDiskCache") or response.get("fromMemoryCache")
        seen.append((path, not cached))

    cdp.on("Network.responseReceived", received)
    page.goto(url)
    ends = time.monotonic() + 60
    while (drawn := page.evaluate("window.__board")) is None:  # the page's CSP: no eval
        if time.monotonic() > ends:
            raise TimeoutError(f"{url}: no board drawn within 60 s")
        time.sleep(0.01)
    page.wait_for_timeout(1000)  # the rest of the page's reads, counted too
    page.close()
    return float(drawn)


def counts(seen: list[tuple[str, bool]]) -> str:
    files = [(p, asked) for p, asked in seen if not p.startswith("/api/")]
    api = [p for p, _ in seen if p.startswith("/api/")]
    asked = sum(1 for _, a in files if a)
    return (f"{len(seen)} requests: {len(files)} of the page's files ({asked} asked of the "
            f"server), {len(api)} to the API")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=8, help="cold loads of each tree")
    parser.add_argument("--latency-ms", type=float, default=150)
    parser.add_argument("--down-kbit", type=float, default=1600)
    parser.add_argument("--up-kbit", type=float, default=750)
    parser.add_argument("--moves", type=int, default=6, help="moves made before the loads")
    parser.add_argument("--before", default="HEAD")
    arguments = parser.parse_args()
    conditions = {"offline": False, "latency": arguments.latency_ms,
                  "downloadThroughput": arguments.down_kbit * 1000 / 8,
                  "uploadThroughput": arguments.up_kbit * 1000 / 8}
    folder = Path(tempfile.mkdtemp(prefix="ff-bench-cold-"))
    trees = {f"before ({arguments.before})": tree_of(arguments.before, folder / "before"),
             "now (this tree)": ROOT}
    processes = []
    try:
        urls = {}
        for number, (name, tree) in enumerate(trees.items()):
            process, base = start(folder / f"run{number}", None, tree,
                                  FF_RATELIMIT_ENABLED="false")
            processes.append(process)
            game_id, token = ready_game(base, arguments.moves)
            urls[name] = f"{base}/play/{game_id}#t={token}"
        (folder / "nginx").mkdir()
        proxy, secure = nginx_in_front(folder / "nginx", int(base.rsplit(":", 1)[1]))
        processes.append(proxy)
        urls["now, behind nginx (HTTPS, HTTP/2, as in production)"] = (
            f"{secure}/play/{game_id}#t={token}")
        print(f"cold loads, {arguments.latency_ms:.0f} ms latency, {arguments.down_kbit:.0f} "
              f"kbit/s down, {arguments.up_kbit:.0f} up (Chromium's network emulation)",
              flush=True)
        drawn: dict[str, list[float]] = {name: [] for name in urls}
        with running_chromium() as browser:
            for _ in range(arguments.loads):
                for name, url in urls.items():  # pair by pair: the machine's drift cancels
                    context = browser.new_context(viewport={"width": 390, "height": 844},
                                          ignore_https_errors=True)
                    drawn[name].append(open_page(context, url, conditions, []))
                    context.close()
            for name, ms in drawn.items():
                print(f"  {name}: board drawn after p50 {statistics.median(ms):.0f} ms, "
                      f"min {min(ms):.0f}, max {max(ms):.0f} (n={len(ms)})", flush=True)
            # Not behind nginx: Chromium caches nothing from a certificate it does not trust.
            for name, url in list(urls.items())[:len(trees)]:
                context = browser.new_context(viewport={"width": 390, "height": 844},
                                          ignore_https_errors=True)
                cold: list[tuple[str, bool]] = []
                warm: list[tuple[str, bool]] = []
                open_page(context, url, None, cold)
                time.sleep(0.5)
                open_page(context, url, None, warm)
                context.close()
                print(f"  {name}: cold load {counts(cold)}; warm load {counts(warm)}",
                      flush=True)
    except BaseException:
        for log in sorted(folder.glob("run*/local.log")):  # why a run stopped, if one did
            print(f"--- {log}:", *log.read_text().splitlines()[-15:], sep="\n  ")
        raise
    finally:
        for process in processes:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
