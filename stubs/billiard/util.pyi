# The part of billiard (Celery's pool) the worker touches.
import logging

def get_logger() -> logging.Logger: ...
