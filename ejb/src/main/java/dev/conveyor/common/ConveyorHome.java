package dev.conveyor.common;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where Conveyor keeps its state and which folders it may watch, read from system properties
 * or the environment (deploy/run sets both). Plain Java so the rules stay testable.
 */
public final class ConveyorHome {

    private ConveyorHome() {
    }

    /** The var/ folder: database, broker data, admin password hash, reports. */
    public static Path varDirectory() {
        return Path.of(setting("conveyor.var", "CONVEYOR_VAR", "var")).toAbsolutePath().normalize();
    }

    /**
     * This node's own data folder, where it keeps its id: the application server's instance
     * folder (deploy/run's var/payara, var/payara-2 for a second node; a Payara Server domain's
     * folder), absent outside a server.
     */
    public static Optional<Path> nodeDirectory() {
        return Optional.ofNullable(System.getProperty("com.sun.aas.instanceRoot")).filter(folder -> !folder.isBlank()).map(folder -> Path.of(folder).toAbsolutePath().normalize());
    }

    /** The allowed roots for watched folders: CONVEYOR_ROOTS, ':'-separated, default var/folders. */
    public static List<Path> allowedRoots() {
        String roots = setting("conveyor.roots", "CONVEYOR_ROOTS", varDirectory().resolve("folders").toString());
        return Arrays.stream(roots.split(":"))
                .filter(root -> !root.isBlank())
                .map(root -> Path.of(root).toAbsolutePath().normalize())
                .toList();
    }

    /**
     * The folders producers may submit from by path ({@code conveyorPath}): CONVEYOR_PRODUCER_FOLDERS,
     * ':'-separated; none by default, so path submissions are refused until folders are declared.
     */
    public static List<Path> producerFolders() {
        return Arrays.stream(setting("conveyor.producer.folders", "CONVEYOR_PRODUCER_FOLDERS", "").split(":"))
                .filter(folder -> !folder.isBlank())
                .map(folder -> Path.of(folder).toAbsolutePath().normalize())
                .toList();
    }

    /** The admin password when given directly (CONVEYOR_ADMIN_PASSWORD), else empty. */
    public static Optional<String> adminPassword() {
        return Optional.ofNullable(setting("conveyor.admin.password", "CONVEYOR_ADMIN_PASSWORD", null));
    }

    /** Where the admin password's hash is kept when it is not given directly. */
    public static Path adminPasswordHashFile() {
        return varDirectory().resolve("admin-password.hash");
    }

    /**
     * Origins besides the server's own whose pages may change things through the API, and that
     * get CORS headers: CONVEYOR_CORS_ORIGINS, ','-separated (e.g. https://console.example.com);
     * none by default.
     */
    public static List<String> corsOrigins() {
        return Arrays.stream(setting("conveyor.cors.origins", "CONVEYOR_CORS_ORIGINS", "").split(","))
                .map(String::strip).filter(origin -> !origin.isEmpty()).toList();
    }

    /**
     * False when CONVEYOR_OPENAT2 is {@code off} (or {@code false}, {@code no}, {@code 0}): folders
     * are then checked by walking them part by part, openat2(2) never called, for a system-call
     * filter that ends the process on a call it does not know (an old systemd's SystemCallFilter
     * without SystemCallErrorNumber). Any other value leaves it on.
     */
    public static boolean openat2Allowed() {
        return !Set.of("off", "false", "no", "0").contains(setting("conveyor.openat2", "CONVEYOR_OPENAT2", "on").strip().toLowerCase(Locale.ROOT));
    }

    static String setting(String property, String environment, String fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(environment);
        }
        return value == null || value.isBlank() ? fallback : value;
    }
}
