// Stand-in for the peer's HumanPlayer (our own code). The original waits in startTurn() for the
// UI to set a decision (tap a card, the draw pile, Pass) and asks dialogs for a colour or a
// victim. Here the decision is set by the driver *before* Game.advanceRound() runs, through the
// same three entry points the UI uses (turnDecisionPlayCard / DrawCard / Pass), so startTurn()
// returns at once. As in the original, a card is taken only if Game.checkCard allows it.
// Every seat is one of these (Driver reseats the peer's ComputerPlayers): the scenario plays
// all hands.
package com.smorgasbork.hotdeath;

import org.json.JSONException;
import org.json.JSONObject;

public class HumanPlayer extends Player {
    public HumanPlayer(Game g, GameOptions go) {
        super(g, go);
    }

    public HumanPlayer(JSONObject o, Game g, GameOptions go) throws JSONException {
        super(o, g, go);
    }

    /** Forget any earlier decision; the original does this at the start of startTurn(). */
    public void clearDecision() {
        m_wantsToPass = false;
        m_wantsToPlayCard = false;
        m_wantsToDraw = false;
        m_playingCard = null;
    }

    public void turnDecisionPass() {
        m_wantsToPass = true;
    }

    public void turnDecisionDrawCard() {
        m_wantsToDraw = true;
    }

    /** As the original: true (and the decision taken) only if the peer allows the card. */
    public boolean turnDecisionPlayCard(Card c) {
        if (!m_hand.isInHand(c) || !m_game.checkCard(m_hand, c, true)) {
            return false;
        }
        m_playingCard = c;
        m_wantsToPlayCard = true;
        m_lastDrawn = null;
        return true;
    }

    @Override
    public void startTurn() {
    }

    @Override
    public int chooseColor() {
        return m_chosenColor;
    }

    public void setColor(int color) {
        m_chosenColor = color;
    }

    @Override
    public void chooseVictim() {
    }

    public void setVictim(int seat) {
        m_chosenVictim = seat;
    }

    @Override
    public int getNumCardsToDeal() {
        return m_numCardsToDeal;
    }

    public void setNumCardsToDeal(int n) {
        m_numCardsToDeal = n;
    }
}
