"""The first hour of a new player, in headless Chromium, on the real sandbox at its normal speed: its clock ticks
in real time (as `python -m bot sandbox` runs it), the person clicks at a human pace and waits only for what the
page shows. Issue 34: practice tables reached, no lost click, Spyfall votes cast, quick member switches.

Each test takes 30–60 s: the clock runs in real time on purpose (the lost clicks and the hanging votes came from
the clock's steps meeting the page's actions), so nothing here can be sped up by moving the clock instead.
Skipped, loudly, when Chromium or Playwright is missing (`.ci/run` installs both)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.sandbox import MEMBERS, Sandbox
from bot.testkit.browser import CHROMIUM, CHROMIUM_ARGS, NO_BROWSER, REASON, Person, async_playwright
from games import DESCRIPTORS
from tests.renderers.helpers import artifacts_dir

pytestmark = [pytest.mark.slow(35)]  # scheduled early (tests/conftest.py)

try:
    from playwright.async_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - the test extra installs it
    PlaywrightError = Exception  # type: ignore[assignment,misc]

if NO_BROWSER:
    print(f"\n*** {REASON} ***\n")
    pytestmark.append(pytest.mark.skip(reason=REASON))

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SWITCH_SECONDS = 3.0  # the bound for a member switch during a game (median); 57–111 s before the fix
SWITCH_WORST = 10.0  # any one switch, on a busy machine


@pytest.fixture
async def person(tmp_path: Path) -> AsyncIterator[Person]:
    """The sandbox as `python -m bot sandbox` runs it (its clock ticking in real time, speed 1), on a free port,
    and a person at its page, at #games."""
    assert async_playwright is not None and CHROMIUM is not None
    sandbox = Sandbox(tmp_path / "sandbox.db", port=0, say=lambda text: None)
    await sandbox.start()
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport=DESKTOP, bypass_csp=True)  # type: ignore[arg-type]
            page.set_default_timeout(30_000)
            await page.goto(sandbox.url)
            await page.click("#go-games")
            await page.wait_for_selector("#channel-composer-input")
            someone = Person(page, sandbox, pictures=artifacts_dir("sandbox"))
            try:
                yield someone
            finally:
                await someone.snap("first_hour_last")  # the page as the test left it, failed or not
                await browser.close()
    finally:
        await sandbox.stop()


def plain(text: str) -> str:
    """A catalog text as the page shows it (its bold markers drawn, not written)."""
    return text.replace("**", "")


def member_id(sandbox: Sandbox, name: str) -> int:
    return int(sandbox.members[MEMBERS.index(name)].id)


async def until(check: Any, seconds: float = 30.0) -> Any:
    """Wait until `check()` gives something true (the bot's state, read after the page's answer)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        value = check()
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError("the bot never got there")


MOVE = "button.component-button:not([disabled]):not(.button-style-2)"  # the game's buttons, not the grey helpers


def choose(page: Any, menu: Any) -> Any:
    """Pick the first option of a menu not already chosen (and Apply, for a menu of several choices); a menu it
    cannot fill this way is left as it is (a generic player: the caller tries another control)."""
    async def act() -> None:
        with contextlib.suppress(PlaywrightError):
            await menu.locator(".select-trigger").last.click(timeout=5000)
            options = page.locator("#channel-timeline [role=option]:visible")
            fresh = page.locator("#channel-timeline [role=option]:not([aria-selected=true]):visible")
            await (fresh if await fresh.count() else options).first.click(timeout=5000)
            apply = page.locator("#channel-timeline button", has_text="Apply")
            if await apply.count() and await apply.last.is_visible():
                await apply.last.click(timeout=5000)

    return act


MOVE_TRIES = 3  # a generic player whose way of filling a game's menu made no move looks again and tries again


async def a_move(person: Person, table: Any) -> bool:
    """One move played by the controls of the newest board (`try_a_move`), tried again as a person would when the
    board's menu took no choice (a busy machine: the menu closed or arrived late); every press is still played."""
    for _ in range(MOVE_TRIES):
        if await try_a_move(person, table):
            return True
    return False


