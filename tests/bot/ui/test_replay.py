"""The Replay button of a finished game's final board, through the real bot in SimCord."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import t, words
from bot.ui.replay import desk_of
from games.spyfall.locations import BY_ID, LOCATION_NAME, ROLE_NAME
from renderers.animation import MAX_BYTES
from renderers.core import BOARD_SIZE, INLINE_BOX, inline_size
from tests.bot.cogs.polls_kit import fast_legal_chooser, new_game_against_computer, play_until_over
from tests.bot.conftest import World, components, make_bot
from tests.bot.helpers import choose, click, location_of, open_table, spy_seat
from tests.bot.ui.toy_kit import final_board, finish_toy, replay_id, toy_words

pytestmark = pytest.mark.slow(14)  # scheduled early (tests/conftest.py)

ENGLISH = words("en")


@pytest.fixture
def simcord_bot(with_toy: None, db_path: Path) -> Any:
    return make_bot(db_path)


async def attached(response: Any) -> dict[str, bytes]:
    return {a.filename: await a.read() for a in response.attachments}


async def test_polls_final_board_replay_for_anyone_and_after_a_restart(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole game against the computer: the final board's 🎞️ Replay button, pressed by a member who did
    not play, posts a GIF (one picture per turn, under 8 MiB, sized for the inline box) and the text log in
    public. Once posted, a click links to it; after a restart the button still works, an Italian reader gets
    the log in Italian, and a replay deleted from the channel is made again."""
    fast_legal_chooser(monkeypatch)
    table_id = await new_game_against_computer(world)
    await play_until_over(world, world.players[0], table_id, random.Random(5), cap=600)
    board = final_board(world)
    button = next(c for c in components(board) if getattr(c, "custom_id", "") == f"replay:{table_id}")
    assert button.label == "Replay" and str(button.emoji) == "🎞️"
    outsider = world.outsider
    asked = len(world.env.http_requests)
    result = await world.outsider.click(board, custom_id=replay_id(board))
    assert not result.ephemeral
    callbacks: list[Any] = [r.json for r in world.env.http_requests[asked:] if r.path.endswith("/callback")]
    assert [c["type"] for c in callbacks] == [5]  # deferred: the public "thinking…" first, then the post
    posted = result.response
    assert posted is not None and f"Replay of **The Polls Are Closed! (Spain)**, asked for by <@{outsider.id}>" \
        in posted.content
    files = await attached(posted)
    assert sorted(files) == [f"replay-polls-{table_id}.gif", f"replay-polls-{table_id}.txt"]
    gif: Any = Image.open(io.BytesIO(files[f"replay-polls-{table_id}.gif"]))
    assert gif.format == "GIF" and gif.n_frames >= 20
    assert gif.width >= BOARD_SIZE[0] and inline_size(*gif.size) == INLINE_BOX  # the board's size, filling the box
    assert len(files[f"replay-polls-{table_id}.gif"]) <= MAX_BYTES
    assert f"{gif.n_frames} pictures" in posted.content and re.search(r"\d+ moves", posted.content)
    text = files[f"replay-polls-{table_id}.txt"].decode()
    assert text.startswith(f"The Polls Are Closed! (Spain) — replay of table {table_id}\n")
    assert "Players: barbara, Computer" in text and "Round 3 begins" in text
    assert "— set-up · barbara to play · picture 1 —" in text or "— set-up · Computer to play · picture 1 —" in text
    assert f"picture {gif.n_frames} —" in text and "The polls are closed!" in text
    assert "<@" not in text and "**" not in text

    again = await world.players[0].click(board, custom_id=replay_id(board))
    assert again.ephemeral and again.response.content == t(
        "en", "replay.already", link=f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{posted.id}")
    assert not again.response.attachments

    await world.restart(db_path)
    await world.players[1].slash(world.channel, "game language", language="it")
    italian = await world.players[1].click(board, custom_id=replay_id(board))
    assert italian.ephemeral and italian.response.content.startswith(t("it", "replay.already", link=""))
    log = (await attached(italian.response))[f"replay-polls-{table_id}.txt"].decode()
    assert log.startswith(f"The Polls Are Closed! (Spain) — replay del tavolo {table_id}\n")
    assert "Giocatori: barbara, Computer" in log and "Comincia il round 3" in log

    await posted.message.delete()
    remade = await world.players[1].click(board, custom_id=replay_id(board))
    assert not remade.ephemeral and "Replay di **The Polls Are Closed! (Spain)**" in remade.response.content
    assert len(remade.response.attachments) == 2


async def test_a_missing_log_is_one_sentence(world: World) -> None:
    """A finished game whose action log was lost (or whose table row is gone) answers one private sentence."""
    table_id = await finish_toy(world)
    board = final_board(world)
    store = world.bot.store
    assert store is not None
    async with store.backend.write() as db:
        await db.execute('DELETE FROM actions WHERE "table" = ? AND seq > 5', (table_id,))
    result = await world.players[0].click(board, custom_id=replay_id(board))
    assert result.ephemeral and result.response.content == ENGLISH.msg("replay.missing")
    assert result.response.content.count(".") == 1 and not result.response.attachments
    async with store.backend.write() as db:
        for name in ("actions", "snapshots", "seats", "results"):
            await db.execute(f'DELETE FROM {name} WHERE "table" = ?', (table_id,))
        await db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
    result = await world.outsider.click(board, custom_id=replay_id(board))
    assert result.ephemeral and result.response.content == ENGLISH.msg("replay.missing")


async def test_toy_replay_in_the_readers_language(world: World, italian: None) -> None:
    """An Italian reader: the caption, the pictures' captions, the animation's description and the text log are
    Italian; the log tells every public move in order with a marker for each turn and picture."""
    world.bot.presenters["toy"].ui.describe = toy_words
    table_id = await finish_toy(world)
    board = final_board(world)
    assert next(c for c in components(board) if getattr(c, "custom_id", "") == f"replay:{table_id}").label == \
        "Rivedi la partita"
    result = await world.players[1].click(board, custom_id=replay_id(board))
    assert f"Replay di **Toy**, richiesto da <@{world.players[1].id}>" in result.response.content
    assert "8 mosse · 9 immagini" in result.response.content
    files = await attached(result.response)
    text = files[f"replay-toy-{table_id}.txt"].decode()
    assert text.splitlines()[:4] == [f"Toy — replay del tavolo {table_id}", text.splitlines()[1],
                                     "Giocatori: barbara, federico", "8 mosse"]
    assert text.splitlines()[1].startswith("Giocata il ")
    moves = [line for line in text.splitlines() if line.startswith(("barbara ", "federico "))]
    assert moves == [f"{'barbara' if k % 2 == 0 else 'federico'} {'pick' if k == 3 else 'pass'} "
                     f"{ {'n': 7} if k == 3 else {} }" for k in range(8)]
    assert "— turno di federico · mossa 1 · immagine 2 —" in text
    assert "— fine della partita · mossa 8 · immagine 9 —" in text
    gif: Any = Image.open(io.BytesIO(files[f"replay-toy-{table_id}.gif"]))
    assert gif.n_frames == 9
    [about] = [a.description for a in result.response.attachments if a.filename.endswith(".gif")]
    assert about == ("Replay animato di Toy (8 mosse): 9 immagini, dalla preparazione alla fine. "
                     "L'ultima immagine: played 8 total 7.")


async def test_one_replay_at_a_time_and_a_failed_upload_is_told(world: World) -> None:
    """While a replay is being made a second click is told so privately; when Discord refuses the upload the
    asker is told, and the next click makes it again."""
    table_id = await finish_toy(world)
    board = final_board(world)
    lock = desk_of(world.bot).locks.setdefault(table_id, asyncio.Lock())
    async with lock:
        busy = await world.players[0].click(board, custom_id=replay_id(board))
    assert busy.ephemeral and busy.response.content == ENGLISH.msg("replay.busy")
    world.env.inject_error("POST", "/webhooks/*", status=413, code=40005, message="Request entity too large")
    failed = await world.players[0].click(board, custom_id=replay_id(board))
    assert failed.response.content == ENGLISH.msg("replay.upload_failed") and not failed.response.attachments
    posted = await world.players[0].click(board, custom_id=replay_id(board))
    assert len(posted.response.attachments) == 2 and not posted.ephemeral


async def test_spyfall_replay_shows_no_secret_before_its_reveal(world: World) -> None:
    """A one-round Spyfall game ended by the spy's wrong guess: the replay's log names the location and the
    roles only once the round is over, and never a card's words."""
    table_id = await open_table(world, rounds=1)
    spy = spy_seat(world)
    location = location_of(world)
    wrong = next(i for i in BY_ID if i != location)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": wrong})
    board = final_board(world)
    replay = await world.outsider.click(board, custom_id=replay_id(board))
    files = await attached(replay.response)
    assert f"replay-spyfall-{table_id}.gif" in files
    text = files[f"replay-spyfall-{table_id}.txt"].decode()
    place = ENGLISH.msg(LOCATION_NAME[location])
    roles = [ENGLISH.msg(ROLE_NAME[f"{location}.{role}"]) for role in BY_ID[location].roles]
    told = text.index(f"guessed {ENGLISH.msg(LOCATION_NAME[wrong])} and loses")  # the round's end, in public
    before = text[:told]
    assert place in text[told:] and place not in before and "— end of the game" in text[:told]
    assert not [role for role in roles if role in before]
    assert "You are" not in text and "📍" not in before


def test_log_markers_name_players_only_as_the_table_does() -> None:
    """A turn marker names the one player to move or "everyone", never which voters are still to vote; the
    log is plain text (mentions by name, timestamps in UTC, no bold)."""
    from bot.replays import Moment
    from bot.ui.replay import marker, plain

    names = ["barbara", "federico", "gianni", "sabrina"]

    def line(acting: tuple[int, ...], picture: int | None = None) -> str | None:
        moment = Moment(seq=5, at=None, events=(), acting=acting, turn=2, new_turn=True, new_round=False)
        return marker(moment, 40, picture, names, 4, ENGLISH)

    assert line((1,)) == "— federico to play · move 5 —"
    assert line((0, 1, 2, 3), 3) == "— everyone to play · move 5 · picture 3 —"
    assert line((0, 2, 3)) == "— move 5 —"
    assert plain("**<@7>** asks <@!8>; time runs out <t:1767225660:R>", {7: "barbara", 8: "Zoë"}) == \
        "barbara asks Zoë; time runs out 00:01 UTC"
