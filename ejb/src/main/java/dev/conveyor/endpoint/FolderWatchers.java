package dev.conveyor.endpoint;

import dev.conveyor.common.TransactionResources;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which endpoint watches a folder, asked of {@link EndpointService#configWatching} once per folder
 * and transaction, for everyone in it. A chunk's result write wants it for each job's result and
 * preserve folder (a result written into a watched folder is handed on, and flow control bounds
 * it by that endpoint's queue); asked through the container for each job, the calls took a
 * twentieth of a warm stack's samples (Flight Recorder) for the same few answers. Plain Java,
 * called beside the bean, not through it.
 */
public final class FolderWatchers {

    private static final Object ASKED = FolderWatchers.class.getName();

    private FolderWatchers() {
    }

    /** The endpoint watching {@code folder}, as the current transaction first found it. */
    public static Optional<EndpointConfig> watching(TransactionSynchronizationRegistry transactions, EndpointService endpoints,
            Path folder) {
        Map<Path, Optional<EndpointConfig>> asked = TransactionResources.kept(transactions, ASKED, HashMap::new);
        return asked.computeIfAbsent(folder, endpoints::configWatching);
    }
}
