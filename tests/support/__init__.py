"""Real throwaway servers for the tests, each on a free loopback port in a temporary folder.

Each server is a class with ``start()`` and ``stop()``; ``tests/conftest.py`` turns them into
fixtures (``redis_server``, ``postgres_url``, ``smtp_server``, ``imap_server`` (Dovecot),
``webhook_receiver``, ``browser``/``page``) and stops them afterwards, also when a test fails.
The tests that use a server carry its marker (``redis``, ``postgres``, ``smtp``, ``imap``,
``webhook``, ``browser``).

A server whose program is missing skips its tests with the reason, except under ``CI=true``,
where it fails them: CI must never pass by skipping. Beside them, ``mail_client`` does what a
player's mail program does with the service's mails (reads the text, writes a reply).
"""
