"""The sandbox in a real browser: headless Chromium (Debian's package) driven by Playwright opens the
page, types slash commands, switches members, presses buttons, and looks at what each member sees.

Skipped, loudly, when Chromium or Playwright is missing (`.ci/run` installs both)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.sandbox import Sandbox
from bot.testkit.browser import NO_BROWSER, REASON
from tests.bot.helpers import location_name
from tests.bot.sandbox_kit import WAIT, latest, settled, slash, view_as
from tests.renderers.helpers import artifacts_dir

with contextlib.suppress(ImportError):  # the test extra installs it
    from playwright.async_api import Page, expect

# In the module's event loop, with the module's one Chromium (tests/bot/conftest.py, `chromium`).
pytestmark = [pytest.mark.slow(24), pytest.mark.asyncio(loop_scope="module")]
if NO_BROWSER:
    print(f"\n*** {REASON} ***\n")
    pytestmark.append(pytest.mark.skip(reason=REASON))


@pytest_asyncio.fixture(loop_scope="module")
async def page(chromium: Any, sandbox: Sandbox) -> AsyncIterator[Page]:
    opened = await chromium.new_page(viewport={"width": 1280, "height": 1000}, bypass_csp=True)
    try:
        opened.set_default_timeout(WAIT)
        await opened.goto(sandbox.url)
        await opened.click("#go-games")
        await opened.wait_for_selector("#channel-composer-input")
        try:
            yield opened
        except BaseException:
            await opened.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
            raise
    finally:
        await opened.context.close()


async def press(page: Page, sandbox: Sandbox, label: str) -> bool:
    """Press the newest button with this label; False when the preview did not take the click."""
    await latest(page, sandbox)
    try:
        await page.get_by_role("button", name=label).last.wait_for(timeout=WAIT)
    except Exception:
        await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
        raise
    return await settled(page, lambda: page.get_by_role("button", name=label).last.click())


async def timeline(page: Page, sandbox: Sandbox, waiting_for: str | None = None) -> str:
    """The channel as this member sees it (once `waiting_for` shows in it, when given)."""
    await latest(page, sandbox)
    shown = page.locator("#channel-timeline")
    if waiting_for is not None:
        await expect(shown).to_contain_text(waiting_for, timeout=WAIT)
    return str(await shown.inner_text())


def table_of(sandbox: Sandbox, game: str) -> Any:
    """The bot's newest table of this game (the tests read the real bot to know what each page must show)."""
    tables = [t for t in sandbox.env.bot.service.tables.values() if t.game.id == game]
    return max(tables, key=lambda t: t.id) if tables else None


async def open_table(page: Page, sandbox: Sandbox, game: str, **options: Any) -> Any:
    """/<game> new, typed in the composer, until the bot has the table."""
    async def opened() -> bool:
        return table_of(sandbox, game) is not None

    await until(page, sandbox, opened, lambda: slash(page, f"/{game} new", **options))
    return table_of(sandbox, game)


async def test_a_spyfall_table_in_the_browser(page: Page, sandbox: Sandbox) -> None:
    """Four members: the lobby by typing /spyfall new, three joins, start; each member sees their own card
    (and in their own DMs), never another's; the board picture shows."""
    members = ("ada", "bruno", "carla", "dario")
    await view_as(page, "ada")
    table = await open_table(page, sandbox, "spyfall")
    for count, member in enumerate(members[1:], start=2):
        await view_as(page, member)

        async def seated(count: int = count) -> bool:
            return len(table.users) >= count

        await until(page, sandbox, seated, lambda: press(page, sandbox, "Join"))
    assert len(table.users) == 4
    await view_as(page, "ada")

    async def started() -> bool:
        return bool(table.status == "playing")

    await until(page, sandbox, started, lambda: press(page, sandbox, "Start"))
    await latest(page, sandbox)
    await page.locator("#channel-timeline img").first.wait_for(timeout=WAIT)  # the board picture
    for seat, member in enumerate(members):
        await view_as(page, member)

        async def card_shown() -> bool:
            return "your card for round 1" in await page.locator("#channel-timeline").inner_text()

        await until(page, sandbox, card_shown, lambda: press(page, sandbox, "Show my card"))
        shown = await timeline(page, sandbox)
        assert shown.count("your card for round 1") == 1, member  # their own card, no one else's
        card = table.view(seat)["card"]
        if card.get("spy"):
            assert "You are the spy" in shown, member
        else:
            assert location_name(card["location"]) in shown and "You are the spy" not in shown, member
    await page.screenshot(path=str(artifacts_dir("sandbox") / "spyfall.png"))
    await page.goto(sandbox.url)
    await page.click("#go-dm-bruno")  # bruno's DMs: his card arrived there too
    await page.wait_for_selector("#channel-timeline", timeout=WAIT)
    assert "your card for round 1" in await timeline(page, sandbox, waiting_for="your card for round 1")


