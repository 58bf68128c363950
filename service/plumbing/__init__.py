"""The application's plumbing: what any web service of this kind needs, and knows no game.

The configuration, the database extension and its column types, the JSON codec and the one
error shape, the unit of work (one transaction per use case) and the outbox it commits with,
sealing and keys, tokens, rate limits, logs and request ids, readiness and health, the
languages (``i18n``). Nothing here imports the kernel or a feature (``tests/test_layers.py``).
"""
