// A table's page: the server pushes the person's view over a WebSocket; every action is
// a small POST; nothing is polled.

import { api, announce, clearErrors, dollars, h, intoView, liveSocket, money, patch, showErrorAt, showWho } from "./dom.js";
import { explained } from "./words.js";
import { handName, say, sentence, t, tableName, tn } from "./i18n.js";
import { lineChart } from "./chart.js";
import { renderFelt } from "./felt.js";
import { setTileNames } from "./pieces.js";
import { Setter } from "./setter.js";
import { piecesRow, renderStory } from "./story.js";
import { chipsForm, countdown, joinForm, myCountdown, seatExtras, serverNow, tick } from "./seat.js";

const main = document.getElementById("table-page");
const tableId = main.dataset.table;
const game = main.dataset.game;
const $ = (id) => document.getElementById(id);
let state = null;
let link = "connecting";
let goneWhy = "";
let askedBefore = null; // what the person was last asked (a bet, the bank): brought into view once

// The moment of the table an action belongs to: the round, the phase and what the person
// is asked. An error belongs to the action that caused it: shown while the table is still
// at that moment, gone when the table moves on (a second tap of Bet answered "already in"
// after the first one was taken is not shown at all).
const moment = () => state ? `${state.round}|${state.phase}|${state.you && state.you.awaiting}` : "";
let errorMoment = null;
const inFlight = new Set(); // actions sent and not yet answered: a double tap sends one

// An error appears next to the control that caused it (`anchor`), announced and on screen.
function showError(message, anchor = null) {
  showErrorAt(anchor, message);
  if (message) announce(message);
}

async function act(method, path, body, anchor = null) {
  if (inFlight.has(path)) return null;
  inFlight.add(path);
  clearErrors();
  errorMoment = null;
  const at = moment();
  try {
    return await api(method, `/api/tables/${tableId}/${path}`, body);
  } catch (e) {
    if (moment() === at) {  // else the table moved on: the action's moment is over
      showError(e.message, anchor && anchor.isConnected ? anchor : $("controls"));
      errorMoment = at;
    }
    return null;
  } finally {
    inFlight.delete(path);
  }
}

