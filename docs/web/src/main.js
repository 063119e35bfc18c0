// The rules site's app: Edit & run on scenario pages, the playground, the table, search.
import { BASE, manifest, reference, startupText } from "./runtime.js";
import { makeEditor, showDiagnostics } from "./editor.js";
import { drawTable } from "./table.js";
import { fromHash, link } from "./share.js";
import { initSearch } from "./search.js";

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

// One editor with Run, its output, the table and the share link. opts: text, path, syntax.
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
      const ref = await reference((s) => { status.textContent = s; }, opts.ruleset);
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
  view = makeEditor(editorHost, opts.text, opts.syntax, run);
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
  const pick = el("select", "hd-select");
  for (const r of rulesets) {
    const o = el("option", "", `${r.title} (${r.id})`);
    o.value = r.id;
    pick.append(o);
  }
  pick.value = rs.id;
  const cards = el("div", "hd-card-list");
  const bench = el("div", "hd-workbench");
  const head = el("div", "hd-bar");
  head.append(el("label", "", "Ruleset "), pick);
  host.append(head, el("p", "hd-small",
    "Click a card to put it in the scenario where the cursor is; Run checks it against the " +
    "reference (Ctrl-Enter)."), cards, bench);
  let text = fromHash();
  const card = params.get("card");
  if (!text) text = card ? tryCard(rs, card) : rs.template;
  const wb = workbench(bench, { text, path: "playground.scn", syntax: mf.syntax,
    page: ROOT + "playground.html", ruleset: rs.id });
  const listCards = () => {
    cards.replaceChildren();
    for (const c of rs.cards) {
      for (const face of c.faces.slice(0, 1)) {
        const b = button(c.title, () => {
          const v = wb.view;
          v.dispatch(v.state.replaceSelection(face));
          v.focus();
        }, "hd-chip-button");
        b.title = face;
        cards.append(b);
      }
    }
  };
  pick.onchange = () => {
    rs = rulesets.find((r) => r.id === pick.value);
    wb.view.dispatch({ changes: { from: 0, to: wb.view.state.doc.length, insert: rs.template } });
    listCards();
  };
  listCards();
  reference(() => {}, rs.id);
}

// The ruleset's table with the card in alice's hand, and alice playing it.
function tryCard(rs, name) {
  const c = rs.cards.find((x) => x.name === name || x.key === name);
  if (!c) return rs.template;
  // a red face goes on the template's red discard; else a wild, else any
  const face = c.faces.find((f) => f.startsWith("red ")) ||
    c.faces.find((f) => f.startsWith("wild")) || c.faces[0];
  const play = face + (face.startsWith("wild") ? " choosing red" : "");
  return rs.template
    .replace(/^scenario .*$/m, `scenario "Try the ${c.title.replace(/"/g, "'")}"`)
    .replace(/^(\s*hand alice: )/m, `$1${face}, `)
    .replace(/^steps\n[\s\S]*$/m, `steps\n  alice plays ${play}\n`);
}

function init() {
  for (const host of document.querySelectorAll(".hd-runner")) scenarioRunner(host);
  const pg = document.getElementById("hd-playground");
  if (pg) playground(pg);
  initSearch(ROOT);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
