package dev.conveyor.scan;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What this node's scans of one endpoint remember of its folder from one scan to the next: the
 * looks the stability check compares, the oldest entries waiting, and whether the folders' permissions
 * were looked at. All are dropped together when the endpoint's settings change or its lease goes
 * to another node.
 */
public record ScanMemory(StabilityCheck stability, OldestWaiting waiting, AtomicBoolean permissionsLooked) {

    public ScanMemory() {
        this(new StabilityCheck(), new OldestWaiting(), new AtomicBoolean());
    }
}
