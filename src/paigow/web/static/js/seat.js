// A person at a table: the shared countdown every seat sees, joining with a buy-in from
// the wallet (and the seat offered back after a restart), and the seat's own controls:
// "Back" when sat out, "Add chips" from the wallet.

import { announce, api, dollars, h, money } from "./dom.js";
import { say, t, tn } from "./i18n.js";

let skew = 0; // the server's clock minus this page's, seconds

// The server's "now" from a WebSocket message: count its deadlines down on its clock.
export function serverNow(now) {
  if (typeof now === "number") skew = now - Date.now() / 1000;
}

// One deadline a phase, for everyone: what the status line says of it (`words`), and what
// the person it waits on reads at their own control (`mine`: what the table then does).
const PHASE_WORDS = {
  betting: (s) => t("Bets close in {s} s.", { s }),
  bank: (s) => t("The bank offer closes in {s} s.", { s }),
  setting: (s) => t("Hands not set in {s} s are set the house way.", { s }),
  dragon: (s) => t("The dragon hand is set the house way in {s} s if its buyer has not set it.", { s }),
};
const MINE_WORDS = {
  bet: (s) => t("You have {s} s to bet, then you sit this round out.", { s }),
  bank: (s) => t("You have {s} s to answer, then the bank is refused for you.", { s }),
  set: (s) => t("You have {s} s, then the house way sets it.", { s }),
};

// The shared countdown in the status line, for everyone at the table (id "deadline"). A
// dragon hand has its own time from its buyer's own hand set: once the phase's deadline
// has passed, the line counts the dragon hand's down.
export function countdown(d) {
  if (!d.deadline || !PHASE_WORDS[d.phase]) return null;
  const dragon = d.in_play && d.in_play.dragon && d.in_play.dragon.deadline;
  return fill(h("span", { class: "countdown deadline", id: "deadline", role: "timer", "aria-live": "off",
                          dataset: { at: String(d.deadline), words: d.phase,
                                     then: dragon && dragon > d.deadline ? String(dragon) : undefined } }));
}

// The same countdown at the control of the person it waits on (id "my-deadline"): beside
// the bet form, the bank offer or the hand to set, where their eyes are (on a phone the
// status line is scrolled away by then).
export function myCountdown(deadline, awaiting) {
  if (!deadline || !MINE_WORDS[awaiting]) return null;
  return fill(h("p", { class: "countdown act-by", id: "my-deadline", role: "timer", "aria-live": "off",
                       dataset: { at: String(deadline), mine: awaiting } }));
}

function fill(el) {
  const now = Date.now() / 1000 + skew;
  let left = Math.max(0, Math.round(Number(el.dataset.at) - now));
  let words = el.dataset.mine ? MINE_WORDS[el.dataset.mine] : PHASE_WORDS[el.dataset.words];
  if (left === 0 && el.dataset.then) {
    left = Math.max(0, Math.round(Number(el.dataset.then) - now));
    words = PHASE_WORDS.dragon;
  }
  if (words) el.textContent = words(left);
  return el;
}

// What a screen reader is told as the person's own deadline nears its end.
const SOON_WORDS = {
  bet: (s) => t("Only {s} s left to bet.", { s }),
  bank: (s) => t("Only {s} s left to answer the bank offer.", { s }),
  set: (s) => t("Only {s} s left to set your hand.", { s }),
};
const SOON = 10; // seconds
let told = { key: "", soon: false };

// Every countdown on the page, counted on the server's clock. The person's own deadline is
// announced when it starts and again when SOON seconds are left (the countdowns
// themselves are silent timers: read out every second they would drown the table).
export function tick() {
  for (const el of document.querySelectorAll(".countdown[data-at]")) fill(el);
  const mine = document.getElementById("my-deadline");
  if (!mine) return;
  const key = `${mine.dataset.at} ${mine.dataset.mine}`;
  const left = Math.max(0, Math.round(Number(mine.dataset.at) - (Date.now() / 1000 + skew)));
  if (told.key !== key) {
    told = { key, soon: left <= SOON };
    announce(mine.textContent, "announce-time");
  } else if (!told.soon && left <= SOON && left > 0) {
    told.soon = true;
    announce(SOON_WORDS[mine.dataset.mine](left), "announce-time");
  }
}

