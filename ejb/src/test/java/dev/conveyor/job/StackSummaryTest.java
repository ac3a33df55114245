package dev.conveyor.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StackSummaryTest {

    private static StackTraceElement[] frames(String className, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new StackTraceElement(className, "method" + i, className + ".java", 10 + i))
                .toArray(StackTraceElement[]::new);
    }

    private static <T extends Throwable> T withFrames(T throwable, String className, int count) {
        throwable.setStackTrace(frames(className, count));
        return throwable;
    }

    @Test
    void showsTheExceptionAndItsFirstFiveFrames() {
        IllegalStateException failure = withFrames(new IllegalStateException("boom"), "x.Op", 8);

        assertEquals("""
                java.lang.IllegalStateException: boom
                    at x.Op.method0(x.Op.java:10)
                    at x.Op.method1(x.Op.java:11)
                    at x.Op.method2(x.Op.java:12)
                    at x.Op.method3(x.Op.java:13)
                    at x.Op.method4(x.Op.java:14)
                    ... 3 more
                """, StackSummary.of(failure));
    }

    @Test
    void fewFramesAreShownWithoutAMoreLine() {
        assertEquals("""
                java.lang.RuntimeException
                    at x.Op.method0(x.Op.java:10)
                    at x.Op.method1(x.Op.java:11)
                """, StackSummary.of(withFrames(new RuntimeException(), "x.Op", 2)));
        assertEquals("java.lang.Error: no frames\n", StackSummary.of(withFrames(new Error("no frames"), "x", 0)));
    }

    @Test
    void causesFollowEachWithTheirFrames() {
        IOException root = withFrames(new IOException("disk full"), "java.io.Out", 1);
        UncheckedIOException wrapper = withFrames(new UncheckedIOException("could not write", root), "x.Op", 5);

        assertEquals("""
                java.io.UncheckedIOException: could not write
                    at x.Op.method0(x.Op.java:10)
                    at x.Op.method1(x.Op.java:11)
                    at x.Op.method2(x.Op.java:12)
                    at x.Op.method3(x.Op.java:13)
                    at x.Op.method4(x.Op.java:14)
                caused by: java.io.IOException: disk full
                    at java.io.Out.method0(java.io.Out.java:10)
                """, StackSummary.of(wrapper));
    }

    @Test
    void atMostFiveCausesAreShown() {
        Throwable chain = withFrames(new RuntimeException("level 7"), "x", 0);
        for (int level = 6; level >= 1; level--) {
            chain = withFrames(new RuntimeException("level " + level, chain), "x", 0);
        }

        String summary = StackSummary.of(chain);

        assertEquals("""
                java.lang.RuntimeException: level 1
                caused by: java.lang.RuntimeException: level 2
                caused by: java.lang.RuntimeException: level 3
                caused by: java.lang.RuntimeException: level 4
                caused by: java.lang.RuntimeException: level 5
                """, summary);
    }

    @Test
    void causeCycleEnds() {
        RuntimeException a = withFrames(new RuntimeException("a"), "x", 0);
        RuntimeException b = withFrames(new RuntimeException("b", a), "x", 0);
        a.initCause(b);

        assertEquals(5, StackSummary.of(a).lines().count());
    }
}
