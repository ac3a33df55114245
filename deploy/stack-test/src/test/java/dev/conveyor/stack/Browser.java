package dev.conveyor.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's chromium, headless, driven through its chromedriver, signed in to the console as one
 * user: the HTTP Basic header goes with every request the page makes (pages, scripts, fetches
 * and the event stream), as the browser's own sign-in would send it.
 */
public final class Browser implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(60);

    private final ChromeDriver driver;
    private final Path profile;
    private final URI base;

    public Browser(URI base, String user, String password) {
        this.base = base;
        try {
            profile = Files.createTempDirectory("conveyor-console-chromium");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(System.getProperty("conveyor.chromium", "/usr/bin/chromium"));
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--user-data-dir=" + profile, "--window-size=1280,1000");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(System.getProperty("conveyor.chromedriver", "/usr/bin/chromedriver")).toFile())
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 1000));
        String basic = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Authorization", "Basic " + basic)));
    }

    /** Opens a console page ("#/jobs", ...) and waits until the console has drawn it. */
    public Browser open(String hash) {
        driver.get("about:blank"); // a fresh load, not a hash change on the page already open
        driver.get(base + hash);
        until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
        return this;
    }

    WebDriver driver() {
        return driver;
    }

    public WebElement find(String css) {
        return until(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    /** The element's text, read again if a live update redrew the element between finding and reading it. */
    public String text(String css) {
        return until(d -> find(css).getText());
    }

    /** The texts of every element the selector matches, in page order, read again as {@link #text} is. */
    List<String> texts(String css) {
        return until(d -> d.findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList());
    }

    /** Clicks the element, again if the page redrew it between finding and clicking (a live update). */
    void click(String css) {
        until(d -> {
            find(css).click();
            return true;
        });
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /**
     * Waits until the condition holds. A live update may redraw an element between finding and reading it: the
     * condition is then asked again, on the new page.
     */
    <T> T until(Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, WAIT, Duration.ofMillis(100)).ignoring(StaleElementReferenceException.class)
                    .until(condition::apply);
        } catch (RuntimeException e) {
            throw new AssertionError("the console did not get there; page: " + driver.getCurrentUrl() + "\nit shows:\n"
                    + shownText() + "\nbrowser log:\n" + browserLog() + "\n" + e.getMessage(), e);
        }
    }

    /** The text the page shows (a notice, a field's error), cut short: what a failed wait saw. */
    private String shownText() {
        try {
            String text = String.valueOf(script("return document.body ? document.body.innerText : ''"));
            return text.length() > 4000 ? text.substring(0, 4000) + " [...]" : text;
        } catch (RuntimeException unreadable) {
            return "(unreadable: " + unreadable.getMessage() + ")";
        }
    }

    Object script(String javascript, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(javascript, args);
    }

    String browserLog() {
        StringBuilder text = new StringBuilder();
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            text.append(entry.getLevel()).append(' ').append(entry.getMessage()).append('\n');
        }
        return text.toString();
    }

    /**
     * The whole page however tall, at the window's width: the DevTools protocol draws past the
     * window's bottom, so the window keeps its size and the page its layout.
     */
    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Number width = (Number) script("return document.documentElement.scrollWidth");
        Number height = (Number) script("return document.documentElement.scrollHeight");
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1)));
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
        int drawn = ImageIO.read(file.toFile()).getHeight();
        if (drawn < height.intValue()) {
            throw new AssertionError("the screenshot " + file + " is " + drawn + " px tall, the page " + height + " px");
        }
    }

    @Override
    public void close() {
        driver.quit();
        SharedStack.deleteTree(profile);
    }
}
