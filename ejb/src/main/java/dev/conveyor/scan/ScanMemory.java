package dev.conveyor.scan;

/**
 * What this node's scans of one endpoint remember of its folder from one scan to the next: the
 * looks the stability check compares, and the oldest entries waiting. Both are dropped together
 * when the endpoint's settings change or its lease goes to another node.
 */
public record ScanMemory(StabilityCheck stability, OldestWaiting waiting) {

    public ScanMemory() {
        this(new StabilityCheck(), new OldestWaiting());
    }
}
