"""What the sandbox's browser tests (tests/bot/) and its benchmark (bench/sandbox_switch.py) share: Debian's
Chromium driven by Playwright (or the reason they cannot run), and a person at the page of a sandbox whose clock
ticks in real time, as `python -m bot sandbox` runs it.

The person acts as a person does: picks a member in "Viewing as", types a command, presses what the page shows,
and waits for the page's own answer to each action (the preview's receipt), never on the bot's internals; the
tests read the bot afterwards to check what happened."""

from __future__ import annotations

import asyncio
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.sandbox import Sandbox

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# What Chromium needs on a machine with a closed network (no background connections) and as root.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

try:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import Page, async_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    async_playwright = None  # type: ignore[assignment]
    PlaywrightError = Exception  # type: ignore[assignment,misc]

NO_BROWSER = CHROMIUM is None or async_playwright is None
REASON = ("NO BROWSER: the sandbox's browser tests need Debian's chromium package and the playwright "
          "package (.ci/run installs both); they did not run")

ANSWER_WAIT = 45.0  # s: the longest an action may go without the page's answer before it counts as lost (a busy CI)
# Where each trusted click of the page landed: on a control (a button, a link, a menu, a field) or beside one.
POINTER = """() => {
    if (window.__sandboxPointer) return;
    window.__sandboxPointer = [];
    document.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        const target = event.target instanceof Element ? event.target : null;
        window.__sandboxPointer.push(Boolean(target?.closest(
            'button, a, input, select, textarea, [role=option], [role=button], .select-trigger')));
    }, true);
}"""
# A click the page moved away from (a message arriving scrolls the channel between the pointer's aim and its
# press) is pressed again, as a person does, this many times before the action counts as missed.
MISSED_AGAIN = 3
RECEIPT = """() => {
    const last = window.simcordPreview.lastAction;
    return last ? {id: last.requestId, rejected: last.rejected === true, settlement: last.settlement,
                   code: (last.diagnostics || [])[0]?.code || null} : null;
}"""


@dataclass
class Answer:
    """What the page answered to one action: played (the preview settled it), refused (with its reason), or
    nothing at all within ANSWER_WAIT (lost)."""

    played: bool
    code: str | None = None
    seconds: float = 0.0

    @property
    def lost(self) -> bool:
        return not self.played


@dataclass
class Person:
    """A person at the sandbox's page."""

    page: Page
    sandbox: Sandbox
    pictures: Path | None = None  # where `snap` puts its screenshots (tests/artifacts/sandbox/ in the tests)
    switches: list[float] = field(default_factory=list)  # seconds each member switch took, in order
    missed: int = 0  # clicks that landed beside their control because the page moved, pressed again

    async def receipt(self) -> dict[str, Any] | None:
        return await self.page.evaluate(RECEIPT)

    async def pointer(self) -> list[bool]:
        """Whether each trusted click since the last call landed on a control (the recorder installed on first
        use, and again in each page the person opens)."""
        await self.page.evaluate(POINTER)
        return list(await self.page.evaluate("() => window.__sandboxPointer.splice(0)"))

    async def answered(self, act: Any, within: float = ANSWER_WAIT) -> Answer:
        """Do `act` and wait for the page's answer to it (a new receipt, settled or refused). A click that landed
        beside any control is pressed again (`missed`); one that reached its control and got no answer is lost."""
        before = await self.receipt()
        started = time.monotonic()
        for _ in range(MISSED_AGAIN + 1):
            await self.pointer()
            await act()
            landed = await self.pointer()
            if not landed or any(landed):
                break
            self.missed += 1
        else:
            return Answer(False, "missed", time.monotonic() - started)
        while time.monotonic() - started < within:
            now = await self.receipt()
            if now is not None and (before is None or now["id"] != before["id"]) and now["settlement"] != "pending":
                played = not now["rejected"] and now["settlement"] == "settled"
                return Answer(played, now["code"], time.monotonic() - started)
            await asyncio.sleep(0.05)
        return Answer(False, "no answer", time.monotonic() - started)

    async def member(self) -> str:
        return (await self.page.locator("#viewer-picker option:checked").inner_text()).strip()

    async def view_as(self, member: str) -> float:
        """Pick the member in "Viewing as"; the seconds until the page shows the channel as them (kept)."""
        if await self.member() == member:
            return 0.0
        started = time.monotonic()
        answer = await self.answered(lambda: self.page.select_option("#viewer-picker", label=member))
        await self.page.locator("#channel-timeline").wait_for()
        seconds = time.monotonic() - started
        assert answer.played, (member, answer)
        self.switches.append(seconds)
        return seconds

    async def command(self, command: str, **choices: str) -> Answer:
        """Type a slash command, pick each option's value from its list, and send it."""
        box = self.page.locator("#channel-composer-input")
        await box.click()
        await box.press_sequentially(command)
        await self.page.get_by_text(command, exact=True).last.wait_for()
        await box.press("Enter")
        for name, value in choices.items():
            await self.page.get_by_text(name, exact=True).last.click()
            await self.page.get_by_role("option", name=value).last.click()
        return await self.answered(lambda: self.page.locator("#send-message").click())

    def newest(self, label: str) -> Any:
        """The newest enabled button with this label in the channel."""
        return self.page.locator("#channel-timeline button.component-button:not([disabled])").filter(
            has_text=label).last

    async def press(self, label: str) -> Answer:
        """Press the newest button with this label, once it shows."""
        button = self.newest(label)
        await button.wait_for()
        return await self.answered(button.click)

    async def pick(self, option: str) -> Answer:
        """Open the newest menu in the channel and pick one of its options."""
        choice = self.page.locator("#channel-timeline [role=option]:visible").get_by_text(option, exact=True).last
        # The menu may still be arriving when it is first clicked, or close under the pointer when its message is
        # redrawn: a person opens it again.
        for _ in range(3):
            await self.page.locator("#channel-timeline .select-trigger").last.click()
            try:
                await choice.wait_for(timeout=5000)
                return await self.answered(lambda: choice.click(timeout=5000))
            except PlaywrightError:
                await self.page.keyboard.press("Escape")
        raise AssertionError(f"the menu never offered {option!r} long enough to pick it")

    async def shows(self, text: str, seconds: float = 30.0) -> None:
        """Wait until the channel shows `text`."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            if text in await self.page.locator("#channel-timeline").inner_text():
                return
            await asyncio.sleep(0.1)
        await self.snap("failure")
        raise AssertionError(f"the page never showed {text!r}")

    async def snap(self, name: str) -> None:
        if self.pictures is not None:
            await self.page.screenshot(path=str(self.pictures / f"{name}.png"))
