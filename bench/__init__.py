"""Performance benchmarks (not tests): they print what they measure against the targets, never assert.

    .venv/bin/python -m bench                 all of them, then one summary table (also: python bench/run.py)
    .venv/bin/python -m bench.engines         GAME.apply per game, p50/p99        (target p99 <= 1 ms)
    .venv/bin/python -m bench.renderers       render + to_png, p50/p95, PNG size  (p95 <= 40 ms, <= 100 KiB)
    .venv/bin/python -m bench.store           Store.append_action, p50/p99        (p99 <= 5 ms)
    .venv/bin/python -m bench.bot_load        100 Spyfall tables via SimCord      (action p99 <= 250 ms)
"""
