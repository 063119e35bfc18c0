// The playground's table picker: the players, each hand, the discard and the pile, laid out
// by picking cards from the ruleset's own list (manifest.json, written at docs build time
// from the checked rulesets), never typed. The editor stays the one source of truth: each
// pick reads the scenario's `table` block, changes it and writes it back, so an edit made by
// hand is kept and the picker redraws from it.
import { chip } from "./table.js";

const NAME = /^[a-z_][a-z0-9_]*$/;
const MANAGED = new Set(["players", "hand", "discard", "pile"]);
// setup lines that name one player (dropped with that player)
const PER_PLAYER = new Set(["hand", "field", "power", "score", "turn", "dealer"]);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cardList(text) {
  return text.split(",").map((c) => c.trim().split(/\s+/).join(" ")).filter((c) => c);
}

// The table block of a scenario's text: {players, hands, discard, pile, others, start, end}
// (start and end: the lines after `table` and the `steps` line), or null without both lines.
export function readTable(text) {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^table\s*(#.*)?$/.test(l));
  const end = lines.findIndex((l, i) => i > start && /^steps\s*(#.*)?$/.test(l));
  if (start < 0 || end < 0) return null;
  const t = { players: [], hands: {}, discard: [], pile: [], others: [], start: start + 1, end };
  for (const line of lines.slice(start + 1, end)) {
    const words = line.replace(/#.*$/, "").trim();
    const m = /^(players|discard|pile)\b\s*(.*)$/.exec(words);
    const h = /^hand\s+([a-z_][a-z0-9_]*)\s*:\s*(.*)$/.exec(words);
    if (m && m[1] === "players") t.players = m[2].split(/\s+/).filter((w) => w);
    else if (m) t[m[1]] = cardList(m[2]);
    else if (h) t.hands[h[1]] = cardList(h[2]);
    else if (line.trim()) t.others.push(line);
  }
  return t;
}

// The scenario's text with its table block written from t (lines the picker does not manage,
// such as `turn` or `field`, kept; those about a player no longer seated dropped).
export function writeTable(text, t) {
  const lines = text.split("\n");
  const seated = new Set(t.players);
  const keep = t.others.filter((l) => {
    const w = l.trim().split(/\s+/);
    return !(PER_PLAYER.has(w[0]) && w[1] && !seated.has(w[1].replace(/:$/, "")));
  });
  const block = [`  players ${t.players.join(" ")}`, ...keep];
  block.push(t.discard.length ? `  discard ${t.discard.join(", ")}` : "  discard");
  for (const p of t.players) {
    const hand = t.hands[p] || [];
    block.push(`  hand ${p}:` + (hand.length ? " " + hand.join(", ") : ""));
  }
  block.push(t.pile.length ? `  pile ${t.pile.join(", ")}` : "  pile");
  return [...lines.slice(0, t.start), ...block, ...lines.slice(t.end)].join("\n");
}

// The text with an `option` line for each card on the table that only an option puts in the
// deck (the list says which), after the ruleset line, unless it is there already.
export function withOptions(text, rs, t) {
  const on = [t.discard, t.pile, ...Object.values(t.hands)].flat();
  const need = new Set();
  for (const c of rs.cards) {
    if (c.option && c.faces.some((f) => on.includes(f))) need.add(c.option);
  }
  let out = text;
  for (const opt of need) {
    if (new RegExp(`^option\\s+${opt}\\s*$`, "m").test(out)) continue;
    out = out.replace(/^(ruleset .*)$/m, `$1\noption ${opt}`);
  }
  return out;
}

// The picker for ruleset rs over an editor: get() and set(text) read and write its text.
// choose: {card, face} to preselect ("try this card").
export function makePicker(host, rs, get, set, choose = {}) {
  host.replaceChildren();
  host.classList.add("hd-picker");
  const cardSel = el("select", "hd-select hd-pick-card");
  cardSel.setAttribute("aria-label", "card");
  for (const c of rs.cards) {
    const o = el("option", "", c.title + (c.option ? ` (option ${c.option})` : ""));
    o.value = c.name;
    cardSel.append(o);
  }
  const faceSel = el("select", "hd-select hd-pick-face");
  faceSel.setAttribute("aria-label", "face");
  const faces = () => {
    const c = rs.cards.find((x) => x.name === cardSel.value) || rs.cards[0];
    faceSel.replaceChildren(...c.faces.map((f) => { const o = el("option", "", f); o.value = f; return o; }));
  };
  const wanted = rs.cards.find((c) => c.name === choose.card || c.key === choose.card);
  if (wanted) cardSel.value = wanted.name;
  faces();
  if (choose.face && [...faceSel.options].some((o) => o.value === choose.face)) {
    faceSel.value = choose.face;
  }
  cardSel.onchange = faces;
  const palette = el("div", "hd-bar hd-pick-palette");
  palette.append(el("label", "", "Card "), cardSel, faceSel);
  const zones = el("div", "hd-pick-zones");
  const note = el("p", "hd-small hd-pick-note");
  host.append(palette, zones, note);

  // Read the editor's table, let change(t) alter it, write it back, redraw.
  const edit = (change) => {
    const t = readTable(get());
    if (!t) return;
    change(t);
    set(withOptions(writeTable(get(), t), rs, t));
    draw();
  };
  const zone = (label, cards, onAdd, onRemove, cls) => {
    const row = el("div", "hd-pick-zone " + cls);
    row.dataset.zone = label;
    const add = el("button", "hd-button hd-pick-add", "+ " + faceSel.value);
    add.type = "button";
    add.title = `put the card chosen above in ${label}`;
    add.onclick = () => edit((t) => onAdd(t, faceSel.value));
    const list = el("div", "hd-hand hd-pick-cards");
    cards.forEach((card, i) => {
      const c = chip(card);
      c.classList.add("hd-pick-chip");
      c.setAttribute("role", "button");
      c.tabIndex = 0;
      c.title = `${card}: click to take it out`;
      c.onclick = () => edit((t) => onRemove(t, i));
      c.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") c.onclick(); };
      list.append(c);
    });
    if (!cards.length) list.append(el("span", "hd-empty", "(none)"));
    row.append(el("span", "hd-pick-label", label), list, add);
    return row;
  };
  const draw = () => {
    const t = readTable(get());
    zones.replaceChildren();
    if (!t) {
      note.textContent = "The scenario needs its `table` and `steps` lines for the picker.";
      return;
    }
    note.textContent = "Click a card on the table to take it out. The pile and the " +
      "discard are listed top card first: a card added to the discard goes on top, one " +
      "added to the pile goes to its bottom.";
    const players = el("div", "hd-bar hd-pick-players");
    players.append(el("span", "hd-pick-label", "Players"));
    for (const p of t.players) {
      const b = el("button", "hd-chip-button hd-pick-player", p + " ×");
      b.type = "button";
      b.title = `take ${p} from the table`;
      b.onclick = () => edit((x) => { x.players = x.players.filter((q) => q !== p); });
      players.append(b);
    }
    const name = el("input", "hd-pick-name");
    name.placeholder = "name";
    name.size = 8;
    const addPlayer = el("button", "hd-button hd-pick-add-player", "Add player");
    addPlayer.type = "button";
    addPlayer.onclick = () => {
      const n = name.value.trim().toLowerCase();
      if (!NAME.test(n) || t.players.includes(n)) {
        note.textContent = `A player's name is lower-case letters, digits and _, and new.`;
        return;
      }
      edit((x) => { x.players.push(n); x.hands[n] = []; });
    };
    players.append(name, addPlayer);
    zones.append(players);
    zones.append(zone("the discard", t.discard, (x, f) => x.discard.unshift(f),
      (x, i) => x.discard.splice(i, 1), "hd-pick-discard"));
    for (const p of t.players) {
      zones.append(zone(`${p}'s hand`, t.hands[p] || [],
        (x, f) => { (x.hands[p] = x.hands[p] || []).push(f); },
        (x, i) => x.hands[p].splice(i, 1), "hd-pick-hand"));
    }
    zones.append(zone("the pile", t.pile, (x, f) => x.pile.push(f),
      (x, i) => x.pile.splice(i, 1), "hd-pick-pile"));
  };
  faceSel.addEventListener("change", () => {
    for (const b of zones.querySelectorAll(".hd-pick-add")) b.textContent = "+ " + faceSel.value;
  });
  cardSel.addEventListener("change", () => faceSel.dispatchEvent(new Event("change")));
  draw();
  return { draw };
}
