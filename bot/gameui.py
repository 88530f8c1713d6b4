"""What a game tells the generic table UI: its control groups, labels, styles and words.

A game's cog builds one `GameUI`. Controls are made from the engine's `legal_actions`: a
`Group` gathers the actions it matches; the board shows a button per group that some seat can
use now (or that the game wants shown to explain why not), and the click either acts at once
(one action), opens a private picker (several), or asks an amount (a modal). Nothing here knows
a rule: which actions exist, who may take them and what they cost all come from the engine. It lies below
the UI (bot/ui) and the ports, which both speak of a `GameUI` and its `Ctx`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord
from PIL import Image

from bot.i18n import Catalog, words
from games.core.messages import N_, NP_, MessageFamily
from games.core.protocol import Action

if TYPE_CHECKING:
    from bot.tables import Table

Style = discord.ButtonStyle
log = logging.getLogger(__name__)


# The game's view type (games/<id>/view_types.py). A game's hooks take `Ctx[ItsView]` and read the view
# typed; a bare `Ctx` (`Ctx[Any]`) is what the table UI, which serves every game, passes around.
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])


@dataclass
class Ctx(Generic[ViewT]):
    """What wording and control hooks may read: the table, a view, names and the reader's words."""

    table: Table
    view: ViewT
    names: list[str]
    locale: str
    seat: int | None = None  # whose view this is (None: the public one)

    @property
    def words(self) -> Catalog:
        return words(self.locale)

    def msg(self, message_id: str, **params: Any) -> str:
        """One message in the reader's words (players in parameters are named)."""
        return self.words.msg(message_id, self.names, **params)

    def plural(self, message_id: str, count: int, **params: Any) -> str:
        """One message with plural forms, chosen by `count`."""
        return self.words.plural(message_id, count, self.names, **params)

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "—"
        return self.names[seat]


def said(ctx: Ctx, family: MessageFamily, key: Any, **params: Any) -> str:
    """One message of a family, by its key (kept out of the wording call so extraction sees no literal)."""
    return ctx.msg(family[key], **params)


@dataclass(frozen=True)
class OfTypes:
    """A group's matcher that can only match actions of these types: drawing a board then looks at those
    actions only, not at every legal action of the table (Junta's board has about 50 groups)."""

    kinds: frozenset[str]
    test: Callable[[Action], bool] | None = None

    def __call__(self, action: Action) -> bool:
        return action.get("type") in self.kinds and (self.test is None or self.test(action))


def of_type(*kinds: str) -> OfTypes:
    """Actions of these types."""
    return OfTypes(frozenset(kinds))


def of_type_where(kinds: tuple[str, ...], test: Callable[[Action], bool]) -> OfTypes:
    """Actions of these types that also pass `test`."""
    return OfTypes(frozenset(kinds), test)


def exactly(**fields: Any) -> Callable[[Action], bool]:
    """Actions with exactly these fields (besides the time stamp)."""

    def same(action: Action) -> bool:
        return (action == fields) if "at" not in action else {k: v for k, v in action.items() if k != "at"} == fields

    return OfTypes(frozenset({fields["type"]}), same) if isinstance(fields.get("type"), str) else same


