"""Every game's `/<game> new`, as registered in the running bot's command tree: its ranges, defaults and
choices are the engine's own (options_schema and the player count), restated nowhere."""

from __future__ import annotations

from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.ui.lobby import option_specs
from games import REGISTRY
from tests.bot.conftest import World

# The command parameters that set an engine option: parameter → (option, how many of the option's units one
# unit of the parameter is). Junta's decision timer is an option in seconds, asked in minutes.
OPTION_OF: dict[str, dict[str, tuple[str, int]]] = {
    "junta": {"timer": ("decision_timer", 60), "short": ("coup_needs_hq_and_pretext", 1),
              "burn": ("burn_after_coup", 1), "recycle": ("recycle_money", 1)},
    "arditi": {"max_rounds": ("max_rounds", 1), "police_return_draws": ("police_return_draws", 1)},
    "spyfall": {"rounds": ("rounds", 1), "minutes": ("minutes", 1), "roles": ("roles", 1),
                "locations": ("locations", 1)},
    "som": {"mode": ("mode", 1)},
    "polls": {},
}


def new_command(world: World, game_id: str) -> app_commands.Command[Any, Any, Any]:
    group = world.bot.tree.get_command(game_id)
    assert isinstance(group, app_commands.Group), game_id
    command = group.get_command("new")
    assert isinstance(command, app_commands.Command), game_id
    return command


async def test_each_new_command_takes_its_bounds_from_the_engine(world: World) -> None:
    """Computers: from none to every seat but the host's; an option's range (in the command's unit, whole
    units inside the engine's range), its default, its choices: the engine's; no other number is asked."""
    assert set(OPTION_OF) == set(REGISTRY)
    for game_id, game in REGISTRY.items():
        params = {p.name: p for p in new_command(world, game_id).parameters}
        specs = option_specs(game_id)
        numbers = {name for name, p in params.items() if p.type == AppCommandOptionType.integer}
        assert numbers <= {"computers", *OPTION_OF[game_id]}, (game_id, numbers)
        if "computers" in params:
            computers = params["computers"]
            assert (computers.min_value, computers.max_value, computers.default) == (0, game.max_players - 1, 0)
        for name, (option, unit) in OPTION_OF[game_id].items():
            param, spec = params[name], specs[option]
            if spec.kind == "int":
                low, high = param.min_value, param.max_value
                assert isinstance(low, int) and isinstance(high, int), (game_id, name)
                assert spec.minimum is not None and spec.maximum is not None, (game_id, name)
                assert (low - 1) * unit < spec.minimum <= low * unit, (game_id, name)
                assert high * unit <= spec.maximum < (high + 1) * unit, (game_id, name)
                assert param.default * unit == spec.default, (game_id, name)
            elif spec.kind == "choice":
                assert [c.value for c in param.choices] == list(spec.choices or ()), (game_id, name)
            else:
                assert spec.kind == "bool" and param.default == spec.default, (game_id, name)
