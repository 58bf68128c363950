"""Background jobs of Fearsome Floors by mail (Celery); arrives with the worker issue.

See ``worker/README.md`` for what will live here.
"""
