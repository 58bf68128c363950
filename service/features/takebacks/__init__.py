"""Takebacks by agreement: a seat takes back its last action while no card was turned up."""
