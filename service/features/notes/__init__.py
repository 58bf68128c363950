"""Private notes: what a seat writes for itself about a game, read by no one else."""
