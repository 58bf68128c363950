"""Every bench in ``bench/`` runs small and prints its figures, so that none rots unnoticed.

Each bench runs as its own process, as a person runs it (``.venv/bin/python bench/<name>.py``),
with its smallest arguments, and must exit 0 and print the labels of its figures: a bench
that crashes, or prints nothing, fails. Its figures themselves are not judged (at these sizes
they mean little). The benches that need servers start their own from ``tests.support``, as
they do when run by hand (a throwaway PostgreSQL, Redis, the production shape), and stop them
before they exit; their tests carry the markers of those servers, so ``make check`` leaves
them out and runs only the benches that start none (a few seconds in all). A new script in
``bench/`` must be given a run here, or be named a helper."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.binaries import find_program
from tests.support.postgres_server import DEBIAN_BIN_PATTERN

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"

HELPERS = {
    "bare_app.py": "the bare Flask endpoint service_throughput.py measures the service against",
    "growth_data.py": "growth.py's data: games played through the app, multiplied by SQL",
}
"""Modules of ``bench/`` that are not benches: imported by one, run by none."""

RUN_SECONDS = 200
"""A run that takes longer is interrupted; the whole set takes about two minutes."""


@dataclass(frozen=True, slots=True)
class BenchRun:
    """A bench script, its smallest arguments, what its output must hold, and the suite's
    markers of the servers it starts (``postgres``, ``redis``, ``server``...)."""

    script: str
    arguments: tuple[str, ...]
    prints: tuple[str, ...]
    markers: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """Return the script's name with its first argument when that picks a part."""
        words = [Path(self.script).stem]
        if self.arguments and self.arguments[0].isalpha():
            words.append(self.arguments[0])
        return "-".join(words)


RUNS = [
    BenchRun("behaviour_hash.py", ("--games", "3", "--positions", "10"),
             ("games: ", "views: ", "openapi: ")),
    BenchRun("bots.py", ("think", "--positions", "2"),
             ("think time per move: 2 positions", "random  wall median", "hard    wall median")),
    BenchRun("bots.py", ("strength", "--games", "2", "--jobs", "1", "--pairings", "easy-random",
                         "--players", "2", "--variants", "basic"),
             ("strength: 2 games per pairing", "easy vs random: easy scores", "Wilson")),
    BenchRun("deadlines_bench.py", ("--games", "4", "--timed", "2", "--repeat", "3"),
             ("check with nothing due: median", "check sending 2 reminders",
              "check expiring 2 sub-turns"), ("postgres",)),
    BenchRun("engine_bench.py", ("--quick",),
             ("legal moves: 6 positions", "figure showing 1: median",
              "monster phase: 6 positions x 2 runs", "random 4-player games: ")),
    BenchRun("growth.py", ("--sizes", "100,200", "--runs", "4", "--rounds", "2", "--explain"),
             ("Tables at 200 games", "| read a game |", "| submit a move |",
              "| outbox sweep query |", "=== submit a move: ", "Whole run: "), ("postgres",)),
    BenchRun("cold_load.py", ("--loads", "1", "--moves", "2"),
             ("cold loads, 150 ms latency", "before (HEAD): board drawn after p50",
              "now (this tree): board drawn after p50", "behind nginx (HTTPS, HTTP/2",
              "now (this tree): cold load", "warm load"), ("server",)),
    BenchRun("live.py", ("--moves", "3", "--pages", "10", "--idle-seconds", "1", "--rounds", "1"),
             ("make run's shape", "production shape at",
              "move -> shown on another page (event + read): n=3", "idle 1 s with 10 open pages",
              "all 5 pages of its game have it", "fan-out: one move, 10 streams"),
             ("postgres", "redis", "server")),
    BenchRun("live_page.py", ("--shapes", "local", "--moves", "2", "--pages", "5"),
             ("local shape at", "before (the tree at HEAD)", "now (this tree)",
              "another's move -> drawn in Chromium, 5 other pages open: n=2"), ("server",)),
    BenchRun("local_latency.py", ("--moves", "3", "--idle-seconds", "1", "--settle-seconds",
                                  "0"),
             ("before: a look every 1 s", "now: the default", "idle 1 s: every process",
              "the computer's move read: n=", "the monster phase resolved, read: n="),
             ("server",)),
    BenchRun("mail_bench.py", ("--moves", "5", "--sends", "5"),
             ("move submission, no email address", "move submission, both seats emailed",
              "send to .eml files: ", "send to SMTP on loopback: "), ("smtp",)),
    BenchRun("mail_volume.py", ("--players", "2", "--answers", "2", "--max-replies", "6",
                                "--lengths", "2"),
             ("2-player game: 6 replies, cut short", "your move", "smtp  door   p50",
              "http  door   p50", "2 engine games of 2 players", "targets missed: "),
             ("smtp", "server")),
    BenchRun("outbox_catchup.py", ("--rows", "600", "--baseline-seconds", "15",
                                   "--concurrency", "2"),
             ("backlog: 600 rows", "before (a sweep every 10 s", "after (a sweep every 5 s",
              "target: 65,000 rows"), ("postgres", "redis", "smtp", "webhook", "server")),
    BenchRun("pace.py", ("--games", "2"),
             ("2 players, 2 games", "4 players, 2 games", "6 players, 2 games",
              'plans, no "or flip": per game', "days waited per game")),
    BenchRun("rules_versions.py", ("--games", "10"),
             ("10 random games", "monster phases that version 2 resolves differently")),
    BenchRun("service_throughput.py", ("--seconds", "1", "--rounds", "1", "--warmup", "0.5",
                                       "--clients", "1", "--games", "2", "--workers", "1",
                                       "--threads", "1"),
             ("service: POST /games/{id}/actions", "bare: POST /bump/{n} (one UPDATE)",
              "CPU ms per request", "service / bare throughput: "),
             ("postgres", "server")),
    BenchRun("standings.py", ("--games", "2", "--levels", "random,easy", "--jobs", "1"),
             ("standings: 2 games of random, easy", "figures out", "2 games; above",
              "order: easy > random: ", "CPU s per game")),
    BenchRun("submission_cost.py", ("5", "--warmup", "2", "--games", "2"),
             ("5 submissions, in-process, PostgreSQL: ",), ("postgres",)),
    BenchRun("web_page_bench.py", ("--polls", "5"),
             ("page: ", "first visit", "poll, full read (200", "poll, unchanged (304")),
    BenchRun("webhooks_bench.py", ("--changes", "5", "--messages", "5", "--endpoints", "2"),
             ("write_messages, one action, 2 endpoints", "write_messages, one action, no endpoint",
              "relay + sign + send + log, one message at a time, 9 messages"), ("webhook",)),
    BenchRun("worker_latency.py", ("--phases", "2", "--pings", "3", "--warmup", "0"),
             ("last figure move -> signed monster.resolved webhook: n=2",
              "no-op Celery task round trip: n=3"), ("postgres", "redis", "server")),
]

