"""The board's "❓ What now?" button through SimCord: every game, two moments each, two languages; anyone may ask,
a player also gets their own options, nobody gets anyone's secret; it survives a restart and says when a game is
over."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import words
from bot.testkit import junta as junta_kit
from bot.testkit.clicks import member_of, table_of, use
from bot.testkit.world import World, components, custom_id
from games import GAME_IDS
from games.core.guide import Guide, group_key, guide_of
from games.core.rng import SeededRng
from games.spyfall.locations import BY_ID, LOCATION_NAME, ROLE_NAME
from tests.bot import helpers
from tests.bot.helpers import computers_clickable_move, deciding_seats, makeable

LANGUAGES = ("en", "ca")
MOVES = 40  # member actions tried before the moment must have changed
QUITTING = frozenset({"leave", "resign", "concede"})


@dataclass(frozen=True)
class Setup:
    members: int
    options: dict[str, Any] = field(default_factory=dict)


SETUPS = {
    "spyfall": Setup(4, {"rounds": 1}),
    "polls": Setup(2),
    "arditi": Setup(2),
    "som": Setup(3, {"mode": "B"}),
    "junta": Setup(4),
}


def setup_of(game_id: str) -> Setup:
    return SETUPS.get(game_id, Setup(2))


async def open_members_table(world: World, game_id: str) -> int:
    setup = setup_of(game_id)
    return await helpers.open_members_table(world, game_id, setup.members, setup.options)


def the_guide(game_id: str) -> Guide:
    guide = guide_of(game_id)
    assert guide is not None, f"games/{game_id}/guide.py has no GUIDE"
    return guide


async def ask(member: Any, board: discord.Message, table_id: int) -> discord.Embed:
    """Press the board's What now? button: the private answer's embed."""
    result = await member.click(board, custom_id=custom_id(board, rf"^gn:{table_id}:new$"))
    assert result.ephemeral and result.response is not None and result.response.message is not None
    (embed,) = result.response.message.embeds
    return embed


def field_value(embed: discord.Embed, name: str) -> str | None:
    return next((f.value for f in embed.fields if f.name == name), None)


def whole(embed: discord.Embed) -> str:
    return "\n".join([embed.title or "", embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields),
                      embed.footer.text or ""])


def ui_of(world: World, table: Any) -> Any:
    return world.bot.presenters[table.game.id].ui


def own_option_words(ui: Any, table: Any, guide: Guide, seat: int, locale: str, names: list[str]) -> list[str]:
    """The words of each kind of action the seat's controls offer now (the guide's, in the reader's language)."""
    first: dict[str, Any] = {}
    for action in table.legal_actions(seat):
        if any(group.matches(action) for group in ui.groups):
            first.setdefault(group_key(action), action)
    catalog = words(locale)
    worded = (guide.action(action) for action in first.values())
    return [catalog.msg(message_id, names, **params) for message_id, params in worded]


def spyfall_secrets(table: Any, locale: str) -> list[str]:
    """The round's location and its roles, in the reader's language: no What-now answer may name them."""
    state = table.state
    if state.get("location") is None:
        return []
    catalog = words(locale)
    location = BY_ID[state["location"]]
    return [catalog.msg(LOCATION_NAME[location.id]),
            *(catalog.msg(ROLE_NAME[f"{location.id}.{role}"]) for role in location.roles)]


async def check_answers(world: World, table: Any, guide: Guide, locale: str) -> None:
    """The outsider's answer and the seated players' ones at the table's moment."""
    catalog = words(locale)
    board = world.board()
    names = await world.bot.names(table)
    moment = guide.moment(table.view(None))
    purpose = catalog.msg(moment.purpose, names, **moment.params)
    source = catalog.msg(moment.section)  # the section in the reader's words (its citation: tests/bot/test_whatnow.py)
    yours = catalog.msg("whatnow.yours_heading")
    secrets = spyfall_secrets(table, locale) if table.game.id == "spyfall" else []

    spectator = await ask(world.outsider, board, table.id)
    assert spectator.title == catalog.msg("whatnow.title")
    assert spectator.description == purpose
    assert source in (field_value(spectator, catalog.msg("whatnow.rule_heading")) or "")
    assert field_value(spectator, yours) is None, "a spectator was given options"
    assert not [s for s in secrets if s in whole(spectator)], "a spectator's answer names a secret"

    # Spyfall: every player asks (one of them is the spy); elsewhere one player whose decision is awaited.
    acting = sorted(table.game.to_act(table.state))
    seats = range(len(table.users)) if table.game.id == "spyfall" else acting[:1]
    for seat in seats:
        answer = await ask(member_of(world, table, seat), board, table.id)
        assert answer.description == purpose
        mine = field_value(answer, yours)
        assert mine is not None, "a player was given no options"
        for text in own_option_words(ui_of(world, table), table, guide, seat, locale, names):
            assert text in mine, (text, mine)
        if table.game.id == "spyfall":
            assert not [s for s in secrets if s in whole(answer)], "a player's answer names a secret"
            reveal = catalog.msg("spyfall.guide.action.reveal")
            assert (reveal in mine) == (seat == table.state["spy"] and table.state["phase"] == "playing")


