"""The end of the game (RULES §4): the immediate win, the final ranking, the outcome value."""

from __future__ import annotations

from engine.state import ESCAPED, GameState, Outcome

IMMEDIATE = "escaped"  # a player got all but one of their figures out
STAGE_TWO_OVER = "stage_two_over"  # the seventh card of stage 2 was carried out
NOTHING_LEFT = "nothing_left"  # stage 2 and no figure inside or waiting outside


def escapes_needed(player_count: int) -> int:
    """Return how many escaped figures win at once: 3 with 2–4 players, 2 with 5–7."""
    return 3 if player_count <= 4 else 2


def _counts(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    escaped = [0] * len(state.players)
    eaten = [0] * len(state.players)
    seat = {p.colour: p.seat for p in state.players}
    for f in state.figures:
        s = seat[f.colour]
        eaten[s] += f.times_eaten
        if f.where == ESCAPED:
            escaped[s] += 1
    return tuple(escaped), tuple(eaten)


def immediate_winner(state: GameState) -> Outcome | None:
    """Return the outcome if a player has all but one figure out, else None."""
    escaped, eaten = _counts(state)
    need = escapes_needed(len(state.players))
    for seat, n in enumerate(escaped):
        if n >= need:
            return Outcome((seat,), IMMEDIATE, escaped, eaten)
    return None


def final_outcome(state: GameState, reason: str) -> Outcome:
    """Rank by escaped figures; a tie goes to who reached that number first; none: no winner."""
    escaped, eaten = _counts(state)
    best = max(escaped, default=0)
    if best == 0:
        return Outcome((), reason, escaped, eaten)

    def reached(seat: int) -> int:
        colour = state.players[seat].colour
        orders = sorted(
            f.escaped_order for f in state.figures
            if f.colour == colour and f.where == ESCAPED and f.escaped_order is not None
        )
        return orders[best - 1] if len(orders) >= best else 1 << 30

    leaders = [s for s, n in enumerate(escaped) if n == best]
    first = min(leaders, key=reached)
    return Outcome((first,), reason, escaped, eaten)
