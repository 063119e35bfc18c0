"""Constants of the scenario format and protocol, shared by every side."""

from __future__ import annotations

# Semantic version of the scenario JSON format (see conformance/schema/scenario.schema.json).
FORMAT_VERSION = "1.4.0"

# The conformance protocol's version (conformance/PROTOCOL.md): MAJOR.MINOR.
PROTOCOL_VERSION = "2.0"

# The majors a harness of this version checks; a 1.x implementation is checked as before.
PROTOCOL_MAJORS = ("1", "2")

# The closed list of reasons an implementation may give for refusing a step.
# Which to give when several apply: conformance/PROTOCOL.md, section 3.4.
REJECTION_CODES = (
    "game_over",
    "unknown_action",
    "no_such_player",
    "not_your_turn",
    "card_not_in_hand",
    "does_not_match",
    "must_answer_attack",
    "cannot_answer",
    "no_attack",
    "not_challengeable",
    "missing_choice",
    "bad_choice",
    "nothing_drawn",
    "not_drawn_card",
    "uno_not_allowed",
    "nothing_to_catch",
    "no_pending_choice",
    "cannot_jump_in",
    "must_call_uno",
    # protocol 1.1
    "not_playable",
    "must_play",
    "answer_required",
    "act_not_allowed",
    "round_not_over",
    # protocol 1.2
    "bad_combination",
)

# The protocol's own acts; a ruleset may declare more (an accusation, say).
ACTS = ("play", "jump_in", "draw", "pass", "accept", "challenge", "uno", "catch", "choose",
        "use")

# Optional parts of the game an implementation may support (PROTOCOL.md section 3.1).
FEATURES = ("setup", "shuffle", "uno", "challenge", "jump_in", "scores",
            "choices", "chance", "zones", "elimination", "counters", "knowledge", "acts",
            "match", "combine", "flex", "play_number", "extra_copies", "tempo", "windows",
            # protocol 2.0
            "legal_moves", "use", "out", "loser")

# Features that bundle finer ones (2.0 split them): declaring the bundle declares its parts,
# so a 1.x implementation declaring 'acts' or 'elimination' is checked exactly as before.
# 'acts' also covers every act a ruleset declares (2.0: or list them in a ruleset's "acts").
BUNDLES = {"acts": ("use",), "elimination": ("out", "loser")}

# How an implementation resolves an attack nobody may answer (hello, 2.0): 'pending', as the
# reference, stops it at its victim until an 'accept'; 'immediate' resolves it at once.
ATTACK_MODELS = ("pending", "immediate")

# Kinds of choice a 'choose' step can answer, and the action field each one uses.
CHOICE_FIELDS = {"color": "color", "player": "target", "players": "players", "card": "cards",
                 "cards": "cards", "order": "cards", "number": "number", "yesno": "answer",
                 "option": "answer", "counts": "counts"}

DIRECTIONS = ("clockwise", "counterclockwise")

# The two sides of a player's Power Card (UNO Blender): a flex side is played only from green.
POWER_COLORS = ("green", "red")