const setter = new Setter($("setter"), {
  game, onError: (message) => announce(message),  // the setter shows it at its buttons
  submit: async (low, foul) => {
    const dragon = Boolean(state && state.you && state.you.hand && state.you.hand.dragon);
    const last = state && state.last ? state.last.round : null;
    await api("POST", `/api/tables/${tableId}/set`,
              { low, foul_ok: foul ? true : undefined, dragon: dragon || undefined });
    // said unless the round was settled meanwhile (its result, said already, stays said)
    if ((state && state.last ? state.last.round : null) === last) {
      announce(dragon ? t("Your dragon hand is set.") : t("Your hand is set."));
    }
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
    [tn("{n} seat", "{n} seats", t_.seats), ...first.map(say)].join(" · "));
  if (rest.length) {
    line.append(h("span", { class: "rules-rest", id: "rules-rest", text: ` · ${rest.map(say).join(" · ")}` }),
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
    const whose = say(o.on_words || o.reads);
    const envy = o.envy_minimum != null ? t(", Envy from {amount}", { amount: money(o.envy_minimum) }) : "";
    out.push(h("label", { for: id, class: "side-label" }, `${say(o.title)} `,
      h("small", { text: t("({on}, {low} to {high}{envy}; blank: none)", { on: whose, low: money(o.minimum), high: money(o.maximum), envy }) })),
    h("input", { id, class: "side-amount", inputmode: "decimal", autocomplete: "off",
                 dataset: { focus: id, side: o.name }, placeholder: "0" }));
  }
  if (rules.dragon) {
    const limit = { "up-to-main": t("up to your bet"), "equal-main": t("equal to your bet"), any: t("any amount") }[rules.dragon.limit];
    // its buyer sets it (a table's rule): told before the deal that two hands are theirs to set
    out.push(h("label", { for: "dragon-amount", class: "side-label" }, t("Dragon hand"), " ",
      h("small", { text: rules.dragon.set_by === "player"
        ? t("(buy an empty place's hand, {limit}; you then set two hands, your own and the dragon hand, each with its own time; blank: no)", { limit })
        : t("(buy an empty place's hand, {limit}; blank: no)", { limit }) })),
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
  const extra = Object.entries(w.side || {}).map(([k, v]) => `${say(titles[k] || k)} ${money(v)}`);
  if (w.dragon) extra.push(t("dragon hand {amount}", { amount: money(w.dragon) }));
  return extra.length ? t(" with {bets}", { bets: extra.join(t(", ")) }) : "";
}

function renderHead(d) {
  const you = d.you;
  const bits = [h("h1", { text: tableName(d.table) }),
    d.notice ? h("p", { class: "notice", role: "status", id: "table-notice", text: say(d.notice) }) : null,
    d.link === "live" ? null : h("p", { class: "offline-note", role: "status", id: "offline-note",
      text: t("The connection to the table is lost: reconnecting… Until it is back, nothing here is current and nothing can be played.") }),
    rulesLine(d.table),
    h("p", { class: "phase" },
      h("span", { class: `link link-${d.link}`, text: d.link === "live" ? t("● live") : `○ ${t(d.link)}` }),
      " ", d.round ? t("Round {n}: the table is {doing}", { n: d.round, doing: say(d.doing) })
        : t("Before the first round: the table is {doing}", { doing: say(d.doing) }),
      d.in_play ? h("strong", { class: "banker-line", text: t("; ") + say(d.in_play.banker_words) }) : null, t(". "),
      d.link === "live" ? countdown(d) : null,
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
      return h("p", { text: say(d.error) || t("This table is closed.") });
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
  if (you.timed_out) out.push(h("p", { class: "timed-out", role: "status", text: sentence(you.timed_out) }));
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
    const pct = d.table.rules.commission_pct;
    const free = pct === "0%";
    // what each choice means, said before the choice (each button is described by its own)
    const takeWords = free
      ? t("Take the bank: you cover every other bet and your hand plays against each; no commission is taken.")
      : t("Take the bank: you cover every other bet and your hand plays against each; the house takes {pct} commission on the bank's win.", { pct });
    const cobankWords = free
      ? t("Co-bank with the house: you and the house each cover half the bets and take half the bank's result; the house way sets the bank's hand.")
      : t("Co-bank with the house: you and the house each cover half the bets and take half the bank's result, with {pct} commission on your half of a win; the house way sets the bank's hand.", { pct });
    out.push(h("div", { class: "bank-offer", role: "group", "aria-label": t("the bank offer") },
      myCountdown(d.deadline, "bank"),
      h("p", {}, t("The bank is yours to take: the other bets total"), " ", h("strong", { text: money(o.others) }), t(".")),
      h("ul", { class: "bank-explain" },
        o.can_take ? h("li", { id: "take-words", text: takeWords }) : null,
        o.can_cobank ? h("li", { id: "cobank-words", text: cobankWords }) : null),
      o.can_take ? h("button", { id: "take-button", class: "primary", dataset: { focus: "take" }, "aria-describedby": "take-words",
                                 onclick: () => act("POST", "bank", { decision: "take" }, $("refuse-button")) }, t("Take the bank")) : null,
      o.can_cobank ? h("button", { id: "cobank-button", dataset: { focus: "cobank" }, "aria-describedby": "cobank-words",
                                   onclick: () => act("POST", "bank", { decision: "cobank" }, $("refuse-button")) }, t("Co-bank with the house")) : null,
      h("button", { id: "refuse-button", dataset: { focus: "refuse" },
                    onclick: () => act("POST", "bank", { decision: "refuse" }, $("refuse-button")) }, t("Refuse"))));
  } else if (you.bet_in && d.phase === "betting" && !you.sat_out) {  // sat out: said above
    out.push(h("p", { text: you.bet ? t("Your bet of {amount}{extra} is in: waiting for the others.", { amount: money(you.bet), extra: wagerText(you.wager, d.table.rules) }) : t("You sit this round out.") }));
    if (you.wager && you.wager.dragon && d.table.rules.dragon && d.table.rules.dragon.set_by === "player") {
      out.push(h("p", { class: "dragon-told", role: "status", id: "dragon-told",
        text: t("If the dragon hand is yours this round, you set two hands: your own, then the dragon hand, each with its own time.") }));
    }
  } else if (you.hand && you.hand.dragon) {
    out.push(h("p", { class: "dragon-note", role: "status",
      text: t("You bought the dragon hand (place {place}): set it as your own. It has its own time, counted from when you set your hand.", { place: you.hand.dragon_place }) }));
  } else if (!you.sat_out && !you.in_round && (d.phase !== "waiting" || you.joins_round > d.round)) {
    out.push(h("p", { class: "next-round", text: t("You play from the next round.") }));
  }
  const dragon = d.in_play && d.in_play.dragon;
  if (you.in_round && dragon && dragon.seat === you.seat && !(you.hand && you.hand.dragon)
      && d.table.rules.dragon && d.table.rules.dragon.set_by === "player" && d.phase !== "betting") {
    out.push(h("p", { class: "dragon-told", role: "status", id: "dragon-told",
      text: t("You bought the dragon hand (place {place}): you set two hands, your own first, then the dragon hand, each with its own time.", { place: dragon.place }) }));
  }
  const b = d.in_play && d.in_play.banker;
  if (b && b.seat === you.seat && d.phase !== "betting" && you.in_round) {
    out.push(h("p", { class: "bank-note", role: "status", text: b.kind === "cobank"
      ? t("You co-bank with the house this round: you cover half the bets and take half the bank's result; the house way sets the bank's hand.")
      : t("You bank this round: you cover every bet, and your hand plays against each of them.") }));
  }
  if (you.bank_hand) out.push(bankHand(you.bank_hand));
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

// What a co-banker sees while hands are set: the bank's hand, as the house way sets it.
function bankHand(bh) {
  return h("div", { class: "bank-hand", role: "group", "aria-label": t("The bank's hand, which the house way sets") },
    h("h3", { text: t("The bank's hand, which the house way sets") }),
    ...[["high", bh.high, bh.high_name], ["low", bh.low, bh.low_name]].map(([which, pieces, name]) =>
      h("div", { class: "hand-line" }, h("span", { class: "which", text: t(which) }),
        piecesRow(game, pieces), h("span", { class: "hand-name", text: handName(name, pieces) }))),
    bh.rule_text ? h("p", { class: "rule", text: say(bh.rule_text) }) : null);
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

// The table is not there (closed, or not kept after a restart): say so, with the way back.
function renderGone() {
  setter.update(null, null, null);
  $("table-page").replaceChildren(h("section", { class: "missing", role: "status" },
    h("h1", { id: "missing-title", text: t("This table is not here any more") }),
    h("p", { id: "missing-why", text: goneWhy ? sentence(goneWhy) : "" }),
    h("p", {}, h("a", { class: "button primary", id: "to-lobby", href: "/", text: t("Back to the lobby") }))));
}

function render() {
  if (link === "gone") { renderGone(); return; }
  main.classList.toggle("offline", link !== "live");
  if (!state) return;
  if (errorMoment !== null && moment() !== errorMoment) { clearErrors(); errorMoment = null; }
  const d = { ...state, link };
  showWho(d.me && !d.me.problem ? d.me.name : "");  // joining may have made the person
  setTileNames(state.piece_names);
  patch($("table-head"), { t: d.table, r: d.round, p: d.phase, l: link, h: d.hints,
                           c: d.commitment, dl: d.deadline, aw: d.you && d.you.awaiting,
                           b: d.in_play && d.in_play.banker_words, n: d.notice,
                           dd: d.in_play && d.in_play.dragon && d.in_play.dragon.deadline },
        () => explained(renderHead(d)));
  tickDeadline();
  patch($("felt-region"), { s: d.seats, ip: d.in_play, p: d.phase, o: d.option, hn: d.house_net },
        () => renderFelt(d));
  patch($("controls"), { you: d.you && { ...d.you, hand: null, chart: null, hint: null, deadline: null },
                         dh: d.you && d.you.hand && d.you.hand.dragon, me: d.me, sb: d.seat_back,
                         p: d.phase, r: d.round, dl: d.deadline,
                         // the seats taken matter to the join form only: someone joining
                         // must not rebuild a seated person's bet form as they type
                         seats: d.you ? null : d.seats.map((s) => s.kind),
                         b: d.in_play && d.in_play.banker, dr: d.in_play && d.in_play.dragon },
        () => explained(renderControls(d)));
  setter.title = d.you && d.you.hand && d.you.hand.dragon ? t("The dragon hand you bought") : t("Your hand");
  const dealtBefore = setter.key;
  setter.update(d.you ? d.you.hand : null, d.you ? d.you.hint : null,
                d.you && d.you.awaiting === "set" ? d.you.deadline : null);  // (a dragon hand: its own)
  if (setter.key && setter.key !== dealtBefore && !(d.you && d.you.hand && d.you.hand.chosen)) {
    showDealt();
  }
  const asked = d.you && ["bet", "bank"].includes(d.you.awaiting) ? d.you.awaiting : null;
  if (asked && asked !== askedBefore) intoView($("controls"));  // a bet or the bank asked of you
  askedBefore = asked;
  tickDeadline();
  // your row of the reveal: the seat you played in that round (a seat taken after its bets
  // were taken was the bot's in it)
  const storySeat = d.you ? d.you.story_seat : null;
  patch($("reveal"), { last: d.last, you: storySeat }, () =>
    d.last ? [explained(renderStory(game, d.last, storySeat))] : []);
  patch($("session"), { c: d.you && d.you.chart }, () => renderSession(d));
}

const socket = liveSocket(`/ws/tables/${tableId}`, (s, msg) => {
  serverNow(msg && msg.now);
  const before = state;
  state = s;
  const told = s.notice && !(before && JSON.stringify(before.notice) === JSON.stringify(s.notice));
  if (told) announce(say(s.notice));
  // a round settled while the page is open (its first one too) is told to a screen reader
  if (before && s.last && (!before.last || before.last.round !== s.last.round)) {
    const mine = s.you && s.last.seats.find((x) => x.seat === s.you.story_seat);
    announce(mine ? t("Round {n}: you {outcome}, net {amount}.", { n: s.last.number, outcome: t(mine.outcome), amount: money(mine.net) })
                  : t("Round {n} is settled.", { n: s.last.number }));
  }
  render();
  if (told) intoView($("table-notice"));  // the news first (on a phone, the top of the page)
}, (status, why) => {
  link = status;
  if (status === "gone") goneWhy = why || "";
  render();
});

setInterval(tickDeadline, 1000);
