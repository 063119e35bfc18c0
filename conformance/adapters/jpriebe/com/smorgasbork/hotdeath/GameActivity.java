// Stand-in for the peer's Android activity (our own code). The engine uses it as a Context (for
// Prefs) and to run UI updates; there is no UI thread here, so they run at once (and do nothing,
// see GameTable.java).
package com.smorgasbork.hotdeath;

import android.content.Context;

public class GameActivity extends Context {
    public void runOnUiThread(Runnable action) {
        action.run();
    }
}
