// A table's history: its settled rounds, newest first, a page at a time (seated people).

import { api, h, money } from "./dom.js";
import { setTileNames } from "./pieces.js";
import { renderStory } from "./story.js";
import { explained } from "./words.js";

const root = document.getElementById("history-page");
const tableId = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);

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
  $("rounds").replaceChildren(...(data.rounds.length ? data.rounds.map((story) =>
    h("div", { class: "history-round" }, tableId ? null : h("h2", { text: story.table }),
      explained(renderStory(game || story.game, story)),
      h("p", {}, h("a", { href: tableId ? `/tables/${tableId}/rounds/${story.round}` : `/rounds/${story.round}`,
                          text: `Replay and audit round ${story.number}` }),
        ` · house net after it ${money(story.house_net)}`)))
    : [h("p", { text: "You have played no settled round here yet." })]));
  const nav = [];
  for (let p = 1; p <= data.pages; p++) {
    nav.push(p === page ? h("span", { "aria-current": "page", text: String(p) })
      : h("a", { href: `#page-${p}`, onclick: (ev) => { ev.preventDefault(); show(p); }, text: String(p) }));
  }
  $("pages").replaceChildren(...(data.pages > 1 ? [h("span", { text: "Pages: " }), ...nav] : []));
}

show(1);
