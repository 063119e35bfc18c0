#!/usr/bin/env node
// A tiny classic-Uno implementation in JavaScript (Node.js 20, stdlib only) that
// speaks conformance/PROTOCOL.md. It exists to prove the harness really is
// language-neutral: nothing here is shared with the Python reference.
//
//     hotdeath conform --impl "node tests/gallery/tiny_uno.js" --ruleset classic
//
// It plays a deliberately small subset: number cards, Skip, Reverse, Draw Two,
// Wild, drawing and passing, going out. It declares no optional features, so the
// harness never sends scenarios about dealing, shuffling, Uno calls, challenges,
// jump-ins or scores. Whatever else it meets (playing a Wild Draw Four, a
// reshuffle, an act or card it does not know) it answers `skipped`, never a guess.
'use strict';
const readline = require('readline');

const COLORS = ['red', 'yellow', 'green', 'blue'];
const KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'skip', 'reverse', 'draw2'];

// Thrown when the scenario needs something we do not implement: answered `skipped`.
class Skip extends Error {}
// Thrown for an illegal move: answered `rejected` with a code from PROTOCOL.md §3.4.
class Reject extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// "red 5" -> {color: 'red', key: '5'}; "wild" / "wild draw4" have no colour.
function parseCard(name) {
  if (name === 'wild') return { color: null, key: 'wild' };
  if (name === 'wild draw4') return { color: null, key: 'draw4' };
  const [color, key, ...rest] = String(name).split(' ');
  if (rest.length || !COLORS.includes(color) || !KEYS.includes(key)) {
    throw new Skip(`unknown card ${JSON.stringify(name)} (tiny-uno only knows the classic deck)`);
  }
  return { color, key };
}

class Game {
  // Lay out the closed-world table exactly as PROTOCOL.md §3.2 describes it.
  constructor(table) {
    for (const extra of ['setup', 'shuffles']) {
      if ((table[extra] || []).length) throw new Skip(`tiny-uno does not support table.${extra}`);
    }
    if (Object.values(table.fields || {}).some((cards) => cards.length)) {
      throw new Skip('classic Uno has no field cards');
    }
    this.players = [...table.players];
    const known = (name) => {
      if (!this.players.includes(name)) throw new Skip(`table names unknown player ${name}`);
      return name;
    };
    this.hands = {};
    for (const p of this.players) this.hands[p] = [...((table.hands || {})[p] || [])];
    Object.keys(table.hands || {}).forEach(known);
    // A player who starts with no cards has already gone out: the reference ends
    // the round at the first action. Too odd a corner to imitate; say so instead.
    if (this.players.some((p) => this.hands[p].length === 0)) {
      throw new Skip('a player starts with an empty hand');
    }
    this.pile = [...(table.pile || [])]; // top first
    this.discard = [...(table.discard || [])]; // top first
    // Parse every card up front so an unknown card is a skip at load, not mid-game.
    [...Object.values(this.hands).flat(), ...this.pile, ...this.discard].forEach(parseCard);
    this.direction = table.direction || 'clockwise';
    const dealer = known(table.dealer || this.players[this.players.length - 1]);
    this.turn = table.turn ? known(table.turn) : this.next(dealer, 1);
    const top = this.discard[0];
    this.color = table.color !== undefined ? table.color : (top ? parseCard(top).color : null);
    this.scores = {};
    // We do not score (no `scores` feature), but we report the table's totals as laid out.
    for (const p of this.players) this.scores[p] = (table.scores || {})[p] || 0;
    this.phase = 'turn';
    this.pending = null; // {amount, target, origin, cards}
    this.drawnCard = null; // the card drawn this turn, while phase is `drawn`
    this.roundWinner = null;
  }

  // The player `steps` seats away from `from`, in the direction of play.
  next(from, steps) {
    const n = this.players.length;
    const sign = this.direction === 'clockwise' ? 1 : -1;
    return this.players[(((this.players.indexOf(from) + sign * steps) % n) + n) % n];
  }