@dataclass(frozen=True)
class Compose:
    """An action a player assembles in a private panel before sending it: items handed out to
    receivers (Som's gifts: which discs to whom; Junta's offices: which office to whom).

    `items(ctx, chosen)` and `receivers(ctx, chosen)` read the player's own view (`ctx.view`) and
    the player's legal actions of the group (`chosen`) and return `(value, label)` pairs; the
    action is `chosen[0]` with `field` set to `[{item_key: item, receiver_key: receiver}, ...]`
    (or to what `build` makes of that list). The engine judges it like any action.

    - `choose`: first pick which of the group's actions to start from, by this key (a gift's
      recipient, a stack's origin, a fire order's target), labelled by `choose_label`; `chosen`
      is then the actions with that key.
    - `layout`: "receivers" — one multi-select per receiver (what goes to them); "pairs" — selects
      of item → receiver pairs, for more receivers than rows (offices to seven players, units to
      six areas).
    - `preset`: start from what `chosen[0]` already holds (the default assignment, every unit of a
      stack) instead of nothing.
    """

    field: str | None
    items: Callable[[Ctx, list[Action]], list[tuple[Any, str]]]
    receivers: Callable[[Ctx, list[Action]], list[tuple[Any, str]]]
    item_key: str = "item"
    receiver_key: str = "to"
    receiver_label: str = N_("core.compose_to")  # a select's placeholder, with {name}: the receiver
    submit: str = NP_("core.compose_submit")  # the button once something is chosen, with {count}
    submit_empty: str = N_("core.compose_submit_empty")  # the button with nothing chosen
    # What the field holds, made from the chosen `{item_key, receiver_key}` pairs (default: the list
    # itself): Junta's budget sums the notes per receiver, a deposit keeps only the notes. With no
    # `field`, `build` returns several fields at once (a swap's cards and notes).
    build: Callable[[list[dict[str, Any]]], Any] | None = None
    choose: Callable[[Action], Hashable] | None = None
    choose_label: Callable[[Action, Ctx], str] | None = None
    choose_placeholder: str = N_("core.compose_choose")
    layout: str = "receivers"
    preset: bool = False


def seats_named(named: Callable[[Action], Iterable[Any]], label: Callable[[Ctx, int], str],
                ) -> Callable[[Ctx, list[Action]], list[tuple[Any, str]]]:
    """A `Compose.receivers`: every seat the chosen actions name (`named(action)`), in seat order. An
    engine's representative actions name each seat it accepts there, so the panel offers exactly those
    (Junta's budgets and office holders, Som's gifts), restating no rule."""

    def receivers(ctx: Ctx, chosen: list[Action]) -> list[tuple[Any, str]]:
        return [(x, label(ctx, x)) for x in sorted({int(x) for action in chosen for x in named(action)})]

    return receivers


@dataclass(frozen=True)
class Group:
    """One control of the board: a button for the actions `matches` selects.

    - `label` (a message id; `label_params(ctx)` fills it) and `style` dress the button.
    - `each`: one button per action instead, labelled by `option` (more than 5: one button, a picker).
    - `option(action, ctx)`: how one choice reads in the picker (and on `each` buttons);
      `hint(action, ctx)` an optional second line.
    - `amount`: the action field a player types in a modal (parametric choices: bids, budgets);
      the engine's representative actions give the bounds shown.
    - `shown(ctx)`: also show the button when nobody can use it now, so a click explains why
      (the engine's refusal of `probe`).
    - `moment(ctx)`: which moment a control belongs to; a click from another moment is stale.
      The default is the table's action count: any change makes older controls stale.
    - `done`: a private confirmation once the action is taken (a vote that can still change).
    """

    id: str
    matches: Callable[[Action], bool]
    label: str
    style: Style = Style.secondary
    each: bool = False
    option: Callable[[Action, Ctx], str] | None = None
    hint: Callable[[Action, Ctx], str | None] | None = None
    placeholder: str | None = None
    label_params: Callable[[Ctx], dict[str, Any]] | None = None
    amount: str | None = None
    shown: Callable[[Ctx], bool] | None = None
    probe: Action | None = None
    moment: Callable[[Ctx], str] | None = None
    emoji: str | None = None
    done: str | None = None  # message id told privately once the action is taken ("You voted yes")
    # The order of an `each` group's buttons (e.g. left, forward, right), from the action and the public view.
    sort_key: Callable[[Action, Any], Any] | None = None  # (action, the game's view)
    follow: str | None = None  # a group whose picker opens for the same player right after (reveal → guess)
    compose: Compose | None = None  # the action is assembled in a private panel (see `Compose`)
    # False: never a board button, only in the player's private panel (`Secret.panel`): actions a
    # player may take at any time (gifts, swaps), whose board button would only add noise.
    board: bool = True


