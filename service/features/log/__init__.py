"""The log of a game: its accepted actions and its events, read with a cursor."""
