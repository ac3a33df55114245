/** Nodes: this instance's identity and heartbeat, so others can tell when it died. */
package dev.conveyor.node;
