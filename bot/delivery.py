"""Talking to players: the table's board message, public log lines, secrets by DM.

Secrets go by DM first; a failed DM (403 / 50007) gets a public hint that names the
"Show my card" button and never the secret. Board images are rendered off the event loop.

Discord's errors (docs/decisions.md, "When Discord fails"): discord.py itself tries a 500, 502, 504
or 524 five times and waits out a 429; a 503 it raises at once, so a post, an edit or a DM is tried
twice more on a 503, briefly (the caller may hold the table's lock). A board that still could not be
shown is drawn again from the table as it is then, a few times on a timer and at the next change. A
channel where the bot lost a permission it needs (403: 50013 Missing Permissions, 50001 Missing
Access) pauses the table's talk there: the table goes on and keeps its state, the host gets one DM
naming the permission, and the first post that goes through again ends the pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import timedelta
from typing import Any, TypeVar

import aiohttp
import discord

from bot.i18n import t
from bot.ports import BoardAnswer, Playing
from bot.tables import Change, Opening, Table
from games.core.messages import MessageFamily
from renderers.core import to_png

log = logging.getLogger(__name__)

BOARD_EDIT_WINDOW = timedelta(hours=1)
BOARD_FILE = "board.png"
MESSAGE_LIMIT = 2000  # characters of one Discord message

# discord.py's HTTPClient.request already tries 500, 502, 504 and 524 five times (sleeping 1, 3, 5, 7 and
# 9 s) and waits out each 429; a 503 it raises at once. We try a 503 again after each of these delays.
RETRIED_STATUSES = frozenset({503})
RETRY_DELAYS = (0.5, 1.5)  # seconds: at most two more tries, two seconds in all
# A click on the board waits at most this long (from its arrival, its action included) for the board's edit to
# answer it; then it is deferred and the board edited as usual. Discord wants an answer within 3 s.
ANSWER_WITHIN = 1.5
# A board that could not be shown for a passing reason (a 5xx, a 429 discord.py gave up on, a lost
# connection) is drawn again after these delays, then only at the table's next change.
BOARD_RETRY_DELAYS = (10.0, 30.0, 90.0)
NO_ACCESS = frozenset({50001, 50013})  # Missing Access, Missing Permissions
PERMISSION = MessageFamily("core.permission", ("view_channel", "send_messages", "send_messages_in_threads",
                                               "embed_links", "attach_files"))
# What a failed post may raise: Discord's answer, or no answer (a lost connection, a time-out).
FAILURES: tuple[type[BaseException], ...] = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError,
                                             asyncio.TimeoutError)

# What answering a click may raise besides: it was answered already (a refusal told privately, say).
ANSWER_FAILURES: tuple[type[BaseException], ...] = (*FAILURES, discord.InteractionResponded)

T = TypeVar("T")
Place = discord.TextChannel | discord.Thread | discord.DMChannel  # where a table talks


def mention(user_id: int) -> str:
    """A member's mention in a message's text."""
    return f"<@{user_id}>"


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Text cut at line ends into messages of at most `limit` characters (a longer line is cut)."""
    parts: list[str] = []
    for line in text.split("\n"):
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        if parts and len(parts[-1]) + 1 + len(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return [part for part in parts if part.strip()] or ([] if not text.strip() else [text[:limit]])


async def render_png(render: Callable[..., Any], *args: Any) -> bytes:
    """Render and encode in a worker thread so the event loop keeps answering clicks."""

    def work() -> bytes:
        return to_png(render(*args))

    return await asyncio.to_thread(work)


def resendable(kwargs: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """The arguments of a send, for each try: a try reads its files, so every try gets fresh copies."""
    single, many = kwargs.get("file"), kwargs.get("files")
    if single is None and many is None:
        return lambda: dict(kwargs)
    rest = {k: v for k, v in kwargs.items() if k not in ("file", "files")}
    blobs = []
    chosen: list[discord.File] = [single] if single is not None else list(many or [])
    for f in chosen:
        f.reset()
        blobs.append((f.filename, f.fp.read(), f.description))

    def fresh() -> dict[str, Any]:
        files = [discord.File(io.BytesIO(data), name, description=about) for name, data, about in blobs]
        return {**rest, "file": files[0]} if single is not None else {**rest, "files": files}

    return fresh


def transient(error: BaseException) -> bool:
    """A failure that may pass: a server error, a rate limit discord.py gave up on, no answer at all."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, FAILURES)


def describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} (code {error.code})"
    return type(error).__name__


class Delivery:
    def __init__(self, client: discord.Client, service: Playing) -> None:
        self.client = client
        self.service = service
        self.retry_delays: Sequence[float] = RETRY_DELAYS
        self.board_retry_delays: Sequence[float] = BOARD_RETRY_DELAYS
        self.board_failures: dict[int, int] = {}  # table id -> boards not shown in a row (passing failures)
        self.answers: dict[int, list[BoardAnswer]] = {}  # table id -> clicks on its board waiting for its edit
        self.presented: dict[int, int] = {}  # table id -> the last change the presenter finished publishing
        self.retired: dict[int, int] = {}  # table id -> the old board whose buttons are already off

    async def place(self, table: Table) -> Place | None:
        """The channel (or thread) the table talks in, or None when it is gone (a practice table may talk in the
        member's DMs, bot/ui/practice.py)."""
        channel: object = self.client.get_channel(table.place)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(table.place)
            except discord.HTTPException:
                log.warning("table %s: channel %s is gone", table.id, table.place)
                return None
        if not isinstance(channel, (discord.TextChannel, discord.Thread, discord.DMChannel)):
            log.warning("table %s: %s is not a text channel", table.id, table.place)
            return None
        return channel

    async def retrying(self, send: Callable[[], Awaitable[T]]) -> T:
        """`send()`, tried again after a 503 (see RETRIED_STATUSES) once per delay in `retry_delays`."""
        for delay in self.retry_delays:
            try:
                return await send()
            except discord.HTTPException as exc:
                if exc.status not in RETRIED_STATUSES:
                    raise
                log.warning("Discord answered %s; trying again in %.1f s", exc.status, delay)
            await asyncio.sleep(delay)
        return await send()

    async def say(self, table: Table, content: str, **kwargs: Any) -> discord.Message | None:
        """Post in the table's place; text past 2,000 characters goes in several messages, the
        attachments and embeds with the last one. Returns the last message posted."""
        channel = await self.place(table)
        if channel is None:
            return None
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True))
        parts = split_message(content) or [""]
        last = resendable(kwargs)
        embed = bool(kwargs.get("embed") or kwargs.get("embeds"))
        files = bool(kwargs.get("file") or kwargs.get("files"))
        mentions = kwargs["allowed_mentions"]

        def post(text: str | None, extra: Callable[[], dict[str, Any]]) -> Callable[[], Awaitable[discord.Message]]:
            return lambda: channel.send(text, **extra())

        try:
            for part in parts[:-1]:
                await self.retrying(post(part, lambda: {"allowed_mentions": mentions}))
            message = await self.retrying(post(parts[-1] or None, last))
        except FAILURES as exc:
            await self.failed(table, channel, exc, "a message", needs(channel, post=True, embed=embed, files=files))
            return None
        await self.went_through(table, needs(channel, post=True, embed=embed, files=files))
        return message

    async def dm(self, user_id: int, **kwargs: Any) -> bool:
        """Send a private message; False when the user does not accept DMs from the bot."""
        again = resendable(kwargs)
        try:
            # Opened from the stored id: without the members intent `get_user` rarely knows a player, and a
            # `GET users/{id}` before every DM would cost a call; discord.py keeps the DM channel once opened.
            channel = await self.client.create_dm(discord.Object(user_id))
            await self.retrying(lambda: channel.send(**again()))
        except discord.Forbidden:
            return False
        except FAILURES as exc:
            log.warning("DM to %s failed: %s", user_id, describe(exc))
            return False
        return True

    # --- a click answered by the board itself ---------------------------------------------------

    def expect_answer(self, interaction: discord.Interaction, table: Table) -> BoardAnswer | None:
        """Before a click on the table's board is played: let the board's next edit answer it (None when the
        clicked message is not the table's board)."""
        message = interaction.message
        if message is None or message.id != table.row.meta.board:
            return None
        answer = BoardAnswer(interaction, message.id, since=table.seq + 1)
        self.answers.setdefault(table.id, []).append(answer)
        return answer

    def awaits_answer(self, table: Table) -> bool:
        """A click waits for this table's board to be drawn (an edit that goes now, not paced: an interaction
        response does not count against the channel's rate limit)."""
        return any(not a.claimed and a.since <= table.seq for a in self.answers.get(table.id, []))

    def _claim(self, table_id: int, message_id: int, shows: int | None) -> BoardAnswer | None:
        waiting = self.answers.get(table_id, [])
        for answer in waiting:
            if not answer.claimed and shows is not None and answer.message_id == message_id and answer.since <= shows:
                answer.claimed = True
                waiting.remove(answer)
                return answer
        return None

    def _withdraw(self, table_id: int, answer: BoardAnswer) -> bool:
        """Take back an answer nobody claimed; False when an edit is already going through it."""
        waiting = self.answers.get(table_id, [])
        if answer.claimed or answer not in waiting:
            return False
        waiting.remove(answer)
        if not waiting:
            self.answers.pop(table_id, None)
        answer.settle(False)
        return True

    def release_answers(self, table_id: int, published: int) -> None:
        """The table's changes up to `published` are out: a click among them that no board edit answered will
        not be answered so (its change drew no board, or it was drawn before the click could wait for it)."""
        self.presented[table_id] = max(published, self.presented.get(table_id, published))
        for answer in list(self.answers.get(table_id, [])):
            if answer.seq is not None and answer.seq <= published:
                self._withdraw(table_id, answer)

    async def conclude_answer(self, answer: BoardAnswer, table_id: int, seq: int | None, until: float) -> bool:
        """After the click's action was stored as change `seq`: wait, until the loop's time `until`, for the
        board's edit to answer the click; True when it did (else the caller acknowledges the click and the board
        is edited as usual). No wait when the outbox is behind (it publishes earlier changes first) or has
        published this one already. `seq` None: the click is not answered by the board after all (refused, or
        slow): only an edit already going through it is waited for."""
        answer.seq = seq
        unpublished = self.service.unpublished(table_id)
        behind = any(isinstance(item, Opening) or (isinstance(item, Change) and seq is not None and item.seq < seq)
                     for item in unpublished)
        presented = self.presented.get(table_id, -1)
        coming = seq is not None and any(isinstance(item, Change) and item.seq >= seq and item.seq > presented
                                         for item in unpublished)
        if (seq is None or behind or not coming) and self._withdraw(table_id, answer):
            answered = False
        else:
            left = until - asyncio.get_running_loop().time()
            try:
                answered = await asyncio.wait_for(asyncio.shield(answer.done), left)
            except TimeoutError:
                answered = False if self._withdraw(table_id, answer) else await answer.done
        return answered

    def forget(self, table_id: int) -> None:
        """The table is over: nothing more will be drawn for its clicks."""
        for answer in list(self.answers.get(table_id, [])):
            self._withdraw(table_id, answer)
        self.presented.pop(table_id, None)
        self.retired.pop(table_id, None)

    async def edit_board(self, table: Table, message: discord.PartialMessage, shows: int | None,
                         **fields: Any) -> discord.Message:
        """Edit a board message: through a click on it that waits for this drawing (its interaction response),
        else by the channel's API."""
        answer = self._claim(table.id, message.id, shows)
        if answer is not None:
            try:
                await answer.interaction.response.edit_message(**fields)
            except ANSWER_FAILURES as exc:
                log.info("table %s: the click could not carry the board (%s); editing it", table.id, describe(exc))
                answer.settle(False)
            else:
                answer.settle(True)
                if answer.interaction.message is not None:
                    return answer.interaction.message
        return await message.edit(**fields)

    async def retire_board(self, table: Table, farewell: str, embed: discord.Embed | None = None) -> None:
        """Say publicly why the table ended, and take the buttons off its board (and put `embed` on it: the board
        without what is no longer true, such as a computer's thinking)."""
        await self.say(table, farewell)
        message_id = table.row.meta.board
        channel = await self.place(table)
        if message_id and channel is not None:
            with contextlib.suppress(*FAILURES):
                message = channel.get_partial_message(message_id)
                await (message.edit(view=None, embed=embed) if embed is not None else message.edit(view=None))

    async def post_board(
        self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
        image: Callable[[], Awaitable[bytes]] | None = None, image_changed: bool = False,
        repost: bool = False, shows: int | None = None, description: str | None = None,
        retired: discord.Embed | None = None,
    ) -> discord.Message | None:
        """Edit the table's board message in place while it is younger than an hour, else post anew.

        `image` renders the board picture; it is called only when the picture changed or the
        board is posted anew, so a click that changes no picture uploads nothing. A board deleted
        (by a moderator, a purge) is posted anew. None when the board could not be shown: then
        `board_retry_in` says whether to try again later. `shows`: the table's action count this drawing
        shows, so a click waiting for it is answered by this edit (`BoardAnswer`). `description`: the
        picture's alt text. `retired`: the embed the old board keeps when a new one is posted (the old one without
        what is no longer true), else it keeps its own.
        """
        channel = await self.place(table)
        if channel is None:
            return None
        # The picture goes beside the embed, not into it: an attachment is shown inline in a larger
        # box than an embed's image (docs/decisions.md, "Where players see a board").
        picture: bytes | None = None

        def files() -> list[discord.File]:
            if picture is None:
                return []
            return [discord.File(io.BytesIO(picture), BOARD_FILE, description=description)]

        message_id = table.row.meta.board
        if message_id:
            message = channel.get_partial_message(message_id)
            young = discord.utils.utcnow() - discord.utils.snowflake_time(message_id) < BOARD_EDIT_WINDOW
            if young and not repost:
                if image is not None and image_changed:
                    picture = await image()

                def edit() -> Awaitable[discord.Message]:
                    if picture is None:
                        return self.edit_board(table, message, shows, embed=embed, view=view)
                    return self.edit_board(table, message, shows, embed=embed, view=view, attachments=files())

                needed = needs(channel, post=False, embed=True, files=picture is not None)
                try:
                    edited = await self.retrying(edit)
                except discord.NotFound as exc:
                    log.info("table %s: the board message is gone (%s); posting it anew", table.id, describe(exc))
                except FAILURES as exc:
                    await self.failed(table, channel, exc, "the board", needed, board=True)
                    return None
                else:
                    await self.went_through(table, needed, board=True)
                    return edited
            else:
                await self.retire_controls(table, shows, retired)
        if image is not None and picture is None:
            picture = await image()

        def send() -> Awaitable[discord.Message]:
            if view is not None:
                return channel.send(embed=embed, view=view, files=files())
            return channel.send(embed=embed, files=files())

        needed = needs(channel, post=True, embed=True, files=picture is not None)
        try:
            posted = await self.retrying(send)
        except FAILURES as exc:
            await self.failed(table, channel, exc, "the board", needed, board=True)
            return None
        table.row.meta.board = posted.id
        await self.service.save_meta(table)
        await self.went_through(table, needed, board=True)
        return posted

    async def retire_controls(self, table: Table, shows: int | None, embed: discord.Embed | None = None) -> None:
        """Take the buttons off the table's board, which a new one replaces: they would only be stale (and put
        `embed` on it, when given: the old board without what is no longer true). Through the click that made the
        change, when it waits (its answer), and once per board."""
        message_id = table.row.meta.board
        channel = await self.place(table) if message_id and self.retired.get(table.id) != message_id else None
        if channel is None or not isinstance(message_id, int):
            return
        self.retired[table.id] = message_id
        with contextlib.suppress(*FAILURES):
            await self.edit_board(table, channel.get_partial_message(message_id), shows, view=None,
                                  **({"embed": embed} if embed is not None else {}))

    # --- when Discord fails -----------------------------------------------------------------

    def board_retry_in(self, table_id: int) -> float | None:
        """Seconds before drawing a board that could not be shown again; None: wait for the next change."""
        failures = self.board_failures.get(table_id, 0)
        if 1 <= failures <= len(self.board_retry_delays):
            return self.board_retry_delays[failures - 1]
        return None

    async def failed(self, table: Table, channel: Place, error: BaseException,
                     what: str, needed: list[str], *, board: bool = False) -> None:
        if isinstance(error, discord.Forbidden) and error.code in NO_ACCESS and \
                not isinstance(channel, discord.DMChannel):
            await self.lost_access(table, channel, missing(channel, needed, error.code))
            return
        if board and transient(error):
            self.board_failures[table.id] = self.board_failures.get(table.id, 0) + 1
        log.warning("table %s: could not post %s: %s", table.id, what, describe(error))

    async def went_through(self, table: Table, proven: Iterable[str], *, board: bool = False) -> None:
        """A post or an edit went through: it proves the permissions it needed, which may end a pause."""
        if board:
            self.board_failures.pop(table.id, None)
        paused = table.row.meta.paused
        if paused and set(paused) <= set(proven) and table.id in self.service.tables:
            log.info("table %s: the bot may post again (%s); the pause is over", table.id, ", ".join(paused))
            table.row.meta.paused = []
            await self.service.save_meta(table)

    async def lost_access(self, table: Table, channel: discord.TextChannel | discord.Thread,
                          lacking: list[str]) -> None:
        """The bot may no longer post in the table's place: the table pauses (it keeps its state and goes
        on; the next post that goes through ends the pause), and the host hears it once, by DM."""
        paused = list(table.row.meta.paused)
        log.warning("table %s: missing %s in %s", table.id, ", ".join(lacking), channel.id)
        if set(lacking) <= set(paused):
            return  # the host was told
        if table.id in self.service.tables:
            table.row.meta.paused = sorted({*paused, *lacking})
            await self.service.save_meta(table)
        locale = self.host_locale(table)
        named = ", ".join(t(locale, PERMISSION[p]) for p in lacking)
        if not await self.dm(table.host, content=t(locale, "core.paused_permission", game=table.game.title,
                                                    channel=channel.mention, permission=named)):
            log.warning("table %s: could not tell the host %s by DM", table.id, table.host)

    def host_locale(self, table: Table) -> str:
        """The host's language: the one they chose, else their client's when they opened the table."""
        chosen = getattr(self.client, "languages", {}).get(table.host)
        seat = table.seat_of(table.host)
        opened = table.locales[seat] if seat is not None and seat < len(table.locales) else None
        return str(chosen or opened or table.row.meta.locale)


def needs(channel: Place, *, post: bool, embed: bool, files: bool) -> list[str]:
    """The permissions a post (or an edit of the bot's own message) needs in `channel`."""
    needed = ["view_channel"]
    if post:
        needed.append("send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages")
    if embed:
        needed.append("embed_links")
    if files:
        needed.append("attach_files")
    return needed


def missing(channel: discord.TextChannel | discord.Thread, needed: list[str], code: int) -> list[str]:
    """Which permissions the bot lacks in `channel`, as its cache knows them: those the refused request
    needed, else any other its posts need (the channel lacks it, whatever Discord refused just now); when the
    cache sees nothing missing, what Discord's refusal names (every permission the request needed)."""
    me = channel.guild.me
    if me is not None:
        granted = channel.permissions_for(me)
        for wanted in (needed, needs(channel, post=True, embed=True, files=True)):
            lacking = [p for p in wanted if not getattr(granted, p)]
            if lacking:
                # Without View Channel, or without Send Messages, Discord counts the permissions that
                # depend on it as missing too: then that one is the one to give back.
                return lacking if lacking[0] in ("embed_links", "attach_files") else lacking[:1]
    if code == 50001:
        return ["view_channel"]
    return [p for p in needed if p != "view_channel"] or needed
