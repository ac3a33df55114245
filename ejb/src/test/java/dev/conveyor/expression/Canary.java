package dev.conveyor.expression;

import java.util.concurrent.atomic.AtomicInteger;

/** What an escape payload in the tests tries to reach: every call counts, so a count above zero means code ran. */
public final class Canary {

    public static final AtomicInteger CALLS = new AtomicInteger();
    public static String field = "untouched";

    public Canary() {
        CALLS.incrementAndGet();
    }

    public static Object touch() {
        CALLS.incrementAndGet();
        return "touched";
    }

    public static Object touch(Object argument) {
        CALLS.incrementAndGet();
        return argument;
    }
}
