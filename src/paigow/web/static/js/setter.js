// Setting a hand by hand: the pieces sit in the high and the low hand; click (or tap) one
// piece and then one in the other hand to swap them, or drag one onto another. The two
// hands' values come from the server's list of every arrangement, so the page never
// judges a hand itself.

import { announce, h, intoView } from "./dom.js";
import { pieceName, pieceSVG } from "./pieces.js";
import { explained } from "./words.js";
import { formatNumber, handName, say, t } from "./i18n.js";

const SHOWN = 6; // hint rows shown before "show all"

const FOUL_COST = {
  house: t("A fouled hand is re-set by the house way."),
  forfeit: t("A fouled hand forfeits the bet."),
};

// `submit(low, foulOk)` sends the arrangement (the table sets it, the trainer grades it);
// `hint()` asks for the exact hint (the table only); `house` shows the House way button.
export class Setter {
  constructor(root, { game, onError, submit, hint = null, house = true, timer = null,
                      submitLabel = t("Set this hand"), title = t("Your hand") }) {
    this.root = root;
    this.game = game;
    this.onError = onError;
    this.submitFn = submit;
    this.hintFn = hint;
    this.timer = timer; // (deadline) => the countdown shown under the title, or none
    this.deadline = null;
    this.house = house;
    this.submitLabel = submitLabel;
    this.title = title;
    this.hand = null;
    this.key = "";
    this.low = [];
    this.selected = null;
    this.note = "";
    this.foulOk = false;
    this.busy = false;
    this.hint = null;
    this.seen = "";
    this.showAll = false;
    this.error = "";
  }

  get size() { return this.hand ? this.hand.pieces.length : 0; }

  // The arrangement a new hand starts in: the last two pieces dealt in the low hand, unless
  // that fouls; then the first that does not (a hand never opens on a foul's warning).
  static firstLow(hand) {
    const n = hand.pieces.length;
    const dealt = [n - 2, n - 1];
    const a = hand.arrangements[dealt.join(",")];
    if (!a || !a.foul) return dealt;
    const legal = Object.keys(hand.arrangements).find((k) => !hand.arrangements[k].foul);
    return legal ? legal.split(",").map(Number) : dealt;
  }

  // A new view of the person's hand (or none); `deadline`: when the table sets it for them.
  update(hand, hint, deadline = null) {
    const seen = JSON.stringify([hand, hint, deadline]);
    if (seen === this.seen) return;
    this.seen = seen;
    this.deadline = deadline;
    const key = hand ? hand.pieces.join(" ") + (hand.banking ? " bank" : "") : "";
    if (key !== this.key) {
      this.key = key;
      this.hand = hand;
      this.low = hand ? Setter.firstLow(hand) : [];
      if (hand) this.order(false);
      this.selected = null;
      this.note = "";
      this.foulOk = false;
      this.hint = null;
      this.showAll = false;
      this.error = "";
    } else {
      this.hand = hand;
    }
    const fresh = hint && hint.status === "ready" && !(this.hint && this.hint.status === "ready");
    this.hint = hint || null;
    this.render();
    if (fresh) this.showHint();
  }

  // A hint just arrived: its rows scroll in their own box under the buttons, the best
  // first; the setter, never taller than the window, is brought whole into view.
  showHint() {
    const box = this.root.querySelector(".hint-rows");
    const best = box && box.querySelector(".hint-row");
    this.keepInView();
    // the best row (the first) at the box's top, the caption above it when there is room
    if (best) box.scrollTop = Math.min(best.offsetTop - 2, box.scrollHeight - box.clientHeight);
  }

  // The hand, its buttons, a foul's warning and the hint's rows are in view together: the
  // setter is at most the window's height (its hint rows scroll inside it), so bringing it
  // whole into view shows them all (nothing moves when it is in view already).
  keepInView() {
    intoView(this.root, "nearest");
  }

  // The pieces of each hand as the engine orders them (never the page's own idea).
  high() { const a = this.arrangement(); return a ? a.high_pos : []; }

  arrangement() {
    const k = [...this.low].sort((a, b) => a - b).join(",");
    return this.hand.arrangements[k];
  }

