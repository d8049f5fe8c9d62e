package io.posixgw.core.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class S3XmlTest {
    private static String str(Object o) {
        return new String(S3Xml.write(o), StandardCharsets.UTF_8);
    }

    @Test
    void errorHasNoNamespaceAndFieldOrder() {
        String xml = str(new ErrorResponse("NoSuchKey", "The specified key does not exist.", "/b/k", "REQ1"));
        assertEquals(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>NoSuchKey</Code>"
                        + "<Message>The specified key does not exist.</Message><Resource>/b/k</Resource>"
                        + "<RequestId>REQ1</RequestId></Error>",
                xml);
    }

    @Test
    void accessControlPolicyDeclaresTheGranteeTypeInXsi() throws Exception {
        String xml = str(AccessControlPolicy.ownerFullControl("ryax"));
        // parsed the way clients read it: the type attribute in the XMLSchema-instance namespace
        javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        org.w3c.dom.Document d = f.newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        org.w3c.dom.Element root = d.getDocumentElement();
        assertEquals("AccessControlPolicy", root.getLocalName());
        assertEquals(S3Xml.NAMESPACE, root.getNamespaceURI());
        assertEquals(
                "ryax",
                ((org.w3c.dom.Element) root.getElementsByTagNameNS(S3Xml.NAMESPACE, "Owner")
                                .item(0))
                        .getElementsByTagNameNS(S3Xml.NAMESPACE, "ID")
                        .item(0)
                        .getTextContent());
        org.w3c.dom.Element grantee = (org.w3c.dom.Element)
                root.getElementsByTagNameNS(S3Xml.NAMESPACE, "Grantee").item(0);
        assertEquals("CanonicalUser", grantee.getAttributeNS("http://www.w3.org/2001/XMLSchema-instance", "type"), xml);
        assertEquals(
                "ryax",
                grantee.getElementsByTagNameNS(S3Xml.NAMESPACE, "ID").item(0).getTextContent());
        assertEquals(
                "FULL_CONTROL",
                root.getElementsByTagNameNS(S3Xml.NAMESPACE, "Permission")
                        .item(0)
                        .getTextContent());
        assertEquals(1, root.getElementsByTagNameNS(S3Xml.NAMESPACE, "Grant").getLength());
    }

    @Test
    void aRefusedDeleteEntryNamesItsVersionOnlyWhenTheRequestDid() {
        String xml = str(new DeleteResult(
                List.of(),
                List.of(
                        new DeleteResult.Failed("k", "01JABCDEFGHJKMNPQRSTVWXYZ0", "AccessDenied", "Access Denied"),
                        new DeleteResult.Failed("j", null, "AccessDenied", "Access Denied"))));
        assertTrue(
                xml.contains("<Error><Key>k</Key><VersionId>01JABCDEFGHJKMNPQRSTVWXYZ0</VersionId>"
                        + "<Code>AccessDenied</Code><Message>Access Denied</Message></Error>"),
                xml);
        assertTrue(xml.contains("<Error><Key>j</Key><Code>AccessDenied</Code>"), xml);
    }

    @Test
    void locationConstraintEmptyForUsEast1() {
        assertTrue(
                str(new LocationConstraint(""))
                        .endsWith(
                                "<LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"></LocationConstraint>"),
                str(new LocationConstraint("")));
        assertTrue(str(new LocationConstraint("eu-west-1")).contains(">eu-west-1</LocationConstraint>"));
    }

    @Test
    void listV2UnwrapsContentsAndPrefixes() {
        String xml = str(new ListBucketResultV2(
                "b",
                "p/",
                "/",
                1000,
                2,
                false,
                null,
                null,
                null,
                null,
                List.of(new ObjectEntry(
                        "p/a", S3Xml.timestamp(Instant.ofEpochMilli(1234)), "\"e\"", 3, null, "STANDARD")),
                List.of(new CommonPrefix("p/d/"))));
        assertTrue(
                xml.contains("<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>b</Name>"),
                xml);
        assertTrue(
                xml.contains("<Contents><Key>p/a</Key><LastModified>1970-01-01T00:00:01.234Z</LastModified>"
                        + "<ETag>\"e\"</ETag><Size>3</Size><StorageClass>STANDARD</StorageClass></Contents>"
                        + "<CommonPrefixes><Prefix>p/d/</Prefix></CommonPrefixes>"),
                xml);
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
        S3Exception e = assertThrows(
                S3Exception.class,
                () -> S3Xml.read(xxe.getBytes(StandardCharsets.UTF_8), CompleteMultipartUpload.class));
        assertEquals(S3Error.MALFORMED_XML, e.error());
        String bomb =
                "<!doctype lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><CreateBucketConfiguration>"
                        + "<LocationConstraint>&lol2;</LocationConstraint></CreateBucketConfiguration>";
        assertEquals(
                S3Error.MALFORMED_XML,
                assertThrows(
                                S3Exception.class,
                                () -> S3Xml.read(
                                        bomb.getBytes(StandardCharsets.UTF_8), CreateBucketConfiguration.class))
                        .error());
    }

    @Test
    void controlCharactersInKeysDoNotBreakResponses() {
        String xml = str(new ErrorResponse("InvalidArgument", "m", "/b/a\u0000b\u0001c", "R"));
        assertTrue(xml.contains("<Resource>/b/a\uFFFDb\uFFFDc</Resource>"), xml);
    }

    @Test
    void garbageAndEmptyAreMalformed() {
        assertEquals(
                S3Error.MALFORMED_XML,
                assertThrows(
                                S3Exception.class,
                                () -> S3Xml.read(
                                        "not xml".getBytes(StandardCharsets.UTF_8), CompleteMultipartUpload.class))
                        .error());
        assertEquals(
                S3Error.MALFORMED_XML,
                assertThrows(S3Exception.class, () -> S3Xml.read(new byte[0], CompleteMultipartUpload.class))
                        .error());
    }
}
