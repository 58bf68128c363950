"""Actions: submitting a player's move, flip or tile placement."""
