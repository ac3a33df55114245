package dev.conveyor.job;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * New job ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the time they were made in
 * milliseconds and the rest random. Their text sorts by that time, so the jobs of one claim sit
 * side by side in the job table's primary key and in every index that ends with it: a chunk's
 * state changes rewrite a few database pages instead of one page per job, as random (version 4)
 * ids did. They are still unguessable: 74 bits are random.
 */
public final class JobIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** 32 hexadecimal digits and 4 hyphens. */
    private static final int ID_LENGTH = 36;

    private JobIds() {
    }

    /** A new id, made now. */
    public static String next() {
        return at(System.currentTimeMillis());
    }

    /**
     * True when {@code name} is written as this class writes ids (a UUID in lower case): what a
     * folder of the stage folder must be named for the recovery pass to make a job of it.
     */
    public static boolean isJobId(String name) {
        if (name.length() != ID_LENGTH) {
            return false;
        }
        try {
            return UUID.fromString(name).toString().equals(name);
        } catch (IllegalArgumentException notAUuid) {
            return false;
        }
    }

    /** A new id for the millisecond {@code epochMillis}. */
    static String at(long epochMillis) {
        long random = RANDOM.nextLong();
        long mostSignificant = (epochMillis << 16) | 0x7000L | ((random >>> 52) & 0x0FFFL);
        long leastSignificant = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(mostSignificant, leastSignificant).toString();
    }
}
