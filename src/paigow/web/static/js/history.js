// A table's history: its settled rounds, newest first, a page at a time (seated people).

import { api, h, signedMoney } from "./dom.js";
import { setTileNames } from "./pieces.js";
import { renderStory } from "./story.js";
import { explained } from "./words.js";
import { formatWhen, say, t, tableName } from "./i18n.js";

const root = document.getElementById("history-page");
const tableId = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);

const DID = { win: t("your bet won"), lose: t("your bet lost"), push: t("your bet pushed") };

// What a round was to the person (their seat in it): what they did and the money it made
// them, their bet's and dragon hand's nets, side bets and their share of a bank they held.
// A main bet that pushed while side bets lost reads "your bet pushed · side bets -$5.00 ·
// net -$5.00", not a push that cost money.
export function yourPart(story, seat) {
  if (seat === null || seat === undefined) return null;
  let net = 0;
  let found = false;
  for (const s of story.seats) if (s.seat === seat) { net += s.net; found = true; }
  const extra = { side: null, dragon: null };
  if (story.dragon && story.dragon.seat === seat) extra.dragon = story.dragon.net;
  for (const x of story.side || []) if (x.seat === seat) extra.side = (extra.side || 0) + x.net;
  for (const v of Object.values(extra)) if (v !== null) { net += v; found = true; }
  const b = story.banker;
  const banked = b.kind !== "house" && b.seat === seat;
  if (banked) { net += story.bank.share_net; found = true; }
  const mine = story.seats.find((s) => s.seat === seat);
  const main = banked ? (b.kind === "cobank" ? t("you co-banked") : t("you banked"))
    : mine ? DID[mine.outcome] || say(mine.outcome) : null;
  const others = [["side", extra.side], ["dragon", extra.dragon]]
    .filter(([, v]) => v !== null);
  const parts = main ? [main] : [];
  const named = { side: (amount) => t("side bets {amount}", { amount }), dragon: (amount) => t("dragon hand {amount}", { amount }) };
  if (main || others.length > 1) parts.push(...others.map(([k, v]) => named[k](signedMoney(v))));
  else parts.push(others[0] && others[0][0] === "dragon" ? t("your dragon hand") : t("your side bets"));  // the net says the rest
  return found ? { net, what: parts.join(" · ") } : null;
}

// When a round was played, in the reader's time and language (CLDR's date and time, as the
// server's Babel formats them): a table restarted numbers its rounds from 1 again, and the
// time tells them apart.
function when(iso) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return "";
  return formatWhen(moment);
}

// A round in the list: one line (the round, where, when, what it was to you), the story on
// a tap.
function historyRound(story, open) {
  const part = yourPart(story, story.seat_mine);
  return h("div", { class: "history-round" },
    h("details", { open: open ? true : null },
      h("summary", {},
        h("strong", { text: t("Round {n}", { n: story.number }) }),
        tableId ? "" : t(" at {table}", { table: tableName({ name: story.table, name_msg: story.table_msg }) }),
        story.opened ? h("span", { class: "when", text: t(", {when}", { when: when(story.opened) }) }) : null,
        part ? ` · ${part.what} · ` : "",
        part ? h("strong", { class: `your-net ${part.net > 0 ? "up" : part.net < 0 ? "down" : "even"}`,
                             text: t("net {amount}", { amount: signedMoney(part.net) }) }) : null),
      explained(renderStory(game || story.game, story, story.seat_mine))),  // your seat marked
    h("p", { class: "history-links" },
      h("a", { href: tableId ? `/tables/${tableId}/rounds/${story.round}` : `/rounds/${story.round}`,
               text: t("Replay and audit round {n}", { n: story.number }) })));
}

async function show(page) {
  $("error").hidden = true;
  let data;
  try {
    if (tableId) {
      const st = await api("GET", `/api/tables/${tableId}/state`);
      setTileNames(st.piece_names);
    }
    // your rounds at this table (across restarts), or at every table
    data = await api("GET", tableId ? `/api/tables/${tableId}/history?page=${page}`
                                    : `/api/history?page=${page}`);
  } catch (e) {
    $("error").textContent = e.message;
    $("error").hidden = false;
    $("rounds").replaceChildren();
    return;
  }
  $("rounds").replaceChildren(...(data.rounds.length
    ? data.rounds.map((story, i) => historyRound(story, i === 0 && page === 1))
    : [h("p", { text: t("You have played no settled round here yet.") })]));
  const nav = [];
  for (let p = 1; p <= data.pages; p++) {
    nav.push(p === page ? h("span", { "aria-current": "page", text: String(p) })
      : h("a", { href: `#page-${p}`, onclick: (ev) => { ev.preventDefault(); show(p); }, text: String(p) }));
  }
  $("pages").replaceChildren(...(data.pages > 1 ? [h("span", { text: t("Pages: ") }), ...nav] : []));
}

show(1);
