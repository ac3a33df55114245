package dev.conveyor.common;

import java.util.regex.Pattern;

/**
 * Matches a regular expression from the settings within a bound. Java's matcher backtracks: a
 * pattern such as {@code ((a+)+)+b} or {@code (.*a){25}b} takes time exponential in the length of
 * a name it does not match, and would hold a scan (or a job's end) for years. (Since Java 9 the
 * matcher remembers where a simple loop like {@code (a+)+b} failed; nesting it deeper, counted
 * groups and backreferences escape that memory.) The text is therefore handed to the
 * matcher through a view that counts every character read and stops the match past
 * {@link #MAX_READS}; the caller decides what a given-up match means for what it was doing.
 */
public final class BoundedRegex {

    /**
     * Character reads one match may take: a million, a few milliseconds. An ordinary pattern reads
     * a file name or attribute name a handful of times; only runaway backtracking comes near.
     */
    public static final long MAX_READS = 1_000_000;

    private BoundedRegex() {
    }

    /**
     * Whether the whole text matches.
     *
     * @throws GaveUp when the match reads more than the bound
     */
    public static boolean matches(Pattern pattern, String text) {
        try {
            return pattern.matcher(new CountedChars(text, new long[] {MAX_READS})).matches();
        } catch (BoundReached reached) {
            throw new GaveUp(pattern.pattern(), text);
        }
    }

    /** A match given up at the bound: the pattern and text it was about, to say so with {@link #message}. */
    public static final class GaveUp extends RuntimeException {

        private final String pattern;
        private final String text;

        GaveUp(String pattern, String text) {
            super(MessageId.REGEX_GAVE_UP.format(pattern, text, MAX_READS, "nothing matched"));
            this.pattern = pattern;
            this.text = text;
        }

        /** The log line or failure reason, ending with what the caller did about it. */
        public String message(String consequence) {
            return MessageId.REGEX_GAVE_UP.format(pattern, text, MAX_READS, consequence);
        }
    }

    /** Thrown from inside the matcher, which it leaves at once; turned into {@link GaveUp} outside. */
    private static final class BoundReached extends RuntimeException {

        BoundReached() {
            super(null, null, false, false);
        }
    }

    /** The text as the matcher sees it; the budget is shared with the views it takes of parts. */
    private record CountedChars(CharSequence text, long[] budget) implements CharSequence {

        @Override
        public char charAt(int index) {
            if (--budget[0] < 0) {
                throw new BoundReached();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new CountedChars(text.subSequence(start, end), budget);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
