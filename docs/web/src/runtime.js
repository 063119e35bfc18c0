// The reference under Pyodide, loaded once per page from the site's own files (no network),
// in a Web Worker (src/worker.js). Start-up is timed in its parts, so the page can say where
// the seconds went.

const script = document.currentScript ||
  document.querySelector('script[src*="hd-app.js"]');
export const BASE = new URL(".", script.src).href;

let manifestPromise = null;
export function manifest() {
  if (!manifestPromise) manifestPromise = fetch(BASE + "manifest.json").then((r) => r.json());
  return manifestPromise;
}

export const timings = {};
let ready = null;
let worker = null;
let nextId = 0;
const waiting = new Map();

function call(message, onProgress = () => {}) {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, ...message });
  });
}

function listen(e) {
  const w = waiting.get(e.data.id);
  if (!w) return;
  if (e.data.progress !== undefined) { w.onProgress(e.data.progress); return; }
  waiting.delete(e.data.id);
  if (e.data.error !== undefined) w.reject(new Error(e.data.error));
  else w.resolve(e.data.value);
}

// Resolves to {run(text, path) -> Promise of the result}; onStatus(text) hears each phase.
// The first caller's ruleset is loaded and checked as part of the start (it and those it
// extends only).
export function reference(onStatus = () => {}, ruleset = "") {
  if (!ready) ready = start(onStatus, ruleset);
  return ready;
}

async function start(onStatus, ruleset) {
  const t0 = performance.now();
  const mf = await manifest();
  worker = new Worker(BASE + "hd-worker.js", { type: "module" });
  worker.onmessage = listen;
  const parts = await call({ kind: "start", ruleset: ruleset || "", zip: mf.zip },
    (text) => onStatus(text));
  Object.assign(timings, parts, { page: (performance.now() - t0) / 1000 });
  return { run: (text, path) => call({ kind: "run", text, path: path || "scenario.scn" }) };
}

export function startupText() {
  const t = timings;
  if (t.total === undefined) return "";
  return `started in ${t.page.toFixed(1)} s (Python ${t.python.toFixed(1)} s, ` +
    `the reference ${t.reference.toFixed(1)} s, its rules ${t.rulesets.toFixed(1)} s)`;
}
