package dev.conveyor.web.security;

import static dev.conveyor.common.JsonText.JSON;

import dev.conveyor.common.MessageId;
import dev.conveyor.security.LoginThrottle;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * HTTP Basic, with failed logins throttled per client address ({@link LoginThrottle}: 5 per
 * minute). A client over the limit gets a 429 with Retry-After before its password is hashed;
 * a password that passed before still passes at once (it costs a digest, not a hash), so a
 * guesser on the same machine does not lock out the people who know their password.
 * Refusals are JSON, like every other API error.
 */
@ApplicationScoped
public class ThrottledBasicAuthentication implements HttpAuthenticationMechanism {

    static final int FAILURES_ALLOWED = 5;
    static final Duration FAILURE_WINDOW = Duration.ofMinutes(1);

    private final LoginThrottle throttle = new LoginThrottle(FAILURES_ALLOWED, FAILURE_WINDOW, Clock.systemUTC());

    @Inject
    ApiIdentityStore store;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        Optional<UsernamePasswordCredential> credential = basic(request.getHeader("Authorization"));
        if (credential.isEmpty()) {
            return context.isProtected() ? refuse(response, HttpServletResponse.SC_UNAUTHORIZED, MessageId.CREDENTIALS_MISSING) : context.doNothing();
        }
        Optional<CredentialValidationResult> known = store.remembered(credential.get());
        if (known.isPresent() && known.get().getStatus() == CredentialValidationResult.Status.VALID) {
            return context.notifyContainerAboutLogin(known.get());
        }
        String client = request.getRemoteAddr();
        Optional<Duration> wait = throttle.waitFor(client);
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            response.setHeader("Retry-After", Long.toString(seconds));
            return refuse(response, 429, MessageId.LOGIN_THROTTLED, client, seconds);
        }
        CredentialValidationResult result = store.validate(credential.get());
        if (result.getStatus() == CredentialValidationResult.Status.VALID) {
            throttle.succeeded(client);
            return context.notifyContainerAboutLogin(result);
        }
        throttle.failed(client);
        return refuse(response, HttpServletResponse.SC_UNAUTHORIZED, MessageId.CREDENTIALS_WRONG);
    }

    private static Optional<UsernamePasswordCredential> basic(String header) {
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? Optional.empty()
                : Optional.of(new UsernamePasswordCredential(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }

    /** Writes the refusal and commits the response, so the container sends it as it is. */
    private static AuthenticationStatus refuse(HttpServletResponse response, int status, MessageId id, Object... args) {
        try {
            response.setStatus(status);
            if (status == HttpServletResponse.SC_UNAUTHORIZED) {
                response.setHeader("WWW-Authenticate", "Basic realm=\"Conveyor\"");
            }
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write(JSON.createObjectBuilder().add("code", id.code()).add("message", id.text(args))
                    .addNull("field").build().toString());
            response.flushBuffer();
            return AuthenticationStatus.SEND_FAILURE;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