PROGRAMS = {
    "postgres": ("initdb", "postgresql", DEBIAN_BIN_PATTERN),
    "redis": ("redis-server", "redis-server"),
}
"""The Debian program a marker's server needs: its name, package, where Debian puts it."""


def is_script(path: Path) -> bool:
    """Return whether the module at ``path`` runs as a script."""
    return 'if __name__ == "__main__":' in path.read_text()


def run_bench(run: BenchRun, log: Path) -> tuple[int, str]:
    """Run the bench; return its exit code and its output (stdout and stderr).

    A run past ``RUN_SECONDS`` is interrupted as Ctrl-C would (its ``finally`` blocks stop
    the servers it started), and killed if it does not end within a minute more.
    """
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, str(BENCH / run.script), *run.arguments],
                                   cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.STDOUT,
                                   # unbuffered: a traceback shows after the lines before it
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            process.wait(timeout=RUN_SECONDS)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            pytest.fail(f"bench/{run.script} ran over {RUN_SECONDS} s; its output:\n"
                        f"{log.read_text(errors='replace')}", pytrace=False)
    return process.returncode, log.read_text(errors="replace")


def test_every_script_in_bench_is_run_here_and_every_other_module_is_a_named_helper() -> None:
    modules = {path.name: is_script(path) for path in BENCH.glob("*.py")}
    scripts = {name for name, script in modules.items() if script}
    others = set(modules) - scripts
    ran = {run.script for run in RUNS}
    unrun = sorted(scripts - ran)
    assert not unrun, f"scripts in bench/ with no BenchRun in RUNS: {unrun}"
    assert not ran - scripts, f"RUNS runs scripts bench/ has not: {sorted(ran - scripts)}"
    assert others == set(HELPERS), (
        f"modules of bench/ that are no script: {sorted(others)}; HELPERS names "
        f"{sorted(HELPERS)} (a helper imported by a bench goes there)")


@pytest.mark.parametrize("run", [
    pytest.param(run, id=run.name, marks=[getattr(pytest.mark, m) for m in run.markers])
    for run in RUNS])
def test_the_bench_runs_small_and_prints_its_figures(run: BenchRun, tmp_path: Path) -> None:
    for marker in run.markers:
        if marker in PROGRAMS:  # skip without it (fail under CI), as the fixtures do
            find_program(*PROGRAMS[marker])
    code, output = run_bench(run, tmp_path / "output.txt")
    assert code == 0, f"bench/{run.script} exited with {code}:\n{output}"
    missing = [label for label in run.prints if label not in output]
    assert not missing, f"bench/{run.script} did not print {missing}:\n{output}"
