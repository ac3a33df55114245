package dev.conveyor.web.testing;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

/** A small client for Conveyor's admin API, for tests that talk to a running server over HTTP. */
public final class ApiClient {

    /** A response: status and body, with the body read as JSON on demand. */
    public record Reply(int status, String body) {

        public JsonObject object() {
            return json(JsonObject.class);
        }

        public JsonArray array() {
            return json(JsonArray.class);
        }

        /** The body as the JSON the caller expects; any other answer (an error, a login page) fails with the whole reply. */
        private <T extends JsonStructure> T json(Class<T> expected) {
            JsonStructure json;
            try {
                json = json();
            } catch (RuntimeException notJson) {
                throw new AssertionError("expected a JSON " + expected.getSimpleName() + ", got: " + this, notJson);
            }
            if (!expected.isInstance(json)) {
                throw new AssertionError("expected a JSON " + expected.getSimpleName() + ", got: " + this);
            }
            return expected.cast(json);
        }

        private JsonStructure json() {
            try (var reader = Json.createReader(new StringReader(body))) {
                return reader.read();
            }
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private final HttpClient http;
    private final URI base;
    private final String authorization;

    /** {@code base} is the API's root, e.g. http://localhost:8080/api/ (with the trailing slash). */
    public ApiClient(URI base, String user, String password) {
        this(base, basic(user, password), HttpClient.Version.HTTP_2);
    }

    private ApiClient(URI base, String authorization, HttpClient.Version version) {
        this.http = HttpClient.newBuilder().version(version).connectTimeout(Duration.ofSeconds(10)).build();
        this.base = base;
        this.authorization = authorization;
    }

    private static String basic(String user, String password) {
        return user == null ? null : "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    public ApiClient as(String user, String password) {
        return new ApiClient(base, basic(user, password), http.version());
    }

    /**
     * The same caller over {@code version}: Java's client asks a plain-HTTP server to upgrade to
     * HTTP/2 by default, where curl, browsers and most programs speak HTTP/1.1, and the server's
     * HTTP layer may treat a request differently on each (a DELETE with a body was refused on
     * HTTP/1.1 alone).
     */
    public ApiClient over(HttpClient.Version version) {
        return new ApiClient(base, authorization, version);
    }

    public Reply get(String path) {
        return send(request(path).GET());
    }

    public Reply post(String path, String json) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json == null ? "" : json)));
    }

    public Reply put(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Reply delete(String path) {
        return send(request(path).DELETE());
    }

    /**
     * Any request, as a browser or a careless program might send it: {@code headers} are set as
     * given (Origin, Content-Type, an Accept in place of this client's JSON one...), {@code body}
     * may be null. The reply keeps its headers.
     */
    public HttpResponse<String> raw(String method, String path, Map<String, String> headers, String body) {
        HttpRequest.Builder request = request(path).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::setHeader);
        try {
            return exchange(request.build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sends the request; a GET that fails on its connection is sent once more. A test may leave
     * this client idle for minutes (a git clone, a Maven build) and the server then closes the
     * connection; over HTTP/2 Java's client fails the next request sent on it ("Idle connection
     * closed by HTTP/2 peer") instead of retrying it on a new one. Only the idempotent read is
     * repeated: a change sent twice might be done twice.
     */
    private HttpResponse<String> exchange(HttpRequest request) throws IOException, InterruptedException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException connectionLost) {
            if (!request.method().equals("GET")) {
                throw connectionLost;
            }
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json");
        return authorization == null ? builder : builder.header("Authorization", authorization);
    }

    private Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = exchange(request.build());
            return new Reply(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
