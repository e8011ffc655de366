// One settled round, replayed from the ledger: the deal by the dice, every hand as set,
// the results, and whether re-dealing and re-settling reproduce the ledger exactly.

import { api, h } from "./dom.js";
import { setTileNames } from "./pieces.js";
import { piecesRow, renderStory } from "./story.js";

const root = document.getElementById("round-page");
const { table: tableId, game, round } = root.dataset;
const $ = (id) => document.getElementById(id);

async function show() {
  try {
    const st = await api("GET", `/api/tables/${tableId}/state`);
    setTileNames(st.piece_names);
    const d = await api("GET", `/api/tables/${tableId}/rounds/${round}`);
    const a = d.audit;
    const dealt = Object.entries(a.dealt || {}).map(([place, pieces]) =>
      h("li", {}, `place ${place}${place === "0" ? " (dealer)" : ""}: `, piecesRow(game, pieces)));
    $("replay").replaceChildren(
      h("p", { class: a.reproduced ? "audit ok" : "audit bad", role: "status" },
        a.reproduced ? "✓ Dealt again from the recorded shuffle and dice and settled again: "
          + "every hand, result and ledger entry is exactly the record."
          : `✗ The replay differs from the ledger: ${a.differences.join("; ")}`),
      a.house_way_check ? h("p", { text: a.house_way_check }) : null,
      h("h2", { text: "The deal" }),
      h("p", { text: `The dice counted to place ${a.first_place}, which took the first ${game === "tiles" ? "stack" : "hand"}.` }),
      h("ul", { class: "dealt" }, ...dealt),
      renderStory(game, d.story));
  } catch (e) {
    $("error").textContent = e.message;
    $("error").hidden = false;
  }
}

show();
