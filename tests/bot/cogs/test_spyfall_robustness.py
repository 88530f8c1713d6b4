"""Spyfall in SimCord when things go wrong: restarts, closed DMs, strangers, stale buttons, bad input."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.i18n import words
from games.spyfall.locations import BY_ID, LOCATION_NAME, LOCATIONS, ROLE_NAME
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import (
    BY_ENGLISH_NAME,
    card,
    choose,
    click,
    embed_text,
    groups,
    location_name,
    location_of,
    open_table,
    picker_actions,
    public_text,
    spy_seat,
)


async def test_restart_mid_round_keeps_game_buttons_and_clock(world: World, db_path: Path) -> None:
    """After a restart the round goes on: same cards, old buttons answer, time runs out on time."""
    env = world.env
    await open_table(world, rounds=2, minutes=5)
    spy = spy_seat(world)
    before_cards = [card(p) for p in world.players]
    await env.advance_time(100)
    old_board = world.board()
    deadline_text = embed_text(old_board)

    await world.restart(db_path)

    result = await world.players[spy].click(old_board, custom_id=custom_id(old_board, r"^gs:"))
    assert result.ephemeral and "You are the spy" in result.response.embeds[0].description
    other = (spy + 1) % 4
    result = await world.players[other].click(old_board, custom_id=custom_id(old_board, r"^gs:"))
    assert result.response.embeds[0].description == before_cards[other]
    assert "Time is up" not in public_text(world)
    await env.advance_time(199)
    assert "Time is up" not in public_text(world)
    await env.advance_time(1)
    assert "Time is up" in public_text(world)
    assert deadline_text  # the clock shown before the restart was the one that fired


async def test_restart_during_a_vote_keeps_the_ballots(world: World, db_path: Path) -> None:
    """Ballots cast before a restart still count; the vote closes when the last one arrives."""
    await open_table(world, rounds=1, minutes=5)
    spy = spy_seat(world)
    accuser = (spy + 1) % 4
    result = await click(world, world.players[accuser], "accuse")
    await choose(world.players[accuser], result, {"type": "accuse", "target": spy})
    voters = [s for s in range(4) if s not in (spy, accuser)]
    await click(world, world.players[voters[0]], "yes")
    await world.restart(db_path)
    assert "2/3 voted" in embed_text(world.board())
    await click(world, world.players[voters[1]], "yes")
    assert "was the spy" in public_text(world)


async def test_closed_dms_get_a_public_hint_and_the_button_still_works(world: World) -> None:
    """A player whose DMs are closed is told publicly to use the button, which shows the card privately."""
    env = world.env
    closed = world.players[2]
    env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    host, *others = world.players
    result = await host.slash(world.channel, "spyfall new", rounds=1)
    assert not result.followups  # the host's DMs are open: no warning
    lobby = world.channel.last_message
    answers = {}
    for player in others:
        result = await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
        answers[player.user.name] = " ".join(f.content for f in result.followups)
    assert "cannot DM you" in answers[closed.user.name]
    assert "cannot DM you" not in answers[others[0].user.name]
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))

    text = public_text(world)
    assert f"<@{closed.id}>" in text and "Show my card" in text
    result = await click(world, closed, "card")
    assert result.ephemeral
    shown = result.response.embeds[0].description
    spy = spy_seat_with(world, closed_seat=2, closed_card=shown)
    if spy == 2:
        assert "You are the spy" in shown
    else:
        location = location_of_known(world, exclude={2})
        assert location_name(location) in shown
        assert location_name(location) not in public_text(world)


def spy_seat_with(world: World, closed_seat: int, closed_card: str) -> int:
    cards = {i: card(p) for i, p in enumerate(world.players) if i != closed_seat}
    cards[closed_seat] = closed_card
    return next(i for i, text in cards.items() if "You are the spy" in text)


def location_of_known(world: World, exclude: set[int]) -> str:
    for i, p in enumerate(world.players):
        if i not in exclude and "📍" in card(p):
            name = card(p).split("**")[1]
            return BY_ENGLISH_NAME[name].id
    raise AssertionError("no location card")


async def test_non_player_click_is_refused_and_changes_nothing(world: World) -> None:
    """Someone not at the table pressing a button gets a private refusal."""
    await open_table(world, rounds=1)
    before = embed_text(world.board())
    for op in ("card", "accuse", "reveal", "pass"):
        result = await click(world, world.outsider, op)
        assert result.ephemeral and "not playing at this table" in result.response.content
    assert embed_text(world.board()) == before


async def test_stale_menu_from_an_earlier_round_is_refused(world: World) -> None:
    """An accusation menu opened in round 1 and used in round 2 does not accuse anyone."""
    await open_table(world, rounds=2, minutes=8)
    spy = spy_seat(world)
    waiting = (spy + 1) % 4
    old_menu = await click(world, world.players[waiting], "accuse")
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": "airplane"})
    await click(world, world.players[spy], "deal")
    assert "Round 2" in public_text(world)
    result = await choose(world.players[waiting], old_menu, {"type": "accuse", "target": (waiting + 1) % 4})
    assert result.ephemeral and "moment has passed" in result.response.content
    assert "accuses" not in public_text(world).rsplit("Round 2", 1)[1]


async def test_old_board_loses_its_buttons_when_a_new_round_is_posted(world: World) -> None:
    """Each round posts a fresh board; the previous one keeps no buttons to press by mistake."""
    await open_table(world, rounds=2, minutes=8)
    first_board = world.board()
    spy = spy_seat(world)
    result = await click(world, world.players[spy], "reveal")
    await choose(world.players[spy], result, {"type": "guess", "location": "airplane"})
    await click(world, world.players[spy], "deal")
    refreshed = next(m for m in world.channel.history() if m.id == first_board.id)
    assert refreshed.components == []
    assert world.board().id != first_board.id


async def test_illegal_actions_get_a_reason(world: World) -> None:
    """Passing the question out of turn, revealing as a non-spy and voting on oneself are refused privately."""
    await open_table(world, rounds=1)
    spy = spy_seat(world)
    names = [p.user.name for p in world.players]
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))
    not_asker = (dealer + 1) % 4
    result = await click(world, world.players[not_asker], "pass")
    assert result.ephemeral and "not your turn to ask" in result.response.content
    result = await click(world, world.players[(spy + 1) % 4], "reveal")
    assert result.ephemeral and "Only the spy can reveal" in result.response.content
    result = await world.players[dealer].slash(world.channel, "spyfall ask", player=world.players[dealer])
    assert result.ephemeral and "cannot ask yourself" in result.response.content
    result = await world.players[dealer].slash(world.channel, "spyfall ask", player=world.outsider)
    assert result.ephemeral and "not playing at this table" in result.response.content
    accuser = (spy + 1) % 4
    result = await click(world, world.players[accuser], "accuse")
    await choose(world.players[accuser], result, {"type": "accuse", "target": spy})
    result = await click(world, world.players[spy], "yes")
    assert result.ephemeral and "suspect" in result.response.content
    result = await click(world, world.players[accuser], "no")
    assert result.ephemeral and "already counted" in result.response.content


async def test_spy_cannot_reveal_during_a_vote(world: World) -> None:
    """During an accusation vote the board offers no reveal and /spyfall card still works."""
    await open_table(world, rounds=1)
    spy = spy_seat(world)
    accuser = (spy + 1) % 4
    result = await click(world, world.players[accuser], "accuse")
    await choose(world.players[accuser], result, {"type": "accuse", "target": (spy + 2) % 4})
    ops = groups(world.board())
    assert "reveal" not in ops and set(ops) == {"yes", "no", "card"}
    result = await world.players[spy].slash(world.channel, "spyfall card")
    assert result.ephemeral and "You are the spy" in result.response.content


async def test_lobby_bad_input(world: World) -> None:
    """A second table in the channel, a non-host start, too few players: each refused in one sentence."""
    host, second, third, _ = world.players
    await host.slash(world.channel, "spyfall new")
    lobby = world.channel.last_message
    result = await second.slash(world.channel, "spyfall new")
    assert result.ephemeral and "already has a table" in result.response.content
    result = await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    assert result.ephemeral and "At least 3 players" in result.response.content
    await second.click(lobby, custom_id=custom_id(lobby, ":join$"))
    result = await second.click(lobby, custom_id=custom_id(lobby, ":join$"))
    assert result.ephemeral and "already at this table" in result.response.content
    result = await third.click(lobby, custom_id=custom_id(lobby, ":start$"))
    assert result.ephemeral and "Only the host" in result.response.content
    result = await third.click(lobby, custom_id=custom_id(lobby, ":leave$"))
    assert result.ephemeral and "not in this lobby" in result.response.content
    result = await host.click(lobby, custom_id=custom_id(lobby, ":cancel$"))
    assert "cancelled" in (result.response.embeds[0].footer.text or "")
    result = await second.slash(world.channel, "spyfall new")
    assert not result.ephemeral


async def test_lobby_full_at_eight(world: World) -> None:
    """A ninth player cannot sit at a Spyfall table."""
    env = world.env
    extra = [world.guild.add_member(env.create_user(f"p{i}")) for i in range(5)]
    everyone = world.players + extra
    await everyone[0].slash(world.channel, "spyfall new")
    lobby = world.channel.last_message
    for player in everyone[1:8]:
        await player.click(lobby, custom_id=custom_id(lobby, ":join$"))
    result = await everyone[8].click(lobby, custom_id=custom_id(lobby, ":join$"))
    assert result.ephemeral and "full (8 players)" in result.response.content


async def test_game_end_by_host_or_manager_only(world: World) -> None:
    """/game end: refused for a plain player, accepted for a member with Manage Server."""
    await open_table(world, rounds=2)
    result = await world.players[1].slash(world.channel, "game end")
    assert result.ephemeral and "Only the host" in result.response.content
    role = world.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    result = await mod.slash(world.channel, "game end")
    assert result.ephemeral
    assert "ended before its end" in public_text(world)
    assert all(not m.components for m in world.channel.history() if m.embeds and "round" in (m.embeds[0].title or ""))
    result = await world.players[0].slash(world.channel, "spyfall card")
    assert result.ephemeral and "no game running" in result.response.content


async def test_rules_and_board_commands(world: World) -> None:
    """/game rules answers privately; /game board reposts the board at the bottom of the channel."""
    result = await world.players[0].slash(world.channel, "game rules", game="spyfall")
    assert result.ephemeral and "spy" in result.response.embeds[0].description
    await open_table(world, rounds=1)
    await world.players[1].slash(world.channel, "game board")
    assert world.channel.last_message.id == world.board().id


async def test_italian_players_read_italian(world: World, italian: None) -> None:
    """With the Italian Discord locale, cards, buttons and refusals come in Italian."""
    await open_table(world, rounds=1)
    spy = spy_seat_it(world)
    other = (spy + 1) % 4
    assert "Luogo" in card(world.players[other])
    board = world.board()
    labels = [c.label for c in components(board)]
    assert "Accusa…" in labels
    assert "Mostra la mia carta" in labels
    result = await click(world, world.players[other], "reveal")
    assert "Solo la spia può rivelarsi" in result.response.content


def spy_seat_it(world: World) -> int:
    spies = [i for i, p in enumerate(world.players) if "Sei la spia" in card(p)]
    assert len(spies) == 1
    return spies[0]


async def test_action_survives_a_failed_post(world: World, db_path: Path) -> None:
    """A crash between storing an action and announcing it loses nothing: the restart shows it."""
    env = world.env
    await open_table(world, rounds=1, minutes=8)
    spy = spy_seat(world)
    accuser = (spy + 1) % 4
    result = await click(world, world.players[accuser], "accuse")
    env.inject_error("*", f"/channels/{world.channel.id}/messages*", status=500, times=None)
    await choose(world.players[accuser], result, {"type": "accuse", "target": spy})
    await world.restart(db_path)
    bot = world.bot
    table = next(iter(bot.service.tables.values()))
    assert table.state["phase"] == "accusation" and table.state["vote"]["suspect"] == spy
    replayed = await bot.service.replay(table.id)
    assert replayed == table.state


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_no_location_in_public_messages_during_rounds(world: World, seed: int) -> None:
    """While a round runs, no public message names its location or any of its roles."""
    import random

    rng = random.Random(seed)
    await open_table(world, rounds=2, minutes=3)
    for _ in range(2):
        location = BY_ID[location_of(world)]
        secrets = [words(lang).msg(LOCATION_NAME[location.id]) for lang in ("en", "it")]
        secrets += [words("en").msg(ROLE_NAME[f"{location.id}.{role}"]) for role in location.roles]
        for _ in range(6):
            text = public_text(world).rsplit("deals and asks first", 1)[1]
            assert not any(s in text for s in secrets), [s for s in secrets if s in text]
            seat = rng.randrange(4)
            op = rng.choice(["pass", "accuse", "card"])
            if op not in groups(world.board()):
                continue
            result = await click(world, world.players[seat], op)  # passing: to the first player it offers
            if result.ephemeral and result.response and result.response.message.components:
                await choose(world.players[seat], result, rng.choice(picker_actions(result)))
            if "yes" in groups(world.board()):
                await world.env.advance_time(60)
        spy = spy_seat(world)
        if "deal" not in groups(world.board()):
            result = await click(world, world.players[spy], "reveal")
            await choose(world.players[spy], result, {"type": "guess", "location": "airplane"})
        if "Final standings" in public_text(world):
            break
        await click(world, world.players[spy], "deal")  # the spy deals the next round


async def test_host_with_closed_dms_is_warned_when_opening(world: World) -> None:
    """The host learns at once, privately, that cards cannot reach them by DM."""
    host = world.players[0]
    world.env.inject_error("POST", f"/channels/{host.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    result = await host.slash(world.channel, "spyfall new")
    assert not result.ephemeral
    assert result.followups and result.followups[0].ephemeral
    assert "cannot DM you" in result.followups[0].content


async def test_leaving_players(world: World) -> None:
    """A non-spy leaving is announced and no longer votes; the spy leaving voids the round."""
    env = world.env
    extra = world.guild.add_member(env.create_user("ettore"))
    world.players.append(extra)
    await open_table(world, players=5, rounds=2)
    spy = spy_seat(world, players=5)
    names = [p.user.name for p in world.players]
    dealer = next(i for i, n in enumerate(names) if f"{n} deals and asks first" in public_text(world))
    leaver = next(s for s in range(5) if s not in (spy, dealer))
    result = await world.players[leaver].slash(world.channel, "game leave")
    assert result.ephemeral
    assert f"{names[leaver]} left the game" in public_text(world)
    result = await click(world, world.players[leaver], "card")
    assert "You have left this game" in result.response.content
    accuser = next(s for s in range(5) if s not in (spy, leaver))
    result = await click(world, world.players[accuser], "accuse")
    targets = [a["target"] for a in picker_actions(result)]
    assert leaver not in targets  # who left cannot be accused
    await choose(world.players[accuser], result, {"type": "accuse", "target": spy})
    assert f"/{5 - 2} voted" in embed_text(world.board())  # neither the suspect nor who left votes
    await world.players[spy].slash(world.channel, "game leave")
    assert "void" in public_text(world)


async def test_spanish_players_read_spanish(world: World, spanish: None) -> None:
    """With the Spanish Discord locale: Spanish cards with Spanish location names, buttons and refusals."""
    await open_table(world, rounds=1)
    spies = [i for i, p in enumerate(world.players) if "Eres el espía" in card(p)]
    assert len(spies) == 1
    other = (spies[0] + 1) % 4
    text = card(world.players[other])
    assert "📍 Lugar: **" in text and "Papel" in text
    location = next(loc.id for loc in LOCATIONS if f"**{location_name(loc.id, 'es')}**" in text)
    assert location_name(location, "es") != location_name(location, "en") or location in ("casino", "zoo")
    labels = [c.label for c in components(world.board())]
    assert "Acusar…" in labels and "Ver mi carta" in labels
    result = await click(world, world.players[other], "reveal")
    assert result.ephemeral and result.response.content == "Solo el espía puede revelarse."


async def test_public_pictures_are_drawn_from_the_public_view(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every picture the bot posts in the channel is drawn from a view without a card, a location or a role."""
    # The UI the running bot uses (extensions are re-imported by every new bot, so not the module's attribute).
    ui = world.bot.presenters["spyfall"].ui

    drawn: list[dict] = []

    def recording(render):
        def wrapper(view, names, words):
            drawn.append(view)
            return render(view, names, words)
        return wrapper

    for field in ("render", "opening_picture", "result_picture"):
        monkeypatch.setattr(ui, field, recording(getattr(ui, field)))
    await open_table(world, rounds=2)
    location = BY_ID[location_of(world)]
    secrets = [location.id, *location.roles]
    spy = spy_seat(world)
    result = await click(world, world.players[(spy + 1) % 4], "accuse")
    await choose(world.players[(spy + 1) % 4], result, {"type": "accuse", "target": (spy + 2) % 4})
    await click(world, world.players[(spy + 3) % 4], "no")
    assert len(drawn) >= 3
    for view in drawn:
        assert "card" not in view
        if view["phase"] in ("playing", "accusation", "final_vote", "spy_guess"):
            shown = values({k: v for k, v in view.items() if k != "locations"})  # the sheet lists all 30
            assert not shown & set(secrets), shown & set(secrets)


def values(data: object) -> set[object]:
    """Every scalar value inside a view (its keys are field names, not information)."""
    if isinstance(data, dict):
        return set().union(*(values(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(values(v) for v in data)) if data else set()
    return {data}
