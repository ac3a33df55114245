package dev.conveyor.stack;

import dev.conveyor.client.ConveyorClient;
import dev.conveyor.web.testing.ApiClient;
import jakarta.jms.JMSContext;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The real stack, started and stopped with the same scripts a user runs (deploy/run and
 * deploy/stop for Payara Micro, deploy/server for a full Payara Server), in a var/ folder of its own.
 */
public final class Stack implements AutoCloseable {

    private final Path top;
    private final Path var;
    private final String password;
    private final Path log;
    private final Map<String, String> settings;
    private final Server server;

    /** The application server a stack runs on, and the scripts that start and stop it. */
    private enum Server {
        PAYARA_MICRO {
            @Override
            List<String> start() {
                return List.of("run", "--background");
            }

            @Override
            List<String> stop(String what) {
                return List.of("stop", what);
            }
        },
        /** A full Payara Server domain (deploy/server); its process is "payara-server" under var/run. */
        PAYARA_SERVER {
            @Override
            List<String> start() {
                return List.of("server");
            }

            @Override
            List<String> stop(String what) {
                return List.of("server", "stop", what);
            }
        };

        abstract List<String> start();

        /** The stop command for "all", "payara" (the application server only) or "broker". */
        abstract List<String> stop(String what);
    }

    public Stack(Path top, Path var, String password) {
        this(top, var, password, Map.of(), Server.PAYARA_MICRO);
    }

    private Stack(Path top, Path var, String password, Map<String, String> settings, Server server) {
        this.top = top.toAbsolutePath().normalize();
        this.var = var.toAbsolutePath().normalize();
        this.password = password;
        this.settings = Map.copyOf(settings);
        this.server = server;
        this.log = this.var.resolveSibling(this.var.getFileName() + "-scripts.log");
    }

    /** The same stack with more deploy/run settings, e.g. CONVEYOR_DB=postgresql. */
    public Stack with(Map<String, String> moreSettings) {
        Map<String, String> all = new HashMap<>(settings);
        all.putAll(moreSettings);
        return new Stack(top, var, password, all, server);
    }

    /**
     * The same stack on the shared stack's HTTP and broker ports plus {@code offset}, so that it
     * runs beside the shared one (each stack test of its own picks an offset no other uses).
     */
    public Stack onPortsAbove(int offset) {
        return with(Map.of("CONVEYOR_HTTP_PORT", Integer.toString(httpPort() + offset),
                "CONVEYOR_BROKER_PORT", Integer.toString(brokerPort() + offset)));
    }

    /** The same stack on a full Payara Server domain, started by deploy/server, instead of Payara Micro. */
    public Stack onPayaraServer() {
        return new Stack(top, var, password, settings, Server.PAYARA_SERVER);
    }

    /**
     * Node {@code node} of a cluster on this stack's var/, broker and database: its own Payara
     * Micro, answering on the cluster's first HTTP port plus {@code node - 1} (a stack that is no
     * node is the cluster, and its port the first).
     */
    public Stack node(int node) {
        int first = httpPort() - Integer.parseInt(settings.getOrDefault("CONVEYOR_NODE", "1")) + 1;
        return with(Map.of("CONVEYOR_NODE", Integer.toString(node), "CONVEYOR_HTTP_PORT", Integer.toString(first + node - 1)));
    }

    private int httpPort() {
        return Integer.parseInt(settings.getOrDefault("CONVEYOR_HTTP_PORT", System.getenv().getOrDefault("CONVEYOR_HTTP_PORT", "8080")));
    }

    /** A stack for the Maven build's test: folders from failsafe's system properties. */
    public static Stack fromBuild(String password) {
        return new Stack(Path.of(System.getProperty("conveyor.top", ".")),
                Path.of(System.getProperty("conveyor.stack.var", "target/stack-var")), password);
    }

    /** Adds an operation as an administrator does, by dropping its jar into var/operations; before {@link #start}. */
    public Stack installOperation(Path jar) {
        try {
            Files.copy(jar, Files.createDirectories(var.resolve("operations")).resolve(jar.getFileName()));
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("cannot install the operation " + jar, e);
        }
    }

    /** Starts broker and application server in the background; returns when the API answers. */
    public Stack start() {
        script(server.start());
        return this;
    }

    /** Stops the application server only and starts it again; the broker keeps running. */
    public void restartPayara() {
        script(server.stop("payara"));
        script(server.start());
    }

    /** Stops the application server cleanly, leaving the broker running; {@link #startAgain} starts it. */
    public void stopPayara() {
        script(server.stop("payara"));
    }

    /** Kills the application server as a crash would (SIGKILL), leaving the broker running. */
    public void killPayara() {
        kill(payaraPidFile());
    }

    /** The ids of the stack's two processes, the application server's and the broker's. */
    public List<Long> processIds() {
        return List.of(pid(payaraPidFile()), pid("broker.pid"));
    }

    private String payaraPidFile() {
        String node = settings.get("CONVEYOR_NODE");
        return server == Server.PAYARA_SERVER ? "payara-server.pid" : "payara" + (node == null ? "" : "-" + node) + ".pid";
    }

    /** Kills the broker as a crash would (SIGKILL), leaving the application server running; {@link #startAgain} starts it. */
    public void killBroker() {
        kill("broker.pid");
    }

