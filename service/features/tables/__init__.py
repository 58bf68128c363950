"""Tables: a group of players that plays game after game; rematches and standings."""
