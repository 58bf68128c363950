"""Deadlines: a time limit per move, a reminder before it runs out, expiry, pause and resume.

``timing`` keeps each game's deadline up to date as play goes on (called where every change
of a game is written); ``service`` pauses and resumes games for their creator; ``expiry``
is what the periodic check (``worker.deadlines``) runs: reminders and expired sub-turns.
"""
