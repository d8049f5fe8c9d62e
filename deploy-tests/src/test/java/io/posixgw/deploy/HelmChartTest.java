package io.posixgw.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * helm/posixgw rendered by Helm itself (helm-java embeds it), parsed into typed
 * Kubernetes objects and checked against issue 7's plan: one pod, Recreate, UID/fsGroup
 * 1200, read-only root with an emptyDir /tmp, no capabilities, a pinned image, probes,
 * configurable Secret key names, a kept 20 Gi claim, the compatibility Service, and the
 * migrate initContainer only when asked; and issue 19's several gateways on a ReadWriteMany
 * volume (rolling update, disruption budget, spread over nodes, refused on ReadWriteOnce)
 * and the Grafana dashboard's ConfigMap.
 */
class HelmChartTest {
    private static final Path CHART = PosixgwImage.repositoryRoot().resolve("helm/posixgw");
    private static final ObjectMapper STRICT_YAML =
            new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    @TempDir
    Path tmp;

    @BeforeAll
    static void helmLoads() {
        try {
            Helm.version().call();
        } catch (RuntimeException | LinkageError e) {
            Assumptions.abort("helm-java has no native library for this platform: " + e);
        }
    }

    /** The rendered manifests of a release "posixgw" in namespace "ryax", with these values (YAML) on top of the defaults. */
    List<HasMetadata> render(String valuesYaml) throws Exception {
        return render(new Helm(CHART).template(), valuesYaml);
    }

    /** As {@link #render(String)}, for a template command that may carry {@code set(...)} values too. */
    List<HasMetadata> render(TemplateCommand template, String valuesYaml) throws Exception {
        template.withName("posixgw").withNamespace("ryax");
        if (valuesYaml != null) {
            Path values = Files.writeString(tmp.resolve("values-" + System.nanoTime() + ".yaml"), valuesYaml);
            template.withValuesFile(values);
        }
        String yaml = template.call();
        List<HasMetadata> objects = new ArrayList<>();
        for (String doc : yaml.split("(?m)^---\\s*$")) {
            if (doc.lines().allMatch(l -> l.isBlank() || l.startsWith("#"))) {
                continue;
            }
            STRICT_YAML.readTree(doc); // no duplicate keys
            objects.add(Serialization.unmarshal(doc));
        }
        return objects;
    }

