// A page's layout checked as a person would see it (tests/web/test_evening.py): no two
// controls (links, buttons, fields) overlap or touch on one line, so each can be read and
// hit on its own ("How to playJoin or watch" ran together in the lobby's cards), and the
// header's links stay on one row; no control hides in text for screen readers only.
// Returns what is wrong.
() => {
  // drawn for the person (not inside a closed <details>, which keeps its boxes hidden)
  const shown = (el) => el.getClientRects().length > 0
    && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
  // the part of a box a person sees: inside every scrolling box it is in (a hint's rows
  // scrolled out of their box are not over the buttons above it)
  const clips = new Map();  // an element's clip: the box its scrolling ancestors leave, or null
  const clipOf = (el) => {
    if (!el) return null;
    if (clips.has(el)) return clips.get(el);
    let c = clipOf(el.parentElement);
    const cs = getComputedStyle(el);
    if (cs.overflowX !== "visible" || cs.overflowY !== "visible") {
      const r = el.getBoundingClientRect();
      c = c ? { left: Math.max(c.left, r.left), top: Math.max(c.top, r.top),
                right: Math.min(c.right, r.right), bottom: Math.min(c.bottom, r.bottom) } : r;
    }
    clips.set(el, c);
    return c;
  };
  const clipped = (el, r) => {
    const c = clipOf(el.parentElement);
    const [l, t, rr, b] = c ? [Math.max(r.left, c.left), Math.max(r.top, c.top),
                               Math.min(r.right, c.right), Math.min(r.bottom, c.bottom)]
      : [r.left, r.top, r.right, r.bottom];
    return rr > l && b > t ? { left: l, top: t, right: rr, bottom: b } : null;
  };
  const seen = new Map();  // each control's visible boxes, measured once
  const rects = (el) => {
    if (!seen.has(el)) seen.set(el, [...el.getClientRects()].map((r) => clipped(el, r)).filter(Boolean));
    return seen.get(el);
  };
  const controls = [...document.querySelectorAll("a[href], button, input, select, summary, textarea")]
    .filter(shown).filter((el) => !el.closest(".skip, .drag-ghost")).filter((el) => rects(el).length);
  const name = (el) => {
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim();
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${text.replace(/\s+/g, " ").slice(0, 30)}"`;
  };
  const bad = [];
  // a control in text for screen readers only is one nobody sees, yet it takes the focus
  for (const el of controls.filter((c) => c.closest(".sr-only"))) {
    bad.push(`${name(el)} is inside text for screen readers only`);
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      let worst = null;
      for (const ra of rects(a)) {
        for (const rb of rects(b)) {
          if (Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) <= 2) continue; // other lines
          const gap = Math.max(rb.left - ra.right, ra.left - rb.right);
          if (gap < 3 && (worst === null || gap < worst)) worst = gap;
        }
      }
      if (worst !== null) bad.push(`${name(a)} and ${name(b)} ${worst < 0 ? "overlap" : "touch"} (${worst.toFixed(1)} px)`);
    }
  }
  // a menu shows its choice whole (a choice is a sentence: "the Australian casino house way")
  const ctx = document.createElement("canvas").getContext("2d");
  for (const sel of document.querySelectorAll("select")) {
    if (!shown(sel) || sel.selectedIndex < 0) continue;
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = sel.options[sel.selectedIndex].text;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 18; // the arrow
    if (ctx.measureText(text).width > room) bad.push(`${name(sel)} cuts its choice "${text}"`);
  }
  // the header's links, and who you are beside them, on one row (the languages on theirs)
  for (const sel of ["header.top nav:not(.languages) a, header.top .who-link",
                     "header.top nav.languages > *"]) {
    const row = [...document.querySelectorAll(sel)].filter(shown);
    if (new Set(row.map((a) => Math.round(a.getBoundingClientRect().top))).size > 1) {
      bad.push("the header's links take more than one row");
    }
  }
  return bad;
}
