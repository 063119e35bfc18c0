// Our own headless driver for John Priebe's Hot Death engine (not part of the peer's sources).
//
// It builds the peer's Game from a saved-game JSON object, exactly as the app resumes a saved
// game (Game(JSONObject, ...)), seats a HumanPlayer stand-in at every seat, and applies one
// decision at a time through the peer's own turn logic, Game.advanceRound(), printing the state
// the peer ends up in. Nothing of the rules is reimplemented here: which cards may be played is
// Game.checkCard, what a card does is Game.handleSpecialCards/assessPenalty, and so on. (One
// test of checkCard is repeated in play(), only to choose the refusal code for the Shitter.)
//
// Two modes:
//   java -cp BUILD com.smorgasbork.hotdeath.Driver
//       one JSON request per line on stdin, one JSON answer per line on stdout (the private
//       protocol of conformance/adapters/jpriebe_hotdeath.py; see the request handlers below)
//   java -cp BUILD com.smorgasbork.hotdeath.Driver --random [--games N] [--seed S]
//       [--players 2-4] [--policy uniform|eager] [--max-steps N] [--warmup N]
//       [--warmup-steps N] [--json] [--batches]
//       plays N seeded games of random legal moves headless and prints steps per second
//       (after untimed warm-up games for the JIT, if asked); with --batches, one timed batch
//       per stdin line "GAMES PLAYERS POLICY SEED" in the same warm JVM.
package com.smorgasbork.hotdeath;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

public final class Driver {
    // ------------------------------------------------------------------ card names

    static final String[] COLOR_NAMES = {null, "red", "green", "blue", "yellow"};  // Card.COLOR_*
    static final Map<String, Integer> IDS = new HashMap<>();
    static final Map<Integer, String> NAMES = new HashMap<>();
    static final Map<Integer, Card> PROTOTYPES = new HashMap<>();

    static {
        int[] bases = {0, Card.ID_RED_0, Card.ID_GREEN_0, Card.ID_BLUE_0, Card.ID_YELLOW_0};
        for (int c = 1; c <= 4; c++) {
            String col = COLOR_NAMES[c] + " ";
            for (int v = 0; v <= 9; v++) {
                name(col + v, bases[c] + v);
            }
            name(col + "draw2", bases[c] + 10);
            name(col + "skip", bases[c] + 11);
            name(col + "reverse", bases[c] + 12);
        }
        name("wild", Card.ID_WILD);
        name("wild draw4", Card.ID_WILD_DRAWFOUR);
        name("wild eat_hot_death", Card.ID_WILD_HD);
        name("wild delay_blast", Card.ID_WILD_DB);
        name("wild mystery_draw", Card.ID_WILD_MYSTERY);
        name("wild harvester", Card.ID_WILD_HOS);
        name("green quitter", Card.ID_GREEN_0_QUITTER);
        name("yellow shitter", Card.ID_YELLOW_0_SHITTER);
        name("blue fucker", Card.ID_BLUE_0_FUCKYOU);
        name("red holy_defender", Card.ID_RED_0_HD);
        name("blue penn_state", Card.ID_BLUE_2_SHIELD);
        name("yellow 69", Card.ID_YELLOW_69);
        name("red magic5", Card.ID_RED_5_MAGIC);
        name("red glasnost", Card.ID_RED_2_GLASNOST);
        name("green aids", Card.ID_GREEN_3_AIDS);
        name("yellow mad", Card.ID_YELLOW_1_MAD);
        name("green luck", Card.ID_GREEN_4_IRISH);
        int[][] variants = {
            {Card.ID_RED_R_SKIP, Card.ID_RED_S_DOUBLE, Card.ID_RED_D_SPREADER},
            {Card.ID_GREEN_R_SKIP, Card.ID_GREEN_S_DOUBLE, Card.ID_GREEN_D_SPREADER},
            {Card.ID_BLUE_R_SKIP, Card.ID_BLUE_S_DOUBLE, Card.ID_BLUE_D_SPREADER},
            {Card.ID_YELLOW_R_SKIP, Card.ID_YELLOW_S_DOUBLE, Card.ID_YELLOW_D_SPREADER},
        };
        for (int c = 1; c <= 4; c++) {
            name(COLOR_NAMES[c] + " reverse_skip", variants[c - 1][0]);
            name(COLOR_NAMES[c] + " double_skip", variants[c - 1][1]);
            name(COLOR_NAMES[c] + " spreader", variants[c - 1][2]);
        }
        // Each card's colour, value and points come from the peer's own deck lists: the
        // two-deck Hot Death deck first, then the standard deck for plain cards it lacks.
        for (boolean standard : new boolean[] {false, true}) {
            CardDeck d = new CardDeck();
            d.reset(standard, false);
            for (int i = 0; i < d.getNumCards(); i++) {
                PROTOTYPES.putIfAbsent(d.getCard(i).getID(), d.getCard(i));
            }
        }
    }

