// A scenario in a link: its text, UTF-8 then base64url, in the fragment (#scn=...), so the
// argument and its answer travel in one URL and never reach a server.

export function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decode(code) {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function fromHash(hash = location.hash) {
  const m = /[#&]scn=([A-Za-z0-9_-]+)/.exec(hash);
  if (!m) return null;
  try { return decode(m[1]); } catch { return null; }
}

export function link(text, page = location.href) {
  return page.split("#")[0] + "#scn=" + encode(text);
}
