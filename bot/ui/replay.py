"""The "Replay" button of a finished game's final board: an animated picture and the public log.

custom_id: `replay:<table>` — everything is read from the store (a finished table is no longer in
the service), so the button works after a restart and for anyone in the server: a replay shows only
what the table showed everyone at the time (bot/replays.py replays the stored action log).

A click: cheap checks first (the table, its log, a replay already posted or being made), each
answered privately; then `defer(thinking=True)` in public, and in a worker thread the replay, the
pictures (the game's `GameUI.render` of public views), the GIF (renderers/animation.py, ≤ 8 MiB)
and the text log in the reader's language; both are posted in the table's channel or thread. One
replay per table at a time; once posted, a click gets a link to it (and the log in the reader's
own language when it differs from the posted one).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

from bot import limits
from bot.delivery import mention
from bot.gameui import Ctx, GameUI, described
from bot.i18n import Catalog, t, words
from bot.meta import PostedReplay
from bot.ports import Client
from bot.replays import MAX_FRAMES, LoggedAction, Moment, Replay, ReplayMissing, build, check_log
from bot.store import TableRow
from bot.tables import Table
from bot.ui.common import bot_of, follow_up, locale_of, tell
from games.core.protocol import Game
from renderers.alt import replay as alt
from renderers.animation import MAX_BYTES, Animation, Picture, TooLarge, animate

log = logging.getLogger(__name__)

OPEN = ("lobby", "playing")
NO_PINGS = discord.AllowedMentions.none()


# --- the replay, off the event loop ------------------------------------------------------------------


@dataclass(frozen=True)
class Stored:
    """What the store holds about one table, read on the loop and handed to the worker thread."""

    row: TableRow
    users: list[int]
    actions: list[LoggedAction]
    snapshot: tuple[int, Any] | None


@dataclass
class Made:
    text: str
    moves: int
    animation: Animation | None = None
    too_large: bool = False  # there were pictures, but not even the smallest animation fitted
    replay: Replay | None = field(default=None, repr=False)
    description: str | None = None  # the animation in words (its alt text)


MENTION = re.compile(r"<@!?(-?\d+)>")
STAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")
EMOJI = re.compile(r"<a?:(\w+):\d+>")


def plain(text: str, people: dict[int, str]) -> str:
    """A Discord message as plain text: mentions by name, timestamps in UTC, no bold or underline marks."""
    text = MENTION.sub(lambda m: people.get(int(m.group(1)), "@?"), text)
    text = STAMP.sub(lambda m: utc(float(m.group(1)), "%H:%M UTC"), text)
    text = EMOJI.sub(lambda m: f":{m.group(1)}:", text)
    return text.replace("**", "").replace("__", "")


def utc(at: float, form: str) -> str:
    return datetime.fromtimestamp(at, tz=UTC).strftime(form)


def header(stored: Stored, game: Game, names: Sequence[str], moves: int, catalog: Catalog) -> list[str]:
    row = stored.row
    end = stored.actions[-1][3] if stored.actions else row.updated
    players = []
    replaced = row.meta.replaced
    known = row.meta.names
    for seat, name in enumerate(names):
        if seat in replaced:
            member = known.get(replaced[seat]) or f"#{replaced[seat]}"
            players.append(catalog.msg("replay.log.replaced", name=name, member=member))
        else:
            players.append(name)
    return [
        catalog.msg("replay.log.title", game=game.title, table=row.id),
        catalog.msg("replay.log.played", date=utc(row.created, "%Y-%m-%d"), start=utc(row.created, "%H:%M"),
                    end=utc(end, "%H:%M")),
        catalog.msg("replay.log.players", players=", ".join(players)),
        catalog.plural("replay.moves", moves),
    ]


def marker(moment: Moment, replay_moves: int, picture: int | None, names: Sequence[str], seats: int,
           catalog: Catalog) -> str | None:
    """The line after a moment that begins a turn or becomes a picture: who is to play, the move, the picture."""
    parts = []
    if moment.seq == 0:
        parts.append(catalog.msg("replay.log.setup"))
    elif moment.seq == replay_moves:
        parts.append(catalog.msg("replay.log.end"))
    if moment.new_turn and moment.seq != replay_moves:
        # Named as the table pings them: one player whose move it is, or everyone. Who is still to act in a
        # simultaneous phase (who has not voted yet) the table never says, so neither does the log.
        acting = moment.acting
        if len(acting) == 1 and 0 <= acting[0] < len(names):
            parts.append(catalog.msg("replay.log.turn", players=names[acting[0]]))
        elif len(acting) == seats > 1:
            parts.append(catalog.msg("replay.log.turn", players=catalog.msg("replay.log.everyone")))
    if not parts and picture is None and not moment.new_turn:
        return None
    if moment.seq:
        parts.append(catalog.msg("replay.log.move", move=moment.seq))
    if picture is not None:
        parts.append(catalog.msg("replay.log.picture", picture=picture))
    return "— " + " · ".join(parts) + " —"


def make(
    stored: Stored, game: Game, ui: GameUI, names: list[str], locale: str, *, pictures: bool = True,
    limit: int = MAX_BYTES, max_frames: int = MAX_FRAMES,
) -> Made:
    """The replay of one stored game in `locale`: its text log, and its animation when `pictures`.

    Runs in a worker thread (pure CPU: the engine, wording, drawing, encoding). Raises ReplayMissing.
    """
    row = stored.row
    table = Table(row=row, game=game, users=list(stored.users), locales=[None] * len(stored.users))
    catalog = words(locale)
    people = {user: names[seat] for seat, user in enumerate(stored.users) if seat < len(names)}
    people.update({u: n for u, n in row.meta.names.items() if u not in people})
    rounds = frozenset(ui.repost_on)
    worded: list[tuple[Moment, list[str]]] = []
    result: list[str] = []

    def each(moment: Moment) -> None:
        assert moment.view is not None
        ctx = Ctx(table=table, view=moment.view, names=names, locale=locale)
        lines: list[str] = []
        for event in moment.events:
            if event.get("type") in rounds and (lines or worded):
                lines += ["", "━" * 24]  # a new round
            text = ui.word(event, ctx)
            if text:
                lines.append(plain(text, people))
        if moment.seq == len(stored.actions):
            final = ui.result(ctx)  # the result message the table posted, when the game has one
            if final:
                result.append(plain(final, people))
        worded.append((moment, lines))

    replay = build(game, len(stored.users), row.seed, row.options, stored.actions, stored.snapshot,
                   rounds=rounds, picture_key=ui.picture_key, max_frames=max_frames, each=each)
    numbers = {index: k + 1 for k, index in enumerate(replay.frames)}
    body: list[str] = []
    for index, (moment, lines) in enumerate(worded):
        body += lines
        line = marker(moment, replay.moves, numbers.get(index), names, len(stored.users), catalog)
        if line:
            body += ["", line] if body and body[-1] else [line]
    if result:
        body += ["", *result]
    text = "\n".join([*header(stored, game, names, replay.moves, catalog), "", *body]).strip() + "\n"
    made = Made(text=text, moves=replay.moves, replay=replay)
    if pictures and ui.render is not None:  # the text log travels in the same upload
        made.animation, made.too_large = pictures_of(replay, ui, names, catalog, limit - len(text.encode()))
    if made.animation is not None:
        final = replay.frame_moments()[-1].view
        last = described(ui.describe, Ctx(table=table, view=final, names=names, locale=locale)) if final else None
        made.description = alt.describe(game.title, made.animation.frames, replay.moves, last or "", catalog)
    return made


def captioned(replay: Replay, ui: GameUI, names: list[str], catalog: Catalog) -> list[Picture]:
    """The replay's pictures, each drawn by the game's renderer from its moment's public view, captioned."""
    render = ui.render
    assert render is not None
    shown = replay.frame_moments()
    drawn = []
    for k, moment in enumerate(shown, start=1):
        assert moment.view is not None
        if moment.seq == 0:
            label = catalog.msg("replay.caption.setup")
        elif moment.seq == replay.moves:
            label = catalog.msg("replay.caption.end")
        else:
            label = catalog.msg("replay.caption.move", move=moment.seq, moves=replay.moves)
        detail = catalog.msg("replay.caption.picture", picture=k, pictures=len(shown))
        drawn.append(Picture(render(moment.view, names, catalog), label, detail,
                             moment.seq / replay.moves if replay.moves else 1.0))
    return drawn


