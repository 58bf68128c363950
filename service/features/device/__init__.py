"""Your games on this device: every seat a browser has opened, read in one request, each
authorized by its own token (no account)."""
