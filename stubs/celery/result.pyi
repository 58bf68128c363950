class AsyncResult:
    id: str
