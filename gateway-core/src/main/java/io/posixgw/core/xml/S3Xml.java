package io.posixgw.core.xml;

import com.ctc.wstx.api.InvalidCharHandler;
import com.ctc.wstx.api.WstxOutputProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.ser.ToXmlGenerator;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;

/**
 * The one XML mapper of the gateway. Reading is hardened against hostile bodies:
 * no DTDs, no external entities, so no entity expansion of any kind.
 */
public final class S3Xml {
    public static final String NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/";
    private static final byte[] DECLARATION =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".getBytes(StandardCharsets.UTF_8);
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private static final XmlMapper MAPPER = newMapper();
    private static final ObjectWriter WRITER = MAPPER.writer();

    private S3Xml() {}

    private static XmlMapper newMapper() {
        XMLInputFactory input = XMLInputFactory.newFactory();
        input.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        input.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        input.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        XMLOutputFactory output = XMLOutputFactory.newFactory();
        // Keys may hold characters XML 1.0 cannot carry (controls): write U+FFFD instead of
        // failing the whole response. Clients that need such keys exactly use encoding-type=url.
        output.setProperty(
                WstxOutputProperties.P_OUTPUT_INVALID_CHAR_HANDLER, new InvalidCharHandler.ReplacingHandler('\uFFFD'));
        XmlMapper mapper = new XmlMapper(new XmlFactory(input, output));
        mapper.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        mapper.configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false);
        mapper.configure(ToXmlGenerator.Feature.WRITE_XML_DECLARATION, false);
        return mapper;
    }

    /** Serialises a response body, with the XML declaration S3 writes. */
    public static byte[] write(Object body) {
        try {
            byte[] xml = WRITER.writeValueAsBytes(body);
            byte[] out = new byte[DECLARATION.length + xml.length];
            System.arraycopy(DECLARATION, 0, out, 0, DECLARATION.length);
            System.arraycopy(xml, 0, out, DECLARATION.length, xml.length);
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot serialise " + body.getClass().getSimpleName(), e);
        }
    }

    /**
     * Parses a request body; any parse problem (including a DOCTYPE) is {@code MalformedXML}.
     */
    public static <T> T read(byte[] body, Class<T> type) {
        if (body.length == 0) {
            throw S3Error.MALFORMED_XML.exception();
        }
        if (containsDoctype(body)) {
            throw new S3Exception(S3Error.MALFORMED_XML, "DTDs are not allowed in request bodies");
        }
        requireRoot(body, type);
        try {
            ObjectReader reader = MAPPER.readerFor(type).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
            T value = reader.readValue(body);
            if (value == null) {
                throw S3Error.MALFORMED_XML.exception();
            }
            return value;
        } catch (IOException | RuntimeException e) {
            if (e instanceof S3Exception s3) {
                throw s3;
            }
            throw new S3Exception(S3Error.MALFORMED_XML, S3Error.MALFORMED_XML.defaultMessage(), e);
        }
    }

    /**
     * The document's root element must be the one {@code type} is named after: Jackson reads
     * any root as the type, so {@code <Foo><Object>...} would be taken for a {@code <Delete>}.
     */
    private static void requireRoot(byte[] body, Class<?> type) {
        com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement root =
                type.getAnnotation(com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement.class);
        if (root == null || root.localName().isEmpty()) {
            return;
        }
        try {
            javax.xml.stream.XMLStreamReader r = MAPPER.getFactory()
                    .getXMLInputFactory()
                    .createXMLStreamReader(new java.io.ByteArrayInputStream(body));
            try {
                while (r.hasNext() && r.next() != javax.xml.stream.XMLStreamConstants.START_ELEMENT) {
                    // prolog: declaration, comments, blanks
                }
                if (!r.isStartElement() || !root.localName().equals(r.getLocalName())) {
                    throw new S3Exception(
                            S3Error.MALFORMED_XML,
                            "The XML you provided was not well-formed or did not validate "
                                    + "against our published schema: the root element must be " + root.localName());
                }
            } finally {
                r.close();
            }
        } catch (javax.xml.stream.XMLStreamException e) {
            throw new S3Exception(S3Error.MALFORMED_XML, S3Error.MALFORMED_XML.defaultMessage(), e);
        }
    }

    /** S3 timestamps in bodies: ISO-8601, UTC, milliseconds. */
    public static String timestamp(Instant instant) {
        return ISO_MILLIS.format(instant);
    }

    private static boolean containsDoctype(byte[] body) {
        // Cheap byte scan before parsing: a DOCTYPE never belongs in an S3 request body.
        byte[] needle = "<!DOCTYPE".getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + needle.length <= body.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (Character.toUpperCase(body[i + j]) != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
