"""Spyfall: 3-8 players, one spy who does not know the location."""

from games.core.descriptor import GameDescriptor
from games.core.messages import N_
from games.spyfall.engine import GAME, Spyfall
from games.spyfall.guide import GUIDE
from games.spyfall.view_types import SpyfallView

DESCRIPTOR = GameDescriptor(
    engine=GAME,
    cog="bot.cogs.spyfall",
    renderer="renderers.spyfall",
    alt="renderers.alt.spyfall",
    guide=GUIDE,
    domain="spyfall",
    summary=N_("rules.spyfall"),
    rules=("spyfall.md", "spyfall_locations.md"),
    points=True,  # round points that add up
    playouts=300,
    playout_options=(
        {},
        {"rounds": 1},
        {"rounds": 3, "roles": False, "minutes": 3, "vote_seconds": 15},
        {"rounds": 2, "minutes": 20, "vote_seconds": 600},
    ),
    view_type=SpyfallView,
)

__all__ = ["DESCRIPTOR", "GAME", "Spyfall"]
