"""The game's kernel: what every feature shares about a game played as a service.

The tables of games, seats, tokens and the log (``models``), reading and writing them in the
caller's transaction (``store``), what callers see (``views``, ``view_schemas``), a change as
a fact (``changes``) and where it goes (``pipeline``), the service's words (``vocabulary``),
whether a game takes actions now (``game_rules``), the game told in words (``narration``),
deadlines and pace (``timing``, ``pace``), who is calling (``auth``), the links handed out
(``urls``) and the monster phase. It imports the plumbing and the engine, never a feature
(``tests/test_layers.py``).
"""
