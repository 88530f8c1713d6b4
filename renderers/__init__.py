"""Board images: pure functions from a game's view dict to a PIL image (see renderers.core)."""
