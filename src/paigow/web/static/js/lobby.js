// The lobby: every table, pushed live; and the form that opens a new table.

import { announce, api, h, liveSocket, patch, showErrorAt } from "./dom.js";
import { say, t, tableName } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// A refusal shows at the control that was pressed (`anchor`: the form's button), announced
// and on screen; with none, in the box at the top of the page.
function showError(message, anchor = null) {
  showErrorAt(anchor, message);
  if (message) announce(message);
}

function tableCard(tb) {
  const r = tb.rules;
  // the game's title has its own line: the rules' words without it
  const bits = [t("{people} of {seats} seats taken by people", { people: tb.people, seats: tb.seats }),
                ...r.words.filter((w) => !r.title || (w.text || w) !== r.title).map(say)];
  // in a card room of many processes: which one holds the table (docs/web.md)
  if (tb.where && !tb.where.here) bits.push(t("held by server {slot}", { slot: tb.where.slot }));
  return h("article", { class: `table-card game-${tb.game}` },
    h("h2", {}, h("a", { href: `/tables/${tb.id}`, text: tableName(tb) })),
    h("p", { class: "game", text: say(r.title) || (tb.game === "tiles" ? t("Pai Gow tiles") : t("Pai Gow Poker")) }),
    h("p", { class: "rules", text: bits.join(" · ") }),
    h("p", { class: "phase", text: t("Now {doing}.", { doing: say(tb.doing) }) }),
    h("p", { class: "card-actions" },
      h("a", { class: "button primary", href: `/tables/${tb.id}`,
               "aria-label": t("Join or watch {table}", { table: tableName(tb) }), text: t("Join or watch") }),
      h("a", { class: "rules-link", href: `/rules/${tb.game}?table=${tb.id}`, text: t("How to play") })));
}

liveSocket("/ws/lobby", (s) => {
  patch($("tables"), s.tables, (tables) => tables.length
    ? h("div", { class: "table-cards" }, ...tables.map(tableCard))
    : h("p", { text: t("No table is open yet: open one below.") }));
}, () => {});

function field(label, input, hint) {
  return h("div", { class: "field" }, h("label", { for: input.id, text: label }), input,
    hint ? h("small", { text: hint }) : null);
}

function select(id, options, value, labels = {}) {
  return h("select", { id, name: id }, ...options.map((o) =>
    h("option", { value: o, selected: o === value ? true : null, text: say(labels[o] || o) })));
}

async function buildForm() {
  const opts = await api("GET", "/api/options");
  const form = $("new-table-form");
  const gameSel = select("game", opts.games, "tiles", { tiles: t("Pai Gow tiles"), poker: t("Pai Gow Poker") });
  const waySel = h("select", { id: "house_way", name: "house_way" });
  const variants = h("div", { class: "variants" });
  const seats = h("input", { id: "seats", type: "number", min: "1", max: "7", value: "4" });
  function refresh() {
    const g = gameSel.value;
    waySel.replaceChildren(...opts.house_ways[g].map((w) => h("option", { value: w, text: say(opts.way_titles[g][w] || w) })));
    seats.max = String(opts.seats[g]);
    const words = opts.variant_words[g];
    variants.replaceChildren(...Object.entries(opts.variants[g]).map(([k, vals]) =>
      field(say(words[k].title), select(k, vals, vals[0], words[k].values))));
    presetRules(null);
    if (g === "poker") {
      const preset = (id) => (ev) => presetRules(ev.target.checked ? id : null);
      variants.append(
        h("div", { class: "field check" },
          h("input", { id: "ez", type: "checkbox", onchange: preset("ez") }),
          h("label", { for: "ez", text: t("EZ Pai Gow: no commission; a banker's queen-high pai gow pushes every bet") })),
        h("div", { class: "field check" },
          h("input", { id: "commission_free", type: "checkbox", onchange: preset("commission_free") }),
          h("label", { for: "commission_free", text: t("Commission-Free Pai Gow Poker: no commission; the house banks; the banker's nine-high two-card hand pushes every bet; Tiger 9 offered") })),
        h("fieldset", { class: "side-offers" }, h("legend", { text: t("Side bets offered") }),
          ...Object.entries(opts.side_bets).map(([name, title]) => h("div", { class: "check" },
            h("input", { id: `offer-${name}`, type: "checkbox", value: name, class: "offer" }),
            h("label", { for: `offer-${name}`, text: say(title) })))));
    }
  }
  // EZ Pai Gow and Commission-Free Pai Gow Poker are games with their own rules (one or
  // the other): while one is ticked the other is not, and the fields it decides show its
  // values, fixed, rather than contradicting it; unticked, they show what they had.
  const PRESETS = {
    ez: { commission: "0", push: "pai-gow:Q" },
    commission_free: { commission: "0", push: "low:9", bank: "house", "offer-tiger-9": true },
  };
  function presetRules(kind) {
    for (const other of Object.keys(PRESETS)) {
      if (other !== kind && $(other)) $(other).checked = false;
    }
    const fixed = PRESETS[kind] || {};
    for (const id of ["commission", "push", "bank", "offer-tiger-9"]) {
      const el = $(id);
      if (!el) continue;
      const prop = el.type === "checkbox" ? "checked" : "value";
      const on = id in fixed;
      if (on && !el.disabled) el.dataset.was = String(el[prop]);
      if (on) el[prop] = fixed[id];
      else if (el.disabled) el[prop] = prop === "checked" ? el.dataset.was === "true" : el.dataset.was;
      el.disabled = on;
    }
  }
  gameSel.addEventListener("change", refresh);
  refresh();
  form.replaceChildren(
    field(t("Game"), gameSel),
    field(t("Name (optional)"), h("input", { id: "name", maxlength: "40", autocomplete: "off" })),
    field(t("Seats"), seats),
    field(t("Minimum bet ($)"), h("input", { id: "min_bet", inputmode: "decimal", value: "5" })),
    field(t("Maximum bet ($)"), h("input", { id: "max_bet", inputmode: "decimal", value: "500" })),
    field(t("Chips per seat ($)"), h("input", { id: "bankroll", inputmode: "decimal", value: "1000" })),
    field(t("Commission"), h("input", { id: "commission", value: "5%" }), t("a rate: 5%, 0.05 or 0")),
    field(t("Flat fee a hand ($)"), h("input", { id: "flat_fee", inputmode: "decimal", value: "0" })),
    field(t("The bank's hand set by"), waySel),
    variants,
    h("button", { type: "submit", class: "primary", id: "open-table" }, t("Open the table")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError("");
    const body = { game: gameSel.value, seats: Number(seats.value) };
    for (const k of ["name", "min_bet", "max_bet", "bankroll", "commission", "flat_fee"]) {
      const v = $(k).value.trim();
      if (v) body[k] = v;
    }
    body.house_way = waySel.value;
    for (const k of Object.keys(opts.variants[gameSel.value])) body[k] = $(k).value;
    if (gameSel.value === "poker") {
      if ($("ez").checked) { body.ez = true; delete body.push; delete body.commission; }
      if ($("commission_free").checked) {
        body.commission_free = true; delete body.push; delete body.commission; delete body.bank;
      }
      const offered = [...document.querySelectorAll("input.offer:checked")].map((x) => x.value);
      if (offered.length) body.side_bets = offered;
    }
    try {
      const made = await api("POST", "/api/tables", body);
      location.href = `/tables/${made.id}`;
    } catch (e) {
      showError(e.message, $("open-table"));
    }
  });
}

buildForm().catch((e) => showError(e.message));
