"""Discord's limits on text, in one place: every label, option, placeholder, title, field and description the
bot sends goes through these, never a bare slice (Discord refuses the whole message when one part is too
long, so a too-long part is cut and says so with "…").

The numbers are Discord's (the API's "Message Components", "Embed Limits" and "Modal" pages)."""

from __future__ import annotations

LABEL = 80  # a button's label
CUSTOM_ID = 100  # a component's custom id
OPTION = 100  # a select option's label, value or description; a thread's name
PLACEHOLDER = 150  # a select's placeholder
MODAL_TITLE = 45  # a modal's title, and a text input's label
TITLE = 256  # an embed's title, a field's name
FIELD = 1024  # an embed field's value
DESCRIPTION = 4096  # an embed's description
FIELDS = 25  # fields in one embed; options in one select; choices of a command's parameter
ELLIPSIS = "…"


def fit(text: str, limit: int) -> str:
    """The text within `limit` characters: as it is when it fits, else cut and ended with "…"."""
    if len(text) <= limit:
        return text
    return text[: limit - len(ELLIPSIS)] + ELLIPSIS


def label(text: str) -> str:
    return fit(text, LABEL)


def option(text: str) -> str:
    return fit(text, OPTION)


def placeholder(text: str) -> str:
    return fit(text, PLACEHOLDER)


def modal_title(text: str) -> str:
    return fit(text, MODAL_TITLE)


def title(text: str) -> str:
    return fit(text, TITLE)


def field(text: str) -> str:
    return fit(text, FIELD)


def description(text: str) -> str:
    return fit(text, DESCRIPTION)


def custom_id(text: str) -> str:
    """A custom id, which is never cut (a cut id would name another thing): too long is a bug, said at once."""
    if len(text) > CUSTOM_ID:
        raise ValueError(f"a custom id over {CUSTOM_ID} characters: {text!r}")
    return text


__all__ = ["CUSTOM_ID", "DESCRIPTION", "FIELD", "FIELDS", "LABEL", "MODAL_TITLE", "OPTION", "PLACEHOLDER", "TITLE",
           "custom_id", "description", "field", "fit", "label", "modal_title", "option", "placeholder", "title"]
