package io.posixgw.core.policy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Reads and validates a bucket policy as PutBucketPolicy stores it: 400 {@code MalformedPolicy}
 * with S3's messages for what S3 refuses (not JSON, over 20 KB, no statement, an unknown
 * version, effect, action, condition operator or principal, a resource outside the bucket, an
 * action that applies to none of the statement's resources). Hostile input is bounded before it
 * is parsed: the size first, then JSON nesting (a legitimate policy is 5 levels deep).
 * Stored policies are read with {@link #read}, which skips the checks that depend on the
 * accounts of the day (a principal deleted from {@code users.json} since simply matches nobody).
 */
public final class PolicyParser {
    /** S3's limit on a bucket policy. */
    public static final int MAX_BYTES = 20 * 1024;
    /** Deeper than any valid policy (Statement, statement, Condition, operator, key, values: 6). */
    static final int MAX_DEPTH = 10;

    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxStringLength(MAX_BYTES)
                    .maxNumberLength(64)
                    .build())
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    private static final Set<String> STATEMENT_FIELDS = Set.of(
            "Sid",
            "Effect",
            "Principal",
            "NotPrincipal",
            "Action",
            "NotAction",
            "Resource",
            "NotResource",
            "Condition");

    private PolicyParser() {}

    /**
     * A policy for {@code bucket} as PutBucketPolicy must refuse or accept it.
     *
     * @param knownAccount whether an access key names an account of this server
     */
    public static BucketPolicy parse(byte[] json, String bucket, Predicate<String> knownAccount) {
        if (json.length > MAX_BYTES) {
            throw malformed("Policy exceeds the maximum allowed document size.");
        }
        return build(json, bucket, knownAccount);
    }

    /** A stored policy (validated when it was put, by posixgw or versitygw), for evaluation. */
    public static BucketPolicy read(byte[] json, String bucket) {
        return build(json, bucket, null);
    }

    private static BucketPolicy build(byte[] json, String bucket, Predicate<String> knownAccount) {
        int first = 0;
        while (first < json.length && Character.isWhitespace(json[first])) {
            first++;
        }
        if (first == json.length || json[first] != '{') {
            throw malformed("Policies must be valid JSON and the first byte must be '{'");
        }
        JsonNode root;
        try (JsonParser p = JSON.createParser(json)) {
            root = JSON.readTree(p);
            if (p.nextToken() != null) {
                throw malformed("This policy contains invalid Json");
            }
        } catch (IOException | RuntimeException e) {
            // syntax, duplicate keys, nesting or length beyond the constraints
            throw malformed("This policy contains invalid Json");
        }
        if (root == null || !root.isObject()) {
            throw malformed("This policy contains invalid Json");
        }
        String version = "2008-10-17";
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("Version") && !f.equals("Id") && !f.equals("Statement")) {
                throw malformed("Policy has an invalid field: " + f);
            }
        }
        JsonNode v = root.get("Version");
        if (v != null) {
            if (!v.isTextual()
                    || !(v.asText().equals("2012-10-17") || v.asText().equals("2008-10-17"))) {
                throw malformed("The policy must contain a valid version string");
            }
            version = v.asText();
        }
        JsonNode statements = root.get("Statement");
        if (statements == null) {
            throw malformed("Missing required field Statement");
        }
        List<JsonNode> list = new ArrayList<>();
        if (statements.isArray()) {
            statements.forEach(list::add);
        } else if (statements.isObject()) {
            list.add(statements);
        } else {
            throw malformed("This policy contains invalid Json");
        }
        if (list.isEmpty()) {
            throw malformed("Could not parse the policy: Statement is empty!");
        }
        List<Statement> out = new ArrayList<>();
        for (JsonNode s : list) {
            // a repeated Sid is accepted: S3 takes it (unlike IAM's identity policies)
            out.add(statement(s, bucket, knownAccount));
        }
        return new BucketPolicy(version, out);
    }

    private static Statement statement(JsonNode s, String bucket, Predicate<String> knownAccount) {
        if (!s.isObject()) {
            throw malformed("This policy contains invalid Json");
        }
        for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!STATEMENT_FIELDS.contains(f)) {
                throw malformed("Policy has an invalid field: " + f);
            }
        }
        boolean validate = knownAccount != null;
        JsonNode sidNode = s.get("Sid");
        if (sidNode != null && !sidNode.isTextual()) {
            throw malformed("This policy contains invalid Json");
        }
        String sid = sidNode == null ? null : sidNode.asText();
        JsonNode effect = s.get("Effect");
        if (effect == null) {
            throw malformed("Missing required field Effect");
        }
        if (!effect.isTextual()
                || !(effect.asText().equals("Allow") || effect.asText().equals("Deny"))) {
            throw malformed("Invalid effect: " + (effect.isTextual() ? effect.asText() : effect.toString()));
        }
        boolean notPrincipal = s.has("NotPrincipal");
        if (notPrincipal == s.has("Principal")) {
            throw malformed(notPrincipal ? "This policy contains invalid Json" : "Missing required field Principal");
        }
        if (notPrincipal && effect.asText().equals("Allow") && knownAccount != null) {
            // IAM: "NotPrincipal must be used with "Effect":"Deny". Using it with "Effect":"Allow" is not
            // supported." (refused on PUT; a stored one, versitygw's say, is still read as written)
            throw malformed("Invalid principal in policy: NotPrincipal is supported only with Effect Deny");
        }
        Set<String> principals = principals(s.get(notPrincipal ? "NotPrincipal" : "Principal"), knownAccount);
        boolean notAction = s.has("NotAction");
        if (notAction == s.has("Action")) {
            throw malformed(notAction ? "This policy contains invalid Json" : "Missing required field Action");
        }
        List<String> actions = strings(s.get(notAction ? "NotAction" : "Action"));
        if (actions.isEmpty()) {
            throw malformed("Policy has invalid action");
        }
        for (String a : actions) {
            if (validate && !a.equals("*") && !(a.regionMatches(true, 0, "s3:", 0, 3) && S3Actions.matchesAny(a))) {
                throw malformed("Policy has invalid action");
            }
        }
        boolean notResource = s.has("NotResource");
        if (notResource == s.has("Resource")) {
            throw malformed(notResource ? "This policy contains invalid Json" : "Missing required field Resource");
        }
        List<String> resources = strings(s.get(notResource ? "NotResource" : "Resource"));
        if (resources.isEmpty()) {
            throw malformed("Policy has invalid resource");
        }
        if (validate) {
            for (String r : resources) {
                requireResource(r, bucket);
            }
            if (!notAction && !notResource) {
                requireActionsApply(actions, resources);
            }
        }
        List<Condition> conditions = conditions(s.get("Condition"));
        return new Statement(
                sid,
                effect.asText().equals("Allow"),
                principals,
                notPrincipal,
                actions,
                notAction,
                resources,
                notResource,
                conditions);
    }

    /** {@code *}, {@code {"AWS": ...}} with access keys or IAM ARNs naming them, {@code {"Service": ...}}, {@code {"CanonicalUser": ...}}. */
    private static Set<String> principals(JsonNode p, Predicate<String> knownAccount) {
        Set<String> out = new LinkedHashSet<>();
        if (p.isTextual()) {
            if (!p.asText().equals("*")) {
                throw malformed("Invalid principal in policy");
            }
            out.add(Statement.EVERYONE);
            return out;
        }
        if (!p.isObject() || p.isEmpty()) {
            throw malformed("Invalid principal in policy");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            List<String> names = strings(e.getValue());
            if (names.isEmpty()) {
                throw malformed("Invalid principal in policy");
            }
            for (String n : names) {
                switch (e.getKey()) {
                    case "AWS":
                    case "CanonicalUser": {
                        String account = account(n);
                        if (account == null
                                || (knownAccount != null && !account.equals("*") && !knownAccount.test(account))) {
                            throw malformed("Invalid principal in policy");
                        }
                        out.add(account);
                        break;
                    }
                    case "Service":
                        out.add("service:" + n);
                        break;
                    default:
                        throw malformed("Invalid principal in policy");
                }
            }
        }
        if (out.contains(Statement.EVERYONE) && out.size() > 1 && knownAccount != null) {
            throw malformed("Invalid principal in policy");
        }
        return out;
    }

    /**
     * The access key a principal names: itself, {@code *}, or the account or user of an IAM ARN
     * ({@code arn:aws:iam::<key>:root}, {@code arn:aws:iam::<acct>:user/<key>}); null when malformed.
     */
    static String account(String n) {
        if (n.equals("*")) {
            return n;
        }
        if (n.startsWith("arn:")) {
            String[] parts = n.split(":", 6);
            if (parts.length != 6 || !parts[2].equals("iam")) {
                return null;
            }
            String resource = parts[5];
            if (resource.equals("root")) {
                return parts[4].isEmpty() ? null : parts[4];
            }
            if (resource.startsWith("user/") && resource.length() > 5) {
                String name = resource.substring(resource.lastIndexOf('/') + 1);
                return name.isEmpty() ? null : name;
            }
            return null;
        }
        return n.isEmpty() || Wildcards.hasWildcard(n) ? null : n;
    }

    private static void requireResource(String r, String bucket) {
        String prefix = "arn:aws:s3:::";
        if (!r.startsWith(prefix) || r.length() == prefix.length()) {
            throw malformed("Policy has invalid resource");
        }
        String rest = r.substring(prefix.length());
        int slash = rest.indexOf('/');
        String bucketPart = slash < 0 ? rest : rest.substring(0, slash);
        // the resource must lie in this bucket: its bucket part names it (a pattern may, but must match it)
        if (!Wildcards.match(bucketPart, bucket, false)) {
            throw malformed("Policy has invalid resource");
        }
    }

    /** S3: "Action does not apply to any resource(s) in statement" when e.g. s3:GetObject has only the bucket's ARN. */
    private static void requireActionsApply(List<String> actions, List<String> resources) {
        boolean objectResource = false;
        boolean bucketResource = false;
        for (String r : resources) {
            String rest = r.substring("arn:aws:s3:::".length());
            if (rest.indexOf('/') >= 0 || rest.endsWith("*") || rest.endsWith("?")) {
                objectResource = true;
            }
            if (rest.indexOf('/') < 0) {
                bucketResource = true;
            }
        }
        for (String a : actions) {
            Boolean object = a.equals("*") ? null : S3Actions.kindOf(a);
            if (object == null) {
                continue; // a wildcard naming both kinds applies to either
            }
            if (object ? !objectResource : !bucketResource) {
                throw malformed("Action does not apply to any resource(s) in statement");
            }
        }
    }

    private static List<Condition> conditions(JsonNode c) {
        List<Condition> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        if (!c.isObject()) {
            throw malformed("This policy contains invalid Json");
        }
        for (Iterator<Map.Entry<String, JsonNode>> ops = c.fields(); ops.hasNext(); ) {
            Map.Entry<String, JsonNode> op = ops.next();
            if (!op.getValue().isObject() || op.getValue().isEmpty()) {
                throw malformed("This policy contains invalid Json");
            }
            for (Iterator<Map.Entry<String, JsonNode>> keys = op.getValue().fields(); keys.hasNext(); ) {
                Map.Entry<String, JsonNode> k = keys.next();
                if (!(k.getKey().regionMatches(true, 0, "aws:", 0, 4)
                        || k.getKey().regionMatches(true, 0, "s3:", 0, 3))) {
                    throw malformed("Policy has an invalid condition key");
                }
                List<String> values = strings(k.getValue());
                Condition cond = Condition.of(op.getKey(), k.getKey(), values);
                if (cond == null) {
                    throw malformed("Invalid Condition type : " + op.getKey());
                }
                if (values.isEmpty() || !values.stream().allMatch(cond::acceptsValue)) {
                    throw malformed("Invalid Condition value for " + op.getKey() + ": " + k.getKey());
                }
                out.add(cond);
            }
        }
        return out;
    }

    /** A string, number or boolean, or an array of them, as strings. */
    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isArray()) {
            for (JsonNode e : n) {
                if (!e.isValueNode() || e.isNull()) {
                    throw malformed("This policy contains invalid Json");
                }
                out.add(e.asText());
            }
        } else if (n.isValueNode() && !n.isNull()) {
            out.add(n.asText());
        } else {
            throw malformed("This policy contains invalid Json");
        }
        return out;
    }

    private static S3Exception malformed(String message) {
        return new S3Exception(S3Error.MALFORMED_POLICY, message);
    }
}
