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
 * installs both), at a laptop's 1400 px: every page loads from disk with no console error and names its run (date,
 * commit, seed, command line); every chart is drawn (ECharts leaves an SVG in its box); every finding of every cell is
 * reachable from the check's matrices; the matrices of a full-size run fit the width without sideways scrolling; a red
 * cell leads to its finding and its timeline, whose axis says what it counts and whose colours each mean one thing (the
 * legend's); fuzz and TH-DPMS findings have timelines; a timed history is plotted over time with its fault window
 * shaded, YCSB against a served store and a fuzz campaign's coverage growth too; the benchmark reports keep the paper's
 * figures and claims, keep each chart readable (at most 40 bars or 8 lines) and label fields for people. Screenshots
 * go to {@code target/report-screenshots/}. Skips, naming what is missing, where Chromium or chromedriver is absent.
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
    void everyReportLoadsWithoutConsoleErrorsDrawsItsChartsAndNamesItsRun() throws Exception {
        SampleReports r = SampleReports.get();
        Map<String, Path> pages = new java.util.TreeMap<>(Map.of("check", r.check.resolve("index.html"), "check-findings", r.check.resolve("findings.html"),
                "check-finding", r.check.resolve("finding-0.html"), "fuzz", r.fuzz.resolve("index.html"), "lin", r.lin.resolve("index.html"),
                "timed", r.timed.resolve("index.html"), "bench", r.bench.resolve("index.html"), "remotelog", r.remotelog.resolve("index.html"),
                "scale", r.scale.resolve("index.html"), "sim-bench", r.simBench.resolve("index.html")));
        pages.put("timeline", firstTimeline(r.check));
        for (Map.Entry<String, Path> page : pages.entrySet()) {
            open(page.getValue());
            assertThat(errors()).as(page.getKey() + ": console errors").isEmpty();
            List<WebElement> charts = browser.findElements(By.cssSelector("div.chart"));
            for (WebElement chart : charts) {
                assertThat(chart.findElements(By.tagName("svg"))).as(page.getKey() + ": chart " + chart.getAttribute("id") + " drawn").isNotEmpty();
            }
            if (List.of("bench", "fuzz", "timed", "remotelog", "scale", "sim-bench").contains(page.getKey())) {
                assertThat(charts).as(page.getKey() + " has charts").isNotEmpty();
            }
            String meta = browser.findElement(By.id("run-meta")).getText();
            assertThat(meta).as(page.getKey() + ": run metadata").containsPattern("date \\d{4}-\\d\\d-\\d\\dT").contains("commit ")
                    .contains("command rda ").contains("seed ");
            if (!page.getKey().equals("timeline")) {
                assertThat(browser.findElement(By.tagName("h1")).getText()).startsWith("rda");
            }
            screenshot(page.getKey());
        }
    }

    @Test
    void aRedCellLeadsToItsFindingAndItsTimeline() throws Exception {
        open(SampleReports.get().check.resolve("index.html"));
        assertThat(browser.findElement(By.id("verdict")).getText()).isEqualTo("FAIL");
        follow(browser.findElement(By.cssSelector("table.matrix td.FAIL a")));
        if (browser.getCurrentUrl().contains("findings.html")) { // a cell with several findings lands on its section of the index
            String section = browser.getCurrentUrl().substring(browser.getCurrentUrl().indexOf('#') + 1);
            follow(browser.findElement(By.id(section)).findElement(By.cssSelector("a")));
        }
        WebElement finding = browser.findElement(By.cssSelector(".finding-box"));
        assertThat(finding.getText()).contains("rda replay rda2.").contains("a claimed property failed");
        follow(finding.findElement(By.linkText("history timeline")));
        assertThat(errors()).as("timeline: console errors").isEmpty();
        assertThat(browser.findElements(By.cssSelector(".tick"))).isNotEmpty();
        assertThat(browser.findElement(By.cssSelector(".legend")).getText()).contains("crash");
        screenshot("timeline");
    }

    @Test
    void everyFindingOfEveryCellIsReachableFromTheMatrices() throws Exception {
        SampleReports r = SampleReports.get();
        for (Path dir : List.of(r.check, r.wide)) {
            open(dir.resolve("index.html"));
            java.util.Set<String> reached = new java.util.TreeSet<>();
            List<String> cellLinks = browser.findElements(By.cssSelector("table.matrix td a, #controls ~ table a, table a[href^='finding-']")).stream()
                    .map(a -> a.getAttribute("href")).distinct().toList();
            for (String href : cellLinks) {
                if (href.contains("findings.html#")) {
                    browser.get(href);
                    String section = href.substring(href.indexOf('#') + 1);
                    browser.findElement(By.id(section)).findElements(By.cssSelector("a")).forEach(a -> reached.add(name(a.getAttribute("href"))));
                } else if (href.contains("finding-")) {
                    reached.add(name(href));
                }
            }
            java.util.Set<String> pages;
            try (var files = Files.list(dir)) {
                pages = new java.util.TreeSet<>(files.map(p -> p.getFileName().toString()).filter(n -> n.matches("finding-\\d+\\.html")).toList());
            }
            assertThat(pages).as(dir + ": a page per finding").isNotEmpty();
            assertThat(reached).as(dir + ": every finding page reached from a matrix cell").isEqualTo(pages);
        }
        // the wide document's every example has its page
        assertThat(Files.list(r.wide).filter(p -> p.getFileName().toString().matches("finding-\\d+\\.html")).count())
                .isEqualTo(WideCheck.examples(WideCheck.document()));
    }

    @Test
    void theMatricesOfAFullSizeRunFitALaptopScreen() throws Exception {
        open(SampleReports.get().wide.resolve("index.html"));
        long inner = ((Number) browser.executeScript("return window.innerWidth")).longValue();
        assertThat(inner).isLessThanOrEqualTo(1400);
        assertThat(((Number) browser.executeScript("return document.documentElement.scrollWidth")).longValue())
                .as("no sideways scrolling at " + inner + " px").isLessThanOrEqualTo(inner);
        List<WebElement> matrices = browser.findElements(By.cssSelector("table.matrix"));
        assertThat(matrices).hasSizeGreaterThanOrEqualTo(3);
        for (WebElement m : matrices) {
            assertThat(((Number) browser.executeScript("return arguments[0].getBoundingClientRect().right", m)).doubleValue())
                    .as("matrix inside the window").isLessThanOrEqualTo(inner);
        }
        // each family is a collapsible group: a click folds it
        WebElement family = browser.findElement(By.cssSelector("details.family"));
        family.findElement(By.tagName("summary")).click();
        assertThat(family.getAttribute("open")).isNull();
        screenshot("wide-matrices");
    }

    @Test
    void timelinesSayWhatTheirAxisIsAndEachColourMeansOneThing() throws Exception {
        SampleReports r = SampleReports.get();
        List<Path> timelines = new java.util.ArrayList<>();
        for (Path dir : List.of(r.check, r.fuzz)) {
            try (var files = Files.list(dir.resolve("timelines"))) {
                timelines.addAll(files.sorted().toList());
            }
        }
        assertThat(timelines).hasSizeGreaterThanOrEqualTo(3);
        for (Path t : timelines) {
            open(t);
            assertThat(browser.findElement(By.id("axis")).getText()).as(t + ": axis title").contains("x axis").contains("event");
            for (WebElement tick : browser.findElements(By.cssSelector(".tick"))) {
                assertThat(tick.getText()).as(t + ": a simulator history's tick is no time in ns").doesNotEndWith("ns");
            }
            Map<String, String> legend = new java.util.HashMap<>();
            for (WebElement entry : browser.findElements(By.cssSelector(".legend span[class]"))) {
                legend.put(entry.getAttribute("class"), entry.getCssValue("background-color"));
            }
            for (WebElement op : browser.findElements(By.cssSelector(".op"))) {
                String cls = java.util.Arrays.stream(op.getAttribute("class").split(" ")).filter(c -> !c.equals("op") && !c.equals("open"))
                        .findFirst().orElseThrow();
                assertThat(legend).as(t + ": the legend names the colour of " + op.getText()).containsKey(cls);
                assertThat(op.getCssValue("background-color")).as(t + ": the bar has its legend's colour").isEqualTo(legend.get(cls));
            }
            assertThat(legend.keySet()).as(t + ": the legend lists only colours on the page")
                    .allMatch(cls -> !browser.findElements(By.cssSelector(".op." + cls)).isEmpty());
            if (browser.findElement(By.tagName("p")).getText().contains("The history is linearizable")) {
                assertThat(browser.findElements(By.cssSelector(".op.other"))).as(t + ": a linearizable history has no grey 'not reached'").isEmpty();
            }
        }
    }

    @Test
    void fuzzAndThdpmsFindingsHaveTimelines() throws Exception {
        SampleReports r = SampleReports.get();
        open(r.fuzz.resolve("index.html"));
        List<WebElement> links = browser.findElements(By.cssSelector(".finding-box a[href^='timelines/']"));
        assertThat(links).as("fuzz failures and findings link timelines").isNotEmpty();
        follow(links.getFirst());
        assertThat(browser.findElements(By.cssSelector(".op"))).isNotEmpty();
        open(r.check.resolve("findings.html"));
        WebElement txn = browser.findElements(By.cssSelector("section.cell")).stream().filter(s -> s.getText().contains("thdpms/txn")).findFirst()
                .orElseThrow(() -> new AssertionError("no TH-DPMS transaction finding in the index"));
        follow(txn.findElement(By.cssSelector("a")));
        follow(browser.findElement(By.linkText("history timeline")));
        assertThat(browser.getCurrentUrl()).contains("timelines/txn-");
        assertThat(browser.findElements(By.cssSelector(".op"))).isNotEmpty();
        screenshot("txn-timeline");
    }

    @Test
    void timedHistoriesAndFuzzCoverageArePlottedOverTime() throws Exception {
        SampleReports r = SampleReports.get();
        open(r.timed.resolve("index.html"));
        List<String> titles = chartTitles();
        assertThat(titles).anyMatch(t -> t.startsWith("Latency over time")).anyMatch(t -> t.startsWith("Throughput over time"));
        Object windows = browser.executeScript("return document.querySelectorAll('div.chart').length && Array.from(document.querySelectorAll('div.chart'))"
                + ".map(d => echarts.getInstanceByDom(d).getOption().series.filter(s => s.markArea && s.markArea.data.length).length)"
                + ".reduce((a, b) => a + b, 0)");
        assertThat(((Number) windows).intValue()).as("the crash's fault window shaded on both plots").isEqualTo(2);
        screenshot("timed");
        open(r.fuzz.resolve("index.html"));
        assertThat(chartTitles()).contains("Coverage growth");
        open(r.realBench.resolve("index.html")); // YCSB against a served store: every operation in wall-clock time
        assertThat(errors()).isEmpty();
        assertThat(chartTitles()).contains("Latency over time: tcp", "Throughput over time: tcp");
        Object points = browser.executeScript("return Array.from(document.querySelectorAll('div.chart')).map(d => echarts.getInstanceByDom(d)"
                + ".getOption()).filter(o => o.title[0].text.startsWith('Latency over time')).map(o => o.series.filter(s => s.type === 'scatter')"
                + ".reduce((a, s) => a + s.data.length, 0))[0]");
        assertThat(((Number) points).intValue()).as("one point per operation (2 clients x 300)").isEqualTo(600);
        screenshot("real-bench");
    }

    @Test
    void benchmarkReportsKeepThePapersFiguresAndStayReadable() throws Exception {
        SampleReports r = SampleReports.get();
        open(r.bench.resolve("index.html"));
        assertThat(browser.findElement(By.id("ratios")).isDisplayed()).isTrue();
        assertThat(browser.findElement(By.tagName("main")).getText()).contains("Erda/Redo latency");
        open(r.remotelog.resolve("index.html"));
        assertThat(browser.findElement(By.id("claims")).isDisplayed()).as("the paper's claims table").isTrue();
        assertThat(chartSizes("bars")).as("bars per chart").isNotEmpty().allMatch(n -> n <= 40);
        open(r.scale.resolve("index.html"));
        assertThat(chartSizes("series")).as("lines per chart").isNotEmpty().allMatch(n -> n <= 8);
        open(r.simBench.resolve("index.html"));
        for (WebElement key : browser.findElements(By.cssSelector("table.kv td:first-child"))) {
            assertThat(key.getText()).as("a human label, not a field name").doesNotContainPattern("[a-z][A-Z]");
        }
        assertThat(chartTitles()).noneMatch(t -> t.matches(".*[a-z][A-Z].*"));
    }

    @SuppressWarnings("unchecked")
    private static List<String> chartTitles() {
        return (List<String>) browser.executeScript("return Array.from(document.querySelectorAll('div.chart'))"
                + ".map(d => echarts.getInstanceByDom(d).getOption().title[0].text)");
    }

    /** Per chart: its bars (data points of bar series) or its series. */
    @SuppressWarnings("unchecked")
    private static List<Long> chartSizes(String what) {
        String count = what.equals("bars") ? "o.series.filter(s => s.type === 'bar').reduce((a, s) => a + s.data.filter(v => v != null).length, 0)"
                : "o.series.length";
        return (List<Long>) browser.executeScript("return Array.from(document.querySelectorAll('div.chart'))"
                + ".map(d => { const o = echarts.getInstanceByDom(d).getOption(); return " + count + "; })");
    }

    private static Path firstTimeline(Path report) throws Exception {
        try (var files = Files.list(report.resolve("timelines"))) {
            return files.sorted().findFirst().orElseThrow();
        }
    }

    private static String name(String href) {
        String path = href.contains("#") ? href.substring(0, href.indexOf('#')) : href;
        return path.substring(path.lastIndexOf('/') + 1);
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
        String url = page.toAbsolutePath().toUri().toString();
        browser.get(url);
        awaitLoaded(url);
    }

    /**
     * Clicks a link and waits until its page has loaded: a click only starts the navigation, so without the wait the
     * next step could read the page the click left (or, the next {@link #open}, have the click's page land after it).
     */
    private static void follow(WebElement link) {
        String href = link.getAttribute("href");
        link.click();
        awaitLoaded(href);
    }

    /** Waits (60 s at most, a bound, not a measure) until the browser shows {@code url}'s document, fully loaded. */
    private static void awaitLoaded(String url) {
        String want = withoutFragment(url);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (!(withoutFragment(browser.getCurrentUrl()).equals(want) && "complete".equals(browser.executeScript("return document.readyState")))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the browser did not load " + url + "; it shows " + browser.getCurrentUrl());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static String withoutFragment(String url) {
        return url.contains("#") ? url.substring(0, url.indexOf('#')) : url;
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
