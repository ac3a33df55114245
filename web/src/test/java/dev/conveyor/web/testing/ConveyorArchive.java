package dev.conveyor.web.testing;

import dev.conveyor.batch.JobCountReport;
import dev.conveyor.common.ConveyorException;
import dev.conveyor.endpoint.Endpoint;
import dev.conveyor.expression.AttributeExpression;
import dev.conveyor.files.Confinement;
import dev.conveyor.flow.FlowControl;
import dev.conveyor.job.Job;
import dev.conveyor.node.Node;
import dev.conveyor.operation.Operation;
import dev.conveyor.priority.PriorityRules;
import dev.conveyor.schema.SchemaMigrations;
import dev.conveyor.security.AdminPassword;
import dev.conveyor.signal.Signal;
import dev.conveyor.web.ConveyorApi;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR the Arquillian tests deploy: the application's classes and resources as the real WAR
 * holds them, less the classes named (by a part of their path) in {@code leftOut}, and without
 * scanning, whose timers would claim the tests' files on their own. The test classes on the
 * class path (this package, the ITs) stay out; Arquillian adds an in-container test itself.
 */
public final class ConveyorArchive {

    private static final String WEB_XML = "src/main/webapp/WEB-INF/web.xml";

    private ConveyorArchive() {
    }

    /**
     * As {@link #of}, for tests that run inside the server: Arquillian's test runner servlet is let
     * through without credentials, as the probes are, while every other path keeps its constraint.
     */
    public static WebArchive testable(String name, Set<String> leftOut) throws IOException {
        String webXml = Files.readString(Path.of(WEB_XML));
        String open = """
                  <security-constraint>
                    <web-resource-collection>
                      <web-resource-name>Arquillian's test runner</web-resource-name>
                      <url-pattern>/ArquillianServletRunnerEE9</url-pattern>
                    </web-resource-collection>
                  </security-constraint>
                """;
        return of(name, leftOut).setWebXML(new StringAsset(webXml.replace("  <welcome-file-list>", open + "  <welcome-file-list>")));
    }

    public static WebArchive of(String name, Set<String> leftOut) {
        // The libraries the real WAR bundles (cron-utils, PDFBox...), from the exploded WAR the build just made.
        File[] libraries = new File("target/conveyor/WEB-INF/lib").listFiles((dir, file) -> !file.startsWith("conveyor-")
                || file.startsWith("conveyor-client"));
        return ShrinkWrap.create(WebArchive.class, name)
                .addAsLibraries(libraries)
                .addPackages(true, path -> !path.get().contains("/web/testing/") && !path.get().matches(".*IT(\\$.*)?\\.class")
                                && leftOut.stream().noneMatch(path.get()::contains),
                        ConveyorException.class.getPackage(), Endpoint.class.getPackage(), Job.class.getPackage(),
                        Operation.class.getPackage(), AdminPassword.class.getPackage(), JobCountReport.class.getPackage(),
                        Node.class.getPackage(), Signal.class.getPackage(), AttributeExpression.class.getPackage(),
                        PriorityRules.class.getPackage(), FlowControl.class.getPackage(), SchemaMigrations.class.getPackage(),
                        ConveyorApi.class.getPackage(), Confinement.class.getPackage())
                .addAsResource("META-INF/persistence.xml")
                .addAsResource(new File("../ejb/src/main/resources/db/migration"), "db/migration")
                .addAsResource("META-INF/batch-jobs/job-count-report.xml")
                .addAsResource("META-INF/batch-jobs/purge.xml")
                .addAsResource("META-INF/microprofile-config.properties")
                .addAsWebResource(new File("target/conveyor/openapi-ui/index.html"), "openapi-ui/index.html")
                .addAsWebInfResource(new File("src/main/webapp/WEB-INF/beans.xml"), "beans.xml")
                .addAsWebInfResource(new File("src/main/webapp/WEB-INF/glassfish-web.xml"), "glassfish-web.xml")
                .setWebXML(new File(WEB_XML));
    }
}
