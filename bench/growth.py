"""How the hot paths' cost grows with the games stored: 10², 10⁴ and 10⁵ games on PostgreSQL.

    .venv/bin/python bench/growth.py                         # 10², 10⁴, 10⁵ games (~8 min)
    .venv/bin/python bench/growth.py --quick                 # 10², 10³, 40 runs (~30 s)
    .venv/bin/python bench/growth.py --explain               # and the plans at the top size
    .venv/bin/python bench/growth.py --statements            # and each statement's buffers

Starts a throwaway PostgreSQL (``tests.support``: fsync, synchronous commits and full-page
writes off, so fast and fragile; nothing here is durable) and drives ``create_app()`` through
Flask's test client in-process, one request at a time. A dozen games are played through the
API, then multiplied with SQL (``bench/growth_data.py``) until each size is stored (10⁵
games in about 5 minutes), VACUUM ANALYZEd and checkpointed. At each size every operation
runs ``--runs`` times (each stops after ``--op-seconds``) on random games:

* read a game: ``GET /api/v1/games/<id>`` with a seat's token;
* submit a move: ``POST /api/v1/games/<id>/actions`` (a legal move read just before);
* read the log after a cursor: ``GET /api/v1/games/<id>/actions?after=<10 from the end>``;
* the deadline sweep (``worker.deadlines.check_deadlines``): with nothing due, and with three
  running games' deadlines passed (each expired: a timeout flip, its mails and webhooks);
* the outbox sweep's query (``service.plumbing.outbox_lifecycle.due_ids``), ten rows due.

Each size has its own database, and the sizes are measured in turns (``--rounds``), so that
this VM's drift (other work on its two cores) falls on all of them alike; between rounds the
monster phases the round made due are resolved, as the worker would. It prints the wall
milliseconds of each operation (median, p90), the median's ratio to the smallest size's, and
what the database did per call (``pg_stat_statements``, loaded for the run): its execution
milliseconds and the shared buffers its statements touched, which no other load on the
machine changes. Before that, each size's tables (rows, bytes, per game) and what the
templates' actions wrote to the outbox. ``--explain`` prints ``EXPLAIN (ANALYZE,
BUFFERS)`` of every statement one call of each operation sends, at the largest size (a
statement that cannot run again, an INSERT of a row now there, gets its plan without
ANALYZE). The results are in ``docs/capacity.md``.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.support.postgres_server import PostgresServer  # noqa: E402

Timed = Callable[[], None]
SWEEP_DUE = 3
OUTBOX_DUE = 10


class Operations:
    """The operations measured: each prepares its case untimed and returns the timed call."""

    def __init__(self, app: Any, copies: Any, pool: int, seed: int = 1) -> None:
        self.app, self.copies = app, copies
        # Every operation works on the same copies at every size (the smallest size's), in
        # the same order (one seed): each game is read, moved and timed out alike at each
        # size, and only the stored games around them differ. Drawn from all copies, the
        # games at 10² were moved and timed out again and again while those at 10⁵ were
        # fresh (a game past missed deadlines costs less to expire; a log read after more
        # moves returns more).
        self.pool = pool
        self.deadline_pool = [copies.game_id(n) for n in range(pool)]
        self.client = app.test_client()
        self.rng = random.Random(seed)

    def names(self) -> dict[str, Callable[[], Timed]]:
        """Return each operation's name and its preparation, in the order they run."""
        return {"read a game": self.read_game, "submit a move": self.submit_move,
                "log after a cursor": self.log_after_cursor,
                "deadline sweep, none due": self.deadline_sweep_idle,
                f"deadline sweep, {SWEEP_DUE} due": self.deadline_sweep,
                "outbox sweep query": self.outbox_sweep}

    def get(self, url: str, token: str) -> Any:
        """GET ``url`` with ``token``; return the response, which must be a 200."""
        response = self.client.get(url, headers={"Authorization": f"Bearer {token}"})
        if response.status_code != 200:
            raise RuntimeError(f"GET {url}: {response.get_data(as_text=True)}")
        return response

    def read_game(self) -> Timed:
        """A seat reads its game."""
        n = self.copies.sample(self.rng, within=self.pool)
        url, token = f"/api/v1/games/{self.copies.game_id(n)}", self.copies.token(n, 0)
        return lambda: self.get(url, token)

    def submit_move(self) -> Timed:
        """The seat to move submits a legal move it has just read."""
        from tests.service.helpers import a_legal_action

        while True:
            n = self.copies.sample(self.rng, self.copies.active, self.pool)
            url = f"/api/v1/games/{self.copies.game_id(n)}"
            view = self.get(url, self.copies.token(n, 0)).get_json()
            if view["status"] == "active" and view["phase"] != "monster" and view["to_move"] \
                    is not None:
                break
        token = self.copies.token(n, view["to_move"])
        body = {"expected_version": view["version"], "action": a_legal_action(view, self.rng)}

        def submit() -> None:
            response = self.client.post(f"{url}/actions", json=body,
                                        headers={"Authorization": f"Bearer {token}"})
            if response.status_code != 201:
                raise RuntimeError(f"submission refused: {response.get_data(as_text=True)}")
        return submit

    def log_after_cursor(self) -> Timed:
        """A page reads the actions after the last ten it has."""
        n = self.copies.sample(self.rng, within=self.pool)
        after = max(0, self.copies.actions[self.copies.template_of(n)] - 10)
        url = f"/api/v1/games/{self.copies.game_id(n)}/actions?after={after}"
        return lambda: self.get(url, self.copies.token(n, 0))

    def deadline_sweep_idle(self) -> Timed:
        """Beat's deadline check finds nothing to do."""
        return self._sweep_deadlines

    def deadline_sweep(self) -> Timed:
        """Beat's deadline check expires the sub-turns of a few games whose deadline passed."""
        from sqlalchemy import text

        from service.plumbing.extensions import db
        from service.plumbing.unit_of_work import rows_changed

        with self.app.app_context():
            passed = rows_changed(db.session.execute(text(
                "UPDATE games SET move_deadline = now() - interval '1 minute' WHERE id IN "
                "(SELECT id FROM games WHERE id = ANY(:pool) AND move_deadline > now() "
                "AND status = 'active' AND paused_at IS NULL ORDER BY random() LIMIT :due)"),
                {"due": SWEEP_DUE, "pool": self.deadline_pool}))
            db.session.commit()
        if passed != SWEEP_DUE:
            raise RuntimeError(f"only {passed} games with a deadline are left")
        return self._sweep_deadlines

    def _sweep_deadlines(self) -> None:
        from service.plumbing.columns import utcnow
        from worker.deadlines import check_deadlines

        with self.app.app_context():
            check_deadlines(utcnow())

    def outbox_sweep(self) -> Timed:
        """The outbox sweep's query: the rows due now, the longest waiting first."""
        from service.plumbing.columns import utcnow
        from service.plumbing.outbox_lifecycle import due_ids

        def sweep() -> None:
            with self.app.app_context():
                due_ids(utcnow())
        return sweep

    def settle(self) -> None:
        """Do the worker's part for the games the last round moved on (their monster phases),
        then leave ``OUTBOX_DUE`` rows due and as many waiting for a retry, the rest done."""
        from sqlalchemy import text

        from service.plumbing.extensions import db
        from tests.service.helpers import run_monster_jobs

        run_monster_jobs(self.app)
        with self.app.app_context():
            db.session.execute(text("UPDATE outbox SET status = 'sent', sent_at = now() "
                                    "WHERE status <> 'sent'"))
            top = db.session.execute(text("SELECT max(id) FROM outbox")).scalar_one()
            for delay in ("-1 minute", "1 hour"):
                ids = [self.rng.randint(1, top) for _ in range(OUTBOX_DUE)]
                db.session.execute(text(
                    "UPDATE outbox SET status = 'pending', "
                    "next_attempt_at = now() + CAST(:delay AS interval) WHERE id = ANY(:ids)"),
                    {"ids": ids, "delay": delay})
            db.session.commit()


