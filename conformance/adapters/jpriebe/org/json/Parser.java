// Our own small JSON reader for the org.json stand-in (Android's has JSONTokener instead).
package org.json;

final class Parser {
    private final String s;
    private int i;

    Parser(String text) {
        s = text;
    }

    Object document() throws JSONException {
        Object v = value();
        space();
        if (i != s.length()) {
            throw error("trailing characters");
        }
        return v;
    }

    private JSONException error(String what) {
        return new JSONException(what + " at offset " + i);
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private Object value() throws JSONException {
        space();
        if (i >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(i);
        if (c == '{') {
            JSONObject o = new JSONObject();
            i++;
            space();
            if (peek('}')) {
                return o;
            }
            do {
                space();
                String key = string();
                space();
                expect(':');
                o.map.put(key, value());
                space();
            } while (peek(','));
            expect('}');
            return o;
        }
        if (c == '[') {
            JSONArray a = new JSONArray();
            i++;
            space();
            if (peek(']')) {
                return a;
            }
            do {
                a.values.add(value());
                space();
            } while (peek(','));
            expect(']');
            return a;
        }
        if (c == '"') {
            return string();
        }
        if (s.startsWith("true", i)) {
            i += 4;
            return Boolean.TRUE;
        }
        if (s.startsWith("false", i)) {
            i += 5;
            return Boolean.FALSE;
        }
        if (s.startsWith("null", i)) {
            i += 4;
            return JSONObject.NULL;
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        String num = s.substring(start, i);
        if (num.isEmpty()) {
            throw error("unexpected character '" + c + "'");
        }
        try {
            if (num.matches("-?\\d+")) {
                long n = Long.parseLong(num);
                return n == (int) n ? (Object) (int) n : (Object) n;
            }
            return Double.parseDouble(num);
        } catch (NumberFormatException e) {
            throw error("bad number " + num);
        }
    }

    private boolean peek(char c) {
        if (i < s.length() && s.charAt(i) == c) {
            i++;
            return true;
        }
        return false;
    }

    private void expect(char c) throws JSONException {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private String string() throws JSONException {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (i >= s.length()) {
                break;
            }
            char e = s.charAt(i++);
            switch (e) {
                case 'n': sb.append('\n'); break;
                case 't': sb.append('\t'); break;
                case 'r': sb.append('\r'); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'u':
                    if (i + 4 > s.length()) {
                        throw error("bad escape");
                    }
                    sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                    break;
                default: sb.append(e);
            }
        }
        throw error("unterminated string");
    }
}
