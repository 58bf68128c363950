"""The monster preview: where the monster would walk for each card that may come."""
