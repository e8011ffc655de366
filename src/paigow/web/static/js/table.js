// A table's page: the server pushes the person's view over a WebSocket; every action is
// a small POST; nothing is polled.

import { api, announce, dollars, h, liveSocket, money, patch } from "./dom.js";
import { lineChart } from "./chart.js";
import { renderFelt } from "./felt.js";
import { setTileNames } from "./pieces.js";
import { Setter } from "./setter.js";
import { renderStory } from "./story.js";

const main = document.getElementById("table-page");
const tableId = main.dataset.table;
const game = main.dataset.game;
const $ = (id) => document.getElementById(id);
let state = null;
let link = "connecting";

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
  if (message) announce(message);
}

async function act(method, path, body) {
  showError("");
  try {
    return await api(method, `/api/tables/${tableId}/${path}`, body);
  } catch (e) {
    showError(e.message);
    return null;
  }
}

const setter = new Setter($("setter"), {
  game, onError: showError,
  submit: async (low, foul) => {
    const dragon = Boolean(state && state.you && state.you.hand && state.you.hand.dragon);
    await api("POST", `/api/tables/${tableId}/set`,
              { low, foul_ok: foul ? true : undefined, dragon: dragon || undefined });
    announce(dragon ? "Your dragon hand is set." : "Your hand is set.");
  },
  hint: () => api("POST", `/api/tables/${tableId}/hint`, {}),
});

function rulesText(t) {
  const r = t.rules;
  const parts = [r.title, `${t.seats} seats`, `bets ${r.limits}`, `house way: ${r.house_way}`].filter(Boolean);
  parts.push(r.commission_pct === "0%" ? "no commission" : `commission ${r.commission_pct}`);
  if (r.flat_fee) parts.push(`fee ${money(r.flat_fee)} a hand`);
  if (r.player_bank === false) parts.push("no player banking: the house banks every round");
  if (t.game === "poker") {
    parts.push(`joker ${r.joker}`, `wheel ${r.wheel}`, `fouls: ${r.foul === "house" ? "re-set" : "forfeit"}`);
    if (r.push && r.push !== "none") parts.push(r.push_text || pushText(r.push));
    for (const o of r.side_bets || []) parts.push(`${o.title} ${money(o.minimum)}–${money(o.maximum)}`);
    if (r.dragon) parts.push(`dragon hand (set by ${r.dragon.set_by === "player" ? "its buyer" : "the house way"}, ${r.dragon.limit.replaceAll("-", " ")})`);
  } else if (r.gee_joon_tiebreak !== "ranked") {
    parts.push("Gee Joon: no tie-break value");
  }
  return parts.join(" · ");
}

function pushText(kind) {
  const m = /^pai-gow:([2-9TJQKA])$/.exec(kind);
  const names = { T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };
  return m ? `a banker's ${names[m[1]] || m[1]}-high pai gow pushes every bet` : `banker's ${kind} pushes`;
}

