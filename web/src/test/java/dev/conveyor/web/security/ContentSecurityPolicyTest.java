package dev.conveyor.web.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContentSecurityPolicyTest {

    private static String scriptSources(String policy) {
        for (String directive : policy.split(";")) {
            if (directive.strip().startsWith("script-src ")) {
                return directive.strip();
            }
        }
        throw new AssertionError("no script-src in " + policy);
    }

    @Test
    void anInlineScriptIsAllowedByTheHashABrowserComputesForIt() {
        // The hash of alert(1) as the CSP specification's examples and browsers compute it (openssl dgst -sha256 | base64).
        assertEquals("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
                scriptSources(ContentSecurityPolicy.allowingInlineScriptsOf("<html><script>alert(1)</script></html>")));
    }

    @Test
    void theImportMapIsHashedWithItsWhitespaceAndAScriptWithASourceIsNot() {
        String page = "<head>\n  <script type=\"importmap\">\n    { \"imports\": { \"uplot\": \"./u.js\" } }\n  </script>\n"
                + "  <script type=\"module\" src=\"console/app.js\"></script>\n</head>";
        assertEquals("script-src 'self' 'sha256-sHjeMIc4WoRif9nX2R9xwyGgWY6IE1tI06lj1BOGP8U='",
                scriptSources(ContentSecurityPolicy.allowingInlineScriptsOf(page)));
    }

    @Test
    void withoutInlineScriptsOnlyTheServersOwnRun() {
        assertEquals("script-src 'self'", scriptSources(ContentSecurityPolicy.allowingInlineScriptsOf("<p>no script</p>")));
    }

    @Test
    void nothingFromElsewhereNoPluginsAndNoFramingBySomeoneElse() {
        String policy = ContentSecurityPolicy.allowingInlineScriptsOf("");
        for (String directive : new String[] {"default-src 'self'", "style-src 'self'", "connect-src 'self'", "object-src 'none'",
                "base-uri 'none'", "frame-ancestors 'none'"}) {
            assertTrue(policy.contains(directive), () -> directive + " missing from " + policy);
        }
    }
}