def pictures_of(replay: Replay, ui: GameUI, names: list[str], catalog: Catalog,
                limit: int) -> tuple[Animation | None, bool]:
    """The replay's animation, and whether it was too large even at its smallest."""
    try:
        return animate(captioned(replay, ui, names, catalog), limit), False
    except TooLarge:
        log.warning("replay of %s: the animation does not fit in %d bytes", replay.game, limit)
        return None, True


# --- reading the store ------------------------------------------------------------------------------


async def stored_of(bot: Client, table_id: int) -> Stored | None:
    store = bot.store
    if store is None:
        return None
    row = await store.get_table(table_id)
    if row is None:
        return None
    seats = await store.seats(table_id)
    actions = await store.actions(table_id)
    snapshot = await store.snapshot(table_id)
    return Stored(row=row, users=[u for u, _ in seats], actions=actions, snapshot=snapshot)


async def names_of(bot: Client, stored: Stored, game: Game) -> list[str]:
    table = Table(row=stored.row, game=game, users=list(stored.users), locales=[None] * len(stored.users))
    return await bot.names(table)


# --- the button ------------------------------------------------------------------------------------


@dataclass
class Desk:
    """One bot's replays being made (a lock per table)."""

    locks: dict[int, asyncio.Lock] = field(default_factory=dict)


