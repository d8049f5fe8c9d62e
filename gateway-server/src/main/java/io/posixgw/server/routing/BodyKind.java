package io.posixgw.server.routing;

/**
 * How an {@link Endpoint} reads its request body: the connection asks the row whether to
 * make a body source at all, whether a length is required and whether the request's
 * {@code x-amz-checksum-*} headers check the body.
 */
public enum BodyKind {
    /** No body source: whatever the client sends is drained unread. */
    NONE,
    /** A small XML document (or a bucket policy's JSON), read whole up to {@link #XML_LIMIT}; its checksum headers check it. */
    XML,
    /**
     * CompleteMultipartUpload's part list: XML as {@link #XML}, but its {@code x-amz-checksum-*}
     * headers describe the object being made, not the body.
     */
    PART_LIST,
    /** Object bytes streamed to storage: {@code Content-Length} (or a decoded length) is required and checksums apply. */
    OBJECT_DATA,
    /**
     * POST Object's {@code multipart/form-data}: streamed (its file part to storage), {@code Content-Length} required
     * as S3 requires it; checksums are fields of the form, not headers.
     */
    FORM;

    /** The most bytes of an XML body read whole (XML and PART_LIST alike): enough for a Complete of 10,000 parts or a DeleteObjects of 1,000 long keys. */
    public static final int XML_LIMIT = 2 << 20;

    /** S3's largest PutObject and UploadPart body. */
    public static final long OBJECT_DATA_LIMIT = 5L << 30;

    /**
     * The most decoded bytes a body of this kind may carry: 5 GiB of object data or a form (a body without a declared length,
     * plain {@code Transfer-Encoding: chunked}, is cut off there with EntityTooLarge), unbounded here for XML (read
     * whole by {@code SmallBodies}, which has its own limit).
     */
    public long maxLength() {
        return this == OBJECT_DATA || this == FORM ? OBJECT_DATA_LIMIT : Long.MAX_VALUE;
    }

    /** Whether the operation gets a body source. */
    public boolean read() {
        return this != NONE;
    }

    /** Whether a body without a length is refused ({@code MissingContentLength}). */
    public boolean lengthRequired() {
        return this == OBJECT_DATA || this == FORM;
    }

    /** Whether the request's {@code x-amz-checksum-*} headers are checked against the body as it arrives. */
    public boolean headerChecksumsCoverBody() {
        return this != PART_LIST && this != FORM;
    }
}