    static <T extends HasMetadata> List<T> all(List<HasMetadata> objects, Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static <T extends HasMetadata> T one(List<HasMetadata> objects, Class<T> type) {
        List<T> found = all(objects, type);
        assertEquals(
                1,
                found.size(),
                "one " + type.getSimpleName() + " in "
                        + objects.stream().map(o -> o.getKind()).toList());
        return found.get(0);
    }

    static Container container(PodSpec pod, String name) {
        return pod.getContainers().stream()
                .filter(c -> c.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    static Optional<EnvVar> env(Container c, String name) {
        return c.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst();
    }

    static String appVersion() throws Exception {
        Matcher m = Pattern.compile("(?m)^appVersion:\\s*\"?([^\"\\s]+)")
                .matcher(Files.readString(CHART.resolve("Chart.yaml")));
        assertTrue(m.find());
        return m.group(1);
    }

    static void assertSecretRef(EnvVar e, String secret, String key) {
        assertNotNull(e.getValueFrom(), e.getName());
        assertEquals(secret, e.getValueFrom().getSecretKeyRef().getName(), e.getName());
        assertEquals(key, e.getValueFrom().getSecretKeyRef().getKey(), e.getName());
    }

    @Test
    void lintsStrict() {
        LintResult result = new Helm(CHART).lint().strict().call();
        assertFalse(result.isFailed(), String.join("\n", result.getMessages()));
    }

    @Test
    void defaultsRenderOneHardenedPodOnAKeptVolume() throws Exception {
        List<HasMetadata> objects = render(null);
        assertEquals(
                List.of("Deployment", "PersistentVolumeClaim", "Service"),
                objects.stream().map(HasMetadata::getKind).sorted().toList());

        Deployment d = one(objects, Deployment.class);
        assertEquals("posixgw", d.getMetadata().getName());
        assertEquals(1, d.getSpec().getReplicas());
        assertEquals("Recreate", d.getSpec().getStrategy().getType());
        assertNull(d.getSpec().getStrategy().getRollingUpdate());
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        assertEquals(1200L, pod.getSecurityContext().getRunAsUser());
        assertEquals(1200L, pod.getSecurityContext().getRunAsGroup());
        assertEquals(1200L, pod.getSecurityContext().getFsGroup());
        assertTrue(pod.getSecurityContext().getRunAsNonRoot());
        assertFalse(pod.getEnableServiceLinks(), "a Service named posixgw would set POSIXGW_PORT in the pod");
        assertFalse(pod.getAutomountServiceAccountToken());
        assertTrue(pod.getInitContainers().isEmpty());

        Container c = container(pod, "posixgw");
        assertEquals("posixgw:" + appVersion(), c.getImage(), "pinned to the chart's appVersion");
        SecurityContext sc = c.getSecurityContext();
        assertTrue(sc.getReadOnlyRootFilesystem());
        assertFalse(sc.getAllowPrivilegeEscalation());
        assertEquals(List.of("ALL"), sc.getCapabilities().getDrop());
        assertEquals(7070, c.getPorts().get(0).getContainerPort());
        assertEquals("http", c.getPorts().get(0).getName());
        for (Probe p : List.of(c.getLivenessProbe(), c.getReadinessProbe(), c.getStartupProbe())) {
            assertEquals("http", p.getHttpGet().getPort().getStrVal());
        }
        assertEquals("/_/health", c.getLivenessProbe().getHttpGet().getPath());
        assertEquals("/_/ready", c.getReadinessProbe().getHttpGet().getPath(), "ready once the data root takes writes");
        assertEquals("/_/health", c.getStartupProbe().getHttpGet().getPath());
        assertEquals(
                "160Mi", c.getResources().getRequests().get("memory").toString(), "the measured peak under 8 clients");
        assertEquals("512Mi", c.getResources().getLimits().get("memory").toString());
        assertTrue(env(c, "POSIXGW_METRICS_PATH").isEmpty(), "no metrics unless enabled");
        assertTrue(env(c, "POSIXGW_LOG_FORMAT").isEmpty(), "text logs by default");
        assertEquals(":7070", env(c, "POSIXGW_PORT").orElseThrow().getValue());
        assertEquals("/data/s3", env(c, "POSIXGW_ROOT").orElseThrow().getValue());
        assertSecretRef(env(c, "ROOT_ACCESS_KEY_ID").orElseThrow(), "ryax-minio-secret", "root-user");
        assertSecretRef(env(c, "ROOT_SECRET_ACCESS_KEY").orElseThrow(), "ryax-minio-secret", "root-password");
        assertTrue(env(c, "POSIXGW_SIDECAR").isEmpty());
        assertEquals(
                List.of("/data", "/tmp"),
                c.getVolumeMounts().stream().map(m -> m.getMountPath()).toList());
        Volume tmpVolume = pod.getVolumes().stream()
                .filter(v -> v.getName().equals("tmp"))
                .findFirst()
                .orElseThrow();
        assertNotNull(tmpVolume.getEmptyDir());
        Volume data = pod.getVolumes().stream()
                .filter(v -> v.getName().equals("data"))
                .findFirst()
                .orElseThrow();
        assertEquals("posixgw-data", data.getPersistentVolumeClaim().getClaimName());

        assertTrue(all(objects, Secret.class).isEmpty(), "the platform's Secret by default");

        PersistentVolumeClaim pvc = one(objects, PersistentVolumeClaim.class);
        assertEquals("posixgw-data", pvc.getMetadata().getName());
        assertEquals("keep", pvc.getMetadata().getAnnotations().get("helm.sh/resource-policy"));
        assertEquals(
                "20Gi",
                pvc.getSpec().getResources().getRequests().get("storage").toString());
        assertEquals(List.of("ReadWriteOnce"), pvc.getSpec().getAccessModes());
        assertNull(pvc.getSpec().getStorageClassName());

        Service svc = one(objects, Service.class);
        ServicePort port = svc.getSpec().getPorts().get(0);
        assertEquals(9000, port.getPort());
        assertEquals("http", port.getTargetPort().getStrVal());
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        assertFalse(svc.getSpec().getSelector().isEmpty());
        svc.getSpec()
                .getSelector()
                .forEach((k, v) -> assertEquals(v, podLabels.get(k), "the Service selects the pod: " + k));
    }

    @Test
    void secretKeyNamesAreConfigurable() throws Exception {
        List<HasMetadata> objects = render("""
                auth:
                  existingSecret: other-secret
                  secretKeys:
                    user: access-key
                    password: secret-key
                """);
        assertTrue(all(objects, Secret.class).isEmpty(), "no Secret rendered");
        Container c =
                container(one(objects, Deployment.class).getSpec().getTemplate().getSpec(), "posixgw");
        assertSecretRef(env(c, "ROOT_ACCESS_KEY_ID").orElseThrow(), "other-secret", "access-key");
        assertSecretRef(env(c, "ROOT_SECRET_ACCESS_KEY").orElseThrow(), "other-secret", "secret-key");

        // A Secret rendered by the chart, with its own key names, referenced by the pod.
        List<HasMetadata> rendered = render(
                "auth: {existingSecret: '', rootPassword: ryax123456789012, secretKeys: {user: u, password: p}}");
        Secret s = one(rendered, Secret.class);
        assertEquals("posixgw", s.getMetadata().getName());
        assertEquals("ryax", new String(Base64.getDecoder().decode(s.getData().get("u")), StandardCharsets.UTF_8));
        assertEquals(
                "ryax123456789012",
                new String(Base64.getDecoder().decode(s.getData().get("p")), StandardCharsets.UTF_8));
        Container r = container(
                one(rendered, Deployment.class).getSpec().getTemplate().getSpec(), "posixgw");
        assertSecretRef(env(r, "ROOT_ACCESS_KEY_ID").orElseThrow(), "posixgw", "u");
        assertSecretRef(env(r, "ROOT_SECRET_ACCESS_KEY").orElseThrow(), "posixgw", "p");

        RuntimeException e = assertThrows(RuntimeException.class, () -> render("auth: {existingSecret: ''}"));
        assertTrue(e.getMessage().contains("auth.rootPassword is required"), e.getMessage());
    }

    @Test
    void theCompatibilityServiceSelectsTheSamePod() throws Exception {
        List<HasMetadata> objects = render("compatService: {enabled: true}");
        List<Service> services = all(objects, Service.class);
        assertEquals(
                List.of("posixgw", "ryax-minio"),
                services.stream().map(s -> s.getMetadata().getName()).sorted().toList());
        Service main = services.stream()
                .filter(s -> s.getMetadata().getName().equals("posixgw"))
                .findFirst()
                .orElseThrow();
        Service compat = services.stream()
                .filter(s -> s.getMetadata().getName().equals("ryax-minio"))
                .findFirst()
                .orElseThrow();
        assertEquals(main.getSpec().getSelector(), compat.getSpec().getSelector());
        assertEquals(9000, compat.getSpec().getPorts().get(0).getPort());
        assertEquals("http", compat.getSpec().getPorts().get(0).getTargetPort().getStrVal());
        Map<String, String> podLabels = one(objects, Deployment.class)
                .getSpec()
                .getTemplate()
                .getMetadata()
                .getLabels();
        compat.getSpec().getSelector().forEach((k, v) -> assertEquals(v, podLabels.get(k), k));

        assertEquals(
                "old-minio",
                all(render("compatService: {enabled: true, name: old-minio, port: 9001}"), Service.class).stream()
                        .filter(s -> s.getSpec().getPorts().get(0).getPort() == 9001)
                        .findFirst()
                        .orElseThrow()
                        .getMetadata()
                        .getName());
        assertThrows(RuntimeException.class, () -> render("compatService: {enabled: true, name: posixgw}"));
    }

    @Test
    void anExistingClaimOrADroppedKeepPolicy() throws Exception {
        List<HasMetadata> existing = render("persistence: {existingClaim: posixgw-data-old}");
        assertTrue(all(existing, PersistentVolumeClaim.class).isEmpty());
        assertEquals(
                "posixgw-data-old",
                one(existing, Deployment.class).getSpec().getTemplate().getSpec().getVolumes().stream()
                        .filter(v -> v.getName().equals("data"))
                        .findFirst()
                        .orElseThrow()
                        .getPersistentVolumeClaim()
                        .getClaimName());

        PersistentVolumeClaim pvc =
                one(render("persistence: {keep: false, size: 50Gi, storageClass: '-'}"), PersistentVolumeClaim.class);
        assertTrue(pvc.getMetadata().getAnnotations() == null
                || !pvc.getMetadata().getAnnotations().containsKey("helm.sh/resource-policy"));
        assertEquals(
                "50Gi",
                pvc.getSpec().getResources().getRequests().get("storage").toString());
        assertEquals("", pvc.getSpec().getStorageClassName());
        assertEquals(
                "nfs-client",
                one(render("persistence: {storageClass: nfs-client}"), PersistentVolumeClaim.class)
                        .getSpec()
                        .getStorageClassName());
    }

    @Test
    void theMigrateInitContainerOnlyWhenAsked() throws Exception {
        assertTrue(
                one(render("migration: {enabled: true}"), Deployment.class)
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getInitContainers()
                        .isEmpty(),
                "a fresh install (helm install/template) has nothing to migrate from");

        List<HasMetadata> objects = render("""
                sidecar: {enabled: true}
                migration:
                  enabled: true
                  onInstall: true
                  buckets: [ryax-filestore]
                  deleteExtra: true
                  concurrency: 4
                """);
        PodSpec pod = one(objects, Deployment.class).getSpec().getTemplate().getSpec();
        assertEquals(1, pod.getInitContainers().size());
        Container init = pod.getInitContainers().get(0);
        Container server = container(pod, "posixgw");
        assertEquals("migrate", init.getName());
        assertEquals(server.getImage(), init.getImage());
        assertEquals(
                List.of(
                        "migrate",
                        "--from",
                        "http://ryax-minio:9000",
                        "--bucket",
                        "ryax-filestore",
                        "--concurrency",
                        "4",
                        "--progress",
                        "30",
                        "--delete-extra"),
                init.getArgs());
        assertSecretRef(env(init, "POSIXGW_MIGRATE_ACCESS_KEY").orElseThrow(), "ryax-minio-secret", "root-user");
        assertSecretRef(env(init, "POSIXGW_MIGRATE_SECRET_KEY").orElseThrow(), "ryax-minio-secret", "root-password");
        assertEquals(
                "/data/s3",
                env(init, "POSIXGW_ROOT").orElseThrow().getValue(),
                "the marker file lives in the data root");
        assertEquals("/data/meta", env(init, "POSIXGW_SIDECAR").orElseThrow().getValue());
        assertEquals(
                "/data/meta", env(server, "POSIXGW_SIDECAR").orElseThrow().getValue(), "same metadata mode for both");
        assertEquals(server.getSecurityContext(), init.getSecurityContext());
        assertEquals(server.getVolumeMounts(), init.getVolumeMounts());

        Container all = one(render("""
                migration: {enabled: true, onInstall: true, from: 'http://old:9000', existingSecret: old-creds,
                            secretKeys: {user: ak, password: sk}}
                """), Deployment.class)
                .getSpec()
                .getTemplate()
                .getSpec()
                .getInitContainers()
                .get(0);
        assertEquals(
                List.of("migrate", "--from", "http://old:9000", "--all", "--concurrency", "8", "--progress", "30"),
                all.getArgs());
        assertSecretRef(env(all, "POSIXGW_MIGRATE_ACCESS_KEY").orElseThrow(), "old-creds", "ak");
    }

    @Test
    void sidecarExtraEnvSchedulingProbesAndMetrics() throws Exception {
        List<HasMetadata> objects = render("""
                extraEnv:
                  - {name: POSIXGW_WORKERS, value: "32"}
                extraArgs: ["--idle-timeout", "60"]
                javaOpts: "-XX:MaxRAMPercentage=50"
                nodeSelector: {disktype: ssd}
                tolerations:
                  - {key: dedicated, operator: Equal, value: storage, effect: NoSchedule}
                affinity:
                  nodeAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                      nodeSelectorTerms:
                        - matchExpressions:
                            - {key: zone, operator: In, values: [a]}
                probes: {readiness: {path: /_/ready}}
                image: {repository: registry.example/posixgw, tag: "0.2.0"}
                metrics:
                  enabled: true
                  serviceMonitor: {enabled: true, labels: {release: prometheus}}
                config: {logFormat: json}
                """);
        Deployment d = one(objects, Deployment.class);
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        Container c = container(pod, "posixgw");
        assertEquals("32", env(c, "POSIXGW_WORKERS").orElseThrow().getValue());
        assertEquals(
                "-XX:MaxRAMPercentage=50",
                env(c, "POSIXGW_JAVA_OPTS").orElseThrow().getValue());
        assertEquals(
                "/_/metrics",
                env(c, "POSIXGW_METRICS_PATH").orElseThrow().getValue(),
                "the server serves what Prometheus scrapes");
        assertEquals("json", env(c, "POSIXGW_LOG_FORMAT").orElseThrow().getValue());
        assertEquals(List.of("--idle-timeout", "60"), c.getArgs());
        assertEquals(Map.of("disktype", "ssd"), pod.getNodeSelector());
        assertEquals("dedicated", pod.getTolerations().get(0).getKey());
        assertEquals(
                "zone",
                pod.getAffinity()
                        .getNodeAffinity()
                        .getRequiredDuringSchedulingIgnoredDuringExecution()
                        .getNodeSelectorTerms()
                        .get(0)
                        .getMatchExpressions()
                        .get(0)
                        .getKey());
        assertEquals("/_/ready", c.getReadinessProbe().getHttpGet().getPath());
        assertEquals("/_/health", c.getLivenessProbe().getHttpGet().getPath());
        assertEquals("registry.example/posixgw:0.2.0", c.getImage());
        Map<String, String> annotations =
                d.getSpec().getTemplate().getMetadata().getAnnotations();
        assertEquals("true", annotations.get("prometheus.io/scrape"));
        assertEquals("7070", annotations.get("prometheus.io/port"));
        GenericKubernetesResource sm = one(objects, GenericKubernetesResource.class);
        assertEquals("ServiceMonitor", sm.getKind());
        assertEquals("prometheus", sm.getMetadata().getLabels().get("release"));
        List<Map<String, Object>> endpoints = sm.get("spec", "endpoints");
        Map<String, Object> endpoint = endpoints.get(0);
        assertEquals("http", endpoint.get("port"));
        assertEquals("/_/metrics", endpoint.get("path"));
    }

    @Test
    void tlsAndUsersComeFromSecretsMountedAsDirectories() throws Exception {
        Container plain = container(
                one(render(null), Deployment.class).getSpec().getTemplate().getSpec(), "posixgw");
        for (Probe p : List.of(plain.getLivenessProbe(), plain.getReadinessProbe(), plain.getStartupProbe())) {
            assertEquals("HTTP", p.getHttpGet().getScheme());
        }
        assertTrue(env(plain, "POSIXGW_CERT").isEmpty());
        assertTrue(env(plain, "POSIXGW_IAM_DIR").isEmpty());

        List<HasMetadata> objects = render("""
                tls: {enabled: true, secretName: posixgw-tls}
                users: {enabled: true, existingSecret: posixgw-users, key: accounts}
                metrics: {enabled: true, serviceMonitor: {enabled: true}}
                """);
        Deployment d = one(objects, Deployment.class);
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        Container c = container(pod, "posixgw");
        assertEquals(
                "/etc/posixgw/tls/tls.crt", env(c, "POSIXGW_CERT").orElseThrow().getValue());
        assertEquals(
                "/etc/posixgw/tls/tls.key", env(c, "POSIXGW_KEY").orElseThrow().getValue());
        assertEquals("/etc/posixgw/iam", env(c, "POSIXGW_IAM_DIR").orElseThrow().getValue());
        for (Probe p : List.of(c.getLivenessProbe(), c.getReadinessProbe(), c.getStartupProbe())) {
            assertEquals("HTTPS", p.getHttpGet().getScheme(), "the port speaks HTTPS only");
        }
        Map<String, io.fabric8.kubernetes.api.model.VolumeMount> mounts = new java.util.HashMap<>();
        c.getVolumeMounts().forEach(m -> mounts.put(m.getName(), m));
        for (String[] m : new String[][] {{"tls", "/etc/posixgw/tls"}, {"users", "/etc/posixgw/iam"}}) {
            assertEquals(m[1], mounts.get(m[0]).getMountPath());
            assertTrue(mounts.get(m[0]).getReadOnly());
            assertNull(mounts.get(m[0]).getSubPath(), "a subPath mount would never see the Secret change");
        }
        Volume tls = pod.getVolumes().stream()
                .filter(v -> v.getName().equals("tls"))
                .findFirst()
                .orElseThrow();
        assertEquals("posixgw-tls", tls.getSecret().getSecretName());
        assertEquals(
                List.of("tls.crt->tls.crt", "tls.key->tls.key"),
                tls.getSecret().getItems().stream()
                        .map(i -> i.getKey() + "->" + i.getPath())
                        .toList());
        Volume users = pod.getVolumes().stream()
                .filter(v -> v.getName().equals("users"))
                .findFirst()
                .orElseThrow();
        assertEquals("posixgw-users", users.getSecret().getSecretName());
        assertEquals(
                List.of("accounts->users.json"),
                users.getSecret().getItems().stream()
                        .map(i -> i.getKey() + "->" + i.getPath())
                        .toList());
        assertEquals(0440, tls.getSecret().getDefaultMode(), "readable by the pod's group (fsGroup), not by others");
        assertEquals(
                "https",
                d.getSpec().getTemplate().getMetadata().getAnnotations().get("prometheus.io/scheme"));
        List<Map<String, Object>> endpoints =
                one(objects, GenericKubernetesResource.class).get("spec", "endpoints");
        assertEquals("https", endpoints.get(0).get("scheme"));

        assertTrue(container(
                        one(
                                        render(
                                                "tls: {enabled: true, secretName: s, certKey: cert.pem, keyKey: key.pem}"),
                                        Deployment.class)
                                .getSpec()
                                .getTemplate()
                                .getSpec(),
                        "posixgw")
                .getVolumeMounts()
                .stream()
                .anyMatch(m -> m.getName().equals("tls")));
        RuntimeException noTlsSecret = assertThrows(RuntimeException.class, () -> render("tls: {enabled: true}"));
        assertTrue(noTlsSecret.getMessage().contains("tls.secretName is required"), noTlsSecret.getMessage());
        RuntimeException noUsersSecret = assertThrows(RuntimeException.class, () -> render("users: {enabled: true}"));
        assertTrue(noUsersSecret.getMessage().contains("users.existingSecret is required"), noUsersSecret.getMessage());
    }

    @Test
    void theImageTagIsPinned() throws Exception {
        RuntimeException e = assertThrows(RuntimeException.class, () -> render("image: {tag: latest}"));
        assertTrue(e.getMessage().contains("pin a version"), e.getMessage());
        assertEquals(
                "posixgw@sha256:0123",
                container(
                                one(render("image: {digest: 'sha256:0123'}"), Deployment.class)
                                        .getSpec()
                                        .getTemplate()
                                        .getSpec(),
                                "posixgw")
                        .getImage());
    }

    static Map<String, String> selector(Deployment d) {
        return d.getSpec().getSelector().getMatchLabels();
    }

    static String claimOf(Deployment d) {
        return d.getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals("data"))
                .findFirst()
                .orElseThrow()
                .getPersistentVolumeClaim()
                .getClaimName();
    }

    @Test
    void oneGatewayOnReadWriteOnceIsOnePodRecreatedWithoutBudgetOrSpread() throws Exception {
        for (String values :
                new String[] {null, "replicaCount: 1", "replicaCount: 1\nspread: {podAntiAffinity: hard}"}) {
            List<HasMetadata> objects = render(values);
            assertEquals(
                    List.of("Deployment", "PersistentVolumeClaim", "Service"),
                    objects.stream().map(HasMetadata::getKind).sorted().toList(),
                    String.valueOf(values));
            Deployment d = one(objects, Deployment.class);
            assertEquals(1, d.getSpec().getReplicas());
            assertEquals(
                    "Recreate", d.getSpec().getStrategy().getType(), "a ReadWriteOnce volume: never two pods at once");
            assertNull(d.getSpec().getStrategy().getRollingUpdate());
            PodSpec pod = d.getSpec().getTemplate().getSpec();
            assertTrue(pod.getTopologySpreadConstraints().isEmpty(), "one pod: nothing to spread");
            assertNull(pod.getAffinity());
        }
        // Zero (scaled down) is a count like any other.
        assertEquals(
                0, one(render("replicaCount: 0"), Deployment.class).getSpec().getReplicas());
        // One gateway on a ReadWriteMany volume may roll: the new pod can mount it beside the old.
        List<HasMetadata> rwx = render("persistence: {accessModes: [ReadWriteMany]}");
        assertEquals(
                "RollingUpdate",
                one(rwx, Deployment.class).getSpec().getStrategy().getType());
        assertTrue(all(rwx, PodDisruptionBudget.class).isEmpty(), "a budget for one pod would block every drain");
        assertTrue(one(rwx, Deployment.class)
                .getSpec()
                .getTemplate()
                .getSpec()
                .getTopologySpreadConstraints()
                .isEmpty());
    }

    @Test
    void threeGatewaysOnReadWriteManyRollShareTheClaimAndSpreadOverNodes() throws Exception {
        List<HasMetadata> objects = render("""
                replicaCount: 3
                persistence: {accessModes: [ReadWriteMany], storageClass: cephfs}
                """);
        assertEquals(
                List.of("Deployment", "PersistentVolumeClaim", "PodDisruptionBudget", "Service"),
                objects.stream().map(HasMetadata::getKind).sorted().toList());
        Deployment d = one(objects, Deployment.class);
        assertEquals(3, d.getSpec().getReplicas());
        assertEquals("RollingUpdate", d.getSpec().getStrategy().getType());
        assertEquals(
                1, d.getSpec().getStrategy().getRollingUpdate().getMaxSurge().getIntVal());
        assertEquals(
                0,
                d.getSpec().getStrategy().getRollingUpdate().getMaxUnavailable().getIntVal(),
                "a new gateway is ready before an old one stops");

        PersistentVolumeClaim pvc = one(objects, PersistentVolumeClaim.class);
        assertEquals(List.of("ReadWriteMany"), pvc.getSpec().getAccessModes());
        assertEquals("cephfs", pvc.getSpec().getStorageClassName());
        assertEquals(pvc.getMetadata().getName(), claimOf(d), "every gateway mounts the one claim");
        assertEquals("keep", pvc.getMetadata().getAnnotations().get("helm.sh/resource-policy"));

        PodDisruptionBudget pdb = one(objects, PodDisruptionBudget.class);
        assertEquals("policy/v1", pdb.getApiVersion());
        assertEquals(1, pdb.getSpec().getMaxUnavailable().getIntVal());
        assertNull(pdb.getSpec().getMinAvailable());
        assertEquals(selector(d), pdb.getSpec().getSelector().getMatchLabels(), "the budget covers the gateways");

        PodSpec pod = d.getSpec().getTemplate().getSpec();
        assertEquals(1, pod.getTopologySpreadConstraints().size());
        TopologySpreadConstraint spread = pod.getTopologySpreadConstraints().get(0);
        assertEquals("kubernetes.io/hostname", spread.getTopologyKey());
        assertEquals(1, spread.getMaxSkew());
        assertEquals("ScheduleAnyway", spread.getWhenUnsatisfiable(), "still schedulable on fewer nodes than gateways");
        assertEquals(selector(d), spread.getLabelSelector().getMatchLabels());
        assertNull(pod.getAffinity(), "no anti-affinity unless asked");
        // The rest of the pod is the single pod's: same hardening, probes, Service selection.
        assertEquals(1200L, pod.getSecurityContext().getRunAsUser());
        assertEquals(
                "/_/ready",
                container(pod, "posixgw").getReadinessProbe().getHttpGet().getPath());
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        one(objects, Service.class).getSpec().getSelector().forEach((k, v) -> assertEquals(v, podLabels.get(k), k));

        // --set gives integers where a values file gives floats: the same rendering.
        Deployment set = one(
                render(
                        new Helm(CHART)
                                .template()
                                .set("replicaCount", 3)
                                .set("persistence.accessModes[0]", "ReadWriteMany"),
                        null),
                Deployment.class);
        assertEquals(3, set.getSpec().getReplicas());
        assertEquals("RollingUpdate", set.getSpec().getStrategy().getType());
    }

    @Test
    void theSpreadBudgetAndUpdateAreTunable() throws Exception {
        Deployment d = one(render("""
                replicaCount: 4
                persistence: {accessModes: [ReadWriteMany]}
                rollingUpdate: {maxSurge: 2, maxUnavailable: 1}
                spread:
                  topologyKeys: [kubernetes.io/hostname, topology.kubernetes.io/zone]
                  whenUnsatisfiable: DoNotSchedule
                  podAntiAffinity: hard
                affinity:
                  nodeAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                      nodeSelectorTerms:
                        - matchExpressions:
                            - {key: storage, operator: In, values: [cephfs]}
                """), Deployment.class);
        assertEquals(
                2, d.getSpec().getStrategy().getRollingUpdate().getMaxSurge().getIntVal());
        PodSpec pod = d.getSpec().getTemplate().getSpec();
        assertEquals(
                List.of("kubernetes.io/hostname", "topology.kubernetes.io/zone"),
                pod.getTopologySpreadConstraints().stream()
                        .map(TopologySpreadConstraint::getTopologyKey)
                        .toList());
        assertTrue(pod.getTopologySpreadConstraints().stream()
                .allMatch(c -> c.getWhenUnsatisfiable().equals("DoNotSchedule")));
        assertEquals(
                "storage",
                pod.getAffinity()
                        .getNodeAffinity()
                        .getRequiredDuringSchedulingIgnoredDuringExecution()
                        .getNodeSelectorTerms()
                        .get(0)
                        .getMatchExpressions()
                        .get(0)
                        .getKey(),
                "the affinity value is kept");
        var hard = pod.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        assertEquals(1, hard.size());
        assertEquals("kubernetes.io/hostname", hard.get(0).getTopologyKey());
        assertEquals(selector(d), hard.get(0).getLabelSelector().getMatchLabels());

        PodSpec soft =
                one(render("""
                replicaCount: 2
                persistence: {accessModes: [ReadWriteMany]}
                spread: {podAntiAffinity: soft, topologyKeys: []}
                """), Deployment.class).getSpec().getTemplate().getSpec();
        assertTrue(soft.getTopologySpreadConstraints().isEmpty());
        WeightedPodAffinityTerm preferred = soft.getAffinity()
                .getPodAntiAffinity()
                .getPreferredDuringSchedulingIgnoredDuringExecution()
                .get(0);
        assertEquals(100, preferred.getWeight());
        assertEquals("kubernetes.io/hostname", preferred.getPodAffinityTerm().getTopologyKey());

        // An explicit anti-affinity and explicit constraints are taken as they are.
        PodSpec own = one(render("""
                replicaCount: 2
                persistence: {accessModes: [ReadWriteMany]}
                spread: {podAntiAffinity: hard}
                affinity:
                  podAntiAffinity:
                    preferredDuringSchedulingIgnoredDuringExecution:
                      - weight: 7
                        podAffinityTerm: {topologyKey: rack, labelSelector: {matchLabels: {app: x}}}
                topologySpreadConstraints:
                  - {maxSkew: 2, topologyKey: rack, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: x}}}
                """), Deployment.class).getSpec().getTemplate().getSpec();
        assertTrue(
                own.getAffinity()
                        .getPodAntiAffinity()
                        .getRequiredDuringSchedulingIgnoredDuringExecution()
                        .isEmpty(),
                "the value's own anti-affinity wins");
        assertEquals(
                7,
                own.getAffinity()
                        .getPodAntiAffinity()
                        .getPreferredDuringSchedulingIgnoredDuringExecution()
                        .get(0)
                        .getWeight());
        assertEquals(
                List.of("rack"),
                own.getTopologySpreadConstraints().stream()
                        .map(TopologySpreadConstraint::getTopologyKey)
                        .toList());

        List<HasMetadata> budget = render("""
                replicaCount: 3
                persistence: {accessModes: [ReadWriteMany]}
                podDisruptionBudget: {minAvailable: 2}
                """);
        assertEquals(
                2,
                one(budget, PodDisruptionBudget.class)
                        .getSpec()
                        .getMinAvailable()
                        .getIntVal());
        assertNull(one(budget, PodDisruptionBudget.class).getSpec().getMaxUnavailable());
        assertTrue(all(render("""
                replicaCount: 3
                persistence: {accessModes: [ReadWriteMany]}
                podDisruptionBudget: {enabled: false}
                """), PodDisruptionBudget.class).isEmpty());
        RuntimeException bad = assertThrows(RuntimeException.class, () -> render("""
                replicaCount: 2
                persistence: {accessModes: [ReadWriteMany]}
                spread: {podAntiAffinity: always}
                """));
        assertTrue(bad.getMessage().contains("spread.podAntiAffinity \"always\""), bad.getMessage());
    }

    @Test
    void anExistingSharedClaimServesEveryGateway() throws Exception {
        List<HasMetadata> objects = render("""
                replicaCount: 3
                persistence: {existingClaim: glusterfs-data, accessModes: [ReadWriteMany]}
                """);
        assertTrue(all(objects, PersistentVolumeClaim.class).isEmpty(), "the claim exists already");
        Deployment d = one(objects, Deployment.class);
        assertEquals("glusterfs-data", claimOf(d));
        assertEquals(3, d.getSpec().getReplicas());
        assertEquals("RollingUpdate", d.getSpec().getStrategy().getType());
        assertEquals(1, all(objects, PodDisruptionBudget.class).size());
    }

    @Test
    void severalGatewaysOnAReadWriteOnceVolumeAreRefused() {
        for (String values : new String[] {
            "replicaCount: 2",
            "replicaCount: 3\npersistence: {existingClaim: old-data}",
            "replicaCount: 3\npersistence: {accessModes: [ReadWriteOncePod]}"
        }) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> render(values), values);
            assertTrue(e.getMessage().contains("needs a ReadWriteMany volume"), e.getMessage());
            assertTrue(e.getMessage().contains("persistence.accessModes"), e.getMessage());
            assertTrue(e.getMessage().contains("docs/DEPLOY-SCALE-OUT.md"), e.getMessage());
        }
        RuntimeException negative = assertThrows(RuntimeException.class, () -> render("replicaCount: -1"));
        assertTrue(negative.getMessage().contains("must be 0 or more"), negative.getMessage());
    }

