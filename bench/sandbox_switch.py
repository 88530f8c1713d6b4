"""Benchmark the sandbox's page during a game: how long a member switch ("Viewing as") and a click's answer take in
headless Chromium, on the sandbox as `python -m bot sandbox` runs it (its clock ticking in real time).

Run:  .venv/bin/python -m bench.sandbox_switch [--switches 20] [--clicks 20] [--speed 1]

A Spyfall table of four members is opened and started through the bot (the page is what is measured), then the
person at the page switches between the four members --switches times mid-round, and presses "What now?"
--clicks times as one member. Measured in real time, from the person's action to the page's answer (the
preview's receipt, settled or refused): the switch until the page shows the channel as the new member.
Needs Debian's chromium and the playwright package (the test extra). Reports, never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from bot.i18n import t
from bot.sandbox import MEMBERS, Sandbox
from bot.testkit.browser import CHROMIUM, CHROMIUM_ARGS, NO_BROWSER, REASON, Person, async_playwright


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{name:<22} n={len(values):>3}  median {statistics.median(values):6.2f} s  p90 {p90:6.2f} s  "
            f"max {max(values):6.2f} s")


async def measure(switches: int, clicks: int, speed: float) -> None:
    assert async_playwright is not None and CHROMIUM is not None
    with tempfile.TemporaryDirectory() as folder:
        sandbox = Sandbox(Path(folder) / "sandbox.db", port=0, speed=speed, say=lambda text: None)
        await sandbox.start()
        try:
            service = sandbox.env.bot.service
            ids = [int(member.id) for member in sandbox.members[:4]]
            async with sandbox.lock:
                table = await service.create_lobby("spyfall", guild=sandbox.guild.id, channel=sandbox.channel.id,
                                                   host=ids[0], options={}, locale="en")
                for member in ids[1:]:
                    await service.join(table.id, member, "en")
                table.row.meta.names = dict(zip(ids, MEMBERS, strict=False))
                await service.save_meta(table)
                await service.start(table.id, ids[0])
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
                page.set_default_timeout(60_000)
                await page.goto(sandbox.url)
                await page.click("#go-games")
                await page.wait_for_selector("#channel-composer-input")
                person = Person(page, sandbox)
                await person.view_as("ada")
                person.switches.clear()
                for number in range(switches):
                    await person.view_as(MEMBERS[1 + number % 3] if number % 4 else "ada")
                answers = [await person.press(t("en", "whatnow.button")) for _ in range(clicks)]
                await browser.close()
        finally:
            await sandbox.stop()
    print(f"sandbox at speed {speed:g}, Spyfall round of four members, Chromium headless")
    print(summary("member switch", person.switches))
    print(summary("click answered", [answer.seconds for answer in answers]))
    print(f"clicks not played: {sum(1 for answer in answers if answer.lost)} of {clicks}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switches", type=int, default=20)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--speed", type=float, default=1.0)
    args = parser.parse_args()
    if NO_BROWSER:
        print(REASON)
        return 1
    asyncio.run(measure(args.switches, args.clicks, args.speed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