    /** SIGKILL of the process whose id deploy/run wrote to var/run/{@code pidFile}; returns once it is gone. */
    private void kill(String pidFile) {
        ProcessHandle.of(pid(pidFile)).ifPresent(process -> {
            process.destroyForcibly();
            process.onExit().join();
        });
    }

    private long pid(String pidFile) {
        try {
            return Long.parseLong(Files.readString(var.resolve("run").resolve(pidFile)).strip());
        } catch (IOException e) {
            throw new IllegalStateException("no process id in " + pidFile + " of " + var, e);
        }
    }

    /** Stops the broker cleanly and starts it again; the application server keeps running and must reconnect. */
    public void restartBroker() {
        script(server.stop("broker"));
        script(server.start());
    }

    /** Stops the broker cleanly and leaves it stopped; {@link #startAgain} starts it. */
    public void stopBroker() {
        script(server.stop("broker"));
    }

    /** Starts whatever is not running (after {@link #killPayara}, the application server). */
    public void startAgain() {
        script(server.start());
    }

    @Override
    public void close() {
        script(server.stop("all"));
    }

    /** Where the console answers: the WAR's root. */
    public URI console() {
        return URI.create("http://localhost:" + httpPort() + "/");
    }

    public ApiClient api() {
        return new ApiClient(URI.create("http://localhost:" + httpPort() + "/api/"), "admin", password);
    }

    /** The server's own paths outside the admin API (/health, /metrics, /openapi), asked without credentials. */
    public ApiClient server() {
        return new ApiClient(serverUri(""), null, null);
    }

    /** A path on the server outside the admin API, e.g. "metrics". */
    public URI serverUri(String path) {
        return URI.create("http://localhost:" + httpPort() + "/" + path);
    }

    /** A producer's connection to the stack's broker, through the client library, with the installation's producer identity. */
    public ConveyorClient client() {
        return new ConveyorClient(new ActiveMQConnectionFactory(brokerUrl()), brokerCredential("producer.user"),
                brokerCredential("producer.password"));
    }

    /** A JMS connection to the stack's broker as one of its identities: {@code conveyor}, {@code producer} or {@code manager}. */
    public JMSContext broker(String identity) {
        return new ActiveMQConnectionFactory(brokerUrl()).createContext(brokerCredential(identity + ".user"),
                brokerCredential(identity + ".password"));
    }

    /** A value of the broker credentials deploy/run generated for this installation (e.g. producer.password). */
    public String brokerCredential(String key) {
        Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(var.resolve("broker-credentials.properties"))) {
            credentials.load(reader);
        } catch (IOException e) {
            throw new IllegalStateException("no broker credentials in " + var + "; deploy/run writes them at its first start", e);
        }
        return Objects.requireNonNull(credentials.getProperty(key), () -> key + " is missing from the broker credentials");
    }

    private String brokerUrl() {
        return "tcp://127.0.0.1:" + brokerPort();
    }

    private int brokerPort() {
        return Integer.parseInt(settings.getOrDefault("CONVEYOR_BROKER_PORT", System.getenv().getOrDefault("CONVEYOR_BROKER_PORT", "61616")));
    }

    /** The application server's log, where the server's warnings go. */
    public Path serverLog() {
        return var.resolve("logs").resolve(server == Server.PAYARA_SERVER ? "payara-server.log" : "payara.log");
    }

    /**
     * The lines of the server's log that match, from every file of it (the current one and those
     * set aside by rotation), oldest file first.
     */
    public List<String> serverLogLines(Predicate<String> matching) throws IOException {
        Path log = serverLog();
        List<Path> files;
        try (Stream<Path> listed = Files.list(log.getParent())) {
            files = listed.filter(file -> file.getFileName().toString().startsWith(log.getFileName().toString()))
                    .filter(file -> !Files.isSymbolicLink(file) && !file.getFileName().toString().endsWith(".lck"))
                    .sorted(Comparator.comparing((Path file) -> file.toFile().lastModified())).toList();
        }
        List<String> lines = new ArrayList<>();
        for (Path file : files) {
            // Latin-1 reads any byte; the lines looked for are ASCII.
            try (Stream<String> read = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                read.filter(matching).forEach(lines::add);
            }
        }
        return lines;
    }

    /** The folder the shared stack declares for producers' path submissions (CONVEYOR_PRODUCER_FOLDERS). */
    public Path producerFolder() {
        return folders().resolve("producers");
    }

    /** The allowed root deploy/run gives endpoints by default. */
    public Path folders() {
        return var.resolve("folders");
    }

    public Path var() {
        return var;
    }

    Path top() {
        return top;
    }

    String password() {
        return password;
    }

    private void script(List<String> nameAndArguments) {
        String name = nameAndArguments.get(0);
        List<String> command = new ArrayList<>(List.of(top.resolve("deploy").resolve(name).toString()));
        command.addAll(nameAndArguments.subList(1, nameAndArguments.size()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(top.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.put("CONVEYOR_VAR", var.toString());
        env.put("CONVEYOR_ADMIN_PASSWORD", password);
        env.remove("CONVEYOR_ROOTS");
        env.putAll(settings);
        try {
            Files.createDirectories(var);
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("deploy/" + name + " did not finish in 10 minutes; see " + log);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("deploy/" + name + " failed (exit " + process.exitValue() + "):\n" + Files.readString(log));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run deploy/" + name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
