"""The sandbox in a real browser: headless Chromium (Debian's package) driven by Playwright opens the
page, types slash commands, switches members, presses buttons, and looks at what each member sees.

Skipped, loudly, when Chromium or Playwright is missing (`.ci/run` installs both)."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.sandbox import Sandbox
from tests.bot.helpers import location_name
from tests.renderers.helpers import artifacts_dir

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# What Chromium needs on a machine with a closed network (no background connections) and as root.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

try:
    from playwright.async_api import Page, async_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    async_playwright = None

if CHROMIUM is None or async_playwright is None:
    REASON = ("NO BROWSER: the sandbox's browser tests need Debian's chromium package and the playwright "
              "package (.ci/run installs both); they did not run")
    print(f"\n*** {REASON} ***\n")
    pytestmark = pytest.mark.skip(reason=REASON)


@pytest.fixture
async def page(sandbox: Sandbox) -> AsyncIterator[Page]:
    assert async_playwright is not None and CHROMIUM is not None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        opened = await browser.new_page(viewport={"width": 1280, "height": 1000}, bypass_csp=True)
        await opened.goto(sandbox.url)
        await opened.click("#go-games")
        await opened.wait_for_selector("#channel-composer-input")
        try:
            yield opened
        except BaseException:
            await opened.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
            raise
        finally:
            await browser.close()


async def settled(page: Page, act: Any) -> None:
    """Do one thing in the page and wait until the preview says it is done."""
    await page.evaluate("document.querySelector('#action-status').textContent = ''")
    await act()
    try:
        await page.wait_for_function(
            "document.querySelector('#action-status').textContent.includes('completed')", timeout=30000)
    except Exception:
        await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
        raise
    await page.wait_for_timeout(300)


async def view_as(page: Page, member: str) -> None:
    """Switch the page to another member (the preview answers it like an action)."""
    current = await page.locator("#viewer-picker option:checked").inner_text()
    if current.strip() != member:
        await settled(page, lambda: page.select_option("#viewer-picker", label=member))


async def slash(page: Page, command: str, **options: Any) -> None:
    """Type a slash command in the composer, pick it, fill its options (picked from the list), and send it."""
    box = page.locator("#channel-composer-input")
    if not await box.is_visible():  # a command left half-typed by an earlier try: start from a clean page
        await page.reload()
        await box.wait_for(timeout=30000)
    await box.click()
    await box.type(command)
    await page.get_by_text(command, exact=True).last.wait_for()  # the command picker offers it
    await box.press("Enter")
    for name, value in options.items():
        await page.wait_for_timeout(300)
        await page.get_by_text(name, exact=True).last.click()
        await page.wait_for_timeout(300)
        if isinstance(value, bool):
            await page.get_by_text(str(value), exact=True).last.click()
        else:
            await page.keyboard.type(str(value))
    await page.wait_for_timeout(300)
    await settled(page, lambda: page.locator("#send-message").click())


async def latest(page: Page) -> None:
    """Bring the newest messages into view (the preview publishes the bot's own work once a second)."""
    await page.wait_for_timeout(1200)
    jump = page.locator("#new-messages")
    if await jump.is_visible():
        await jump.click()
        await page.wait_for_timeout(300)


async def press(page: Page, label: str) -> None:
    """Press the newest button with this label."""
    await latest(page)
    try:
        await page.get_by_role("button", name=label).last.wait_for(timeout=10000)
    except Exception:
        await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
        raise
    await settled(page, lambda: page.get_by_role("button", name=label).last.click())


async def timeline(page: Page, waiting_for: str | None = None) -> str:
    """The channel as this member sees it (once `waiting_for` shows, when given: the preview publishes
    the bot's own work once a second)."""
    for _ in range(10):
        await latest(page)
        shown = str(await page.locator("#channel-timeline").inner_text())
        if waiting_for is None or waiting_for in shown:
            break
    return shown


def table_of(sandbox: Sandbox, game: str) -> Any:
    """The bot's newest table of this game (the tests read the real bot to know what each page must show)."""
    tables = [t for t in sandbox.env.bot.service.tables.values() if t.game.id == game]
    return max(tables, key=lambda t: t.id) if tables else None


async def open_table(page: Page, sandbox: Sandbox, game: str, **options: Any) -> Any:
    """/<game> new, typed in the composer, until the bot has the table."""
    async def opened() -> bool:
        return table_of(sandbox, game) is not None

    await until(page, opened, lambda: slash(page, f"/{game} new", **options))
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

        await until(page, seated, lambda: press(page, "Join"))
    assert len(table.users) == 4
    await view_as(page, "ada")

    async def started() -> bool:
        return bool(table.status == "playing")

    await until(page, started, lambda: press(page, "Start"))
    assert await page.locator("#channel-timeline img").count() >= 1  # the board picture
    for seat, member in enumerate(members):
        await view_as(page, member)

        async def card_shown() -> bool:
            return "your card for round 1" in await timeline(page)

        await until(page, card_shown, lambda: press(page, "Show my card"))
        shown = await timeline(page)
        assert shown.count("your card for round 1") == 1, member  # their own card, no one else's
        card = table.view(seat)["card"]
        if card.get("spy"):
            assert "You are the spy" in shown, member
        else:
            assert location_name(card["location"]) in shown and "You are the spy" not in shown, member
    await page.screenshot(path=str(artifacts_dir("sandbox") / "spyfall.png"))
    await page.goto(sandbox.url)
    await page.click("#go-dm-bruno")  # bruno's DMs: his card arrived there too
    await page.wait_for_selector("#channel-timeline")
    assert "your card for round 1" in await timeline(page, waiting_for="your card for round 1")


async def until(page: Page, done: Any, act: Any, tries: int = 3) -> None:
    """Do `act` until `done()` holds (checked for 20 s after each try): a click that lands while the page is
    still catching up with the viewer's switch is simply made again, as a person would."""
    for _ in range(tries):
        await act()
        for _ in range(40):
            if await done():
                return
            await page.wait_for_timeout(500)
    raise AssertionError("the page never showed the expected result")


async def board_buttons(page: Page) -> list[str]:
    """The labels of the newest message with buttons (the board, normally)."""
    await latest(page)
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
        labels = await board_buttons(page)
        move = next((label for wanted in POLLS_MOVES for label in labels if label.startswith(wanted)), None)
        if move is None or mine not in table.game.to_act(table.state):
            await page.wait_for_timeout(1000)  # the computer's turn
            continue
        before = table.seq

        async def played(before: int = before) -> bool:
            return bool(table.seq > before)

        await until(page, played, lambda move=move: press(page, move))
        clicks += 1
        computer_moved = any(e.get("seat") in table.computer_seats or e.get("player") in table.computer_seats
                             for e in table.view(None).get("log", []))
        if clicks >= 3 and computer_moved:
            break
    assert clicks >= 3
    await latest(page)
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

    await until(page, playing, lambda: press(page, "Start"))
    await timeline(page)
    assert await page.locator("#channel-timeline img").count() >= 1  # the board picture
    await page.screenshot(path=str(artifacts_dir("sandbox") / f"{game}.png"))
