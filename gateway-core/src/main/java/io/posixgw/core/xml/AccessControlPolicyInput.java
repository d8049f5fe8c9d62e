package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** The PutBucketAcl and PutObjectAcl request body: who is granted what. */
@JacksonXmlRootElement(localName = "AccessControlPolicy")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class AccessControlPolicyInput {
    @JacksonXmlProperty(localName = "Owner")
    public OwnerInput owner;

    @JacksonXmlProperty(localName = "AccessControlList")
    public GrantList accessControlList;

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class OwnerInput {
        @JacksonXmlProperty(localName = "ID")
        public String id;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class GrantList {
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "Grant")
        public List<Grant> grants = new ArrayList<>();
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Grant {
        @JacksonXmlProperty(localName = "Grantee")
        public Grantee grantee;

        @JacksonXmlProperty(localName = "Permission")
        public String permission;
    }

    /** A canonical user has an {@code ID}; a group a {@code URI}; an e-mail grantee an {@code EmailAddress}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Grantee {
        /** {@code xsi:type}: {@code CanonicalUser}, {@code Group} or {@code AmazonCustomerByEmail}. */
        @JacksonXmlProperty(isAttribute = true, localName = "type")
        public String type;

        @JacksonXmlProperty(localName = "ID")
        public String id;

        @JacksonXmlProperty(localName = "URI")
        public String uri;

        @JacksonXmlProperty(localName = "EmailAddress")
        public String emailAddress;
    }

    /** The grants, none when the body has no list. */
    public List<Grant> grants() {
        return accessControlList == null || accessControlList.grants == null ? List.of() : accessControlList.grants;
    }
}
