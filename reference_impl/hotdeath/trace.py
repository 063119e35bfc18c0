"""``hotdeath run``: one scenario, step by step, each event with the words behind it."""

from __future__ import annotations

import json
from pathlib import Path

import click

from hotdeath_harness.judge import check_facts
from hotdeath_harness.runner import describe, judge_step

from .adapter import ReferenceImplementation, SetupError
from .errors import HotDeathError
from .lint import lint_scenario
from .model import Citation, Ruleset
from .scenario import compile_scenario_file


def citation_for(rs: Ruleset, owner: str) -> Citation | None:
    if owner in rs.kinds and rs.kinds[owner].citations:
        return rs.kinds[owner].citations[0]
    if owner in rs.rules and rs.rules[owner].citations:
        return rs.rules[owner].citations[0]
    return None


def show_citation(c: Citation) -> str:
    src = "official rules" if c.source == "classic" else f"seed {c.source}"
    quote = f': "{c.quote}"' if c.quote else ""
    return f"{src}, \"{c.heading}\"{quote}"


def run_with_trace(path: Path, as_json: bool) -> bool:
    scn = compile_scenario_file(path)
    if as_json:
        click.echo(json.dumps(scn.data, indent=2))
        return True
    impl = ReferenceImplementation()
    problems = lint_scenario(scn, impl.rulesets)
    if problems:
        raise HotDeathError(problems)
    data = scn.data
    rs = impl.rulesets[data["ruleset"]]
    click.echo(f"scenario {data['id']}: {data['title']}")
    click.echo(f"  ruleset {rs.ident} ({rs.title})" + (
        f", pins {', '.join(data['pins'])}" if data["pins"] else ""))
    for ruling in data["pins"]:
        r = rs.rulings[ruling]
        click.echo(f"  ruling {r.ident} \"{r.title}\": {r.answer}")
    try:
        before = impl.load(data)
    except SetupError as err:
        raise HotDeathError([scn.source.diag(1, 1, f"cannot lay out the table: {err}")]) from None
    _events(impl, rs)
    ok = True
    for i, step in enumerate(data["steps"]):
        bare = {k: v for k, v in step.items() if k not in ("expect", "reject")}
        answer = impl.step(bare)
        status = answer["outcome"]
        if status == "rejected":
            status += f" ({answer.get('code')}: {answer.get('message')})"
        click.echo(f"{i + 1:3}. {describe(step)}  -> {status}")
        _events(impl, rs)
        if answer["outcome"] == "errored":
            click.echo(f"       ERROR: {answer.get('message')}")
            ok = False
            break
        for fact in step.get("expect", []):
            miss = check_facts([fact], answer.get("observation", {}))
            mark = "ok" if not miss else "MISMATCH " + miss[0]
            click.echo(f"       expect {_fact_text(fact)}: {mark}")
        verdict = judge_step(step, answer, before)
        if verdict is not None:
            click.echo(f"       {verdict[0].upper()}: {verdict[1]}")
            ok = False
            break
        before = answer["observation"]
    click.echo("result: " + ("PASS" if ok else "FAIL"))
    return ok


def _events(impl: ReferenceImplementation, rs: Ruleset) -> None:
    """Each event of the last step; a card's or rule's words are quoted once per step."""
    quoted: set[str] = set()
    for ev in impl.trace():
        click.echo(f"       - {ev['text']}")
        cite = citation_for(rs, ev["owner"])
        if cite is not None and ev["owner"] not in quoted:
            quoted.add(ev["owner"])
            click.echo(f"           [{ev['owner']}: {show_citation(cite)}]")


def _fact_text(fact: dict) -> str:
    rest = {k: v for k, v in fact.items() if k != "path"}
    (mode, value), = rest.items()
    return f"{fact['path']} {mode} {json.dumps(value)}"
