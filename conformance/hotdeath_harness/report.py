"""Reports of a conformance run: text for people, NDJSON for programs, JUnit XML for CI."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from typing import IO

from hotdeath.errors import printable
from hotdeath.scenario import FORMAT_VERSION, CompiledScenario

from . import HARNESS_VERSION
from .protocol import PROTOCOL_VERSION
from .runner import STATUSES, Result

FAILING = ("fail", "error", "xpass")


def header(hello: dict, command: str, suite: dict) -> dict:
    """What was run against what: enough to reproduce or compare two reports."""
    return {"type": "header", "suite": suite, "format": FORMAT_VERSION,
            "protocol": PROTOCOL_VERSION, "harness": HARNESS_VERSION,
            "implementation": {**hello.get("implementation", {}), "command": command,
                               "protocol": hello.get("protocol"),
                               "rulesets": hello.get("rulesets", {}),
                               "features": hello.get("features", [])}}


def counts(results: list[Result]) -> dict[str, int]:
    c = Counter(r.status for r in results)
    return {s: c[s] for s in STATUSES}


def _record(r: Result, scn: CompiledScenario | None) -> dict:
    out: dict = {"type": "result", "id": r.ident, "status": r.status,
                 "ruleset": scn.data["ruleset"] if scn else None,
                 "path": scn.path if scn else None, "title": scn.data["title"] if scn else None,
                 "seconds": r.seconds}
    if r.message:
        out["message"] = r.message
    if r.step is not None:
        out["step"] = r.step
    if r.details:
        out["details"] = r.details
    if r.reason:
        out["reason"] = r.reason
    if r.unchecked:
        out["unchecked"] = r.unchecked
    return out


def write_ndjson(out: IO[str], head: dict, results: list[Result],
                 scenarios: dict[str, CompiledScenario], reaped: list[str] = ()) -> None:
    out.write(json.dumps(head) + "\n")
    for r in results:
        out.write(json.dumps(_record(r, scenarios.get(r.ident))) + "\n")
    summary: dict = {"type": "summary", "counts": counts(results)}
    if reaped:
        summary["reaped"] = list(reaped)
    out.write(json.dumps(summary) + "\n")


def reaped_note(reaped: list[str]) -> str:
    """The run had to kill processes the implementation left outside its process group."""
    shown = sorted(set(reaped))
    listed = "; ".join(shown[:3]) + ("; ..." if len(shown) > 3 else "")
    return (f"note: {len(reaped)} process(es) the implementation left running outside its "
            f"process group (setsid, a daemon) had to be killed: {listed}")


def write_junit(out: IO[str], head: dict, results: list[Result],
                scenarios: dict[str, CompiledScenario]) -> None:
    """One <testsuite> per ruleset; xfail counts as skipped, xpass as a failure."""
    impl = head["implementation"]
    root = ET.Element("testsuites", name=f"hotdeath conformance: {impl.get('name')}")
    by_ruleset: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        scn = scenarios.get(r.ident)
        by_ruleset[scn.data["ruleset"] if scn else "?"].append(r)
    for ruleset, group in sorted(by_ruleset.items()):
        c = counts(group)
        suite = ET.SubElement(
            root, "testsuite", name=ruleset, tests=str(len(group)),
            failures=str(c["fail"] + c["xpass"]), errors=str(c["error"]),
            skipped=str(c["skip"] + c["xfail"]),
            time=f"{sum(r.seconds for r in group):.3f}")
        props = ET.SubElement(suite, "properties")
        for key in ("name", "version", "command"):
            ET.SubElement(props, "property", name=f"implementation.{key}",
                          value=str(impl.get(key, "")))
        for r in group:
            _junit_case(suite, r, scenarios.get(r.ident), ruleset)
    for element in root.iter():
        element.text = xml_text(element.text) if element.text else element.text
        for key, value in element.attrib.items():
            element.set(key, xml_text(value))
    ET.indent(root)
    out.write(ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n")


_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Text XML 1.0 can hold: colour codes dropped, other forbidden characters spelled out.

    Messages come from the implementation (its errors, its stderr), which may
    colour them or hold any control character; ElementTree escapes markup but
    writes those as they are, and a CI server then cannot read the report.
    """
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", _ANSI.sub("", text))


def _junit_case(suite: ET.Element, r: Result, scn: CompiledScenario | None,
                ruleset: str) -> None:
    case = ET.SubElement(suite, "testcase", classname=f"hotdeath.{ruleset}", name=r.ident,
                         time=f"{r.seconds:.3f}")
    if scn:
        case.set("file", scn.path)
    body = "\n".join([r.message, *r.details])
    tag = {"fail": "failure", "xpass": "failure", "error": "error",
           "skip": "skipped", "xfail": "skipped"}.get(r.status)
    if tag:
        message = r.message if r.status != "xfail" else f"expected failure: {r.reason}"
        ET.SubElement(case, tag, message=message).text = body if tag != "skipped" else None


