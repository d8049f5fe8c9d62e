package io.posixgw.core.xml;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class S3XmlTest {
    private static String str(Object o) {
        return new String(S3Xml.write(o), StandardCharsets.UTF_8);
    }

    @Test
    void errorHasNoNamespaceAndFieldOrder() {
        String xml = str(new ErrorResponse("NoSuchKey", "The specified key does not exist.", "/b/k", "REQ1"));
        assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>NoSuchKey</Code>"
                + "<Message>The specified key does not exist.</Message><Resource>/b/k</Resource>"
                + "<RequestId>REQ1</RequestId></Error>", xml);
    }

    @Test
    void locationConstraintEmptyForUsEast1() {
        assertTrue(str(new LocationConstraint("")).endsWith(
                "<LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"></LocationConstraint>"),
                str(new LocationConstraint("")));
        assertTrue(str(new LocationConstraint("eu-west-1")).contains(">eu-west-1</LocationConstraint>"));
    }

    @Test
    void listV2UnwrapsContentsAndPrefixes() {
        String xml = str(new ListBucketResultV2("b", "p/", "/", 1000, 2, false, null, null, null, null,
                List.of(new ObjectEntry("p/a", S3Xml.timestamp(Instant.ofEpochMilli(1234)), "\"e\"", 3, null, "STANDARD")),
                List.of(new CommonPrefix("p/d/"))));
        assertTrue(xml.contains("<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>b</Name>"), xml);
        assertTrue(xml.contains("<Contents><Key>p/a</Key><LastModified>1970-01-01T00:00:01.234Z</LastModified>"
                + "<ETag>\"e\"</ETag><Size>3</Size><StorageClass>STANDARD</StorageClass></Contents>"
                + "<CommonPrefixes><Prefix>p/d/</Prefix></CommonPrefixes>"), xml);
        assertTrue(!xml.contains("StartAfter"), xml);
    }

    @Test
    void parsesCompleteMultipartUpload() {
        String body = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                + "<Part><PartNumber>1</PartNumber><ETag>\"a\"</ETag></Part>"
                + "<Part><ETag>b</ETag><PartNumber>2</PartNumber></Part></CompleteMultipartUpload>";
        CompleteMultipartUpload c = S3Xml.read(body.getBytes(StandardCharsets.UTF_8), CompleteMultipartUpload.class);
        assertEquals(2, c.parts.size());
        assertEquals(1, c.parts.get(0).partNumber);
        assertEquals("\"a\"", c.parts.get(0).etag);
        assertEquals(2, c.parts.get(1).partNumber);
    }

    @Test
    void rejectsDoctypeAndEntities() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>&e;</ETag></Part></CompleteMultipartUpload>";
        S3Exception e = assertThrows(S3Exception.class,
                () -> S3Xml.read(xxe.getBytes(StandardCharsets.UTF_8), CompleteMultipartUpload.class));
        assertEquals(S3Error.MALFORMED_XML, e.error());
        String bomb = "<!doctype lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><CreateBucketConfiguration>"
                + "<LocationConstraint>&lol2;</LocationConstraint></CreateBucketConfiguration>";
        assertEquals(S3Error.MALFORMED_XML, assertThrows(S3Exception.class,
                () -> S3Xml.read(bomb.getBytes(StandardCharsets.UTF_8), CreateBucketConfiguration.class)).error());
    }

    @Test
    void controlCharactersInKeysDoNotBreakResponses() {
        String xml = str(new ErrorResponse("InvalidArgument", "m", "/b/a\u0000b\u0001c", "R"));
        assertTrue(xml.contains("<Resource>/b/a\uFFFDb\uFFFDc</Resource>"), xml);
    }

    @Test
    void garbageAndEmptyAreMalformed() {
        assertEquals(S3Error.MALFORMED_XML, assertThrows(S3Exception.class,
                () -> S3Xml.read("not xml".getBytes(StandardCharsets.UTF_8), CompleteMultipartUpload.class)).error());
        assertEquals(S3Error.MALFORMED_XML, assertThrows(S3Exception.class,
                () -> S3Xml.read(new byte[0], CompleteMultipartUpload.class)).error());
    }
}