def next_move(ui: Any, table: Any, step: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Who plays next and what: the game's computer player's choice when the controls make it (Junta: the nearest
    they offer), else any move the controls make."""
    for seat in deciding_seats(table):
        wanted = computers_clickable_move(ui, table, seat, SeededRng(11, step))
        if wanted is not None:
            return seat, wanted
        legal = [a for a in table.legal_actions(seat) if a["type"] not in QUITTING and makeable(ui, table, seat, a)]
        if legal:
            return seat, rng.choice(legal)
    raise AssertionError(f"nobody can move by clicks: {table.state.get('phase')}")


def decision(table: Any, guide: Guide) -> tuple[Any, ...]:
    """What the moment is: the guide's purpose, the view's phase, and whose decision the engine awaits."""
    public = table.view(None)
    return guide.moment(public).purpose, public.get("phase"), sorted(table.game.to_act(table.state))


async def play_until_the_moment_changes(world: World, table: Any, guide: Guide) -> None:
    """Members play by clicks until the phase or the decision awaited (what, or whose) changes."""
    rng = random.Random(5)
    ui = ui_of(world, table)
    before = decision(table, guide)
    for step in range(MOVES):
        seat, action = next_move(ui, table, step, rng)
        given = junta_kit.budget_given(table, seat, action) if table.game.id == "junta" else None
        seq = table.seq
        await use(world, ui, table, seat, action, world.board(), given=given)
        await world.env.settle()
        assert table.seq > seq, action
        assert custom_id(world.board(), rf"^gn:{table.id}:new$"), "a running board without What now?"
        if decision(table, guide) != before:
            return
    raise AssertionError(f"the moment did not change in {MOVES} moves")


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_what_now_explains_two_moments(world: World, game_id: str, locale: str) -> None:
    """In the first moment and the next one: anyone gets the moment's purpose, rule and section in their
    language, privately; a player whose decision is awaited also gets their own options; nobody a secret."""
    guide = the_guide(game_id)
    if locale != "en":
        for member in [*world.players, world.outsider]:
            await member.slash(world.channel, "game language", language=locale)
    table = table_of(world, await open_members_table(world, game_id))
    await check_answers(world, table, guide, locale)
    await play_until_the_moment_changes(world, table, guide)
    assert table.status == "playing"
    await check_answers(world, table, guide, locale)


async def test_what_now_works_after_a_restart_and_refreshes_in_place(world: World, db_path: Path) -> None:
    """A board posted before a restart answers after it; the answer's Refresh shows the next moment in place."""
    guide = the_guide("spyfall")
    table_id = await open_members_table(world, "spyfall")
    await world.restart(db_path)
    table = table_of(world, table_id)
    board = world.board()
    result = await world.outsider.click(board, custom_id=custom_id(board, rf"^gn:{table_id}:new$"))
    answer = result.response.message
    names = await world.bot.names(table)
    assert answer.embeds[0].description == words("en").msg("spyfall.guide.playing", names,
                                                           **guide.moment(table.view(None)).params)
    asker = table.state["asker"]
    target = next(s for s in range(len(table.users)) if s != asker)
    await use(world, ui_of(world, table), table, asker, {"type": "accuse", "target": target})
    refreshed = await world.outsider.click(answer, custom_id=custom_id(answer, rf"^gn:{table_id}:refresh$"))
    assert refreshed.response is not None and refreshed.response.id == answer.id  # edited in place
    assert refreshed.response.message.embeds[0].description == words("en").msg(
        "spyfall.guide.accusation", names, accuser={"seat": asker}, suspect={"seat": target})


async def test_a_finished_game_has_no_what_now(world: World) -> None:
    """Once the game is over its last board has no What now? button, and an answer's Refresh says it is over."""
    table_id = await open_members_table(world, "spyfall")
    board = world.board()
    result = await world.outsider.click(board, custom_id=custom_id(board, rf"^gn:{table_id}:new$"))
    answer = result.response.message
    await world.players[0].slash(world.channel, "game end")
    await world.env.settle()
    late = await world.outsider.click(answer, custom_id=custom_id(answer, rf"^gn:{table_id}:refresh$"))
    assert late.ephemeral and late.response.content == words("en").msg("error.table_gone")
    assert not [c for message in world.channel.history() for c in components(message)
                if str(getattr(c, "custom_id", "")).startswith("gn:")], "a What now? button outlived the game"