class Meter:
    """What the database did for one call, from ``pg_stat_statements``: its execution time
    and the shared buffers its statements touched (hit or read)."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.connection = psycopg.connect(url.replace("+psycopg", ""), autocommit=True)
        self.connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")

    def reset(self) -> None:
        """Forget what was counted so far."""
        self.connection.execute("SELECT pg_stat_statements_reset()")

    def statements(self) -> dict[str, float]:
        """Return the buffers of each statement since :meth:`reset`, by its text."""
        rows = self.connection.execute(
            "SELECT query, sum(shared_blks_hit + shared_blks_read) FROM pg_stat_statements "
            "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND query NOT LIKE '%pg_stat_statements%' GROUP BY query").fetchall()
        return {" ".join(str(query).split()): float(buffers) for query, buffers in rows}

    def read(self) -> tuple[float, float, float]:
        """Return the execution milliseconds, buffers and planning milliseconds of the
        statements since :meth:`reset`."""
        row = self.connection.execute(
            "SELECT coalesce(sum(total_exec_time), 0), "
            "coalesce(sum(shared_blks_hit + shared_blks_read), 0), "
            "coalesce(sum(total_plan_time), 0) FROM pg_stat_statements "
            "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND query NOT LIKE '%pg_stat_statements%'").fetchone()
        assert row is not None
        return float(row[0]), float(row[1]), float(row[2])


Sample = tuple[float, float, float, float, float]
"""One timed call: wall milliseconds, the database's execution milliseconds, its buffers,
the milliseconds of CPU this process (the app) used, and the database's planning ms."""


