"""Which actions the rules allow: validation with a reason, and enumeration.

Both use the same predicates so that ``legal_actions`` and ``apply_action``
can never disagree. Every refusal names a code from the closed list and the
spec rule (by role) that forbids the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Face
from ..scenario.format import ACTS
from .state import Action, Illegal

if TYPE_CHECKING:
    from .game import Game


def _no(game: Game, code: str, message: str, role: str) -> Illegal:
    rule = game.rs.role_rule(role)
    suffix = f" (rule '{rule}')" if rule else ""
    return Illegal(code, message + suffix, rule)


def validate(game: Game, a: Action) -> None:
    if a.act not in ACTS:
        raise _no(game, "unknown_action", f"'{a.act}' is not an action", "turns")
    if game.phase == "over":
        raise _no(game, "game_over", "the round is over", "turns")
    if not (0 <= a.player < len(game.seats)) or not game.alive[a.player]:
        raise _no(game, "no_such_player", "that player is not in the game", "turns")
    {
        "uno": _check_uno, "catch": _check_catch, "choose": _check_choose,
        "jump_in": _check_jump_in,
    }.get(a.act, _check_turn_action)(game, a)


def _check_turn_action(game: Game, a: Action) -> None:
    who = game.seats[a.player]
    if game.phase == "choose":
        raise _no(game, "not_your_turn" if a.player != game.current_player
                  else "missing_choice", f"{game.seats[game.current_player]} must first "
                  "choose a colour", "turns")
    if a.player != game.turn:
        raise _no(game, "not_your_turn", f"it is {game.seats[game.turn]}'s turn, not {who}'s",
                  "turns")
    if a.act == "play":
        _check_play(game, a)
    elif a.act == "draw":
        if game.phase == "respond":
            raise _no(game, "must_answer_attack", f"{who} must answer or accept the attack",
                      "attacks")
        if game.phase == "drawn":
            raise _no(game, "nothing_drawn", f"{who} has already drawn this turn", "turns")
    elif a.act == "pass":
        if game.phase == "respond":
            raise _no(game, "must_answer_attack", f"{who} must answer or accept the attack",
                      "attacks")
        if game.phase != "drawn":
            raise _no(game, "nothing_drawn", f"{who} may pass only after drawing", "turns")
    elif a.act in ("accept", "challenge"):
        if game.phase != "respond" or game.pending is None:
            raise _no(game, "no_attack", "no attack is pending against " + who, "attacks")
        if a.act == "challenge" and not challengeable(game):
            raise _no(game, "not_challengeable", "this attack cannot be challenged", "attacks")


def _check_play(game: Game, a: Action) -> None:
    face = a.card
    who = game.seats[a.player]
    if face is None or face not in game.hands[a.player]:
        shown = face.notation if face else "no card"
        raise _no(game, "card_not_in_hand", f"{who} does not hold {shown}", "turns")
    if game.phase == "respond":
        if not game.can_answer(face, a.player):
            raise _no(game, "cannot_answer", f"{face.notation} cannot answer this attack",
                      "attacks")
    elif game.phase == "drawn":
        if face is not game.drawn:
            raise _no(game, "not_drawn_card", f"after drawing, {who} may play only the "
                      f"drawn card ({game.drawn.notation if game.drawn else 'none'})", "turns")
    elif not game.matches(face):
        top = game.top()
        raise _no(game, "does_not_match", f"{face.notation} does not match "
                  f"{top.notation if top else 'nothing'} (colour {game.color})", "matching")
    _check_choices(game, a, face)
    _check_going_out(game, a)


def _check_going_out(game: Game, a: Action) -> None:
    """Where the ruleset says so, a last card may be played only after calling Uno."""
    if not may_go_out(game, a.player):
        raise _no(game, "must_call_uno", f"{game.seats[a.player]} must call Uno before "
                  "going out with their last card", "uno")


def may_go_out(game: Game, player: int) -> bool:
    """False when a play would empty the hand of a player who has not called Uno yet."""
    return not (len(game.hands[player]) == 1 and game.rs.setting("uno_to_win")
                and player not in game.uno_called)


def _check_choices(game: Game, a: Action, face: Face) -> None:
    needs = needs_of(game, face)
    if "color" in needs:
        if a.color is None:
            raise _no(game, "missing_choice", f"{face.notation} needs a colour", "turns")
        if a.color not in game.rs.colors:
            raise _no(game, "bad_choice", f"'{a.color}' is not a colour", "turns")
    if "target" in needs:
        if a.target is None:
            raise _no(game, "missing_choice", f"{face.notation} needs a target", "turns")
        if a.target == a.player or not game.alive[a.target]:
            raise _no(game, "bad_choice", "the target must be another living player", "turns")


def needs_of(game: Game, face: Face) -> frozenset[str]:
    if game.phase == "respond" and face.kind.needs.get("answer") is not None:
        from .interp import Ctx

        if game.answer_for(face, Ctx(game, game.turn, face)) is not None:
            return face.kind.needs["answer"]
    return face.kind.needs.get("play", frozenset())


def challengeable(game: Game) -> bool:
    att = game.pending
    if att is None or att.top.card is None:
        return False
    return "challenge" in att.top.card.kind.triggers


def _check_jump_in(game: Game, a: Action) -> None:
    who = game.seats[a.player]
    if not game.rs.setting_list("jump_in"):
        raise _no(game, "cannot_jump_in", "this ruleset has no jump-ins", "turns")
    if game.phase == "choose" or a.player == game.current_player:
        raise _no(game, "cannot_jump_in", f"{who} is the player to act and plays normally",
                  "jump_in")
    if a.player in game.skipped:
        raise _no(game, "cannot_jump_in", f"{who}'s turn was skipped", "jump_in")
    face = a.card
    if face is None or face not in game.hands[a.player]:
        shown = face.notation if face else "no card"
        raise _no(game, "card_not_in_hand", f"{who} does not hold {shown}", "turns")
    if not game.identical_to_top(face):
        if game.rs.setting("jump_in_penalty") is None:
            raise _no(game, "does_not_match", f"{face.notation} is not identical to the top "
                      "card", "jump_in")
        return  # accepted: the wrong card costs its penalty
    if game.phase == "respond" and not game.can_stack(face):
        raise _no(game, "cannot_jump_in", "only a card that stacks may jump in on a pending "
                  "attack", "jump_in")
    _check_choices(game, a, face)
    _check_going_out(game, a)


def _check_uno(game: Game, a: Action) -> None:
    n = len(game.hands[a.player])
    if a.player in game.uno_pending or (n == 2 and a.player == game.turn
                                        and game.phase == "turn"):
        return
    if n == 1 and game.rs.setting("uno_to_win") and a.player not in game.uno_called:
        return  # a player who must call to win may call whenever they hold one card
    raise _no(game, "uno_not_allowed", f"{game.seats[a.player]} cannot call Uno now", "uno")


def _check_catch(game: Game, a: Action) -> None:
    q = a.target
    if q is None or not (0 <= q < len(game.seats)) or q == a.player:
        raise _no(game, "bad_choice", "name another player to catch", "uno")
    if q not in game.uno_pending and game.rs.setting("false_catch_penalty") is None:
        raise _no(game, "nothing_to_catch", f"{game.seats[q]} is not open to a catch", "uno")


def _check_choose(game: Game, a: Action) -> None:
    if game.choice is None:
        raise _no(game, "no_pending_choice", "there is nothing to choose", "turns")
    if a.player != game.choice.chooser:
        raise _no(game, "not_your_turn", f"{game.seats[game.choice.chooser]} chooses",
                  "turns")
    if a.color not in game.rs.colors:
        raise _no(game, "bad_choice", f"'{a.color}' is not a colour", "turns")


def legal_actions(game: Game, out_of_turn: bool = True) -> list[Action]:
    """The actions the rules allow now without a penalty, for the player to act and
    (with ``out_of_turn``) everyone else: Uno calls, catches and correct jump-ins.

    Penalised moves (a wrong jump-in, a false catch where the ruleset fines it) are
    accepted by ``apply_action`` but never listed here.
    """
    if game.phase == "over":
        return []
    p = game.current_player
    out: list[Action] = []
    if game.phase == "choose":
        return [Action(p, "choose", color=c) for c in game.rs.colors]
    seen: set[int] = set()
    for face in game.hands[p]:
        if id(face) in seen:
            continue
        seen.add(id(face))
        if game.phase == "respond":
            ok = game.can_answer(face, p)
        elif game.phase == "drawn":
            ok = face is game.drawn and game.matches(face)
        else:
            ok = game.matches(face)
        if ok and may_go_out(game, p):
            out.extend(_variants(game, p, face))
    if not may_go_out(game, p) and p not in game.uno_pending:
        out.append(Action(p, "uno"))
    if game.phase == "respond":
        out.append(Action(p, "accept"))
        if challengeable(game):
            out.append(Action(p, "challenge"))
    elif game.phase == "drawn":
        out.append(Action(p, "pass"))
    else:
        out.append(Action(p, "draw"))
    if out_of_turn:
        out.extend(_jump_ins(game))
        for q in sorted(game.uno_pending):
            out.append(Action(q, "uno"))
            out.extend(Action(r, "catch", target=q) for r in range(len(game.seats))
                       if r != q and game.alive[r])
    return out


def _jump_ins(game: Game) -> list[Action]:
    if not game.rs.setting_list("jump_in") or game.phase == "choose":
        return []
    out = []
    for q in range(len(game.seats)):
        if (q == game.current_player or not game.alive[q] or q in game.skipped
                or not may_go_out(game, q)):
            continue
        for face in {id(f): f for f in game.hands[q]}.values():
            if game.identical_to_top(face) and (game.phase != "respond"
                                                or game.can_stack(face)):
                out.extend(Action(a.player, "jump_in", face, a.color, a.target)
                           for a in _variants(game, q, face))
    return out


def _variants(game: Game, p: int, face: Face) -> list[Action]:
    needs = needs_of(game, face)
    colors = game.rs.colors if "color" in needs else (None,)
    targets = ([t for t in range(len(game.seats)) if t != p and game.alive[t]]
               if "target" in needs else [None])
    return [Action(p, "play", face, c, t) for c in colors for t in targets]