@dataclass(frozen=True)
class Secret:
    """A player's private information: sent by DM when it changes, always one click away."""

    button: str  # message id of the "Show my …" button
    text: Callable[[Ctx], discord.Embed | str | None]  # ctx.view is the player's own view
    key: Callable[[Any], Hashable]  # from the game's view: a new key means "deal it again" (a new card)
    shown: Callable[[Ctx], bool] = lambda ctx: True  # when the button is on the board (public view)
    # Groups whose private picker comes with the DM when the player can use them (a secret bid):
    # the same choice the board's button offers, one click away in the DM.
    controls: tuple[str, ...] = ()
    # Groups offered as buttons under the private view (the ephemeral "Show my …" and its DMs) when
    # the player can use them now: the player's own business (gifts, swaps, any-time cards).
    panel: tuple[str, ...] = ()


# A board drawn from a view (the view's type is the game's own: games/<id>/view_types.py).
Renderer = Callable[[Any, list[str], Catalog], Image.Image]
# A picture in words (renderers/alt): the attachment's description a screen reader reads, from the same view.
Describer = Callable[[Any, list[str], Catalog], str]


def described(describe: Describer | None, ctx: Ctx) -> str | None:
    """The description of the picture drawn from `ctx.view` (the same view, names and words), or None: the game
    has no describer, or wording it failed (then the picture goes without one rather than not at all)."""
    if describe is None:
        return None
    try:
        return describe(ctx.view, ctx.names, ctx.words) or None
    except Exception:
        log.exception("table %s: describing a picture failed", ctx.table.id)
        return None


@dataclass
class GameUI:
    """Everything the generic table needs from one game, besides its engine."""

    game_id: str
    title: Callable[[Ctx], str]
    groups: Sequence[Group] = ()
    status: Callable[[Ctx], list[str]] = lambda ctx: []
    # Status lines for "📜 Details" only: what the board's picture already shows (markers, office holders), so
    # that the board message fits one screen (docs/decisions.md, "A board within one screen").
    more: Callable[[Ctx], list[str]] = lambda ctx: []
    fields: Callable[[Ctx], list[tuple[str, str]]] = lambda ctx: []
    word: Callable[[dict[str, Any], Ctx], str | None] = lambda event, ctx: None
    # The seat whose move an event tells (None: it names none, and belongs to the move before it), so that a
    # computer's turn is folded into one line of the recent moves.
    actor: Callable[[dict[str, Any]], int | None] = lambda event: seat_of(event, "seat")
    # Event types worth a message of their own (dice, a round's end, a vote, a result); every
    # other event is a routine move, shown in the board's recent moves only.
    notable: frozenset[str] = frozenset()
    # Event types after which the board is posted anew (a new round), so it stays at the bottom.
    repost_on: frozenset[str] = frozenset()
    render: Renderer | None = None  # the board in the channel, drawn for the inline box
    full_render: Renderer | None = None  # the detailed public picture behind "🔍 Full board", if any
    describe: Describer | None = None  # both boards in words: their attachments' description (alt text)
    picture_key: Callable[[dict[str, Any]], Hashable] = lambda view: view.get("log_count")
    opening: Callable[[Ctx], str | None] = lambda ctx: None
    opening_picture: Renderer | None = None
    opening_describe: Describer | None = None
    result: Callable[[Ctx], str | None] = lambda ctx: None
    result_on: frozenset[str] = frozenset({"game_over"})  # the events after which `result` is posted
    result_picture: Renderer | None = None
    result_describe: Describer | None = None
    secret: Secret | None = None
    # Told a member privately, once a game, the first time the bot passes for them (the engine's `pass_action`).
    passed: str | None = None
    colour: discord.Colour = field(default_factory=discord.Colour.blurple)
    recent_moves: int = 6

    def group(self, group_id: str) -> Group | None:
        return next((g for g in self.groups if g.id == group_id), None)


def seat_of(event: dict[str, Any], *keys: str) -> int | None:
    """The first of these fields of an event that holds a seat."""
    for key in keys:
        value = event.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def seat_names(names: Sequence[str], seats: Mapping[int, Any] | Sequence[int]) -> str:
    return ", ".join(names[s] for s in seats)
