// The reveal: a settled round told for people (the data comes from view.round_story).

import { h, money, signedMoney } from "./dom.js";
import { pieceSVG } from "./pieces.js";
import { handName, say, sentence, t } from "./i18n.js";

const MARK_TEXT = { won: t("won"), lost: t("lost"), copy: t("copy"), "0-0": t("0-0"), forfeit: t("forfeit") };

export function piecesRow(game, texts, cls = "") {
  const row = h("span", { class: `pieces ${cls}` });
  for (const t of texts) row.appendChild(pieceSVG(game, t, { small: true }));
  return row;
}

function handLine(game, which, texts, name, mark, reason) {
  return h("div", { class: `hand-line ${mark ? "mark-" + mark.replace("0-0", "zero") : ""}` },
    h("span", { class: "which", text: which === "high" ? t("high") : t("low") }),
    piecesRow(game, texts),
    h("span", { class: "hand-name", text: handName(name, texts) }),
    mark ? h("span", { class: "mark", text: MARK_TEXT[mark] || mark }) : null,
    reason ? h("span", { class: "reason", text: say(reason) }) : null);
}

function moneyLine(s) {
  const parts = [t("stake {amount}", { amount: money(s.stake) })];
  if (s.outcome === "win") parts.push(t("won {amount}", { amount: money(s.won) }));
  if (s.commission) parts.push(t("commission {amount}", { amount: money(s.commission) }));
  if (s.fee) parts.push(t("fee {amount}", { amount: money(s.fee) }));
  return h("div", { class: "money-line" },
    h("span", { text: parts.join(" · ") }),
    h("strong", { class: s.net > 0 ? "up" : s.net < 0 ? "down" : "even",
                  text: t("net {amount}", { amount: signedMoney(s.net) }) }));
}

// `you`: the seat of the person looking, to mark their row.
export function renderStory(game, story, you = null) {
  const b = story.bank_hand;
  const bank = story.bank;
  const head = h("header", { class: "story-head" },
    h("h3", { text: t("Round {n}: the reveal", { n: story.number }) }),
    h("span", { class: "dice-text", text: t("dice {dice} = {total}", { dice: story.dice.join(" + "), total: story.dice.reduce((a, c) => a + c, 0) }) }));
  const bankerSeat = story.banker.seat;
  const mineBank = you !== null && bankerSeat === you;
  const who = story.banker.kind === "house" ? t("the house")
    : mineBank ? t("you") : t("seat {seat} · {name}", { seat: bankerSeat, name: say(story.banker.name) });
  const share = mineBank && bank.share !== undefined ? h("p", { class: "bank-share", role: "status" },
    h("strong", { text: story.banker.kind === "cobank" ? t("You co-banked: ") : t("You banked: ") }),
    t("your share {amount}", { amount: signedMoney(bank.share) }),
    bank.share_commission ? t(", commission {amount}", { amount: money(bank.share_commission) }) : "",
    h("strong", { class: bank.share_net > 0 ? "up" : bank.share_net < 0 ? "down" : "even",
                  text: t(" · net {amount}", { amount: signedMoney(bank.share_net) }) })) : null;
  const banker = h("section", { class: `story-banker ${mineBank ? "mine" : ""}` },
    h("h4", {}, t("Banker: {who}", { who }),
      story.banker.kind === "cobank" ? t(" (co-banking with the house)") : ""),
    handLine(game, "high", b.high, b.high_name),
    handLine(game, "low", b.low, b.low_name),
    b.rule_text ? h("p", { class: "rule", text: mineBank && b.rule === "person" ? t("set by you") : say(b.rule_text) }) : null,
    h("p", { class: "bank-result" },
      { won: t("The bank won"), lost: t("The bank lost"), even: t("The bank broke even") }[bank.result] || bank.result, " ",
      bank.net ? h("strong", { text: money(Math.abs(bank.net)) }) : null,
      story.banker.kind === "cobank" ? t(" (shared half and half with the house)") : "",
      bank.commission ? (story.banker.kind === "cobank"
        ? t(" · commission on the co-banker's share of the win {amount}", { amount: money(bank.commission) })
        : t(" · commission on the bank's win {amount}", { amount: money(bank.commission) })) : ""),
    share);
  const seatRow = (s, title) => h("article", {
      class: `story-seat outcome-${s.outcome} ${you === s.seat ? "mine" : ""}` },
    h("h4", {}, title, h("span", { class: "outcome", text: t(s.outcome) })),
    handLine(game, "high", s.high, s.high_name, s.high_mark, s.high_reason),
    handLine(game, "low", s.low, s.low_name, s.low_mark, s.low_reason),
    s.why ? h("p", { class: "why", text: say(s.why) }) : null,
    s.note ? h("p", { class: "note", text: say(s.note) }) : null,
    moneyLine(s));
  const rows = story.seats.map((s) => seatRow(s, t("Seat {seat} · {name}", { seat: s.seat, name: say(s.name) })
    + (you === s.seat ? t(" (you)") : "") + t(": ")));
  if (!rows.length) rows.push(h("p", { text: t("No player bet this round.") }));
  if (story.dragon) {
    const g = story.dragon;
    rows.push(h("div", { class: "story-dragon" }, seatRow(g,
      t("Dragon hand (place {place}), bought by seat {seat} · {name}", { place: g.place, seat: g.seat, name: say(g.name) })
      + (you === g.seat ? t(" (you)") : "") + t(": "))));
  }
  const push = story.push ? h("p", { class: "push-all", role: "status", text: sentence(story.push) }) : null;
  const side = story.side && story.side.length ? h("section", { class: "story-side" },
    h("h4", { text: t("Side bets") }),
    h("ul", {}, ...story.side.map((x) => h("li", { class: `side-${x.net > 0 ? "won" : "lost"} ${you === x.seat ? "mine" : ""}` },
      t("Seat {seat} · {name}", { seat: x.seat, name: say(x.seat_name) }) + t(": ")
        + (x.kind === "envy" ? t("{title} Envy bonus", { title: say(x.title || x.name) }) : `${say(x.title || x.name)} ${money(x.stake)}`) + " — ",
      x.label ? say(x.label) + (x.kind === "envy" ? t(" (place {place})", { place: x.place }) : t(", pays {pays} to 1", { pays: x.pays })) : t("no paying hand"),
      " ", h("strong", { class: x.net > 0 ? "up" : "down", text: signedMoney(x.net) }))))) : null;
  const fair = story.seed ? h("p", { class: "fair-line" }, t("Seed revealed: "),
    h("code", { title: story.seed, text: `${story.seed.slice(0, 16)}…` }),
    t(" (committed before the round as "), h("code", { title: story.commitment, text: `${story.commitment.slice(0, 12)}…` }),
    t(")")) : null;
  return h("div", { class: "story", dataset: { round: String(story.round) } }, head, push, banker, ...rows, side, fair);
}
