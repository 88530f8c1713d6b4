"""Som el que decidim!: the board in the channel and the full board.

Both are pure functions of the public view `games.som.GAME.view(state, None)` (docs/som-view.md) and of
the reader's `Words` (`som.picture.*` ids; the full board's card names and disc kinds are the engine's
`som.card.*` and `som.kind.*`).

`render`, the board posted on every move (and the frame of the replays), is drawn at
renderers.core.BOARD_SIZE (1100 × 700, landscape) for Discord's inline box, where it shows at half
size: no text is under SMALL = 20 px (10 px as seen). The grid of 37 tiles takes the left, at the
rules' rows and columns; a tile shows its label, its card's back, or its flag as a colour *and* a
drawn flag (colour-blind safe) and its symbol as a badge (Concentració nacional a participation
disc), and the citizens standing on it as pawns, each colour with its own shape (pink circle, lilac
square, orange triangle, blue diamond), the holder's ringed in gold. The cells the mover may step to
have a gold frame, the mover's cell a white one, and the last movement shows as gold arrowheads
between its tiles (what changed last). The grid's free corners hold the Hisenda (its 1 € and 2 €
coin counts and its value), the pool, this turn's die, the key of the frames, the flags' key and the
urn area. A side panel holds the turn, the mode, degree and phase, the Generalitat, what the game
waits on (or the result), and one short row per citizen (pawn, name, value, participation discs;
in a vote, the side taken and "has bid"). Card names, the discs' kinds and the key of their icons
are left to the full board and to the embed's text: what a card does is its flag and its symbol.

`render_full`, the full board behind the 🔍 Full board button, is landscape too: 1100 × 800 (FULL_SIZE),
read 550 px wide (CHAT_WIDTH, a message's picture opened or on a phone) where no text is under 10 px (TEXT =
20 px on the canvas; shown in the 550 × 350 inline box, 481 × 350, none under 8.75 px). The grid takes the
left at the rules' rows and columns, its cards 104 × 111: a face-up card shows its label, its drawn flag, its
Catalan printed name (the same in every language; long words split at their syllables and the letters
narrowed, never shortened, so the longest name fits in 3 lines), its symbol (€ economic, % Agència
Tributària, ✚ health, ⚖ justice, ☑ suffrage) and the citizens on it; an empty cell is a dashed outline. The
grid's free places hold, left of the board (where the rules put it), the Hisenda espanyola card (its coins
and value), the pool, this turn's die and the key of the marks; in the right column the flags' key; in the
bottom right steps the key of the disc icons; in the bottom row the urn area (4 slots). A side panel holds
the status (the turn; the mode, the centralism degree and the phase, or why the game ended; who holds the
Generalitat; what the game waits on, a vote's "k/n have bid", or the winners) and, at its foot, one row per
citizen (pawn, the Generalitat marker, name; value, participation discs and cell; each public-management disc
as a chip with its kind's icon and value, on as many lines as the most discs need; in a vote, the side taken
and "has bid"). Sprites are drawn at 1 px per unit (SCALE): the 256-colour quantizing of a bigger picture
would take most of the 40 ms budget.

Only what a public view holds is drawn, and a face-down cell's card, flag and symbol are never looked
at, even if a view carried them. The layers per language with every cell face down,
and the card faces and tiles, are cached; a render pastes the cards that are not face down and draws
the rest.

The package: `sprites` (the pieces, colours, text sizes and sprites both boards draw), `status` (what both
boards say and read of a view), `full` (`render_full`), `channel` (`render`); this module re-exports their
names (`renderers.som.render` and the rest, as before the split) and clears their caches.
"""

from __future__ import annotations

