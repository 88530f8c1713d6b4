"""Every game's board as a player sees it in the channel: the sandbox in headless Chromium at 1280 × 800,
each game played to a mid-game board, the board picture measured where the page shows it.

The tables are opened and played through the bot's own table service (the slash commands and buttons are
the other browser tests' business); the page only shows what the bot posted. Screenshots of each board
in English and Italian go to tests/artifacts/sandbox/boards/ for a person to look at.
Skipped, loudly, when Chromium or Playwright is missing (`.ci/run` installs both)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.sandbox import MEMBERS, Sandbox
from bot.tables import TableError
from bot.testkit.browser import CHROMIUM, async_playwright
from games.core.protocol import IllegalAction
from tests.bot.sandbox_kit import WAIT, latest
from tests.renderers.helpers import artifacts_dir

try:
    from playwright.async_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - the test extra installs it
    PlaywrightError = Exception  # type: ignore[assignment,misc]

# In the module's event loop, with the module's one Chromium (tests/bot/conftest.py, `chromium`).
pytestmark = [pytest.mark.slow(17), pytest.mark.asyncio(loop_scope="module")]
if CHROMIUM is None or async_playwright is None:
    pytestmark.append(pytest.mark.skip(reason="NO BROWSER: see tests/bot/test_sandbox_browser.py"))

VIEWPORT: Any = {"width": 1280, "height": 800}
MIN_SHOWN_WIDTH = 380  # px: the board must be read without opening it
# (game, members, computers, member moves to play before measuring)
TABLES = [("spyfall", 4, 0, 6), ("polls", 1, 1, 8), ("arditi", 1, 2, 12), ("som", 1, 1, 10), ("junta", 1, 3, 25)]


@pytest_asyncio.fixture(loop_scope="module")
async def page(chromium: Any, sandbox: Sandbox) -> AsyncIterator[Any]:
    opened = await chromium.new_page(viewport=VIEWPORT, bypass_csp=True)
    try:
        opened.set_default_timeout(WAIT)
        await opened.goto(sandbox.url)
        await opened.click("#go-games")
        await opened.wait_for_selector("#channel-composer-input")
        yield opened
    finally:
        await opened.context.close()


async def play_to_mid_game(sandbox: Sandbox, game: str, members: int, computers: int, moves: int) -> Any:
    """A table opened by the first member, the other members and computer players seated, started, and
    `moves` random legal member actions played through the service (the computers answer by themselves)."""
    bot = sandbox.env.bot
    service = bot.service
    host = sandbox.members[0].id
    async with sandbox.lock:
        table = await service.create_lobby(game, guild=sandbox.guild.id, channel=sandbox.channel.id, host=host,
                                           options={}, locale="en")
        for member in sandbox.members[1:members]:
            await service.join(table.id, member.id, "en")
        # What the lobby's Join button remembers: the names the board shows.
        table.row.meta.locale = "en"
        table.row.meta.names = {m.id: name for m, name in zip(sandbox.members[:members], MEMBERS, strict=False)}
        await service.save_meta(table)
        for number in range(computers):
            await service.add_computer(table.id, f"Computer {number + 1}")
        await service.start(table.id, host)
    pick = random.Random(5)
    played = 0
    for _ in range(moves * 40):
        if played >= moves or table.status != "playing":
            break
        humans = [s for s in sorted(table.game.to_act(table.state)) if s not in table.computer_seats]
        if not humans:
            async with sandbox.lock:
                await sandbox.env.advance_time(1.0)  # the computer players think and move
            continue
        async with sandbox.lock:  # chosen and played at one moment: a computer may have moved meanwhile
            seat = pick.choice(humans)
            choices = [a for a in table.game.legal_actions(table.state, seat) if a["type"] not in ("leave", "concede")]
            if not choices:
                await sandbox.env.advance_time(1.0)
                continue
            try:
                await service.act(table.id, table.users[seat], pick.choice(choices))
            except (IllegalAction, TableError):
                continue  # the table moved on between the look and the move: look again
        played += 1
    for _ in range(200):  # the table at rest: a member to move, every change published
        async with sandbox.lock:
            if not bot.computers.to_act(table) and await service.drained(table.id, seconds=WAIT / 1000):
                break
            await sandbox.env.advance_time(1.0)
    return table


LOADED = """() => {
    const boards = [...document.querySelectorAll('article.channel-message')].filter(
        a => a.querySelector('.component-button') && a.querySelector('img'));
    const imgs = boards.length ? boards[boards.length - 1].querySelectorAll('img') : [];
    const img = imgs[imgs.length - 1];
    return img && img.complete && img.naturalWidth > 0 ? [img.naturalWidth, img.naturalHeight] : null;
}"""


# The board message (embed, buttons and picture) against the height of the channel's scrolling list of messages.
MESSAGE_FITS = """() => {
    const boards = [...document.querySelectorAll('article.channel-message')].filter(
        a => a.querySelector('.component-button') && a.querySelector('img'));
    const board = boards[boards.length - 1];
    let list = board.parentElement;
    while (list && !(list.scrollHeight > list.clientHeight && getComputedStyle(list).overflowY !== 'visible')) {
        list = list.parentElement;
    }
    const parts = sel => [...board.querySelectorAll(sel)].map(e => Math.round(e.getBoundingClientRect().height));
    return {message: board.getBoundingClientRect().height, list: list ? list.clientHeight : window.innerHeight,
            embed: parts('.embed, [class*=embed]'), rows: parts('.component-row, [class*=action-row]')};
}"""


async def shown_board(page: Any, sandbox: Sandbox, table: Any) -> dict[str, float]:
    """The bounding box of the newest board picture in the page (the message with the board's buttons), once
    the picture has loaded. The preview redraws its messages as they change, so the picture is looked up
    afresh on each try rather than held (generous bounds: a busy machine is slow, never wrong)."""
    async with sandbox.lock:
        await sandbox.env.bot.presenter(table).show_board(table)  # the newest board at the bottom
    await latest(page, sandbox)
    for _ in range(20):
        try:
            loaded = await (await page.wait_for_function(LOADED, timeout=WAIT / 4)).json_value()
        except PlaywrightError:
            # The board was edited after the page's refresh (its picture replaced): refresh and look again.
            await latest(page, sandbox)
            continue
        board = page.locator("article.channel-message:has(.component-button) img").last
        try:
            await board.scroll_into_view_if_needed(timeout=WAIT)
            box = await board.bounding_box(timeout=WAIT)
        except PlaywrightError:
            continue  # redrawn meanwhile: look it up again
        if box is not None and box["width"] > 0:
            fits = await page.evaluate(MESSAGE_FITS)
            return {"width": box["width"], "height": box["height"], "natural_width": loaded[0],
                    "natural_height": loaded[1], "message": fits["message"], "list": fits["list"], "parts": fits}
    raise AssertionError("the board's picture never showed in the page")


@pytest.mark.parametrize(("game", "members", "computers", "moves"), TABLES, ids=[t[0] for t in TABLES])
async def test_the_board_is_read_in_the_channel_without_opening_it(
        page: Any, sandbox: Sandbox, game: str, members: int, computers: int, moves: int) -> None:
    """At 1280 × 800, a mid-game board is shown at least 380 px wide in the channel, landscape; screenshots
    in English and Italian for people."""
    table = await play_to_mid_game(sandbox, game, members, computers, moves)
    folder = artifacts_dir("sandbox") / "boards"
    folder.mkdir(exist_ok=True)
    for locale in ("en", "it"):
        async with sandbox.lock:
            table.row.meta.locale = locale
            await sandbox.env.bot.service.save_meta(table)
        shown = await shown_board(page, sandbox, table)
        await page.screenshot(path=str(Path(folder) / f"{game}_{locale}.png"))
        assert shown["width"] >= MIN_SHOWN_WIDTH, (game, locale, shown)
        assert shown["natural_width"] >= shown["natural_height"], (game, "the board is landscape", shown)
        # The whole board message, picture and buttons included, within one screen (docs/decisions.md, "A board
        # within one screen").
        assert shown["message"] <= shown["list"], (game, locale, "the board message is taller than the screen", shown)
