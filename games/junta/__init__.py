"""Junta: the political game of power, intrigue, money and coups (rules/junta.md)."""

from games.core.descriptor import GameDescriptor
from games.core.messages import N_
from games.junta.engine import GAME, OPTIONS_SCHEMA, Junta
from games.junta.guide import GUIDE
from games.junta.view_types import JuntaView

DECISION_TIMER = next(spec for spec in OPTIONS_SCHEMA if spec.name == "decision_timer")

DESCRIPTOR = GameDescriptor(
    engine=GAME,
    cog="bot.cogs.junta",
    renderer="renderers.junta",
    alt="renderers.alt.junta",
    computer="games.junta.ai",
    guide=GUIDE,
    domain="junta",
    summary=N_("rules.junta"),
    rules=("junta.md", "junta_cards.md", "junta_map.md"),
    practice_tour=(N_("junta.tour.map"), N_("junta.tour.panel"), N_("junta.tour.family"), N_("junta.tour.buttons")),
    # No rules' clock presses a member learning: the decision timer at the longest the engine takes.
    practice_options={"decision_timer": DECISION_TIMER.maximum},
    playouts=12,
    # Whole games run about a thousand actions (12 turns of aid); the options change the coup's start, the aid
    # deck's length and the clock.
    playout_options=({}, {"coup_needs_hq_and_pretext": True}, {"burn_after_coup": True},
                     {"recycle_money": True, "recycle_limit": 20}, {"recycle_money": True, "recycle_limit": 96},
                     {"decision_timer": 30}),
    view_type=JuntaView,
)

__all__ = ["DESCRIPTOR", "GAME", "Junta"]