def measure(prepare: Callable[[], Timed], meter: Meter, runs: int, seconds: float,
            by_statement: dict[str, list[float]] | None = None) -> list[Sample]:
    """Time up to ``runs`` calls (after 2 not counted), stopping after ``seconds``; with
    ``by_statement``, add each call's buffers per statement to it (a statement a call does
    not send counts 0 there)."""
    for _ in range(2):
        prepare()()
    samples: list[Sample] = []
    end = time.monotonic() + seconds
    while len(samples) < runs and time.monotonic() < end:
        call = prepare()
        meter.reset()
        cpu, start = time.process_time(), time.perf_counter()
        call()
        wall = 1000 * (time.perf_counter() - start)
        cpu = 1000 * (time.process_time() - cpu)
        executed, buffers, planned = meter.read()
        samples.append((wall, executed, buffers, cpu, planned))
        if by_statement is not None:
            seen = meter.statements()
            for statement in seen.keys() | by_statement.keys():
                by_statement.setdefault(statement, [0.0] * (len(samples) - 1)).append(
                    seen.get(statement, 0.0))
    return samples


def table_of_statements(statements: dict[str, dict[int, dict[str, list[float]]]],
                        sizes: list[int], top: int = 8) -> str:
    """Return, per operation, its statements that touch most buffers at the largest size:
    the mean buffers per call of each at each size."""
    lines = []
    for name, by_size in statements.items():
        lines.append(f"\n{name}: buffers per call by statement (" +
                     ", ".join(f"{s:,} games" for s in sizes) + ")")
        largest = by_size[sizes[-1]]
        for statement in sorted(largest, key=lambda q: -statistics.fmean(largest[q]))[:top]:
            means = [statistics.fmean(by_size[s].get(statement) or [0.0]) for s in sizes]
            lines.append("  " + " ".join(f"{m:7.1f}" for m in means) + f"   {statement[:110]}")
    return "\n".join(lines)


