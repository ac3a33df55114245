package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The short fault runs in every build: 300 files with Payara Micro killed three times at random
 * moments, and 200 files with the broker restarted twice; every file must end in result exactly
 * once (or in failure with a reason) and the job table must agree with the folders. bench/run
 * kill and bench/run broker run the long ones.
 */
@ExtendWith(SharedStack.class)
class CrashTortureIT {

    @Test
    void everyFileEndsUpExactlyOnceThroughKillsOfTheServer() throws Exception {
        assertPasses(CrashTorture.Fault.KILL_PAYARA, "crash-torture", 300, 3, 20261130L);
    }

    @Test
    void nothingIsLostWhenTheBrokerRestartsMidRun() throws Exception {
        assertPasses(CrashTorture.Fault.RESTART_BROKER, "broker-restart", 200, 2, 20261201L);
    }

    private static void assertPasses(CrashTorture.Fault fault, String endpoint, int files, int times, long seed) throws Exception {
        CrashTorture.Verdict verdict = CrashTorture.run(SharedStack.stack(), fault, endpoint, files, times, seed);
        System.out.println(verdict.line());
        assertTrue(verdict.passed(), verdict.line());
    }
}
