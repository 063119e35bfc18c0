// The reference in a Web Worker (a module worker: Pyodide supports no other): Pyodide loads
// and Python runs off the page's thread, so the page stays responsive while the runtime
// starts (seconds) and while a scenario runs.

const BASE = new URL(".", self.location.href).href;
let inpage = null;

async function start(ruleset, zipDigest, progress) {
  const t0 = performance.now();
  progress("loading Python (Pyodide)…");
  const { loadPyodide } = await import(BASE + "pyodide/pyodide.mjs");
  const py = await loadPyodide({
    indexURL: BASE + "pyodide/",
    env: { HOTDEATH_CACHE: "off", HOME: "/home/pyodide" },
  });
  const t1 = performance.now();
  progress("unpacking the reference…");
  const zip = await (await fetch(BASE + "hotdeath.zip?" + zipDigest)).arrayBuffer();
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: site });
  py.runPython("from hotdeath.site import inpage");
  inpage = py.globals.get("inpage");
  const t2 = performance.now();
  progress(`loading and checking the rules of ${ruleset || "every ruleset"}…`);
  inpage.rulesets(ruleset || "");
  const t3 = performance.now();
  return { python: (t1 - t0) / 1000, reference: (t2 - t1) / 1000, rulesets: (t3 - t2) / 1000,
    total: (t3 - t0) / 1000 };
}

self.onmessage = async (e) => {
  const { id, kind } = e.data;
  const progress = (text) => self.postMessage({ id, progress: text });
  try {
    if (kind === "start") {
      self.postMessage({ id, value: await start(e.data.ruleset, e.data.zip, progress) });
    } else if (kind === "run") {
      self.postMessage({ id, value: JSON.parse(inpage.run(e.data.text, e.data.path)) });
    }
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
