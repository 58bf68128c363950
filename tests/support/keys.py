"""The secret key of test apps and stacks: long and random-looking, as the app demands
(``service.plumbing.keyring``), and the same in every process of a test."""

TEST_SECRET_KEY = "tests-eb47e463dfae2e511e9e54df14b5c60872b80361e9600522"
