package example.producer;

import dev.conveyor.client.BackOffLoop;
import dev.conveyor.client.ConveyorClient;
import dev.conveyor.client.JobInput;
import dev.conveyor.client.Submission;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Puts each file given on the command line to an endpoint, as the seed's example does: on the
 * threshold exception it waits until half the queue is free again; on a full queue it sleeps
 * 100 ms and puts the same job again. It connects as the installation's producer identity, from
 * the credentials deploy/run generated (CONVEYOR_VAR, default var/, broker-credentials.properties),
 * to the broker port deploy/run uses (CONVEYOR_BROKER_PORT).
 */
public final class BackOffProducer {

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: BackOffProducer ENDPOINT FILE...");
            System.exit(2);
        }
        String url = "tcp://127.0.0.1:" + System.getenv().getOrDefault("CONVEYOR_BROKER_PORT", "61616");
        Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of(System.getenv().getOrDefault("CONVEYOR_VAR", "var"))
                .resolve("broker-credentials.properties"))) {
            credentials.load(reader);
        }
        ConveyorClient client = new ConveyorClient(new ActiveMQConnectionFactory(url),
                credentials.getProperty("producer.user"), credentials.getProperty("producer.password"));
        List<Submission> jobs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Path file = Path.of(args[i]);
            jobs.add(Submission.document(file.getFileName().toString(), Files.readAllBytes(file)).attribute("producer", "example"));
        }
        try (JobInput input = client.openInput(args[0])) {
            System.out.printf("endpoint %s: maxQueueSize %d, free %d%n", args[0], input.getMaxQueueSize(), input.getFreeQueueSize());
            BackOffLoop loop = new BackOffLoop(50, 100);
            List<String> accepted = loop.putAll(input, jobs);
            for (int i = 0; i < accepted.size(); i++) {
                System.out.printf("%s -> job %s%n", jobs.get(i).fileName(), accepted.get(i));
            }
            System.out.printf("%d accepted; backed off %d times at the threshold, put again %d times after a full queue%n",
                    accepted.size(), loop.thresholdWarnings(), loop.fullRefusals());
        }
    }
}
