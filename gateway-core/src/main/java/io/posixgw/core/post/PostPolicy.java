package io.posixgw.core.post;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * S3's POST policy document: the base64 JSON {@code {"expiration": "...", "conditions": [...]}} a form carries and its
 * signature covers, and the check of a form against it. Conditions are {@code {"field": "value"}} (exact match),
 * {@code ["eq", "$field", "value"]}, {@code ["starts-with", "$field", "prefix"]} and {@code ["content-length-range",
 * min, max]}; field names compare case-insensitively, values exactly. Every form field but {@code policy},
 * {@code x-amz-signature}, {@code file}, the {@code x-ignore-*} ones and the checksums (which only assert what the
 * bytes are) must be named by a condition. A document that does not parse is 400 {@code InvalidPolicyDocument}; a
 * form it does not allow is 403 {@code AccessDenied} "Invalid according to Policy: ...", as S3 answers.
 */
public final class PostPolicy {
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final Instant expiration;
    private final List<Condition> conditions;
    private final long minLength;
    private final long maxLength;

    /** One {@code eq} or {@code starts-with} condition, the field name lower-cased and without its {@code $}. */
    record Condition(String op, String field, String value, String text) {}

    private PostPolicy(Instant expiration, List<Condition> conditions, long minLength, long maxLength) {
        this.expiration = expiration;
        this.conditions = conditions;
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    public Instant expiration() {
        return expiration;
    }

    /** The smallest file the policy allows (0 without a {@code content-length-range}). */
    public long minLength() {
        return minLength;
    }

    /** The largest file the policy allows ({@link Long#MAX_VALUE} without a {@code content-length-range}). */
    public long maxLength() {
        return maxLength;
    }

    private static S3Exception invalid(String why) {
        return new S3Exception(S3Error.INVALID_POLICY_DOCUMENT, "Invalid Policy: " + why);
    }

    private static S3Exception violated(String why) {
        return new S3Exception(S3Error.ACCESS_DENIED, "Invalid according to Policy: " + why);
    }

    /** Decodes and parses the {@code policy} field. */
    public static PostPolicy parse(String base64) {
        byte[] json;
        try {
            json = Base64.getMimeDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw invalid("Invalid Base64 Encoding.");
        }
        JsonNode doc;
        try {
            doc = JSON.readTree(new String(json, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw invalid("Invalid JSON.");
        }
        if (doc == null || !doc.isObject()) {
            throw invalid("Invalid JSON.");
        }
        JsonNode exp = doc.get("expiration");
        if (exp == null) {
            throw invalid("Policy missing expiration.");
        }
        if (!exp.isTextual()) {
            throw invalid("Invalid 'expiration' value: '" + exp + "'");
        }
        Instant expiration;
        try {
            expiration = Instant.parse(exp.asText());
        } catch (DateTimeParseException e) {
            throw invalid("Invalid 'expiration' value: '" + exp.asText() + "'");
        }
        JsonNode conds = doc.get("conditions");
        if (conds == null) {
            throw invalid("Policy missing conditions.");
        }
        if (!conds.isArray()) {
            throw invalid("Invalid 'conditions' value: must be a list.");
        }
        List<Condition> out = new ArrayList<>();
        long min = 0;
        long max = Long.MAX_VALUE;
        for (JsonNode c : conds) {
            if (c.isObject()) {
                if (c.size() != 1) {
                    throw invalid(
                            "Invalid Simple-Condition: Simple-Conditions must have exactly one property specified.");
                }
                Map.Entry<String, JsonNode> e = c.fields().next();
                if (!e.getValue().isTextual()) {
                    throw invalid("Invalid Simple-Condition: value must be a string.");
                }
                String name = e.getKey().toLowerCase(Locale.ROOT);
                name = name.startsWith("$") ? name.substring(1) : name;
                out.add(new Condition("eq", name, e.getValue().asText(), c.toString()));
            } else if (c.isArray()) {
                if (c.size() == 0 || !c.get(0).isTextual()) {
                    throw invalid("Invalid Condition: " + c);
                }
                String op = c.get(0).asText().toLowerCase(Locale.ROOT);
                if (op.equals("content-length-range")) {
                    if (c.size() != 3
                            || !c.get(1).canConvertToLong()
                            || !c.get(2).canConvertToLong()) {
                        throw invalid("Invalid content-length-range: " + c);
                    }
                    min = c.get(1).asLong();
                    max = c.get(2).asLong();
                    if (min < 0 || max < min) {
                        throw invalid("Invalid content-length-range: " + c);
                    }
                } else if (op.equals("eq") || op.equals("starts-with")) {
                    if (c.size() != 3 || !c.get(1).isTextual() || !c.get(2).isTextual()) {
                        throw invalid("Invalid Condition: " + c);
                    }
                    String field = c.get(1).asText();
                    if (!field.startsWith("$")) {
                        throw invalid("Invalid Condition: the field must start with '$': " + c);
                    }
                    out.add(new Condition(
                            op,
                            field.substring(1).toLowerCase(Locale.ROOT),
                            c.get(2).asText(),
                            c.toString()));
                } else {
                    throw invalid("Invalid Condition Operator: " + c.get(0).asText());
                }
            } else {
                throw invalid("Invalid Condition: " + c);
            }
        }
        return new PostPolicy(expiration, List.copyOf(out), min, max);
    }

    /**
     * Checks the form against the policy at {@code now}: not expired, every condition holds (a field absent from the
     * form is the empty string, so {@code ["starts-with", "$x", ""]} allows it missing), every field named.
     *
     * @param fields the form's fields, names lower-cased, with {@code bucket} set to the request's bucket and
     *     {@code key} with {@code ${filename}} already replaced
     */
    public void check(Map<String, String> fields, Instant now) {
        if (!now.isBefore(expiration)) {
            throw violated("Policy expired.");
        }
        Set<String> named = new HashSet<>();
        for (Condition c : conditions) {
            named.add(c.field);
            String v = fields.getOrDefault(c.field, "");
            boolean holds = c.op.equals("eq") ? v.equals(c.value) : v.startsWith(c.value);
            if (!holds) {
                throw violated("Policy Condition failed: " + c.text);
            }
        }
        List<String> extra = new ArrayList<>();
        for (Iterator<String> it = fields.keySet().iterator(); it.hasNext(); ) {
            String f = it.next();
            if (!named.contains(f) && !exempt(f)) {
                extra.add(f);
            }
        }
        if (!extra.isEmpty()) {
            java.util.Collections.sort(extra);
            throw violated("Extra input fields: " + String.join(", ", extra));
        }
    }

    private static boolean exempt(String field) {
        return field.equals("policy")
                || field.equals("x-amz-signature")
                || field.equals("file")
                || field.equals("bucket")
                || field.startsWith("x-ignore-")
                || field.startsWith("x-amz-checksum-");
    }
}
