package io.posixgw.server.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A headless Chromium driven over the DevTools protocol (a WebSocket of JSON commands): just enough to open a page,
 * run script in it and take a screenshot, without a WebDriver library. Loopback only; the browser is the one process
 * this starts and it is stopped by its own handle.
 */
final class Cdp implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process chromium;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    /** Whether Debian's chromium is installed. */
    static boolean available() {
        return java.nio.file.Files.isExecutable(Path.of("/usr/bin/chromium"));
    }

    Cdp(Path profile) throws Exception {
        chromium = new ProcessBuilder(
                        "/usr/bin/chromium",
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-extensions",
                        "--window-size=1000,700",
                        "--remote-debugging-address=127.0.0.1",
                        "--remote-debugging-port=0",
                        "--user-data-dir=" + profile,
                        "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String browserWs = null;
        BufferedReader err =
                new BufferedReader(new InputStreamReader(chromium.getErrorStream(), StandardCharsets.UTF_8));
        for (String line; (line = err.readLine()) != null; ) {
            int at = line.indexOf("ws://");
            if (line.startsWith("DevTools listening on") && at >= 0) {
                browserWs = line.substring(at).trim();
                break;
            }
        }
        if (browserWs == null) {
            throw new IOException("chromium did not start its DevTools endpoint");
        }
        Thread drain = new Thread(() -> {
            try {
                while (err.readLine() != null) {
                    // chromium's chatter
                }
            } catch (IOException ignored) {
                // gone
            }
        });
        drain.setDaemon(true);
        drain.start();
        URI u = URI.create(browserWs);
        HttpClient http = HttpClient.newHttpClient();
        String list = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + u.getPort() + "/json/list"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        String pageWs = null;
        for (JsonNode t : JSON.readTree(list)) {
            if ("page".equals(t.path("type").asText())) {
                pageWs = t.path("webSocketDebuggerUrl").asText();
                break;
            }
        }
        if (pageWs == null) {
            throw new IOException("chromium has no page target: " + list);
        }
        socket = http.newWebSocketBuilder()
                .buildAsync(URI.create(pageWs), new Listener())
                .get(30, TimeUnit.SECONDS);
        send("Page.enable", Map.of());
        send("Runtime.enable", Map.of());
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    JsonNode m = JSON.readTree(text);
                    if (m.has("id")) {
                        CompletableFuture<JsonNode> f =
                                pending.remove(m.get("id").asInt());
                        if (f != null) {
                            f.complete(m);
                        }
                    }
                } catch (IOException e) {
                    // not JSON: ignored
                }
            }
            ws.request(1);
            return null;
        }
    }

    /** Sends a command and waits for its result ({@code IOException} on a protocol error). */
    JsonNode send(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode msg = JSON.createObjectNode();
        msg.put("id", id);
        msg.put("method", method);
        msg.set("params", JSON.valueToTree(params));
        socket.sendText(JSON.writeValueAsString(msg), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = f.get(120, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IOException(method + ": " + reply.get("error"));
        }
        return reply.path("result");
    }

    void navigate(String url) throws Exception {
        send("Page.navigate", Map.of("url", url));
    }

    /** Evaluates {@code expression} in the page, awaiting a promise; its value as JSON. */
    JsonNode eval(String expression) throws Exception {
        JsonNode r =
                send("Runtime.evaluate", Map.of("expression", expression, "awaitPromise", true, "returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IOException("script failed: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Polls {@code condition} (a boolean expression) until it holds; the wait is only a bound for a broken page. */
    void waitFor(String condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try {
                if (eval(condition).asBoolean(false)) {
                    return;
                }
            } catch (IOException navigating) {
                // the page is being replaced: ask again
            }
            Thread.sleep(100);
        }
        throw new IOException("the page never reached: " + condition);
    }

    byte[] screenshot() throws Exception {
        return java.util.Base64.getDecoder()
                .decode(send("Page.captureScreenshot", Map.of("format", "png"))
                        .path("data")
                        .asText());
    }

    @Override
    public void close() {
        try {
            var unused = socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        } catch (RuntimeException ignored) {
            // the browser goes anyway
        }
        chromium.descendants().forEach(ProcessHandle::destroy); // its renderers, started with it
        chromium.destroy();
        try {
            if (!chromium.waitFor(10, TimeUnit.SECONDS)) {
                chromium.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            chromium.destroyForcibly();
        }
    }
}
