package io.posixgw.server.it;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A ListObjectsV2 answer as read by the tests that check what a listing says about each
 * object (key, size, ETag), not only which keys it names.
 */
record ListingXml(List<Entry> contents, List<String> commonPrefixes, boolean truncated, String nextToken) {

    /** One {@code <Contents>}: the ETag as sent, quotes included. */
    record Entry(String key, long size, String etag) {}

    static ListingXml parse(byte[] xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        Element top = doc.getDocumentElement();
        List<Entry> contents = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (Node n = top.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("Contents")) {
                contents.add(new Entry(child(e, "Key"), Long.parseLong(child(e, "Size")), child(e, "ETag")));
            } else if (n instanceof Element e && e.getTagName().equals("CommonPrefixes")) {
                prefixes.add(child(e, "Prefix"));
            }
        }
        return new ListingXml(
                contents, prefixes, "true".equals(child(top, "IsTruncated")), child(top, "NextContinuationToken"));
    }

    List<String> keys() {
        return contents.stream().map(Entry::key).toList();
    }

    private static String child(Element parent, String name) {
        NodeList l = parent.getElementsByTagName(name);
        for (int i = 0; i < l.getLength(); i++) {
            if (l.item(i).getParentNode() == parent) {
                return l.item(i).getTextContent();
            }
        }
        return null;
    }
}
