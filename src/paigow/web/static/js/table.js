// A table's page: the server pushes the person's view over a WebSocket; every action is
// a small POST; nothing is polled.

import { api, announce, clearErrors, dollars, h, intoView, liveSocket, money, patch, showErrorAt } from "./dom.js";
import { explained } from "./words.js";
import { t, tn, tr } from "./i18n.js";
import { lineChart } from "./chart.js";
import { renderFelt } from "./felt.js";
import { setTileNames } from "./pieces.js";
import { Setter } from "./setter.js";
import { renderStory } from "./story.js";
import { chipsForm, countdown, joinForm, myCountdown, seatExtras, serverNow, tick } from "./seat.js";

const main = document.getElementById("table-page");
const tableId = main.dataset.table;
const game = main.dataset.game;
const $ = (id) => document.getElementById(id);
let state = null;
let link = "connecting";
let askedBefore = null; // what the person was last asked (a bet, the bank): brought into view once

// An error appears next to the control that caused it (`anchor`), announced and on screen.
function showError(message, anchor = null) {
  showErrorAt(anchor, message);
  if (message) announce(message);
}

async function act(method, path, body, anchor = null) {
  clearErrors();
  try {
    return await api(method, `/api/tables/${tableId}/${path}`, body);
  } catch (e) {
    showError(e.message, anchor);
    return null;
  }
}

const setter = new Setter($("setter"), {
  game, onError: (message) => announce(message),  // the setter shows it at its buttons
  submit: async (low, foul) => {
    const dragon = Boolean(state && state.you && state.you.hand && state.you.hand.dragon);
    await api("POST", `/api/tables/${tableId}/set`,
              { low, foul_ok: foul ? true : undefined, dragon: dragon || undefined });
    announce(dragon ? t("Your dragon hand is set.") : t("Your hand is set."));
  },
  hint: () => api("POST", `/api/tables/${tableId}/hint`, {}),
  timer: (deadline) => myCountdown(deadline, "set"),
});

// The table's rules in words: the seats, the limits and the commission first; on a phone
// the rest waits behind "more" (a floor table's full rules took eleven lines above the felt).
let rulesOpen = false;

function rulesLine(t_) {
  const [first, rest] = [t_.rules.words.slice(0, 2), t_.rules.words.slice(2)];
  const line = h("p", { class: `rules ${rulesOpen ? "open" : ""}` },
    [tn("{n} seat", "{n} seats", t_.seats), ...first.map(tr)].join(" · "));
  if (rest.length) {
    line.append(h("span", { class: "rules-rest", id: "rules-rest", text: ` · ${rest.map(tr).join(" · ")}` }),
      " ", h("button", { type: "button", class: "link-button rules-more", "aria-controls": "rules-rest",
                         "aria-expanded": rulesOpen ? "true" : "false",
                         onclick: (ev) => {
                           rulesOpen = !rulesOpen;
                           line.classList.toggle("open", rulesOpen);
                           ev.currentTarget.setAttribute("aria-expanded", String(rulesOpen));
                           ev.currentTarget.textContent = rulesOpen ? t("fewer") : t("more");
                         } }, rulesOpen ? t("fewer") : t("more")));
  }
  line.append(" · ", h("a", { href: `/rules/${game}?table=${tableId}`, class: "rules-link" }, t("How to play")));
  return line;
}

