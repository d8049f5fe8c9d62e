package io.posixgw.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.posixgw.core.backend.StreamBody;
import io.posixgw.server.ops.S3Response;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A stream body (an in-memory or remote store's) is written in chunks behind its Content-Length. */
class ResponseWriterStreamTest {
    @Test
    void aStreamBodyIsSentWholeAfterItsHead() {
        byte[] data = new byte[200_000]; // several chunks
        new Random(3).nextBytes(data);
        ChannelHandlerContext[] ctx = new ChannelHandlerContext[1];
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseEncoder(), new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext c) {
                ctx[0] = c;
            }
        });
        S3Response response = S3Response.ok()
                .header("ETag", "\"e\"")
                .object(new StreamBody(new ByteArrayInputStream(data), data.length));
        ResponseWriter.write(ctx[0], response, "req", true, HttpVersion.HTTP_1_1, true);
        channel.runPendingTasks();
        assertNotNull(channel.pipeline().get(ChunkedWriteHandler.class), "added for the first stream on plain HTTP");
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (Object o = channel.readOutbound(); o != null; o = channel.readOutbound()) {
            ByteBuf b = (ByteBuf) o;
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            b.release();
            wire.writeBytes(bytes);
        }
        byte[] all = wire.toByteArray();
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        String rawHead = text.substring(0, headEnd);
        for (String name : new String[] {"Content-Length: ", "Date: ", "Server: ", "x-amz-request-id: "}) {
            assertTrue(rawHead.contains("\r\n" + name), "header names as AWS writes them: " + rawHead);
        }
        String head = rawHead.toLowerCase();
        assertTrue(head.startsWith("http/1.1 200 ok"), head);
        assertTrue(head.contains("content-length: " + data.length), head);
        assertTrue(!head.contains("transfer-encoding"), head);
        assertArrayEquals(data, Arrays.copyOfRange(all, headEnd + 4, all.length));
        channel.finishAndReleaseAll();
    }
}
