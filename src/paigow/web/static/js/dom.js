// Small helpers every page shares: building elements, money, the API, live updates.

import { formatMoney, t } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number"
      ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// Money in the page's language (i18n.js: CLDR's patterns, as Babel's on the server).
export function money(cents) {
  return formatMoney(cents);
}

export function signedMoney(cents) {
  return cents > 0 ? `+${money(cents)}` : money(cents);
}

export function dollars(cents) {
  return (cents / 100).toFixed(2);
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, url, body) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const resp = await fetch(url, opts);
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  if (!resp.ok) throw new ApiError(resp.status, (data && data.error) || resp.statusText);
  return data;
}

// Replace a region's children only when its data changed, keeping keyboard focus on the
// element with the same data-focus key (so live updates never throw focus to the top).
const lastData = new WeakMap();

// A press in progress holds off every region's redraw. Drawn again between a finger's
// down and its lift, the button under it is a new one, or is pushed away by a region above
// that grew (a dealt hand on the felt), and the tap is lost: a busy table redraws a
// watcher's join form at every phase, a sat-out person's "I'm back" likewise. The redraws
// wait for the click the press makes (a tap's comes a moment after the lift; Space's at
// its key's release) or the end of the press by any other way (cancelled, the window
// left); HOLD_MS only bounds a press whose end never came.
const HOLD_MS = 30_000;
const held = new Map(); // region -> its latest redraw, kept while a press lasts
let pressed = null;
let pressTimer = 0;

function flushHeld() {
  pressed = null;
  clearTimeout(pressTimer);
  const jobs = [...held.values()];
  held.clear();
  for (const job of jobs) job();
}

function releaseIn(ms) {
  clearTimeout(pressTimer);
  pressTimer = setTimeout(flushHeld, ms);
}

document.addEventListener("pointerdown", (ev) => { pressed = ev.target; releaseIn(HOLD_MS); }, true);
document.addEventListener("pointerup", () => { if (pressed) releaseIn(400); }, true);
document.addEventListener("pointercancel", () => { if (pressed) releaseIn(0); }, true);
document.addEventListener("click", () => { if (pressed) releaseIn(0); }, true);
// a menu (a select) the press opened may take its release: its choice ends the press (a
// field's change as the press moves focus away from it does not: that press goes on)
document.addEventListener("change", (ev) => { if (pressed && ev.target === pressed) releaseIn(0); }, true);
document.addEventListener("keydown", (ev) => {
  if (ev.key === " " && !ev.repeat && ev.target.closest && ev.target.closest("button")) {
    pressed = ev.target;
    releaseIn(HOLD_MS);
  }
}, true);
document.addEventListener("keyup", (ev) => { if (ev.key === " " && pressed) releaseIn(0); }, true);
window.addEventListener("blur", () => { if (pressed) releaseIn(0); });