function sideInputs(rules) {
  const out = [];
  for (const o of rules.side_bets || []) {
    const id = `side-${o.name}`;
    const whose = tr(`on ${o.reads}`);
    const envy = o.envy_minimum != null ? t(", Envy from {amount}", { amount: money(o.envy_minimum) }) : "";
    out.push(h("label", { for: id, class: "side-label" }, `${tr(o.title)} `,
      h("small", { text: t("({on}, {low} to {high}{envy}; blank: none)", { on: whose, low: money(o.minimum), high: money(o.maximum), envy }) })),
    h("input", { id, class: "side-amount", inputmode: "decimal", autocomplete: "off",
                 dataset: { focus: id, side: o.name }, placeholder: "0" }));
  }
  if (rules.dragon) {
    const limit = { "up-to-main": t("up to your bet"), "equal-main": t("equal to your bet"), any: t("any amount") }[rules.dragon.limit];
    out.push(h("label", { for: "dragon-amount", class: "side-label" }, t("Dragon hand"), " ",
      h("small", { text: t("(buy an empty place's hand, {limit}; blank: no)", { limit }) })),
    h("input", { id: "dragon-amount", inputmode: "decimal", autocomplete: "off",
                 dataset: { focus: "dragon-amount" }, placeholder: "0" }));
  }
  return out;
}

function wagerBody() {
  const body = { amount: $("bet-amount").value.trim() };
  const side = {};
  for (const el of document.querySelectorAll("input.side-amount")) {
    const v = el.value.trim();
    if (v && Number(v) !== 0) side[el.dataset.side] = v;
  }
  if (Object.keys(side).length) body.side = side;
  const dragon = $("dragon-amount");
  if (dragon && dragon.value.trim() && Number(dragon.value.trim()) !== 0) body.dragon = dragon.value.trim();
  return body;
}

function wagerText(w, rules) {
  if (!w) return "";
  const titles = Object.fromEntries((rules.side_bets || []).map((o) => [o.name, o.title]));
  const extra = Object.entries(w.side || {}).map(([k, v]) => `${tr(titles[k] || k)} ${money(v)}`);
  if (w.dragon) extra.push(t("dragon hand {amount}", { amount: money(w.dragon) }));
  return extra.length ? t(" with {bets}", { bets: extra.join(t(", ")) }) : "";
}

function renderHead(d) {
  const you = d.you;
  const bits = [h("h1", { text: tr(d.table.name) }),
    rulesLine(d.table),
    h("p", { class: "phase" },
      h("span", { class: `link link-${d.link}`, text: d.link === "live" ? t("● live") : `○ ${t(d.link)}` }),
      " ", d.round ? t("Round {n}: the table is {doing}", { n: d.round, doing: tr(d.doing) })
        : t("Before the first round: the table is {doing}", { doing: tr(d.doing) }),
      d.in_play ? h("strong", { class: "banker-line", text: t("; ") + tr(d.in_play.banker_words) }) : null, t(". "),
      countdown(d),
      d.hints && d.hints.status === "warming" && game === "poker"
        ? h("span", { class: "warming", role: "status" },
          " ", t("Preparing exact hints: {pct}%", { pct: d.hints.total ? Math.floor((100 * d.hints.done) / d.hints.total) : 0 }),
          h("progress", { max: d.hints.total || 1, value: d.hints.done || 0,
                          "aria-label": t("preparing exact hints") }))
        : null),
    // "sealed deck" is explained on hover or tap (the glossary): the line stays one line
    d.commitment ? h("p", { class: "commitment", title: d.commitment },
      t("Sealed deck: "), h("code", { text: `${d.commitment.slice(0, 16)}…` })) : null];
  return bits;
}

const tickDeadline = tick;

