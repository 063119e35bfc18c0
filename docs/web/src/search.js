// Search that finds things: an exact card name, card key, ruling id or scenario id first,
// with type-ahead under every search box, results grouped by kind, filterable by ruleset.
// The index (search.json) is generated at build time by hotdeath.site.search_index.

const KINDS = [["card", "Cards"], ["ruling", "Rulings"], ["scenario", "Scenarios"],
  ["page", "Pages"]];

let indexPromise = null;
function loadIndex(base) {
  if (!indexPromise) {
    indexPromise = fetch(base + "search.json").then((r) => r.json()).then((idx) => {
      const order = new Map(idx.rulesets.map((r, i) => [r.id, i]));
      for (const e of idx.entries) {
        e.names = [e.t, ...e.n].map(norm);
        e.key = norm(e.id);
        e.order = order.has(e.r) ? order.get(e.r) : 99;
        e.words = norm([e.t, ...e.n, e.id, e.r].join(" "));
      }
      return idx;
    });
  }
  return indexPromise;
}

export function norm(s) {
  return String(s).toLowerCase().replace(/[_'’"“”]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
}

// Higher is better; 0 is no match.
export function score(e, q) {
  if (!q) return 0;
  const compact = q.replace(/ /g, "");
  if (e.key && (e.key === q || e.key.replace(/ /g, "") === compact)) return 100;
  if (e.names.includes(q)) return 95;
  if (e.names.some((n) => n.startsWith(q))) return 80;
  if (e.key && e.key.startsWith(q)) return 75;
  const tokens = q.split(" ");
  const words = e.words.split(" ");
  if (tokens.every((t) => words.some((w) => w.startsWith(t)))) {
    return e.names.some((n) => n.includes(q)) ? 60 : 40;
  }
  return 0;
}

const KIND_RANK = { card: 0, ruling: 1, scenario: 2, page: 3 };

export function rank(idx, query, ruleset = "") {
  const q = norm(query);
  const out = [];
  for (const e of idx.entries) {
    if (ruleset && e.r !== ruleset) continue;
    const s = score(e, q);
    if (s) out.push([s, e]);
  }
  // best score; then cards, rulings, scenarios, pages; then the card other rulesets
  // inherit (the original printing); then the rulesets in the site's order
  out.sort((a, b) => b[0] - a[0] || KIND_RANK[a[1].k] - KIND_RANK[b[1].k] ||
    (b[1].h || 0) - (a[1].h || 0) || a[1].order - b[1].order || a[1].t.localeCompare(b[1].t));
  return out.map((x) => x[1]);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function rulesetTitle(idx, id) {
  const r = idx.rulesets.find((x) => x.id === id);
  return r ? r.id : "";
}

// The results, best first, then grouped by kind (the first result's group first).
function render(host, idx, results, root, limit) {
  host.replaceChildren();
  if (!results.length) { host.append(el("div", "hd-empty", "no card, ruling or scenario")); return; }
  const best = results[0];
  const groups = KINDS.slice().sort((a, b) => (a[0] === best.k ? -1 : b[0] === best.k ? 1 : 0));
  for (const [kind, label] of groups) {
    const items = results.filter((e) => e.k === kind).slice(0, limit);
    if (!items.length) continue;
    host.append(el("div", "hd-search-group", label));
    for (const e of items) {
      const a = el("a", "hd-search-hit");
      a.href = root + e.u;
      a.append(el("span", "hd-search-title", e.t));
      if (e.id && e.k !== "card") a.append(el("span", "hd-search-id", e.id));
      if (e.k === "card" && e.id) a.append(el("span", "hd-search-id", e.id));
      if (e.r) a.append(el("span", "hd-search-rs", rulesetTitle(idx, e.r)));
      host.append(a);
    }
  }
}

function filterSelect(idx) {
  const sel = el("select", "hd-search-filter");
  sel.append(new Option("all rulesets", ""));
  for (const r of idx.rulesets) sel.append(new Option(r.title, r.id));
  return sel;
}

function typeAhead(input, base, root) {
  const box = el("div", "hd-search-box");
  box.hidden = true;
  input.setAttribute("autocomplete", "off");
  input.parentNode.insertBefore(box, input.nextSibling);
  let idx = null, filter = null, results = [];
  const update = async () => {
    idx = idx || await loadIndex(base);
    if (!filter) {
      filter = filterSelect(idx);
      filter.onchange = update;
    }
    const q = input.value;
    if (!norm(q)) { box.hidden = true; return; }
    results = rank(idx, q, filter.value);
    const list = el("div", "hd-search-list");
    render(list, idx, results, root, 6);
    box.replaceChildren(filter, list);
    box.hidden = false;
  };
  input.addEventListener("input", update);
  input.addEventListener("focus", () => loadIndex(base));
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && results.length && norm(input.value)) {
      e.preventDefault();
      location.href = root + results[0].u;
    } else if (e.key === "Escape") box.hidden = true;
  });
  document.addEventListener("click", (e) => {
    if (!box.contains(e.target) && e.target !== input) box.hidden = true;
  });
}

// On Sphinx's search page: the best matches from the index, above its full-text results.
async function searchPage(base, root) {
  const q = new URLSearchParams(location.search).get("q");
  const host = document.getElementById("search-results") || document.querySelector("[role=main]");
  if (!q || !host) return;
  const idx = await loadIndex(base);
  const wrap = el("div", "hd-best");
  wrap.id = "hd-best";
  const filter = filterSelect(idx);
  const list = el("div", "hd-search-list");
  const show = () => render(list, idx, rank(idx, q, filter.value), root, 10);
  filter.onchange = show;
  wrap.append(el("h2", "", "Best matches"), filter, list);
  host.parentNode.insertBefore(wrap, host);
  show();
}

export function initSearch(root) {
  const base = root + "_static/hd/";
  for (const input of document.querySelectorAll('input[name="q"]')) typeAhead(input, base, root);
  if (/search\.html$/.test(location.pathname)) searchPage(base, root);
}
