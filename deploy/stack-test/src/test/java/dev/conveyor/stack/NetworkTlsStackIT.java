package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSRuntimeException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;

/**
 * A stack of its own with the settings that open Conveyor to other hosts: an HTTPS listener and a
 * TLS broker acceptor, with a certificate made for the test. Producers reach the broker over TLS
 * (and not in clear text), callers reach the API over HTTPS; the plain listeners stay on loopback.
 */
class NetworkTlsStackIT {

    private static final String PASSWORD = "tls-admin-password";
    private static final String STORE_PASSWORD = "tls-store-password";

    private static int port(String variable, int fallback) {
        return Integer.parseInt(System.getenv().getOrDefault(variable, Integer.toString(fallback)));
    }

    @Test
    void producersAndCallersOnOtherHostsConnectOverTlsOnly() throws Exception {
        Stack base = Stack.fromBuild(PASSWORD);
        Path var = base.var().resolveSibling("tls-stack-var");
        SharedStack.deleteTree(var);
        Path keystore = Files.createDirectories(var.resolveSibling("tls-keys")).resolve("conveyor.p12");
        Files.deleteIfExists(keystore);
        run(List.of("keytool", "-genkeypair", "-alias", "conveyor", "-keyalg", "EC", "-dname", "CN=localhost",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", STORE_PASSWORD));
        int http = port("CONVEYOR_HTTP_PORT", 8080) + 7;
        int broker = port("CONVEYOR_BROKER_PORT", 61616) + 7;
        int https = http + 1;
        int remote = broker + 1;
        Stack stack = new Stack(base.top(), var, PASSWORD).with(Map.of(
                "CONVEYOR_HTTP_PORT", Integer.toString(http), "CONVEYOR_BROKER_PORT", Integer.toString(broker),
                "CONVEYOR_HTTPS", "127.0.0.1:" + https, "CONVEYOR_HTTPS_KEYSTORE", keystore.toString(),
                "CONVEYOR_HTTPS_KEYSTORE_PASSWORD", STORE_PASSWORD, "CONVEYOR_HTTPS_ALIAS", "conveyor",
                "CONVEYOR_BROKER_REMOTE", "127.0.0.1:" + remote, "CONVEYOR_BROKER_KEYSTORE", keystore.toString(),
                "CONVEYOR_BROKER_KEYSTORE_PASSWORD", STORE_PASSWORD));
        try (Stack running = stack.start()) {
            String tls = "tcp://127.0.0.1:" + remote + "?sslEnabled=true&trustStoreType=PKCS12&trustStorePath=" + keystore
                    + "&trustStorePassword=" + STORE_PASSWORD + "&verifyHost=false";
            try (JMSContext producer = new ActiveMQConnectionFactory(tls).createContext(running.brokerCredential("producer.user"),
                    running.brokerCredential("producer.password"))) {
                producer.createProducer().setProperty("signalId", "over-tls").send(producer.createQueue("conveyor.signals"), "{}");
            }
            assertThrows(JMSRuntimeException.class, () -> new ActiveMQConnectionFactory("tcp://127.0.0.1:" + remote
                    + "?callTimeout=5000&connectionTTL=5000&reconnectAttempts=0").createContext(running.brokerCredential("producer.user"),
                    running.brokerCredential("producer.password")).close(), "clear text is refused on the TLS acceptor");

            HttpClient client = HttpClient.newBuilder().sslContext(trusting(keystore)).connectTimeout(Duration.ofSeconds(10)).build();
            HttpRequest signal = HttpRequest.newBuilder(URI.create("https://localhost:" + https + "/api/signals/over-tls"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .GET().build();
            Instant deadline = Instant.now().plusSeconds(30);
            HttpResponse<String> counted = client.send(signal, HttpResponse.BodyHandlers.ofString());
            while (counted.statusCode() != 200 && Instant.now().isBefore(deadline)) {
                Thread.sleep(200);
                counted = client.send(signal, HttpResponse.BodyHandlers.ofString());
            }
            assertEquals(200, counted.statusCode(), counted::body);
            assertTrue(counted.body().contains("\"total\":1"), counted::body);
        }
    }

    private static SSLContext trusting(Path keystore) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, STORE_PASSWORD.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    private static void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0, output);
    }
}
