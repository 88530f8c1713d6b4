"""Spectators: the board's Watch button shows anyone the public board privately, refreshable, never a secret."""

from __future__ import annotations

from games.spyfall.locations import LOCATION_NAME, ROLE_NAME
from tests.bot.conftest import World, custom_id
from tests.bot.helpers import ENGLISH, choose, click, embed_text, location_of, open_table, spy_seat, watched


async def test_a_spectator_sees_the_public_board_and_no_secret(world: World) -> None:
    """An outsider's copy has the board's words and picture (described); no location, role or spy's name is in
    it."""
    await open_table(world)
    board = world.board()
    copy = watched(await world.outsider.click(board, custom_id=custom_id(board, r"^gw:\d+:new$")))
    text = embed_text(copy)
    assert (board.embeds[0].title or "") == (copy.embeds[0].title or "")
    assert "only what everyone can see" in (copy.embeds[0].footer.text or "")
    assert [a.filename for a in copy.attachments] == ["board.png"]
    about = copy.attachments[0].description or ""
    assert about.startswith("Spyfall scoreboard: Round 1 of ")  # the picture in words, in the reader's language
    location = location_of(world)
    secrets = [ENGLISH.msg(LOCATION_NAME[location])]
    secrets += [ENGLISH.msg(ROLE_NAME[key]) for key in ROLE_NAME.ids() if key.startswith(f"{location}.")]
    assert not [word for word in secrets if word in text + about], "a spectator saw the location or a role"
    assert "spy" not in text.lower().replace("spyfall", "")


async def test_refresh_shows_the_latest_moment(world: World) -> None:
    """After the spy reveals, Refresh redraws the spectator's copy in place with the new moment."""
    await open_table(world)
    board = world.board()
    copy = watched(await world.outsider.click(board, custom_id=custom_id(board, r"^gw:\d+:new$")))
    before = embed_text(copy)
    spy = spy_seat(world)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": "airplane"})
    refreshed = await world.outsider.click(copy, custom_id=custom_id(copy, r"^gw:\d+:refresh$"))
    assert refreshed.response is not None and refreshed.response.id == copy.id  # edited in place
    after = embed_text(refreshed.response.message)
    assert after != before


async def test_a_finished_table_cannot_be_watched(world: World) -> None:
    """Refreshing a copy of a table that ended answers that the game is over."""
    await open_table(world, rounds=1)
    board = world.board()
    copy = watched(await world.outsider.click(board, custom_id=custom_id(board, r"^gw:\d+:new$")))
    await world.players[0].slash(world.channel, "game end")
    late = await world.outsider.click(copy, custom_id=custom_id(copy, r"^gw:\d+:refresh$"))
    assert late.ephemeral and "This game is over" in (late.followups[-1].content if late.followups else
                                                      late.response.content or "")
