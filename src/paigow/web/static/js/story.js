// The reveal: a settled round told for people (the data comes from view.round_story).

import { h, money, signedMoney } from "./dom.js";
import { pieceSVG } from "./pieces.js";

const MARK_TEXT = { won: "won", lost: "lost", copy: "copy", "0-0": "0-0", forfeit: "forfeit" };

export function piecesRow(game, texts, cls = "") {
  const row = h("span", { class: `pieces ${cls}` });
  for (const t of texts) row.appendChild(pieceSVG(game, t, { small: true }));
  return row;
}

function handLine(game, which, texts, name, mark, reason) {
  return h("div", { class: `hand-line ${mark ? "mark-" + mark.replace("0-0", "zero") : ""}` },
    h("span", { class: "which", text: which }),
    piecesRow(game, texts),
    h("span", { class: "hand-name", text: name }),
    mark ? h("span", { class: "mark", text: MARK_TEXT[mark] || mark }) : null,
    reason ? h("span", { class: "reason", text: reason }) : null);
}

function moneyLine(s) {
  const parts = [`stake ${money(s.stake)}`];
  if (s.outcome === "win") parts.push(`won ${money(s.won)}`);
  if (s.commission) parts.push(`commission ${money(s.commission)}`);
  if (s.fee) parts.push(`fee ${money(s.fee)}`);
  return h("div", { class: "money-line" },
    h("span", { text: parts.join(" · ") }),
    h("strong", { class: s.net > 0 ? "up" : s.net < 0 ? "down" : "even",
                  text: `net ${signedMoney(s.net)}` }));
}

// `you`: the seat of the person looking, to mark their row.
export function renderStory(game, story, you = null) {
  const b = story.bank_hand;
  const bank = story.bank;
  const head = h("header", { class: "story-head" },
    h("h3", { text: `Round ${story.number}: the reveal` }),
    h("span", { class: "dice-text", text: `dice ${story.dice.join(" + ")} = ${story.dice.reduce((a, c) => a + c, 0)}` }));
  const bankerSeat = story.banker.seat;
  const mineBank = you !== null && bankerSeat === you;
  const who = story.banker.kind === "house" ? "the house"
    : mineBank ? "you" : `seat ${bankerSeat} · ${story.banker.name}`;
  const share = mineBank && bank.share !== undefined ? h("p", { class: "bank-share", role: "status" },
    h("strong", { text: story.banker.kind === "cobank" ? "You co-banked: " : "You banked: " }),
    `your share ${signedMoney(bank.share)}`,
    bank.share_commission ? `, commission ${money(bank.share_commission)}` : "",
    h("strong", { class: bank.share_net > 0 ? "up" : bank.share_net < 0 ? "down" : "even",
                  text: ` · net ${signedMoney(bank.share_net)}` })) : null;
  const banker = h("section", { class: `story-banker ${mineBank ? "mine" : ""}` },
    h("h4", {}, `Banker: ${who}`,
      story.banker.kind === "cobank" ? " (co-banking with the house)" : ""),
    handLine(game, "high", b.high, b.high_name),
    handLine(game, "low", b.low, b.low_name),
    b.rule_text ? h("p", { class: "rule", text: mineBank && b.rule === "person" ? "set by you" : b.rule_text }) : null,
    h("p", { class: "bank-result" },
      `The bank ${bank.result === "even" ? "broke even" : bank.result} `,
      bank.net ? h("strong", { text: money(Math.abs(bank.net)) }) : null,
      story.banker.kind === "cobank" ? " (shared half and half with the house)" : "",
      bank.commission ? ` · commission on the ${story.banker.kind === "cobank" ? "co-banker's share of the" : "bank's"} win ${money(bank.commission)}` : ""),
    share);
  const seatRow = (s, title) => h("article", {
      class: `story-seat outcome-${s.outcome} ${you === s.seat ? "mine" : ""}` },
    h("h4", {}, title, h("span", { class: "outcome", text: s.outcome })),
    handLine(game, "high", s.high, s.high_name, s.high_mark, s.high_reason),
    handLine(game, "low", s.low, s.low_name, s.low_mark, s.low_reason),
    s.why ? h("p", { class: "why", text: s.why }) : null,
    s.note ? h("p", { class: "note", text: s.note }) : null,
    moneyLine(s));
  const rows = story.seats.map((s) => seatRow(s, `Seat ${s.seat} · ${s.name}${you === s.seat ? " (you)" : ""}: `));
  if (!rows.length) rows.push(h("p", { text: "No player bet this round." }));
  if (story.dragon) {
    const g = story.dragon;
    rows.push(h("div", { class: "story-dragon" }, seatRow(g,
      `Dragon hand (place ${g.place}), bought by seat ${g.seat} · ${g.name}${you === g.seat ? " (you)" : ""}: `)));
  }
  const push = story.push ? h("p", { class: "push-all", role: "status", text: `${story.push[0].toUpperCase()}${story.push.slice(1)}.` }) : null;
  const side = story.side && story.side.length ? h("section", { class: "story-side" },
    h("h4", { text: "Side bets" }),
    h("ul", {}, ...story.side.map((x) => h("li", { class: `side-${x.net > 0 ? "won" : "lost"} ${you === x.seat ? "mine" : ""}` },
      `Seat ${x.seat} · ${x.seat_name}: ${x.kind === "envy" ? `${x.title || x.name} Envy bonus` : `${x.title || x.name} ${money(x.stake)}`} — `,
      x.label ? `${x.label}${x.kind === "envy" ? ` (place ${x.place})` : `, pays ${x.pays} to 1`}` : "no paying hand",
      " ", h("strong", { class: x.net > 0 ? "up" : "down", text: signedMoney(x.net) }))))) : null;
  const fair = story.seed ? h("p", { class: "fair-line" }, "Seed revealed: ",
    h("code", { title: story.seed, text: `${story.seed.slice(0, 16)}…` }),
    " (committed before the round as ", h("code", { title: story.commitment, text: `${story.commitment.slice(0, 12)}…` }),
    ")") : null;
  return h("div", { class: "story", dataset: { round: String(story.round) } }, head, push, banker, ...rows, side, fair);
}
