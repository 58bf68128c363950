"""What one submission costs the service, in-process: wall time, CPU time, and where it goes.

    .venv/bin/python bench/submission_cost.py                  # 1000 submissions
    .venv/bin/python bench/submission_cost.py --profile 400    # and the top of a cProfile
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/submission_cost.py --warmup 30 60   # instructions (see below)

Starts a throwaway PostgreSQL on loopback (``tests.support``) and drives ``create_app()``
through Flask's test client, one request at a time: no gunicorn, no HTTP, no other process on
the cores but the database. 16 two-player games are played with legal moves or flips picked by
a seeded generator; a game entering the monster phase is resolved in-process, as the worker
would, and read again; a finished game is replaced. Only the submissions are timed.

``service_throughput.py`` says what the machine sustains; this says what changed in the
service's own cost. This VM's speed drifts by up to 1.8x within minutes, so timings of two
versions are only comparable measured in turns. Instruction counts are not affected: under
callgrind, the difference in ``I refs`` between two runs that differ only in the number of
submissions (``--warmup 30 1`` and ``--warmup 30 61``), divided by 60, is the instructions
per submission, including its share of monster phases and reads; it repeats within 0.5%.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.postgres_server import running_postgres  # noqa: E402

API = "/api/v1"


class Driver:
    """Plays the games through a test client and times the submissions."""

    def __init__(self, client: Any, app: Any, games: int, seed: int) -> None:
        self.client, self.app = client, app
        self.rnd = random.Random(seed)
        self.games = [self.new_game() for _ in range(games)]
        self.turn = 0

    def new_game(self) -> dict[str, Any]:
        body = self.client.post(f"{API}/games", json={
            "seats": [{"name": "Ada"}, {"name": "Bo"}], "start_seat": 0}).get_json()
        game = {"id": body["game"]["id"],
                "tokens": {s["seat"]: s["link"].split("#t=", 1)[1] for s in body["seats"]}}
        game["view"] = self.read(game)
        return game

    def read(self, game: dict[str, Any]) -> dict[str, Any]:
        return self.client.get(f"{API}/games/{game['id']}", headers={
            "Authorization": f"Bearer {game['tokens'][0]}"}).get_json()

    def submit_one(self) -> tuple[float, float]:
        """Make the next submission (resolving monster phases and replacing finished games
        first); return its wall and CPU seconds."""
        from service.kernel.monster import resolve_monster_phase

        while True:
            index = self.turn % len(self.games)
            self.turn += 1
            game = self.games[index]
            view = game["view"]
            if view["status"] != "active":
                self.games[index] = self.new_game()
            elif view["phase"] == "monster":
                with self.app.app_context():
                    resolve_monster_phase(game["id"], view["version"])
                game["view"] = self.read(game)
            else:
                break
        figures = view["position"]["legal"]["figures"]
        moves = [m for f in figures for m in f["moves"]]
        if not moves or self.rnd.random() < 0.05:
            action = {"type": "flip", "figure": self.rnd.choice(figures)["figure"]}
        else:
            move = self.rnd.choice(moves)
            action = {"type": "move", "figure": move["figure"], "path": move["path"]}
        wall, cpu = time.perf_counter(), time.process_time()
        response = self.client.post(
            f"{API}/games/{game['id']}/actions",
            json={"expected_version": view["version"], "action": action},
            headers={"Authorization": f"Bearer {game['tokens'][view['to_move']]}"})
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if response.status_code != 201:
            raise RuntimeError(f"submission refused: {response.get_data(as_text=True)}")
        game["view"] = response.get_json()["game"]
        return wall, cpu

    def run(self, count: int) -> tuple[float, float]:
        """Make ``count`` submissions; return the mean wall and CPU milliseconds of one."""
        wall = cpu = 0.0
        for _ in range(count):
            w, c = self.submit_one()
            wall, cpu = wall + w, cpu + c
        return 1000 * wall / max(count, 1), 1000 * cpu / max(count, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("submissions", type=int, nargs="?", default=1000)
    parser.add_argument("--warmup", type=int, default=200, help="submissions not counted")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--profile", action="store_true",
                        help="profile the counted part (the submissions, and the monster "
                        "phases and reads between them); print the top functions")
    args = parser.parse_args()

    with running_postgres("ff-cost-pg-") as postgres:
        os.environ["FF_DATABASE_URL"] = postgres.create_database("ff_cost")
        os.environ["FF_SECRET_KEY"] = secrets.token_hex(32)
        subprocess.run([sys.executable, "-m", "service.migrate", "upgrade"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
        from service import create_app

        app = create_app({"RATELIMIT_ENABLED": False})
        driver = Driver(app.test_client(), app, args.games, seed=1)
        driver.run(args.warmup)
        profile = cProfile.Profile() if args.profile else None
        if profile:
            profile.enable()
        wall, cpu = driver.run(args.submissions)
        if profile:
            profile.disable()
        print(f"{args.submissions} submissions, in-process, PostgreSQL: "
              f"{wall:.3f} ms wall, {cpu:.3f} ms CPU each", flush=True)
        if profile:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