  arrange(low, note = "") {
    this.low = [...low].sort((a, b) => a - b);
    this.selected = null;
    this.note = note;
    this.foulOk = false;
    this.order();
    this.error = "";  // a refusal belongs to the setting refused: a new one clears it
    this.render();
    this.keepInView();  // a foul's warning may have made it taller
    const a = this.arrangement();
    announce(t("High hand: {high}. Low hand: {low}.", { high: this.name(a.high_name, a.high_pos), low: this.name(a.low_name, a.low_pos) })
             + (a.foul ? t(" This fouls.") : ""));
  }

  // A hand's name in the page's language, from the pieces at `positions`.
  name(english, positions) {
    return handName(english, (positions || []).map((i) => this.hand.pieces[i]));
  }

  // At tiles the table orders the two hands itself: show the higher one on top, as the
  // engine's arrangement says (its low_pos are the pieces of the hand it names low).
  order(tell = true) {
    const a = this.arrangement();
    if (!a) return;
    const moved = a.low_pos.join(",") !== [...this.low].sort((x, y) => x - y).join(",");
    this.low = [...a.low_pos];
    if (moved && tell) this.note = t("The two hands were swapped: the higher one plays as the high hand.");
  }

  swap(a, b) {
    const inLow = (i) => this.low.includes(i);
    if (inLow(a) === inLow(b)) return;
    const [lo, hi] = inLow(a) ? [a, b] : [b, a];
    this.arrange(this.low.map((i) => (i === lo ? hi : i)));
  }

  clickPiece(i) {
    if (this.selected === null || this.low.includes(i) === this.low.includes(this.selected)) {
      this.selected = this.selected === i ? null : i;
      this.render();
      const btn = this.root.querySelector(`[data-focus="piece-${i}"]`);
      if (btn) btn.focus({ preventScroll: true });
      return;
    }
    const other = this.selected;
    this.swap(other, i);
    const btn = this.root.querySelector(`[data-focus="piece-${i}"]`);
    if (btn) btn.focus({ preventScroll: true });
  }

  pieceButton(i, where) {
    const text = this.hand.pieces[i];
    // its name is the piece's picture's ("jack of spades") and where it is, said after it
    const spot = (where === "high" ? t(", in the high hand") : t(", in the low hand"))
      + (this.selected === i ? t(", selected: now pick one in the other hand to swap") : "");
    const btn = h("button", {
      type: "button", class: `piece-btn ${this.selected === i ? "selected" : ""}`,
      "aria-pressed": this.selected === i ? "true" : "false",
      title: pieceName(this.game, text), dataset: { focus: `piece-${i}`, pos: String(i), piece: text },
      onclick: () => this.clickPiece(i),
    }, pieceSVG(this.game, text), h("span", { class: "sr-only", text: spot }));
    this.dragHandlers(btn, i);
    return btn;
  }

