package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/**
 * GetBucketAcl's and GetObjectAcl's answer: the owner and its grants, a canonical user by
 * {@code ID}, a group by {@code URI}.
 */
@JacksonXmlRootElement(localName = "AccessControlPolicy")
@JsonPropertyOrder({"Owner", "AccessControlList"})
public record AccessControlPolicy(
        @JacksonXmlProperty(localName = "Owner") Owner owner,
        @JacksonXmlProperty(localName = "AccessControlList") AccessControlList accessControlList) {

    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    /** Full control for the owner, nothing for anyone else. */
    public static AccessControlPolicy ownerFullControl(String owner) {
        Owner o = new Owner(owner, owner);
        return new AccessControlPolicy(
                o, new AccessControlList(List.of(new Grant(Grantee.user(owner), "FULL_CONTROL"))));
    }

    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    public record AccessControlList(
            @JacksonXmlElementWrapper(useWrapping = false) @JacksonXmlProperty(localName = "Grant")
            List<Grant> grants) {}

    @JsonPropertyOrder({"Grantee", "Permission"})
    public record Grant(
            @JacksonXmlProperty(localName = "Grantee") Grantee grantee,
            @JacksonXmlProperty(localName = "Permission") String permission) {}

    /**
     * {@code xsi:type} is how S3 says what kind of grantee this is (clients such as s3cmd
     * read it). Written with S3's own prefix, declared here, like the root's {@code xmlns}:
     * some SDKs look the attribute up by its prefixed name.
     */
    @JsonPropertyOrder({"xmlns:xsi", "xsi:type", "ID", "DisplayName", "URI"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Grantee(
            @JacksonXmlProperty(isAttribute = true, localName = "xsi:type")
            String type,

            @JacksonXmlProperty(localName = "ID") String id,
            @JacksonXmlProperty(localName = "DisplayName") String displayName,
            @JacksonXmlProperty(localName = "URI") String uri) {

        /** A canonical user: its ID (an access key) is also its display name. */
        public static Grantee user(String id) {
            return new Grantee("CanonicalUser", id, id, null);
        }

        public static Grantee group(String uri) {
            return new Grantee("Group", null, null, uri);
        }

        @JacksonXmlProperty(isAttribute = true, localName = "xmlns:xsi")
        public String xsiNamespace() {
            return XSI;
        }
    }
}
