package dev.conveyor.stack;

import static dev.conveyor.stack.Drops.awaitFinished;
import static dev.conveyor.stack.Drops.awaitState;
import static dev.conveyor.stack.Drops.drop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.conveyor.web.testing.ApiClient.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Black-box: the operator's console at /, in Debian's chromium (headless), on the shared stack.
 * Every check reads what the page shows and what the API then says.
 */
class ConsoleStackIT extends OnSharedStack {

    private static Browser browser;

    @BeforeAll
    static void openBrowser() {
        browser = new Browser(stack.console(), "admin", SharedStack.PASSWORD);
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @AfterEach
    void noScriptFailed() {
        String log = browser.browserLog();
        assertFalse(log.contains("Uncaught"), () -> "a script of the console failed:\n" + log);
    }

    /**
     * Saves the page under target/screenshots; with -Dconveyor.docImages=true also over the copy in
     * docs/images that README shows, so that an ordinary run leaves the checkout as it was.
     */
    private static void screenshot(String name) throws IOException {
        Path saved = Path.of(System.getProperty("conveyor.screenshots", "target/screenshots")).resolve(name);
        browser.screenshot(saved);
        if (Boolean.getBoolean("conveyor.docImages")) {
            Path images = Path.of(System.getProperty("conveyor.top", "../..")).resolve("docs").resolve("images");
            Files.copy(saved, images.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static int count(String css) {
        return Integer.parseInt(browser.find(css).getText().trim());
    }

    @Test
    void anEndpointIsCreatedThroughTheFormAfterARefusedValueShowsItsMessageBesideTheField() {
        browser.open("#/endpoints/new");
        // The form is the API's own declarations: its groups, and each setting's description.
        List<JsonObject> groups = api.get("endpoint-settings").array().getValuesAs(JsonObject.class);
        assertEquals(groups.stream().map(g -> g.getString("group")).toList(),
                browser.all("#endpoint-form fieldset > legend").stream().map(WebElement::getText).toList());
        String declared = groups.stream().flatMap(g -> g.getJsonArray("settings").getValuesAs(JsonObject.class).stream())
                .filter(setting -> setting.getString("name").equals("includeFilePattern")).findFirst().orElseThrow()
                .getString("description");
        assertTrue(browser.find("#setting-includeFilePattern-help").getText().startsWith(declared));

        browser.find("#setting-name").sendKeys("console-made");
        browser.find("#setting-path").sendKeys("console-made");
        new Select(browser.find("#setting-operationName")).selectByValue("copy");
        browser.find("#operation-signature");
        WebElement include = browser.find("#setting-includeFilePattern");
        include.sendKeys("regex:([a-z");
        browser.click("#save-endpoint");

        WebElement error = browser.find("#setting-includeFilePattern-error");
        assertTrue(error.getText().contains("includeFilePattern"), error.getText());
        assertEquals("true", include.getAttribute("aria-invalid"));
        assertEquals(include, browser.driver().switchTo().activeElement(), "the refused field has the focus");
        assertEquals(404, api.get("endpoints/console-made").status(), "nothing was created by the refused form");

        include.clear();
        include.sendKeys("*.txt");
        browser.click("#save-endpoint");
        browser.find("tr[data-endpoint='console-made']");
        JsonObject created = api.get("endpoints/console-made").object();
        assertEquals("*.txt", created.getString("includeFilePattern"));
        assertEquals("copy", created.getString("operationName"));
    }

    @Test
    void droppedFilesMoveTheOverviewCountsAndChartAndTheConsoleLoadsNothingFromElsewhere() throws Exception {
        Path folder = Drops.endpoint(api, "console-counts", "copy", "\"batchSize\":10");
        browser.open("#/overview");
        String row = "#endpoint-table tr[data-endpoint='console-counts']";
        browser.find(row);
        assertEquals(0, count(row + " td[data-count='succeeded']"));
        int chartBefore = Integer.parseInt(browser.find("figure[data-succeeded]").getAttribute("data-succeeded"));

        for (int i = 1; i <= 3; i++) {
            drop(stack, folder, "count-" + i + ".txt", ("file " + i).getBytes());
        }
        awaitFinished(api, "console-counts", 3);
        // No reload: the live stream brings the new figures.
        browser.until(d -> count(row + " td[data-count='succeeded']") == 3);
        browser.until(d -> Integer.parseInt(browser.find("figure[data-succeeded]").getAttribute("data-succeeded")) >= chartBefore + 3);
        assertEquals("live", browser.find("#live-status").getText());
        assertEquals(0L, browser.script("return performance.getEntriesByType('resource')"
                + ".filter(e => !e.name.startsWith(location.origin)).length"), "every resource comes from the server itself");
        screenshot("console-overview.png");

        // On a phone's width the page does not scroll sideways (wide tables scroll inside their own box).
        browser.driver().manage().window().setSize(new Dimension(390, 844));
        try {
            browser.until(d -> (Boolean) browser.script("return document.documentElement.scrollWidth <= window.innerWidth"));
        } finally {
            browser.driver().manage().window().setSize(new Dimension(1280, 1000));
        }
    }

    @Test
    void aFailedJobShowsItsReasonAndFailureLogAndIsRetriedOnItsKeptSource() throws Exception {
        Path folder = Drops.endpoint(api, "console-fails", "pdf.extractText", "");
        drop(stack, folder, "not-a.pdf", "plain text, not a PDF".getBytes());
        JsonObject failed = awaitFinished(api, "console-fails", 1).get(0);
        assertEquals("FAILED", failed.getString("state"));

        // The listing's filters, on the server: state and endpoint, text in the source name (any case), creation time.
        browser.open("#/jobs?endpoint=console-fails&state=FAILED&q=NOT-A");
        browser.find("#job-table tr[data-job='" + failed.getString("id") + "']");
        assertEquals(1, browser.all("#job-table tbody tr").size());
        assertEquals(0, api.get("jobs?endpoint=console-fails&q=zzz").array().size());
        assertEquals(0, api.get("jobs?endpoint=console-fails&since=" + Instant.now().plusSeconds(60)).array().size());
        assertEquals(400, api.get("jobs?since=yesterday").status());

        browser.open("#/overview");
        browser.click("#failures a[href='#/jobs/" + failed.getString("id") + "']");
        WebElement reason = browser.find("#failure-reason");
        assertEquals(failed.getString("failureReason"), reason.getText());
        String log = browser.find("#failure-log").getText();
        assertTrue(log.contains("reason: " + failed.getString("failureReason").lines().findFirst().orElseThrow()), log);
        assertTrue(log.contains("source: not-a.pdf"), log);
        screenshot("console-job.png");

        browser.click("#retry");
        browser.until(d -> !d.getCurrentUrl().endsWith(failed.getString("id")) && d.getCurrentUrl().contains("#/jobs/"));
        String retriedId = browser.driver().getCurrentUrl().replaceAll(".*#/jobs/", "");
        JsonObject retried = api.get("jobs/" + retriedId).object();
        assertNotEquals(failed.getString("id"), retriedId);
        assertEquals("not-a.pdf", retried.getString("source"));
        assertEquals(failed.getString("id"), retried.getJsonObject("attributes").getString("retry.of"));
        // It runs as a new job of the endpoint (and fails again the same way: the file is still no PDF).
        List<JsonObject> both = awaitFinished(api, "console-fails", 2);
        assertTrue(both.stream().allMatch(j -> j.getString("state").equals("FAILED")), both::toString);
    }

    @Test
    void aWaitingJobIsReleasedByANotifySentFromTheSignalsPage() throws Exception {
        Path folder = Drops.endpoint(api, "console-waits", "copy", "\"wait\":{\"releaseSignalId\":\"${file.baseName}\"}");
        drop(stack, folder, "order-42.txt", "order 42".getBytes());
        awaitState(api, "console-waits", "WAITING", 1);

        browser.open("#/signals");
        WebElement group = browser.find("#waiting-table tr[data-signal='order-42']");
        assertTrue(group.getText().contains("console-waits"), group.getText());
        browser.click("#waiting-table tr[data-signal='order-42'] button.notify");

        List<JsonObject> jobs = awaitFinished(api, "console-waits", 1);
        assertEquals("SUCCEEDED", jobs.get(0).getString("state"));
        browser.until(d -> d.findElements(By.cssSelector("#waiting-table tr[data-signal='order-42']")).isEmpty());

        // From a waiting job's page: release one now, cancel another.
        drop(stack, folder, "order-43.txt", "order 43".getBytes());
        drop(stack, folder, "order-44.txt", "order 44".getBytes());
        List<JsonObject> waiting = awaitState(api, "console-waits", "WAITING", 2);
        String released = waiting.stream().filter(j -> j.getString("source").equals("order-43.txt")).findFirst().orElseThrow().getString("id");
        String cancelled = waiting.stream().filter(j -> j.getString("source").equals("order-44.txt")).findFirst().orElseThrow().getString("id");
        browser.open("#/jobs/" + released);
        browser.click("#release");
        browser.open("#/jobs/" + cancelled);
        browser.click("#cancel");
        browser.driver().switchTo().alert().accept();
        List<JsonObject> ended = awaitFinished(api, "console-waits", 3);
        assertEquals("SUCCEEDED", ended.stream().filter(j -> j.getString("id").equals(released)).findFirst().orElseThrow().getString("state"));
        JsonObject expired = ended.stream().filter(j -> j.getString("id").equals(cancelled)).findFirst().orElseThrow();
        assertEquals("EXPIRED", expired.getString("state"));
        assertTrue(expired.getString("failureReason").startsWith("CNV-5009-W Cancelled by admin"), expired::toString);
    }

    @Test
    void twoRulesAreReorderedByKeyboard() {
        withTwoRules("console", (first, second) -> {
            browser.open("#/priority");
            WebElement item = browser.find("li[data-rule='" + second + "']");
            item.sendKeys(Keys.chord(Keys.ALT, Keys.ARROW_UP));
            browser.until(d -> ranks().indexOf(second) == ranks().indexOf(first) - 1);
            // The moved rule keeps the focus, so a keyboard user can go on moving it.
            browser.until(d -> second.equals(d.switchTo().activeElement().getAttribute("data-rule")));
            browser.click("li[data-rule='" + second + "'] button.down");
            browser.until(d -> ranks().indexOf(first) == ranks().indexOf(second) - 1);
        });
    }

    @Test
    void twoRulesAreReorderedByDragAndDrop() {
        withTwoRules("console-drag", (first, second) -> {
            browser.open("#/priority");
            assertEquals("true", browser.find("li[data-rule='" + second + "']").getAttribute("draggable"));
            // Dropped on a rule above it, a rule takes that rule's place; dropped on one below, it goes just after it.
            drag(second, first);
            browser.until(d -> ranks().indexOf(second) == ranks().indexOf(first) - 1);
            browser.until(d -> shown().indexOf(second) == shown().indexOf(first) - 1); // redrawn: the next drag starts from there
            drag(second, first);
            browser.until(d -> ranks().indexOf(first) == ranks().indexOf(second) - 1);
        });
    }

    /** Runs the steps on two new rules (the first ranked above the second) and deletes both after. */
    private static void withTwoRules(String prefix, BiConsumer<String, String> steps) {
        String first = rule(prefix + "-first");
        String second = rule(prefix + "-second");
        try {
            steps.accept(first, second);
        } finally {
            api.delete("priority-rules/" + first);
            api.delete("priority-rules/" + second);
        }
    }

    /**
     * Drags one rule onto another with the events a browser fires for a mouse drag, dispatched by
     * script: chromedriver's pointer actions do not start an HTML5 drag.
     */
    private static void drag(String rule, String ontoRule) {
        browser.until(d -> {
            browser.script("""
                    const [from, onto] = arguments;
                    const data = new DataTransfer();
                    const fire = (target, type) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
                    fire(from, 'dragstart'); fire(onto, 'dragenter'); fire(onto, 'dragover'); fire(onto, 'drop'); fire(from, 'dragend');""",
                    browser.find("li[data-rule='" + rule + "']"), browser.find("li[data-rule='" + ontoRule + "']"));
            return true;
        });
    }

    /** The rules' ids in the order the page lists them. */
    private static List<String> shown() {
        return browser.all("li[data-rule]").stream().map(item -> item.getAttribute("data-rule")).toList();
    }

    private static String rule(String name) {
        Reply created = api.post("priority-rules", "{\"name\":\"" + name + "\",\"expression\":\"file.name == 'never-" + name + "'\",\"jmsPriority\":5}");
        assertEquals(201, created.status(), created::toString);
        return created.object().getString("id");
    }

    private static List<String> ranks() {
        return api.get("priority-rules").array().getValuesAs(JsonObject.class).stream().map(r -> r.getString("id")).toList();
    }

    @Test
    void anEndpointIsPausedAndResumedFromTheEndpointsPage() {
        Drops.endpoint(api, "console-pauses", "copy", "");
        browser.open("#/endpoints");
        browser.click("tr[data-endpoint='console-pauses'] button.pause");
        browser.find("tr[data-endpoint='console-pauses'] .badge.PAUSED");
        assertEquals("PAUSED", api.get("endpoints/console-pauses").object().getString("state"));

        browser.click("tr[data-endpoint='console-pauses'] button.resume");
        browser.find("tr[data-endpoint='console-pauses'] .badge.ENABLED");
        assertEquals("ENABLED", api.get("endpoints/console-pauses").object().getString("state"));
    }

    @Test
    void aViewerFindsNoControlThatChangesAnythingAndTheApiRefusesItsWrite() throws Exception {
        String password = "viewer-password-1";
        Reply user = api.post("users", "{\"name\":\"console-viewer\",\"role\":\"viewer\",\"password\":\"" + password + "\"}");
        assertEquals(201, user.status(), user::toString);
        Path folder = Drops.endpoint(api, "console-viewed", "pdf.extractText", "");
        drop(stack, folder, "viewed.txt", "not a PDF either".getBytes());
        String failedJob = awaitFinished(api, "console-viewed", 1).get(0).getString("id");
        String rule = rule("console-viewed-rule");
        try (Browser viewer = new Browser(stack.console(), "console-viewer", password)) {
            viewer.open("#/overview");
            assertEquals("console-viewer (viewer)", viewer.find("#caller").getText());
            viewer.find("#endpoint-table tr[data-endpoint='console-viewed']");
            String controls = "[data-write], button.pause, button.resume, #new-endpoint, #retry, #release, #cancel, button.notify, "
                    + "#notify-form, li[draggable], input.enabled, button.edit, #new-rule-form, #endpoint-form, #priority-enabled";
            viewer.open("#/endpoints");
            viewer.find("tr[data-endpoint='console-viewed']");
            assertEquals(List.of(), viewer.all(controls), "no control that changes endpoints");
            viewer.open("#/endpoints/new");
            viewer.find("main .notice.error");
            assertEquals(List.of(), viewer.all(controls), "no endpoint form");
            viewer.open("#/jobs/" + failedJob);
            viewer.find("#failure-reason");
            assertEquals(List.of(), viewer.all(controls), "no retry");
            viewer.open("#/signals");
            viewer.find("#waiting-title");
            assertEquals(List.of(), viewer.all(controls), "no notify");
            viewer.open("#/priority");
            viewer.find("li[data-rule='" + rule + "']");
            assertEquals(List.of(), viewer.all(controls), "no rule reordering, editing or switching");
            assertTrue(viewer.browserLog().lines().noneMatch(line -> line.contains("Uncaught")), viewer::browserLog);
        } finally {
            api.delete("priority-rules/" + rule);
        }
        // What the console hides, the API refuses.
        Reply refused = api.as("console-viewer", password).post("endpoints/console-viewed/pause", "{}");
        assertEquals(403, refused.status(), refused::toString);
        assertEquals("CNV-4101-E", refused.object().getString("code"));
        assertEquals("ENABLED", api.get("endpoints/console-viewed").object().getString("state"));
        assertEquals(403, api.as("console-viewer", password).post("jobs/" + failedJob + "/retry", "{}").status());
    }
}