from games.som.cards import CARD_NAME, COLOURS, FACES, KIND_NAME, POSITIONS, URN_COUNT, label  # noqa: F401
from renderers.core import SQUEEZES, put_fitted, put_text, text_width  # noqa: F401
from renderers.core import name_lines as core_name_lines
from renderers.core import squeezed_mask as _text_mask
from renderers.som.channel import (  # noqa: F401
    BOARD_H,
    BOARD_W,
    EDGE,
    GRID_TOP,
    LABEL,
    LARGE,
    SIDE,
    SIDE_INFO,
    SIDE_INNER,
    SIDE_PAD,
    SIDE_ROW,
    SIDE_ROW_TALL,
    SIDE_TITLE,
    SMALL,
    STEP_X,
    STEP_Y,
    TILE_BADGE,
    TILE_DIE,
    TILE_FLAG,
    TILE_FLAGS,
    TILE_FRAME,
    TILE_H,
    TILE_HEAD,
    TILE_HISENDA,
    TILE_KEY,
    TILE_PAWN,
    TILE_POOL,
    TILE_SLOT,
    TILE_URNS,
    TILE_W,
    TRAIL,
    _board_base,
    _draw_citizens,
    _draw_corners,
    _draw_grid,
    _draw_pawns,
    _draw_side,
    _draw_trail,
    _put_tile_label,
    board_words,
    last_path,
    render,
    side_row,
    symbol_of,
    tile_back,
    tile_badge,
    tile_box,
    tile_centre,
    tile_chip,
    tile_empty,
    tile_face,
    tile_urn,
)
from renderers.som.full import (  # noqa: F401
    BADGE,
    BOARD_RIGHT,
    BOARD_TOP,
    CELL_H,
    CELL_W,
    CHIP_H,
    CHIP_PITCH,
    CHIP_W,
    CHIPS_A_LINE,
    DIE_BOX,
    FLAG_BOXES,
    FOOT,
    FRAME,
    FULL_DIE,
    FULL_SIZE,
    HEADER,
    HEIGHT,
    HISENDA_BOX,
    KEY_BOXES,
    KEY_LINE,
    KEY_ONE_A_LINE,
    MARGIN,
    MARKS_BOX,
    NAME_BOX,
    NAME_LINES,
    NAME_SQUEEZES,
    NAME_STEP,
    PAD,
    PANEL,
    PANEL_INNER,
    PAWN,
    PITCH_X,
    PITCH_Y,
    POOL_BOX,
    ROW_GAP,
    ROW_LEFT,
    ROW_LINE,
    ROW_PAD,
    ROW_RIGHT,
    SYLLABLES,
    URN_TITLE_BOX,
    WIDTH,
    _base,
    _draw_board,
    _draw_cell,
    _draw_die,
    _draw_hisenda,
    _draw_pool,
    _draw_rows,
    _draw_status,
    _draw_urns,
    _label_chip,
    _panel,
    _put_label,
    card_face,
    cell_box,
    chip_at,
    die_corner,
    disc_chip,
    disc_key_entries,
    disc_key_icon,
    flag_at,
    name_lines,
    put_name,
    render_full,
    row_box,
    row_fill,
    row_layout,
    row_line,
    static_words,
    status_room,
    symbol_badge,
    urn_slot,
)
from renderers.som.sprites import (  # noqa: F401
    BACK,
    BACK_EDGE,
    BACK_LINE,
    BACKGROUND,
    BADGE_FILL,
    BIG,
    BORDER,
    CHIP_ICON,
    CITIZEN,
    COIN,
    DIE_MARK,
    DIE_SIZE,
    DISC_GLYPH,
    DISC_KINDS,
    DISC_VALUE,
    EMPTY_LINE,
    FACE,
    FACE_LINE,
    FLAG_GLYPH,
    FLAGS,
    FLAME,
    FLAME_CORE,
    GLOBE_BLUE,
    GOLD,
    GOLD_TEXT,
    ICON,
    INFRA_CHIP,
    INK,
    PARTICIPATION,
    ROWS,
    SCALE,
    SENYERA_RED,
    SENYERA_YELLOW,
    SERVICE_CHIP,
    SHAPE,
    SPAIN_RED,
    SPAIN_YELLOW,
    STRONG,
    SUPER,
    SYMBOL_GLYPH,
    SYMBOLS,
    TEXT,
    TITLE,
    URN_PURPLE,
    WHITE,
    Box,
    FBox,
    Point,
    _crown,
    _flame,
    _flat,
    _road,
    _rounded,
    _scaled,
    card_back,
    coin_sprite,
    die_sprite,
    disc_icon,
    disc_sprite,
    empty_cell,
    flag_icon,
    frame_sprite,
    marker_sprite,
    participation_sprite,
    pawn_sprite,
    px,
)
from renderers.som.status import (  # noqa: F401
    ABSTAINS,
    ACT,
    ACTION_LINES,
    BACKS,
    CANDIDATE,
    DEGREE,
    FLAG_NAME,
    HAS_BID,
    KEY_WORDS,
    PAY_REASON,
    PHASE,
    RESULT,
    SIDE_LINE,
    SIDE_TAGS,
    TAG,
    VOTE_KIND,
    _action,
    _colour_of,
    _name_or_hisenda,
    bid_count,
    card_name,
    mover_cell,
    put_paragraph,
    recent_vote,
    seats,
    side_lines,
    status_lines,
    vote_tag,
)


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (_text_mask, core_name_lines, pawn_sprite, disc_sprite, marker_sprite, coin_sprite,
                   participation_sprite, disc_icon, disc_chip, flag_icon, symbol_badge, card_face, card_back,
                   empty_cell, frame_sprite, die_sprite, disc_key_icon, _base, tile_badge, tile_face, tile_chip,
                   _board_base):
        cached.cache_clear()
