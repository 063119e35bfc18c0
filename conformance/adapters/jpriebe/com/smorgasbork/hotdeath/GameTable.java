// Stand-in for the peer's table view (our own code): every drawing and dialog call the engine
// makes is a no-op, and getContext() supplies the message texts of R.java. Colour and victim
// choices never go through dialogs here: the driver sets them on the HumanPlayer stand-in.
package com.smorgasbork.hotdeath;

import android.content.Context;

public class GameTable {
    private final Context m_context;

    public GameTable(Context context) {
        m_context = context;
    }

    public Context getContext() {
        return m_context;
    }

    public void shutdown() {
    }

    public void RedrawTable() {
    }

    public void showFastForwardButton(boolean show) {
    }

    public void showMenuButton(boolean show) {
    }

    public int PromptForNumCardsToDeal() {
        return 0;
    }

    public int PromptForVictim() {
        return 0;
    }

    public int PromptForColor() {
        return 0;
    }

    public void Toast(String msg) {
    }
}
