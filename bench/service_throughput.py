"""Submissions per second through the production shape, against a bare Flask endpoint.

    .venv/bin/python bench/service_throughput.py    # 2 rounds of 15 s each, the defaults
    .venv/bin/python bench/service_throughput.py --rounds 3 --seconds 20 --clients 16

Starts a throwaway PostgreSQL on loopback (``tests.support``), builds the schema with the
migrations and serves ``service:create_app()`` with gunicorn (``--workers``, ``--threads``).
``--clients`` client processes then each play their own share of ``--games`` two-player
games as fast as the answers come: every request is a legal move or flip picked from the
legal actions in the previous answer, with ``expected_version``, so every one is accepted
(a refusal stops the run). When a figure phase ends, the client resolves the monster phase
itself, as the worker would (not counted, not timed); a finished game is replaced by a new
one. After ``--warmup`` seconds, every submission's latency is recorded for ``--seconds``.

Then, in the same run and under the same gunicorn settings and the same number of clients,
``bench/bare_app.py`` (one UPDATE of one row per request) is measured the same way, and the
ratio of the two throughputs is printed. Both servers run from the start and are measured in
turns, ``--rounds`` times each (service, bare, service, bare, ...): this VM's speed drifts by
half within minutes, and alternating keeps the drift out of the ratio. The totals are over
all rounds. The targets from the service issue: >= 300 submissions/s, p99 <= 100 ms, and
>= 0.4 x the bare endpoint's throughput. The clients run on the same machine as the servers
and take their share of its cores (they read and write JSON with orjson, to take less); with
fewer clients than the default 8 (``--clients 4`` on two cores) less of the machine goes to
them and to switching between them.

For each server the run also prints where the machine's CPU went during the measured seconds,
per request: the server (gunicorn and its workers), PostgreSQL (all its processes) and the
clients, read from ``/proc``. The ratio of the two throughputs is the ratio of these totals
when the cores are saturated.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.ports import HOST, free_port  # noqa: E402
from tests.support.postgres_server import running_postgres  # noqa: E402

API = "/api/v1"


def request(conn: http.client.HTTPConnection, method: str, path: str,
            body: dict[str, Any] | None = None, token: str | None = None
            ) -> tuple[int, dict[str, Any]]:
    """Send one request on a kept-alive connection; return the status and the JSON body."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=None if body is None else orjson.dumps(body),
                 headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, (orjson.loads(data) if data else {})


class Game:
    """One game a client plays: its id, the seats' tokens and the newest view."""

    def __init__(self, conn: http.client.HTTPConnection) -> None:
        status, body = request(conn, "POST", f"{API}/games", {
            "seats": [{"name": "Ada"}, {"name": "Bo"}], "start_seat": 0})
        if status != 201:
            raise RuntimeError(f"creating a game: {status} {body}")
        self.id = body["game"]["id"]
        self.tokens = {s["seat"]: s["link"].split("#t=", 1)[1] for s in body["seats"]}
        status, self.view = request(conn, "GET", f"{API}/games/{self.id}", token=self.tokens[0])
        if status != 200:
            raise RuntimeError(f"reading a game: {status} {self.view}")

    def next_action(self, rnd: random.Random) -> dict[str, Any]:
        """Return a random legal action of the seat to act, from the newest view."""
        figures = self.view["position"]["legal"]["figures"]
        moves = [m for f in figures for m in f["moves"]]
        if not moves or rnd.random() < 0.05:
            return {"type": "flip", "figure": rnd.choice(figures)["figure"]}
        move = rnd.choice(moves)
        return {"type": "move", "figure": move["figure"], "path": move["path"]}


