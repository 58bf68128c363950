"""Games: create, read, join an open seat, cancel."""