function renderControls(d) {
  const you = d.you;
  if (!you) {
    if (d.phase === "closed" || d.phase === "error") {
      return h("p", { text: tr(d.error) || t("This table is closed.") });
    }
    const form = joinForm(d, act, (r) => { announce(t("You sit at seat {seat}.", { seat: r.seat })); socket.restart(); });
    const free = d.seats.filter((s) => s.kind === "bot").length;
    return [h("h2", { text: t("Watching") }),
      h("p", { text: free ? t("{free} of {seats} seats are played by bots: take one.", { free, seats: d.seats.length })
                          : t("Every seat is taken: you can watch.") }), ...(free ? form : [])];
  }
  const out = [h("h2", {}, t("Seat {seat} · {name}", { seat: you.seat, name: you.name })),
    h("p", { class: "balance" }, t("Chips"), " ", h("strong", { text: money(you.balance) })),
    ...seatExtras(d, act)];
  if (you.timed_out) out.push(h("p", { class: "timed-out", role: "status", text: tr(`${you.timed_out[0].toUpperCase()}${you.timed_out.slice(1)}.`) }));
  if (you.awaiting === "bet") {
    out.push(myCountdown(d.deadline, "bet"), h("form", { class: "bet", onsubmit: async (ev) => {
        ev.preventDefault();
        await act("POST", "bet", wagerBody(), $("sit-button"));
      } },
      h("label", { for: "bet-amount", text: t("Bet (dollars, {low} to {high})", { low: money(you.min_bet), high: money(you.most) }) }),
      h("input", { id: "bet-amount", inputmode: "decimal", value: dollars(you.suggested_bet),
                   autocomplete: "off", dataset: { focus: "bet-amount" } }),
      ...sideInputs(d.table.rules),
      h("button", { id: "bet-button", type: "submit", class: "primary", dataset: { focus: "bet" } }, t("Bet")),
      h("button", { id: "sit-button", type: "button", dataset: { focus: "sit" },
                    onclick: () => act("POST", "bet", { sit: true }, $("sit-button")) }, t("Sit out"))));
  } else if (you.awaiting === "bank" && you.offer) {
    const o = you.offer;
    out.push(h("div", { class: "bank-offer", role: "group", "aria-label": t("the bank offer") },
      myCountdown(d.deadline, "bank"),
      h("p", {}, t("The bank is yours to take: the other bets total"), " ", h("strong", { text: money(o.others) }), t(".")),
      o.can_take ? h("button", { id: "take-button", class: "primary", dataset: { focus: "take" },
                                 onclick: () => act("POST", "bank", { decision: "take" }, $("refuse-button")) }, t("Take the bank")) : null,
      o.can_cobank ? h("button", { id: "cobank-button", dataset: { focus: "cobank" },
                                   onclick: () => act("POST", "bank", { decision: "cobank" }, $("refuse-button")) }, t("Co-bank with the house")) : null,
      h("button", { id: "refuse-button", dataset: { focus: "refuse" },
                    onclick: () => act("POST", "bank", { decision: "refuse" }, $("refuse-button")) }, t("Refuse"))));
  } else if (you.bet_in && d.phase === "betting" && !you.sat_out) {  // sat out: said above
    out.push(h("p", { text: you.bet ? t("Your bet of {amount}{extra} is in: waiting for the others.", { amount: money(you.bet), extra: wagerText(you.wager, d.table.rules) }) : t("You sit this round out.") }));
  } else if (you.hand && you.hand.dragon) {
    out.push(h("p", { class: "dragon-note", role: "status",
      text: t("You bought the dragon hand (place {place}): set it as your own.", { place: you.hand.dragon_place }) }));
  } else if (!you.sat_out && (d.phase === "waiting" || (d.phase === "betting" && you.joins_round > d.round))) {
    out.push(h("p", { text: t("You play from the next round.") }));
  }
  const b = d.in_play && d.in_play.banker;
  if (b && b.seat === you.seat && d.phase !== "betting") {
    out.push(h("p", { class: "bank-note", role: "status", text: b.kind === "cobank"
      ? t("You co-bank with the house this round: you cover half the bets and take half the bank's result; the house way sets the bank's hand.")
      : t("You bank this round: you cover every bet, and your hand plays against each of them.") }));
  }
  out.push(chipsForm(d, act));
  out.push(h("p", { class: "links" },
    h("a", { href: `/tables/${tableId}/history`, text: t("History") }),
    h("button", { type: "button", class: "link-button", id: "leave-button", dataset: { focus: "leave" },
                  onclick: async () => {
                    if (await act("POST", "leave", {}, $("leave-button"))) { announce(t("You left the table: your chips go back to your wallet.")); socket.restart(); }
                  } },
      t("Leave (chips back to your wallet)"))));
  return out;
}

