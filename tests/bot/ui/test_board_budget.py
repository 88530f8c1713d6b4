"""A board message fits one screen at 1280 × 800: every game's board embed keeps within its budget of lines, in
every language, at sampled moments of the playout corpus; what it leaves out is in "📜 Details"."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import pytest

from bot.gameui import Ctx, GameUI
from bot.ui.board import BOARD_LINES, BOARD_SPACE, TablePresenter, rows_of, shown_lines
from bot.ui.controls import board_view
from games import REGISTRY
from tests.bot.helpers import table_at
from tests.support.corpus import PlayoutCorpus

LOCALES = ("en", "es", "it", "ca")
# Names as long as people's usually are (Discord allows 32 characters; the sandbox's are 3 to 5).
NAMES = ["Margarida", "Bartolomeu", "Alessandra", "Francesc", "Guillermina", "Valentina", "Maximilià", "Roberta"]
SEEDS = 4  # games of the standard set per game
MOMENTS = 60  # states drawn per game


def presenter_of(game_id: str) -> TablePresenter:
    ui = importlib.import_module(f"bot.cogs.{game_id}").UI
    # The presenter reads only the turn clock's lines from the bot; the clock is measured on its own below.
    return TablePresenter(SimpleNamespace(turns=SimpleNamespace(board_lines=lambda *a: [])), ui)


def boards(corpus: PlayoutCorpus, game_id: str) -> list[tuple[Any, Ctx]]:
    """Sampled moments of a few corpus games, each with a computer in the last seat, worded in turn in every
    language."""
    drawn: list[tuple[Any, Ctx]] = []
    for seed in corpus.seeds(game_id)[:SEEDS]:
        playout = corpus.playout(game_id, seed)
        step = max(1, len(playout.states) // (MOMENTS // SEEDS))
        for index in [*range(0, len(playout.states), step), len(playout.states) - 1]:
            table = table_at(game_id, playout.states[index], playout.players, index, {playout.players - 1})
            locale = LOCALES[index % len(LOCALES)]
            drawn.append((table, Ctx(table=table, view=table.view(None), names=NAMES[:playout.players],
                                     locale=locale)))
    return drawn


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_board_embed_keeps_within_its_lines(playout_corpus: PlayoutCorpus, game_id: str) -> None:
    """The board's title and text take at most `BOARD_LINES` lines as shown and, with its rows of buttons
    counted two lines each, at most `BOARD_SPACE`; no field; they end with the newest move whenever the game has
    told one and the status leaves a line for it; the details keep the game's rows."""
    presenter = presenter_of(game_id)
    worst: tuple[int, str] = (0, "")
    for table, ctx in boards(playout_corpus, game_id):
        rows = rows_of(board_view(table, presenter.ui, ctx)) if table.status == "playing" else 1
        embed = presenter.embed(ctx, rows=rows)
        text = f"{embed.title}\n{embed.description}"
        lines = shown_lines(embed.title or "") + shown_lines(embed.description or "")
        worst = max(worst, (lines, text))
        assert lines + 2 * rows <= BOARD_SPACE, (rows, text)
        assert not embed.fields, text
        recent = presenter.recent(ctx)
        status = shown_lines(embed.title or "") + shown_lines("\n".join(presenter.status_lines(ctx)))
        if recent and status <= min(BOARD_LINES, BOARD_SPACE - 2 * rows) - 1:
            newest = recent[-1]
            shown = (embed.description or "").rsplit("\n", 1)[-1]
            assert newest == shown or (shown.endswith("…") and newest.startswith(shown[:-1])), text
        assert len(presenter.details(ctx).fields) == len(presenter.ui.fields(ctx))
    assert worst[0] <= BOARD_LINES, f"{worst[0]} lines:\n{worst[1]}"


def test_a_computer_s_long_turn_is_one_line_of_the_recent_moves() -> None:
    """Twelve moves of a computer after two of a member: the eight recent moves still tell every one of the
    computer's, in order, on one line, and the member's own stay lines of their own."""
    ui = GameUI(game_id="toy", title=lambda ctx: "Toy", word=lambda event, ctx: event["text"], recent_moves=8)
    presenter = TablePresenter(SimpleNamespace(), ui)
    member = [{"seat": 0, "text": f"ada moves {n}."} for n in range(2)]
    # The first of the computer's moves takes the discs; the events it causes name no seat.
    computer: list[dict[str, Any]] = [{"seat": 1, "text": "Computer rolls."}, {"text": "ada pays 2 discs to Computer."}]
    computer += [{"seat": 1, "text": f"Computer steps to A{n}."} for n in range(10)]
    table = SimpleNamespace(computer_seats=[1])
    ctx = Ctx(table=table, view={"log": [*member, *computer]}, names=["ada", "Computer"], locale="en")  # type: ignore[arg-type]
    recent = presenter.recent(ctx)
    assert recent[:2] == ["ada moves 0.", "ada moves 1."]
    assert recent[2:] == [" · ".join(e["text"] for e in computer)]
