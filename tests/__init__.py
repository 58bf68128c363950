"""The test suite of Fearsome Floors by mail; real servers come from ``tests.support``."""