def client(index: int, port: int, games: int, database_url: str, start_at: float,
           stop_at: float, measure_from: float, queue: multiprocessing.Queue) -> None:
    """Play ``games`` games until ``stop_at``; put (latencies in ms, errors) on ``queue``."""
    os.environ["FF_DATABASE_URL"] = database_url
    from service import create_app
    from service.kernel.monster import resolve_monster_phase

    app = create_app({"RATELIMIT_ENABLED": False})
    rnd = random.Random(index)
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    playing = [Game(conn) for _ in range(games)]
    latencies: list[float] = []
    time.sleep(max(0.0, start_at - time.time()))
    conn.close()  # gunicorn drops a keep-alive connection idle for 2 s; the next request reopens
    turn = 0
    while time.time() < stop_at:
        game = playing[turn % len(playing)]
        turn += 1
        view = game.view
        if view["status"] != "active":
            playing[playing.index(game)] = Game(conn)
            continue
        if view["phase"] == "monster":
            with app.app_context():
                resolve_monster_phase(game.id, view["version"])
            status, game.view = request(conn, "GET", f"{API}/games/{game.id}",
                                        token=game.tokens[0])
            continue
        seat = view["to_move"]
        body = {"expected_version": view["version"], "action": game.next_action(rnd)}
        t0 = time.perf_counter()
        status, reply = request(conn, "POST", f"{API}/games/{game.id}/actions", body,
                                token=game.tokens[seat])
        elapsed = (time.perf_counter() - t0) * 1000
        if status != 201:
            queue.put((latencies, f"submission refused: {status} {reply}"))
            return
        game.view = reply["game"]
        if time.time() >= measure_from:
            latencies.append(elapsed)
    queue.put((latencies, None))


