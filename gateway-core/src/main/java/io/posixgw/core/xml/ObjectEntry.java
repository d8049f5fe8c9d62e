package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;

/** One {@code <Contents>} of a listing. */
@JsonPropertyOrder({"Key", "LastModified", "ETag", "Size", "Owner", "StorageClass"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObjectEntry(
        @JacksonXmlProperty(localName = "Key") String key,
        @JacksonXmlProperty(localName = "LastModified") String lastModified,
        @JacksonXmlProperty(localName = "ETag") String etag,
        @JacksonXmlProperty(localName = "Size") long size,
        @JacksonXmlProperty(localName = "Owner") Owner owner,
        @JacksonXmlProperty(localName = "StorageClass") String storageClass) {}
