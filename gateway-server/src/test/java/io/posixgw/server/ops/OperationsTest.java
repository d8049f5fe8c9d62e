package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.RequestHeaders;
import io.posixgw.server.routing.S3Request;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OperationsTest {
    /** Every implemented row has a handler, and no unimplemented one has. */
    @Test
    void eachImplementedEndpointHasExactlyItsHandler() {
        Set<Endpoint> implemented = EnumSet.noneOf(Endpoint.class);
        for (Endpoint e : Endpoint.values()) {
            if (e.implemented()) {
                implemented.add(e);
            }
        }
        assertEquals(implemented, new Operations(null, "us-east-1", new Authorizer(null), null).bound());
    }

    /** A handler reading a query parameter its row does not declare fails in every test run (assertions are on). */
    @Test
    void readingAnUndeclaredParameterIsCaught() {
        RequestHeaders none = new RequestHeaders() {
            @Override
            public List<String> all(String name) {
                return List.of();
            }

            @Override
            public Set<String> names() {
                return Set.of();
            }
        };
        S3Request request =
                new S3Request("GET", "/b/k", "b", "k", new ArrayList<>(List.of(Map.entry("partNumber", "1"))), none);
        Exchange x = new Exchange(request, Endpoint.GET_OBJECT, null, null, "id");
        assertEquals("1", x.query("partNumber"));
        assertEquals(null, x.query("versionId"));
        AssertionError e = assertThrows(AssertionError.class, () -> x.query("max-keys"));
        assertEquals("GET_OBJECT reads ?max-keys, which its row does not declare", e.getMessage());
        assertEquals(
                null,
                new Exchange(request, Endpoint.LIST_PARTS, null, null, "id").query("uploadId"),
                "a selector is declared");
    }
}