_desks: weakref.WeakKeyDictionary[discord.Client, Desk] = weakref.WeakKeyDictionary()


def desk_of(client: discord.Client) -> Desk:
    desk = _desks.get(client)
    if desk is None:
        desk = _desks[client] = Desk()
    return desk


def replay_view(table: Table, label: str) -> discord.ui.View | None:
    """The final board's controls: the Replay button, for a game that reached its end."""
    if table.status != "finished":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(table.id, label))
    return view


def files_of(made: Made, game: str, table_id: int) -> list[discord.File]:
    stem = f"replay-{game}-{table_id}"
    files = []
    if made.animation is not None:
        files.append(discord.File(io.BytesIO(made.animation.data), f"{stem}.gif", description=made.description))
    files.append(discord.File(io.BytesIO(made.text.encode("utf-8")), f"{stem}.txt"))
    return files


def link(guild: int | None, channel: int, message: int) -> str:
    return f"https://discord.com/channels/{guild or '@me'}/{channel}/{message}"


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"replay:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "Replay"), style=discord.ButtonStyle.secondary,
                                           emoji="🎞️", custom_id=f"replay:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["table"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        lock = desk_of(interaction.client).locks.setdefault(self.table_id, asyncio.Lock())
        if lock.locked():
            await tell(interaction, t(locale_of(interaction), "replay.busy"))
            return
        try:
            async with lock:
                await post_replay(interaction, self.table_id)
        finally:
            desk_of(interaction.client).locks.pop(self.table_id, None)


