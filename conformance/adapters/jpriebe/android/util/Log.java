// Stand-in for android.util.Log (our own code): the peer's debug log goes to stderr only when
// the environment variable JPRIEBE_LOG is set; stdout belongs to the driver's answers.
package android.util;

public final class Log {
    private static final boolean ON = System.getenv("JPRIEBE_LOG") != null;

    private Log() {
    }

    public static int d(String tag, String msg) {
        if (ON) {
            System.err.println(tag + ": " + msg);
        }
        return 0;
    }
}
