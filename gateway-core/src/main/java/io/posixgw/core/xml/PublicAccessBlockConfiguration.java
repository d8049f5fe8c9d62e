package io.posixgw.core.xml;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** PutPublicAccessBlock's body and GetPublicAccessBlock's answer; an absent switch is false, as on S3. */
@JacksonXmlRootElement(localName = "PublicAccessBlockConfiguration")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class PublicAccessBlockConfiguration {
    @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
    public String xmlns() {
        return S3Xml.NAMESPACE;
    }

    @JacksonXmlProperty(localName = "BlockPublicAcls")
    public Boolean blockPublicAcls;

    @JacksonXmlProperty(localName = "IgnorePublicAcls")
    public Boolean ignorePublicAcls;

    @JacksonXmlProperty(localName = "BlockPublicPolicy")
    public Boolean blockPublicPolicy;

    @JacksonXmlProperty(localName = "RestrictPublicBuckets")
    public Boolean restrictPublicBuckets;
}
