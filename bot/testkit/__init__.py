"""Driving the real bot in SimCord as people do, for the tests (tests/bot/) and the benchmarks (bench/) alike.

`world`: a guild with a channel and members around a running bot (`World`), and the ids of a message's
controls; `clicks`: playing any game by clicks (the board's buttons, the private pickers, the composers);
`junta`: a Junta table opened and played by clicks. Nothing here asserts a test's expectation: what a
test checks stays in the test.
"""
