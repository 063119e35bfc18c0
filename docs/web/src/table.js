// The table, drawn from the protocol observations the trace was made from (inpage.frames):
// each hand as coloured chips, the discard's top, the pile, the pending attack and its
// target, whose turn, the direction. Step with the buttons or the arrow keys.

const COLOURS = new Set(["red", "yellow", "green", "blue"]);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function chip(notation) {
  const words = String(notation).split(" ");
  const colour = COLOURS.has(words[0]) ? words[0] : words[0] === "wild" ? "wild" : "other";
  const c = el("span", "hd-chip hd-chip-" + colour);
  c.title = notation;
  c.textContent = colour === "other" ? notation : words.slice(1).join(" ").replace(/_/g, " ");
  return c;
}

function seat(obs, player) {
  const s = el("div", "hd-seat");
  if (obs.turn === player) s.classList.add("hd-turn");
  const pend = obs.pending && obs.pending.target === player;
  if (pend) s.classList.add("hd-target");
  const name = el("div", "hd-seat-name", player);
  if (obs.turn === player) name.append(el("span", "hd-badge", "turn"));
  if (pend) name.append(el("span", "hd-badge hd-badge-attack", "faces it"));
  if ((obs.eliminated || []).includes(player)) name.append(el("span", "hd-badge", "out"));
  if (obs.winner === player) name.append(el("span", "hd-badge", "wins"));
  s.append(name);
  const hand = el("div", "hd-hand");
  for (const card of (obs.hands || {})[player] || []) hand.append(chip(card));
  if (!hand.children.length) hand.append(el("span", "hd-empty", "(no cards)"));
  s.append(hand);
  const field = (obs.field || {})[player] || [];
  if (field.length) {
    const f = el("div", "hd-hand hd-field", "field: ");
    for (const card of field) f.append(chip(card));
    s.append(f);
  }
  return s;
}

function centre(obs) {
  const c = el("div", "hd-centre");
  const top = el("div", "hd-pile");
  top.append(el("div", "hd-pile-label", "discard top"));
  if (obs.top) top.append(chip(obs.top));
  if (obs.color) top.append(el("div", "hd-small", "colour in play: " + obs.color));
  top.append(el("div", "hd-small", `${obs.discard_count ?? "?"} in the discard`));
  const pile = el("div", "hd-pile");
  pile.append(el("div", "hd-pile-label", "draw pile"));
  pile.append(el("div", "hd-pile-count", String(obs.pile_count ?? "?")));
  const info = el("div", "hd-pile");
  const arrow = obs.direction === "counterclockwise" ? "↺" : "↻";
  info.append(el("div", "hd-pile-label", "direction"));
  info.append(el("div", "hd-pile-count", arrow));
  info.append(el("div", "hd-small", obs.direction || ""));
  c.append(top, pile, info);
  if (obs.pending) {
    const p = obs.pending;
    const what = (p.kind || "draw") === "draw" ? `a draw of ${p.amount}` : `'${p.kind}'`;
    c.append(el("div", "hd-pending",
      `pending: ${what} at ${p.target}` + (p.origin ? ` (from ${p.origin})` : "")));
  }
  return c;
}

export function drawTable(host, frames) {
  host.replaceChildren();
  if (!frames.length) return;
  let at = 0;
  const bar = el("div", "hd-table-bar");
  const prev = el("button", "hd-button", "◀ step");
  const next = el("button", "hd-button", "step ▶");
  const label = el("span", "hd-table-label");
  bar.append(prev, next, label);
  const board = el("div", "hd-board");
  const events = el("ul", "hd-events");
  host.append(bar, board, events);
  host.tabIndex = 0;
  const show = () => {
    const f = frames[at];
    label.textContent = `${at}/${frames.length - 1}: ${f.label}` +
      (f.status ? `  → ${f.status}` : "");
    board.replaceChildren();
    events.replaceChildren(...f.events.map((t) => el("li", "", t)));
    const obs = f.observation;
    if (!obs) { board.append(el("p", "hd-empty", "(no table after this step)")); return; }
    board.append(centre(obs));
    const seats = el("div", "hd-seats");
    for (const p of obs.players || []) seats.append(seat(obs, p));
    board.append(seats);
    prev.disabled = at === 0;
    next.disabled = at === frames.length - 1;
  };
  prev.onclick = () => { if (at > 0) { at--; show(); } };
  next.onclick = () => { if (at < frames.length - 1) { at++; show(); } };
  host.onkeydown = (e) => {
    if (e.key === "ArrowLeft") { prev.onclick(); e.preventDefault(); }
    if (e.key === "ArrowRight") { next.onclick(); e.preventDefault(); }
  };
  show();
}
