package io.posixgw.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.server.routing.BodyKind;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The size limit of a body without a declared length (plain Transfer-Encoding: chunked), applied as it arrives. */
class HttpBodyTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();

    private HttpBody chunkedBody(long maxLength) {
        return new HttpBody(channel, new ScriptedStarter.PassThrough(), null, -1, maxLength, 1000);
    }

    @Test
    void aChunkedBodyWithinTheLimitIsRead() throws Exception {
        HttpBody body = chunkedBody(16);
        body.offer(Unpooled.wrappedBuffer(new byte[10]), false);
        body.offer(Unpooled.wrappedBuffer(new byte[6]), true);
        long read = 0;
        for (ByteBuffer b = body.next(); b != null; b = body.next()) {
            read += b.remaining();
        }
        assertEquals(16, read);
        assertEquals(-1, body.length());
        body.close();
    }

    @Test
    void aChunkedBodyPastTheLimitFailsBeforeTheExcessIsHandedOn() throws Exception {
        HttpBody body = chunkedBody(16);
        body.offer(Unpooled.wrappedBuffer(new byte[10]), false);
        body.offer(
                Unpooled.wrappedBuffer(new byte[7]), false); // more would follow: the limit does not wait for the end
        assertEquals(10, body.next().remaining());
        S3Exception e = assertThrows(S3Exception.class, body::next);
        assertEquals(S3Error.ENTITY_TOO_LARGE, e.error());
        body.close();
    }

    @Test
    void objectDataIsLimitedToFiveGibibytesAndXmlByItsReader() {
        assertEquals(5L * 1024 * 1024 * 1024, BodyKind.OBJECT_DATA.maxLength());
        assertEquals(Long.MAX_VALUE, BodyKind.XML.maxLength());
    }

    @Test
    void aDeclaredLengthBodyIsUnchanged() throws Exception {
        HttpBody body = new HttpBody(channel, new ScriptedStarter.PassThrough(), null, 3, 1000);
        body.offer(Unpooled.wrappedBuffer(new byte[3]), true);
        assertEquals(3, body.next().remaining());
        assertNull(body.next());
        body.close();
    }
}
