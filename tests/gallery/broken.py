"""A deliberately misbehaving implementation, for proving the harness against it.

    python tests/gallery/broken.py FAULT [SCENARIO_ID]

It is the reference server, honest everywhere except for one fault, which
strikes only in the named scenario (or everywhere when no id is given), so a
test can check both that the fault is reported and that the rest of the run
carries on in a fresh process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from hotdeath.serve import Server

FAULTS = ("hang", "hang-grandchild", "crash", "garbage", "wrong-schema", "bad-code",
          "wrong-turn", "accept-everything", "flood", "flood-lines", "chatty", "errored",
          "skipper", "bad-hello", "banner", "no-stop", "slow", "reorder-on-reject",
          "extra-field", "stray-hand", "stop-crash", "stop-answer", "owes-a-field",
          "short-pile", "deaf", "half-line-hang",
          "daemon", "errored-ansi", "bad-legal")


def write(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> None:
    fault = sys.argv[1]
    assert fault in FAULTS, fault
    target = sys.argv[2] if len(sys.argv) > 2 else None
    if fault == "banner":
        print("Welcome to my Uno! Type a command.", flush=True)
    server, current = Server(), None
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "stop":
            if fault == "no-stop":
                time.sleep(3600)
            if fault == "stop-answer":
                write({"outcome": "stopped"})
            sys.exit(1 if fault == "stop-crash" else 0)
        if request["cmd"] == "load":
            current = request["id"]
        answer = server.handle(request)
        struck = request["cmd"] != "hello" and target in (None, current) and (
            request["cmd"] == "load" or request.get("index") == 1
            or fault == "bad-legal" and request["cmd"] == "legal")
        if request["cmd"] == "hello" and fault == "bad-hello":
            answer["protocol"] = "3.0"
        if struck:
            answer = strike(fault, request, answer)
        if answer is not None:
            write(answer)
        if fault == "deaf":
            time.sleep(30)  # never reads again: the harness's requests fill the pipe


def strike(fault: str, request: dict, answer: dict) -> dict | None:
    """The fault's effect on one answer (None when it writes its own output)."""
    step = request["cmd"] == "step"
    if fault == "bad-legal" and request["cmd"] == "legal":
        return {"seq": answer["seq"], "outcome": "listed", "moves": "all of them"}
    if fault == "hang" or (fault == "slow" and not step):
        time.sleep(3600 if fault == "hang" else 0.5)
    elif fault == "hang-grandchild":
        child = subprocess.Popen(["sleep", "3600"])
        with open(os.environ["GALLERY_PIDFILE"], "w") as out:
            out.write(str(child.pid))
        time.sleep(3600)
    elif fault == "half-line-hang":  # half an answer, then nothing (SIGTERM must end it)
        with open(os.environ["GALLERY_PIDFILE"], "w") as out:
            out.write(str(os.getpid()))
        sys.stdout.write('{"seq": ')
        sys.stdout.flush()
        time.sleep(3600)
    elif fault == "daemon" and not step:  # answers right, but leaves two processes behind
        escape()
    elif fault == "crash" and step:
        sys.stderr.write("boom: the adapter fell over\n")
        sys.stderr.flush()
        os._exit(3)
    elif fault == "garbage" and step:
        print("Traceback (most recent call last):", flush=True)
        return None
    elif fault == "wrong-schema" and step:
        answer.pop("observation", None)
    elif fault == "bad-code" and answer.get("outcome") == "rejected":
        answer["code"] = "illegal"
    elif fault == "wrong-turn" and step and "observation" in answer:
        players = answer["observation"]["players"]
        answer["observation"]["turn"] = players[0] if answer["observation"]["turn"] != \
            players[0] else players[1]
    elif fault == "accept-everything" and answer.get("outcome") == "rejected":
        answer = {"seq": answer["seq"], "outcome": "accepted",
                  "observation": answer["observation"]}
    elif fault == "flood" and step:
        sys.stdout.write("x" * (9 * 1024 * 1024))
        sys.stdout.flush()
        time.sleep(3600)
    elif fault == "flood-lines" and step:
        while True:
            sys.stdout.write("spam spam spam\n")
    elif fault == "chatty" and step:
        write(answer)
    elif fault == "errored" and step:
        answer = {"seq": answer["seq"], "outcome": "errored",
                  "message": "IndexError: pop from empty list"}
    elif fault == "errored-ansi" and step:  # colours, a retitled window, a bell, a NUL
        answer = {"seq": answer["seq"], "outcome": "errored",
                  "message": "\x1b[31mIndexError\x1b[0m\x1b]0;pwned\x07 bell\x07 nul\x00 "
                             "csi\x9b2J rtl\u202e end"}
    elif fault == "reorder-on-reject" and answer.get("outcome") == "rejected":
        for cards in answer["observation"]["hands"].values():
            cards.reverse()
    elif fault == "extra-field" and "observation" in answer:
        answer["observation"]["x_requests_seen"] = answer["seq"]
    elif fault == "stray-hand" and step and "observation" in answer:
        answer["observation"]["hands"]["zed"] = ["red 1"]
    elif fault == "owes-a-field" and step and "observation" in answer:
        answer["observation"].pop("pile", None)  # while declaring the 'zones' feature
    elif fault == "short-pile" and step and "observation" in answer:
        answer["observation"]["pile"] = answer["observation"]["pile"][1:]
    elif fault == "skipper" and not step:
        answer = {"seq": answer["seq"], "outcome": "skipped", "reason": "we have no Draw Two"}
    return answer


def escape() -> None:
    """A double-fork daemon and a setsid child, both outside the process group; their ids
    are appended to $GALLERY_PIDFILE."""
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
             "stderr": subprocess.DEVNULL}
    child = subprocess.Popen(["sleep", "3600"], start_new_session=True, **quiet)
    with open(os.environ["GALLERY_PIDFILE"], "a") as out:
        out.write(f"{child.pid}\n")
    if os.fork() == 0:  # the daemon: a new session, then the middle process exits
        os.setsid()
        if os.fork() == 0:
            with open(os.environ["GALLERY_PIDFILE"], "a") as out:
                out.write(f"{os.getpid()}\n")
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execvp("sleep", ["sleep", "3600"])
        os._exit(0)
    os.wait()


if __name__ == "__main__":
    main()
