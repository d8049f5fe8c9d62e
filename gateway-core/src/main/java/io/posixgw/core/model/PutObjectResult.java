package io.posixgw.core.model;

import java.util.Map;

/** @param etag quoted; @param checksums the checksums stored with the object (name to base64) */
public record PutObjectResult(String etag, Map<String, String> checksums) {}