// A field the person has edited keeps what they typed (or ticked) when its region is
// drawn again with a field of the same id: a live update never throws their input away.
export function patch(region, data, render) {
  if (pressed) {
    held.set(region, () => patch(region, data, render));  // the latest wins
    return false;
  }
  held.delete(region);  // drawn now: an older held redraw must not follow
  const text = JSON.stringify(data);
  if (lastData.get(region) === text) return false;
  lastData.set(region, text);
  const active = document.activeElement;
  const key = active && region.contains(active) ? active.dataset.focus : null;
  const edited = [...region.querySelectorAll("input[id], textarea[id]")].filter((el) =>
    (el.type === "checkbox" || el.type === "radio") ? el.checked !== el.defaultChecked
      : el.value !== el.defaultValue);
  const fresh = render(data);
  region.replaceChildren(...(Array.isArray(fresh) ? fresh : [fresh]).filter(Boolean));
  for (const old of edited) {
    const again = region.querySelector(`#${CSS.escape(old.id)}`);
    if (!again || again.type !== old.type) continue;
    if (old.type === "checkbox" || old.type === "radio") again.checked = old.checked;
    else again.value = old.value;
  }
  if (key) {
    const again = region.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  return true;
}

// A WebSocket that reconnects with backoff and hands every view to `onState`. The server
// sends the whole view first ("state"), then only its top-level parts that changed
// ("patch", numbered by "seq"): a patch is applied over the view held; a gap in the
// numbers (or a patch before any view) asks for the whole view again ("resync").
export function liveSocket(path, onState, onStatus) {
  let ws = null;
  let delay = 500;
  let stopped = false;
  function open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const sock = ws = new WebSocket(`${proto}://${location.host}${path}`);
    let view = null;
    let seq = 0;
    let asked = false;  // a resync asked and not yet answered
    sock.addEventListener("open", () => { delay = 500; onStatus("live"); });
    sock.addEventListener("message", (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        view = msg.state;
        asked = false;
      } else if (msg.type === "patch") {
        if (view === null || msg.seq !== seq + 1) {
          view = null;  // in doubt: wait for the whole view
          if (!asked) sock.send(JSON.stringify({ type: "resync" }));
          asked = true;
          return;
        }
        view = { ...view, ...msg.parts };
        for (const k of msg.gone || []) delete view[k];
      } else {
        return;
      }
      seq = msg.seq;
      onState(view, msg);
    });
    sock.addEventListener("close", (ev) => {
      if (stopped) return;
      if (ev.code === 4404 || ev.code === 4410) {  // the table is not there: nothing to wait for
        stopped = true;
        onStatus("gone", ev.reason);
        return;
      }
      if (sock.restarting) {  // closed on purpose to connect again at once: nothing lost
        open();
        return;
      }
      onStatus("reconnecting");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }
  open();
  return {
    close() { stopped = true; if (ws) ws.close(); },
    // a new cookie (joined, left): the server reads the person at the handshake
    restart() { if (ws) { ws.restarting = true; ws.close(); } },
  };
}

// Said to a screen reader (a polite live region): `region` "announce" (every page's), or
// "announce-time" (a table's deadlines, apart, so a deadline never talks over a result).
export function announce(text, region = "announce") {
  const live = document.getElementById(region);
  if (live) live.textContent = text;
}

// An error shown where it happened: right after `anchor` (the control or group that was
// refused), announced (role=alert), and scrolled into view if it is not on screen.
export function showErrorAt(anchor, message) {
  clearErrors();
  if (!message) return;
  let box = null;
  if (anchor && anchor.isConnected) {
    box = document.createElement("div");
    box.className = "local-error";
    box.setAttribute("role", "alert");
    box.textContent = message;
    anchor.after(box);
  } else {
    box = document.getElementById("error");
    if (!box) return;
    box.textContent = message;
    box.hidden = false;
  }
  const r = box.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) box.scrollIntoView({ block: "center" });
}

// A refusal shown in a form is about what was in it: once the person changes a field of
// that form (or group of controls), the old reason goes.
document.addEventListener("input", (ev) => {
  const group = ev.target && ev.target.closest && ev.target.closest("form, [role=group]");
  if (group) for (const el of group.querySelectorAll(".local-error")) el.remove();
});

export function clearErrors() {
  for (const el of document.querySelectorAll(".local-error")) el.remove();
  const top = document.getElementById("error");
  if (top) { top.hidden = true; top.textContent = ""; }
}

// Bring `el` fully into view if it is not (a newly dealt hand on a phone).
export function intoView(el, block = "start") {
  if (!el || el.hidden) return;
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block, behavior: "auto" });
}

// A small tooltip for `anchor` (a piece's name on a long press, a term's meaning on a tap):
// centred on it, kept inside the window, above it (or below when `below` and it fits).
export function floatTip(anchor, text, cls, below = false) {
  const tip = document.createElement("div");
  tip.className = cls;
  tip.setAttribute("role", "tooltip");
  tip.textContent = text;
  document.body.appendChild(tip);
  const r = anchor.getBoundingClientRect();
  const left = Math.max(4, Math.min(window.innerWidth - tip.offsetWidth - 4,
                                    r.left + r.width / 2 - tip.offsetWidth / 2));
  const top = below && r.bottom + 6 + tip.offsetHeight < window.innerHeight
    ? r.bottom + 6 : Math.max(4, r.top - tip.offsetHeight - 6);
  tip.style.left = `${left}px`;
  tip.style.top = `${top + window.scrollY}px`;
  return tip;
}

// Who this browser is, in every page's header (the server writes it; a page that signs a
// person in or out, or makes one, says it again): their name, or that nobody is signed in.
export function showWho(name) {
  const link = document.getElementById("account-link");
  if (!link || link.dataset.name === (name || "")) return;
  link.dataset.name = name || "";
  if (name) link.title = name; else link.removeAttribute("title");  // whole, where it is cut short
  link.setAttribute("aria-label", name ? t("You are {name}", { name }) : t("Sign in (you are not signed in)"));
  const shown = link.querySelector(".who-name");
  if (shown) shown.textContent = name || t("Sign in");
}

// The same, asked of the server (after a page's action that may have made a person).
export async function refreshWho() {
  try {
    const me = await api("GET", "/api/me");
    showWho(me.signed_in ? me.name : "");
  } catch (e) {
    showWho("");
  }
}