async def try_a_move(person: Person, table: Any) -> bool:
    """Play one move by the controls of the newest board: its menu, or its buttons in order until the table takes
    one (a button that opens a menu just for the member: that menu's first option not already chosen, and the
    menu's own button when it asks to confirm; a button the bot refuses now: the next one). Every press must be
    played by the page. True once the table took a move."""
    page = person.page
    board = page.locator(f"#channel-timeline article.channel-message:has(img):has({MOVE}),"
                         " #channel-timeline article.channel-message:has(img):has(.select-trigger)").filter(
        has_not_text="Only you can see this").last
    seat = table.users.index(member_id(person.sandbox, "ada"))
    await until(lambda: seat in table.game.to_act(table.state), 60)  # the computer's turn passes first
    await board.locator(f"{MOVE}, .select-trigger").first.wait_for()
    before = table.seq
    if not await board.locator(MOVE).count():  # a menu on the board itself
        answer = await person.answered(choose(page, board))
        assert answer.played, answer
        await until(lambda: table.seq > before, 30)
        return True
    for index in range(await board.locator(MOVE).count()):
        button = board.locator(MOVE).nth(index)
        label = (await button.inner_text()).strip()
        menus = await page.locator("#channel-timeline article.channel-message:has(.select-trigger)").count()
        answer = await person.answered(button.click)
        assert answer.played, (label, answer)
        menu = page.locator("#channel-timeline article.channel-message:has(.select-trigger)")
        with contextlib.suppress(AssertionError):
            await until(lambda: table.seq > before, 3)
        if table.seq == before and await menu.count() > menus:
            # How to fill a menu differs from game to game (one choice, several and Apply, a button to confirm):
            # what this generic player does may not make a move, and then the next button is tried. The clicks
            # themselves are test_fifty_clicks_…'s business.
            await person.answered(choose(page, menu.last), within=5)
            if table.seq == before and await menu.last.locator(MOVE).count():  # "Give 1 disc": confirmed
                await person.answered(menu.last.locator(MOVE).first.click, within=5)
        with contextlib.suppress(AssertionError):
            await until(lambda: table.seq > before, 10)
            return True
    return False


async def test_a_practice_table_opens_where_the_member_sees_it(person: Person) -> None:
    """`/game learn` Som in #games: the reply's thread mention opens the practice thread as the same member; the
    welcome, the whole tour, a hint and five moves are seen and played there; the thread is listed among the
    sandbox's places; at a phone's width the channel fits the screen."""
    sandbox, page = person.sandbox, person.page
    await person.view_as("ada")
    assert (await person.command("/game learn", game="Som el que decidim!")).played
    table = await until(lambda: sandbox.env.bot.service.practice_of(member_id(sandbox, "ada")))
    thread = t("en", "learn.thread", game=table.game.title, member="ada")
    await person.shows(thread)
    mention = page.locator("#channel-timeline a.sandbox-channel-link", has_text=thread).last
    await mention.click()  # the mention in the reply opens the thread, as in Discord
    await page.wait_for_selector("#channel-composer-input")
    assert (await page.locator("#channel-name").inner_text()).strip() == thread
    assert await person.member() == "ada"
    assert thread in await page.locator("#sandbox-places").inner_text()
    await person.shows("this is your practice table of Som el que decidim!")
    for step in DESCRIPTORS["som"].practice_tour:
        await person.shows(plain(t("en", step)))
    hints = page.locator("#channel-timeline article.channel-message", has_text="Only you can see this").filter(
        has_text="💡")
    before = await hints.count()
    assert (await person.press(t("en", "hint.button"))).played
    await page.wait_for_function(
        """n => [...document.querySelectorAll('#channel-timeline article.channel-message')].filter(a =>
            a.innerText.includes('Only you can see this') && a.innerText.includes('💡')).length > n""", arg=before)
    for _ in range(5):
        assert await a_move(person, table)
    await person.snap("first_hour_practice")
    await page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    await page.wait_for_function("() => document.querySelector('#preview-app').getBoundingClientRect().width <= 390")
    await person.snap("first_hour_practice_phone")
    widest = await page.evaluate("""() => Math.max(...[...document.querySelectorAll(
        '#channel-timeline img, #channel-timeline button.component-button')]
        .map(e => e.getBoundingClientRect().right))""")
    assert widest <= PHONE["width"], "boards and buttons stay within a phone's width"