def bare_client(index: int, port: int, rows: int, start_at: float, stop_at: float,
                measure_from: float, queue: multiprocessing.Queue) -> None:
    """Bump counters of the bare app until ``stop_at``; put (latencies in ms, errors)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    latencies: list[float] = []
    time.sleep(max(0.0, start_at - time.time()))
    n = index
    while time.time() < stop_at:
        t0 = time.perf_counter()
        status, reply = request(conn, "POST", f"/bump/{n % rows}")
        elapsed = (time.perf_counter() - t0) * 1000
        if status != 200:
            queue.put((latencies, f"bump refused: {status} {reply}"))
            return
        n += 7
        if time.time() >= measure_from:
            latencies.append(elapsed)
    queue.put((latencies, None))


def gunicorn(app: str, port: int, args: argparse.Namespace, env: dict[str, str],
             log: Path) -> subprocess.Popen[bytes]:
    """Start gunicorn serving ``app`` and wait until it accepts connections."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads),
         "--no-control-socket", app],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            http.client.HTTPConnection(HOST, port, timeout=1).connect()
            return process
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {log}") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"gunicorn did not start; see {log}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn by its own process id."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def percentile(values: list[float], p: float) -> float:
    """Return the p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """Return the user and system CPU seconds process ``pid`` used so far (0 once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def with_children(pid: int) -> list[int]:
    """Return ``pid`` and its child processes (gunicorn's workers, PostgreSQL's backends)."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            if parent == pid:
                children.append(int(entry.name))
    return [pid, *children]


class CpuSplit:
    """CPU seconds of the server, PostgreSQL and the clients between two readings.

    ``servers`` maps a name to the id of a process that is counted with its children; the
    clients' process ids are set for each run."""

    def __init__(self, servers: dict[str, int]) -> None:
        self.servers = servers
        self.clients: list[int] = []
        self.used = dict.fromkeys([*servers, "clients"], 0.0)

    def start(self) -> None:
        self.pids = {name: with_children(pid) for name, pid in self.servers.items()}
        self.pids["clients"] = list(self.clients)
        self.before = {pid: cpu_seconds(pid) for pids in self.pids.values() for pid in pids}

    def stop(self) -> None:
        for name, pids in self.pids.items():
            # A process gone meanwhile reads 0: it adds nothing rather than a negative figure.
            self.used[name] += sum(max(0.0, cpu_seconds(pid) - self.before[pid])
                                   for pid in pids)


def run_clients(target, extra: tuple, args: argparse.Namespace, setup_seconds: float,
                split: CpuSplit | None = None) -> tuple[float, list[float]]:
    """Run ``args.clients`` processes of ``target``; return (requests/s, latencies).

    ``split``, given the server's and PostgreSQL's process ids, adds what they and the
    clients used during the measured seconds."""
    queue: multiprocessing.Queue = multiprocessing.Queue()
    start_at = time.time() + setup_seconds
    measure_from = start_at + args.warmup
    stop_at = measure_from + args.seconds
    processes = [
        multiprocessing.Process(target=target, args=(i, *extra, start_at, stop_at,
                                                     measure_from, queue))
        for i in range(args.clients)
    ]
    for process in processes:
        process.start()
    if split is not None:
        split.clients = [process.pid for process in processes]
        time.sleep(max(0.0, measure_from - time.time()))
        split.start()
        time.sleep(max(0.0, stop_at - time.time()))
        split.stop()
    latencies: list[float] = []
    for _ in processes:
        got, error = queue.get(timeout=setup_seconds + args.warmup + args.seconds + 120)
        if error:
            raise RuntimeError(error)
        latencies.extend(got)
    for process in processes:
        process.join()
    return len(latencies) / args.seconds, latencies


def report(name: str, rate: float, latencies: list[float]) -> None:
    """Print one line of figures."""
    print(f"{name:<34} {rate:8.1f} req/s   p50 {statistics.median(latencies):6.1f} ms   "
          f"p99 {percentile(latencies, 99):6.1f} ms   ({len(latencies)} requests)", flush=True)


def report_cpu(name: str, split: CpuSplit, requests: int, seconds: float) -> None:
    """Print the CPU milliseconds per request of each group, and the cores they kept busy."""
    parts = "   ".join(f"{group} {1000 * used / requests:5.2f}"
                       for group, used in split.used.items())
    total = sum(split.used.values())
    print(f"{name:<34} CPU ms per request: {parts}   total {1000 * total / requests:5.2f} "
          f"({total / seconds:.2f} cores busy)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="measured time of each server in each round")
    parser.add_argument("--rounds", type=int, default=2, help="turns of service, then bare")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=8, help="client processes")
    parser.add_argument("--games", type=int, default=64, help="games in play at once")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=2, help="gunicorn threads per worker")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="ff-bench-"))  # the servers' logs: kept on failure
    servers: list[subprocess.Popen[bytes]] = []
    with running_postgres("ff-bench-pg-") as postgres:
        try:
            service_url = postgres.create_database("ff_bench")
            bare_url = postgres.create_database("ff_bench_bare")
            # One key for the servers and the client processes (which resolve monster phases).
            os.environ.setdefault("FF_SECRET_KEY", secrets.token_hex(32))
            env = {**os.environ, "FF_DATABASE_URL": service_url, "FF_RATELIMIT_ENABLED": "false",
                   "FF_DATABASE_POOL_SIZE": str(args.threads)}
            subprocess.run([sys.executable, "-m", "service.migrate", "upgrade"], cwd=ROOT, env=env,
                           check=True, stdout=subprocess.DEVNULL)
            sys.path.insert(0, str(ROOT / "bench"))
            from bare_app import create_app as bare_app

            os.environ["FF_DATABASE_URL"] = bare_url
            bare_app()  # the table and its rows, before the workers start
            print(f"gunicorn: {args.workers} workers x {args.threads} threads; {args.clients} "
                  f"client processes; {args.games} games; {os.cpu_count()} CPUs; "
                  f"{args.rounds} rounds of {args.seconds:g} s each", flush=True)

            service_port = free_port()
            servers.append(gunicorn("service:create_app()", service_port, args, env,
                                    folder / "service.log"))
            bare_port = free_port()
            servers.append(gunicorn("bare_app:create_app()", bare_port, args,
                                    {**env, "FF_DATABASE_URL": bare_url,
                                     "PYTHONPATH": str(ROOT / "bench")}, folder / "bare.log"))
            per_client = max(1, args.games // args.clients)
            service_latencies: list[float] = []
            bare_latencies: list[float] = []
            splits = {name: CpuSplit({"server": server.pid, "postgres": postgres.pid})
                      for name, server in zip(("service", "bare"), servers, strict=True)}
            for n in range(1, args.rounds + 1):
                rate, latencies = run_clients(client, (service_port, per_client, service_url),
                                              args, 10.0, splits["service"])
                report(f"round {n} service", rate, latencies)
                service_latencies.extend(latencies)
                rate, latencies = run_clients(bare_client, (bare_port, 1024), args, 2.0,
                                              splits["bare"])
                report(f"round {n} bare", rate, latencies)
                bare_latencies.extend(latencies)
            measured = args.rounds * args.seconds
            rate = len(service_latencies) / measured
            bare_rate = len(bare_latencies) / measured
            report("service: POST /games/{id}/actions", rate, service_latencies)
            report("bare: POST /bump/{n} (one UPDATE)", bare_rate, bare_latencies)
            report_cpu("service", splits["service"], len(service_latencies), measured)
            report_cpu("bare", splits["bare"], len(bare_latencies), measured)
            print(f"service / bare throughput: {rate / bare_rate:.2f}", flush=True)
        finally:
            for server in servers:
                stop(server)
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
