// Stand-in for android.os.Debug (our own code): no debugger is ever attached, so the peer's
// debug-only hand set-ups (Game.dealHands) stay off.
package android.os;

public final class Debug {
    private Debug() {
    }

    public static boolean isDebuggerConnected() {
        return false;
    }
}
