"""Turn order over the ring of seats still in the game: next, previous, and who comes after whom."""

from __future__ import annotations

from .state import State


def next_seat(state: State, frm: int, steps: int = 1, backwards: bool = False) -> int:
    """The seat ``steps`` places after ``frm`` among those in the game (``frm`` may be out)."""
    n = len(state.seats)
    step = -state.direction if backwards else state.direction
    status = state.status
    seat = (frm + step) % n
    if steps == 1 and status[seat] == "in":
        return seat  # the common case, decided without the loops below
    seat = frm
    for _ in range(steps):
        for _ in range(n):
            seat = (seat + step) % n
            if status[seat] == "in":
                break
    return seat


def in_order(state: State, frm: int, include_self: bool = False) -> list[int]:
    """Every seat still in the game, in turn order after ``frm`` (``frm`` last if asked)."""
    n = len(state.seats)
    out = []
    for i in range(1, n + 1):
        seat = (frm + i * state.direction) % n
        if state.status[seat] == "in" and (seat != frm or include_self):
            out.append(seat)
    return out


def passed_over(state: State, actor: int, skips: int) -> set[int]:
    return {next_seat(state, actor, i + 1) for i in range(skips)}
