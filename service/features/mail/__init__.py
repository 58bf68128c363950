"""Outgoing email of the service: what each player is told, written to the outbox.

:mod:`.notices` decides who hears about a change (preferences, recent activity),
:mod:`.compose` writes the messages (text and HTML), :mod:`.keys` signs their links,
:mod:`.seats` keeps each seat's preference and last activity, :mod:`.digest` writes the daily
digests. Sending is the worker's (``worker.mail``).
"""
