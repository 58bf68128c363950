"""Texts of errors the service answers but does not write itself, listed for the catalog.

The engine imports nothing but the standard library, so it cannot translate: it raises its
errors with an English template and the words that fill it (:meth:`engine.EngineError.said`),
and :func:`service.plumbing.errors.engine_message` writes them in the reader's language.
:data:`ENGINE_TEMPLATES` lists every template the engine raises (a test reads the engine's
source to keep it whole). Marshmallow writes the field messages of a request that is not valid
(``details.fields``); :data:`FIELD_MESSAGES` lists those the service's schemas can give, as
templates that match them (:func:`service.plumbing.errors.field_messages`).

The texts are marked with :func:`_`, which leaves them as they are: the extractor finds them
here, and they are translated where an error is answered.
"""

from __future__ import annotations


def _(text: str) -> str:
    """Return ``text`` unchanged, marked for the catalog (gettext's ``N_``)."""
    return text


ENGINE_TEMPLATES = frozenset({
    # engine/actions.py
    _("an action must be a JSON object with a 'type'"),
    _("arrow must be N, E, S or W, got %(arrow)r"),
    _("orientation must be 'h' or 'v', got %(orientation)r"),
    _("a %(kind)s action needs %(field)r"),
    _("unknown action type %(kind)r (move, flip or place)"),
    _("%(square)s is under a staircase, not on the board: a %(tile)s cannot be placed there"),
    # engine/board.py
    _("%(square)r is not a square on the board"),
    _("%(name)r is not a square on the board (a1..p11, minus the staircases)"),
    _("%(letter)r is not a direction (N, E, S or W)"),
    # engine/cards.py
    _("%(card)r is not a monster card (5, 7, 8, 10, 1hit, 2hits, 3hits)"),
    # engine/figure_phase.py
    _("%(name)s is not a figure of %(colour)s"),
    _("%(name)s is not in play (%(where)s)"),
    _("%(name)s has already moved this game turn"),
    _("%(name)s: in the first game turn a player enters at most two figures"),
    # engine/game.py
    _("%(action)r is not an action"),
    # engine/monster_phase.py
    _("the monster pile is empty"),
    _("the game is over"),
    _("it is the %(phase)s phase, not the monster phase"),
    # engine/moves.py
    # TRANSLATORS: a refused move: %(name)s is the figure ("red 5"), %(path)s its path as
    # written ("+WWN": steps N, E, S, W; + enters, X leaves), %(step)s the step refused.
    _("%(name)s %(path)s: step %(step)s: a move needs at least one step (or flip the figure)"),
    _("%(name)s %(path)s: step %(step)s: %(name)s shows %(points)s, so it can take at most "
      "%(points)s step(s), not %(steps)s"),
    _("%(name)s %(path)s: step %(step)s: the figure has already left the fortress"),
    _("%(name)s %(path)s: step %(step)s: only a figure waiting outside can enter (+)"),
    _("%(name)s %(path)s: step %(step)s: the monster stands on p11, so nobody can enter (D12)"),
    _("%(name)s %(path)s: step %(step)s: a figure waiting outside must first enter onto p11 "
      "(write + first)"),
    _("%(name)s %(path)s: step %(step)s: a figure leaves only from a1, and this one is on "
      "%(square)s"),
    _("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: a wall is in the "
      "way"),
    _("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: the monster "
      "stands there (figures never enter or pass its square)"),
    _("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: a teleporter is a "
      "wall for figures"),
    _("%(name)s %(path)s: step %(step)s: cannot go %(letter)s from %(square)s: the stone there "
      "cannot be pushed (the square behind it is not empty)"),
    _("%(name)s %(path)s: step %(step)s: the move would end on %(square)s, where %(other)s "
      "stands; a figure must end on an empty square (and may not slide over a pool onto another "
      "figure with no points left to step on)"),
    _("%(name)s %(path)s: step %(step)s: the path ends where it started with nothing pushed; "
      "flip the figure instead"),
    _("%(path)r: %(letter)r is not a step (N, E, S, W; + to enter, X to leave)"),
    # engine/notation.py
    # TRANSLATORS: %(text)r is the move as the player typed it, in quotes. The examples in
    # quotes are notation the game reads: keep them as they are.
    _("%(text)r is not text"),
    _("%(text)r: name the figure with its colour, e.g. 'red 5'"),
    _("empty move: write e.g. 'red 5 +WWN', '5 to h7' or 'flip 4'"),
    _("%(text)r: a destination-only move needs the game position"),
    _("cannot read %(text)r: write a figure and a path ('red 5 +WWN'), a destination ('5 to h7', "
      "'5 out'), 'flip 4', or a placement ('place stone c3')"),
    _("%(text)r: %(problem)s"),
    _("%(text)r: %(name)s cannot get out of the fortress this turn"),
    _("%(text)r: %(name)s cannot get %(square)s this turn"),
    _("%(text)r: %(name)s can reach out of the fortress in %(count)s ways that push stones "
      "differently; give the path: %(paths)s"),
    _("%(text)r: %(name)s can reach %(square)s in %(count)s ways that push stones differently; "
      "give the path: %(paths)s"),
    _("%(text)r: a placement needs a square, e.g. 'place stone c3'"),
    _("%(text)r: a placement names its tile, e.g. 'place stone c3'"),
    _("%(text)r: %(word)r is not understood after the square"),
    # engine/options.py
    _("unknown rule option(s): %(names)s"),
    _("rule option %(key)r must be true or false, got %(value)r"),
    _("the '3 hits' card is a variant for 6-7 players, not %(players)s"),
    _("random set-up and the teleporter placement rules belong to the experienced game"),
    # engine/placement.py
    _("%(tile)r is not a tile (%(tiles)s)"),
    _("no %(tile)s tile is left to place"),
    _("a teleporter needs an arrow (N, E, S or W)"),
    _("only teleporters carry an arrow, not a %(tile)s"),
    _("the long pool lies horizontal (h) or vertical (v)"),
    _("a %(tile)s has no orientation"),
    _("a %(tile)s at %(square)s would not lie fully on the board"),
    _("nothing may be placed on %(squares)s: the corners a1 and p11 and their orthogonal "
      "neighbours stay free (D7)"),
    _("%(squares)s already holds a tile"),
    _("a teleporter on %(square)s would be next to another teleporter"),
    _("a teleporter already stands by the twin wall of %(square)s, on %(twin)s (online placement "
      "rule)"),
    _("a teleporter on %(square)s would wall off the exit: no figure could walk from p11 to a1 "
      "any more (the rule against sealed doors)"),
    # engine/position.py
    _("a position must be a JSON object"),
    _("position schema %(schema)r is not supported (expected 1)"),
    _("malformed position: %(problem)r"),
    _("%(what)s: expected a square name like 'h5', got %(value)r"),
    _("%(what)s: expected a whole number or null, got %(value)r"),
    _("%(what)s: expected N, E, S or W, got %(value)r"),
    _("rules version %(rules)r is not one of %(versions)s"),
    _("figure %(name)s: face must be 'coloured' or 'black', got %(face)r"),
    _("players must have seats 0..%(last)s in order, got %(seats)s"),
    _("%(colour)r is not a colour (%(colours)s)"),
    _("two players have the same colour: %(colours)s"),
    _("phase %(phase)r is not one of %(phases)s"),
    _("stage must be 1 or 2, got %(stage)s"),
    _("to_move %(seat)r is not a seat"),
    _("start_seat %(seat)r is not a seat"),
    _("figure(s) listed twice: %(names)s"),
    _("%(square)s holds both %(first)s and %(second)s"),
    _("figure %(name)s belongs to no player"),
    _("figure %(name)s: no such figure"),
    _("figure %(name)s: where must be one of %(places)s, not %(where)r"),
    _("figure %(name)s: a square is given exactly when it is on the board"),
    _("stone on %(square)s: kind must be one of %(kinds)s"),
    _("a stone cannot stand on %(square)s (D1)"),
    _("teleporter on %(square)s: kind must be A or B"),
    _("teleporter %(kind)s needs exactly two tiles to form a pair, found %(count)s"),
    _("two pools overlap on %(square)s"),
    _("a teleporter cannot lie on the pool at %(square)s"),
    _("pool kind must be 'square' or 'long', got %(kind)r"),
    _("a %(kind)s pool cannot cover %(squares)s"),
    # engine/replay.py
    _("action %(action)s (game turn %(game_turn)s): the monster phase differs from the record"),
    # engine/setup.py
    _("Fearsome Floors is for 2-7 players, not %(players)s"),
    _("%(colour)r cannot be played with %(players)s players (choose from %(colours)s)"),
    _("each player needs a different colour, got %(colours)s"),
    _("start seat %(seat)r is not a seat (0..%(last)s)"),
    # engine/state.py
    _("%(text)r does not name a figure (colour and number, e.g. 'red 5')"),
    _("%(figure)r: figures are named by their coloured number, 1, 3, 4 or 5"),
    _("nobody plays %(colour)s in this game"),
    _("%(name)s is not in this game"),
    # engine/timeouts.py
    _("nobody is to act in the %(phase)s phase, so no time can run out"),
    # engine/turn.py
    _("the game is at version %(version)s, not %(expected)s"),
    _("the game is over; no more actions are taken"),
    _("the monster is moving; the next turn starts when it is done"),
    _("it is the %(phase)s phase, not the figure phase"),
    _("it is the %(phase)s phase, not the placement phase"),
    _("it is %(colour)s's turn, not %(actor)s's"),
    _("it is %(colour)s's turn to place a tile, not %(actor)s's"),
})
"""Every message template the engine raises (English, ``%(name)s`` placeholders)."""

FIELD_MESSAGES = (
    # marshmallow's fields
    _("Missing data for required field."),
    _("Field may not be null."),
    _("Unknown field."),
    _("Invalid input type."),
    _("Invalid type."),
    _("Invalid value."),
    _("Not a valid string."),
    _("Not a valid utf-8 string."),
    _("Not a valid integer."),
    _("Not a valid number."),
    _("Number too large."),
    _("Not a valid boolean."),
    _("Not a valid list."),
    _("Not a valid mapping type."),
    _("Not a valid datetime."),
    _("Not a valid email address."),
    _("Not a valid URL."),
    # marshmallow's validators
    # TRANSLATORS: %(choices)s lists the values the field takes, as the API spells them.
    _("Must be one of: %(choices)s."),
    _("Length must be between %(min)s and %(max)s."),
    _("Length must be %(equal)s."),
    _("Longer than maximum length %(max)s."),
    _("Shorter than minimum length %(min)s."),
    _("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
    _("Must be greater than or equal to %(min)s."),
    _("Must be less than or equal to %(max)s."),
    _("String does not match expected pattern."),
)
"""The field messages of marshmallow that the service's schemas can give, as templates:
``%(name)s`` stands for a value marshmallow wrote in (``Must be one of: h, v.``)."""
