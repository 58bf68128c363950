"""Links: "I lost my link" sends a player their links by email."""
