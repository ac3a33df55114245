/**
 * Release signals: jobs that wait (an endpoint's {@code wait}) until signals with their id reach a
 * target count, and notifies that send those signals (an endpoint's {@code notify}, the admin API,
 * the signal queue). The store is the database, shared by every node and kept across restarts.
 */
package dev.conveyor.signal;
