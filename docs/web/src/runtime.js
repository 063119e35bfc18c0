// The reference under Pyodide, loaded once per page from the site's own files (no network).
// Start-up is timed in its parts, so the page can say where the seconds went.

export const BASE = new URL(".", document.currentScript ? document.currentScript.src
  : document.querySelector('script[src*="hd-app.js"]').src).href;

let manifestPromise = null;
export function manifest() {
  if (!manifestPromise) manifestPromise = fetch(BASE + "manifest.json").then((r) => r.json());
  return manifestPromise;
}

let ready = null;
export const timings = {};

const paint = () => new Promise((r) => setTimeout(r, 0));

// Resolves to {run(text, path), rulesets()}; onStatus(text) hears each phase.
export function reference(onStatus = () => {}) {
  if (!ready) ready = start(onStatus);
  return ready;
}

async function start(onStatus) {
  const t0 = performance.now();
  const mf = await manifest();
  onStatus("loading Python (Pyodide " + mf.pyodide + ")…");
  await paint();
  const { loadPyodide } = await import(BASE + "pyodide/pyodide.mjs");
  const py = await loadPyodide({
    indexURL: BASE + "pyodide/",
    env: { HOTDEATH_CACHE: "off", HOME: "/home/pyodide" },
  });
  const t1 = performance.now();
  onStatus("unpacking the reference…");
  await paint();
  const zip = await (await fetch(BASE + "hotdeath.zip?" + mf.zip)).arrayBuffer();
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: site });
  py.runPython("from hotdeath.site import inpage");
  const t2 = performance.now();
  onStatus("loading and checking the rulesets…");
  await paint();
  py.runPython("inpage.rulesets()");
  const t3 = performance.now();
  Object.assign(timings, {
    python: (t1 - t0) / 1000, reference: (t2 - t1) / 1000, rulesets: (t3 - t2) / 1000,
    total: (t3 - t0) / 1000,
  });
  const inpage = py.globals.get("inpage");
  return {
    run(text, path) {
      return JSON.parse(inpage.run(text, path || "scenario.scn"));
    },
  };
}

export function startupText() {
  const t = timings;
  if (t.total === undefined) return "";
  return `started in ${t.total.toFixed(1)} s (Python ${t.python.toFixed(1)} s, ` +
    `the reference ${t.reference.toFixed(1)} s, the rulesets ${t.rulesets.toFixed(1)} s)`;
}