  // Classic matching: a Wild goes on anything; otherwise colour in force or same key.
  // With an empty discard there is nothing to match, so anything goes (as the reference).
  matches(name) {
    const card = parseCard(name);
    if (card.color === null) return true;
    const top = this.discard[0];
    if (top === undefined) return true;
    return card.color === this.color || card.key === parseCard(top).key;
  }

  // Take `count` cards from the pile into a hand. An empty pile would need a
  // reshuffle, which is a scripted chance event (`shuffle` feature): not ours.
  draw(player, count) {
    if (this.pile.length < count) throw new Skip('the pile ran out: reshuffling is not implemented');
    this.hands[player].push(...this.pile.splice(0, count));
  }

  // Check a move without touching the table; throws Reject. The order of the checks
  // follows §3.4, adjusted where the reference (our oracle) decides differently.
  check(act) {
    const { player, act: what } = act;
    if (this.phase === 'over') throw new Reject('game_over', 'the round is over');
    if (!['play', 'draw', 'pass', 'accept', 'choose'].includes(what)) {
      throw new Skip(`tiny-uno does not implement the ${what} act`);
    }
    if (!this.players.includes(player)) throw new Reject('no_such_player', `${player} is not playing`);
    // Nothing in our subset ever waits for a choice (Wilds name their colour as they are played).
    if (what === 'choose') throw new Reject('no_pending_choice', 'there is no choice to make');
    if (player !== this.turn) throw new Reject('not_your_turn', `it is ${this.turn}'s turn`);
    if (what === 'accept') {
      if (!this.pending) throw new Reject('no_attack', 'no attack is pending');
      return;
    }
    if (what === 'draw' || what === 'pass') {
      if (this.phase === 'respond') throw new Reject('must_answer_attack', 'take the pending cards first');
      if (what === 'draw' && this.phase === 'drawn') throw new Reject('nothing_drawn', 'only one draw per turn');
      if (what === 'pass' && this.phase === 'turn') throw new Reject('nothing_drawn', 'draw before passing');
      return;
    }
    // what === 'play'
    const card = act.card;
    if (!this.hands[player].includes(card)) throw new Reject('card_not_in_hand', `${player} does not hold ${card}`);
    // Classic has no stacking: nothing answers a Draw Two, whatever the card.
    if (this.phase === 'respond') throw new Reject('cannot_answer', `${card} cannot answer this attack`);
    // The reference checks this before matching: after a draw only that card counts.
    if (this.phase === 'drawn' && card !== this.drawnCard) {
      throw new Reject('not_drawn_card', `only the drawn ${this.drawnCard} may be played`);
    }
    if (!this.matches(card)) throw new Reject('does_not_match', `${card} does not match ${this.discard[0]}`);
    if (parseCard(card).color === null) {
      if (act.color === undefined || act.color === null) throw new Reject('missing_choice', `${card} needs a colour`);
      if (!COLORS.includes(act.color)) throw new Reject('bad_choice', `${act.color} is not a colour`);
    }
  }

  // Apply a legal move (check() has passed).
  apply(act) {
    const { player } = act;
    switch (act.act) {
      case 'accept': { // the target draws and forfeits the turn
        const { target, amount } = this.pending;
        this.draw(target, amount);
        this.pending = null;
        this.endTurn(this.next(target, 1));
        return;
      }
      case 'draw': {
        this.draw(player, 1);
        const card = this.hands[player][this.hands[player].length - 1];
        // A playable card may be played at once (phase `drawn`); otherwise the turn ends.
        if (this.matches(card)) { this.phase = 'drawn'; this.drawnCard = card; } else this.endTurn(this.next(player, 1));
        return;
      }
      case 'pass':
        this.endTurn(this.next(player, 1));
        return;
      case 'play':
        this.play(player, act.card, act.color);
    }
  }

  endTurn(nextPlayer) {
    this.turn = nextPlayer;
    this.phase = 'turn';
    this.drawnCard = null;
  }

