"""The sandbox (bot/sandbox.py) without a browser: its launcher, its database, its port, its restarts."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.sandbox import MEMBERS, Sandbox, is_loopback, loopback_only


@pytest.fixture
async def said() -> AsyncIterator[list[str]]:
    yield []


async def started(path: Path, said: list[str], port: int = 0) -> Sandbox:
    sandbox = Sandbox(path, port=port, say=said.append)
    await sandbox.start()
    return sandbox


def test_only_this_computer_is_loopback() -> None:
    """127.0.0.1 and ::1 are this computer; a LAN address, a public one or nothing are not."""
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("127.0.0.2")
    assert not any(is_loopback(host) for host in ("192.168.1.7", "10.0.0.2", "8.8.8.8", "", None, "example.com"))


async def test_a_browser_on_another_machine_is_refused() -> None:
    """The launcher's guard answers a request from another address with 403 and one sentence."""
    class Request:
        remote = "192.168.1.7"

    async def handler(request: Any) -> Any:
        raise AssertionError("the handler must not run")

    refused = await loopback_only(Request(), handler)  # type: ignore[arg-type]  # a stand-in with only .remote
    assert isinstance(refused, web.Response)
    assert refused.status == 403 and "only this computer" in (refused.text or "")


async def test_the_launcher_switches_between_the_channel_and_dms(tmp_path: Path, said: list[str]) -> None:
    """/go/games and /go/dm:<member> open the preview on that place (its address is a redirect); an unknown
    view is a 404 with a sentence; the server listens on 127.0.0.1."""
    sandbox = await started(tmp_path / "s.db", said)
    try:
        assert sandbox.url.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as http:
            async with http.get(sandbox.url) as page:
                text = await page.text()
            assert all(f"/go/dm:{name}" in text for name in MEMBERS)
            assert "<code>/spyfall new</code>" in text and "<code>/junta new</code>" in text
            async with http.get(sandbox.url + "go/dm:bruno", allow_redirects=False) as moved:
                assert moved.status == 302 and moved.headers["Location"].startswith("http://127.0.0.1:")
            assert sandbox.view == "dm:bruno"
            assert sandbox.preview.channel.id == sandbox.members[1].user.dm_channel.id
            async with http.get(sandbox.url + "go/dm:zed", allow_redirects=False) as unknown:
                assert unknown.status == 404 and "no view" in await unknown.text()
            async with http.get(sandbox.url + "go/games", allow_redirects=False) as back:
                assert back.status == 302 and sandbox.view == "games"
    finally:
        await sandbox.stop()


