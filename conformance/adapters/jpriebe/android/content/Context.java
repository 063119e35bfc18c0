// Stand-in for android.content.Context (our own code): only getString(resid), which the peer's
// engine uses for its messages; the texts are ours, in com.smorgasbork.hotdeath.R.
package android.content;

import com.smorgasbork.hotdeath.R;

public class Context {
    public String getString(int resid) {
        return R.text(resid);
    }
}
