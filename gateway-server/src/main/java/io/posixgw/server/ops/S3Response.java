package io.posixgw.server.ops;

import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.backend.ObjectBody;
import io.posixgw.core.backend.StreamBody;
import io.posixgw.core.xml.S3Xml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an operation answers, without transport types: a status, headers and a {@link Body}.
 * The transport writes it (server.http's ResponseWriter) and may replace a small file body by
 * one it read into its own memory ({@link Prepared}).
 */
public final class S3Response {
    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    private Body body = NoBody.INSTANCE;
    private String errorCode;

    /** What follows the head. */
    public sealed interface Body {
        /** Bytes sent as the body. */
        long length();

        /** Frees what the body holds, for a response dropped without being written. */
        default void release() {}
    }

    /** No body. */
    public enum NoBody implements Body {
        INSTANCE;

        @Override
        public long length() {
            return 0;
        }
    }

    /** A small body in memory (XML, probe answers). */
    public record Bytes(byte[] bytes) implements Body {
        @Override
        public long length() {
            return bytes.length;
        }
    }

    /** A region of an open object file, sent zero-copy; the response owns and closes it. */
    public record FileRegion(FileRegionBody file) implements Body {
        @Override
        public long length() {
            return file.length();
        }

        @Override
        public void release() {
            closeQuietly(file);
        }
    }

    /** An object body read from a stream; the response owns and closes it. */
    public record Stream(StreamBody stream) implements Body {
        @Override
        public long length() {
            return stream.length();
        }

        @Override
        public void release() {
            closeQuietly(stream);
        }
    }

    /** A HEAD answer: the Content-Length of the corresponding GET, and no body. */
    public record HeadOnly(long contentLength) implements Body {
        @Override
        public long length() {
            return 0;
        }
    }

    /** A body the transport has prepared in its own memory (a small file read ahead); it releases it. */
    public non-sealed interface Prepared extends Body {}

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
        this.body = new Bytes(bytes);
        return header("Content-Type", contentType);
    }

    /** The body is the object's (a file region or a stream); the response owns and closes it. */
    public S3Response object(ObjectBody objectBody) {
        if (objectBody instanceof FileRegionBody f) {
            this.body = new FileRegion(f);
        } else if (objectBody instanceof StreamBody s) {
            this.body = new Stream(s);
        }
        return this;
    }

    /** A HEAD answer: the headers of the corresponding GET, Content-Length included, and no body. */
    public S3Response headOnly(long contentLength) {
        this.body = new HeadOnly(contentLength);
        return this;
    }

    /** Replaces the body; what the old one held is the caller's to release. */
    public void replaceBody(Body replacement) {
        this.body = replacement;
    }

    /** Records the S3 error code for the access log and metrics. */
    public S3Response errorCode(String code) {
        this.errorCode = code;
        return this;
    }

    public int status() {
        return status;
    }

    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    public Body body() {
        return body;
    }

    public String errorCode() {
        return errorCode;
    }

    /** Bytes this response sends as its body. */
    public long bodyLength() {
        return body.length();
    }

    /** Releases the open file or stream (or the bytes read into memory) if the response is dropped without being written. */
    public void discard() {
        Body b = body;
        body = NoBody.INSTANCE;
        b.release();
    }

    private static void closeQuietly(ObjectBody b) {
        try {
            b.close();
        } catch (Exception ignored) {
            // Nothing to do: the descriptor is gone either way.
        }
    }
}