    private static void name(String n, int id) {
        IDS.put(n, id);
        NAMES.put(id, n);
    }

    static String cardName(Card c) {
        return c == null ? null : NAMES.getOrDefault(c.getID(), "?" + c.getID());
    }

    static JSONObject cardJSON(String name, int deckIndex) throws JSONException {
        Integer id = IDS.get(name);
        if (id == null || !PROTOTYPES.containsKey(id)) {
            throw new Unknown(name);
        }
        JSONObject o = PROTOTYPES.get(id).toJSON();
        o.put("deckIndex", deckIndex);
        return o;
    }

    /** A card name the peer has no card for. */
    static final class Unknown extends JSONException {
        final String card;

        Unknown(String card) {
            super("the peer has no card '" + card + "'");
            this.card = card;
        }
    }

    // ------------------------------------------------------------------ the headless game

    /** The peer's Game without a screen: its messages are kept, and nothing waits. */
    static final class HeadlessGame extends Game {
        final List<String> log = new ArrayList<>();

        HeadlessGame(JSONObject saved, GameActivity ga, GameOptions go) {
            super(saved, ga, go);
        }

        @Override
        void promptUser(String msg, boolean wait) {
            if (!msg.isEmpty()) {
                log.add(msg);
            }
        }

        @Override
        public int getDelay() {
            return 0;
        }
    }

    /**
     * The draw pile with the peer's own shuffle (CardPile.shuffle: 7 passes of random swaps),
     * but from a seeded Random, and with the order of a scripted shuffle when one is queued.
     * Game.rolloverDiscardPile is the only caller.
     */
    static final class ScriptedPile extends CardPile {
        private final Random rng;
        private final Deque<List<String>> scripts;

        ScriptedPile(JSONObject o, CardDeck d, Random rng, Deque<List<String>> scripts)
                throws JSONException {
            super(o, d);
            this.rng = rng;
            this.scripts = scripts;
        }

        @Override
        public void shuffle() {
            shuffle(7);
        }

        @Override
        public void shuffle(int numTimes) {
            int n = getNumCards();
            Card[] cards = new Card[n];  // bottom first, as CardPile keeps them
            for (int i = n - 1; i >= 0; i--) {
                cards[i] = drawCard();
                cards[i].setFaceUp(false);
            }
            List<String> script = scripts.poll();
            // Not scripted: the peer's own shuffle from the seeded Random. PROTOCOL.md 3.8 asks
            // for an error here, but the peer turns the discards over as soon as the pile is
            // empty (Game.drawCard), where the reference shuffles nothing and a scenario has no
            // shuffle to script; an error would hide the rules difference that led there.
            if (script == null) {
                for (int t = 0; t < numTimes; t++) {
                    for (int j = 0; j < n; j++) {
                        int k = rng.nextInt(n);
                        Card tmp = cards[j];
                        cards[j] = cards[k];
                        cards[k] = tmp;
                    }
                }
            } else {
                cards = arrange(cards, script);
            }
            for (Card c : cards) {
                addCard(c);
            }
        }

