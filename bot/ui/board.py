"""The presenter every game shares: a table's board message, its log lines, pings and secrets.

One board message per table (embed + picture + controls), edited in place while younger than an
hour and posted anew after a new round or at the end, so it stays near the bottom; the edit that shows a
click's move is the click's own answer when it can be (bot/delivery.py, `BoardAnswer`). The channel
stays readable: routine moves only appear in the board's recent moves; what people must notice
(a round's end, a vote, a result, the ping of a player whose turn it is and who is not following
the table) gets a message (docs/decisions.md, "A REST budget per action"). A computer player's whole
move is told in one message. Secrets go by DM when they change, with a public hint (never the secret)
when a DM fails; the board's "Show my …" button always shows them.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

import discord

from bot import limits
from bot.delivery import mention, render_png
from bot.gameui import Ctx, Describer, GameUI, Renderer, described
from bot.i18n import words
from bot.ports import PresenterParts
from bot.tables import Change, Opening, Table, pass_due, table_locale
from bot.ui.acting import actions_of, human_seats
from bot.ui.controls import board_view, panel_view, picker
from bot.ui.replay import replay_view
from games.core.messages import MessageFamily
from games.core.protocol import optional_member

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
# The board message fits one screen at 1280 × 800, its picture and buttons included (docs/decisions.md, "A board
# within one screen"): its embed holds at most BOARD_LINES lines as shown, title included, a line of text taking
# one shown line per LINE_CHARS characters. What does not fit (the game's rows per player, the eight recent moves)
# is in the board's "📜 Details", the private copy of the public board (bot/ui/watch.py).
BOARD_LINES = 7
# The embed's lines and the rows of buttons share the screen: a row of buttons is as tall as two lines, and the
# lines plus twice the rows stay within BOARD_SPACE (measured at 1280 × 800: 14 px to spare at the limit).
BOARD_SPACE = 10
LINE_CHARS = 56
# A recent move names players with their emoji, which take more room than letters: a line of moves holds fewer
# characters (measured in the sandbox's channel, tests/bot/test_sandbox_boards.py).
MOVE_CHARS = 44
# A computer's turn of this many worded moves or more is folded into one line of the recent moves, so that a long
# turn never pushes its own first moves (the ones that say why a player's discs went) out of the list.
FOLD_FROM = 3
# A member who made a move of their own at the table this recently is following it: the board tells them it is
# their turn, and a ping would be one more channel message (docs/decisions.md, "A REST budget per action").
PRESENT_SECONDS = 90.0
FAREWELL = MessageFamily("table.closed", ("ended", "cancelled"))


class TablePresenter:
    """Shows one game's tables in Discord; everything game-specific comes from its `GameUI`."""

    def __init__(self, bot: PresenterParts, ui: GameUI) -> None:
        self.bot = bot
        self.ui = ui
        self.held: dict[int, tuple[list[str], set[str]]] = {}  # a computer's move being told
        self.pictured: dict[int, Hashable] = {}  # what the board picture last showed
        self.moved: dict[int, dict[int, float]] = {}  # table -> seat -> when its member last made a move
        # The last board drawn while a computer was thinking, without that line: what it keeps once a new board
        # replaces it or the table closes, so that no old board says a computer is still thinking.
        self.calm: dict[int, discord.Embed] = {}

    @property
    def has_secrets(self) -> bool:
        return self.ui.secret is not None

    async def ctx(self, table: Table, seat: int | None = None, locale: str | None = None) -> Ctx:
        return Ctx(table=table, view=table.view(seat), names=await self.bot.names(table),
                   locale=locale or table_locale(table), seat=seat)

    # --- the table's life ---------------------------------------------------------------------

    async def started(self, opening: Opening) -> None:
        table = opening.table
        ctx = await self.ctx(table)
        # What set-up itself told (the first round begins) is announced with the opening; what the automatic
        # steps after it told comes with their own changes.
        dealt = table.game.view(opening.state, None)
        told = [self.ui.word(e, ctx) for e in dealt.get("log", []) if e["type"] in self.ui.notable]
        text = "\n".join(line for line in [self.ui.opening(ctx), *told] if line)
        picture = await self.picture(self.ui.opening_picture, self.ui.opening_describe, ctx, "opening.png")
        if text or picture:
            await self.bot.delivery.say(table, text or "", allowed_mentions=NO_PINGS,
                                        **({"file": picture} if picture else {}))
        await self.bot.turns.sync(table)
        await self.update_board(table, repost=True)
        await self.deal_secrets(table)
        self.bot.computers.kick(table)

    async def changed(self, change: Change) -> None:
        held = False
        try:
            held = await self._changed(change)
        finally:
            if not held:  # a held change's click is answered by the drawing of the changes that follow it
                self.bot.delivery.release_answers(change.table.id, change.seq)
            if change.table.game.outcome(change.after) is not None:
                self.bot.delivery.forget(change.table.id)

    async def _changed(self, change: Change) -> bool:
        """Publish one change; True when it is held: the changes stored right after it tell it with theirs."""
        table = change.table
        if change.seat is not None and not change.stand_in and change.seat not in table.computer_seats:
            self.moved.setdefault(table.id, {})[change.seat] = float(change.action.get("at") or 0.0)
        await self.tell_passed(change)
        ctx = await self.ctx(table)
        _before, _after, events = change.public()
        lines, kinds = self.held.setdefault(table.id, ([], set()))
        for event in events:
            kinds.add(event["type"])
            if event["type"] in self.ui.notable:
                text = self.ui.word(event, ctx)
                if text:
                    lines.append(text)
        over = table.game.outcome(change.after) is not None  # this change's moment, not the table's latest
        computer_next = not over and bool(set(table.computer_seats) & table.game.to_act(change.after))
        if table.row.meta.practice:  # each computer's turn told on its own, so that the member follows it
            computer_next = computer_next and change.seat in table.game.to_act(change.after)
        if change.seat is not None and change.seat in table.computer_seats and computer_next:
            self.bot.computers.kick(table)  # the computer goes on: its whole move is told at once
            return False
        if not over and pass_due(table, change.after) is not None:
            return True  # members' passes follow at once (bot/tables.py): one board, which answers the click, for all
        del self.held[table.id]
        over_or_new = over or bool(kinds & self.ui.repost_on)
        # The board first when it is edited in place, so a click that made this change is answered by this very
        # edit; a new board comes after the change's messages, below them (the old one loses its buttons first),
        # and the secrets' DMs after the board.
        if not over_or_new:
            if table.row.meta.board_seq != table.seq:  # else it shows this moment already
                await self.update_board(table)
        elif self.bot.delivery.awaits_answer(table):
            await self.bot.delivery.retire_controls(table, table.seq, self.calm.pop(table.id, None))
        pinged = self.to_ping(change)
        lines += [ctx.msg("core.your_turn", player=mention(table.users[s])) for s in pinged]
        if lines:
            allowed = discord.AllowedMentions(everyone=False, roles=False,
                                              users=[discord.Object(table.users[s]) for s in pinged])
            await self.bot.delivery.say(table, "\n".join(lines), allowed_mentions=allowed)
        if kinds & self.ui.result_on:
            await self.post_result(table, ctx)
        if over_or_new:
            await self.update_board(table, repost=True)
        await self.deal_secrets(table)
        if over:
            self.pictured.pop(table.id, None)
            self.moved.pop(table.id, None)
            if not self.bot.boards.waiting(table.id):  # else the final board is to be tried again
                self.bot.boards.forget(table.id)
        self.bot.computers.kick(table)
        return False

    async def tell_passed(self, change: Change) -> None:
        """The first time the bot passes for a member (the game's `pass_action`, e.g. Ready at a card window with
        no card to play), tell them so privately, once a game: later passes go without a word."""
        table, seat = change.table, change.seat
        passing = optional_member(table.game, "pass_action")
        if self.ui.passed is None or passing is None or not change.stand_in or seat is None or \
                seat in table.row.meta.passed or seat in table.computer_seats or passing(change.before, seat) is None:
            return
        table.row.meta.passed = sorted({*table.row.meta.passed, seat})
        await self.bot.service.save_meta(table)
        user = table.users[seat]
        locale = self.bot.languages.get(user) or table.locales[seat] or table_locale(table)
        await self.bot.delivery.dm(user, content=words(locale).msg(self.ui.passed))

    async def closed(self, table: Table, reason: str) -> None:
        calm = self.calm.pop(table.id, None)
        self.held.pop(table.id, None)
        self.moved.pop(table.id, None)
        self.bot.boards.forget(table.id)
        self.bot.delivery.forget(table.id)
        self.pictured.pop(table.id, None)
        if table.state is None:
            return  # a lobby: its own message already says it was cancelled
        await self.bot.delivery.retire_board(table, words(table_locale(table)).msg(FAREWELL[reason]), calm)

    async def show_board(self, table: Table) -> None:
        await self.update_board(table, repost=True)

    async def redraw_if_stale(self, table: Table) -> bool:
        """After a restart: redraw the board (a paced edit) when it shows less than the table's last stored
        action, e.g. when the process died with an edit still waiting in the pacer. True when redrawn."""
        if table.status != "playing" or table.state is None or table.row.meta.board_seq == table.seq:
            return False
        await self.update_board(table)
        return True

    def to_ping(self, change: Change) -> list[int]:
        """The member whose move it now is, when it just became theirs (never a computer), unless they are
        following the table: they made a move of their own in the last `PRESENT_SECONDS`."""
        table = change.table
        if table.status != "playing":
            return []
        now = table.game.to_act(change.after)
        if len(now) != 1:
            return []
        (seat,) = now
        if seat not in human_seats(table) or table.game.to_act(change.before) == now:
            return []
        last = self.moved.get(table.id, {}).get(seat)
        if last is not None and float(change.action.get("at") or 0.0) - last < PRESENT_SECONDS:
            return []
        return [seat]

    # --- the board --------------------------------------------------------------------------

    def status_lines(self, ctx: Ctx, calm: bool = False) -> list[str]:
        """What the table waits on: the game's status, the computer's thinking (unless `calm`), the turn clock."""
        lines = list(self.ui.status(ctx))
        if not calm and self.thinking(ctx.table):
            lines.append(ctx.msg("core.computer_thinking"))
        return lines + self.bot.turns.board_lines(ctx.table, ctx.locale, ctx.names)

    def thinking(self, table: Table) -> bool:
        return table.state is not None and table.game.outcome(table.state) is None and \
            any(s in table.computer_seats for s in table.game.to_act(table.state))

    def recent(self, ctx: Ctx) -> list[str]:
        """The last `recent_moves` moves in words, oldest first; a computer's turn of `FOLD_FROM` moves or more is
        one line (its moves in order), so it is never cut in half by the list's length."""
        runs: list[tuple[int | None, list[str]]] = []
        actor: int | None = None
        for event in ctx.view.get("log", []):
            seat = self.ui.actor(event)
            if seat is not None:
                actor = seat  # events naming no seat (a payment, a result) belong to the move that caused them
            text = self.ui.word(event, ctx)
            if not text:
                continue
            if runs and runs[-1][0] == actor:
                runs[-1][1].append(text)
            else:
                runs.append((actor, [text]))
        lines: list[str] = []
        for seat, texts in runs:
            if seat in ctx.table.computer_seats and len(texts) >= FOLD_FROM:
                lines.append(" · ".join(texts))
            else:
                lines.extend(texts)
        return lines[-self.ui.recent_moves:] if self.ui.recent_moves > 0 else []

    def embed(self, ctx: Ctx, calm: bool = False, rows: int = 1) -> discord.Embed:
        """The board's embed, within `BOARD_LINES` and the room its `rows` of buttons leave: the status, then as
        many of the newest moves as fit under their heading (the newest alone cut short when even it does not,
        and without the heading when the status leaves a single line). The rest is in `details`. `calm`: without
        the computer's thinking."""
        if self.ui.render is None:
            return self.details(ctx, calm)  # no picture: the board is all words, and short enough
        title = limits.title(self.ui.title(ctx))
        lines = self.status_lines(ctx, calm)
        room = min(BOARD_LINES, BOARD_SPACE - 2 * max(rows, 1))
        left = room - shown_lines(title) - shown_lines("\n".join(lines))
        recent = self.recent(ctx)
        if left == 1 and recent:
            # One line left: the newest move says more than a heading would over nothing.
            description = "\n".join([*lines, cut(recent[-1], MOVE_CHARS)])
            return discord.Embed(title=title, description=limits.description(description), colour=self.ui.colour)
        left -= 1  # the moves' heading
        moves: list[str] = []
        for line in reversed(recent):
            if shown_lines(line, MOVE_CHARS) > left:
                if not moves and left > 0:
                    moves.append(cut(line, MOVE_CHARS))  # the newest alone, on one line; whole in Details
                break
            moves.insert(0, line)
            left -= shown_lines(line, MOVE_CHARS)
        heading = "**" + ctx.msg("core.recent_moves") + "**"
        description = "\n".join([*lines, heading, *moves] if moves else lines)
        return discord.Embed(title=title, description=limits.description(description), colour=self.ui.colour)

    def details(self, ctx: Ctx, calm: bool = False) -> discord.Embed:
        """The whole public board in words, for "📜 Details": the status, the recent moves and the game's rows (and
        the board of a game without a picture, or whose picture failed)."""
        lines = [*self.ui.more(ctx), *self.status_lines(ctx, calm)]
        recent = self.recent(ctx)
        heading = "**" + ctx.msg("core.recent_moves") + "**"
        description = "\n".join([*lines, "", heading, *recent] if recent else lines)
        while len(description) > limits.DESCRIPTION and recent:
            recent.pop(0)  # the oldest moves give way first
            description = "\n".join([*lines, "", heading, *recent])
        embed = discord.Embed(title=limits.title(self.ui.title(ctx)), description=limits.description(description),
                              colour=self.ui.colour)
        for name, value in self.ui.fields(ctx)[:limits.FIELDS]:
            embed.add_field(name=limits.title(name), value=limits.field(value) or "—", inline=False)
        return embed

    async def update_board(self, table: Table, *, repost: bool = False) -> None:
        """Show the table's state on its board: a new message at once, an edit paced (bot/ui/pacing.py)."""

        async def draw() -> None:
            await self.draw_board(table, repost=repost)

        if repost or self.bot.delivery.awaits_answer(table):
            await self.bot.boards.now(table.id, draw)  # a click's answer does not count against the pace
        else:
            await self.bot.boards.edit(table.id, draw)

    async def draw_board(self, table: Table, *, repost: bool = False) -> None:
        shown = table.seq  # what this drawing shows: recorded once it is posted (see `redraw_if_stale`)
        ctx = await self.ctx(table)
        # A running game's controls; a finished game's final board gets the Replay button instead.
        controls = board_view(table, self.ui, ctx) if table.status == "playing" else \
            replay_view(table, ctx.msg("replay.button"))
        image: Callable[[], Awaitable[bytes]] | None = None
        about: str | None = None  # the picture's description: what it shows, for a screen reader
        changed = False
        if self.ui.render is not None:
            about = described(self.ui.describe, ctx)
            render = self.ui.render
            key = self.ui.picture_key(ctx.view)
            changed = self.pictured.get(table.id) != key
            self.pictured[table.id] = key

            async def image() -> bytes:
                return await render_png(render, ctx.view, ctx.names, ctx.words)

        retired = self.calm.pop(table.id, None)  # the board this drawing may replace
        rows = rows_of(controls)
        if self.thinking(table):
            self.calm[table.id] = self.embed(ctx, calm=True, rows=rows)
        try:
            posted = await self.bot.delivery.post_board(table, embed=self.embed(ctx, rows=rows), view=controls,
                                                        image=image, image_changed=changed, repost=repost, shows=shown,
                                                        description=about, retired=retired)
            if posted is not None:
                self.bot.service.metrics.board_shown(table, shown)
            if posted is not None and table.row.meta.board_seq != shown:
                table.row.meta.board_seq = shown
                await self.bot.service.save_meta(table)
        except Exception:
            if image is None:
                raise
            # A picture that fails to draw must not hide the board: it is posted as text.
            log.exception("table %s: drawing the board failed; posting it as text", table.id)
            self.pictured.pop(table.id, None)
            embed = self.details(ctx)
            embed.set_footer(text=ctx.msg("core.picture_failed"))
            posted = await self.bot.delivery.post_board(table, embed=embed, view=controls, image=None, repost=repost,
                                                        shows=shown)
        if posted is None:
            self.not_shown(table, repost)

    def not_shown(self, table: Table, repost: bool) -> None:
        """Discord did not take the board: its picture is uploaded with the next one, and after a passing
        failure it is drawn again a little later, from the table as it is then (bot/delivery.py)."""
        self.pictured.pop(table.id, None)
        delay = self.bot.delivery.board_retry_in(table.id)
        if delay is None:
            return

        async def again() -> None:
            await self.draw_board(table, repost=repost)
            if table.status != "playing" and not self.bot.boards.waiting(table.id):
                self.bot.boards.forget(table.id)

        self.bot.boards.later(table.id, again, delay)

    async def picture(self, render: Renderer | None, describe: Describer | None, ctx: Ctx,
                      filename: str) -> discord.File | None:
        if render is None:
            return None
        try:
            data = await render_png(render, ctx.view, ctx.names, ctx.words)
        except Exception:
            log.exception("table %s: drawing %s failed", ctx.table.id, filename)
            return None
        return discord.File(io.BytesIO(data), filename, description=described(describe, ctx))

    async def post_result(self, table: Table, ctx: Ctx) -> None:
        text = self.ui.result(ctx)
        picture = await self.picture(self.ui.result_picture, self.ui.result_describe, ctx, "result.png")
        if text or picture:
            await self.bot.delivery.say(table, text or "", allowed_mentions=NO_PINGS,
                                        **({"file": picture} if picture else {}))

    # --- secrets ----------------------------------------------------------------------------

    def dm_controls(self, table: Table, seat: int, ctx: Ctx) -> discord.ui.View | None:
        """The picker of the first of the secret's `controls` groups this seat can use now (a bid by
        DM), else the buttons of its `panel` groups he can use."""
        assert self.ui.secret is not None
        for group_id in self.ui.secret.controls:
            group = self.ui.group(group_id)
            choices = actions_of(table, group, seat) if group is not None else []
            if group is not None and choices:
                view: discord.ui.View = picker(table, group, ctx, choices, 0)["view"]
                return view
        return panel_view(table, self.ui, ctx, seat)

    async def deal_secrets(self, table: Table) -> None:
        """Send each player's secret by DM when it changed; a failed DM gets a public hint."""
        secret = self.ui.secret
        if secret is None or table.state is None:
            return
        dealt = dict(table.row.meta.dealt)
        unreachable: list[int] = []
        for seat in human_seats(table):
            own = table.view(seat)
            key = secret.key(own)
            if key is None:
                continue
            stamp = json.dumps(key, sort_keys=True, default=str)
            if dealt.get(seat) == stamp:
                continue
            dealt[seat] = stamp
            user = table.users[seat]
            locale = self.bot.languages.get(user) or table.locales[seat] or table_locale(table)
            ctx = await self.ctx(table, seat, locale)
            shown = secret.text(ctx)
            if shown is None:
                continue
            content: dict[str, Any] = {"content": shown} if isinstance(shown, str) else {"embed": shown}
            controls = self.dm_controls(table, seat, ctx)
            if controls is not None:
                content["view"] = controls
            if not await self.bot.delivery.dm(table.users[seat], **content):
                unreachable.append(table.users[seat])
        if dealt != table.row.meta.dealt:
            table.row.meta.dealt = dealt
            await self.bot.service.save_meta(table)
        if unreachable:
            locale = table_locale(table)
            catalog = words(locale)
            await self.bot.delivery.say(
                table, catalog.msg("core.dm_failed", players=" ".join(mention(u) for u in unreachable),
                                   button=catalog.msg(secret.button)),
            )


def rows_of(view: discord.ui.View | None) -> int:
    """How many rows of components `view` shows under the board."""
    return len(view.to_components()) if view is not None else 0


def shown_lines(text: str, per_line: int = LINE_CHARS) -> int:
    """How many lines `text` takes in a board's embed: each of its lines wraps every `LINE_CHARS` characters."""
    return sum(max(1, -(-len(line) // per_line)) for line in text.split("\n"))


def cut(line: str, limit: int) -> str:
    """`line` within `limit` characters, cut at a word's end with "…"."""
    if len(line) <= limit:
        return line
    head = line[:max(limit - 1, 1)]
    return (head.rsplit(" ", 1)[0] if " " in head else head) + "…"
