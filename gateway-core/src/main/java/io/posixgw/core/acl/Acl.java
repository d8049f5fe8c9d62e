package io.posixgw.core.acl;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An access control list in versitygw's {@code auth.ACL} JSON, the {@code acl} attribute:
 * {@code {"Owner":"<access key>","Grantees":[{"Permission":"READ","Access":"<access key>","Type":"CanonicalUser"}]}}.
 * A group grantee has {@code Type} {@code Group} and {@code Access} {@link #ALL_USERS} (versitygw's
 * name for S3's AllUsers) or {@link #AUTHENTICATED_USERS} (posixgw's name for S3's
 * AuthenticatedUsers, which versitygw has not: it never matches there). Field names are read
 * regardless of case, as Go's {@code encoding/json} does.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Acl(
        @JsonProperty("Owner") String owner,
        @JsonProperty("Grantees") List<Grant> grantees) {
    public static final String ALL_USERS = "all-users";
    public static final String AUTHENTICATED_USERS = "authenticated-users";
    public static final String CANONICAL_USER = "CanonicalUser";
    public static final String GROUP = "Group";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
            .build();

    public Acl {
        owner = owner == null ? "" : owner;
        grantees = grantees == null ? List.of() : List.copyOf(grantees);
    }

    /** S3's five permissions. */
    public enum Permission {
        READ,
        WRITE,
        READ_ACP,
        WRITE_ACP,
        FULL_CONTROL;

        /** The permission S3 names {@code name}; null when it names none. */
        public static Permission parse(String name) {
            for (Permission p : values()) {
                if (p.name().equals(name)) {
                    return p;
                }
            }
            return null;
        }
    }

    /** One grant, versitygw's {@code auth.Grantee}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Grant(
            @JsonProperty("Permission") String permission,
            @JsonProperty("Access") String access,
            @JsonProperty("Type") String type) {

        public static Grant user(String accessKey, Permission p) {
            return new Grant(p.name(), accessKey, CANONICAL_USER);
        }

        public static Grant group(String group, Permission p) {
            return new Grant(p.name(), group, GROUP);
        }

        @JsonIgnore
        public boolean isGroup() {
            return GROUP.equals(type);
        }

        /** A grant to everyone or to every signed caller: what S3 calls a public ACL. */
        @JsonIgnore
        public boolean isPublic() {
            return isGroup() && (ALL_USERS.equals(access) || AUTHENTICATED_USERS.equals(access));
        }

        /** Whether this grant gives {@code wanted} to the caller ({@code null}: anonymous). */
        boolean gives(String caller, Permission wanted) {
            if (!wanted.name().equals(permission)
                    && !Permission.FULL_CONTROL.name().equals(permission)) {
                return false;
            }
            if (isGroup()) {
                return ALL_USERS.equals(access) || AUTHENTICATED_USERS.equals(access) && caller != null;
            }
            return caller != null && caller.equals(access) && CANONICAL_USER.equals(type);
        }
    }

    /** The owner's full control and nothing else: what a bucket or object starts with. */
    public static Acl ownerOnly(String owner) {
        return new Acl(owner, List.of(Grant.user(owner, Permission.FULL_CONTROL)));
    }

    /** Whether any grant is to AllUsers or AuthenticatedUsers. */
    @JsonIgnore
    public boolean isPublic() {
        return grantees.stream().anyMatch(Grant::isPublic);
    }

    /**
     * Whether some grant gives {@code caller} ({@code null} for an anonymous one) the permission,
     * FULL_CONTROL giving all five; with {@code ignorePublic} (the Public Access Block's
     * IgnorePublicAcls) grants to the groups give nothing.
     */
    public boolean allows(String caller, Permission wanted, boolean ignorePublic) {
        for (Grant g : grantees) {
            if (ignorePublic && g.isPublic()) {
                continue;
            }
            if (g.gives(caller, wanted)) {
                return true;
            }
        }
        return false;
    }

    /** The same grants for another owner. */
    public Acl withOwner(String newOwner) {
        return new Acl(newOwner, grantees);
    }

    public byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored ACL; null when there is none or it cannot be read (then it grants nothing). */
    public static Acl fromJson(byte[] json) {
        if (json == null || json.length == 0) {
            return null;
        }
        try {
            return JSON.readValue(json, Acl.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The grants with duplicates removed, in order (S3 keeps one of each). */
    public static List<Grant> distinct(List<Grant> grants) {
        List<Grant> out = new ArrayList<>();
        for (Grant g : grants) {
            if (!out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }
}
