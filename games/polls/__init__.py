"""The Polls Are Closed! (Spain): 2 players, three propaganda circles, 11 regions, 66 seats."""

from games.core.descriptor import GameDescriptor
from games.core.messages import N_
from games.polls.engine import GAME, Polls, projected_seats, supply
from games.polls.guide import GUIDE
from games.polls.view_types import PollsView

DESCRIPTOR = GameDescriptor(
    engine=GAME,
    cog="bot.cogs.polls",
    renderer="renderers.polls",
    alt="renderers.alt.polls",
    computer="games.polls.ai",
    guide=GUIDE,
    domain="polls",
    summary=N_("rules.polls"),
    rules=("polls.md",),
    practice_tour=(N_("polls.tour.map"), N_("polls.tour.circles"), N_("polls.tour.seats"), N_("polls.tour.buttons")),
    view_type=PollsView,
)

__all__ = ["DESCRIPTOR", "GAME", "Polls", "projected_seats", "supply"]