async def test_every_spyfall_voter_casts_a_vote(person: Person) -> None:
    """Four members through the page: an accusation vote cast by every voter, then (the round's minutes skipped
    on the sandbox's clock) an end-of-round vote cast by every voter; switching members mid-round is quick and a
    reload keeps the member; the lobby names members rather than showing raw ids."""
    sandbox, page = person.sandbox, person.page
    await person.view_as("ada")
    assert (await person.command("/spyfall new")).played
    await person.shows("Spyfall")
    for name in ("bruno", "carla", "dario"):
        await person.view_as(name)
        assert (await person.press("Join")).played
    await person.view_as("ada")
    assert (await person.press("Start")).played
    table = await until(lambda: next(iter(sandbox.env.bot.service.tables.values()), None))
    await until(lambda: table.status == "playing")
    assert "<@" not in await page.locator("#channel-timeline").inner_text(), "members are named, not raw ids"
    names = list(MEMBERS[:4])
    accuser, suspect = names[1], names[3]
    mid_round = len(person.switches)
    await person.view_as(accuser)
    assert (await person.press(t("en", "spyfall.button.accuse"))).played
    assert (await person.pick(suspect)).played
    await until(lambda: table.state["phase"] == "accusation")
    for voter in names:
        if voter not in (accuser, suspect):
            await person.view_as(voter)
            assert (await person.press(t("en", "spyfall.button.yes"))).played, voter
    results = await until(lambda: [e for e in table.state["log"] if e["type"] == "vote_result"])
    assert results[0]["kind"] == "accusation" and (results[0]["yes"], results[0]["no"]) == (3, 0), results[0]
    switches = person.switches[mid_round:]
    await page.reload()  # a reload stays with the member chosen last
    await page.wait_for_selector("#viewer-picker option:checked", state="attached")
    assert await person.member() == names[2]
    # The next round: its dealer deals, its eight minutes pass on the sandbox's clock, every voter votes.
    await until(lambda: table.state["phase"] == "round_over")
    await person.view_as(names[table.state["dealer"]])
    assert (await person.press(t("en", "spyfall.button.deal"))).played
    await until(lambda: table.state["phase"] == "playing")
    await sandbox.advance(60 * table.state["options"]["minutes"])
    await until(lambda: table.state["phase"] == "final_vote")
    voters = [n for seat, n in enumerate(names) if seat != table.state["vote"]["suspect"]]
    for voter in voters:
        await person.view_as(voter)
        assert (await person.press(t("en", "spyfall.button.yes"))).played, voter
    results = await until(lambda: [e for e in table.state["log"] if e["type"] == "vote_result"])
    assert results[-1]["kind"] == "final" and (results[-1]["yes"], results[-1]["no"]) == (3, 0), results[-1]
    await person.snap("first_hour_spyfall")
    print(f"member switches mid-round: {', '.join(f'{s:.2f}' for s in switches)} s")
    assert statistics.median(switches) < SWITCH_SECONDS, switches
    assert max(switches) < SWITCH_WORST, switches


async def test_fifty_clicks_at_a_human_pace_are_all_played(person: Person) -> None:
    """Fifty presses of a Spyfall board's buttons ("What now?", "Show my card"), 0.1–0.6 s apart while the
    sandbox's clock steps on: every one is played (none refused as made on an old page, none unanswered)."""
    sandbox = person.sandbox
    service = sandbox.env.bot.service
    async with sandbox.lock:  # the table itself is the other tests' business: opened here through the bot
        table = await service.create_lobby("spyfall", guild=sandbox.guild.id, channel=sandbox.channel.id,
                                           host=member_id(sandbox, "ada"), options={}, locale="en")
        for name in MEMBERS[1:3]:
            await service.join(table.id, member_id(sandbox, name), "en")
        table.row.meta.names = {member_id(sandbox, n): n for n in MEMBERS[:3]}
        await service.save_meta(table)
        await service.start(table.id, member_id(sandbox, "ada"))
    await person.view_as("bruno")
    await person.newest(t("en", "whatnow.button")).wait_for()
    pace = random.Random(34)
    answers = []
    for click in range(50):
        label = t("en", "whatnow.button") if click % 2 else t("en", "spyfall.button.card")
        answers.append(await person.press(label))
        await asyncio.sleep(pace.uniform(0.1, 0.6))
    lost = [(n, a.code) for n, a in enumerate(answers) if a.lost]
    print(f"50 clicks: {len(lost)} lost; slowest answer {max(a.seconds for a in answers):.2f} s")
    assert not lost, lost
