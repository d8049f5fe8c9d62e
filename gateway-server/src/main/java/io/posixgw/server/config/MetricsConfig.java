package io.posixgw.server.config;

import java.util.List;

/**
 * Which metrics exports are on. All off by default, and then the server keeps no
 * meter registry at all.
 *
 * @param prometheusPath   path of the Prometheus text, or null for none
 * @param prometheusListen a listen address of its own for that path, or null for the S3 port
 * @param statsd           StatsD servers (InfluxDB/Telegraf-style tags, as versitygw sends)
 * @param dogstatsd        DogStatsD servers (Datadog-style tags)
 */
public record MetricsConfig(
        String prometheusPath, HostPort prometheusListen, List<HostPort> statsd, List<HostPort> dogstatsd) {
    public static final MetricsConfig OFF = new MetricsConfig(null, null, List.of(), List.of());

    public MetricsConfig {
        statsd = List.copyOf(statsd);
        dogstatsd = List.copyOf(dogstatsd);
    }

    public boolean enabled() {
        return prometheusPath != null || !statsd.isEmpty() || !dogstatsd.isEmpty();
    }

    /** A host (name or literal address, without brackets) and a port. */
    public record HostPort(String host, int port) {
        @Override
        public String toString() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }
}
