"""What the sandbox's browser tests share (tests/bot/test_sandbox_browser.py, test_sandbox_boards.py): waiting on
the preview's answers, switching the viewer, typing a slash command, showing the newest message."""

from __future__ import annotations

import contextlib
from typing import Any

from bot.sandbox import MEMBERS, Sandbox
from tests.renderers.helpers import artifacts_dir

with contextlib.suppress(ImportError):  # the test extra installs it; without it the browser tests are skipped
    from playwright.async_api import Page, expect

LATEST_TRIES = 6  # refreshes `latest` makes while the bot is still posting
WAIT = 60_000  # ms: the longest any one wait in the page may take (a busy machine is slow, never wrong)
STEP = 1.0  # virtual seconds the clock moves where a person would wait a moment


async def settled(page: Page, act: Any, done: str = "completed") -> bool:
    """Do one thing in the page and wait until the preview says it is done (its status reads `done`: "Callback
    completed", "Action completed", "Preview refreshed"); False when the preview did not take it ("Action was
    not completed.": the page was still catching up with the viewer's switch, say)."""
    await page.evaluate("document.querySelector('#action-status').textContent = ''")
    await act()
    try:
        await page.wait_for_function(
            "words => words.some(w => document.querySelector('#action-status').textContent.includes(w))",
            arg=[done, "not completed"], timeout=WAIT)
    except Exception:
        await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
        raise
    status = str(await page.locator("#action-status").text_content())
    return "not completed" not in status


async def view_as(page: Page, member: str) -> None:
    """Switch the page to another member (the preview answers it like an action)."""
    picked = page.locator("#viewer-picker option:checked")
    if (await picked.inner_text()).strip() != member:
        await page.evaluate("document.querySelector('#action-status').textContent = ''")
        await page.select_option("#viewer-picker", label=member)
        await page.wait_for_function(  # "Viewer switched" or "Preview ready", not "Switching viewer…"
            "(t => t !== '' && !t.endsWith('…'))(document.querySelector('#action-status').textContent)",
            timeout=WAIT)
    await expect(picked).to_have_text(member, timeout=WAIT)


async def slash(page: Page, command: str, **options: Any) -> None:
    """Type a slash command in the composer, pick it, fill its options (picked from the list), and send it."""
    box = page.locator("#channel-composer-input")
    if not await box.is_visible():  # a command left half-typed by an earlier try: start from a clean page
        await page.reload()
        await box.wait_for(timeout=WAIT)
    await box.click()
    await box.press_sequentially(command)
    await page.get_by_text(command, exact=True).last.wait_for(timeout=WAIT)  # the command picker offers it
    await box.press("Enter")
    for name, value in options.items():
        await page.get_by_text(name, exact=True).last.click(timeout=WAIT)
        field = page.locator(f'.command-option-input[data-option="{name}"]')
        await expect(field).to_be_focused(timeout=WAIT)
        if isinstance(value, bool):
            await page.get_by_text(str(value), exact=True).last.click(timeout=WAIT)
        else:
            await page.keyboard.type(str(value))
        await expect(field).to_have_value(str(value), timeout=WAIT)
    await settled(page, lambda: page.locator("#send-message").click())


def shown_channel(sandbox: Sandbox) -> Any:
    """The channel the preview shows now: #games, or a member's DMs."""
    if sandbox.view.startswith("dm:"):
        return sandbox.members[MEMBERS.index(sandbox.view[3:])].user.dm_channel
    return sandbox.channel


async def latest(page: Page, sandbox: Sandbox) -> None:
    """A moment passes on the virtual clock (the bot's paced work is done), the page asks the preview for what
    is there now and shows it (the preview's own Refresh), and is brought to the newest message of its channel
    (jumping to it when the page offers to). What the table publishes goes out from its outbox, after the
    moment that caused it: a message posted after the refresh is shown by the next refresh."""
    for _ in range(LATEST_TRIES):
        await sandbox.advance(STEP)
        await settled(page, lambda: page.locator("#refresh").click(), done="refreshed")
        newest = shown_channel(sandbox).last_message
        if newest is None:
            return
        try:
            await page.wait_for_function(
                """id => {
                    const jump = document.querySelector('#new-messages');
                    if (jump && !jump.hidden) jump.click();
                    return document.querySelector(`[data-message-id="${id}"]`) !== null;
                }""", arg=str(newest.id), timeout=WAIT / LATEST_TRIES)
        except Exception:
            if shown_channel(sandbox).last_message is newest:
                await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
                raise  # nothing newer came: the page did not show what the preview has
            continue  # the bot posted again meanwhile: refresh once more
        return
    await page.screenshot(path=str(artifacts_dir("sandbox") / "failure.png"))
    raise AssertionError(f"the bot kept posting through {LATEST_TRIES} refreshes")
