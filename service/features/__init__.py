"""The features: each a package with its routes, schemas, service and tables.

A feature imports the kernel and the plumbing, and another feature only through the seams
``docs/architecture.md`` names (``tests/test_layers.py``): the mail channel, the submission
use case, the table's, the links', the turn plans', the computer's and the notifications'
use cases, and the webhooks' messages.
"""
