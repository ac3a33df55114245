package dev.conveyor.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** A cluster's stack, fresh: its own var/, a new PostgreSQL database on the machine's server, its own ports. */
public final class Cluster {

    private Cluster() {
    }

    public static Stack create(Stack base, Path var, String database, int firstHttpPort, int brokerPort)
            throws IOException, InterruptedException {
        Process drop = new ProcessBuilder("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc",
                "DROP DATABASE IF EXISTS " + database).inheritIO().start();
        if (drop.waitFor() != 0) {
            throw new IllegalStateException("cannot reach PostgreSQL on 127.0.0.1:5432 as postgres (psql exit " + drop.exitValue() + ")");
        }
        if (Files.exists(var)) {
            try (Stream<Path> walk = Files.walk(var)) {
                for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        return new Stack(base.top(), var, base.password()).with(Map.of("CONVEYOR_DB", "postgresql", "CONVEYOR_PG_DB", database,
                "CONVEYOR_HTTP_PORT", Integer.toString(firstHttpPort), "CONVEYOR_BROKER_PORT", Integer.toString(brokerPort)));
    }
}