function renderSession(d) {
  const you = d.you;
  if (!you || you.chart.length < 2) return [];
  return [h("h2", { text: t("Your session") }),
    lineChart(you.chart, { label: t("your chips by round, now {amount}", { amount: money(you.balance) }), format: money, xLabel: t("round") })];
}

// A new hand to set: on a desktop (the hand first in the side panel) the table is shown
// from its top, hand and felt together, when the hand fits there (a bet form scrolled the
// page down, say); otherwise, and on a phone, the hand is brought into view.
function showDealt() {
  const grid = document.querySelector(".table-grid");
  const wide = window.matchMedia("(min-width: 900px)").matches;
  if (wide && grid && window.scrollY > 0
      && grid.getBoundingClientRect().top + window.scrollY + $("setter").offsetHeight <= window.innerHeight) {
    window.scrollTo({ top: 0 });
  } else {
    intoView($("setter"));
  }
}

function render() {
  if (!state) return;
  const d = { ...state, link };
  setTileNames(state.piece_names);
  patch($("table-head"), { t: d.table, r: d.round, p: d.phase, l: link, h: d.hints,
                           c: d.commitment, dl: d.deadline, aw: d.you && d.you.awaiting,
                           b: d.in_play && d.in_play.banker_words }, () => explained(renderHead(d)));
  tickDeadline();
  patch($("felt-region"), { s: d.seats, ip: d.in_play, p: d.phase, o: d.option, hn: d.house_net },
        () => renderFelt(d));
  patch($("controls"), { you: d.you && { ...d.you, hand: null, chart: null, hint: null, deadline: null },
                         dh: d.you && d.you.hand && d.you.hand.dragon, me: d.me, sb: d.seat_back,
                         p: d.phase, r: d.round, dl: d.deadline,
                         // the seats taken matter to the join form only: someone joining
                         // must not rebuild a seated person's bet form as they type
                         seats: d.you ? null : d.seats.map((s) => s.kind),
                         b: d.in_play && d.in_play.banker },
        () => explained(renderControls(d)));
  setter.title = d.you && d.you.hand && d.you.hand.dragon ? t("The dragon hand you bought") : t("Your hand");
  const dealtBefore = setter.key;
  setter.update(d.you ? d.you.hand : null, d.you ? d.you.hint : null,
                d.you && d.you.awaiting === "set" ? d.deadline : null);
  if (setter.key && setter.key !== dealtBefore && !(d.you && d.you.hand && d.you.hand.chosen)) {
    showDealt();
  }
  const asked = d.you && ["bet", "bank"].includes(d.you.awaiting) ? d.you.awaiting : null;
  if (asked && asked !== askedBefore) intoView($("controls"));  // a bet or the bank asked of you
  askedBefore = asked;
  tickDeadline();
  patch($("reveal"), { last: d.last, you: d.you && d.you.seat }, () =>
    d.last ? [explained(renderStory(game, d.last, d.you ? d.you.seat : null))] : []);
  patch($("session"), { c: d.you && d.you.chart }, () => renderSession(d));
}

const socket = liveSocket(`/ws/tables/${tableId}`, (s, msg) => {
  serverNow(msg && msg.now);
  const before = state;
  state = s;
  if (before && before.last && s.last && before.last.round !== s.last.round) {
    const mine = s.you && s.last.seats.find((x) => x.seat === s.you.seat);
    announce(mine ? t("Round {n}: you {outcome}, net {amount}.", { n: s.last.number, outcome: t(mine.outcome), amount: money(mine.net) })
                  : t("Round {n} is settled.", { n: s.last.number }));
  }
  render();
}, (status) => { link = status; render(); });

setInterval(tickDeadline, 1000);
