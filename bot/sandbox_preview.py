"""The sandbox's adaptations of SimCord's preview (simcord 3.2.1, pinned): what a first-time player needs from the
browser page that the preview, made for tests, does not give. bot/sandbox.py installs them on each preview it opens.

- **No lost click.** The preview refuses any action made on a page older than its newest publication ("The
  published preview revision is stale"), and the sandbox publishes anew at every step of its clock: a click made
  in the half second before the page had read the newest publication was lost. Here an action on an older
  publication is taken on the newest one instead, as Discord takes a click on whatever the member sees: a command,
  a message, a modal as they are; a button or a menu only when the one the member saw (its custom id, remembered
  for each publication) is still on its message, wherever it now sits, or, when the board moved meanwhile (posted
  again at the bottom of the channel, the old message deleted or stripped of its buttons), on the newest message
  that carries it: the bot reads a control by its custom id, which names the table, not by its message. A click
  on a button that is gone everywhere is refused as before, and the page's own script (sandbox.js) says so in words.
- **The member stays the member.** The member chosen in "Viewing as" is remembered by the sandbox: a reload, and
  a switch to another place (a thread, the DMs), opens as that member again rather than as the first one.
- **Timers wait for the sandbox's clock.** SimCord gives every virtual timer a wall-clock fallback, and waits
  for those due within its settle timeout before a preview action or refresh counts as done: while a Spyfall vote
  (60 s) was open, a switch of member or a click hung until the vote had lapsed ("1 yes, 2 no" at once, as the
  voters saw it). In the sandbox the virtual clock is moved by its own steps (bot/sandbox.py), so the fallbacks
  are dropped: a timer fires when the sandbox's clock reaches it, and nothing waits for it meanwhile.
- **Mentions in embeds** show as names (`@ada`), as Discord shows them, not as raw ids.
- **A quick page.** At every publication the preview parses the Markdown of every text of every open page, and
  builds a new Markdown parser (with its link finder's regular expressions) for each text: over half the sandbox's
  time went there, and a click waited for it. Parsers are kept per policy and context, and parsed texts are kept
  (`quick_markdown`); each caller still gets tokens of its own.
- **The page** gets the sandbox's script and style (bot/sandbox_page/): the places of the sandbox (the channel,
  the threads each member sees, the DMs) above the channel, channel mentions and links that open those places,
  a visible answer for a refused click, and a channel that fits a phone's width.
"""

from __future__ import annotations

import json
import marshal
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from simcord.preview import _component_projection, _markdown, _messages
from simcord.preview._action_plans import _component_key, _component_paths
from simcord.preview._server import PreviewServer

PAGE_FILES = Path(__file__).with_name("sandbox_page")
PARSED_TEXTS = 4096  # Markdown texts kept parsed (a page shows a few hundred; older ones are parsed again)
PARSERS = 32  # Markdown parsers kept (one per field policy and set of names the mentions can show)
REMEMBERED_REVISIONS = 64  # publications whose buttons a late click may still name (about a minute of clock steps)
COMPONENT_KINDS = frozenset({"click", "select"})
EPHEMERAL = 1 << 6  # a message's flag: shown to one member only
# Actions that name no control of a message: SimCord checks them against what is there now anyway.
REBASED_KINDS = frozenset({"run_command", "autocomplete_command", "send_message", "modal_submit", "history",
                           "browse_messages", "browse_candidates", "edit_message", "delete_message", "set_reaction",
                           "set_poll_votes", "set_pinned", "configure_presentation"})


def timers_follow_the_sandbox_clock(env: Any) -> None:
    """Drop the wall-clock fallback SimCord gives each virtual timer (see the module's docstring); before
    `env.start()`, which hands the scheduler to its runtime."""
    schedule: Callable[..., None] = env._schedule_timer

    def virtual_only(record: Any, callback: Any, args: Any, context: Any) -> None:
        schedule(record, callback, args, context)
        if record.real_handle is not None:
            record.real_handle.cancel()
            record.real_handle = None

    env._schedule_timer = virtual_only


def show_mentions_in_embeds() -> None:
    """Discord shows a user, role or channel mention in an embed's description and field values as a name; SimCord's
    preview leaves them as raw ids (`<@1456…>`). Its policy for those two fields is set as Discord's."""
    for field in ("embed_description", "embed_field_value"):
        _markdown._FIELD_POLICIES[field]["mentions"] = True


