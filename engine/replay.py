"""Recorded games: a set-up, a seed and a list of actions, re-run and checked (18xx style).

Automatic steps (the monster phases) are stored with the action that caused them; a replay
re-runs them and refuses a record whose stored results differ, naming the action and turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action, Transition, action_from_dict, action_to_dict
from engine.errors import ReplayMismatch
from engine.game import apply_action
from engine.monster_phase import resolve_monster_phase
from engine.options import Options
from engine.setup import new_game
from engine.state import MONSTER, RULES_VERSION, GameState, evolve
from engine.texts import N_


@dataclass(frozen=True, slots=True)
class Step:
    """One player action and the automatic events it triggered (a monster phase, or none)."""

    seat: int
    action: Action
    automatic: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    """Everything needed to rebuild a game exactly."""

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    start_seat: int | None = None
    steps: tuple[Step, ...] = ()
    rules: int = RULES_VERSION  # the rules version the game was played under

    def start(self) -> GameState:
        """Return the game's initial state, under the record's rules version."""
        state = new_game(self.players, seed=self.seed, options=self.options,
                         start_seat=self.start_seat)
        return state if state.rules == self.rules else evolve(state, rules=self.rules)

    def to_dict(self) -> dict[str, Any]:
        """Return the record as JSON-ready data."""
        return {
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options.to_dict(),
            "start_seat": self.start_seat,
            "rules": self.rules,
            "steps": [
                {"seat": s.seat, "action": action_to_dict(s.action),
                 "automatic": list(s.automatic)}
                for s in self.steps
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """Build a record from JSON data. A record without ``rules`` was written before rules
        versions existed, so it was played under version 1."""
        return cls(
            players=tuple(data["players"]),
            seed=int(data["seed"]),
            options=Options.from_dict(data.get("options")),
            start_seat=data.get("start_seat"),
            rules=int(data.get("rules", 1)),
            steps=tuple(
                Step(int(s["seat"]), action_from_dict(s["action"]),
                     tuple(s.get("automatic", ())))
                for s in data.get("steps", [])
            ),
        )


def play(state: GameState, action: Action, seat: int | None = None) -> tuple[Transition, Step]:
    """Apply an action and, if it ends the figure phase, the monster phase that follows."""
    actor = state.to_move if seat is None else seat
    t = apply_action(state, action, actor)
    assert actor is not None  # apply_action refuses an action when nobody is to act
    automatic: tuple[dict[str, Any], ...] = ()
    if t.state.phase == MONSTER:
        monster = resolve_monster_phase(t.state)
        automatic = monster.events
        t = Transition(monster.state, t.events + monster.events)
    return t, Step(actor, action, automatic)


def replay(record: Record) -> GameState:
    """Re-run a recorded game, checking every stored monster phase; return the final state."""
    state = record.start()
    for i, step in enumerate(record.steps, start=1):
        turn = state.game_turn
        t, got = play(state, step.action, step.seat)
        state = t.state
        if got.automatic != step.automatic:
            raise ReplayMismatch.said(
                N_("action %(action)s (game turn %(game_turn)s): the monster phase differs from "
                   "the record"), action=i, game_turn=turn)
    return state
