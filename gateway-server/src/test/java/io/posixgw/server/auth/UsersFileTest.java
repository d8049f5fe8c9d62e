package io.posixgw.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileTest {
    @TempDir
    Path dir;

    /** As versitygw's admin tool leaves it (json.Marshal of auth.IAMConfig, with the older and newer fields). */
    static final String VERSITYGW = "{\"accessAccounts\":{"
            + "\"adm\":{\"access\":\"adm\",\"secret\":\"s-adm\",\"role\":\"admin\",\"userID\":0,\"groupID\":0,\"projectID\":0},"
            + "\"plus\":{\"access\":\"plus\",\"secret\":\"s-plus\",\"role\":\"userplus\",\"userID\":1001,\"groupID\":1001},"
            + "\"old\":{\"secret\":\"s-old\",\"role\":\"user\"}}}";

    static Map<String, UsersFile.Account> parse(String json) throws IOException {
        return UsersFile.parse(json.getBytes(StandardCharsets.UTF_8), Path.of("users.json"));
    }

    @Test
    void readsVersitygwsFormatByTheMapKey() throws Exception {
        Map<String, UsersFile.Account> users = parse(VERSITYGW);
        assertEquals(new UsersFile.Account("adm", "s-adm", Role.ADMIN), users.get("adm"));
        assertEquals(new UsersFile.Account("plus", "s-plus", Role.USERPLUS), users.get("plus"));
        assertEquals(
                new UsersFile.Account("old", "s-old", Role.USER),
                users.get("old"),
                "entries of older releases lack 'access'");
        assertEquals(3, users.size());
        assertFalse(users.get("adm").toString().contains("s-adm"), "the secret is never printed");
    }

    @Test
    void oddEntries() throws Exception {
        assertEquals(Map.of(), parse("{}"));
        assertEquals(Map.of(), parse("{\"accessAccounts\":null}"));
        Map<String, UsersFile.Account> users = parse(
                "{\"accessAccounts\":{\"a\":{\"secret\":\"x\",\"role\":\"superuser\"},"
                        + "\"b\":{\"role\":\"admin\"},\"c\":{\"secret\":\"\",\"role\":\"admin\"},\"d\":{\"secret\":\"y\"}}}");
        assertEquals(Role.USER, users.get("a").role(), "an unknown role gets what a user gets");
        assertNull(users.get("b"), "no secret: no account");
        assertNull(users.get("c"));
        assertEquals(Role.USER, users.get("d").role());
        for (String bad : new String[] {"[]", "{\"accessAccounts\":[]}", "{\"accessAccounts\":{", ""}) {
            IOException e = assertThrows(IOException.class, () -> parse(bad), bad);
            assertTrue(e.getMessage().contains("users.json"), e.getMessage());
        }
    }

    @Test
    void refreshTakesAChangeKeepsTheLastGoodFileAndSurvivesItsAbsence() throws Exception {
        Path file = dir.resolve("users.json");
        Files.writeString(file, VERSITYGW);
        UsersFile users = UsersFile.open(dir);
        assertEquals("s-adm", users.find("adm").secret());
        Files.writeString(file, "{\"accessAccounts\":{\"adm\":{\"secret\":\"s-new\",\"role\":\"user\"}}}");
        users.refresh();
        assertEquals(new UsersFile.Account("adm", "s-new", Role.USER), users.find("adm"));
        assertNull(users.find("plus"));
        Files.writeString(file, "{\"accessAccounts\":{\"adm\":");
        users.refresh();
        assertEquals("s-new", users.find("adm").secret(), "a half-written file keeps the last good users");
        Files.delete(file);
        users.refresh();
        assertEquals("s-new", users.find("adm").secret());
        Files.writeString(file, "{\"accessAccounts\":{}}");
        users.refresh();
        assertEquals(0, users.size());
    }

    @Test
    void accountsPutRootFirst() throws Exception {
        Files.writeString(
                dir.resolve("users.json"),
                "{\"accessAccounts\":{\"root\":{\"secret\":\"file\",\"role\":\"user\"},"
                        + "\"u\":{\"secret\":\"su\",\"role\":\"user\"}}}");
        Accounts accounts = new Accounts("root", "rootsecret", UsersFile.open(dir));
        assertEquals("rootsecret", accounts.secretKey("root"));
        assertEquals(new Principal("root", Role.ROOT), accounts.principal("root"));
        assertEquals("su", accounts.secretKey("u"));
        assertEquals(new Principal("u", Role.USER), accounts.principal("u"));
        assertNull(accounts.secretKey("nobody"));
        assertNull(accounts.principal("nobody"));
        Accounts rootOnly = new Accounts("root", "rootsecret", null);
        assertNull(rootOnly.secretKey("u"));
    }
}
