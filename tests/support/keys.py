"""The secret key of test apps and stacks: long and random-looking, as the app demands
(``service.plumbing.keyring``), and the same in every process of a test."""

TEST_SECRET_KEY = "tests-" + "9f3c1a7e5b2d8064" * 3
