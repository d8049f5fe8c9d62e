package io.posixgw.core.policy;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One test of a statement's {@code Condition} block: an operator ({@code StringLike},
 * {@code NotIpAddress}, {@code ForAllValues:StringEquals}, {@code DateLessThanIfExists}, ...),
 * a key and the values it is compared with. Evaluated as IAM evaluates it: a positive operator
 * holds when a request value matches any listed value, a negated one when it matches none; a
 * missing key fails positive operators and satisfies negated ones, {@code ...IfExists} and
 * {@code ForAllValues}, and fails {@code ForAnyValue}.
 */
public record Condition(
        String operator, Op op, boolean negated, boolean ifExists, Set set, String key, List<String> values) {
    /** How a multi-valued request key is combined. */
    public enum Set {
        SINGLE,
        FOR_ANY_VALUE,
        FOR_ALL_VALUES
    }

    /** The comparison, without its negation. */
    public enum Op {
        STRING_EQUALS,
        STRING_EQUALS_IGNORE_CASE,
        STRING_LIKE,
        NUMERIC_EQUALS,
        NUMERIC_LESS_THAN,
        NUMERIC_LESS_THAN_EQUALS,
        NUMERIC_GREATER_THAN,
        NUMERIC_GREATER_THAN_EQUALS,
        DATE_EQUALS,
        DATE_LESS_THAN,
        DATE_LESS_THAN_EQUALS,
        DATE_GREATER_THAN,
        DATE_GREATER_THAN_EQUALS,
        BOOL,
        BINARY_EQUALS,
        IP_ADDRESS,
        ARN_EQUALS,
        ARN_LIKE,
        NULL
    }

    private record Named(Op op, boolean negated) {}

    private static final Map<String, Named> OPERATORS = Map.ofEntries(
            Map.entry("StringEquals", new Named(Op.STRING_EQUALS, false)),
            Map.entry("StringNotEquals", new Named(Op.STRING_EQUALS, true)),
            Map.entry("StringEqualsIgnoreCase", new Named(Op.STRING_EQUALS_IGNORE_CASE, false)),
            Map.entry("StringNotEqualsIgnoreCase", new Named(Op.STRING_EQUALS_IGNORE_CASE, true)),
            Map.entry("StringLike", new Named(Op.STRING_LIKE, false)),
            Map.entry("StringNotLike", new Named(Op.STRING_LIKE, true)),
            Map.entry("NumericEquals", new Named(Op.NUMERIC_EQUALS, false)),
            Map.entry("NumericNotEquals", new Named(Op.NUMERIC_EQUALS, true)),
            Map.entry("NumericLessThan", new Named(Op.NUMERIC_LESS_THAN, false)),
            Map.entry("NumericLessThanEquals", new Named(Op.NUMERIC_LESS_THAN_EQUALS, false)),
            Map.entry("NumericGreaterThan", new Named(Op.NUMERIC_GREATER_THAN, false)),
            Map.entry("NumericGreaterThanEquals", new Named(Op.NUMERIC_GREATER_THAN_EQUALS, false)),
            Map.entry("DateEquals", new Named(Op.DATE_EQUALS, false)),
            Map.entry("DateNotEquals", new Named(Op.DATE_EQUALS, true)),
            Map.entry("DateLessThan", new Named(Op.DATE_LESS_THAN, false)),
            Map.entry("DateLessThanEquals", new Named(Op.DATE_LESS_THAN_EQUALS, false)),
            Map.entry("DateGreaterThan", new Named(Op.DATE_GREATER_THAN, false)),
            Map.entry("DateGreaterThanEquals", new Named(Op.DATE_GREATER_THAN_EQUALS, false)),
            Map.entry("Bool", new Named(Op.BOOL, false)),
            Map.entry("BinaryEquals", new Named(Op.BINARY_EQUALS, false)),
            Map.entry("IpAddress", new Named(Op.IP_ADDRESS, false)),
            Map.entry("NotIpAddress", new Named(Op.IP_ADDRESS, true)),
            Map.entry("ArnEquals", new Named(Op.ARN_EQUALS, false)),
            Map.entry("ArnNotEquals", new Named(Op.ARN_EQUALS, true)),
            Map.entry("ArnLike", new Named(Op.ARN_LIKE, false)),
            Map.entry("ArnNotLike", new Named(Op.ARN_LIKE, true)),
            Map.entry("Null", new Named(Op.NULL, false)));

    public Condition {
        values = List.copyOf(values);
    }

    /** The condition {@code operator key values}; null when {@code operator} names no IAM operator. */
    static Condition of(String operator, String key, List<String> values) {
        String name = operator;
        Set set = Set.SINGLE;
        if (name.startsWith("ForAnyValue:")) {
            set = Set.FOR_ANY_VALUE;
            name = name.substring("ForAnyValue:".length());
        } else if (name.startsWith("ForAllValues:")) {
            set = Set.FOR_ALL_VALUES;
            name = name.substring("ForAllValues:".length());
        }
        boolean ifExists = name.endsWith("IfExists");
        if (ifExists) {
            name = name.substring(0, name.length() - "IfExists".length());
        }
        Named named = OPERATORS.get(name);
        if (named == null || (named.op == Op.NULL && (ifExists || set != Set.SINGLE))) {
            return null;
        }
        return new Condition(operator, named.op, named.negated, ifExists, set, key, values);
    }

    /** Whether a value is one this operator can compare (checked when a policy is stored). */
    boolean acceptsValue(String v) {
        return switch (op) {
            case NUMERIC_EQUALS,
                    NUMERIC_LESS_THAN,
                    NUMERIC_LESS_THAN_EQUALS,
                    NUMERIC_GREATER_THAN,
                    NUMERIC_GREATER_THAN_EQUALS -> number(v) != null;
            case DATE_EQUALS, DATE_LESS_THAN, DATE_LESS_THAN_EQUALS, DATE_GREATER_THAN, DATE_GREATER_THAN_EQUALS ->
                date(v) != null;
            case BOOL, NULL -> v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false");
            case IP_ADDRESS -> Cidr.parse(v) != null;
            default -> true;
        };
    }

    public boolean holds(ConditionKeys keys) {
        List<String> present = keys.values(key);
        boolean absent = present == null || present.isEmpty();
        if (op == Op.NULL) {
            return values.stream().anyMatch(v -> Boolean.parseBoolean(v.toLowerCase(Locale.ROOT)) == absent);
        }
        if (absent) {
            return ifExists || set == Set.FOR_ALL_VALUES || (set == Set.SINGLE && negated);
        }
        return switch (set) {
            case FOR_ANY_VALUE -> present.stream().anyMatch(this::holdsFor);
            case FOR_ALL_VALUES -> present.stream().allMatch(this::holdsFor);
            case SINGLE ->
                negated
                        ? present.stream().allMatch(this::holdsFor)
                        : present.stream().anyMatch(this::holdsFor);
        };
    }

    /** One request value against the listed values, negation applied. */
    private boolean holdsFor(String requestValue) {
        boolean matched = false;
        for (String v : values) {
            if (matches(requestValue, v)) {
                matched = true;
                break;
            }
        }
        return matched != negated;
    }

    private boolean matches(String request, String listed) {
        switch (op) {
            case STRING_EQUALS:
            case ARN_EQUALS:
                return request.equals(listed);
            case STRING_EQUALS_IGNORE_CASE:
                return request.equalsIgnoreCase(listed);
            case STRING_LIKE:
            case ARN_LIKE:
                return Wildcards.match(listed, request, false);
            case BOOL:
                return request.equalsIgnoreCase(listed);
            case BINARY_EQUALS:
                return request.equals(listed);
            case IP_ADDRESS: {
                Cidr cidr = Cidr.parse(listed);
                return cidr != null && cidr.contains(request);
            }
            case NUMERIC_EQUALS:
            case NUMERIC_LESS_THAN:
            case NUMERIC_LESS_THAN_EQUALS:
            case NUMERIC_GREATER_THAN:
            case NUMERIC_GREATER_THAN_EQUALS: {
                BigDecimal a = number(request);
                BigDecimal b = number(listed);
                return a != null && b != null && compared(a.compareTo(b));
            }
            default: {
                Instant a = date(request);
                Instant b = date(listed);
                return a != null && b != null && compared(a.compareTo(b));
            }
        }
    }

    private boolean compared(int c) {
        return switch (op) {
            case NUMERIC_EQUALS, DATE_EQUALS -> c == 0;
            case NUMERIC_LESS_THAN, DATE_LESS_THAN -> c < 0;
            case NUMERIC_LESS_THAN_EQUALS, DATE_LESS_THAN_EQUALS -> c <= 0;
            case NUMERIC_GREATER_THAN, DATE_GREATER_THAN -> c > 0;
            default -> c >= 0;
        };
    }

    private static BigDecimal number(String s) {
        if (s.length() > 64) {
            return null;
        }
        try {
            return new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** ISO 8601 (with an offset or {@code Z}) or epoch seconds, as IAM takes dates. */
    static Instant date(String s) {
        String t = s.trim();
        if (!t.isEmpty() && t.length() <= 12 && t.chars().allMatch(Character::isDigit)) {
            return Instant.ofEpochSecond(Long.parseLong(t));
        }
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(t);
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }

    /** An IPv4 or IPv6 address block ({@code 192.0.2.0/24}, a bare address is /32 or /128). */
    record Cidr(byte[] network, int bits) {
        static Cidr parse(String s) {
            String t = s.trim();
            int slash = t.indexOf('/');
            byte[] address = literal(slash < 0 ? t : t.substring(0, slash));
            if (address == null) {
                return null;
            }
            int bits = address.length * 8;
            if (slash >= 0) {
                String b = t.substring(slash + 1);
                if (b.isEmpty() || b.length() > 3 || !b.chars().allMatch(Character::isDigit)) {
                    return null;
                }
                bits = Integer.parseInt(b);
                if (bits > address.length * 8) {
                    return null;
                }
            }
            return new Cidr(address, bits);
        }

        boolean contains(String ip) {
            byte[] a = literal(ip.trim());
            if (a == null || a.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >>> (i % 8);
                if ((a[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The bytes of an address literal, or null. Only characters of address literals get to
         * {@code InetAddress}, so no name is ever looked up.
         */
        static byte[] literal(String s) {
            if (s.isEmpty() || s.length() > 45) {
                return null;
            }
            boolean v6 = s.indexOf(':') >= 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                boolean ok = (c >= '0' && c <= '9')
                        || c == '.'
                        || (v6 && (c == ':' || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
                if (!ok) {
                    return null;
                }
            }
            if (!v6) {
                String[] parts = s.split("\\.", -1);
                if (parts.length != 4) {
                    return null;
                }
                byte[] out = new byte[4];
                for (int i = 0; i < 4; i++) {
                    if (parts[i].isEmpty() || parts[i].length() > 3 || Integer.parseInt(parts[i]) > 255) {
                        return null;
                    }
                    out[i] = (byte) Integer.parseInt(parts[i]);
                }
                return out;
            }
            try { // a literal with ':' is never looked up as a name
                return InetAddress.getByName(s).getAddress();
            } catch (UnknownHostException e) {
                return null;
            }
        }
    }
}
