// The Trainer page: one person practising, graded exactly; state pushed, actions POSTed.

import { api, announce, h, intoView, liveSocket, patch, refreshWho, showErrorAt } from "./dom.js";
import { lineChart } from "./chart.js";
import { pieceSVG, setTileNames } from "./pieces.js";
import { Setter } from "./setter.js";
import { explained } from "./words.js";
import { handName, t, tr } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let state = null;
let socket = null;
const NAME_KEY = "paigow-trainer-name";
let WAY_TITLES = {};

// A refusal at the button that was pressed (`anchor`: Start, Next hand), announced and on
// screen, as at the tables; with none, in the box at the top of the page.
function showError(message, anchor = null) {
  showErrorAt(anchor, message || "");
  if (message) announce(message);
}

const setter = new Setter($("setter"), {
  game: "tiles", onError: (message) => announce(message), house: false, submitLabel: t("Grade this setting"),
  title: t("Set this hand"),
  submit: async (low, foul) => {
    showError("");
    await api("POST", "/api/trainer/grade", { low, foul_ok: foul ? true : undefined });
  },
});

function select(id, values, value, labels = {}) {
  return h("select", { id, name: id }, ...values.map((v) =>
    h("option", { value: v, selected: v === value ? true : null, text: tr(labels[v] || v) })));
}

async function buildForm() {
  const opts = await api("GET", "/api/trainer/options");
  WAY_TITLES = opts.way_titles;
  const form = $("trainer-form");
  const game = select("t-game", opts.games, "tiles", { tiles: t("Pai Gow tiles"), poker: t("Pai Gow Poker") });
  const drill = select("t-drill", opts.drills, "player",
                       { player: t("player: the best EV"), dealer: t("dealer: the house way") });
  const way = h("select", { id: "t-way" });
  const role = select("t-role", ["player", "bank"], "player",
                      { player: t("a player, against the bank"), bank: t("the bank, against a player") });
  // signed in, a practice is kept under the person's own name (the server holds it so)
  const me = document.getElementById("account-link")?.dataset.name || "";
  const name = h("input", { id: "t-name", maxlength: "24", autocomplete: "nickname",
                            value: me || localStorage.getItem(NAME_KEY) || "",
                            readonly: me ? true : null, "aria-describedby": me ? "t-name-note" : null });
  const ways = () => way.replaceChildren(...opts.house_ways[game.value].map((w) =>
    h("option", { value: w, text: tr(opts.way_titles[game.value][w] || w) })));
  game.addEventListener("change", ways);
  drill.addEventListener("change", () => { role.value = drill.value === "dealer" ? "bank" : "player"; });
  ways();
  const field = (label, input, note = null) => h("div", { class: "field" },
    h("label", { for: input.id, text: label }), input, note);
  form.replaceChildren(field(t("Game"), game), field(t("Drill"), drill), field(t("House way"), way),
    field(t("You set the hand of"), role),
    field(t("Your name (to keep statistics)"), name, me
      ? h("small", { id: "t-name-note", text: t("You are signed in: your statistics are kept under your name.") })
      : null),
    h("button", { type: "submit", class: "primary", id: "t-start" }, t("Start")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError("");
    if (!me) localStorage.setItem(NAME_KEY, name.value.trim());
    try {
      await api("POST", "/api/trainer/start", {
        game: game.value, drill: drill.value, way: way.value, banking: role.value === "bank",
        name: name.value.trim() });
      if (socket) socket.restart(); else socket = liveSocket("/ws/trainer", onState, () => {});
      if (!me && name.value.trim()) refreshWho();  // a name given makes the person
    } catch (e) { showError(e.message, $("t-start")); }
  });
}

function ev(x) { return `${x >= 0 ? "+" : ""}${x.toFixed(4)}`; }

