package dev.conveyor.incontainer;

import dev.conveyor.job.JobMessaging;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * The broker of the Arquillian runs: an Artemis broker in the test JVM (in memory, no security,
 * loopback only), and the post-boot commands that give the Payara Micro Arquillian starts the
 * resource adapter and the connection factory deploy/run gives it (config/post-boot-commands.txt),
 * pointed at this broker. So the services run in the container with the same adapter and the
 * same XA transactions spanning the database and the broker as in production.
 * <p>
 * Registered as a JUnit listener of the test JVM; it does something only where failsafe names the
 * commands file ({@code arquillian.postBootCommands}, web/pom.xml), that is not in unit-test runs.
 * The port is taken free at each start, so no fixed port is needed beside Payara Micro's.
 */
public class ArquillianBroker implements TestExecutionListener {

    private EmbeddedActiveMQ broker;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        String commands = System.getProperty("arquillian.postBootCommands");
        if (commands == null) {
            return;
        }
        try {
            int port = freePort();
            broker = new EmbeddedActiveMQ().setConfiguration(new ConfigurationImpl()
                    .setPersistenceEnabled(false).setSecurityEnabled(false)
                    .addAcceptorConfiguration("core", "tcp://127.0.0.1:" + port + "?protocols=CORE"));
            broker.start();
            Files.writeString(Path.of(commands), postBootCommands(port, System.getProperty("arquillian.rar")));
        } catch (Exception e) {
            throw new IllegalStateException("the Arquillian runs' broker did not start: " + e, e);
        }
    }

    /** As config/post-boot-commands.txt, without credentials: this broker asks for none. */
    private static String postBootCommands(int port, String rar) {
        return String.join("\n",
                "create-resource-adapter-config --property ConnectionParameters=host\\=127.0.0.1;port\\=" + port + " "
                        + JobMessaging.RESOURCE_ADAPTER,
                "deploy --type rar --name " + JobMessaging.RESOURCE_ADAPTER + " " + rar,
                "create-connector-connection-pool --raname " + JobMessaging.RESOURCE_ADAPTER
                        + " --connectiondefinition org.apache.activemq.artemis.ra.ActiveMQRAConnectionFactory"
                        + " --transactionsupport XATransaction --steadypoolsize 1 --maxpoolsize 32"
                        + " --property ConsumerWindowSize=0:CacheDestinations=true jms/ConveyorPool",
                "create-connector-resource --poolname jms/ConveyorPool " + JobMessaging.CONNECTION_FACTORY, "");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (broker == null) {
            return;
        }
        try {
            broker.stop();
        } catch (Exception e) {
            throw new IllegalStateException("the Arquillian runs' broker did not stop: " + e, e);
        }
    }
}
