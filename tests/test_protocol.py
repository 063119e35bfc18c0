"""The protocol as documented is the protocol as spoken, in both directions."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hotdeath.resources import scenarios_dir
from hotdeath.serve import InProcessClient, Server
from hotdeath_harness import protocol
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.execute import run_all
from hotdeath_harness.session import Session
from hotdeath_harness.transport import ProcessClient

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "conformance" / "PROTOCOL.md"
REFERENCE = [sys.executable, "-m", "hotdeath", "serve"]
CORPUS = load_corpus(scenarios_dir())


HEADINGS = ("## 6. A worked transcript", "### 6.2 A choice and a chance event (protocol 1.1)")


def _transcript(heading: str) -> list[tuple[str, str]]:
    block = re.search(re.escape(heading) + r".*?```text\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert block and block.group(1).strip(), f"PROTOCOL.md has lost the transcript {heading!r}"
    return [(line[0], line[2:]) for line in block.group(1).splitlines()]


def _unversioned(answer: dict) -> dict:
    if "implementation" in answer:
        answer = {**answer, "implementation": {**answer["implementation"], "version": "*"}}
    return answer


@pytest.mark.parametrize("heading", HEADINGS)
def test_the_documented_transcript_is_what_hotdeath_serve_answers(heading):
    lines = _transcript(heading)
    requests = [text for mark, text in lines if mark == ">"]
    documented = [json.loads(text) for mark, text in lines if mark == "<"]
    proc = subprocess.run(REFERENCE, input="\n".join(requests) + "\n", capture_output=True,
                          text=True, timeout=60, check=True)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [_unversioned(a) for a in answers] == [_unversioned(d) for d in documented]


@pytest.mark.parametrize("heading", HEADINGS)
def test_the_documented_transcript_follows_the_schema(heading):
    kinds = {"hello": "hello_response", "load": "load_response", "step": "step_response"}
    pending = None
    for mark, text in _transcript(heading):
        message = json.loads(text)
        if mark == ">":
            assert protocol.violations(message["cmd"] + "_request", message) == []
            pending = kinds.get(message["cmd"])
        else:
            assert protocol.violations(pending, message) == []


class Recorder:
    """A client that checks every request the harness sends against the request schemas."""

    def __init__(self, inner):
        self.inner = inner
        self.problems: list[str] = []

    def request(self, message: dict, timeout: float) -> object:
        self.problems += protocol.violations(message["cmd"] + "_request", message)
        return self.inner.request(message, timeout)

    def close(self) -> None:
        self.inner.close()


def test_every_request_the_harness_sends_follows_the_schema(rulesets):
    recorder = Recorder(InProcessClient(rulesets))
    run_all(Session.open(recorder, 10), lambda: recorder, CORPUS)
    assert recorder.problems == []


def _outcomes(results) -> list[tuple]:
    return [(r.ident, r.status, r.message, r.step, r.details) for r in results]


def test_in_process_fast_path_gives_the_subprocess_results_on_the_whole_corpus(rulesets):
    """The condition for `hotdeath conform --in-process` to exist."""
    def piped():
        return ProcessClient(REFERENCE)

    through_pipe = run_all(Session.open(piped(), 30), piped, CORPUS, jobs=2, timeout=30)
    in_process = run_all(Session.open(InProcessClient(rulesets), 30),
                         lambda: InProcessClient(rulesets), CORPUS, timeout=30)
    assert _outcomes(through_pipe) == _outcomes(in_process)
    assert {r.status for r in in_process} == {"pass"}


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.sampled_from(["cmd", "seq", "step", "table", "id",
                                                        "ruleset", "options", "do", "x"]),
                                       inner, max_size=5), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(_json | st.fixed_dictionaries({"cmd": st.sampled_from(
    ["hello", "load", "step", "dance"])}, optional={"seq": _json, "step": _json,
                                                    "table": _json, "ruleset": _json}),
    max_size=4))
def test_the_server_answers_any_request_without_dying(rulesets, requests):
    server = Server(rulesets)
    for request in requests:
        answer = server.handle(request)
        assert answer is None or isinstance(answer, dict)
        json.dumps(answer)
