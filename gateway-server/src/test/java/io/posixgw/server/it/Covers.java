package io.posixgw.server.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The client operations a test method exercises and asserts, as they appear in README's
 * compatibility table ("operations covered"). Short phrases in the client's own vocabulary,
 * e.g. {@code "s3 sync"} for awscli or {@code "upload_fileobj (multipart)"} for boto3.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Covers {
    String[] value();
}
