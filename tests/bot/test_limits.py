"""Discord's text limits in one place (bot/limits.py): what fits is kept, what does not is cut with "…"."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import limits

BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.mark.parametrize(("cut", "limit"), [(limits.label, 80), (limits.option, 100), (limits.placeholder, 150),
                                            (limits.modal_title, 45), (limits.title, 256), (limits.field, 1024),
                                            (limits.description, 4096)])
def test_each_kind_of_text_is_held_to_discord_s_limit(cut: object, limit: int) -> None:
    """A text at the limit is kept whole; one character over is cut to the limit and ends with an ellipsis."""
    assert callable(cut)
    exact = "x" * limit
    assert cut(exact) == exact
    over = cut("y" * (limit + 1))
    assert len(over) == limit and over.endswith("…") and over.startswith("y" * (limit - 1))


def test_a_custom_id_is_never_cut() -> None:
    """A custom id that would need cutting is a bug, said at once: a cut id would name another thing."""
    assert limits.custom_id("g:1:" + "a" * 96) == "g:1:" + "a" * 96
    with pytest.raises(ValueError):
        limits.custom_id("g:1:" + "a" * 97)


def bare_limit_slices(source: str) -> list[int]:
    """Lines that slice a text at one of Discord's limits by hand (`[:80]`, `[:1024]`…)."""
    numbers = {limits.LABEL, limits.OPTION, limits.PLACEHOLDER, limits.MODAL_TITLE, limits.TITLE, limits.FIELD,
               limits.DESCRIPTION}
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Slice) and node.lower is None and isinstance(node.upper, ast.Constant)
                and node.upper.value in numbers):
            found.append(node.lineno)
    return found


def test_the_bot_slices_no_text_at_a_limit_by_hand() -> None:
    """Every text cut to a Discord limit goes through bot/limits.py (bench and tests aside)."""
    offenders = {str(path.relative_to(BOT)): lines for path in sorted(BOT.rglob("*.py"))
                 if (lines := bare_limit_slices(path.read_text(encoding="utf-8")))}
    assert offenders == {}


def test_the_check_finds_a_bare_slice() -> None:
    """The check above can fail: a hand-made cut at a button label's limit is found."""
    assert bare_limit_slices('label = (text or "…")[:80]\nok = text[:3]\n') == [1]