def write_text(out: IO[str], head: dict, results: list[Result],
               scenarios: dict[str, CompiledScenario], verbose: bool = False,
               reaped: list[str] = ()) -> None:
    """Failures with their diffs, then one summary line per ruleset and a total.

    For a terminal: whatever the implementation wrote (its name, its error
    messages, its stderr) has its control characters spelled out.
    """
    out = _Printable(out)
    impl = head["implementation"]
    out.write(f"implementation: {impl.get('name')} {impl.get('version')} "
              f"(protocol {impl.get('protocol')})\n")
    by_ruleset: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        scn = scenarios.get(r.ident)
        by_ruleset[scn.data["ruleset"] if scn else "?"].append(r)
        if r.status in FAILING or verbose:
            where = f"  ({scn.path})" if scn else ""
            out.write(f"{r.status.upper():5} {r.ident}{where}\n")
            if r.message:
                out.write(f"      {r.message}\n")
            if r.reason and r.status == "xfail":
                out.write(f"      expected: {r.reason}\n")
            for line in r.details:
                out.write(f"        {line}\n")
    for ruleset, group in sorted(by_ruleset.items()):
        out.write(f"{ruleset}: {_summary(counts(group))}\n")
    out.write(f"total: {_summary(counts(results))}\n")
    midway = [r for r in results if r.status == "skip" and r.step is not None]
    if midway and not verbose:
        out.write(f"note: {len(midway)} scenario(s) were skipped by the implementation after "
                  "some of their steps were accepted; -v lists them with the reasons\n")
    if any(r.unchecked for r in results):
        out.write("note: " + unchecked_note(results) + "\n")
    if reaped:
        out.write(reaped_note(reaped) + "\n")


def unchecked_note(results: list[Result]) -> str:
    """How much of the corpus's expectations the implementation's declared traits left
    unjudged: a pass with many of them says less than a pass with none."""
    unchecked = [r for r in results if r.unchecked]
    return (f"{sum(r.unchecked for r in unchecked)} expectation(s) in {len(unchecked)} "
            "scenario(s) were not judged: they need what the implementation does not declare "
            "(legal_moves), or describe a moment its declared traits never show (an attack "
            "resolved at once, an act it takes by itself)")


class _Printable:
    """A stream whose writes have their control characters spelled out (newlines kept)."""

    def __init__(self, out: IO[str]):
        self.out = out

    def write(self, text: str) -> int:
        return self.out.write(printable(text))


def _summary(c: dict[str, int]) -> str:
    words = {"pass": "passed", "fail": "failed", "error": "errored", "skip": "skipped",
             "xfail": "failed as expected", "xpass": "passed unexpectedly"}
    parts = [f"{c['pass']} passed"] + [f"{c[s]} {words[s]}" for s in STATUSES[1:] if c[s]]
    return ", ".join(parts)


def write_markdown(out: IO[str], head: dict, results: list[Result],
                   scenarios: dict[str, CompiledScenario], reaped: list[str] = ()) -> None:
    """A page to publish: who was checked against what, and every scenario with why
    (control characters spelled out, as in the text report)."""
    out = _Printable(out)
    impl, suite = head["implementation"], head["suite"]
    out.write(f"# Conformance of {impl.get('name')} {impl.get('version')}\n\n")
    if impl.get("notes"):
        out.write(f"{impl['notes']}\n\n")
    out.write(f"- Command: `{impl.get('command')}`\n"
              f"- Suite: {suite['name']}, {suite['scenarios']} scenarios "
              f"(`{suite['digest']}`), {suite['selected']} selected\n"
              f"- Protocol {head['protocol']}, scenario format {head['format']}, "
              f"harness {head['harness']}\n\n")
    if reaped:
        out.write(reaped_note(reaped).replace("note: ", "Note: ", 1) + "\n\n")
    out.write("| status | scenarios |\n|---|---|\n")
    for status, n in counts(results).items():
        if n:
            out.write(f"| {status} | {n} |\n")
    if any(r.unchecked for r in results):
        out.write("\nNote: " + unchecked_note(results) + "; the table gives the number of "
                  "each scenario's.\n")
    out.write("\n| scenario | title | status | why |\n|---|---|---|---|\n")
    for r in results:
        scn = scenarios.get(r.ident)
        title = scn.data["title"] if scn else ""
        out.write(f"| `{r.ident}` | {_cell(title)} | {r.status} | {_cell(_why(r))} |\n")


def _why(r: Result) -> str:
    """For a published table: the expected reason first, then what the harness saw."""
    seen = r.message + ("; ".join([""] + r.details) if r.details else "")
    if r.status == "xfail":
        seen = f"Known difference: {r.reason}. Observed: {seen}"
    if r.unchecked:
        seen += ("; " if seen else "") + f"{r.unchecked} expectation(s) not judged"
    return seen


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
