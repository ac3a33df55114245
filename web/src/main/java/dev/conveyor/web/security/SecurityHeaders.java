package dev.conveyor.web.security;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Puts the browser's own defences on every answer, the console's files and the API's: the
 * {@link ContentSecurityPolicy}, no guessing of an answer's type from its content (a job's
 * failure.log, served as text but holding what a stranger's file made it say, is never read as a
 * page or a script), and no address of the console sent to other sites.
 */
// Asynchronous like the live event stream it also answers: a filter that is not would make that stream fail.
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class SecurityHeaders implements Filter {

    private String policy;

    /** The policy names the console page's inline scripts by their hash, read from the page as deployed (its versions filled in). */
    @Override
    public void init(FilterConfig config) throws ServletException {
        try (InputStream page = config.getServletContext().getResourceAsStream("/index.html")) {
            policy = ContentSecurityPolicy.allowingInlineScriptsOf(page == null ? "" : new String(page.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ServletException("the console's page could not be read for its Content-Security-Policy", e);
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        HttpServletResponse answer = (HttpServletResponse) response;
        answer.setHeader("Content-Security-Policy", policy);
        answer.setHeader("X-Content-Type-Options", "nosniff");
        // Not no-referrer: under it a browser may send "Origin: null" with the console's own changes (the Fetch
        // standard says so for a request that is not CORS), which CrossSiteCheck refuses as a foreign origin.
        answer.setHeader("Referrer-Policy", "same-origin");
        chain.doFilter(request, response);
    }
}
