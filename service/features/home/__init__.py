"""Home: one signed link per email address to the list of its games ("my games")."""
