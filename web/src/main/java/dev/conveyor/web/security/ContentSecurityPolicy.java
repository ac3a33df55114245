package dev.conveyor.web.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Content-Security-Policy every answer carries: the browser runs no script, applies no style
 * and loads nothing that does not come from this server, but the page's own inline scripts, named
 * by their hash (the console's import map). The console shows what strangers named (a dropped
 * file's name, a failure's reason, a job's attributes); should a slip in its code ever put such a
 * text into the page as markup, the browser still refuses to run what it carries, and a page
 * of Conveyor's cannot be framed by another site.
 */
public final class ContentSecurityPolicy {

    /** A script element without {@code src}: its text is what the browser hashes. */
    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script(?![^>]*\\ssrc=)[^>]*>(.*?)</script>",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);

    private ContentSecurityPolicy() {
    }

    /** The policy for a server whose pages have the inline scripts of {@code page} (the console's one page). */
    public static String allowingInlineScriptsOf(String page) {
        StringBuilder scripts = new StringBuilder("'self'");
        Matcher inline = INLINE_SCRIPT.matcher(page);
        while (inline.find()) {
            scripts.append(" 'sha256-").append(sha256(inline.group(1))).append('\'');
        }
        return "default-src 'self'; script-src " + scripts + "; style-src 'self'; img-src 'self' data:; connect-src 'self';"
                + " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    }

    private static String sha256(String text) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException everyJavaHasIt) {
            throw new IllegalStateException(everyJavaHasIt);
        }
    }
}