async def until(page: Page, sandbox: Sandbox, done: Any, act: Any, tries: int = 3, within: float = 30.0) -> None:
    """Do `act` until `done()` holds (looked at for up to `within` seconds after each try): a click that lands
    while the page is still catching up with the viewer's switch, or that the preview did not take, is simply
    made again, as a person would."""
    loop = asyncio.get_running_loop()
    for _ in range(tries):
        taken = await act()
        deadline = loop.time() + within
        while True:
            if await done():
                return
            if taken is False or loop.time() > deadline:
                break
            await asyncio.sleep(0.1)
    raise AssertionError("the page never showed the expected result")


async def board_buttons(page: Page, sandbox: Sandbox) -> list[str]:
    """The labels of the newest message with buttons (the board, normally)."""
    await latest(page, sandbox)
    newest = page.locator("article.channel-message:has(.component-button)").last
    return [label.strip() for label in await newest.locator(".component-button").all_inner_texts()]


POLLS_MOVES = ("Take the 7", "Place the", "Place both dice", "Propaganda A", "Propaganda B+C", "End turn")


async def test_polls_against_the_computer_in_the_browser(page: Page, sandbox: Sandbox) -> None:
    """/polls new computer:True, then moves by the board's buttons until the computer has answered a turn."""
    await view_as(page, "ada")
    table = await open_table(page, sandbox, "polls", computer=True)
    assert table.status == "playing" and table.computer_seats
    mine = table.users.index(sandbox.members[0].id)
    clicks = 0
    for _ in range(12):
        labels = await board_buttons(page, sandbox)  # a moment passes: the computer's turn, when it is
        move = next((label for wanted in POLLS_MOVES for label in labels if label.startswith(wanted)), None)
        if move is None or mine not in table.game.to_act(table.state):
            continue
        before = table.seq

        async def played(before: int = before) -> bool:
            return bool(table.seq > before)

        await until(page, sandbox, played, lambda move=move: press(page, sandbox, move))
        clicks += 1
        computer_moved = any(e.get("seat") in table.computer_seats or e.get("player") in table.computer_seats
                             for e in table.view(None).get("log", []))
        if clicks >= 3 and computer_moved:
            break
    assert clicks >= 3
    await latest(page, sandbox)
    await page.screenshot(path=str(artifacts_dir("sandbox") / "polls.png"))


@pytest.mark.parametrize(("game", "computers"), [("arditi", 1), ("som", 1), ("junta", 3)])
async def test_every_other_game_opens_and_starts_in_the_browser(page: Page, sandbox: Sandbox, game: str,
                                                                 computers: int) -> None:
    """Arditi, Som and Junta: typed with computer players, started by the host's button, the board drawn;
    a screenshot of each table for people (tests/artifacts/sandbox/)."""
    await view_as(page, "ada")
    table = await open_table(page, sandbox, game, computers=computers)
    assert len(table.users) == 1 + computers

    async def playing() -> bool:
        return bool(table.status == "playing")

    await until(page, sandbox, playing, lambda: press(page, sandbox, "Start"))
    await timeline(page, sandbox)
    await page.locator("#channel-timeline img").first.wait_for(timeout=WAIT)  # the board picture
    await page.screenshot(path=str(artifacts_dir("sandbox") / f"{game}.png"))