// A setting: its two hands apart, each its pieces (in the order dealt) over its name.
function settingLine(game, label, o, extra) {
  const hand = (which, pieces, value) => h("span", { class: `grade-hand ${which}` },
    h("span", { class: "sr-only", text: which === "high" ? t("The high hand:") : t("The low hand:") }), " ",
    h("span", { class: "pieces" }, ...pieces.map((p) => pieceSVG(game, p, { small: true }))),
    h("strong", { class: "hand-name", text: handName(value, pieces) }));
  return h("div", { class: "grade-line", dataset: { high: o.high.join(" "), low: o.low.join(" ") } },
    h("span", { class: "which", text: label }),
    h("span", { class: "grade-hands" }, hand("high", o.high, o.high_value), hand("low", o.low, o.low_value)),
    h("span", { class: "ev", text: `EV ${ev(o.ev)}` }), extra || null);
}

function renderGrade(s) {
  const g = s.grade;
  if (!g) return [];
  const game = s.settings.game;
  const title = tr((WAY_TITLES[game] || {})[s.settings.way] || "the house way");
  const rule = g.rule.number ? t("{way}, rule {number}: {text}", { way: title, number: g.rule.number, text: tr(g.rule.words) }) : tr(g.rule.text);
  const pct = (n) => `${((100 * n) / g.opponent_hands).toFixed(2)}%`;
  return [h("div", { class: `grade ${g.correct ? "right" : "wrong"}` },
    h("h2", { text: g.correct ? t("Right") : t("Not quite") }),
    h("p", { class: "verdict", text: tr(g.verdict) }),
    settingLine(game, t("yours"), g.yours, g.yours.foul ? h("span", { class: "note", text: tr(g.yours.played) }) : null),
    settingLine(game, t("house way"), g.house, h("span", { class: "rule", text: rule })),
    settingLine(game, t("best"), g.best),
    h("p", {}, t("EV given up: "), h("strong", { text: g.ev_lost.toFixed(4) }),
      t(" of a unit bet (the house way gives up {ev}).", { ev: g.house_ev_lost.toFixed(4) })),
    h("details", {}, h("summary", { text: t("Every setting, exactly (over {n} hands)", { n: g.opponent_hands.toLocaleString(document.documentElement.lang || "en") }) }),
      h("div", { class: "hint-rows" }, ...g.options.map((o) => h("div", {
          class: `hint-row ${o.number === g.best.number ? "best" : ""}` },
        h("span", { class: "hint-setting" }, h("strong", { text: handName(o.high_value, o.high || []) }), " / ",
          h("strong", { text: handName(o.low_value, o.low || []) }), o.foul ? t(" (foul)") : ""),
        h("span", { class: "hint-odds" }, h("span", { text: t("win {pct}", { pct: pct(o.win) }) }),
          h("span", { text: t("push {pct}", { pct: pct(o.push) }) }), h("span", { text: t("lose {pct}", { pct: pct(o.lose) }) }),
          h("span", { class: "ev", text: `EV ${ev(o.ev)}` })))))),
    h("button", { type: "button", class: "primary", id: "t-next", dataset: { focus: "next" },
                  onclick: async () => { try { await api("POST", "/api/trainer/next", {}); } catch (e) { showError(e.message, $("t-next")); } } },
      t("Next hand")))];
}