function sideInputs(rules) {
  const out = [];
  for (const o of rules.side_bets || []) {
    const id = `side-${o.name}`;
    const whose = `on ${o.reads}`;
    const envy = o.envy_minimum != null ? `, Envy from ${money(o.envy_minimum)}` : "";
    out.push(h("label", { for: id, class: "side-label" }, `${o.title} `,
      h("small", { text: `(${whose}, ${money(o.minimum)} to ${money(o.maximum)}${envy}; blank: none)` })),
    h("input", { id, class: "side-amount", inputmode: "decimal", autocomplete: "off",
                 dataset: { focus: id, side: o.name }, placeholder: "0" }));
  }
  if (rules.dragon) {
    const limit = { "up-to-main": "up to your bet", "equal-main": "equal to your bet", any: "any amount" }[rules.dragon.limit];
    out.push(h("label", { for: "dragon-amount", class: "side-label" }, "Dragon hand ",
      h("small", { text: `(buy an empty place's hand, ${limit}; blank: no)` })),
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

function wagerText(w) {
  if (!w) return "";
  const extra = Object.entries(w.side || {}).map(([k, v]) => `${k} ${money(v)}`);
  if (w.dragon) extra.push(`dragon hand ${money(w.dragon)}`);
  return extra.length ? ` with ${extra.join(", ")}` : "";
}

function renderHead(d) {
  const you = d.you;
  const bits = [h("h1", { text: d.table.name }),
    h("p", { class: "rules", text: rulesText(d.table) }),
    h("p", { class: "phase" },
      h("span", { class: `link link-${d.link}`, text: d.link === "live" ? "● live" : `○ ${d.link}` }),
      ` Round ${d.round}: the table is ${d.doing}.`,
      d.hints && d.hints.status === "warming" && game === "poker"
        ? h("span", { class: "warming", role: "status" },
          ` Preparing exact hints: ${d.hints.total ? Math.floor((100 * d.hints.done) / d.hints.total) : 0}%`,
          h("progress", { max: d.hints.total || 1, value: d.hints.done || 0,
                          "aria-label": "preparing exact hints" }))
        : null),
    d.commitment ? h("p", { class: "commitment", title: d.commitment },
      "Sealed deck: ", h("code", { text: `${d.commitment.slice(0, 16)}…` }),
      " (the hash of this round's secret seed, revealed after the round so anyone can check the deal)") : null,
    you && you.deadline ? h("p", { class: "deadline", id: "deadline", dataset: { at: String(you.deadline) } }) : null];
  return bits;
}

function tickDeadline() {
  const el = $("deadline");
  if (!el) return;
  const left = Math.max(0, Math.round(Number(el.dataset.at) - Date.now() / 1000));
  el.textContent = `You have ${left} s to act, then the table acts for you.`;
}

function renderControls(d) {
  const you = d.you;
  if (!you) {
    if (d.phase === "closed" || d.phase === "error") {
      return h("p", { text: d.error || "This table is closed." });
    }
    const form = h("form", { class: "join", onsubmit: async (ev) => {
        ev.preventDefault();
        const name = $("join-name").value;
        const r = await act("POST", "join", { name });
        if (r) { announce(`You sit at seat ${r.seat}.`); socket.restart(); }
      } },
      h("label", { for: "join-name", text: "Your name" }),
      h("input", { id: "join-name", name: "name", maxlength: "24", autocomplete: "nickname",
                   required: true, dataset: { focus: "join-name" } }),
      h("button", { id: "join-button", type: "submit", class: "primary", dataset: { focus: "join" } },
        "Join the table"));
    const free = d.seats.filter((s) => s.kind === "bot").length;
    return [h("h2", { text: "Watching" }),
      h("p", { text: free ? `${free} of ${d.seats.length} seats are played by bots: take one.`
                          : "Every seat is taken: you can watch." }), free ? form : null];
  }
  const out = [h("h2", {}, `Seat ${you.seat} · ${you.name}`),
    h("p", { class: "balance" }, "Chips ", h("strong", { text: money(you.balance) }))];
  if (you.timed_out) out.push(h("p", { class: "timed-out", role: "status", text: `You took too long: ${you.timed_out}.` }));
  if (you.awaiting === "bet") {
    out.push(h("form", { class: "bet", onsubmit: async (ev) => {
        ev.preventDefault();
        await act("POST", "bet", wagerBody());
      } },
      h("label", { for: "bet-amount", text: `Bet (dollars, ${money(you.min_bet)} to ${money(you.most)})` }),
      h("input", { id: "bet-amount", inputmode: "decimal", value: dollars(you.suggested_bet),
                   autocomplete: "off", dataset: { focus: "bet-amount" } }),
      ...sideInputs(d.table.rules),
      h("button", { id: "bet-button", type: "submit", class: "primary", dataset: { focus: "bet" } }, "Bet"),
      h("button", { id: "sit-button", type: "button", dataset: { focus: "sit" },
                    onclick: () => act("POST", "bet", { sit: true }) }, "Sit out")));
  } else if (you.awaiting === "bank" && you.offer) {
    const o = you.offer;
    out.push(h("div", { class: "bank-offer", role: "group", "aria-label": "the bank offer" },
      h("p", {}, "The bank is yours to take: the other bets total ", h("strong", { text: money(o.others) }), "."),
      o.can_take ? h("button", { id: "take-button", class: "primary", dataset: { focus: "take" },
                                 onclick: () => act("POST", "bank", { decision: "take" }) }, "Take the bank") : null,
      o.can_cobank ? h("button", { id: "cobank-button", dataset: { focus: "cobank" },
                                   onclick: () => act("POST", "bank", { decision: "cobank" }) }, "Co-bank with the house") : null,
      h("button", { id: "refuse-button", dataset: { focus: "refuse" },
                    onclick: () => act("POST", "bank", { decision: "refuse" }) }, "Refuse")));
  } else if (you.bet_in && d.phase === "betting") {
    out.push(h("p", { text: you.bet ? `Your bet of ${money(you.bet)}${wagerText(you.wager)} is in: waiting for the others.` : "You sit this round out." }));
  } else if (you.hand && you.hand.dragon) {
    out.push(h("p", { class: "dragon-note", role: "status",
      text: `You bought the dragon hand (place ${you.hand.dragon_place}): set it below, as your own.` }));
  } else if (d.phase === "waiting" || (d.phase === "betting" && you.joins_round > d.round)) {
    out.push(h("p", { text: "You play from the next round." }));
  }
  out.push(h("p", { class: "links" },
    h("a", { href: `/tables/${tableId}/history`, text: "History" }), " · ",
    h("button", { type: "button", class: "link-button", id: "leave-button", dataset: { focus: "leave" },
                  onclick: async () => {
                    if (await act("POST", "leave", {})) { announce("You left the table."); socket.restart(); }
                  } },
      "Leave the table")));
  return out;
}

function renderSession(d) {
  const you = d.you;
  if (!you || you.chart.length < 2) return [];
  return [h("h2", { text: "Your session" }),
    lineChart(you.chart, { label: `your chips by round, now ${money(you.balance)}`, format: money })];
}

function render() {
  if (!state) return;
  const d = { ...state, link };
  setTileNames(state.piece_names);
  patch($("table-head"), { t: d.table, r: d.round, p: d.phase, l: link, h: d.hints,
                           c: d.commitment, dl: d.you && d.you.deadline }, () => renderHead(d));
  tickDeadline();
  patch($("felt-region"), { s: d.seats, ip: d.in_play, p: d.phase, o: d.option, hn: d.house_net },
        () => renderFelt(d));
  patch($("controls"), { you: d.you && { ...d.you, hand: null, chart: null, hint: null },
                         dh: d.you && d.you.hand && d.you.hand.dragon,
                         p: d.phase, r: d.round, seats: d.seats.map((s) => s.kind) },
        () => renderControls(d));
  setter.title = d.you && d.you.hand && d.you.hand.dragon ? "The dragon hand you bought" : "Your hand";
  setter.update(d.you ? d.you.hand : null, d.you ? d.you.hint : null);
  patch($("reveal"), { last: d.last, you: d.you && d.you.seat }, () =>
    d.last ? [renderStory(game, d.last, d.you ? d.you.seat : null)] : []);
  patch($("session"), { c: d.you && d.you.chart }, () => renderSession(d));
}

const socket = liveSocket(`/ws/tables/${tableId}`, (s) => {
  const before = state;
  state = s;
  if (before && before.last && s.last && before.last.round !== s.last.round) {
    const mine = s.you && s.last.seats.find((x) => x.seat === s.you.seat);
    announce(mine ? `Round ${s.last.number}: you ${mine.outcome}, net ${money(mine.net)}.`
                  : `Round ${s.last.number} is settled.`);
  }
  render();
}, (status) => { link = status; render(); });

setInterval(tickDeadline, 1000);