    @Test
    void theSidecarModeKeepsMetadataOnTheSharedVolume() throws Exception {
        List<HasMetadata> objects = render("""
                replicaCount: 3
                persistence: {accessModes: [ReadWriteMany], storageClass: nfs-csi}
                sidecar: {enabled: true}
                """);
        Container c =
                container(one(objects, Deployment.class).getSpec().getTemplate().getSpec(), "posixgw");
        assertEquals("/data/meta", env(c, "POSIXGW_SIDECAR").orElseThrow().getValue());
        assertEquals("/data/s3", env(c, "POSIXGW_ROOT").orElseThrow().getValue());
        assertEquals(
                "/data",
                c.getVolumeMounts().stream()
                        .filter(m -> m.getName().equals("data"))
                        .findFirst()
                        .orElseThrow()
                        .getMountPath(),
                "the sidecar directory is on the claim every gateway mounts");
        assertEquals(
                "/data/attrs",
                env(
                                container(
                                        one(render("sidecar: {enabled: true, dir: /data/attrs/}"), Deployment.class)
                                                .getSpec()
                                                .getTemplate()
                                                .getSpec(),
                                        "posixgw"),
                                "POSIXGW_SIDECAR")
                        .orElseThrow()
                        .getValue());

        RuntimeException offVolume =
                assertThrows(RuntimeException.class, () -> render("sidecar: {enabled: true, dir: /tmp/meta}"));
        assertTrue(offVolume.getMessage().contains("must be on the data volume"), offVolume.getMessage());
        RuntimeException inRoot =
                assertThrows(RuntimeException.class, () -> render("sidecar: {enabled: true, dir: /data/s3/meta}"));
        assertTrue(inRoot.getMessage().contains("must be outside config.dataRoot"), inRoot.getMessage());
        assertThrows(RuntimeException.class, () -> render("sidecar: {enabled: true, dir: /data/s3}"));
    }