def explain(app: Any, operations: Operations) -> None:
    """Print EXPLAIN (ANALYZE, BUFFERS) of each statement one call of each operation sends."""
    from sqlalchemy import event
    from sqlalchemy.exc import DBAPIError

    from service.plumbing.extensions import db

    with app.app_context():
        engine = db.engine
    for name, prepare in operations.names().items():
        call, sent = prepare(), list[tuple[str, Any]]()

        def record(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
                   executemany: bool, sent: list[tuple[str, Any]] = sent) -> None:
            sent.append((statement, parameters[0] if executemany else parameters))
        event.listen(engine, "before_cursor_execute", record)
        try:
            call()
        finally:
            event.remove(engine, "before_cursor_execute", record)
        print(f"\n=== {name}: {len(sent)} statements", flush=True)
        seen = set()
        with engine.connect() as connection:
            for statement, parameters in sent:
                if statement in seen or not statement.lstrip().upper().startswith(
                        ("SELECT", "UPDATE", "INSERT", "DELETE", "WITH")):
                    continue
                seen.add(statement)
                print(f"\n--- {' '.join(statement.split())}")
                try:
                    plan = connection.exec_driver_sql(
                        "EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters).scalars().all()
                except DBAPIError as error:
                    connection.rollback()
                    plan = [f"(not run again: {str(error.orig).splitlines()[0]})",
                            *connection.exec_driver_sql("EXPLAIN " + statement,
                                                        parameters).scalars().all()]
                connection.rollback()
                print("\n".join(plan), flush=True)


def table_of_results(results: dict[str, dict[int, list[Sample]]], sizes: list[int]) -> str:
    """Return the growth table: per operation and size, the wall milliseconds (median, p90,
    the median's ratio to the smallest size's), and the database's mean milliseconds and
    buffers per call."""
    head = "| operation | " + " | ".join(
        f"{s:,} games: median / p90 ms (×); DB ms; buffers" for s in sizes)
    lines = [head + " |", "|---" * (len(sizes) + 1) + "|"]
    for name, by_size in results.items():
        base = statistics.median(sample[0] for sample in by_size[sizes[0]])
        cells = []
        for size in sizes:
            wall = [sample[0] for sample in by_size[size]]
            median, p90 = statistics.median(wall), statistics.quantiles(wall, n=10)[-1]
            database = statistics.fmean(sample[1] for sample in by_size[size])
            buffers = statistics.fmean(sample[2] for sample in by_size[size])
            cells.append(f"{median:.2f} / {p90:.2f} ({median / base:.2f}); "
                         f"{database:.2f}; {buffers:.0f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def table_of_time(results: dict[str, dict[int, list[Sample]]], sizes: list[int]) -> str:
    """Return where each call's wall time goes, means per call in milliseconds: the app's
    CPU (this process), the database's planning and execution, and the rest (waiting: round
    trips, the other process's scheduling)."""
    head = "| operation | " + " | ".join(
        f"{s:,} games: wall = app CPU + DB plan + DB exec + rest" for s in sizes)
    lines = [head + " |", "|---" * (len(sizes) + 1) + "|"]
    for name, by_size in results.items():
        cells = []
        for size in sizes:
            wall, executed, _, cpu, planned = (statistics.fmean(column)
                                               for column in zip(*by_size[size], strict=True))
            cells.append(f"{wall:.2f} = {cpu:.2f} + {planned:.2f} + {executed:.2f} + "
                         f"{wall - cpu - planned - executed:.2f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def print_sizes(connection: Any, games: int) -> None:
    """Print each table's rows and bytes, and per game."""
    from growth_data import table_sizes

    rows = [r for r in table_sizes(connection) if r["rows"]]
    print(f"\nTables at {games:,} games (bytes with indexes and TOAST):")
    print(f"{'table':<22}{'rows':>12}{'MB':>10}{'rows/game':>11}{'bytes/game':>12}")
    for row in rows:
        print(f"{row['table']:<22}{row['rows']:>12,}{row['bytes'] / 1e6:>10.1f}"
              f"{row['rows'] / games:>11.1f}{row['bytes'] / games:>12,.0f}")
    total = sum(r["bytes"] for r in rows)
    print(f"{'all':<22}{sum(r['rows'] for r in rows):>12,}{total / 1e6:>10.1f}"
          f"{'':>11}{total / games:>12,.0f}", flush=True)


def postgres_connection(postgres: PostgresServer) -> Any:
    """Return an autocommit connection to the server's ``postgres`` database."""
    import psycopg

    return psycopg.connect(postgres.url("postgres").replace("+psycopg", ""), autocommit=True)


def load(postgres: PostgresServer, size: int, sizes: list[int]) -> tuple[Operations, Meter]:
    """Make a database of ``size`` games (templates played, then copies), VACUUM ANALYZE it,
    checkpoint; print how long each step took and the tables' sizes."""
    from growth_data import multiply, play_templates, template_outbox
    from sqlalchemy import text

    from service import create_app
    from service.plumbing.extensions import db

    url = postgres.create_database(f"ff_growth_{size}")
    subprocess.run([sys.executable, "-m", "service.migrate", "upgrade"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "FF_DATABASE_URL": url})
    app = create_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
    clock = time.monotonic()
    copies = play_templates(app, app.test_client())
    played = time.monotonic() - clock
    with app.app_context(), db.engine.connect() as connection:
        multiply(connection, copies, size)
        loaded = time.monotonic() - clock - played
        connection.commit()
        idle = connection.execution_options(isolation_level="AUTOCOMMIT")
        idle.execute(text("VACUUM (ANALYZE)"))
        idle.execute(text("CHECKPOINT"))
        print(f"\n{size:,} games: {len(copies.templates)} templates played through the API in "
              f"{played:.0f} s, copies loaded in {loaded:.0f} s, VACUUM ANALYZE and CHECKPOINT "
              f"{time.monotonic() - clock - played - loaded:.0f} s", flush=True)
        print_sizes(connection, copies.games)
        if size == min(sizes):
            print(f"The templates' {sum(copies.actions):,} actions wrote, per 100 actions:")
            for row in template_outbox(connection, copies):
                print(f"  {row['kind']:<14}{row['per_100_actions']:6.1f} outbox rows "
                      f"of {row['bytes']:,.0f} bytes", flush=True)
    return Operations(app, copies, pool=min(sizes) - len(copies.templates)), Meter(url)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,10000,100000",
                        help="games stored at each step, comma-separated, growing")
    parser.add_argument("--quick", action="store_true", help="sizes 100,1000; 40 runs")
    parser.add_argument("--runs", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--rounds", type=int, default=10,
                        help="the runs are made in this many rounds, each size in turn")
    parser.add_argument("--op-seconds", type=float, default=60.0,
                        help="stop an operation's runs at a size after this many seconds")
    parser.add_argument("--explain", action="store_true",
                        help="print the plans of every statement at the largest size")
    parser.add_argument("--statements", action="store_true",
                        help="print each operation's statements' buffers per call, by size")
    parser.add_argument("--shared-buffers", metavar="SIZE",
                        help="PostgreSQL's cache (shared_buffers, e.g. 2GB, as a production "
                             "server sizes it for its data); default: PostgreSQL's, 128MB")
    args = parser.parse_args()
    sizes = [100, 1000] if args.quick else sorted(int(s) for s in args.sizes.split(","))
    runs = 40 if args.quick else args.runs

    folder = Path(tempfile.mkdtemp(prefix="ff-growth-pg-"))
    postgres = PostgresServer(folder, settings=[f"shared_buffers={args.shared_buffers}"]
                              if args.shared_buffers else ())
    postgres.start()
    with postgres_connection(postgres) as connection:
        connection.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
    postgres.stop()
    postgres.start()
    with postgres_connection(postgres) as connection:  # known once the library is loaded
        connection.execute("ALTER SYSTEM SET pg_stat_statements.track_planning = on")
        connection.execute("SELECT pg_reload_conf()")
    print("PostgreSQL: a throwaway cluster with fsync, synchronous_commit and "
          "full_page_writes off (fast and fragile), shared_buffers "
          f"{args.shared_buffers or '128MB (the default)'}; "
          "in-process Flask test client, one request at a time; one database per size, "
          f"measured in {args.rounds} rounds, each size in turn.", flush=True)
    started = time.monotonic()
    try:
        os.environ["FF_SECRET_KEY"] = secrets.token_hex(32)
        stored = {size: load(postgres, size, sizes) for size in sizes}
        names = list(stored[sizes[0]][0].names())
        results: dict[str, dict[int, list[Sample]]] = {n: {s: [] for s in sizes} for n in names}
        statements: dict[str, dict[int, dict[str, list[float]]]] = {
            n: {s: {} for s in sizes} for n in names}
        clock = time.monotonic()
        for _ in range(args.rounds):
            for size, (operations, meter) in stored.items():
                operations.settle()
                for name, prepare in operations.names().items():
                    results[name][size] += measure(
                        prepare, meter, runs // args.rounds, args.op_seconds / args.rounds,
                        statements[name][size] if args.statements else None)
        print(f"\nmeasured in {time.monotonic() - clock:.0f} s "
              f"({min(len(t) for r in results.values() for t in r.values())} runs or more "
              "of each operation at each size)\n", flush=True)
        print(table_of_results(results, sizes), flush=True)
        print("\nWhere the time goes (means per call, ms):\n", flush=True)
        print(table_of_time(results, sizes), flush=True)
        if args.statements:
            print(table_of_statements(statements, sizes), flush=True)
        if args.explain:
            top = stored[sizes[-1]][0]
            top.settle()
            explain(top.app, top)
        print(f"\nWhole run: {time.monotonic() - started:.0f} s", flush=True)
    finally:
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