function renderStats(s) {
  const st = s.stats;
  if (!st || !st.hands) return s.settings && !s.settings.name
    ? [h("p", { class: "note", text: t("Give a name to keep statistics across sessions.") })] : [];
  const games = { tiles: t("Pai Gow tiles"), poker: t("Pai Gow Poker") };
  const drills = { player: t("the player drill"), dealer: t("the dealer drill") };
  const out = [h("h2", { text: `${st.person}${t(": ")}${games[st.game] || st.game}${t(", ")}${drills[st.drill] || st.drill}` }),
    h("p", {}, t("{hands} hands in {sessions} sessions: ", { hands: st.hands, sessions: st.sessions }),
      h("strong", { text: t("{pct}% right", { pct: Math.round(100 * st.correct_share) }) }),
      t(" (optimal {optimal}%, the house way {house}%); ", { optimal: Math.round(100 * st.optimal_share), house: Math.round(100 * st.house_share) }),
      t("EV given up {all} in all, {each} a hand.", { all: st.ev_lost.toFixed(4), each: st.mean_ev_lost.toFixed(4) }))];
  if (s.series.length > 1) {
    out.push(lineChart(s.series.map((p, i) => [i + 1, p.mean_ev_lost]),
      { label: t("EV given up a hand, session by session"), format: (y) => y.toFixed(3), xLabel: t("session") }));
  }
  if (st.costliest.length) {
    out.push(h("h3", { text: t("The costliest mistakes") }),
      h("ul", { class: "mistakes" }, ...st.costliest.map((m) => h("li", {},
        h("code", { text: m.hand }), t(": you set "), h("code", { text: m.setting }),
        st.drill === "dealer" ? t(", the house way {setting} ({rule})", { setting: m.house, rule: tr(m.rule) }) : t(", the best {setting}", { setting: m.best }),
        t("; EV given up "), h("strong", { text: m.ev_lost.toFixed(4) })))));
  }
  if (st.kinds.length) {
    out.push(h("p", { class: "note", text: t("By kind of hand (wrong / seen): ")
      + st.kinds.map((k) => `${tr(k.label)} ${k.wrong}/${k.hands}`).join(t("; ")) }));
  }
  return out;
}

// the hand and the grade last brought into view (once each: the person may scroll away)
let shownHand = null;
let shownGrade = null;

function onState(s) {
  state = s;
  const ex = s.exercise;
  const game = s.settings.game;
  setter.game = game;
  setTileNames(ex && ex.piece_names);
  const busy = { preparing: t("Preparing exact grading (once: the opponent's setting of every hand)"),
                 grading: t("Grading exactly"), dealing: t("Dealing") }[s.phase];
  patch($("trainer-status"), { p: s.phase, g: s.progress, m: s.message }, () => [
    busy ? h("p", { role: "status" }, `${busy}… `,
      s.progress.total ? h("progress", { max: s.progress.total, value: s.progress.done,
                                         "aria-label": busy }) : null) : null,
    s.message ? h("p", { class: s.phase === "failed" ? "error" : "note", text: tr(s.message) }) : null]);
  patch($("trainer-task"), { ex: ex && { n: ex.number, t: ex.task, r: ex.reason } }, () => ex ? [
    h("h2", { text: t("Hand {n}", { n: ex.number }) }), h("p", { text: t("Your task: {task}.", { task: tr(ex.task) }) }),
    ex.reason ? h("p", { class: "focus", text: tr(ex.reason) }) : null] : []);
  const hand = ex && s.phase !== "graded" ? {
    pieces: ex.pieces, arrangements: ex.arrangements, banking: ex.banking,
    foul_rule: ex.foul_rule, chosen: null } : null;
  setter.update(hand, null);
  if (hand && ex.number !== shownHand) {  // a new hand: its task, the hand and its buttons
    shownHand = ex.number;
    const r = $("setter").getBoundingClientRect();
    const task = $("trainer-task").getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) {
      // the task above the hand when both fit in the window (a phone held sideways: the hand)
      if (r.bottom - task.top <= window.innerHeight) $("trainer-task").scrollIntoView({ block: "start" });
      else intoView($("setter"));
    }
  }
  patch($("trainer-grade"), { g: s.grade }, () => explained(renderGrade(s)));
  if (s.phase === "graded" && s.grade && ex && ex.number !== shownGrade) {  // the verdict
    shownGrade = ex.number;
    intoView($("trainer-grade"));
  }
  patch($("trainer-stats"), { st: s.stats, se: s.series }, () => renderStats(s));
  if (s.phase === "graded" && s.grade) announce(tr(s.grade.verdict));
}

buildForm().catch((e) => showError(e.message));
api("GET", "/api/trainer/state").then((s) => {
  if (s.phase !== "none") socket = liveSocket("/ws/trainer", onState, () => {});
}).catch((e) => showError(e.message));
