"""A drill client: one process playing two-player games through nginx, as players' pages do.

``python -m tests.drill.client BASE_URL HOOK_URL RECORD STOP SEED`` plays until the file
``STOP`` exists (or ``MAX_SECONDS`` pass). Each move is sent with an ``Idempotency-Key`` and,
when the answer is lost (no connection, a timeout, 502, 503, 504), sent again with the same
key and body until it is answered, as a client that wants its move made exactly once does.
Every accepted move is appended to ``RECORD`` as a JSON line (game, version after, key, how
many tries, when), so the drill can compare what players were told with what was stored.
A game that ends is replaced by a new one; every game has seats with email addresses and a
webhook to ``HOOK_URL``, so its moves cause mails and webhooks.
"""

from __future__ import annotations

import json
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import requests

from tests.service.helpers import a_legal_action, token_of

MAX_SECONDS = 900.0
RETRY_STATUSES = {502, 503, 504}
REQUEST_TIMEOUT = 15.0
PAUSE_SECONDS = 0.05  # between moves: players, not a load test


class Unanswered(Exception):
    """A request got no answer (a lost connection, a timeout, or 502, 503, 504)."""


class Client:
    """Plays games on the service at ``base_url``, recording every accepted move."""

    def __init__(self, base_url: str, hook_url: str, record: Path, stop: Path,
                 seed: int) -> None:
        self.base_url, self.hook_url, self.record, self.stop = base_url, hook_url, record, stop
        self.rng = random.Random(seed)
        self.seed = seed
        self.http = requests.Session()
        self.started = time.monotonic()
        self.games = 0
        self.tries = 0  # of the last request sent

    def stopping(self) -> bool:
        """Return whether the drill asked the client to stop (or its time is up)."""
        return self.stop.exists() or time.monotonic() - self.started > MAX_SECONDS

    def send(self, method: str, path: str, body: dict[str, Any] | None = None,
             token: str | None = None, key: str | None = None) -> requests.Response:
        """Send one request until it is answered; return the answer (any status but the
        retried ones). The same ``Idempotency-Key`` goes with every try."""
        headers = {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if key is not None:
            headers["Idempotency-Key"] = key
        self.tries = 0
        while True:
            self.tries += 1
            try:
                response = self.http.request(method, f"{self.base_url}{path}", json=body,
                                             headers=headers, timeout=REQUEST_TIMEOUT)
            except requests.RequestException:
                response = None
            if response is not None and response.status_code not in RETRY_STATUSES:
                return response
            if self.stopping() and key is None:
                raise Unanswered(f"{method} {path}")
            time.sleep(0.2)

    def new_game(self) -> dict[str, Any]:
        """Create a game with two emailed seats and a webhook; return its ids and tokens."""
        self.games += 1
        tag = f"{self.seed}-{self.games}"
        seats = [{"name": "Ann", "email": f"ann-{tag}@example.com"},
                 {"name": "Bob", "email": f"bob-{tag}@example.com"}]
        response = self.send("POST", "/api/v1/games", {"seats": seats, "start_seat": 0},
                             key=f"create-{tag}-{uuid.uuid4()}")
        assert response.status_code == 201, response.text
        body = response.json()
        game = {"id": body["game"]["id"], "creator": body["creator_token"],
                "spectator": token_of(body["spectator_link"]),
                "seats": {seat["seat"]: token_of(seat["link"]) for seat in body["seats"]}}
        hooked = self.send("POST", f"/api/v1/games/{game['id']}/webhooks",
                           {"url": self.hook_url}, token=game["creator"],
                           key=f"hook-{tag}-{uuid.uuid4()}")
        assert hooked.status_code == 201, hooked.text
        return game

    def play(self) -> None:
        """Play moves in the client's games until asked to stop."""
        games = [self.new_game(), self.new_game()]
        while not self.stopping():
            for index, game in enumerate(games):
                if self.stopping():
                    break
                try:
                    view = self.send("GET", f"/api/v1/games/{game['id']}",
                                     token=game["spectator"]).json()
                except Unanswered:
                    break
                if view["status"] != "active":
                    games[index] = self.new_game()
                elif view["phase"] != "monster":
                    self.move(game, view)
            time.sleep(PAUSE_SECONDS)

    def move(self, game: dict[str, Any], view: dict[str, Any]) -> None:
        """Submit one legal move until it is answered; record it when accepted."""
        key = str(uuid.uuid4())
        body = {"expected_version": view["version"], "action": a_legal_action(view, self.rng)}
        tries = 0
        while True:
            response = self.send("POST", f"/api/v1/games/{game['id']}/actions", body,
                                 token=game["seats"][view["to_move"]], key=key)
            tries += self.tries
            if response.status_code != 429:
                break
            time.sleep(1.0)
        if response.status_code == 201:
            after = response.json()["game"]["version"]
            with self.record.open("a") as record:
                record.write(json.dumps({"game": game["id"], "version_after": after,
                                         "key": key, "tries": tries,
                                         "at": time.time()}) + "\n")
        else:  # a refusal loses nothing; the drill counts these from the record
            with self.record.open("a") as record:
                record.write(json.dumps({"game": game["id"], "refused":
                                         response.status_code, "body": response.text[:300],
                                         "at": time.time()}) + "\n")


def main() -> int:
    """Play until the stop file appears."""
    base_url, hook_url, record, stop, seed = sys.argv[1:6]
    Client(base_url, hook_url, Path(record), Path(stop), int(seed)).play()
    return 0


if __name__ == "__main__":
    sys.exit(main())