    @Test
    void theDashboardShipsAsAGrafanaConfigMapWhenMetricsAreOn() throws Exception {
        assertTrue(all(render(null), ConfigMap.class).isEmpty(), "no metrics, no dashboard");
        assertTrue(all(render("metrics: {enabled: true, dashboard: {enabled: false}}"), ConfigMap.class)
                .isEmpty());

        List<HasMetadata> objects =
                render("metrics: {enabled: true, dashboard: {annotations: {grafana_folder: Storage}}}");
        ConfigMap cm = one(objects, ConfigMap.class);
        assertEquals("posixgw-dashboard", cm.getMetadata().getName());
        assertEquals("1", cm.getMetadata().getLabels().get("grafana_dashboard"), "what Grafana's sidecar looks for");
        assertEquals(
                "dashboard",
                cm.getMetadata().getLabels().get("app.kubernetes.io/component"),
                "not object-store: the ServiceMonitor's selector stays on the Service");
        assertEquals("Storage", cm.getMetadata().getAnnotations().get("grafana_folder"));
        assertEquals(Set.of("posixgw.json"), cm.getData().keySet());
        ObjectMapper json = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        JsonNode shipped = json.readTree(cm.getData().get("posixgw.json"));
        assertEquals(
                json.readTree(CHART.resolve("dashboards/posixgw.json").toFile()), shipped, "the chart's file, whole");
        assertEquals("posixgw", shipped.get("uid").asText());
        assertTrue(shipped.get("panels").size() > 10);

        assertEquals(
                "2",
                one(render("metrics: {enabled: true, dashboard: {labels: {grafana_dashboard: '2'}}}"), ConfigMap.class)
                        .getMetadata()
                        .getLabels()
                        .get("grafana_dashboard"),
                "another Grafana's label");
    }

