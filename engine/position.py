"""The position format: a game state as JSON-ready data, and back (docs/position-format.md).

``state_to_dict`` writes every field (as stored, only the rule options that are on);
``state_from_dict`` also reads hand-written positions for tests and puzzles, where most
fields may be left out, and refuses anything inconsistent with ``InvalidPosition`` naming
the field.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import board
from engine.board import DIRECTION_LETTERS, square_name
from engine.cards import check_card
from engine.errors import EngineError, InvalidPosition
from engine.options import Options
from engine.state import (
    BOARD,
    COLOURS,
    FIGURE_IDS_BY_KEY,
    FIGURES,
    NUMBERS_FOUR,
    OUTSIDE,
    PHASES,
    POOL_LONG,
    POOL_SQUARE,
    RULES_VERSION,
    RULES_VERSIONS,
    SCHEMA_VERSION,
    STONE_KINDS,
    TELEPORTER_KINDS,
    WHERE,
    Figure,
    FigureId,
    GameState,
    Monster,
    Outcome,
    Player,
    Pool,
    Teleporter,
)
from engine.texts import N_


def state_to_dict(state: GameState, *, stored: bool = False) -> dict[str, Any]:
    """Return the whole state as JSON-ready data (squares by name, directions by letter).

    ``stored``: as the service stores it, the rule options that differ from their defaults
    only (:meth:`Options.to_dict`), so that the release before an option was added reads the
    games that leave it off (a rollback); views and records name every option."""
    return {
        "schema": SCHEMA_VERSION,
        "options": state.options.to_dict(changed_only=stored),
        "players": [{"seat": p.seat, "colour": p.colour} for p in state.players],
        "figures": [_figure_to_dict(f) for f in state.figures],
        "stones": [{"square": square_name(sq), "kind": kind} for sq, kind in state.stones],
        "pools": [
            {"kind": p.kind, "squares": [square_name(sq) for sq in p.squares]} for p in state.pools
        ],
        "teleporters": [
            {"kind": t.kind, "square": square_name(t.square), "arrow": DIRECTION_LETTERS[t.arrow]}
            for t in state.teleporters
        ],
        "monster": {
            "square": square_name(state.monster.square),
            "facing": DIRECTION_LETTERS[state.monster.facing],
        },
        "pile": list(state.pile),
        "discard": list(state.discard),
        "stage": state.stage,
        "game_turn": state.game_turn,
        "phase": state.phase,
        "start_seat": state.start_seat,
        "to_move": state.to_move,
        "first_card_drawn": state.first_card_drawn,
        "tiles_to_place": list(state.tiles_to_place),
        "seed": state.seed,
        "rng": state.rng,
        "version": state.version,
        "escapes": state.escapes,
        "outcome": state.outcome.to_dict() if state.outcome else None,
        "rules": state.rules,
    }


def _figure_to_dict(f: Figure) -> dict[str, Any]:
    data: dict[str, Any] = {
        "figure": f.id.key,
        "face": "black" if f.black else "coloured",
        "where": f.where,
        "moved": f.moved,
    }
    if f.square is not None:
        data["square"] = square_name(f.square)
    if f.escaped_order is not None:
        data["escaped_order"] = f.escaped_order
    if f.times_eaten:
        data["times_eaten"] = f.times_eaten
    return data


def state_from_dict(data: dict[str, Any]) -> GameState:
    """Build a state from the position format, refusing anything inconsistent."""
    if not isinstance(data, dict):
        raise InvalidPosition.said(N_("a position must be a JSON object"))
    schema = data.get("schema", SCHEMA_VERSION)
    if schema != SCHEMA_VERSION:
        raise InvalidPosition.said(N_("position schema %(schema)r is not supported (expected 1)"),
                                   {"schema": schema})
    try:
        state = _build(data)
    except EngineError as exc:
        if isinstance(exc, InvalidPosition):
            raise
        if exc.template is None:
            raise InvalidPosition(exc.message, **exc.details) from exc
        raise InvalidPosition.said(exc.template, exc.words, **exc.details) from exc
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidPosition.said(N_("malformed position: %(problem)r"), {"problem": exc}) from exc
    check_position(state)
    return state


def _square(value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise InvalidPosition.said(N_("%(what)s: expected a square name like 'h5', got %(value)r"),
                                   {"what": what, "value": value})
    return board.parse_square(value)


def _number_or_none(value: Any, what: str) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InvalidPosition.said(N_("%(what)s: expected a whole number or null, got %(value)r"),
                                   {"what": what, "value": value})
    return value


def _direction(value: Any, what: str) -> int:
    if not isinstance(value, str) or value.upper() not in ("N", "E", "S", "W"):
        raise InvalidPosition.said(N_("%(what)s: expected N, E, S or W, got %(value)r"),
                                   {"what": what, "value": value})
    return DIRECTION_LETTERS.index(value.upper())


def _build(data: dict[str, Any]) -> GameState:
    options = Options.from_dict(data.get("options"))
    figures = tuple(_figure_from_dict(f) for f in data.get("figures", []))
    if "players" in data:
        players = tuple(Player(int(p["seat"]), str(p["colour"])) for p in data["players"])
    else:  # a hand-written position: one player per colour, in order of appearance
        colours = list(dict.fromkeys(f.colour for f in figures))
        players = tuple(Player(i, c) for i, c in enumerate(colours))
    stones = tuple(sorted(
        (_square(s["square"], "stones"), str(s.get("kind", "stone")))
        for s in data.get("stones", [])
    ))
    pools = tuple(
        Pool(str(p["kind"]), tuple(_square(sq, "pools") for sq in p["squares"]))
        for p in data.get("pools", [])
    )
    teleporters = tuple(
        Teleporter(str(t["kind"]), _square(t["square"], "teleporters"),
                   _direction(t["arrow"], "teleporter arrow"))
        for t in data.get("teleporters", [])
    )
    m = data.get("monster", {"square": "a1", "facing": "E"})
    monster = Monster(_square(m["square"], "monster"), _direction(m["facing"], "monster facing"))
    outcome = data.get("outcome")
    seed = int(data.get("seed", 0))
    rules = data.get("rules", RULES_VERSION)
    if rules not in RULES_VERSIONS or isinstance(rules, bool):
        raise InvalidPosition.said(N_("rules version %(rules)r is not one of %(versions)s"),
                                   {"rules": rules,
                                    "versions": ", ".join(map(str, RULES_VERSIONS))})
    return GameState(
        players=players,
        figures=figures,
        stones=stones,
        pools=pools,
        teleporters=teleporters,
        monster=monster,
        options=options,
        pile=tuple(check_card(str(c)) for c in data.get("pile", [])),
        discard=tuple(check_card(str(c)) for c in data.get("discard", [])),
        stage=int(data.get("stage", 1)),
        game_turn=int(data.get("game_turn", 1)),
        phase=str(data.get("phase", FIGURES)),
        start_seat=int(data.get("start_seat", 0)),
        to_move=_number_or_none(data.get("to_move", 0), "to_move"),
        first_card_drawn=bool(data.get("first_card_drawn", False)),
        tiles_to_place=tuple(str(t) for t in data.get("tiles_to_place", [])),
        seed=seed,
        rng=int(data.get("rng", seed)),
        version=int(data.get("version", 0)),
        escapes=int(data.get("escapes", 0)),
        outcome=Outcome(
            tuple(outcome["winners"]), str(outcome["reason"]),
            tuple(outcome["escaped"]), tuple(outcome["eaten"]),
        ) if outcome else None,
        rules=rules,
    )


def _figure_from_dict(data: dict[str, Any]) -> Figure:
    fid = _figure_id(data["figure"])
    face = data.get("face", "coloured")
    if face not in ("coloured", "black"):
        raise InvalidPosition.said(
            N_("figure %(name)s: face must be 'coloured' or 'black', got %(face)r"),
            {"name": fid, "face": face})
    where = data.get("where", BOARD if "square" in data else OUTSIDE)
    square = data.get("square")
    if square is not None:
        if not isinstance(square, str):
            _square(square, f"figure {fid}")  # refuses it, naming the figure
        square = board.parse_square(square)
    escaped_order = data.get("escaped_order")
    if escaped_order is not None:
        escaped_order = _number_or_none(escaped_order, f"figure {fid}: escaped_order")
    return Figure(
        colour=fid.colour,
        number=fid.number,
        black=face == "black",
        where=where,
        square=square,
        moved=bool(data.get("moved", False)),
        escaped_order=escaped_order,
        times_eaten=int(data.get("times_eaten", 0)),
    )


def _figure_id(name: Any) -> FigureId:
    """Return ``FigureId.parse(name)``, looked up for a key as positions write it (``red5``):
    every state read names the same few dozen figures again."""
    fid = FIGURE_IDS_BY_KEY.get(name) if isinstance(name, str) else None
    if fid is None:
        fid = FigureId.parse(name)
    return fid


_POOL_CANNOT_COVER = {POOL_SQUARE: N_("a square blood pool cannot cover %(squares)s"),
                      POOL_LONG: N_("a long blood pool cannot cover %(squares)s")}
"""The refusal of a pool whose squares do not make its shape, by its kind."""


def _problem(template: str, **words: Any) -> None:
    raise InvalidPosition.said(template, words)


def check_position(state: GameState) -> None:
    """Refuse a state that breaks the board's invariants (pieces overlapping, bad tiles, ...)."""
    seats = [p.seat for p in state.players]
    if seats != list(range(len(seats))):
        _problem(N_("players must have seats 0..%(last)s in order, got %(seats)s"),
                 last=len(seats) - 1, seats=seats)
    colours = [p.colour for p in state.players]
    for c in colours:
        if c not in COLOURS:
            _problem(N_("%(colour)r is not a colour (%(colours)s)"), colour=c,
                     colours=", ".join(COLOURS))
    if len(set(colours)) != len(colours):
        _problem(N_("two players have the same colour: %(colours)s"), colours=colours)
    if state.phase not in PHASES:
        _problem(N_("phase %(phase)r is not one of %(phases)s"), phase=state.phase,
                 phases=", ".join(PHASES))
    if state.stage not in (1, 2):
        _problem(N_("stage must be 1 or 2, got %(stage)s"), stage=state.stage)
    if state.to_move is not None and not (0 <= state.to_move < len(seats)):
        _problem(N_("to_move %(seat)r is not a seat"), seat=state.to_move)
    if seats and not (0 <= state.start_seat < len(seats)):
        _problem(N_("start_seat %(seat)r is not a seat"), seat=state.start_seat)

    names = [f.id for f in state.figures]
    if len(set(names)) != len(names):
        dup = [str(k) for k, n in Counter(names).items() if n > 1]
        _problem(N_("figure(s) listed twice: %(names)s"), names=", ".join(dup))
    taken: dict[int, str] = {}

    def occupy(square: int, what: str) -> None:
        if square in taken:
            _problem(
                N_("%(square)s holds both %(first)s and %(second)s"), square=square_name(square),
                first=taken[square], second=what)
        taken[square] = what

    occupy(state.monster.square, "the monster")
    for f in state.figures:
        if f.colour not in colours:
            _problem(N_("figure %(name)s belongs to no player"), name=f.id)
        if f.number not in NUMBERS_FOUR:
            _problem(N_("figure %(name)s: no such figure"), name=f.id)
        if f.where not in WHERE:
            _problem(
                N_("figure %(name)s: where must be one of %(places)s, not %(where)r"), name=f.id,
                places=", ".join(WHERE), where=f.where)
        if (f.where == BOARD) != (f.square is not None):
            _problem(N_("figure %(name)s: a square is given exactly when it is on the board"),
                     name=f.id)
        if f.square is not None:
            occupy(f.square, f"figure {f.id}")
    for sq, kind in state.stones:
        if kind not in STONE_KINDS:
            _problem(
                N_("stone on %(square)s: kind must be one of %(kinds)s"), square=square_name(sq),
                kinds=", ".join(STONE_KINDS))
        if sq in board.CORNERS:
            _problem(N_("a stone cannot stand on %(square)s (D1)"), square=square_name(sq))
        occupy(sq, f"a {kind}")
    for t in state.teleporters:
        if t.kind not in TELEPORTER_KINDS:
            _problem(
                N_("teleporter on %(square)s: kind must be A or B"), square=square_name(t.square))
        if t.square != state.monster.square:  # after teleporting, the monster stands on one
            occupy(t.square, f"teleporter {t.kind}")
    kinds = Counter(t.kind for t in state.teleporters)
    for kind, n in kinds.items():
        if n != 2 and state.phase != "placement":
            _problem(
                N_("teleporter %(kind)s needs exactly two tiles to form a pair, found %(count)s"),
                kind=kind, count=n)
    pool_squares: set[int] = set()
    for p in state.pools:
        _check_pool_shape(p)
        for sq in p.squares:
            if sq in pool_squares:
                _problem(N_("two pools overlap on %(square)s"), square=square_name(sq))
            pool_squares.add(sq)
    for t in state.teleporters:
        if t.square in pool_squares:
            _problem(N_("a teleporter cannot lie on the pool at %(square)s"),
                     square=square_name(t.square))
    for card in state.pile + state.discard:
        check_card(card)


def _check_pool_shape(pool: Pool) -> None:
    xs = sorted({board.xy(sq)[0] for sq in pool.squares})
    ys = sorted({board.xy(sq)[1] for sq in pool.squares})
    n = len(pool.squares)
    if pool.kind == POOL_SQUARE:
        ok = n == 4 and len(xs) == 2 and len(ys) == 2 and xs[1] - xs[0] == 1 and ys[1] - ys[0] == 1
    elif pool.kind == POOL_LONG:
        line = (len(xs) == 1 and ys == list(range(ys[0], ys[0] + 4))) or (
            len(ys) == 1 and xs == list(range(xs[0], xs[0] + 4)))
        ok = n == 4 and line
    else:
        _problem(N_("pool kind must be 'square' or 'long', got %(kind)r"), kind=pool.kind)
    if not ok or len(set(pool.squares)) != n:
        names = ", ".join(square_name(sq) for sq in pool.squares)
        _problem(_POOL_CANNOT_COVER[pool.kind], squares=names)
