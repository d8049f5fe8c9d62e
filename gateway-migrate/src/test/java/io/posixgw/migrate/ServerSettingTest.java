package io.posixgw.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.posixgw.server.config.Setting;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** migrate reads the server's settings it shares under the server's names and defaults. */
class ServerSettingTest {
    @Test
    void eachSharedSettingIsTheServers() {
        for (ServerSetting mine : ServerSetting.values()) {
            Setting server = Setting.valueOf(mine.name());
            assertEquals(server.env(), mine.env(), mine.name());
            assertEquals(server.defaultValue(), mine.defaultValue(), mine.name());
        }
    }

    @Test
    void theServersAccessKeyComesFromTheFirstVariableSet() {
        Map<String, String> env =
                Map.of("ROOT_ACCESS_KEY", "second", "MINIO_ROOT_USER", "third", "ROOT_ACCESS_KEY_ID", "");
        assertEquals(Setting.ACCESS.fromEnvironment(env), ServerSetting.ACCESS.fromEnvironment(env));
        assertEquals("second", ServerSetting.ACCESS.fromEnvironment(env));
        assertEquals("./data", ServerSetting.ROOT.fromEnvironment(Map.of()));
    }
}