    @Test
    void severalGatewaysWithMetricsLintStrict() throws Exception {
        // lint takes no values: lint a copy whose defaults are three gateways with metrics and the dashboard.
        Path copy = tmp.resolve("posixgw");
        try (var files = Files.walk(CHART)) {
            for (Path p : files.toList()) {
                Path target = copy.resolve(CHART.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        Path values = copy.resolve("values.yaml");
        String defaults = Files.readString(values);
        String scaled = defaults.replace("\nreplicaCount: 1\n", "\nreplicaCount: 3\n")
                .replace("  accessModes:\n    - ReadWriteOnce\n", "  accessModes:\n    - ReadWriteMany\n")
                .replace("\nmetrics:\n  enabled: false\n", "\nmetrics:\n  enabled: true\n")
                .replace("\nsidecar:\n  enabled: false\n", "\nsidecar:\n  enabled: true\n");
        assertEquals(4, countDifferentLines(defaults, scaled), "the four defaults were rewritten");
        Files.writeString(values, scaled);
        LintResult result = new Helm(copy).lint().strict().call();
        assertFalse(result.isFailed(), String.join("\n", result.getMessages()));
        List<HasMetadata> objects = render(new Helm(copy).template(), null);
        assertEquals(3, one(objects, Deployment.class).getSpec().getReplicas());
        assertEquals(1, all(objects, ConfigMap.class).size());
    }

    private static long countDifferentLines(String a, String b) {
        List<String> x = a.lines().toList();
        List<String> y = b.lines().toList();
        assertEquals(x.size(), y.size());
        return java.util.stream.IntStream.range(0, x.size())
                .filter(i -> !x.get(i).equals(y.get(i)))
                .count();
    }
}
