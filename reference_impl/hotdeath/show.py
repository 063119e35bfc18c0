"""``hotdeath show RULESET``: a ruleset as a player reads it, from the checked model.

The deck card by card (with the notation a scenario uses), the settings, the
rules and their roles, options, acts and piles. Everything is derived from
the model, so it cannot drift from what the engine runs.
"""

from __future__ import annotations

from collections import Counter

from .errors import HotDeathError
from .model import ActDecl, CardKind, Ruleset


def deck_rows(rs: Ruleset) -> list[tuple[str, str, int, str]]:
    """(card name, notation, copies in the deck, categories), in spec order."""
    counts = Counter(face.notation for face in rs.deck)
    rows = []
    for kind in rs.kinds.values():
        for notation in sorted({f.notation for f in rs.faces.values() if f.kind is kind}):
            rows.append((kind.name, notation, counts.get(notation, 0),
                         " ".join(sorted(kind.categories))))
    return rows


def card_keys(rs: Ruleset, notations: bool = False) -> str:
    """``hotdeath cards``: each card's key, the colours it comes in, its copies and its name,
    or (``notations``) every card exactly as scenarios and protocol steps write it."""
    rows = deck_rows(rs)
    if notations:
        return "\n".join(n for _, n, _, _ in rows)
    out = [f"{rs.ident}: a card is written 'colour key' (red 5, blue skip), or its key alone "
           "when the key is its colour (wild)", f"  {'KEY':<18} {'COLOURS':<30} {'DECK':>4}  CARD"]
    for kind in rs.kinds.values():
        faces = [f for f in rs.faces.values() if f.kind is kind]
        if not faces:
            continue
        key = _key_column(kind, faces)
        colours = " ".join(dict.fromkeys(f.color for f in faces))
        copies = sum(c for name, _, c, _ in rows if name == kind.name)
        name = kind.called or kind.name
        out.append(f"  {key:<18} {colours:<30} {copies:>4}  {name}" if len(key) <= 18 else
                   f"  {key}\n  {'':<18} {colours:<30} {copies:>4}  {name}")
    return "\n".join(out)


def _key_column(kind: CardKind, faces: list) -> str:
    """The key as a scenario writes it after the colour; a ranked card's range written out
    with any suffix its keys carry ('1_x..8_x', not '1..8', where each key is N_x)."""
    if not kind.ranks:
        return kind.key
    suffixes = {f.notation.split(" ")[-1].lstrip("0123456789") for f in faces}
    suffix = suffixes.pop() if len(suffixes) == 1 else ""
    low, high = str(kind.ranks[0]), str(kind.ranks[-1])
    if len(kind.ranks) == 1:
        return low + suffix
    return f"{low}{suffix}..{high}{suffix}"


def _kind_line(kind: CardKind, rows: list[tuple[str, str, int, str]]) -> str:
    mine = [(n, c) for name, n, c, _ in rows if name == kind.name]
    total = sum(c for _, c in mine)
    shown = ", ".join(f"{n} x{c}" for n, c in mine if c)
    extra = f" (replaces {kind.replaces})" if kind.replaces else ""
    cats = " ".join(sorted(kind.categories))
    name = kind.name if not kind.called or kind.called == kind.name else \
        f"{kind.called} ({kind.name})"  # the name the ruleset calls it, and the one it amends
    return f"  {name:<32} {total:>3}  {shown}{extra}" + (f"  [{cats}]" if cats else "")


def render(rs: Ruleset, only_deck: bool = False) -> str:
    rows = deck_rows(rs)
    out = [f"{rs.ident}: {rs.title}" + (f" (extends {rs.extends})" if rs.extends else ""),
           f"deck: {len(rs.deck)} cards", ""]
    if rs.packs:
        out.append("packs (the deck is assembled from them):")
        out += [f"  {p.ident:<10} {p.size:>4}  {p.title}" for p in rs.packs.values()]
        out += [f"  {'total':<10} {sum(p.size for p in rs.packs.values()):>4}", ""]
    out.append("cards (name, copies, notation x copies):")
    out += [_kind_line(kind, rows) for kind in rs.kinds.values()]
    if only_deck:
        return "\n".join(out)
    out += ["", "settings:"]
    out += [f"  {k} {' '.join(map(str, v))}" for k, v in sorted(rs.settings.items())]
    out += ["", "rules:"]
    for rule in rs.rules.values():
        role = " ".join(rule.properties.get("role", ()))
        out.append(f"  {rule.name}" + (f"  (role {role})" if role else ""))
    if rs.options:
        out += ["", "options:"]
        out += [f"  {o.ident}: {o.title} (default {'on' if o.default else 'off'})"
                for o in rs.options.values()]
    acts = _acts_with_options(rs)
    if acts:
        out += ["", "acts (besides the protocol's own):"]
        out += [f"  {a.name}: {a.title} (by {a.by}"
                + (", names a player" if "target" in a.needs else "")
                + (", when the rules allow it" if a.guard is not None else "")
                + (f", instead of a {a.replaces} when allowed" if a.replaces else "")
                + (f"; option {option}" if option else "") + ")"
                for a, option in acts]
    if rs.zones:
        out += ["", "extra piles:"]
        out += [f"  {z.name}: {z.title}" for z in rs.zones.values()]
    out += ["", f"rulings: {', '.join(rs.rulings) or 'none'}"]
    return "\n".join(out)


def _acts_with_options(rs: Ruleset) -> list[tuple[ActDecl, str]]:
    """The ruleset's declared acts, then those an option adds, each with that option: a
    scenario writer needs the act's name before turning the option on."""
    out = [(a, "") for a in rs.acts.values()]
    seen = set(rs.acts)
    for ident in rs.options:
        if ident in rs.active_options:
            continue
        try:
            variant = rs.with_options(frozenset([*rs.active_options, ident]))
        except HotDeathError:
            continue  # an option that needs another one on: its acts show with that one
        for name, act in variant.acts.items():
            if name not in seen:
                seen.add(name)
                out.append((act, ident))
    return out
