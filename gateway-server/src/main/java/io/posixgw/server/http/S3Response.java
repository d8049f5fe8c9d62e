package io.posixgw.server.http;

import io.netty.buffer.ByteBuf;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.xml.S3Xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an operation answers, without Netty types: a status, headers and one of
 * no body, a small byte body, or a region of an open object file (sent zero-copy;
 * a small one is read into memory by the worker first, see {@link SmallFileBody}).
 */
public final class S3Response {
    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    private byte[] body;
    private ObjectContent file;
    private ByteBuf loaded;
    private long filePosition;
    private long fileLength;
    private boolean headOnly;
    private String errorCode;

    private S3Response(int status) {
        this.status = status;
    }

    public static S3Response status(int status) {
        return new S3Response(status);
    }

    public static S3Response ok() {
        return new S3Response(200);
    }

    public static S3Response noContent() {
        return new S3Response(204);
    }

    /** 200 with an XML body. */
    public static S3Response xml(Object body) {
        return new S3Response(200).body(S3Xml.write(body), "application/xml");
    }

    public S3Response header(String name, String value) {
        if (value != null) {
            headers.add(Map.entry(name, value));
        }
        return this;
    }

    public S3Response body(byte[] bytes, String contentType) {
        this.body = bytes;
        return header("Content-Type", contentType);
    }

    /** The body is {@code length} bytes of the open object from {@code position}; the response owns and closes it. */
    public S3Response file(ObjectContent content, long position, long length) {
        this.file = content;
        this.filePosition = position;
        this.fileLength = length;
        return this;
    }

    /**
     * A HEAD answer: the headers of the corresponding GET, Content-Length included, and no body.
     */
    public S3Response headOnly(long contentLength) {
        this.headOnly = true;
        this.fileLength = contentLength;
        return this;
    }

    /** The file region, read into {@code bytes}: the file is closed, the response owns the buffer. */
    void inline(ByteBuf bytes) {
        closeFile();
        this.loaded = bytes;
    }

    /** The file body read into memory, handed over to the caller (who releases it), or null. */
    ByteBuf takeLoaded() {
        ByteBuf b = loaded;
        loaded = null;
        return b;
    }

    boolean isLoaded() {
        return loaded != null;
    }

    /** Records the S3 error code for the access log and metrics. */
    S3Response errorCode(String code) {
        this.errorCode = code;
        return this;
    }

    public int status() {
        return status;
    }

    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    public byte[] body() {
        return body;
    }

    public ObjectContent file() {
        return file;
    }

    public long filePosition() {
        return filePosition;
    }

    /** Bytes of the file body, or the Content-Length announced by a HEAD answer. */
    public long fileLength() {
        return fileLength;
    }

    public boolean isHeadOnly() {
        return headOnly;
    }

    public String errorCode() {
        return errorCode;
    }

    /** Bytes this response sends as its body. */
    public long bodyLength() {
        if (headOnly) {
            return 0;
        }
        if (file != null || loaded != null) {
            return fileLength;
        }
        return body == null ? 0 : body.length;
    }

    /** Releases the open file (or its bytes read into memory) if the response is dropped without being written. */
    public void discard() {
        if (loaded != null) {
            loaded.release();
            loaded = null;
        }
        closeFile();
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (Exception ignored) {
                // Nothing to do: the descriptor is gone either way.
            }
            file = null;
        }
    }
}
