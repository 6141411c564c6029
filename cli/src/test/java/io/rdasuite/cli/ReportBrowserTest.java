package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The reports in a real headless browser (Debian's Chromium, driven by Selenium through chromedriver; {@code .ci/run}
 * installs both): every page loads from disk with no console error, every chart is drawn (ECharts leaves an SVG in
 * its box), a red matrix cell's link lands on its finding, a timeline shows its axis and legend. Screenshots go to
 * {@code target/report-screenshots/}. Skips, naming what is missing, where Chromium or chromedriver is absent.
 */
class ReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SHOTS = Path.of("target", "report-screenshots");
    private static ChromeDriver browser;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no headless browser here: " + CHROMIUM + " and " + CHROMEDRIVER + " are needed (Debian packages chromium, chromium-driver;"
                        + " .ci/run installs them)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // the flags this machine needs: no sandbox as root, and no background connections to a network that is closed
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1400,1800",
                "--user-data-dir=" + Files.createTempDirectory("rda-chromium"));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        browser = new ChromeDriver(service, options);
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void everyReportLoadsWithoutConsoleErrorsAndDrawsItsCharts() throws Exception {
        SampleReports r = SampleReports.get();
        for (Map.Entry<String, Path> page : Map.of("check", r.check, "fuzz", r.fuzz, "lin", r.lin, "bench", r.bench).entrySet()) {
            open(page.getValue().resolve("index.html"));
            assertThat(errors()).as(page.getKey() + ": console errors").isEmpty();
            List<WebElement> charts = browser.findElements(By.cssSelector("div.chart"));
            for (WebElement chart : charts) {
                assertThat(chart.findElements(By.tagName("svg"))).as(page.getKey() + ": chart " + chart.getAttribute("id") + " drawn").isNotEmpty();
            }
            if (page.getKey().equals("bench") || page.getKey().equals("fuzz")) {
                assertThat(charts).as(page.getKey() + " has charts").isNotEmpty();
            }
            assertThat(browser.findElement(By.tagName("h1")).getText()).startsWith("rda");
            screenshot(page.getKey());
        }
    }

    @Test
    void aRedCellLeadsToItsFindingAndItsTimeline() throws Exception {
        open(SampleReports.get().check.resolve("index.html"));
        assertThat(browser.findElement(By.id("verdict")).getText()).isEqualTo("FAIL");
        WebElement red = browser.findElement(By.cssSelector("table.matrix td.FAIL a"));
        String target = red.getAttribute("href");
        red.click();
        String id = target.substring(target.indexOf('#') + 1);
        WebElement finding = browser.findElement(By.id(id));
        assertThat(finding.getText()).contains("rda replay rda2.");
        finding.findElement(By.linkText("history timeline")).click();
        assertThat(errors()).as("timeline: console errors").isEmpty();
        assertThat(browser.findElements(By.cssSelector(".tick"))).isNotEmpty();
        assertThat(browser.findElement(By.cssSelector(".legend")).getText()).contains("crash");
        screenshot("timeline");
    }

    /** The control: a page whose script fails must show up as a console error, or the checks above prove nothing. */
    @Test
    void aBrokenPageIsCaught() throws Exception {
        Path broken = Files.createTempDirectory("rda-broken-report").resolve("index.html");
        Files.writeString(broken, "<!DOCTYPE html><html><body><script>echarts.init(null);</script></body></html>");
        errors(); // drop what earlier pages logged
        open(broken);
        assertThat(errors()).as("a missing chart library is reported").anyMatch(e -> e.contains("echarts"));
    }

    private static void open(Path page) {
        browser.get(page.toAbsolutePath().toUri().toString());
    }

    private static List<String> errors() {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream().filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage).toList();
    }

    private static void screenshot(String name) throws Exception {
        File png = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
