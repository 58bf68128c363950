"""Sandboxes: a private copy of a position to try moves in, never touching the real game."""
