"""Arditi del Popolo, Snake variant: 2-6 players lead marches that grow like snakes on a round board."""

from games.arditi.engine import GAME, Arditi
from games.arditi.guide import GUIDE
from games.arditi.view_types import ArditiView
from games.core.descriptor import GameDescriptor
from games.core.messages import N_

DESCRIPTOR = GameDescriptor(
    engine=GAME,
    cog="bot.cogs.arditi",
    renderer="renderers.arditi",
    alt="renderers.alt.arditi",
    computer="games.arditi.ai",
    guide=GUIDE,
    domain="arditi",
    summary=N_("rules.arditi"),
    rules=("arditi.md",),
    practice_tour=(N_("arditi.tour.board"), N_("arditi.tour.pieces"), N_("arditi.tour.panel"),
                   N_("arditi.tour.buttons")),
    points=True,  # victory points that add up
    playouts=36,
    # Full games last 60 rounds; shorter ones keep the corpus quick while the full ones reach the police.
    # The police_return_draws house rule is played too.
    playout_options=({}, {"max_rounds": 8}, {"max_rounds": 20}, {"max_rounds": 20, "police_return_draws": True}),
    view_type=ArditiView,
)

__all__ = ["DESCRIPTOR", "GAME", "Arditi"]
