"""Play games over HTTP against a running service, as a client would: the worker's end-to-end
tests, fault tests and benchmark use it.

Moves are legal ones from each view's ``legal`` listing (``tests.service.helpers``); the
monster phase is left to the service's workers, and :meth:`ApiGame.wait_for_version` waits
for them.
"""

from __future__ import annotations

import random
import time
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from tests.service.helpers import a_legal_action, token_of

TWO_PLAYERS = [{"name": "Ann", "email": "ann@example.com"},
               {"name": "Bob", "email": "bob@example.com"}]


# A read is sent again when the server closed a kept-alive connection as it was reused
# (gunicorn closes one idle for its keepalive, 2 s), as browsers do; nothing else is retried.
READS_AGAIN = HTTPAdapter(max_retries=Retry(total=2, connect=2, read=2, status=0, redirect=0,
                                            allowed_methods=frozenset({"GET"})))


class GameOver(AssertionError):
    """The game ended (or was cancelled) while actions were being played."""


class ApiGame:
    """One game on the service at ``base_url`` (``http://host:port``) and its secrets."""

    def __init__(self, base_url: str, body: dict[str, Any], http: requests.Session) -> None:
        self.base_url = base_url
        self.http = http
        http.mount("http://", READS_AGAIN)
        http.mount("https://", READS_AGAIN)
        self.id: str = body["game"]["id"]
        self.creator_token: str = body["creator_token"]
        self.spectator_link: str = body["spectator_link"]
        self.spectator_token = token_of(body["spectator_link"])
        self.seat_tokens = {seat["seat"]: token_of(seat["link"]) for seat in body["seats"]}

    @classmethod
    def create(cls, base_url: str, http: requests.Session | None = None,
               seats: list[dict[str, Any]] | None = None, **spec: Any) -> ApiGame:
        """Create a game (two players, seat 0 starting, unless ``spec`` says otherwise)."""
        http = http or requests.Session()
        spec.setdefault("start_seat", 0)
        response = http.post(f"{base_url}/api/v1/games",
                             json={"seats": seats or TWO_PLAYERS, **spec}, timeout=30)
        assert response.status_code == 201, response.text
        return cls(base_url, response.json(), http)

    def url(self, suffix: str = "") -> str:
        """Return the game's API address, plus ``suffix``."""
        return f"{self.base_url}/api/v1/games/{self.id}{suffix}"

    def view(self, token: str | None = None) -> dict[str, Any]:
        """Return the game as the holder of ``token`` sees it (the spectator by default)."""
        response = self.http.get(
            self.url(), headers={"Authorization": f"Bearer {token or self.spectator_token}"},
            timeout=30)
        assert response.status_code == 200, response.text
        return response.json()

    def play_one(self, view: dict[str, Any], rng: random.Random | None = None
                 ) -> dict[str, Any]:
        """Submit a legal action for the seat to act in ``view``; return the game after it."""
        seat = view["to_move"]
        response = self.http.post(
            self.url("/actions"),
            json={"expected_version": view["version"], "action": a_legal_action(view, rng)},
            headers={"Authorization": f"Bearer {self.seat_tokens[seat]}"}, timeout=30)
        assert response.status_code == 201, response.text
        return response.json()["game"]

    def play_to_monster_phase(self, rng: random.Random | None = None,
                              limit: int = 500) -> tuple[int, float]:
        """Play actions until one ends the figure phase; return the game's version then and
        the ``time.perf_counter()`` just before that last action was sent. Raise
        :class:`GameOver` if the game ends first."""
        view = self.view()
        for _ in range(limit):
            if view["status"] != "active":
                raise GameOver(f"the game is {view['status']}, not waiting for moves")
            if view["phase"] == "monster":
                raise AssertionError("the game waits for its monster phase already")
            sent_at = time.perf_counter()
            game = self.play_one(view, rng)
            if game["phase"] == "monster":
                return game["version"], sent_at
            view = self.view()
        raise AssertionError(f"no monster phase within {limit} actions")

    def wait_for_version(self, above: int, timeout: float = 30.0) -> dict[str, Any]:
        """Poll the game until its version is above ``above``; return that view."""
        deadline = time.monotonic() + timeout
        while True:
            view = self.view()
            if view["version"] > above:
                return view
            if time.monotonic() > deadline:
                raise TimeoutError(f"game {self.id} stayed at version {view['version']} "
                                   f"for {timeout} s (phase {view['phase']})")
            time.sleep(0.05)
