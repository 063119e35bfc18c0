// Stand-in for Android's org.json.JSONObject (our own code, not the peer's). Android ships
// org.json; a plain JDK does not. This covers what the peer's toJSON()/JSON constructors and
// our driver call: put, get*, has, isNull, toString, and parsing from a string. As on Android,
// getInt() of a fractional number truncates it (the peer saves Card.pointMultiplier as a double
// and restores it with getInt).
package org.json;

import java.util.LinkedHashMap;
import java.util.Map;

public class JSONObject {
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    final Map<String, Object> map = new LinkedHashMap<>();

    public JSONObject() {
    }

    public JSONObject(String text) throws JSONException {
        Object v = new Parser(text).document();
        if (!(v instanceof JSONObject)) {
            throw new JSONException("not a JSON object");
        }
        map.putAll(((JSONObject) v).map);
    }

    public JSONObject put(String key, Object value) throws JSONException {
        if (value == null) {
            map.remove(key);
        } else {
            if (value instanceof Double && (((Double) value).isNaN() || ((Double) value).isInfinite())) {
                throw new JSONException("not a finite number: " + key);
            }
            map.put(key, value);
        }
        return this;
    }

    public JSONObject put(String key, int value) throws JSONException {
        return put(key, (Object) value);
    }

    public JSONObject put(String key, long value) throws JSONException {
        return put(key, (Object) value);
    }

    public JSONObject put(String key, double value) throws JSONException {
        return put(key, (Object) value);
    }

    public JSONObject put(String key, boolean value) throws JSONException {
        return put(key, (Object) value);
    }

    public boolean has(String key) {
        return map.containsKey(key);
    }

    public boolean isNull(String key) {
        Object v = map.get(key);
        return v == null || v == NULL;
    }

    public Object get(String key) throws JSONException {
        Object v = map.get(key);
        if (v == null) {
            throw new JSONException("no value for " + key);
        }
        return v;
    }

    public Object opt(String key) {
        Object v = map.get(key);
        return v == NULL ? null : v;
    }

    public int getInt(String key) throws JSONException {
        return toInt(get(key), key);
    }

    public int optInt(String key, int fallback) {
        Object v = opt(key);
        return v instanceof Number ? ((Number) v).intValue() : fallback;
    }

    public boolean getBoolean(String key) throws JSONException {
        Object v = get(key);
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        throw new JSONException(key + " is not a boolean");
    }

    public String getString(String key) throws JSONException {
        return String.valueOf(get(key));
    }

    public String optString(String key, String fallback) {
        Object v = opt(key);
        return v == null ? fallback : String.valueOf(v);
    }

    public JSONObject getJSONObject(String key) throws JSONException {
        Object v = get(key);
        if (v instanceof JSONObject) {
            return (JSONObject) v;
        }
        throw new JSONException(key + " is not an object");
    }

    public JSONArray getJSONArray(String key) throws JSONException {
        Object v = get(key);
        if (v instanceof JSONArray) {
            return (JSONArray) v;
        }
        throw new JSONException(key + " is not an array");
    }

    public JSONArray optJSONArray(String key) {
        Object v = opt(key);
        return v instanceof JSONArray ? (JSONArray) v : null;
    }

    static int toInt(Object v, String where) throws JSONException {
        if (v instanceof Number) {
            return ((Number) v).intValue();
        }
        throw new JSONException(where + " is not a number");
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            write(sb, e.getKey());
            sb.append(':');
            write(sb, e.getValue());
        }
        return sb.append('}').toString();
    }

    static void write(StringBuilder sb, Object v) {
        if (v == null || v == NULL) {
            sb.append("null");
        } else if (v instanceof String) {
            sb.append('"');
            for (char c : ((String) v).toCharArray()) {
                switch (c) {
                    case '"': sb.append("\\\""); break;
                    case '\\': sb.append("\\\\"); break;
                    case '\n': sb.append("\\n"); break;
                    case '\r': sb.append("\\r"); break;
                    case '\t': sb.append("\\t"); break;
                    default:
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                }
            }
            sb.append('"');
        } else {
            sb.append(v);  // numbers, booleans, nested objects and arrays
        }
    }
}
