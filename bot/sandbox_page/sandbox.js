// The Tablemaster sandbox's additions to SimCord's preview page (served beside it by bot/sandbox_preview.py):
// the sandbox's places above the channel, channel mentions and links that open them, a visible answer when the
// preview did not take an action, and a click made while the page was busy played once it is free.
// The preview's own words are English; so are these (docs/decisions.md, "The sandbox's page").

const PLACES_EVERY = 2000; // ms between two reads of the places (a practice thread appears when it is opened)
const launcherOf = (places) => places.launcher || `${location.protocol}//${location.hostname}:8765/`;
let places = null;
let waiting = null; // the control key of a click made while the page was busy, played once it is free

function status() {
  try { return window.simcordPreview; } catch { return null; }
}

// The preview holds an action back while one is under way, or until it has read the page its last action made.
function held(state) {
  return Boolean(state?.pendingAction)
    || (state?.awaitingRevision != null && state.awaitingRevision > (state.publishedRevision ?? 0));
}

function memberName() {
  const viewer = status()?.viewerId;
  return (viewer && places?.members?.[viewer]) || places?.member || null;
}

function goTo(place) {
  const member = memberName();
  const as = member && place.members.includes(member) ? `?as=${encodeURIComponent(member)}` : "";
  return `${launcherOf(places)}go/${encodeURIComponent(place.view)}${as}`;
}

function bar() {
  let nav = document.getElementById("sandbox-places");
  if (!nav) {
    nav = document.createElement("nav");
    nav.id = "sandbox-places";
    nav.setAttribute("aria-label", "Sandbox places");
    // In the toolbar's free room, not above the channel: the channel keeps the height Discord gives it, so a
    // board that fits one screen in Discord fits here too.
    const toolbar = document.getElementById("toolbar");
    const status = document.getElementById("action-status");
    if (toolbar && status) toolbar.insertBefore(nav, status);
    else {
      const workspace = document.getElementById("preview-workspace");
      workspace?.parentElement?.insertBefore(nav, workspace);
    }
  }
  return nav;
}

function renderPlaces() {
  if (!places) return;
  const nav = bar();
  const member = memberName();
  const links = places.places.filter((place) => place.kind !== "dm" || place.members.includes(member));
  const fingerprint = JSON.stringify([links.map((p) => p.view), places.current, member]);
  if (nav.dataset.fingerprint === fingerprint) return;
  nav.dataset.fingerprint = fingerprint;
  nav.replaceChildren();
  for (const place of links) {
    const link = document.createElement("a");
    link.textContent = place.kind === "dm" ? `${place.label}'s DMs` : place.label;
    link.href = goTo(place);
    link.dataset.view = place.view;
    if (place.view === places.current) link.setAttribute("aria-current", "page");
    nav.append(link);
  }
  const all = document.createElement("a");
  all.textContent = "All places…";
  all.href = launcherOf(places);
  nav.append(all);
}

async function readPlaces() {
  try {
    const answer = await fetch("/sandbox-places.json", { cache: "no-store" });
    if (answer.ok) places = await answer.json();
  } catch { /* the sandbox is stopping or switching places: read again later */ }
  renderPlaces();
  linkChannels();
}

function placeOfChannel(id) {
  return places?.places.find((place) => place.channel === id) || null;
}

// Channel mentions (`#Practice: Som…`) and the preview's links to discord.com open the sandbox's place instead.
function linkChannels() {
  if (!places) return;
  for (const link of document.querySelectorAll('a[href^="https://discord.com/channels/"]')) {
    const id = new URL(link.href).pathname.split("/")[3];
    const place = placeOfChannel(id);
    if (!place) continue;
    link.href = goTo(place);
    link.target = "_self";
    link.removeAttribute("rel");
  }
  for (const mention of document.querySelectorAll("span.mention")) {
    const text = (mention.textContent || "").trim();
    if (!text.startsWith("#") || mention.closest("a")) continue;
    const place = places.places.find((item) => item.kind !== "dm" && `#${item.name || item.label.slice(1)}` === text);
    if (!place) continue;
    const link = document.createElement("a");
    link.className = "mention sandbox-channel-link";
    link.href = goTo(place);
    link.textContent = text;
    mention.replaceWith(link);
  }
}

const ANSWERS = {
  "stale-revision": "That button is no longer there: the message changed just before your click. Look at it again and press what you see now.",
  busy: "The table was busy with another action: press it again.",
  "validation-failed": "That control is not available any more (the message changed): look at it again.",
};

function answer(text) {
  let box = document.getElementById("sandbox-answer");
  if (!box) {
    box = document.createElement("div");
    box.id = "sandbox-answer";
    box.setAttribute("role", "alert");
    document.body.append(box);
    box.addEventListener("click", () => { box.hidden = true; });
  }
  box.textContent = text;
  box.hidden = false;
}

let lastReceipt = null;
function watchReceipts() {
  const receipt = status()?.lastAction;
  if (!receipt || receipt.requestId === lastReceipt) return;
  lastReceipt = receipt.requestId;
  const refused = receipt.rejected || ["rejected", "failed", "timeout", "cancelled"].includes(receipt.settlement);
  if (!refused) {
    const box = document.getElementById("sandbox-answer");
    if (box) box.hidden = true;
    return;
  }
  const code = receipt.diagnostics?.[0]?.code;
  answer(ANSWERS[code] || `The preview did not take that action (${receipt.diagnostics?.[0]?.message || code || receipt.settlement}). Try again.`);
}

// A click on a button the page holds back while it finishes an earlier action (aria-disabled, not disabled by
// the bot) would be dropped by the preview: it is kept and played as soon as the page is free.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.component-button") : null;
  if (!(button instanceof HTMLButtonElement) || button.disabled || !event.isTrusted) return;
  if (!held(status()) && button.getAttribute("aria-disabled") !== "true") return;
  event.stopImmediatePropagation();
  waiting = button.dataset.controlKey || null;
  answer("Your click is kept: it is played as soon as the page has finished the last action.");
}, true);

function playWaiting() {
  if (!waiting) return;
  if (held(status())) return;
  const button = [...document.querySelectorAll("button.component-button")]
    .find((item) => item.dataset.controlKey === waiting);
  waiting = null;
  if (button instanceof HTMLButtonElement && !button.disabled) {
    const box = document.getElementById("sandbox-answer");
    if (box) box.hidden = true;
    button.click();
  }
}

new MutationObserver(() => { linkChannels(); renderPlaces(); }).observe(document.body, { childList: true, subtree: true });
setInterval(readPlaces, PLACES_EVERY);
setInterval(() => { watchReceipts(); playWaiting(); }, 200);
void readPlaces();