  dragHandlers(btn, i) {
    let start = null;
    let ghost = null;
    btn.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0 || this.locked()) return;
      start = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
    });
    btn.addEventListener("pointermove", (ev) => {
      if (!start || ev.pointerId !== start.id) return;
      if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > 8) {
        btn.setPointerCapture(ev.pointerId);
        ghost = btn.cloneNode(true);
        ghost.classList.add("drag-ghost");
        ghost.removeAttribute("data-focus");
        document.body.appendChild(ghost);
      }
      if (ghost) {
        ghost.style.left = `${ev.clientX - 20}px`;
        ghost.style.top = `${ev.clientY - 30}px`;
      }
    });
    const finish = (ev) => {
      if (ghost) {
        ghost.remove();
        ghost = null;
        const target = document.elementFromPoint(ev.clientX, ev.clientY);
        const over = target && target.closest(".piece-btn");
        if (over && this.root.contains(over)) this.swap(i, Number(over.dataset.pos));
        btn.dataset.dragged = "1";
        setTimeout(() => { delete btn.dataset.dragged; }, 0);
      }
      start = null;
    };
    btn.addEventListener("pointerup", finish);
    btn.addEventListener("pointercancel", () => { if (ghost) ghost.remove(); ghost = null; start = null; });
    btn.addEventListener("click", (ev) => {
      if (btn.dataset.dragged) { ev.stopImmediatePropagation(); ev.preventDefault(); }
    }, true);
  }

  locked() { return !this.hand || Boolean(this.hand.chosen) || this.busy; }

  async submit() {
    const a = this.arrangement();
    if (a.foul && !this.foulOk) return;
    this.error = "";
    this.busy = true;
    this.render();
    try {
      await this.submitFn([...this.low].sort((x, y) => x - y), a.foul);
    } catch (e) {
      this.error = e.message;
      this.onError(e.message);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  async askHint() {
    try {
      const r = await this.hintFn();
      if (r.status === "ready") { this.hint = r; this.render(); this.showHint(); }
    } catch (e) {
      this.error = e.message;
      this.onError(e.message);
      this.render();
    }
  }

  renderHint() {
    const hint = this.hint;
    if (!hint) return null;
    if (hint.status === "working") {
      return h("p", { class: "hint-status", role: "status", text: t("Working out the exact odds…") });
    }
    if (hint.status === "failed") return h("p", { class: "hint-status error", text: say(hint.message) });
    const fmt = (n) => formatNumber(n);
    const pct = (n, t) => `${((100 * n) / t).toFixed(2)}%`;
    // a row's name is what it shows (the pieces' pictures aside: the hands' names say them)
    const rows = hint.rows.map((r, k) => h("button", {
        type: "button", class: `hint-row ${r.best ? "best" : ""}`,
        dataset: { focus: `hint-${k}` }, onclick: () => this.arrange(r.low) },
      h("span", { class: "sr-only", text: t("Arrange this setting:") }), " ",
      h("span", { class: "hint-setting" },
        this.game === "tiles" ? h("span", { class: "hint-pieces", "aria-hidden": "true" },
          ...r.high_text.split(" ").map((t) => pieceSVG("tiles", t, { small: true })), " ",
          ...r.low_text.split(" ").map((t) => pieceSVG("tiles", t, { small: true }))) : null,
        h("strong", { text: handName(r.high_name, (r.high_text || "").split(" ")) }), " / ",
        h("strong", { text: handName(r.low_name, (r.low_text || "").split(" ")) }),
        this.game !== "tiles" && r.same_words ? h("span", { class: "hint-pieces apart" }, " ",
          ...r.low_text.split(" ").map((p) => pieceSVG(this.game, p, { small: true }))) : null,
        r.merged > 1 ? h("span", { class: "merged", text: t(" ({n} settings alike)", { n: r.merged }) }) : null,
        r.best ? h("span", { class: "best-tag", text: t(" · best") }) : null),
      h("span", { class: "hint-odds" },
        h("span", { title: t("{n} hands", { n: fmt(r.win) }), text: t("win {pct}", { pct: pct(r.win, r.total) }) }),
        h("span", { title: t("{n} hands", { n: fmt(r.push) }), text: t("push {pct}", { pct: pct(r.push, r.total) }) }),
        h("span", { title: t("{n} hands", { n: fmt(r.lose) }), text: t("lose {pct}", { pct: pct(r.lose, r.total) }) }),
        h("span", { class: "ev", text: `EV ${r.ev >= 0 ? "+" : ""}${r.ev.toFixed(4)}` }))));
    // the caption scrolls with the rows
    return h("div", { class: "hint" },
      h("div", { class: "hint-rows" },
        h("p", { class: "hint-caption" },
          (hint.banking ? t("Exact odds against every hand the players can hold ({n}), set by {way}.", { n: fmt(hint.opponent_hands), way: say(hint.way_title || "the house way") })
                        : t("Exact odds against every hand the banker can hold ({n}), set by {way}.", { n: fmt(hint.opponent_hands), way: say(hint.way_title || "the house way") }))
          + " " + (Number(hint.commission) === 0  // a table without commission says so
            ? t("EV per unit bet, no commission at this table. Pick a setting to arrange it.")
            : t("EV per unit bet, commission included. Pick a setting to arrange it."))),
        ...(this.showAll ? rows : rows.slice(0, SHOWN)),
        rows.length > SHOWN && !this.showAll
          ? h("button", { type: "button", class: "hint-more link-button", dataset: { focus: "hint-more" },
                          onclick: () => { this.showAll = true; this.render(); } },
            t("Show all {n} settings", { n: rows.length })) : null));
  }

  render() {
    const root = this.root;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.dataset.focus : null;
    const scrolled = root.querySelector(".hint-rows");  // where the person had scrolled them
    const rowsTop = scrolled ? scrolled.scrollTop : 0;
    if (!this.hand) { root.replaceChildren(); root.hidden = true; return; }
    root.hidden = false;
    const hand = this.hand;
    if (hand.chosen) {
      root.replaceChildren(
        h("h2", { text: hand.banking ? t("{title} (you bank)", { title: this.title }) : this.title }),
        h("p", { class: "set-done" }, t("Set: "),
          h("strong", { text: `${hand.chosen.high} (${handName(hand.chosen.high_name, String(hand.chosen.high).split(" "))})` }), t(" high, "),
          h("strong", { text: `${hand.chosen.low} (${handName(hand.chosen.low_name, String(hand.chosen.low).split(" "))})` }), t(" low. "),
          t("Waiting for the others.")));
      return;
    }
    const a = this.arrangement();
    const zone = (which, positions, name) => h("div", {
        class: `zone ${which}`, role: "group", "aria-label": `${which === "high" ? t("high hand") : t("low hand")}${t(": ")}${name}` },
      h("div", { class: "zone-head" }, h("span", { class: "zone-title", text: which === "high" ? t("high hand") : t("low hand") }),
        h("span", { class: "zone-value", text: name })),
      h("div", { class: "zone-pieces" }, ...positions.map((i) => this.pieceButton(i, which))));
    const foul = a.foul ? h("div", { class: "foul", role: "alert" },
      h("strong", { text: t("This fouls: ") }),
      t("the two-card hand must rank below the five-card hand."), " ",
      FOUL_COST[hand.foul_rule] || "",
      h("label", { class: "foul-ok" },
        h("input", { type: "checkbox", checked: this.foulOk ? true : null, dataset: { focus: "foul-ok" },
                     onchange: (ev) => { this.foulOk = ev.target.checked; this.render(); } }),
        " ", t("play it fouled anyway"))) : null;
    const blocked = this.busy || (a.foul && !this.foulOk);
    // the title and its countdown on one line; the two hands side by side where they fit
    root.replaceChildren(...[
      h("div", { class: "setter-head" },
        h("h2", { text: hand.banking ? t("{title}: you bank", { title: this.title }) : this.title }),
        this.timer && this.deadline ? this.timer(this.deadline) : null),
      h("p", { class: "setter-help", text:
        t("Pick a piece, then one in the other hand, to swap them (or drag one onto another).") }),
      h("div", { class: "zones" }, zone("high", this.high(), this.name(a.high_name, a.high_pos)),
        zone("low", a.low_pos, this.name(a.low_name, a.low_pos))),
      // the two names are on the zones already: said here for screen readers only
      h("p", { class: "arrangement", "aria-live": "polite" },
        h("span", { class: "sr-only", text: `${this.name(a.high_name, a.high_pos)} · ${this.name(a.low_name, a.low_pos)}.` }),
        this.note ? h("span", { class: "note", text: this.note }) : null),
      foul,
      h("div", { class: "actions" },
        h("button", { type: "button", id: "set-button", class: "primary", disabled: blocked ? true : null,
                      dataset: { focus: "set" }, onclick: () => this.submit() },
          a.foul ? t("{label} (fouled)", { label: this.submitLabel }) : this.submitLabel),
        this.house ? h("button", { type: "button", id: "house-button", dataset: { focus: "house" },
                      onclick: () => this.arrange(hand.house_low, t("Arranged the house way: {rule}.", { rule: say(hand.house_rule_text || hand.house_rule) })) },
          t("House way")) : null,
        this.hintFn ? h("button", { type: "button", id: "hint-button", dataset: { focus: "hint" },
                      onclick: () => this.askHint() }, t("Hint")) : null),
      this.error ? h("div", { class: "local-error", role: "alert", text: say(this.error) }) : null,
      this.renderHint()].filter(Boolean));
    explained(root);
    const rowsBox = root.querySelector(".hint-rows");
    if (rowsBox) rowsBox.scrollTop = rowsTop;
    if (this.error) intoView(root.querySelector(".local-error"), "center");
    if (focusKey) {
      const again = root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }
}
