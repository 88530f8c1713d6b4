"""What the catalog tests share: the message ids the code uses, read from the source once per worker."""

from __future__ import annotations

from functools import cache

from bot.i18n.tooling import used_messages


@cache
def _read() -> tuple[tuple[str, bool], ...]:
    return tuple(used_messages().items())


def used_in_code() -> dict[str, bool]:
    """`bot.i18n.tooling.used_messages()` (every message id the code may ask for → asked with plural forms), read
    once per worker: extracting it reads every source file (a few seconds). A fresh dict on each call."""
    return dict(_read())