def quick_markdown() -> None:
    """Keep the preview's Markdown parsers and parsed texts (see the module's docstring). The tokens are a pure
    function of the text, the field's policy and the context (the names mentions show), which make the key; each
    call gets a fresh copy, since the preview may change what it is given. Installed once per process."""
    if getattr(_markdown.markdown_tokens, "kept", False):
        return
    build: Callable[..., Any] = _markdown._markdown_parser
    tokens_of: Callable[..., list[dict[str, Any]]] = _markdown.markdown_tokens
    parsers: OrderedDict[str, Any] = OrderedDict()
    parsed: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()

    def parser(policy: Mapping[str, Any], context: Mapping[str, Any]) -> Any:
        key = json.dumps([policy, context], sort_keys=True, default=str)
        found = parsers.get(key)
        if found is None:
            found = parsers[key] = build(policy, context)
            if len(parsers) > PARSERS:
                parsers.popitem(last=False)
        return found

    def markdown_tokens(value: Any, profile: str = "message", *,
                        context: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        if value is None:
            return []
        policy = _markdown._FIELD_POLICIES.get(profile, _markdown._FIELD_POLICIES["message"])
        key = (str(value), profile, json.dumps([policy, context or {}], sort_keys=True, default=str))
        found = parsed.get(key)
        if found is None:
            made = tokens_of(value, profile, context=context)
            try:
                found = marshal.dumps(made)
            except ValueError:  # something marshal cannot copy: not kept
                return made
            parsed[key] = found
            if len(parsed) > PARSED_TEXTS:
                parsed.popitem(last=False)
        else:
            parsed.move_to_end(key)
        tokens: list[dict[str, Any]] = marshal.loads(found)
        return tokens

    markdown_tokens.kept = True  # type: ignore[attr-defined]
    markdown_tokens.original = tokens_of  # type: ignore[attr-defined]
    _markdown._markdown_parser = parser
    for module in (_markdown, _component_projection, _messages):  # each imported the function by name
        module.markdown_tokens = markdown_tokens  # type: ignore[attr-defined]


def controls_of(snapshot: Mapping[str, Any] | None) -> dict[str, str]:
    """Each control key of a published page and the custom id of the button or menu under it."""
    found: dict[str, str] = {}

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            key, custom_id = value.get("control_key"), value.get("custom_id")
            if isinstance(key, str) and key.startswith("message:") and isinstance(custom_id, str):
                found[key] = custom_id
            for child in value.values():
                walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    walk((snapshot or {}).get("messages"))
    return found


def control_now(message: Any, custom_id: str) -> str | None:
    """The control key under which `custom_id` sits on the message now (enabled), if it is still there."""
    for root_index, root in enumerate(getattr(message, "components", None) or []):
        for path, component in _component_paths(root, str(root_index)):
            if component.get("custom_id") == custom_id and not component.get("disabled"):
                key = _component_key(component, path, message.id)
                if key is not None:
                    return key
    return None


def newest_carrying(preview: Any, channel_id: int, custom_id: str) -> Any:
    """The newest message of the channel (not a private one) on which `custom_id` is an enabled control, if any."""
    for message in reversed(list(preview.env.backend.messages.get(channel_id, {}).values())):
        if not int(getattr(message, "flags", 0) or 0) & EPHEMERAL and control_now(message, custom_id) is not None:
            return message
    return None


class Publications:
    """What each page of a preview showed: its controls at each of its last publications."""

    def __init__(self) -> None:
        self.pages: dict[str, OrderedDict[int, dict[str, str]]] = {}

    def record(self, page: Any) -> None:
        shown = self.pages.setdefault(page.id, OrderedDict())
        shown[page.revision] = controls_of(page.snapshot)
        while len(shown) > REMEMBERED_REVISIONS:
            shown.popitem(last=False)

    def seen(self, page_id: str, revision: int) -> dict[str, str] | None:
        shown = self.pages.get(page_id)
        return shown.get(revision) if shown is not None else None


def rebased(preview: Any, page: Any, body: Mapping[str, Any], publications: Publications) -> Mapping[str, Any]:
    """The action as if made on the page's newest publication and on the message as it is now, when it was made on
    an older one and still means the same; otherwise as it came (the preview refuses it, and says why)."""
    revision = body.get("published_revision")
    sequence = body.get("sequence")
    kind = body.get("kind")
    if (not isinstance(revision, int) or isinstance(revision, bool)
            or sequence != page.last_sequence + 1):  # a repeated request must stay byte for byte what it was
        return body
    if kind in REBASED_KINDS:
        return {**body, "published_revision": page.revision} if revision != page.revision else body
    if kind not in COMPONENT_KINDS:
        return body
    seen = publications.seen(page.id, revision)
    key = body.get("control_key")
    if seen is None or not isinstance(key, str) or key not in seen:
        return body
    try:
        message = preview.env.backend.get_message(page.channel_id, int(key.split(":")[1]))
    except Exception:  # noqa: BLE001 - the message is gone
        message = None
    # Also on the newest publication: the bot may have edited the message since, moving its buttons.
    now = control_now(message, seen[key]) if message is not None else None
    if now is None:
        # The board moved meanwhile (posted again at the bottom of the channel, the old one deleted or stripped of
        # its buttons): the member meant the control they saw, which the bot reads the same on any message (its
        # custom id names the table), so it is taken on the newest message carrying it; with none, refused.
        message = newest_carrying(preview, page.channel_id, seen[key])
        if message is None:
            return body
        now = control_now(message, seen[key])
    if now is None or (now == key and revision == page.revision):
        return body
    return {**body, "control_key": now, "target_id": str(message.id), "published_revision": page.revision}


class SandboxPreviewServer(PreviewServer):
    """SimCord's preview server with the sandbox's script, style and list of places served beside its page."""

    _STATIC_FILES = {**PreviewServer._STATIC_FILES, "/sandbox.js": "sandbox.js", "/sandbox.css": "sandbox.css",
                     "/sandbox-places.json": "places"}
    HEAD = '<link rel="stylesheet" href="/sandbox.css">\n<script type="module" src="/sandbox.js"></script>\n</head>'

    def __init__(self, preview: Any, port: int, places: Callable[[], dict[str, Any]]) -> None:
        super().__init__(preview, port)
        self.places = places

    async def _index(self, request: Any) -> Any:
        from aiohttp import web

        response = await super()._index(request)
        text = response.text.replace("</head>", self.HEAD, 1)
        return web.Response(text=text, content_type="text/html", headers=self._SECURITY_HEADERS)

    async def _static(self, request: Any) -> Any:
        from aiohttp import web

        if request.path not in ("/sandbox.js", "/sandbox.css", "/sandbox-places.json"):
            return await super()._static(request)
        if self.port is None or request.headers.get("Host", "") not in self._allowed_hosts():
            raise web.HTTPForbidden()
        if request.path == "/sandbox-places.json":
            return web.Response(text=json.dumps(self.places()), content_type="application/json",
                                headers=self._SECURITY_HEADERS)
        name = request.path.lstrip("/")
        kind = "application/javascript" if name.endswith(".js") else "text/css"
        return web.Response(text=(PAGE_FILES / name).read_text(encoding="utf-8"), content_type=kind,
                            headers=self._SECURITY_HEADERS)


def adapt(preview: Any, *, lock: Any, places: Callable[[], dict[str, Any]], remember: Callable[[int], None],
          member: Callable[[], int | None], acted: Callable[[], None]) -> None:
    """Install the sandbox's adaptations on a preview made but not yet entered: its server, one action at a time
    with the clock (`lock`), late actions taken on the newest publication, the member remembered (`remember` is
    told each member chosen; `member` names the one a new page opens as; `acted` is told of each action)."""
    preview._server = SandboxPreviewServer(preview, preview._server._requested_port, places)
    publications = Publications()
    publish: Callable[..., None] = preview._publish

    def publishing(page: Any, **kwargs: Any) -> None:
        publish(page, **kwargs)
        publications.record(page)

    preview._publish = publishing
    act: Callable[..., Awaitable[Any]] = preview._action

    async def one_at_a_time(context_id: Any, body: Any) -> Any:
        acted()
        async with lock:
            page = preview._pages.get(context_id)
            if page is not None and isinstance(body, Mapping):
                body = rebased(preview, page, body, publications)
            result = await act(context_id, body)
        if isinstance(body, Mapping) and body.get("kind") == "viewer" and not result.get("rejected"):
            page = preview._pages.get(context_id)
            if page is not None:
                remember(page.viewer.id)
        return result

    preview._action = one_at_a_time
    open_page: Callable[..., Any] = preview._open_page

    def opening(viewer_id: Any = None, target_id: Any = None) -> Any:
        if viewer_id is None:
            chosen = member()
            if chosen is not None and any(viewer.id == chosen for viewer in preview.viewers):
                viewer_id = chosen
        return open_page(viewer_id, target_id)

    preview._open_page = opening
