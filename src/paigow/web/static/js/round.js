// One settled round, replayed from the ledger: the deal by the dice, every hand as set,
// the results, and whether re-dealing and re-settling reproduce the ledger exactly.

import { api, h } from "./dom.js";
import { setTileNames } from "./pieces.js";
import { piecesRow, renderStory } from "./story.js";
import { explained } from "./words.js";
import { say, sentence, t, tableName } from "./i18n.js";

const root = document.getElementById("round-page");
const { table: tableId, round } = root.dataset;
let game = root.dataset.game;
// a round of any table (your rounds at every table) when the page names no table
const base = tableId ? `/api/tables/${tableId}/rounds/${round}` : `/api/rounds/${round}`;
const $ = (id) => document.getElementById(id);

async function show() {
  try {
    const d = await api("GET", base);
    setTileNames(d.piece_names);
    game = d.game;
    // named as every other page names it: the table and the round's number there
    const title = t("{table}: round {n}", { table: tableName(d), n: d.story.number });
    $("round-title").textContent = title;
    document.title = title;
    const a = d.audit;
    const f = d.fair;
    const fair = f.checked
      ? h("section", { class: `audit ${f.fair ? "ok" : "bad"}`, role: "status" },
        h("p", { text: f.fair
          ? t("✓ Provably fair: the seed revealed after the round hashes to the commitment published before it, and dealing from that seed alone gives exactly these dice and hands.")
          : t("✗ The deal does not follow from the seed: {why}", { why: f.differences.map(say).join(t("; ")) }) }),
        h("p", {}, t("Commitment"), " ", h("code", { class: "hex", text: f.commitment })),
        h("p", {}, t("Seed"), " ", h("code", { class: "hex", text: f.seed })),
        h("p", {}, t("Check it yourself: "),
          h("a", { href: `${base}/record`, download: `round-${round}.json`,
                   text: t("download the round's record") }),
          t(" and run "), h("code", { text: `paigow verify --record round-${round}.json` }), t(".")))
      : h("p", { text: say(f.why) });
    const dealt = Object.entries(a.dealt || {}).map(([place, pieces]) =>
      h("li", {}, place === "0" ? t("place {place} (dealer): ", { place }) : t("place {place}: ", { place }), piecesRow(game, pieces)));
    // (a part that is not there is left out: replaceChildren would write "null")
    $("replay").replaceChildren(...[
      h("p", { class: a.reproduced ? "audit ok" : "audit bad", role: "status" },
        a.reproduced ? t("✓ Dealt again from the recorded shuffle and dice and settled again: every hand, result and ledger entry is exactly the record.")
          : t("✗ The replay differs from the ledger: {why}", { why: a.differences.map(say).join(t("; ")) })),
      a.house_way_check ? h("p", { text: sentence(a.house_way_check) }) : null,
      fair,
      h("h2", { text: t("The deal") }),
      h("p", { text: game === "tiles"
        ? t("The dice counted to place {place}, which took the first stack.", { place: a.first_place })
        : t("The dice counted to place {place}, which took the first hand.", { place: a.first_place }) }),
      h("ul", { class: "dealt" }, ...dealt),
      explained(renderStory(game, d.story, d.seat_mine))].filter(Boolean));  // your seat marked
  } catch (e) {
    $("error").textContent = e.message;
    $("error").hidden = false;
  }
}

show();
