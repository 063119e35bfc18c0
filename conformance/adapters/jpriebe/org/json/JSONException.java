// Stand-in for Android's org.json (our own code, not the peer's): the little of it that the
// Hot Death engine's save/restore and our driver use. See ../../README.md.
package org.json;

public class JSONException extends Exception {
    public JSONException(String message) {
        super(message);
    }
}
