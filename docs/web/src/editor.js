// The scenario editor: CodeMirror 6, highlighted with the scenario format's own words (the
// lists the site's Pygments lexer uses, written into manifest.json at build time).
import { EditorView, basicSetup } from "codemirror";
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { keymap } from "@codemirror/view";

function scenarioLanguage(syntax) {
  const header = new Set(syntax.header), keywords = new Set(syntax.keywords);
  const colours = new Set(syntax.colours);
  return StreamLanguage.define({
    name: "hotdeath-scenario",
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match("#")) { stream.skipToEnd(); return "comment"; }
      if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
      if (stream.match(/^[+-]?[0-9]+(?![\w-])/)) return "number";
      const word = stream.match(/^[A-Za-z0-9_][A-Za-z0-9_-]*/);
      if (word) {
        const w = word[0];
        if (header.has(w) || w === "expect") return "keyword";
        if (colours.has(w)) return "atom";
        if (keywords.has(w)) return "operatorKeyword";
        if (/^[A-Z]/.test(w)) return "labelName";
        return "variableName";
      }
      stream.next();
      return "punctuation";
    },
  });
}

const style = HighlightStyle.define([
  { tag: tags.keyword, color: "#7a3e9d", fontWeight: "bold" },
  { tag: tags.operatorKeyword, color: "#0b6e99" },
  { tag: tags.atom, color: "#b35900" },
  { tag: tags.string, color: "#2e7d32" },
  { tag: tags.number, color: "#1565c0" },
  { tag: tags.comment, color: "#777", fontStyle: "italic" },
  { tag: tags.labelName, color: "#a0153e" },
]);

// onChange(): after any change to the text (by hand or by the page).
export function makeEditor(parent, text, syntax, onRun, onChange = () => {}) {
  return new EditorView({
    doc: text,
    parent,
    extensions: [
      keymap.of([{ key: "Mod-Enter", run: () => { onRun(); return true; } }]),
      basicSetup, lintGutter(), scenarioLanguage(syntax), syntaxHighlighting(style),
      EditorView.lineWrapping,
      EditorView.updateListener.of((u) => { if (u.docChanged) onChange(); }),
    ],
  });
}

export function showDiagnostics(view, diags) {
  const doc = view.state.doc;
  const out = diags.map((d) => {
    const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(d.col, 1) - 1, line.to);
    const word = /^[^\s]*/.exec(doc.sliceString(from, line.to))[0].length;
    return { from, to: Math.max(from + word, Math.min(from + 1, line.to)), severity: "error",
      message: `${d.line}:${d.col}: ${d.message}` };
  });
  view.dispatch(setDiagnostics(view.state, out));
}
