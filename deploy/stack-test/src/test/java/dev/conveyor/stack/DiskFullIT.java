package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The short disk-full run: 60 files of 256 KiB into a result volume of 8 MiB, a tmpfs the run
 * mounts; the endpoint blocks, corrupts nothing, resumes by itself when the volume grows, and
 * every file ends in result exactly once. Mounting needs root: CI runs as root and so runs it
 * in every build; a developer's build as another user leaves it out, saying so.
 */
@ExtendWith(SharedStack.class)
class DiskFullIT {

    @Test
    void aFullResultVolumeBlocksTheEndpointAndSpaceReturningResumesIt() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")),
                "the disk-full run mounts a tmpfs and needs root; run the build as root (as CI does) or bench/run diskfull");
        CrashTorture.Verdict verdict = DiskFull.run(SharedStack.stack(), "disk-full", 60, 8);
        System.out.println(verdict.line());
        assertTrue(verdict.passed(), verdict.line());
    }
}