// The form to take a seat: a signed-in person joins as themselves with a buy-in from their
// wallet; a new person gives a name (their wallet is made with it).
export function joinForm(d, act, joined) {
  const me = d.me && !d.me.problem ? d.me : null;
  const back = d.seat_back;
  const rules = d.table.rules;
  const body = () => {
    const b = {};
    const buy = document.getElementById("buy-in").value.trim();
    if (buy) b.buy_in = buy;
    if (!me) b.name = document.getElementById("join-name").value;
    return b;
  };
  const submit = async (ev, seat) => {
    if (ev) ev.preventDefault();
    const b = body();
    if (seat) b.seat = seat;
    // a refusal (a name taken, a buy-in too big) shows at the button that was pressed
    const r = await act("POST", "join", b,
                        document.getElementById(seat ? "seat-back-button" : "join-button"));
    if (r) joined(r);
  };
  const out = [];
  if (d.me && d.me.problem) {
    out.push(h("p", { class: "timed-out", role: "status", text: say(d.me.problem) }),
      h("button", { type: "button", id: "signout-button", onclick: async () => {
        await api("POST", "/api/signout", {});
        location.reload();
      } }, t("Sign out")), " ", h("a", { href: "/account", text: t("Sign in") }));
    return out;
  }
  if (me && back) {
    out.push(h("p", { class: "seat-back", role: "status" },
      t("Welcome back, {name}: seat {seat} is free.", { name: me.name, seat: back }), " ",
      h("button", { type: "button", id: "seat-back-button", class: "primary",
                    dataset: { focus: "seat-back" }, onclick: () => submit(null, back) },
        t("Take seat {seat} back", { seat: back }))));
  }
  out.push(h("form", { class: "join", onsubmit: (ev) => submit(ev) },
    me ? h("p", { class: "joining-as", text: t("You join as {name}, with chips from your wallet.", { name: me.name }) })
       : [h("label", { for: "join-name", text: t("Your name") }),
          h("input", { id: "join-name", name: "name", maxlength: "24", autocomplete: "nickname",
                       required: true, dataset: { focus: "join-name" } })],
    h("label", { for: "buy-in", text: t("Buy in (dollars; blank: {amount} or your whole wallet if less)", { amount: money(rules.bankroll) }) }),
    h("input", { id: "buy-in", inputmode: "decimal", autocomplete: "off", placeholder: dollars(rules.bankroll),
                 dataset: { focus: "buy-in" } }),
    h("button", { id: "join-button", type: "submit", class: "primary", dataset: { focus: "join" } },
      t("Join the table"))));
  if (!me) {
    out.push(h("p", { class: "account-note" }, t("New here? Your name keeps your wallet and history. Been here?"), " ",
      h("a", { href: "/account", text: t("sign in") }), t(".")));
  }
  return out;
}

// What a seated person's own seat adds to the controls: buying in, sat out and back, the
// missed rounds, adding chips from the wallet.
export function seatExtras(d, act) {
  const you = d.you;
  const out = [];
  if (you.buying_in) {
    out.push(h("p", { class: "buying-in", role: "status", text: t("Your chips are on their way from your wallet…") }));
  }
  if (you.sat_out) {
    out.push(h("div", { class: "sat-out", role: "group", "aria-label": t("sat out") },
      h("p", { text: tn("You are sat out: the table plays on without you (you missed {n} round in a row). Your seat and chips are kept.",
                        "You are sat out: the table plays on without you (you missed {n} rounds in a row). Your seat and chips are kept.", you.misses) }),
      h("button", { id: "back-button", type: "button", class: "primary", dataset: { focus: "back" },
                    onclick: () => act("POST", "back", {}, document.getElementById("back-button")) }, t("I'm back"))));
  } else if (you.misses && you.sit_out_after) {
    out.push(h("p", { class: "timed-out", text: tn("You missed {n} round: after {limit} in a row you are sat out.",
                                                  "You missed {n} rounds: after {limit} in a row you are sat out.", you.misses, { limit: you.sit_out_after }) }));
  }
  if (you.note) out.push(h("p", { class: "timed-out", role: "status", text: say(you.note) }));
  return out;
}

export function chipsForm(d, act) {
  return h("details", { class: "add-chips" },
    h("summary", { text: t("Add chips from your wallet") }),
    h("form", { onsubmit: async (ev) => {
        ev.preventDefault();
        const amount = document.getElementById("chips-amount").value.trim();
        if (await act("POST", "chips", { amount }, document.getElementById("chips-button"))) {
          document.getElementById("chips-amount").value = "";
        }
      } },
      h("label", { for: "chips-amount", text: t("Dollars") }),
      h("input", { id: "chips-amount", inputmode: "decimal", autocomplete: "off", dataset: { focus: "chips-amount" } }),
      h("button", { id: "chips-button", type: "submit", dataset: { focus: "chips" } }, t("Add"))));
}
