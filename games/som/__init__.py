"""Som el que decidim!: a cooperative game of 1-4 citizens who uncover the urn cards for the referendum."""

from games.core.descriptor import GameDescriptor
from games.core.messages import N_
from games.som.engine import GAME, Som
from games.som.guide import GUIDE
from games.som.view_types import SomView

DESCRIPTOR = GameDescriptor(
    engine=GAME,
    cog="bot.cogs.som",
    renderer="renderers.som",
    alt="renderers.alt.som",
    computer="games.som.ai",
    guide=GUIDE,
    domain="som",
    summary=N_("rules.som"),
    rules=("som.md",),
    practice_tour=(N_("som.tour.grid"), N_("som.tour.corners"), N_("som.tour.panel"), N_("som.tour.buttons")),
    teams=True,  # the citizens together against the game
    # The centralism degree is chosen in play (choose_centralism, also by rolling); modes C and A+C need 2 or
    # more players, so a 1-player game draws among the options its set-up accepts.
    playout_options=({}, {"mode": "B"}, {"mode": "C"}, {"mode": "A+C"}),
    view_type=SomView,
)

__all__ = ["DESCRIPTOR", "GAME", "Som"]
