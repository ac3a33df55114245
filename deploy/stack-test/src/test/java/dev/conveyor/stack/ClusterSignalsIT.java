package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient;
import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.jms.JMSContext;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Release signals on two nodes sharing one broker and one PostgreSQL database. The waiting
 * endpoints are made through node 1, which takes their leases, so node 1 claims and parks their
 * jobs. A notify through node 2 releases such a job; notifies sent at once through both nodes'
 * APIs and the signal queue count exactly; and with node 1 stopped, a signal from the queue
 * (so consumed by node 2) releases a job node 1 parked. Ports and database of its own.
 */
class ClusterSignalsIT {

    private static final int REST_PER_NODE = 80;
    private static final int FROM_THE_QUEUE = 40;
    private static final int CONCURRENT = 2 * REST_PER_NODE + FROM_THE_QUEUE;

    @Test
    void signalsCrossNodesAndCountExactly() throws Exception {
        Path var = Path.of(System.getProperty("conveyor.stack.var", "target/stack-var")).resolveSibling("cluster-signals-var");
        Stack cluster = Cluster.create(Stack.fromBuild("cluster-password"), var, "conveyor_cluster_signals_it", 8390, 61926);
        try (Stack first = cluster.node(1)) {
            first.start();
            Stack second = cluster.node(2).start();
            ApiClient one = first.api();
            ApiClient two = second.api();
            Path cross = Drops.endpoint(one, "cross", "copy", "\"wait\":{\"releaseSignalId\":\"${file.baseName}\"}");
            Path counted = Drops.endpoint(one, "counted", "copy",
                    "\"wait\":{\"releaseSignalId\":\"${file.baseName}\",\"targetSignalCount\":\"" + (CONCURRENT + 1) + "\"}");

            aNotifyThroughTheOtherNodeReleasesAtOnce(first, one, two, cross);
            concurrentNotifiesFromBothNodesCountExactly(first, one, two, counted);
            aSignalConsumedOnTheOtherNodeReleases(first, second, one, two, cross);
        }
    }

    private static void aNotifyThroughTheOtherNodeReleasesAtOnce(Stack first, ApiClient one, ApiClient two, Path cross)
            throws Exception {
        drop(first, cross, "by-rest.txt", "by rest".getBytes());
        String job = awaitState(one, "cross", "WAITING", 1).get(0).getString("id");
        Reply notified = two.post("signals/by-rest", "{}");
        assertEquals(200, notified.status(), notified::toString);
        assertNotEquals("WAITING", two.get("jobs/" + job).object().getString("state"),
                "the notify through node 2 released node 1's job before it returned");
        assertEquals("SUCCEEDED", awaitFinished(one, "cross", 1).get(0).getString("state"));
    }

    private static void concurrentNotifiesFromBothNodesCountExactly(Stack first, ApiClient one, ApiClient two, Path counted)
            throws Exception {
        drop(first, counted, "many.txt", "many".getBytes());
        String job = awaitState(one, "counted", "WAITING", 1).get(0).getString("id");
        ExecutorService senders = Executors.newFixedThreadPool(5);
        try {
            List<Callable<Integer>> sends = new ArrayList<>();
            for (ApiClient node : List.of(one, one, two, two)) {
                sends.add(() -> {
                    int accepted = 0;
                    for (int i = 0; i < REST_PER_NODE / 2; i++) {
                        accepted += node.post("signals/many", "{}").status() == 200 ? 1 : 0;
                    }
                    return accepted;
                });
            }
            sends.add(() -> {
                try (JMSContext jms = first.broker("producer")) {
                    var signals = jms.createQueue("conveyor.signals");
                    for (int i = 0; i < FROM_THE_QUEUE; i++) {
                        jms.createProducer().setProperty("signalId", "many").send(signals, "{}");
                    }
                }
                return FROM_THE_QUEUE;
            });
            int sent = 0;
            for (Future<Integer> done : senders.invokeAll(sends)) {
                sent += done.get();
            }
            assertEquals(CONCURRENT, sent, "every notify through the API was answered 200");
        } finally {
            senders.shutdownNow();
        }
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        while (total(two, "many") < CONCURRENT && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        Thread.sleep(2000); // a duplicate from the queue would show by now
        assertEquals(CONCURRENT, total(one, "many"), "every notify counted once, none lost, none twice");
        assertEquals("WAITING", one.get("jobs/" + job).object().getString("state"), "one short of the target: still waiting");

        assertEquals(200, two.post("signals/many", "{}").status());
        JsonObject released = awaitFinished(one, "counted", 1).get(0);
        assertEquals("SUCCEEDED", released.getString("state"), released::toString);
        assertEquals(Integer.toString(CONCURRENT + 1), released.getJsonObject("attributes").getString("wait.counter.default"));
    }

    private static int total(ApiClient api, String signal) {
        Reply reply = api.get("signals/" + signal);
        return reply.status() == 200 ? reply.object().getInt("total") : 0;
    }

    private static void aSignalConsumedOnTheOtherNodeReleases(Stack first, Stack second, ApiClient one, ApiClient two, Path cross)
            throws Exception {
        drop(first, cross, "by-queue.txt", "by queue".getBytes());
        awaitState(one, "cross", "WAITING", 1);
        first.stopPayara();   // node 2 is the only consumer of the signal queue now
        try (JMSContext jms = second.broker("producer")) {
            jms.createProducer().setProperty("signalId", "by-queue").send(jms.createQueue("conveyor.signals"), "{}");
        }
        List<JsonObject> jobs = awaitFinished(two, "cross", 2);
        assertTrue(jobs.stream().allMatch(job -> "SUCCEEDED".equals(job.getString("state"))), jobs::toString);
    }
}
