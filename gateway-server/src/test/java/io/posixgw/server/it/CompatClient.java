package io.posixgw.server.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class as evidence for one row of README's compatibility table: every test method
 * in it drives that client against a real gateway and carries {@link Covers}.
 * {@link ReadmeCompatTableTest} builds the table from these annotations.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface CompatClient {
    Client value();
}
