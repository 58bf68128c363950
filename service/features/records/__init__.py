"""Records: a game written out for other tools and people, and read back with every step checked."""