        /** The scripted order (top first); cards the script does not name go underneath. */
        private static Card[] arrange(Card[] cards, List<String> topFirst) {
            List<Card> pool = new ArrayList<>(List.of(cards));
            List<Card> chosen = new ArrayList<>();
            for (String name : topFirst) {
                Card found = null;
                for (Card c : pool) {
                    if (name.equals(cardName(c))) {
                        found = c;
                        break;
                    }
                }
                if (found == null) {
                    System.err.println("scripted shuffle: the peer is not shuffling a " + name);
                    continue;
                }
                pool.remove(found);
                chosen.add(found);
            }
            if (!pool.isEmpty()) {
                System.err.println("scripted shuffle: the peer also shuffles " + pool.size()
                        + " card(s) the script does not name; they go underneath");
            }
            for (int i = chosen.size() - 1; i >= 0; i--) {
                pool.add(chosen.get(i));
            }
            return pool.toArray(new Card[0]);
        }
    }

    // ------------------------------------------------------------------ state

    private final GameActivity ga = new GameActivity();
    private final GameOptions go = new GameOptions(ga);
    private final Deque<List<String>> scripts = new ArrayDeque<>();
    private HeadlessGame game;
    private Random rng = new Random(0);

    private static Field field(String name) throws ReflectiveOperationException {
        Field f = Game.class.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    /**
     * The peer's Game restored from a saved-game object, with a HumanPlayer stand-in at each
     * seat. Game's JSON constructor seats ComputerPlayers (the app's AI) at seats 2-4 and gives
     * them the saved hands; they are replaced by stand-ins built from the same saved objects,
     * and the fields that point at players are set again. Private fields are reached by
     * reflection because the peer has no setter for them.
     */
    HeadlessGame restore(JSONObject saved) throws JSONException, ReflectiveOperationException {
        HeadlessGame g = new HeadlessGame(saved, ga, go);
        g.setGameTable(new GameTable(ga));
        if (g.getDeck() == null || g.getPenalty() == null) {
            throw new JSONException("Game(JSONObject) could not restore the saved game");
        }
        Player[] players = (Player[]) field("m_players").get(g);
        JSONArray saves = saved.getJSONArray("players");
        for (int i = 0; i < 4; i++) {
            players[i] = new HumanPlayer(saves.getJSONObject(i), g, go);
            players[i].setSeat(i + 1);
        }
        for (int i = 0; i < 4; i++) {
            players[i].setLeftOpp(players[(i + 1) % 4]);
            players[i].setRightOpp(players[(i + 3) % 4]);
        }
        JSONObject st = saved.getJSONObject("state");
        field("m_currPlayer").set(g, players[st.getInt("currPlayer") - 1]);
        field("m_dealer").set(g, players[st.getInt("dealer") - 1]);
        field("m_penalty").set(g, new Penalty(saved.getJSONObject("penalty"), g, g.getDeck()));
        field("m_drawPile").set(g, new ScriptedPile(saved.getJSONObject("drawPile"), g.getDeck(),
                rng, scripts));
        return g;
    }

    /**
     * A saved-game object (the format of Game.toJSON) for a table: hands[i] is seat i+1's hand
     * (a seat with no hand, null or past the list, sits out: inactive, holding one 0-point red 0 so that
     * Game.advanceRound does not take their empty hand for a player who went out, and with a
     * total of 999, the most that does not end the game, so that Game.finishRound does not
     * name them the winner for the lowest total), piles top card first. With toDeal the pile is left in the deck for Game.dealHands.
     */
    static JSONObject savedGame(List<List<String>> hands, List<String> pile, List<String> discard,
                                int color, int turn, int dealer, boolean clockwise,
                                int[] scores, boolean toDeal) throws JSONException {
        JSONArray deck = new JSONArray();
        JSONArray players = new JSONArray();
        for (int s = 0; s < 4; s++) {
            boolean seated = s < hands.size() && hands.get(s) != null;
            JSONArray hand = new JSONArray();
            for (String name : seated ? hands.get(s) : List.of("red 0")) {
                hand.put(deck.length());
                deck.put(cardJSON(name, deck.length()));
            }
            players.put(new JSONObject().put("active", seated)
                    .put("totalScore", seated ? scores[s] : 999).put("lastScore", 0)
                    .put("lastDrawn", -1).put("virusPenalty", 0).put("lastVirusPenalty", 0)
                    .put("hand", new JSONObject().put("cards", hand)));
        }
        JSONArray drawPile = new JSONArray();
        if (toDeal) {
            // Game.dealHands deals the deck from its first card and puts the rest on the draw
            // pile, so the pile to deal from becomes the deck, top card first.
            for (String name : pile) {
                deck.put(cardJSON(name, deck.length()));
            }
        } else {
            drawPile = pileJSON(pile, deck);
        }
        JSONArray discardPile = pileJSON(discard, deck);
        int top = discardPile.length() == 0 ? -1 : discardPile.getInt(discardPile.length() - 1);
        JSONObject state = new JSONObject().put("dealer", dealer + 1).put("currPlayer", turn + 1)
                .put("currColor", color)
                .put("direction", clockwise ? Game.DIR_CLOCKWISE : Game.DIR_CCLOCKWISE)
                .put("cardsPlayed", 0).put("roundComplete", false).put("currCard", top);
        JSONObject penalty = new JSONObject().put("type", Penalty.PENTYPE_NONE).put("numcards", 0)
                .put("generatingPlayer", 0).put("victim", 0).put("secondaryVictim", 0)
                .put("origCard", -1);
        return new JSONObject().put("state", state).put("deck", new JSONObject().put("cards", deck))
                .put("drawPile", new JSONObject().put("cards", drawPile))
                .put("discardPile", new JSONObject().put("cards", discardPile))
                .put("penalty", penalty).put("players", players);
    }

    /** A pile as CardPile saves it: deck indices, bottom card first. */
    private static JSONArray pileJSON(List<String> topFirst, JSONArray deck) throws JSONException {
        JSONArray a = new JSONArray();
        for (int i = topFirst.size() - 1; i >= 0; i--) {
            a.put(deck.length());
            deck.put(cardJSON(topFirst.get(i), deck.length()));
        }
        return a;
    }

    JSONObject state() throws JSONException {
        Game g = game;
        JSONArray hands = new JSONArray();
        JSONArray active = new JSONArray();
        JSONArray scores = new JSONArray();
        for (int i = 0; i < 4; i++) {
            Player p = g.getPlayer(i);
            JSONArray h = new JSONArray();
            for (int j = 0; j < p.getHand().getNumCards(); j++) {
                h.put(cardName(p.getHand().getCard(j)));
            }
            hands.put(h);
            active.put(p.getActive());
            scores.put(p.getTotalScore());
        }
        Penalty pen = g.getPenalty();
        Object penalty = JSONObject.NULL;
        if (pen.getType() != Penalty.PENTYPE_NONE) {
            String[] types = {"none", "card", "eject", "faceup"};
            penalty = new JSONObject().put("type", types[pen.getType()])
                    .put("amount", pen.getNumCards())
                    .put("victim", seat(pen.getVictim()))
                    .put("victim2", seat(pen.getSecondaryVictim()))
                    .put("generator", seat(pen.getGeneratingPlayer()))
                    .put("card", cardName(pen.getOrigCard()));
        }
        int color = g.getCurrColor();
        boolean over = g.getRoundComplete();
        JSONArray log = new JSONArray();
        for (String m : game.log) {
            log.put(m);
        }
        return new JSONObject()
                .put("turn", seat(g.getCurrPlayer()))
                .put("direction", g.getDirection() == Game.DIR_CLOCKWISE ? "clockwise"
                        : "counterclockwise")
                .put("color", color >= 1 && color <= 4 ? COLOR_NAMES[color] : JSONObject.NULL)
                .put("top", nullable(cardName(g.getLastPlayedCard())))
                .put("hands", hands).put("active", active).put("scores", scores)
                .put("pile", names(g.getDrawPile())).put("discard", names(g.getDiscardPile()))
                .put("penalty", penalty)
                .put("drawn", nullable(cardName(g.getCurrPlayer().getLastDrawn())))
                .put("round_over", over)
                .put("round_winner", over ? seat(g.getDealer()) : -1)  // finishRound: dealer = winner
                .put("winner", g.getWinner() - 1)
                .put("log", log);
    }

    private static Object nullable(String s) {
        return s == null ? JSONObject.NULL : s;
    }

    private static int seat(Player p) {
        return p == null ? -1 : p.getSeat() - 1;
    }

    private static JSONArray names(CardPile pile) {
        JSONArray a = new JSONArray();
        for (int i = pile.getNumCards() - 1; i >= 0; i--) {
            a.put(cardName(pile.getCard(i)));
        }
        return a;
    }

    // ------------------------------------------------------------------ moves

    /** Why a decision is refused, in the peer's terms; the adapter maps it to a protocol code. */
    static final class Refused extends Exception {
        Refused(String reason) {
            super(reason);
        }
    }

    private HumanPlayer current(int seat) throws Refused {
        Player p = game.getCurrPlayer();
        if (seat != p.getSeat() - 1) {
            throw new Refused("not_current");
        }
        for (int i = 0; i < 4; i++) {
            ((HumanPlayer) game.getPlayer(i)).clearDecision();
        }
        return (HumanPlayer) p;
    }

    static int colorNumber(String name) {
        for (int c = 1; c <= 4; c++) {
            if (COLOR_NAMES[c].equals(name)) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Play a card: the checks the app makes before it takes a tap on a card (the card is in the
     * hand, Game.checkCard allows it) and the answers to the dialogs it would then show (the
     * colour of a wild card, the victim of Glasnost or M.A.D.), then one Game.advanceRound().
     */
    void play(int seat, String name, String colorName, int victim) throws Refused {
        HumanPlayer p = current(seat);
        Card card = null;
        Hand h = p.getHand();
        for (int i = 0; i < h.getNumCards() && card == null; i++) {
            if (name.equals(cardName(h.getCard(i)))) {
                card = h.getCard(i);
            }
        }
        if (card == null) {
            throw new Refused("card_not_in_hand");
        }
        if (!game.checkCard(h, card, true)) {
            if (game.getCurrPlayerUnderAttack()) {
                throw new Refused("checkCard_under_attack");
            }
            // Game.checkCard decides the Shitter in a branch of its own: only as the last card
            // (or on the Holy Defender or the Magic Red 5). Said apart from a plain mismatch
            // when the card has the colour in force or the top card's value, the ordinary test
            // at the end of checkCard.
            Card top = game.getLastPlayedCard();
            if (card.getID() == Card.ID_YELLOW_0_SHITTER && (card.getColor() == game.getCurrColor()
                    || top != null && card.getValue() == top.getValue())) {
                throw new Refused("checkCard_shitter");
            }
            throw new Refused("checkCard");
        }
        int color = 0;
        if (card.getColor() == Card.COLOR_WILD) {
            if (colorName == null) {
                throw new Refused("missing_color");
            }
            color = colorNumber(colorName);
            if (color == 0) {
                throw new Refused("bad_color");
            }
        }
        // Game.handleSpecialCards asks for a victim (Player.chooseVictim) for Glasnost always
        // and for M.A.D. when more than three players are active.
        boolean asks = card.getID() == Card.ID_RED_2_GLASNOST
                || card.getID() == Card.ID_YELLOW_1_MAD && game.getActivePlayerCount() > 3;
        if (asks) {
            if (victim < 0 && card.getID() == Card.ID_RED_2_GLASNOST) {
                victim = seat(game.getNextPlayer());  // the seed's Glasnost hits the next player
            }
            if (victim < 0) {
                throw new Refused("missing_victim");
            }
            if (victim > 3 || victim == seat || !game.getPlayer(victim).getActive()) {
                throw new Refused("bad_victim");
            }
            p.setVictim(victim + 1);
        }
        p.setColor(color);
        p.turnDecisionPlayCard(card);
        game.advanceRound();
    }

    /** The app's Draw button: enabled only when not under attack and not after a draw. */
    void draw(int seat) throws Refused {
        HumanPlayer p = current(seat);
        if (game.getCurrPlayerUnderAttack()) {
            throw new Refused("under_attack");
        }
        if (game.getCurrPlayerDrawn()) {
            throw new Refused("already_drawn");
        }
        p.turnDecisionDrawCard();
        game.advanceRound();
    }

    /** The app's Pass button: enabled only under attack (taking it) or after a draw. */
    void pass(int seat) throws Refused {
        HumanPlayer p = current(seat);
        if (!game.getCurrPlayerUnderAttack() && !game.getCurrPlayerDrawn()) {
            throw new Refused("not_drawn");
        }
        p.turnDecisionPass();
        game.advanceRound();
    }

    /**
     * What the app lets the current player do now (protocol 2.0's legal moves): the cards of
     * the hand Game.checkCard allows (the cards the app takes a tap on), each once, with the
     * victims the dialog would offer for a card that asks for one (Glasnost always, M.A.D. when
     * more than three play: every other active seat); and the state of the Draw and Pass
     * buttons (GameActivity.showMenuButtons). Nothing here decides a rule: it only asks the
     * peer's own checks.
     */
    JSONObject legal() throws JSONException {
        JSONArray cards = new JSONArray();
        JSONArray victims = new JSONArray();
        boolean attacked = false;
        boolean drawn = false;
        if (!game.getRoundComplete()) {
            Player p = game.getCurrPlayer();
            Hand h = p.getHand();
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < h.getNumCards(); i++) {
                Card c = h.getCard(i);
                String name = cardName(c);
                if (!seen.contains(name) && game.checkCard(h, c, false)) {
                    seen.add(name);
                    cards.put(name);
                }
            }
            for (int i = 0; i < 4; i++) {
                if (i != seat(p) && game.getPlayer(i).getActive()) {
                    victims.put(i);
                }
            }
            attacked = game.getCurrPlayerUnderAttack();
            drawn = game.getCurrPlayerDrawn();
        }
        return ok().put("cards", cards).put("victims", victims)
                .put("mad_asks", game.getActivePlayerCount() > 3)
                .put("draw", !game.getRoundComplete() && !attacked && !drawn)
                .put("pass", !game.getRoundComplete() && (attacked || drawn))
                .put("attacked", attacked);
    }

    /** Set-up: the peer's own deal (Game.dealHands, from the deck in order) of n cards each. */
    void deal(int n) throws ReflectiveOperationException {
        field("m_numCardsToDeal").setInt(game, n);
        game.dealHands();
    }

    /** Set-up: the peer's own first card (Game.postDealHands, private). */
    void flip() throws ReflectiveOperationException {
        Method m = Game.class.getDeclaredMethod("postDealHands");
        m.setAccessible(true);
        m.invoke(game);
    }

    // ------------------------------------------------------------------ the line protocol

    private static List<String> strings(JSONArray a) throws JSONException {
        List<String> out = new ArrayList<>();
        for (int i = 0; a != null && i < a.length(); i++) {
            out.add(a.getString(i));
        }
        return out;
    }

    JSONObject handle(JSONObject req) throws Exception {
        String cmd = req.getString("cmd");
        if (cmd.equals("load")) {
            List<List<String>> hands = new ArrayList<>();
            JSONArray hs = req.getJSONArray("hands");
            int[] scores = new int[4];
            JSONArray sc = req.optJSONArray("scores");
            for (int i = 0; i < hs.length(); i++) {
                Object h = hs.get(i);  // null: a seat that sits out
                hands.add(h == JSONObject.NULL ? null : strings((JSONArray) h));
                scores[i] = sc == null ? 0 : sc.getInt(i);
            }
            rng = new Random(req.optInt("seed", 0));
            scripts.clear();
            String color = req.optString("color", null);
            JSONObject saved = savedGame(hands, strings(req.optJSONArray("pile")),
                    strings(req.optJSONArray("discard")),
                    color == null ? Card.COLOR_WILD : colorNumber(color),
                    req.getInt("turn"), req.getInt("dealer"),
                    !"counterclockwise".equals(req.optString("direction", "clockwise")), scores,
                    Boolean.TRUE.equals(req.opt("deal")));
            game = restore(saved);
            return ok();
        }
        if (game == null) {
            throw new IllegalStateException("no game loaded");
        }
        game.log.clear();
        try {
            switch (cmd) {
                case "state":
                    break;
                case "legal":
                    return legal();
                case "play":
                    play(req.getInt("seat"), req.getString("card"), req.optString("color", null),
                            req.optInt("victim", -1));
                    break;
                case "draw":
                    draw(req.getInt("seat"));
                    break;
                case "pass":
                    pass(req.getInt("seat"));
                    break;
                case "shuffle":
                    scripts.add(strings(req.getJSONArray("cards")));
                    break;
                case "deal":
                    deal(req.getInt("count"));
                    break;
                case "flip":
                    flip();
                    break;
                default:
                    throw new IllegalArgumentException("unknown command " + cmd);
            }
        } catch (Refused r) {
            return ok().put("refused", r.getMessage());
        }
        return ok();
    }

    private JSONObject ok() throws JSONException {
        return new JSONObject().put("state", state());
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--random")) {
            RandomGames.main(args);
            return;
        }
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        System.setOut(System.err);  // stdout carries answers only
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in,
                StandardCharsets.UTF_8));
        Driver d = new Driver();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JSONObject answer;
            try {
                answer = d.handle(new JSONObject(line));
            } catch (Unknown u) {
                answer = new JSONObject().put("unknown", u.card);
            } catch (Exception e) {
                Throwable t = e.getCause() != null ? e.getCause() : e;
                StackTraceElement[] st = t.getStackTrace();
                answer = new JSONObject().put("error", t + (st.length > 0 ? " at " + st[0] : ""));
            }
            out.println(answer);
            out.flush();
        }
    }

    // ------------------------------------------------------------------ random games

    /** Headless games of random legal moves, for comparing speed with the reference engine. */
    static final class RandomGames {
        public static void main(String[] args) throws Exception {
            int games = 200;
            int players = 4;
            int maxSteps = 3000;
            int warmup = 0;
            long warmupSteps = 0;
            long seed = 0;
            boolean eager = false;
            boolean json = false;
            boolean batches = false;
            for (int i = 1; i < args.length; i++) {
                switch (args[i]) {
                    case "--games": games = Integer.parseInt(args[++i]); break;
                    case "--players": players = Integer.parseInt(args[++i]); break;
                    case "--max-steps": maxSteps = Integer.parseInt(args[++i]); break;
                    case "--seed": seed = Long.parseLong(args[++i]); break;
                    case "--warmup": warmup = Integer.parseInt(args[++i]); break;
                    case "--warmup-steps": warmupSteps = Long.parseLong(args[++i]); break;
                    case "--policy": eager = args[++i].equals("eager"); break;
                    case "--json": json = true; break;
                    case "--batches": batches = true; json = true; break;
                    default: throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            checkPlayers(players);
            Driver d = new Driver();
            // The JIT keeps compiling for a long time (the timing still fell by half from 5,000
            // to 20,000 warm-up games of 77 steps): warm up by games and by steps, both policies.
            long warmed = 0;
            for (int g = 0; g < warmup || warmed < warmupSteps; g++) {
                warmed += d.playRandom(new Random(-1 - g), 2 + g % 3, g % 2 == 0, maxSteps)[0];
            }
            if (!batches) {
                System.out.println(batch(d, games, players, eager, seed, maxSteps, json));
                return;
            }
            // One timed batch per line "GAMES PLAYERS POLICY SEED" on stdin, one JSON answer
            // per line: the benchmark interleaves them with its own batches in one warm JVM.
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in,
                    StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.trim().split("\\s+");
                if (f.length != 4) {
                    continue;
                }
                int p = Integer.parseInt(f[1]);
                checkPlayers(p);
                System.out.println(batch(d, Integer.parseInt(f[0]), p, f[2].equals("eager"),
                        Long.parseLong(f[3]), maxSteps, true));
                System.out.flush();
            }
        }

        static void checkPlayers(int players) {
            if (players < 2 || players > 4) {
                throw new IllegalArgumentException("--players must be 2, 3 or 4");
            }
        }

        /** GAMES seeded games (new Random(seed * 100_003 + g) each, as the benchmark's hotdeath
         *  side), timed with System.nanoTime. */
        static String batch(Driver d, int games, int players, boolean eager, long seed,
                            int maxSteps, boolean json) throws Exception {
            long steps = 0;
            int finished = 0;
            long start = System.nanoTime();
            for (int g = 0; g < games; g++) {
                int[] r = d.playRandom(new Random(seed * 100_003 + g), players, eager, maxSteps);
                steps += r[0];
                finished += r[1];
            }
            double secs = (System.nanoTime() - start) / 1e9;
            String policy = eager ? "eager" : "uniform";
            if (json) {
                return new JSONObject().put("engine", "jpriebe-hotdeath")
                        .put("policy", policy).put("players", players).put("games", games)
                        .put("seconds", secs).put("steps", steps).put("finished", finished)
                        .put("steps_per_s", steps / secs).put("games_per_s", games / secs)
                        .toString();
            }
            return String.format("jpriebe-hotdeath %s policy, %d players: %d games, %d steps "
                            + "(%.1f/game), %d finished, %.3f s: %.0f steps/s, %.1f games/s",
                    policy, players, games, steps, (double) steps / games, finished, secs,
                    steps / secs, games / secs);
        }
    }

    /**
     * One game: the peer's two-deck Hot Death deck shuffled by a seeded Random, seven cards each
     * (as a human dealer may choose), the peer's own first card (Game.postDealHands), then random
     * legal decisions until the hand ends or maxSteps. A step is one Game.advanceRound().
     * Returns {steps, finished}.
     */
    int[] playRandom(Random r, int players, boolean eager, int maxSteps) throws Exception {
        CardDeck full = new CardDeck();
        full.reset(false, false);
        List<String> cards = new ArrayList<>();
        for (int i = 0; i < full.getNumCards(); i++) {
            cards.add(cardName(full.getCard(i)));
        }
        java.util.Collections.shuffle(cards, r);
        List<List<String>> hands = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            hands.add(new ArrayList<>(cards.subList(7 * p, 7 * p + 7)));
        }
        List<String> pile = cards.subList(7 * players, cards.size());
        // The dealer sits just before seat 1, so that seat 1 plays first (a sitting-out seat
        // when fewer than four play: Game.postDealHands starts left of the dealer).
        JSONObject saved = savedGame(hands, pile, List.of(), Card.COLOR_WILD, 0, 3, true,
                new int[4], false);
        rng = new Random(r.nextLong());
        scripts.clear();
        game = restore(saved);
        flip();
        int steps = 0;
        List<Card> valid = new ArrayList<>();
        while (!game.getRoundComplete() && steps < maxSteps) {
            game.log.clear();
            HumanPlayer p = current(seat(game.getCurrPlayer()));
            Hand h = p.getHand();
            valid.clear();
            for (int i = 0; i < h.getNumCards(); i++) {
                if (game.checkCard(h, h.getCard(i), false)) {
                    valid.add(h.getCard(i));
                }
            }
            boolean attacked = game.getCurrPlayerUnderAttack();
            boolean drawn = game.getCurrPlayerDrawn();
            int other = (eager && !valid.isEmpty()) ? 0 : 1;  // draw, or pass (accept)
            int pick = r.nextInt(valid.size() + other);
            if (pick < valid.size()) {
                Card c = valid.get(pick);
                p.setColor(1 + r.nextInt(4));
                List<Integer> victims = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    if (i != p.getSeat() - 1 && game.getPlayer(i).getActive()) {
                        victims.add(i + 1);
                    }
                }
                if (!victims.isEmpty()) {
                    p.setVictim(victims.get(r.nextInt(victims.size())));
                }
                p.turnDecisionPlayCard(c);
            } else if (attacked || drawn) {
                p.turnDecisionPass();
            } else {
                p.turnDecisionDrawCard();
            }
            game.advanceRound();
            steps++;
        }
        return new int[] {steps, game.getRoundComplete() ? 1 : 0};
    }
}
