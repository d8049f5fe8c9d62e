package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real browser (Debian's headless Chromium over the DevTools protocol, {@link Cdp}) on a page served from another
 * origin (a second loopback port): it uploads a file with an HTML POST form (a SigV4-signed policy, redirected back to
 * the page), uploads another with {@code fetch} to a presigned PUT URL (a CORS preflight, then the PUT, reading the
 * exposed ETag), and reads both back with {@code fetch} of presigned GET URLs, which the browser lets the page read
 * only because the answers carry the bucket's CORS headers. The bytes on disk are asserted and a screenshot of the page
 * is kept as {@code target/browser/upload.png}. Skipped without {@code /usr/bin/chromium} ({@code test.sh} installs it).
 */
class BrowserUploadIT {
    @TempDir
    Path tmp;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void formUploadAndPresignedPutFromAnotherOrigin() throws Exception {
        Assumptions.assumeTrue(Cdp.available(), "Debian's chromium is not installed");
        Path root = Files.createDirectories(tmp.resolve("data"));
        HttpServer site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicReference<String> page = new AtomicReference<>("");
        AtomicReference<String> redirected = new AtomicReference<>();
        site.createContext("/", ex -> {
            if (ex.getRequestURI().getPath().equals("/done")) {
                redirected.set(ex.getRequestURI().getRawQuery());
            }
            byte[] body = page.get().getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        site.start();
        String origin = "http://127.0.0.1:" + site.getAddress().getPort();
        try (TestGateway gw = TestGateway.start(root, "--fsync", "off");
                Cdp browser = new Cdp(Files.createDirectories(tmp.resolve("profile")))) {
            RawS3 raw = gw.raw();
            assertEquals(
                    200,
                    raw.send("PUT", "/site", Map.of(), Map.of(), new byte[0]).status());
            byte[] cors = ("<CORSConfiguration><CORSRule><AllowedOrigin>" + origin + "</AllowedOrigin>"
                            + "<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>"
                            + "<AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader>"
                            + "<ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>")
                    .getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    200,
                    raw.send("PUT", "/site", Map.of("cors", ""), CorsPostObjectIT.md5(cors), cors)
                            .status());

            String host = "127.0.0.1:" + gw.port;
            TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
            Instant now = Instant.now();
            String put = gw.endpoint() + "/site/fetched.txt?"
                    + signer.presign("PUT", "/site/fetched.txt", host, Map.of(), 600, now);
            String getForm = gw.endpoint() + "/site/form/hello.txt?"
                    + signer.presign("GET", "/site/form/hello.txt", host, Map.of(), 600, now);
            String getFetched = gw.endpoint() + "/site/fetched.txt?"
                    + signer.presign("GET", "/site/fetched.txt", host, Map.of(), 600, now);
            Map<String, String> fields = formFields(now, origin + "/done");
            page.set(html(gw.endpoint() + "/site", fields, put, getForm, getFetched));

            browser.navigate(origin + "/");
            browser.waitFor("document.readyState === 'complete' && typeof submitForm === 'function'");
            browser.eval("submitForm()");
            browser.waitFor("location.pathname === '/done' && document.readyState === 'complete'"
                    + " && typeof runFetches === 'function'");
            JsonNode result = JSON.readTree(browser.eval("runFetches()").asText());
            Files.createDirectories(Path.of("target", "browser"));
            Files.write(Path.of("target", "browser", "upload.png"), browser.screenshot());

            assertTrue(redirected.get().startsWith("bucket=site&key=form%2Fhello.txt&etag="), redirected.get());
            assertArrayEquals(
                    "hello from a form".getBytes(StandardCharsets.UTF_8),
                    Files.readAllBytes(root.resolve("site/form/hello.txt")));
            assertArrayEquals(
                    "hello from fetch".getBytes(StandardCharsets.UTF_8),
                    Files.readAllBytes(root.resolve("site/fetched.txt")));
            assertEquals(200, result.get("putStatus").asInt(), result.toString());
            assertEquals(
                    raw.send("HEAD", "/site/fetched.txt", Map.of(), Map.of(), new byte[0])
                            .header("etag"),
                    result.get("putEtag").asText(),
                    "the exposed ETag was readable by the page");
            assertEquals("hello from a form", result.get("formText").asText());
            assertEquals("hello from fetch", result.get("fetchedText").asText());
        } finally {
            site.stop(0);
        }
    }

    /** The form's fields: key, redirect, and the SigV4 policy signature over conditions naming each of them. */
    static Map<String, String> formFields(Instant now, String redirect) {
        TestSigner signer = new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1");
        String date = TestSigner.AMZ_DATE.format(now);
        String credential = TestGateway.ACCESS + "/" + date.substring(0, 8) + "/us-east-1/s3/aws4_request";
        String policyJson = "{\"expiration\":\"" + now.plusSeconds(600).truncatedTo(ChronoUnit.SECONDS)
                + "\",\"conditions\":[{\"bucket\":\"site\"},[\"starts-with\",\"$key\",\"form/\"],"
                + "[\"content-length-range\",1,1048576],{\"success_action_redirect\":\"" + redirect + "\"},"
                + "[\"starts-with\",\"$Content-Type\",\"text/\"],"
                + "{\"x-amz-algorithm\":\"AWS4-HMAC-SHA256\"},{\"x-amz-credential\":\"" + credential + "\"},"
                + "{\"x-amz-date\":\"" + date + "\"}]}";
        String policy = Base64.getEncoder().encodeToString(policyJson.getBytes(StandardCharsets.UTF_8));
        Map<String, String> f = new LinkedHashMap<>();
        f.put("key", "form/${filename}");
        f.put("Content-Type", "text/plain");
        f.put("success_action_redirect", redirect);
        f.put("x-amz-algorithm", "AWS4-HMAC-SHA256");
        f.put("x-amz-credential", credential);
        f.put("x-amz-date", date);
        f.put("policy", policy);
        f.put("x-amz-signature", TestSigner.hex(TestSigner.hmac(signer.signingKey(date.substring(0, 8)), policy)));
        return f;
    }

    static String html(String action, Map<String, String> fields, String put, String getForm, String getFetched)
            throws Exception {
        StringBuilder inputs = new StringBuilder();
        fields.forEach((k, v) -> inputs.append("<input type=\"hidden\" name=\"")
                .append(k)
                .append("\" value=\"")
                .append(v.replace("&", "&amp;").replace("\"", "&quot;"))
                .append("\">\n"));
        return "<!doctype html><html><head><meta charset=\"utf-8\"><title>posixgw browser test</title></head>"
                + "<body style=\"font-family:sans-serif\"><h1>posixgw from another origin</h1>"
                + "<form id=\"f\" method=\"post\" enctype=\"multipart/form-data\" action=\"" + action + "\">\n"
                + inputs + "<input type=\"file\" name=\"file\" id=\"file\"></form><pre id=\"out\"></pre>\n<script>\n"
                + "function submitForm() {\n"
                + "  const dt = new DataTransfer();\n"
                + "  dt.items.add(new File(['hello from a form'], 'hello.txt', {type: 'text/plain'}));\n"
                + "  document.getElementById('file').files = dt.files;\n"
                + "  document.getElementById('f').submit();\n"
                + "  return true;\n"
                + "}\n"
                + "async function runFetches() {\n"
                + "  const out = document.getElementById('out');\n"
                + "  const put = await fetch(" + JSON.writeValueAsString(put) + ", {method: 'PUT',"
                + " headers: {'Content-Type': 'text/plain'}, body: 'hello from fetch'});\n"
                + "  const formText = await (await fetch(" + JSON.writeValueAsString(getForm) + ")).text();\n"
                + "  const fetchedText = await (await fetch(" + JSON.writeValueAsString(getFetched) + ")).text();\n"
                + "  const r = {putStatus: put.status, putEtag: put.headers.get('ETag'), formText, fetchedText,"
                + " redirectedTo: location.search};\n"
                + "  out.textContent = 'form upload redirected to ' + location.search + '\\n' + JSON.stringify(r, null, 2);\n"
                + "  return JSON.stringify(r);\n"
                + "}\n"
                + "</script></body></html>";
    }
}
