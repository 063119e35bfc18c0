// Stand-in for the peer's preferences screen (our own code): the settings a headless engine
// needs. Hot Death rules (no "standardrules" cheat code), two decks, no computer in seat 1
// (seat 1 is a HumanPlayer stand-in like the others), no face-up hands, no cheating.
package com.smorgasbork.hotdeath;

import android.content.Context;

public final class Prefs {
    private Prefs() {
    }

    public static int getGameSpeed(Context context) {
        return 0;
    }

    public static boolean getTwoDecks(Context context) {
        return true;
    }

    public static boolean getComputer4th(Context context) {
        return false;
    }

    public static boolean getFaceUp(Context context) {
        return false;
    }

    public static int getCheatLevel(Context context) {
        return 0;
    }

    public static String getCheatCode(Context context) {
        return "";
    }

    public static int getP1SkillLevel(Context context) {
        return 1;
    }

    public static int getP1AggressionLevel(Context context) {
        return 0;
    }

    public static int getP2SkillLevel(Context context) {
        return 1;
    }

    public static int getP2AggressionLevel(Context context) {
        return 0;
    }

    public static int getP3SkillLevel(Context context) {
        return 1;
    }

    public static int getP3AggressionLevel(Context context) {
        return 0;
    }
}