async def post_replay(interaction: discord.Interaction, table_id: int) -> None:
    bot = bot_of(interaction)
    locale = locale_of(interaction)
    stored = await stored_of(bot, table_id)
    if stored is None or stored.row.guild != interaction.guild_id:
        await tell(interaction, t(locale, "replay.missing"))
        return
    row = stored.row
    if row.status in OPEN:
        await tell(interaction, t(locale, "replay.not_over"))
        return
    game = bot.service.registry.get(row.game)
    presenter = bot.presenters.get(row.game)
    posted = row.meta.replay
    if posted is not None and await still_there(interaction, posted.message):
        await already_posted(interaction, stored, game, presenter.ui if presenter else None, posted, locale)
        return
    try:
        if game is None or presenter is None:
            raise ReplayMissing(f"the game {row.game} is not loaded")
        check_log(stored.actions, stored.snapshot)
    except ReplayMissing as exc:
        log.warning("table %s: no replay: %s", table_id, exc)
        await tell(interaction, t(locale, "replay.missing"))
        return
    ui = presenter.ui
    names = await names_of(bot, stored, game)

    await interaction.response.defer(thinking=True)
    started = time.perf_counter()
    try:
        made = await asyncio.to_thread(make, stored, game, ui, names, locale)
    except ReplayMissing as exc:
        log.warning("table %s: no replay: %s", table_id, exc)
        await follow_up(interaction, t(locale, "replay.missing"))
        return
    except Exception:
        log.exception("table %s: making the replay failed", table_id)
        await follow_up(interaction, t(locale, "replay.failed"))
        return
    catalog = words(locale)
    counts = [catalog.plural("replay.moves", made.moves)]
    if made.animation is not None:
        counts.append(catalog.plural("replay.pictures", made.animation.frames))
    lines = [t(locale, "replay.posted", game=game.title, name=mention(interaction.user.id)), " · ".join(counts)]
    if made.too_large:
        lines.append(t(locale, "replay.too_large"))
    try:
        # Making a long replay may outlast the interaction's 15 minutes: then it is posted in the channel.
        message = await follow_up(interaction, "\n".join(lines), files=files_of(made, row.game, table_id),
                                  allowed_mentions=NO_PINGS, wait=True)
    except discord.HTTPException as exc:
        log.warning("table %s: posting the replay failed: %s %s", table_id, exc.status, exc.text)
        try:
            await interaction.edit_original_response(content=t(locale, "replay.upload_failed"))
        except discord.HTTPException:
            log.exception("table %s: could not say that the replay failed", table_id)
        return
    log.info("table %s: replay posted (%d moves, %s pictures, %s bytes, %.1f s)", table_id, made.moves,
             made.animation.frames if made.animation else 0, len(made.animation.data) if made.animation else 0,
             time.perf_counter() - started)
    if message is None:
        return
    row.meta.replay = PostedReplay(message=message.id, channel=message.channel.id, locale=locale)
    assert bot.store is not None
    await bot.store.update_table(table_id, bot.service.clock(), meta=row.meta)


async def still_there(interaction: discord.Interaction, message_id: int) -> bool:
    """Whether the replay posted earlier is still in the channel (a deleted one is made again)."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        return False
    try:
        await channel.fetch_message(message_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # cannot tell: better a link that may be dead than a second replay
    return True


async def already_posted(interaction: discord.Interaction, stored: Stored, game: Game | None, ui: GameUI | None,
                         posted: PostedReplay, locale: str) -> None:
    """A link to the replay posted earlier; with the log in the reader's language when it differs."""
    where = link(interaction.guild_id, posted.channel, posted.message)
    text = t(locale, "replay.already", link=where)
    if posted.locale == locale or game is None or ui is None:
        await tell(interaction, text)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        names = await names_of(bot_of(interaction), stored, game)
        made = await asyncio.to_thread(make, stored, game, ui, names, locale, pictures=False)
    except Exception:
        log.exception("table %s: the log in %s failed", stored.row.id, locale)
        await tell(interaction, text)
        return
    await tell(interaction, text + "\n" + t(locale, "replay.own_language"),
               file=files_of(made, stored.row.game, stored.row.id)[-1])

