// The rules site's app: Edit & run on scenario pages, the playground, the table, search.
import { BASE, manifest, reference, startupText } from "./runtime.js";
import { makeEditor, showDiagnostics } from "./editor.js";
import { drawTable } from "./table.js";
import { fromHash, link } from "./share.js";
import { initSearch } from "./search.js";
import { makePicker } from "./picker.js";

const ROOT = new URL("../../", BASE).href;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(text, onclick, cls = "hd-button") {
  const b = el("button", cls, text);
  b.type = "button";
  b.onclick = onclick;
  return b;
}

// One editor with Run, its output, the table and the share link. opts: text, path, syntax,
// ruleset (a function returning it where the page lets the reader change it), onChange.
function workbench(host, opts) {
  const bar = el("div", "hd-bar");
  const status = el("span", "hd-status");
  const editorHost = el("div", "hd-editor");
  const output = el("pre", "hd-output");
  output.hidden = true;
  const table = el("div", "hd-table");
  const shared = el("input", "hd-share-link");
  shared.readOnly = true;
  shared.hidden = true;
  let view = null;
  const run = async () => {
    runButton.disabled = true;
    try {
      const t0 = performance.now();
      const rsId = typeof opts.ruleset === "function" ? opts.ruleset() : opts.ruleset;
      const ref = await reference((s) => { status.textContent = s; }, rsId);
      status.textContent = "running…";
      const res = await ref.run(view.state.doc.toString(), opts.path);
      const ms = performance.now() - t0;
      output.textContent = res.output;
      output.hidden = false;
      output.classList.toggle("hd-fail", !res.ok);
      showDiagnostics(view, res.diagnostics);
      drawTable(table, res.frames);
      host.dataset.result = res.ok ? "pass" : "fail";
      status.textContent = `${res.ok ? "PASS" : "FAIL"}: ran in ${res.ms} ms` +
        (startupText() ? "; " + startupText() : "") + ` (this click: ${(ms / 1000).toFixed(1)} s)`;
    } catch (err) {
      status.textContent = "could not run: " + err;
      host.dataset.result = "error";
    } finally {
      runButton.disabled = false;
    }
  };
  const runButton = button("Run", run, "hd-button hd-run");
  const reset = button("Reset", () => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: opts.text } });
  });
  const share = button("Share link", () => {
    shared.value = link(view.state.doc.toString(), opts.page || location.href);
    shared.hidden = false;
    shared.select();
    history.replaceState(null, "", shared.value);
  });
  bar.append(runButton, reset, share, status);
  host.append(editorHost, bar, shared, output, table);
  view = makeEditor(editorHost, opts.text, opts.syntax, run, opts.onChange);
  host.hdView = view;
  return { view, run, table };
}

async function scenarioRunner(host) {
  const source = host.querySelector("textarea.hd-source");
  const original = source.value;
  const text = fromHash() || original;
  const frames = host.querySelector("script.hd-frames");
  const tableHost = el("div", "hd-table hd-static-table");
  if (frames) {
    host.append(tableHost);
    drawTable(tableHost, JSON.parse(frames.textContent));
  }
  const open = async () => {
    openButton.remove();
    tableHost.remove();
    const mf = await manifest();
    const bench = el("div", "hd-workbench");
    host.append(bench);
    const wb = workbench(bench, { text, path: host.dataset.path, syntax: mf.syntax,
      ruleset: host.dataset.ruleset });
    host.hdView = wb.view;
    wb.view.dispatch({ changes: { from: 0, to: wb.view.state.doc.length, insert: text } });
    const play = el("a", "hd-link", "open in the playground");
    play.href = link(text, ROOT + "playground.html");
    bench.querySelector(".hd-bar").append(play);
    reference(() => {}, host.dataset.ruleset);  // start loading while the reader reads
  };
  const openButton = button("Edit & run", open, "hd-button hd-edit");
  host.prepend(openButton);
  if (fromHash()) await open();
}

async function playground(host) {
  const mf = await manifest();
  const params = new URLSearchParams(location.search);
  const rulesets = mf.rulesets;
  let rs = rulesets.find((r) => r.id === params.get("ruleset")) || rulesets[0];
  const pick = el("select", "hd-select hd-pick-ruleset");
  pick.setAttribute("aria-label", "ruleset");
  for (const r of rulesets) {
    const o = el("option", "", `${r.title} (${r.id})`);
    o.value = r.id;
    pick.append(o);
  }
  pick.value = rs.id;
  const pickerHost = el("div", "hd-picker");
  const bench = el("div", "hd-workbench");
  const head = el("div", "hd-bar");
  head.append(el("label", "", "Ruleset "), pick);
  host.append(head, el("p", "hd-small",
    "1. Pick the ruleset. 2. Seat the players and lay out the table: choose a card from the " +
    "lists, then put it in a hand, on the discard or in the pile; the table block of the " +
    "scenario below is written for you. 3. Write the steps under steps. 4. Run (Ctrl-Enter)."),
    pickerHost, bench);
  let text = fromHash();
  const card = params.get("card");
  const tried = card ? tryCard(rs, card) : null;
  if (!text) text = tried ? tried.text : rs.template;
  let picker = null;
  let pending = 0;
  const redraw = () => {  // after an edit by hand, once typing pauses
    clearTimeout(pending);
    pending = setTimeout(() => picker && picker.draw(), 250);
  };
  const wb = workbench(bench, { text, path: "playground.scn", syntax: mf.syntax,
    page: ROOT + "playground.html", ruleset: () => rs.id, onChange: redraw });
  const get = () => wb.view.state.doc.toString();
  const set = (t) => {
    wb.view.dispatch({ changes: { from: 0, to: wb.view.state.doc.length, insert: t } });
    clearTimeout(pending);
  };
  picker = makePicker(pickerHost, rs, get, set, tried ? { card: tried.card, face: tried.face } : {});
  pick.onchange = () => {
    rs = rulesets.find((r) => r.id === pick.value);
    set(rs.template);
    picker = makePicker(pickerHost, rs, get, set);
    bench.dataset.result = "";
  };
  host.hdPicker = () => picker;
  reference(() => {}, rs.id);
}

// "Try this card": the table made for it at build time (bundle.try_card): the card in
// alice's hand on a discard of its colour, and alice playing it with the choices it needs.
// Returns {text, card, face}, or null when the ruleset has no such card.
function tryCard(rs, name) {
  const c = rs.cards.find((x) => x.name === name || x.key === name);
  if (!c) return null;
  return { text: c.try, card: c.name, face: c.try_face };
}

function init() {
  for (const host of document.querySelectorAll(".hd-runner")) scenarioRunner(host);
  const pg = document.getElementById("hd-playground");
  if (pg) playground(pg);
  initSearch(ROOT);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