async def test_a_busy_port_is_said_and_another_taken(tmp_path: Path, said: list[str]) -> None:
    """When the asked port is taken, the sandbox says so and listens on a free one."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        sandbox = await started(tmp_path / "s.db", said, port=port)
        try:
            assert any(f"Port {port} is busy" in line for line in said)
            assert sandbox.port != port and sandbox.url == f"http://127.0.0.1:{sandbox.port}/"
        finally:
            await sandbox.stop()


async def test_a_corrupt_database_is_kept_aside_and_the_sandbox_starts_fresh(tmp_path: Path, said: list[str]) -> None:
    """A database file that is not one: one sentence, the file moved aside (kept), a fresh start that works."""
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not an SQLite database" * 100)
    sandbox = await started(path, said)
    try:
        kept = list(tmp_path.glob("s.db.corrupt-*"))
        assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
        assert any("not a usable database" in line and "fresh database" in line for line in said)
        async with sandbox.lock:
            await sandbox.members[0].slash(sandbox.channel, "polls new", computer=True)
        assert any(t.game.id == "polls" for t in sandbox.env.bot.service.tables.values())
    finally:
        await sandbox.stop()


async def test_a_game_survives_stopping_and_starting_the_sandbox(tmp_path: Path, said: list[str]) -> None:
    """A Polls game against the computer, the sandbox stopped and started again: the table is back, its board
    posted in the fresh channel, and the clock has not run backwards."""
    path = tmp_path / "s.db"
    first = await started(path, said)
    try:
        async with first.lock:
            await first.members[0].slash(first.channel, "polls new", computer=True)
        (table,) = first.env.bot.service.tables.values()
        seq, elapsed = table.seq, first._elapsed
    finally:
        await first.stop()
    second = await started(path, said)
    try:
        (again,) = second.env.bot.service.tables.values()
        assert again.id == table.id and again.status == "playing" and again.seq >= seq
        assert any(m.embeds and m.components for m in second.channel.history())  # the board, posted anew
        assert second._elapsed >= elapsed
    finally:
        await second.stop()


def test_a_late_click_presses_the_button_the_member_saw_or_none() -> None:
    """A click made on an older publication is taken on the newest only with the button the member saw (found by
    its custom id where it now sits); a button that is gone, or a publication too old to remember, stays refused."""
    from types import SimpleNamespace

    from bot.sandbox_preview import Publications, rebased

    def button(custom_id: str) -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}

    message = SimpleNamespace(id=7, components=[{"type": 1, "components": [button("vote:no"), button("vote:yes")]}])
    preview = SimpleNamespace(env=SimpleNamespace(backend=SimpleNamespace(get_message=lambda channel, mid: message,
                                                                          messages={1: {7: message}})))
    page = SimpleNamespace(id="p", revision=5, last_sequence=3, channel_id=1, snapshot=None)
    publications = Publications()
    # Revision 4 showed "accuse" first and "vote:no" second; the message now has "vote:no" first, then "vote:yes".
    page.revision = 4
    page.snapshot = {"messages": {"7": {"components": [{"components": [
        {"control_key": "message:7:component:0.components.0", "custom_id": "accuse"},
        {"control_key": "message:7:component:0.components.1", "custom_id": "vote:no"}]}]}}}
    publications.record(page)
    page.revision = 5
    first, second = "message:7:component:0.components.0", "message:7:component:0.components.1"
    late = {"kind": "click", "sequence": 4, "published_revision": 4, "control_key": second}
    taken = rebased(preview, page, late, publications)
    assert taken["published_revision"] == 5 and taken["control_key"] == first  # "vote:no", where it now is
    gone = {**late, "control_key": first}  # "accuse" is no longer on the message: never "vote:no" in its place
    assert rebased(preview, page, gone, publications) is gone
    forgotten = {**late, "published_revision": 1}
    assert rebased(preview, page, forgotten, publications) is forgotten
    command = {"kind": "run_command", "sequence": 4, "published_revision": 2}
    assert rebased(preview, page, command, publications)["published_revision"] == 5
    repeated = {**late, "sequence": 3}  # a request sent again stays as it was
    assert rebased(preview, page, repeated, publications) is repeated


def test_a_click_on_a_board_that_moved_presses_its_newest_copy() -> None:
    """A board moved to the bottom of the channel (deleted, or stripped of its buttons, and posted again) between the
    member's look and click: the click is taken on the newest message carrying the button the member saw; a private
    message carrying it, or none at all, leaves the click refused as it came."""
    from types import SimpleNamespace

    from bot.sandbox_preview import EPHEMERAL, Publications, rebased

    def board(message_id: int, *custom_ids: str, flags: int = 0) -> Any:
        buttons = [{"type": 2, "style": 2, "label": c, "custom_id": c} for c in custom_ids]
        return SimpleNamespace(id=message_id, flags=flags, components=[{"type": 1, "components": buttons}])

    def gone(channel: int, message_id: int) -> Any:
        raise LookupError(message_id)

    older, newer = board(8, "gh:5", "gw:5"), board(9, "gh:5", "gw:5")
    channel = {8: older, 9: newer, 10: board(10, "gh:5", flags=EPHEMERAL), 11: board(11, "spyfall:accuse:5")}
    backend = SimpleNamespace(get_message=gone, messages={1: channel})
    preview = SimpleNamespace(env=SimpleNamespace(backend=backend))
    page = SimpleNamespace(id="p", revision=4, last_sequence=3, channel_id=1,
                           snapshot={"messages": {"7": {"components": [{"components": [
                               {"control_key": "message:7:component:0.components.0", "custom_id": "gh:5"}]}]}}})
    publications = Publications()
    publications.record(page)
    page.revision = 5
    seen_key = "message:7:component:0.components.0"
    click = {"kind": "click", "sequence": 4, "published_revision": 4, "control_key": seen_key}
    taken = rebased(preview, page, click, publications)
    assert (taken["target_id"], taken["control_key"], taken["published_revision"]) == (
        "9", "message:9:component:0.components.0", 5)
    del channel[9], channel[8]  # only the private copy and another button are left
    assert rebased(preview, page, click, publications) is click
    # The message the member saw is still there, stripped of its buttons, and the board posted again below it.
    channel[7] = board(7)
    channel[12] = board(12, "gw:5", "gh:5")
    backend.get_message = lambda channel_id, message_id: channel[message_id]
    taken = rebased(preview, page, click, publications)
    assert (taken["target_id"], taken["control_key"]) == ("12", "message:12:component:0.components.1")


def test_the_kept_markdown_gives_the_preview_s_own_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the sandbox's kept Markdown (`quick_markdown`), every text parses to the tokens SimCord's own function
    gives, with the names of the context it is shown in; each caller gets a copy of its own; one parser serves
    every text of one field policy and context."""
    import markdown_it
    from simcord.preview import _markdown

    from bot.sandbox_preview import quick_markdown

    quick_markdown()
    quick_markdown()  # installed once
    kept = _markdown.markdown_tokens
    original = kept.original  # type: ignore[attr-defined]
    assert original is not kept
    built = []
    parser_class = markdown_it.MarkdownIt

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(args)
        return parser_class(*args, **kwargs)

    monkeypatch.setattr(markdown_it, "MarkdownIt", counted)
    texts = ["**Round 2** — <@11> asks <@12>", "||the spy|| is *near*", "see https://example.org and <#5>",
             "> a quote\n> on two lines", "`code` and __under__", "<t:1767225600:R>"]
    contexts = [{"users": {"11": "ada", "12": "bruno"}, "channels": {"5": "games"}},
                {"users": {"11": "carla", "12": "dario"}, "channels": {"5": "spyfall"}}]
    for context in contexts:
        for profile in ("message", "embed_description", "embed_title", "embed_field_value"):
            for text in texts:
                first = kept(text, profile, context=context)
                assert first == original(text, profile, context=context), (text, profile)
                first.append({"type": "changed"})  # the caller's copy, not the kept one
                assert kept(text, profile, context=context) == original(text, profile, context=context)
    names = {str(t) for t in kept(texts[0], "message", context=contexts[1])}
    assert "carla" in str(names) and "ada" not in str(names), "the context is part of what is kept"
    built.clear()
    context = {"users": {"11": "elena"}}
    for text in texts:
        kept(text + " (new)", "message", context=context)
    assert len(built) == 1, built


def test_speed_hurries_the_waits_not_the_play(tmp_path: Path) -> None:
    """At `--speed 10` the clock steps ten seconds a second, but one second a second while the person is acting in
    the page (a Spyfall vote's minute stays a minute to switch members and vote)."""
    sandbox = Sandbox(tmp_path / "s.db", speed=10.0)
    assert sandbox.step() == 10.0
    sandbox._acted()
    assert sandbox.step() == 1.0
    sandbox._acted_at -= 60  # a minute without a click: the waiting is hurried again
    assert sandbox.step() == 10.0
