"""The reference interpreter: a small kernel of primitives driven by a checked ruleset."""
