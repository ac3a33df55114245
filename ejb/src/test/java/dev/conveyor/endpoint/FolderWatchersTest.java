package dev.conveyor.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FolderWatchersTest {

    private final List<Path> asked = new ArrayList<>();
    private final EndpointService endpoints = new EndpointService() {
        @Override
        public Optional<EndpointConfig> configWatching(Path folder) {
            asked.add(folder);
            return Optional.empty();
        }
    };

    @Test
    void aTransactionAsksTheEndpointsOncePerFolder() {
        OneTransaction transaction = new OneTransaction();

        for (int job = 0; job < 3; job++) {
            assertTrue(FolderWatchers.watching(transaction, endpoints, Path.of("/in/result")).isEmpty());
            FolderWatchers.watching(transaction, endpoints, Path.of("/in/preserve"));
        }

        assertEquals(List.of(Path.of("/in/result"), Path.of("/in/preserve")), asked);
    }

    @Test
    void theNextTransactionAsksAgain() {
        FolderWatchers.watching(new OneTransaction(), endpoints, Path.of("/in/result"));
        FolderWatchers.watching(new OneTransaction(), endpoints, Path.of("/in/result"));

        assertEquals(2, asked.size(), "an endpoint made or moved meanwhile is seen by the next transaction");
    }

    /** The resources of one transaction, as the container keeps them. */
    private static final class OneTransaction implements TransactionSynchronizationRegistry {
        private final Map<Object, Object> resources = new HashMap<>();

        @Override
        public Object getTransactionKey() {
            return this;
        }

        @Override
        public void putResource(Object key, Object value) {
            resources.put(key, value);
        }

        @Override
        public Object getResource(Object key) {
            return resources.get(key);
        }

        @Override
        public void registerInterposedSynchronization(Synchronization sync) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int getTransactionStatus() {
            return Status.STATUS_ACTIVE;
        }

        @Override
        public void setRollbackOnly() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean getRollbackOnly() {
            return false;
        }
    }
}
