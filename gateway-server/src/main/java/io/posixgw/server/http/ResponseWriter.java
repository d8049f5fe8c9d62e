package io.posixgw.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedStream;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.http.HttpDates;
import io.posixgw.server.ops.S3Response;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;

/**
 * Turns an {@link S3Response} into Netty messages; file bodies go zero-copy as a file
 * region on plain HTTP and as chunks read from the file over TLS; small ones already read
 * into memory go with the head ({@link SmallFileBody}); stream bodies go as chunks read from the stream.
 */
final class ResponseWriter {
    /** Bytes read from a file per write over TLS. */
    private static final int FILE_CHUNK = 64 * 1024;

    private static final io.netty.util.AsciiString SERVER_NAME = io.netty.util.AsciiString.cached("posixgw");

    private static volatile long dateSecond;
    private static volatile String dateValue = "";

    private ResponseWriter() {}

    /**
     * Writes and flushes the response.
     *
     * @param keepAlive whether the connection stays open after it
     * @param zeroCopy  file bodies as a file region (sendfile); false over TLS, where the pipeline has a ChunkedWriteHandler
     * @return the future of the last write
     */
    static ChannelFuture write(
            ChannelHandlerContext ctx,
            S3Response r,
            String requestId,
            boolean keepAlive,
            HttpVersion version,
            boolean zeroCopy) {
        HttpResponseStatus status = HttpResponseStatus.valueOf(r.status());
        S3Response.Body body = r.body();
        if (body instanceof SmallFileBody.Loaded loaded) {
            DefaultFullHttpResponse full = new DefaultFullHttpResponse(version, status, loaded.take());
            fillHeaders(full.headers(), r, requestId, keepAlive, version, loaded.length());
            return ctx.writeAndFlush(full);
        }
        if (body instanceof S3Response.FileRegion region) {
            FileRegionBody file = region.file();
            HttpResponse head = new DefaultHttpResponse(version, status);
            fillHeaders(head.headers(), r, requestId, keepAlive, version, file.length());
            ctx.write(head);
            ChannelFuture last;
            if (file.length() > 0 && zeroCopy) {
                ctx.write(new DefaultFileRegion(file.channel(), file.position(), file.length()));
                last = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            } else if (file.length() > 0) {
                // TLS must encrypt the bytes in user space: read the file in chunks (ChunkedWriteHandler
                // writes them as the socket drains); the input ends with the last HTTP content.
                try {
                    last = ctx.writeAndFlush(new HttpChunkedInput(
                            new ChunkedNioFile(file.channel(), file.position(), file.length(), FILE_CHUNK)));
                } catch (IOException e) {
                    r.discard();
                    last = ctx.newFailedFuture(e);
                }
            } else {
                last = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
                r.discard();
            }
            return last;
        }
        if (body instanceof S3Response.Stream stream) {
            HttpResponse head = new DefaultHttpResponse(version, status);
            fillHeaders(head.headers(), r, requestId, keepAlive, version, stream.length());
            ctx.write(head);
            if (ctx.pipeline().get(ChunkedWriteHandler.class) == null) {
                // plain HTTP sends files as regions and needs no chunked writer until a stream comes
                ctx.pipeline().addBefore(ctx.name(), "chunked", new ChunkedWriteHandler());
            }
            return ctx.writeAndFlush(new HttpChunkedInput(new ChunkedStream(stream.stream().stream(), FILE_CHUNK)));
        }
        byte[] bytes = body instanceof S3Response.Bytes b ? b.bytes() : null;
        long length = body instanceof S3Response.HeadOnly h ? h.contentLength() : bytes == null ? 0 : bytes.length;
        DefaultFullHttpResponse full = new DefaultFullHttpResponse(
                version, status, bytes == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes));
        fillHeaders(full.headers(), r, requestId, keepAlive, version, length);
        return ctx.writeAndFlush(full);
    }

    private static void fillHeaders(
            HttpHeaders h, S3Response r, String requestId, boolean keepAlive, HttpVersion version, long contentLength) {
        for (Map.Entry<String, String> e : r.headers()) {
            h.add(e.getKey(), e.getValue());
        }
        if (r.status() != 304 && r.status() != 204) {
            h.set(CanonicalHeaderNames.CONTENT_LENGTH, contentLength);
        }
        h.set(CanonicalHeaderNames.X_AMZ_REQUEST_ID, requestId);
        h.set(CanonicalHeaderNames.X_AMZ_ID_2, requestId);
        h.set(CanonicalHeaderNames.DATE, httpDate());
        h.set(CanonicalHeaderNames.SERVER, SERVER_NAME);
        if (!keepAlive) {
            h.set(CanonicalHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (version == HttpVersion.HTTP_1_0) {
            h.set(CanonicalHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }

    /** The Date header, formatted once per second. */
    private static String httpDate() {
        long now = System.currentTimeMillis() / 1000;
        if (now != dateSecond) {
            dateValue = HttpDates.format(Instant.ofEpochSecond(now));
            dateSecond = now;
        }
        return dateValue;
    }
}
