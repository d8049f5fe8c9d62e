package io.posixgw.server.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The clauses of {@code docs/CONFORMANCE.md} a test method asserts (status, error code, bytes).
 * {@link ConformanceChecklistTest} fails while any {@link Checklist} clause has no such test.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Conformance {
    Checklist[] value();
}
