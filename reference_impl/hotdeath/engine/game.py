"""The table and its state machine: who may do what, and what happens when they do.

The API follows OpenSpiel's shape (current_player, legal_actions,
apply_action, is_terminal, scores) plus a canonical JSON observation. Card
behaviour comes only from the ruleset's compiled effects; this module knows
phases, turns, the pending attack, windows and state checks, and no card.
"""

from __future__ import annotations

from ..model import Effect, Face, Ruleset
from . import draws
from .interp import Ctx, guard_holds, run, run_effects
from .state import Action, Attack, Choice

CLOCKWISE = {1: "clockwise", -1: "counterclockwise"}


class Game:
    def __init__(self, rs: Ruleset, seats: list[str], chance, *, tracing: bool = True):
        self.rs = rs
        self.seats = list(seats)
        self.index = {name: i for i, name in enumerate(self.seats)}
        n = len(seats)
        self.alive = [True] * n
        self.hands: list[list[Face]] = [[] for _ in range(n)]
        self.field: list[list[Face]] = [[] for _ in range(n)]
        self.pile: list[Face] = []  # top of the draw pile is the last element
        self.discard: list[Face] = []  # top of the discard pile is the last element
        self.color: str | None = None
        self.match_top: Face | None = None
        self.turn = 0
        self.direction = 1
        self.dealer = n - 1
        self.phase = "turn"
        self.pending: Attack | None = None
        self.drawn: Face | None = None
        self.choice: Choice | None = None
        self.skipped: set[int] = set()  # seats the last action passed over
        self.uno_pending: set[int] = set()
        self.uno_called: set[int] = set()
        self.scores = [0] * n
        self.round_winner: int | None = None
        self.winner: int | None = None
        self.chance = chance
        self.tracing = tracing
        self.trace: list[dict] = []
        self.options: set[str] = {o.ident for o in rs.options.values() if o.default}

    # -- seats and turn order -------------------------------------------------

    def living(self) -> int:
        return sum(self.alive)

    def next_seat(self, frm: int, steps: int = 1, backwards: bool = False) -> int:
        seat = frm
        n = len(self.seats)
        step = -self.direction if backwards else self.direction
        for _ in range(steps):
            for _ in range(n):
                seat = (seat + step) % n
                if self.alive[seat]:
                    break
        return seat

    def log(self, event: str, owner: str, text: str) -> None:
        if self.tracing:
            self.trace.append({"event": event, "owner": owner, "text": text})

    # -- the top card and matching --------------------------------------------

    def top(self) -> Face | None:
        if self.match_top is not None:
            return self.match_top
        return self.discard[-1] if self.discard else None

    def matches(self, face: Face) -> bool:
        if face.is_wild or face.kind.playable_anywhere:
            return True
        top = self.top()
        if top is None:
            return True
        for attr in self.rs.match:
            if attr == "color" and face.color == self.color:
                return True
            if attr == "suit" and face.suits & top.suits:
                return True
            if attr == "text" and face.text == top.text:
                return True
        return False

    # -- effects ----------------------------------------------------------------

    def trigger(self, face: Face, event: str, ctx: Ctx) -> list[Effect]:
        for override in self.rs.override_index.get(face.kind.name, ()):
            if event in override.triggers and override.guard(ctx):
                return [override.triggers[event]]
        return face.kind.triggers.get(event, [])

    def answer_for(self, face: Face, ctx: Ctx) -> Effect | None:
        if self.pending is None:
            return None
        for effect in face.kind.answers:
            if effect.event == "attack" and guard_holds(effect, ctx):
                return effect
        return None

    def can_stack(self, face: Face) -> bool:
        return (self.pending is not None and face.kind.stack is not None
                and face.kind.stack == self.pending.group)

    def can_answer(self, face: Face, player: int) -> bool:
        ctx = Ctx(self, player, face, owner=face.kind.name)
        return self.answer_for(face, ctx) is not None or self.can_stack(face)

    # -- actions ----------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.choice.chooser if self.choice else self.turn

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def apply_action(self, action: Action) -> None:
        """Apply one action, or raise Illegal leaving the table untouched."""
        from .legality import validate

        validate(self, action)
        if action.act not in ("uno", "catch"):
            self.uno_pending = {p for p in self.uno_pending if p == action.player}
        getattr(self, "_do_" + action.act)(action)
        self.state_checks(action.player)

    def _do_play(self, action: Action) -> None:
        p, face = action.player, action.card
        assert face is not None
        responding = self.phase == "respond"
        hand = self.hands[p]
        held = any(c.color == self.color for c in hand if c is not face)
        hand.remove(face)
        self.discard.append(face)
        self.match_top = None
        self.drawn = None
        if not face.is_wild:
            self.color = face.color
        ctx = Ctx(self, p, face, action, owner=face.kind.name, held_color=held)
        self.log("play", face.kind.name, f"{self.seats[p]} plays {face.notation}")
        answer = self.answer_for(face, ctx) if responding else None
        if answer is not None:
            run(answer.body, ctx)
        else:
            run_effects(self.trigger(face, "play", ctx), ctx)
        self.finish(ctx)

    def _do_jump_in(self, action: Action) -> None:
        """Out of turn: an identical card takes over play, or a wrong one costs a penalty."""
        p, face = action.player, action.card
        assert face is not None
        owner = self.rs.role_rule("jump_in")
        if not self.identical_to_top(face):
            self.log("jump", owner, f"{self.seats[p]} jumps in with the wrong card")
            draws.draw(self, p, int(self.rs.setting("jump_in_penalty", 0)), "penalty", owner)
            return
        self.log("jump", owner, f"{self.seats[p]} jumps in")
        if self.pending is not None:
            self.log("reset", owner, f"the stack of {self.pending.amount} is reset")
            self.pending = None
        self.turn, self.phase, self.drawn = p, "turn", None
        self._do_play(action)

    def identical_to_top(self, face: Face) -> bool:
        top = self.top()
        if top is None:
            return False
        for attr in self.rs.setting_list("jump_in"):
            if attr == "color" and face.color != top.color:
                return False
            if attr == "suit" and not face.suits & top.suits:
                return False
            if attr == "text" and face.text != top.text:
                return False
        return True

    def _do_draw(self, action: Action) -> None:
        p = action.player
        got = draws.draw(self, p, 1, self.rs.setting("turn_draw_class", "turn"), "turn")
        last = got[-1] if got else None
        if last is not None and self.rs.setting("play_drawn", 1) and self.matches(last):
            self.phase, self.drawn = "drawn", last
        else:
            self.end_turn(p)

    def _do_pass(self, action: Action) -> None:
        self.drawn = None
        self.end_turn(action.player)

    def _do_accept(self, action: Action) -> None:
        ctx = Ctx(self, action.player, owner="attack")
        from .verbs import accept_attack

        accept_attack(ctx)
        self.finish(ctx)

    def _do_challenge(self, action: Action) -> None:
        assert self.pending is not None
        top = self.pending.top
        ctx = Ctx(self, action.player, top.card, action, owner=top.card.kind.name,
                  held_color=top.held_color)
        self.log("challenge", top.card.kind.name,
                 f"{self.seats[action.player]} challenges {self.seats[top.player]}")
        run_effects(self.trigger(top.card, "challenge", ctx), ctx)
        self.finish(ctx)

    def _do_uno(self, action: Action) -> None:
        self.uno_pending.discard(action.player)
        self.uno_called.add(action.player)
        self.log("uno", "uno", f"{self.seats[action.player]} calls Uno")

    def _do_catch(self, action: Action) -> None:
        p, q = action.player, action.target
        assert q is not None
        owner = self.rs.role_rule("uno")
        if q in self.uno_pending:
            self.uno_pending.discard(q)
            self.log("catch", owner, f"{self.seats[p]} catches {self.seats[q]} without Uno")
            draws.draw(self, q, int(self.rs.setting("uno_penalty", 2)), "penalty", owner)
        else:
            self.log("catch", owner, f"{self.seats[p]} calls Uno on {self.seats[q]} wrongly")
            draws.draw(self, p, int(self.rs.setting("false_catch_penalty", 0)), "penalty", owner)

    def _do_choose(self, action: Action) -> None:
        choice = self.choice
        assert choice is not None
        self.color = action.color
        self.log("choose", choice.owner, f"{self.seats[action.player]} names {action.color}")
        self.choice = None
        self.turn, self.phase = choice.then_turn, "turn"

    # -- turn flow ----------------------------------------------------------------

    def end_turn(self, player: int) -> None:
        self.drawn = None
        self.skipped = set()
        self.turn, self.phase = self.next_seat(player), "turn"

    def finish(self, ctx: Ctx) -> None:
        """Decide who acts next once an action's effects have run."""
        passed_over = {self.next_seat(ctx.actor, i + 1) for i in range(ctx.skips)}
        self.skipped = passed_over | ctx.lost_turn
        if ctx.attack_touched and self.pending is not None:
            self.turn, self.phase = self.pending.target, "respond"
        elif self.choice is not None:
            self.phase = "choose"
        elif ctx.next_turn is not None:
            self.turn, self.phase = ctx.next_turn, "turn"
        elif ctx.play_again:
            self.turn, self.phase = ctx.actor, "turn"
        else:
            self.turn, self.phase = self.next_seat(ctx.actor, 1 + ctx.skips), "turn"

    def state_checks(self, actor: int) -> None:
        for p in range(len(self.seats)):
            size = len(self.hands[p])
            if size != 1:
                self.uno_pending.discard(p)
            if size == 0 or size > 2:
                self.uno_called.discard(p)
        if len(self.hands[actor]) == 1 and actor not in self.uno_called:
            self.uno_pending.add(actor)
        if self.round_winner is None:
            for p in range(len(self.seats)):
                if self.alive[p] and not self.hands[p]:
                    self.end_round(p)
                    break

    def end_round(self, winner: int) -> None:
        self.round_winner = winner
        self.log("out", "", f"{self.seats[winner]} has no cards left and wins the round")
        for rule in self.rs.rules.values():
            effects = rule.triggers.get("going_out", [])
            run_effects(effects, Ctx(self, winner, owner=rule.name))
        self.phase = "over"

    # -- set-up -----------------------------------------------------------------------

    def deal(self) -> None:
        size = int(self.rs.setting("hand_size", 7))
        for _ in range(size):
            seat = self.dealer
            for _ in range(self.living()):
                seat = self.next_seat(seat)
                if self.pile:
                    self.hands[seat].append(self.pile.pop())
        self.log("deal", self.rs.role_rule("setup"), f"{size} cards are dealt to each player")

    def start(self) -> None:
        """Flip the first card and apply its start effects as the dealer's."""
        face = self.pile.pop()
        self.discard.append(face)
        self.color = None if face.is_wild else face.color
        self.log("flip", face.kind.name, f"the first card is {face.notation}")
        ctx = Ctx(self, self.dealer, face, owner=face.kind.name)
        run_effects(self.trigger(face, "start", ctx), ctx)
        if ctx.reflip:
            return self.start()
        self.finish(ctx)

    # -- observation ------------------------------------------------------------------

    def observation(self) -> dict:
        names = self.seats
        pending = None
        if self.pending is not None:
            a = self.pending
            pending = {"amount": a.amount, "target": names[a.target],
                       "origin": names[a.origin], "cards": [c.card.notation for c in
                                                             a.contributions if c.card]}
        top = self.top()
        return {
            "players": list(names),
            "eliminated": [names[i] for i, a in enumerate(self.alive) if not a],
            "phase": self.phase,
            "turn": names[self.current_player],
            "direction": CLOCKWISE[self.direction],
            "color": self.color,
            "top": top.notation if top else None,
            "hands": {names[i]: [f.notation for f in h] for i, h in enumerate(self.hands)},
            "field": {names[i]: [f.notation for f in fl] for i, fl in enumerate(self.field)},
            "pile_count": len(self.pile),
            "discard_count": len(self.discard),
            "pending": pending,
            "uno_pending": [names[i] for i in sorted(self.uno_pending)],
            "scores": {names[i]: s for i, s in enumerate(self.scores)},
            "round_winner": names[self.round_winner] if self.round_winner is not None else None,
            "winner": names[self.winner] if self.winner is not None else None,
        }
