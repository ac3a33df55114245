package dev.conveyor.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The sockets a stack's processes listen on, TCP and UDP, as {@code ss -ltunpH} shows them: a
 * listening TCP socket, or a UDP socket bound and unconnected (multicast discovery, a data grid's
 * member port) that any host may send to.
 */
final class ListeningSockets {

    private ListeningSockets() {
    }

    /** Fails, naming them, when any socket of the stack's processes listens beyond loopback; returns what listens. */
    static List<String> assertLoopbackOnly(Stack stack, String why) throws IOException, InterruptedException {
        List<String> listening = of(stack.processIds());
        assertTrue(listening.stream().anyMatch(socket -> socket.startsWith("tcp")), "ss shows the stack's sockets: " + listening);
        assertEquals(List.of(), beyondLoopback(listening), "listening beyond loopback (" + why + ")");
        return listening;
    }

    /** The lines of {@code ss} for the sockets the processes listen on: netid, state, queues, local address, peer, process. */
    static List<String> of(List<Long> pids) throws IOException, InterruptedException {
        Process ss = new ProcessBuilder("ss", "-ltunpH").redirectErrorStream(true).start();
        String output = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ss.waitFor(30, TimeUnit.SECONDS), "ss answered");
        return output.lines().filter(line -> pids.stream().anyMatch(pid -> line.contains("pid=" + pid + ","))).toList();
    }

    static List<String> beyondLoopback(List<String> sockets) {
        return sockets.stream().filter(socket -> !isLoopback(socket.trim().split("\\s+")[4])).toList();
    }

    private static boolean isLoopback(String local) {
        return local.startsWith("127.") || local.startsWith("[::ffff:127.") || local.startsWith("[::1]:");
    }
}
