package io.posixgw.server.http;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.xml.ErrorResponse;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.ops.S3Response;

/** Renders S3 errors: XML body, except for HEAD and 304, which carry the status only. */
public final class Errors {
    private Errors() {}

    public static S3Response render(S3Exception e, String method, String resource, String requestId) {
        S3Error error = e.error();
        S3Response response = S3Response.status(error.httpStatus()).errorCode(error.code());
        e.headers().forEach(response::header);
        if ("HEAD".equals(method) || error.httpStatus() == 304) {
            return response;
        }
        byte[] body;
        try {
            body = S3Xml.write(new ErrorResponse(error.code(), e.getMessage(), resource, requestId, e.details()));
        } catch (RuntimeException unexpected) {
            // An error answer must never fail: fall back to the code alone.
            body = S3Xml.write(new ErrorResponse(error.code(), error.defaultMessage(), null, requestId));
        }
        return response.body(body, "application/xml");
    }
}
