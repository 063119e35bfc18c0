// Stand-in for Android's org.json.JSONArray (our own code): see JSONObject.java.
package org.json;

import java.util.ArrayList;
import java.util.List;

public class JSONArray {
    final List<Object> values = new ArrayList<>();

    public JSONArray() {
    }

    public JSONArray(String text) throws JSONException {
        Object v = new Parser(text).document();
        if (!(v instanceof JSONArray)) {
            throw new JSONException("not a JSON array");
        }
        values.addAll(((JSONArray) v).values);
    }

    public int length() {
        return values.size();
    }

    public JSONArray put(Object value) {
        values.add(value);
        return this;
    }

    public JSONArray put(int value) {
        values.add(value);
        return this;
    }

    public JSONArray put(boolean value) {
        values.add(value);
        return this;
    }

    public Object get(int i) throws JSONException {
        if (i < 0 || i >= values.size()) {
            throw new JSONException("index " + i + " out of range");
        }
        return values.get(i);
    }

    public int getInt(int i) throws JSONException {
        return JSONObject.toInt(get(i), "[" + i + "]");
    }

    public String getString(int i) throws JSONException {
        return String.valueOf(get(i));
    }

    public JSONObject getJSONObject(int i) throws JSONException {
        Object v = get(i);
        if (v instanceof JSONObject) {
            return (JSONObject) v;
        }
        throw new JSONException("[" + i + "] is not an object");
    }

    public JSONArray getJSONArray(int i) throws JSONException {
        Object v = get(i);
        if (v instanceof JSONArray) {
            return (JSONArray) v;
        }
        throw new JSONException("[" + i + "] is not an array");
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            JSONObject.write(sb, values.get(i));
        }
        return sb.append(']').toString();
    }
}
