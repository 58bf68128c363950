"""Tell events in words, for emails, logs and chat: "Ann (green) moved green 5 from h5 to h7.",
"The monster drew 8. It turned north, ate ...".

Reads the event dicts that transitions return; never looks at a state.

Every text is an English template given to ``say(template, **params)``, which returns it
filled in; by default :func:`english` (the template as written). The service passes a
``say`` that translates the template first, so the engine needs no translation machinery,
and each template is a plain string literal the service's extractor finds in this file.
Templates are whole sentences or clauses with named placeholders, never glued words. The
same English said of different things is told apart by a ``context`` (gettext's msgctxt,
a literal the extractor reads too): ``say("red", context="figure")`` is a figure's colour,
which Spanish and Polish say in the feminine (*ficha*, *postać*), ``say("red")`` a player's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import reduce
from typing import Any, Protocol

from engine.board import ENTRANCE, square_name
from engine.cards import hits, is_hit
from engine.events import (
    CARD,
    EAT,
    FIRST_CARD_REDRAW,
    FLIP,
    GAME_OVER,
    LOOK,
    MONSTER_DONE,
    MOVE,
    PLAYER_ACTIONS,
    PUSH,
    STAGE_END,
    STAY,
    STEP,
    TELEPORT,
    TURNING_STONE,
    WALL,
)
from engine.state import CRYSTAL, OUTSIDE, STONE, TURN_BACK, TURN_RIGHT, FigureId

_KINDS = (STONE, CRYSTAL, TURN_RIGHT, TURN_BACK)
_ENTRANCE = square_name(ENTRANCE)


class Say(Protocol):
    """Says an English template in the reader's language, ``%(name)s`` filled from params;
    the param ``context``, when given, is the template's context in the catalogs
    (``pgettext``), not a placeholder."""

    def __call__(self, template: str, /, **params: Any) -> str: ...


def english(template: str, /, *, context: str | None = None, **params: Any) -> str:
    """Say ``template`` as written, with ``%(name)s`` filled from ``params`` (as gettext
    does, a template without params is returned as is); English needs no ``context``."""
    return template % params if params else template


def stone_name(kind: str, *, say: Say = english) -> str:
    """Return a stone kind in words: ``stone``, ``crystal``, ``right-turning stone`` ..."""
    names = {
        # TRANSLATORS: a kind of stone on the board, without an article.
        STONE: say("stone"), CRYSTAL: say("crystal"),
        TURN_RIGHT: say("right-turning stone"), TURN_BACK: say("180° turning stone"),
    }
    return names[kind]


def _a_stone(kind: str, say: Say) -> str:
    """A stone kind with its indefinite article: ``a crystal``."""
    names = {
        # TRANSLATORS: "Ann placed a stone on c3", "the monster was turned north by a stone".
        STONE: say("a stone"), CRYSTAL: say("a crystal"),
        TURN_RIGHT: say("a right-turning stone"), TURN_BACK: say("a 180° turning stone"),
    }
    return names[kind]


def the_stone_name(kind: str, *, say: Say = english) -> str:
    """Return a stone kind with its definite article: ``the stone``, ``the crystal`` ..."""
    names = {
        # TRANSLATORS: what a figure pushed, as in "pushing the stone on h4 to h3".
        STONE: say("the stone"), CRYSTAL: say("the crystal"),
        TURN_RIGHT: say("the right-turning stone"), TURN_BACK: say("the 180° turning stone"),
    }
    return names[kind]


def tile_word(tile: str, *, say: Say = english) -> str:
    """Return a tile to place without an article: ``stone``, ``teleporter A``."""
    if tile in _KINDS:
        return stone_name(tile, say=say)
    names = {
        # TRANSLATORS: a tile still to place, in the list "Tiles still to place: ...".
        "teleporter_A": say("teleporter A"), "teleporter_B": say("teleporter B"),
        "pool_square": say("square blood pool"), "pool_long": say("long blood pool"),
    }
    return names[tile]


def _tile(tile: str, say: Say) -> str:
    """A tile a player places, as in "Ann placed teleporter A on c5"."""
    if tile in _KINDS:
        return _a_stone(tile, say)
    names = {
        # TRANSLATORS: a tile a player places, as in "Ann placed teleporter A on c5".
        "teleporter_A": say("teleporter A"), "teleporter_B": say("teleporter B"),
        "pool_square": say("the square blood pool"), "pool_long": say("the long blood pool"),
    }
    return names[tile]


def direction_word(letter: str, *, say: Say = english) -> str:
    """Return a direction letter (``N``) in words: ``north``."""
    # TRANSLATORS: a direction on the board, as in "turned north", "facing north",
    # "its arrow pointing north".
    names = {"N": say("north"), "E": say("east"), "S": say("south"), "W": say("west")}
    return names[letter]


def colour_word(colour: str, say: Say = english) -> str:
    """Return a seat's colour in words (the same words as the service's colour names,
    ``service/plumbing/i18n/words.py``: one catalog entry each)."""
    names = {
        "green": say("green"), "red": say("red"), "blue": say("blue"), "yellow": say("yellow"),
        "beige": say("beige"), "purple": say("purple"), "black": say("black"),
    }
    return names.get(colour, colour)


def _figure_colour(colour: str, say: Say) -> str:
    """A figure's colour in words: a word of its own in the catalogs (context ``figure``), as
    a language may make it agree with its word for a figure."""
    names = {
        # TRANSLATORS: a figure's colour, before its number: "red 5" (a figure: Figur, ficha,
        # postać). The same words without this context are a player's colour.
        "green": say("green", context="figure"), "red": say("red", context="figure"),
        "blue": say("blue", context="figure"), "yellow": say("yellow", context="figure"),
        "beige": say("beige", context="figure"), "purple": say("purple", context="figure"),
        "black": say("black", context="figure"),
    }
    return names.get(colour, colour)


def figure_name(key: str, *, say: Say = english) -> str:
    """Return ``red 5`` for the event key ``red5``."""
    figure = FigureId.parse(key)
    # TRANSLATORS: a figure named by its colour and number: "red 5".
    return say("%(colour)s %(number)s", colour=_figure_colour(figure.colour, say),
               number=figure.number)


def card_name(card: str, *, say: Say = english) -> str:
    """Return a monster card as printed: ``8`` or ``2 hits``."""
    if not is_hit(card):
        return card
    # TRANSLATORS: a monster card that makes the monster catch that many figures.
    names = {1: say("1 hit"), 2: say("2 hits"), 3: say("3 hits")}
    return names[hits(card)]


def _piece(name: str, say: Say) -> str:
    return _a_stone(name, say) if name in _KINDS else figure_name(name, say=say)


def comma_list(parts: list[str], *, say: Say = english) -> str:
    """Join ``a, b, c``."""
    if not parts:
        return ""
    # TRANSLATORS: adds one more item to a list: "red 5, blue 3", "1 hit, 2 hits".
    return reduce(lambda items, item: say("%(items)s, %(item)s", items=items, item=item), parts)


def and_list(parts: list[str], *, say: Say = english) -> str:
    """Join ``a``, ``a and b``, ``a, b and c``."""
    if len(parts) == 1:
        return parts[0]
    # TRANSLATORS: adds the last item to a list: "red 1 and red 3", "red 1, red 3 and red 4".
    return say("%(items)s and %(last)s", items=comma_list(parts[:-1], say=say), last=parts[-1])


def narrate_monster(events: Iterable[Mapping[str, Any]], *, say: Say = english) -> str:
    """Tell one monster phase in sentences, from its events."""
    sentences: list[str] = []
    steps: list[str] = []
    for e in events:
        step = _monster_step(e, say)
        if step is not None:
            steps.append(step)
            continue
        if e["type"] == MONSTER_DONE and steps:
            sentences.append(_steps_sentence(steps, say))
            steps = []
        sentence = _monster_sentence(e, say)
        if sentence is not None:
            sentences.append(sentence)
    if steps:
        sentences.append(_steps_sentence(steps, say))
    return " ".join(sentences)


def summarize_monster(events: Iterable[Mapping[str, Any]], *, say: Say = english) -> str:
    """Tell one monster phase in a few sentences, read once in a mail: the card it drew,
    whom it ate where, where it stopped and which way it faces; then a stage or the game
    that ended. (:func:`narrate_monster` tells the walk step by step, and why a first card
    was drawn again.)

    >>> summarize_monster([{"type": "card", "card": "7"},
    ...     {"type": "eat", "figure": "red3", "square": "p10", "how": "caught"},
    ...     {"type": "eat", "figure": "blue4", "square": "p9", "how": "caught"},
    ...     {"type": "monster_done", "square": "o6", "facing": "N",
    ...      "eaten": ["red3", "blue4"], "fate": "outside"}]).split(". ")
    ['The monster drew 7', 'It ate red 3 on p10 and blue 4 on p9, which wait outside again, \
and stopped on o6, facing north.']
    """
    sentences: list[str] = []
    card = ""
    eaten: dict[str, str] = {}
    for e in events:
        kind = e["type"]
        if kind == CARD:
            card = card_name(e["card"], say=say)
        elif kind == EAT:
            eaten[e["figure"]] = say("%(figure)s on %(square)s",
                                     figure=figure_name(e["figure"], say=say),
                                     square=e["square"])
        elif kind == MONSTER_DONE:
            sentences.append(_summary(card, [eaten[k] for k in e["eaten"] if k in eaten],
                                      e, say))
        elif kind in (STAGE_END, GAME_OVER):
            sentence = _monster_sentence(e, say)
            if sentence is not None:
                sentences.append(sentence)
    return " ".join(sentences)


def _summary(card: str, eaten: list[str], e: Mapping[str, Any], say: Say) -> str:
    """The card, the figures eaten and where the monster stopped, in one or two sentences."""
    said = {"card": card, "square": e["square"],
            "direction": direction_word(e["facing"], say=say)}
    if not eaten:
        return say("The monster drew %(card)s and stopped on %(square)s, facing "
                   "%(direction)s.", **said)
    said["eaten"] = and_list(eaten, say=say)
    one, outside = len(eaten) == 1, e["fate"] == "outside"
    # TRANSLATORS: %(eaten)s is "red 3 on p10" or "red 3 on p10 and blue 4 on p9"; in stage
    # 1 an eaten figure waits outside again, in stage 2 it is out of the game for good.
    if one and outside:
        return say("The monster drew %(card)s. It ate %(eaten)s, which waits outside again, "
                   "and stopped on %(square)s, facing %(direction)s.", **said)
    if outside:
        return say("The monster drew %(card)s. It ate %(eaten)s, which wait outside again, "
                   "and stopped on %(square)s, facing %(direction)s.", **said)
    if one:
        return say("The monster drew %(card)s. It ate %(eaten)s, which is out of the game for "
                   "good, and stopped on %(square)s, facing %(direction)s.", **said)
    return say("The monster drew %(card)s. It ate %(eaten)s, which are out of the game for "
               "good, and stopped on %(square)s, facing %(direction)s.", **said)


def _steps_sentence(steps: list[str], say: Say) -> str:
    # TRANSLATORS: adds one more thing the monster did: "turned north, went to h7".
    told = reduce(lambda done, step: say("%(steps)s, %(step)s", steps=done, step=step), steps)
    # TRANSLATORS: what the monster did, one step after another: "It turned north toward
    # red 5 on h3, went to h8, ate red 5 on h3."
    return say("It %(steps)s.", steps=told)


def _monster_step(e: Mapping[str, Any], say: Say) -> str | None:
    """Tell one thing the monster did on its walk, as a clause after "It"; None for events
    that are no step of the walk."""
    kind = e["type"]
    if kind == LOOK and e["turned"]:
        seen = min(e["seen"], key=lambda s: s["distance"])
        # TRANSLATORS: one step of the monster's walk, said after "It" (see "It %(steps)s.");
        # so are "went to ...", "slid to ...", "ate ..." and the others.
        return say("turned %(direction)s toward %(figure)s on %(square)s",
                   direction=direction_word(e["facing"], say=say),
                   figure=figure_name(seen["figure"], say=say), square=seen["square"])
    if kind == STEP:
        return (say("slid to %(square)s", square=e["to"]) if e["slide"]
                else say("went to %(square)s", square=e["to"]))
    if kind == WALL:
        return _through_wall(e, say)
    if kind == TURNING_STONE:
        return say("was turned %(direction)s by %(stone)s on %(square)s",
                   direction=direction_word(e["facing"], say=say), stone=_a_stone(e["kind"], say),
                   square=e["stone"])
    if kind == TELEPORT:
        return say("teleported from %(square)s to %(to)s, facing %(direction)s",
                   square=e["square"], to=e["to"], direction=direction_word(e["facing"], say=say))
    if kind == STAY:
        return (say("turned round in a loop and stayed put") if e.get("reason") == "loop"
                else say("spun round four times and stayed put"))
    if kind == EAT:
        return _ate(e, say)
    if kind == PUSH:
        # TRANSLATORS: the monster pushed pieces: "pushed a stone to h3, red 5 off the board".
        pieces = [_shoved(piece, say) for piece in e["pieces"]]
        return say("pushed %(pieces)s", pieces=comma_list(pieces, say=say))
    return None


def _through_wall(e: Mapping[str, Any], say: Say) -> str:
    """The monster walking through the wall beside a square, named by where it is."""
    # TRANSLATORS: the monster leaves the board through the wall on one side of a square and
    # comes back on the far side: "walked through the wall north of e1 to l11".
    walls = {
        "N": say("walked through the wall north of %(square)s to %(to)s",
                 square=e["square"], to=e["to"]),
        "E": say("walked through the wall east of %(square)s to %(to)s",
                 square=e["square"], to=e["to"]),
        "S": say("walked through the wall south of %(square)s to %(to)s",
                 square=e["square"], to=e["to"]),
        "W": say("walked through the wall west of %(square)s to %(to)s",
                 square=e["square"], to=e["to"]),
    }
    return walls[e["direction"]]


def _ate(e: Mapping[str, Any], say: Say) -> str:
    figure, square = figure_name(e["figure"], say=say), e["square"]
    if e["how"] == "pushed_off":
        return say("pushed off the board and so ate %(figure)s on %(square)s",
                   figure=figure, square=square)
    if e["how"] == "teleporter":
        return say("pushed onto a teleporter and so ate %(figure)s on %(square)s",
                   figure=figure, square=square)
    return say("ate %(figure)s on %(square)s", figure=figure, square=square)


def _shoved(push: Mapping[str, Any], say: Say) -> str:
    """Where the monster pushed one piece: ``a stone to h3``, ``red 5 off the board``."""
    piece = _piece(push["piece"], say)
    if push["to"] is not None:
        # TRANSLATORS: after "The monster pushed": a piece and where it went.
        return say("%(piece)s to %(square)s", piece=piece, square=push["to"])
    if push["piece"] in _KINDS:
        return say("%(piece)s out of the game", piece=piece)
    return say("%(piece)s off the board", piece=piece)


def _monster_sentence(e: Mapping[str, Any], say: Say) -> str | None:
    """Tell an event of the monster phase that is a sentence of its own; None for others."""
    kind = e["type"]
    if kind == CARD:
        return say("The monster drew %(card)s.", card=card_name(e["card"], say=say))
    if kind == FIRST_CARD_REDRAW:
        said = {"cards": comma_list([card_name(c, say=say) for c in e["set_aside"]], say=say),
                "card": card_name(e["card"], say=say)}
        # TRANSLATORS: %(cards)s names the hit cards set aside ("2 hits" or "1 hit, 3 hits"),
        # %(card)s the number card drawn instead ("8").
        if len(e["set_aside"]) == 1:
            return say("The first card of the game may not be a hit card, so the hit card "
                       "%(cards)s went back and %(card)s was drawn.", **said)
        return say("The first card of the game may not be a hit card, so the hit cards "
                   "%(cards)s went back and %(card)s was drawn.", **said)
    if kind == MONSTER_DONE:
        return _stopped(e, say)
    if kind == STAGE_END:
        if e["stage"] == 1:
            return say("Stage 1 is over: all cards are shuffled and stage 2 begins; from now on "
                       "eaten figures are out for good.")
        return say("Stage 2 is over; figures still inside count as eaten.")
    if kind == GAME_OVER:
        return say("The game is over.")
    return None


def _stopped(e: Mapping[str, Any], say: Say) -> str:
    """Where the monster stopped, and whom it ate in the phase."""
    square, facing = e["square"], direction_word(e["facing"], say=say)
    eaten = [figure_name(k, say=say) for k in e["eaten"]]
    if not eaten:
        return say("It stopped on %(square)s facing %(direction)s.",
                   square=square, direction=facing)
    one, outside = len(eaten) == 1, e["fate"] == "outside"
    said = {"square": square, "direction": facing, "eaten": comma_list(eaten, say=say)}
    if one and outside:
        return say("It stopped on %(square)s facing %(direction)s; eaten: %(eaten)s "
                   "(it waits outside again).", **said)
    if outside:
        return say("It stopped on %(square)s facing %(direction)s; eaten: %(eaten)s "
                   "(they wait outside again).", **said)
    if one:
        return say("It stopped on %(square)s facing %(direction)s; eaten: %(eaten)s "
                   "(it is out for good).", **said)
    return say("It stopped on %(square)s facing %(direction)s; eaten: %(eaten)s "
               "(they are out for good).", **said)


def narrate_action(events: Iterable[Mapping[str, Any]], who: str, *,
                   timed_out: bool = False, say: Say = english) -> str:
    """Tell one player's action in words, from the events it wrote.

    ``who`` names the seat as the reader knows it (``Ann (green)``); ``timed_out`` says the
    action was taken for the seat because its time ran out (the service knows that; the
    engine's events do not say it). The first game turn's automatic flips get a sentence of
    their own; other events (a new phase, the end of the game) are not told here.

    >>> narrate_action([{"type": "move", "figure": "green5", "from": "outside", "to": "n10",
    ...                  "escapes": False, "pushes": [{"from": "o10", "to": "o9",
    ...                                                "piece": "crystal"}]}], "Ann (green)")
    'Ann (green) brought green 5 in at p11 and moved it to n10, pushing the crystal on o10 to o9.'
    >>> narrate_action([{"type": "flip", "figure": "red3"}], "Bob (red)", timed_out=True)
    'Bob (red) ran out of time, so red 3 was flipped without moving.'
    """
    events = list(events)
    done = next((e for e in events
                 if e["type"] in PLAYER_ACTIONS and not e.get("automatic")), None)
    told = _told_action(done, who, timed_out, say)
    waiting = [figure_name(e["figure"], say=say) for e in events
               if e["type"] == FLIP and e.get("automatic")]
    if len(waiting) == 1:
        told += " " + say("In the first game turn a player enters at most two figures, so "
                          "%(figures)s, still waiting outside, was flipped.", figures=waiting[0])
    elif waiting:
        told += " " + say("In the first game turn a player enters at most two figures, so "
                          "%(figures)s, still waiting outside, were flipped.",
                          figures=and_list(waiting, say=say))
    return told


def _told_action(done: Mapping[str, Any] | None, who: str, timed_out: bool, say: Say) -> str:
    """Tell the action a player took (or that was taken for them) in a sentence."""
    if done is None:
        return say("%(who)s played.", who=who)
    if done["type"] == MOVE:
        # TRANSLATORS: a player and what their move did: "Ann (red) moved red 4 from h5 to g3".
        return say("%(who)s %(move)s.", who=who, move=_move(done, say))
    if done["type"] == FLIP:
        figure = figure_name(done["figure"], say=say)
        if timed_out:
            return say("%(who)s ran out of time, so %(figure)s was flipped without moving.",
                       who=who, figure=figure)
        return say("%(who)s flipped %(figure)s without moving it.", who=who, figure=figure)
    tile, where = _tile(done["tile"], say), _tile_squares(done, say)
    if timed_out:
        return say("%(who)s ran out of time, so %(tile)s was placed on %(squares)s.",
                   who=who, tile=tile, squares=where)
    return say("%(who)s placed %(tile)s on %(squares)s.", who=who, tile=tile, squares=where)


def _move(e: Mapping[str, Any], say: Say) -> str:
    """Tell a move event as a verb phrase: "moved green 5 from h5 to h7, pushing ..."."""
    figure = figure_name(e["figure"], say=say)
    if e["from"] == OUTSIDE and e["to"] == _ENTRANCE:
        # TRANSLATORS: a move, said after the player's name (see "%(who)s %(move)s."); so are
        # the other "moved ..." and "brought ..." texts.
        told = say("brought %(figure)s in at %(square)s", figure=figure, square=_ENTRANCE)
    elif e["from"] == OUTSIDE:
        told = say("brought %(figure)s in at %(entrance)s and moved it to %(square)s",
                   figure=figure, entrance=_ENTRANCE, square=e["to"])
    elif e["escapes"]:
        told = say("moved %(figure)s from %(square)s out of the fortress",
                   figure=figure, square=e["from"])
    else:
        told = say("moved %(figure)s from %(square)s to %(to)s",
                   figure=figure, square=e["from"], to=e["to"])
    pushes = [_pushed(p, say) for p in e["pushes"]]
    if pushes:
        # TRANSLATORS: a move and the stones it pushed: "moved red 4 from h5 to g4, pushing
        # the stone on h4 to h3".
        told = say("%(move)s, pushing %(pushed)s", move=told, pushed=and_list(pushes, say=say))
    if e["escapes"]:
        # TRANSLATORS: a move that took the figure out: "moved red 4 from c1 out of the
        # fortress: it escaped".
        told = say("%(move)s: it escaped", move=told)
    return told


def pushed_stone(kind: str, square: str, to: str | None, *, say: Say = english) -> str:
    """Return a stone a figure pushes, from ``square`` to ``to`` (None: out of the game), as
    said after "pushing": ``the stone on h4 to h3``, ``the crystal on a2 out of the game``."""
    stone = the_stone_name(kind, say=say)
    if to is None:
        # TRANSLATORS: a stone a figure pushed, after "pushing": "the stone on a2 out of the
        # game", "the stone on h4 to h3".
        return say("%(stone)s on %(square)s out of the game", stone=stone, square=square)
    return say("%(stone)s on %(square)s to %(to)s", stone=stone, square=square, to=to)


def _pushed(push: Mapping[str, Any], say: Say) -> str:
    # A move event written before pushes named their piece says none: "stone" is still
    # true, since every piece a figure pushes is one of the stones (RULES §3.4).
    return pushed_stone(push.get("piece", STONE), push["from"], push["to"], say=say)


def _tile_squares(e: Mapping[str, Any], say: Say) -> str:
    squares = e["squares"]
    # TRANSLATORS: the squares a blood pool covers, from the first to the last: "e9–h9".
    where = (squares[0] if len(squares) == 1
             else say("%(first)s–%(last)s", first=squares[0], last=squares[-1]))
    if "arrow" in e:
        # TRANSLATORS: where a teleporter lies and where its arrow points: "c5, its arrow
        # pointing south".
        where = say("%(squares)s, its arrow pointing %(direction)s",
                    squares=where, direction=direction_word(e["arrow"], say=say))
    return where