  play(player, name, chosen) {
    const card = parseCard(name);
    if (card.key === 'draw4') throw new Skip('tiny-uno does not implement the Wild Draw Four');
    const hand = this.hands[player];
    hand.splice(hand.indexOf(name), 1);
    this.discard.unshift(name);
    this.color = card.color || chosen;
    const twoPlayers = this.players.length === 2;
    if (card.key === 'skip') {
      this.endTurn(this.next(player, 2)); // with two players that is the player again
    } else if (card.key === 'reverse' && twoPlayers) {
      this.endTurn(player); // official two-player rule: Reverse works like Skip
    } else if (card.key === 'reverse') {
      this.direction = this.direction === 'clockwise' ? 'counterclockwise' : 'clockwise';
      this.endTurn(this.next(player, 1));
    } else if (card.key === 'draw2') {
      // The attack stops at its target, who must `accept` (classic has no stacking).
      const target = this.next(player, 1);
      this.pending = { amount: 2, target, origin: player, cards: [name] };
      this.endTurn(target);
      this.phase = 'respond';
    } else {
      this.endTurn(this.next(player, 1));
    }
    if (hand.length === 0) {
      // Going out. A Draw Two played as the last card is still drawn by its target.
      this.roundWinner = player;
      if (this.pending) { this.draw(this.pending.target, this.pending.amount); this.pending = null; }
      this.phase = 'over';
    }
  }

  // The canonical observation (conformance/schema/observation.schema.json).
  observe() {
    const perPlayer = (f) => Object.fromEntries(this.players.map((p) => [p, f(p)]));
    return {
      players: [...this.players],
      eliminated: [],
      phase: this.phase,
      turn: this.turn,
      direction: this.direction,
      color: this.color,
      top: this.discard.length ? this.discard[0] : null,
      hands: perPlayer((p) => [...this.hands[p]]),
      field: perPlayer(() => []),
      pile_count: this.pile.length,
      discard_count: this.discard.length,
      pending: this.pending && { ...this.pending, cards: [...this.pending.cards] },
      uno_pending: [],
      scores: { ...this.scores },
      round_winner: this.roundWinner,
      winner: null, // deciding the game needs scoring, which we do not do
    };
  }
}

const HELLO = {
  protocol: '1.0',
  implementation: { name: 'tiny-uno-js', version: '0.1.0', language: 'javascript' },
  rulesets: { classic: { options: [] } },
  features: [],
};

let game = null;

function handle(req) {
  if (req.cmd === 'hello') return { ...HELLO };
  if (req.cmd === 'load') {
    game = null; // a new game; forget the old one even if this load is skipped
    if (req.ruleset !== 'classic') throw new Skip(`tiny-uno only plays classic, not ${req.ruleset}`);
    if ((req.options || []).length) throw new Skip('tiny-uno supports no options');
    game = new Game(req.table);
    return { outcome: 'loaded', observation: game.observe() };
  }
  if (req.cmd === 'step') {
    if (!game) throw new Error('step without a loaded game');
    const step = req.step || {};
    if (step.chance) throw new Skip('tiny-uno does not take scripted chance events');
    if (!step.do) return { outcome: 'accepted', observation: game.observe() }; // just look
    const before = game.observe();
    try {
      game.check(step.do);
    } catch (err) {
      if (!(err instanceof Reject)) throw err;
      // check() never mutates, so `before` is exactly the table the harness saw last.
      return { outcome: 'rejected', code: err.code, message: err.message, observation: before };
    }
    game.apply(step.do);
    return { outcome: 'accepted', observation: game.observe() };
  }
  throw new Error(`unknown command ${JSON.stringify(req.cmd)}`);
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let req = null;
  let resp;
  try {
    req = JSON.parse(line);
    if (req.cmd === 'stop') process.exit(0); // no response; earlier writes to a pipe are synchronous
    resp = handle(req);
  } catch (err) {
    resp = err instanceof Skip
      ? { outcome: 'skipped', reason: err.message }
      : { outcome: 'errored', message: `${err.name}: ${err.message}` };
  }
  // Echo the request number when the harness sends one, so answers can be matched up.
  if (req && typeof req === 'object' && Number.isInteger(req.seq)) resp = { seq: req.seq, ...resp };
  process.stdout.write(JSON.stringify(resp) + '\n');
});
rl.on('close', () => process.exit(0));
