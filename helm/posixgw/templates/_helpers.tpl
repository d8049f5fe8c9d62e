{{/* Chart name, truncated to a DNS label. */}}
{{- define "posixgw.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name: the release name alone when it already contains the chart name. */}}
{{- define "posixgw.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "posixgw.selectorLabels" -}}
app.kubernetes.io/name: {{ include "posixgw.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "posixgw.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "posixgw.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "posixgw.labels" -}}
{{ include "posixgw.commonLabels" . }}
app.kubernetes.io/component: object-store
{{- end }}

{{/* The image, pinned: the tag defaults to the chart's appVersion and "latest" is refused. */}}
{{- define "posixgw.image" -}}
{{- $tag := toString (default .Chart.AppVersion .Values.image.tag) }}
{{- if eq $tag "latest" }}
{{- fail "image.tag: pin a version (default: the chart's appVersion), not latest" }}
{{- end }}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository $tag }}
{{- end }}
{{- end }}

{{- define "posixgw.secretName" -}}
{{- default (include "posixgw.fullname" .) .Values.auth.existingSecret }}
{{- end }}

{{- define "posixgw.claimName" -}}
{{- default (printf "%s-data" (include "posixgw.fullname" .)) .Values.persistence.existingClaim }}
{{- end }}

{{/* Environment shared by the server and the migrate initContainer: data root, metadata mode, JVM options. */}}
{{- define "posixgw.storageEnv" -}}
- name: POSIXGW_ROOT
  value: {{ .Values.config.dataRoot | quote }}
- name: POSIXGW_FSYNC
  value: {{ .Values.config.fsync | quote }}
{{- if .Values.sidecar.enabled }}
- name: POSIXGW_SIDECAR
  value: {{ include "posixgw.sidecarDir" . | quote }}
{{- end }}
{{- if .Values.versioning.enabled }}
- name: POSIXGW_VERSIONING_DIR
  value: {{ include "posixgw.versioningDir" . | quote }}
{{- end }}
{{- if .Values.javaOpts }}
- name: POSIXGW_JAVA_OPTS
  value: {{ .Values.javaOpts | quote }}
{{- end }}
- name: ROOT_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ include "posixgw.secretName" . }}
      key: {{ .Values.auth.secretKeys.user }}
- name: ROOT_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "posixgw.secretName" . }}
      key: {{ .Values.auth.secretKeys.password }}
{{- end }}

{{/* HTTP or HTTPS: what the port speaks, for probes and scrapes. */}}
{{- define "posixgw.scheme" -}}
{{- if .Values.tls.enabled }}HTTPS{{ else }}HTTP{{ end }}
{{- end }}

{{- define "posixgw.volumeMounts" -}}
- name: data
  mountPath: /data
- name: tmp
  mountPath: /tmp
{{- end }}

{{/*
The sidecar metadata directory, checked: on the data volume (every gateway must read the
metadata the others write) and outside the data root (where it would be listed as a bucket).
*/}}
{{- define "posixgw.sidecarDir" -}}
{{- $dir := trimSuffix "/" .Values.sidecar.dir }}
{{- $root := trimSuffix "/" .Values.config.dataRoot }}
{{- if not (hasPrefix "/data/" $dir) }}
{{- fail (printf "sidecar.dir %q must be on the data volume, under /data/ (beside config.dataRoot): every gateway must see the metadata the others write" .Values.sidecar.dir) }}
{{- end }}
{{- if or (eq $dir $root) (hasPrefix (printf "%s/" $root) $dir) }}
{{- fail (printf "sidecar.dir %q must be outside config.dataRoot %q (beside it, e.g. /data/meta), or it would be served as a bucket" .Values.sidecar.dir .Values.config.dataRoot) }}
{{- end }}
{{- $dir }}
{{- end }}

{{/*
The versioning directory, checked like the sidecar's: on the data volume, outside the data root.
*/}}
{{- define "posixgw.versioningDir" -}}
{{- $dir := trimSuffix "/" .Values.versioning.dir }}
{{- $root := trimSuffix "/" .Values.config.dataRoot }}
{{- if not (hasPrefix "/data/" $dir) }}
{{- fail (printf "versioning.dir %q must be on the data volume, under /data/ (beside config.dataRoot): every gateway must see the versions the others keep" .Values.versioning.dir) }}
{{- end }}
{{- if or (eq $dir $root) (hasPrefix (printf "%s/" $root) $dir) }}
{{- fail (printf "versioning.dir %q must be outside config.dataRoot %q (beside it, e.g. /data/versions), or it would be served as a bucket" .Values.versioning.dir .Values.config.dataRoot) }}
{{- end }}
{{- $dir }}
{{- end }}

{{/* Whether the volume can be mounted on several nodes at once: persistence.accessModes has ReadWriteMany (for an existing claim, say there what it has). */}}
{{- define "posixgw.sharedVolume" -}}
{{- has "ReadWriteMany" .Values.persistence.accessModes }}
{{- end }}

{{/* The number of gateways: more than one only on a ReadWriteMany volume. */}}
{{- define "posixgw.replicas" -}}
{{- $n := int .Values.replicaCount }}
{{- if lt $n 0 }}
{{- fail (printf "replicaCount %v: must be 0 or more" .Values.replicaCount) }}
{{- end }}
{{- if and (gt $n 1) (ne (include "posixgw.sharedVolume" .) "true") }}
{{- fail (printf "replicaCount %d needs a ReadWriteMany volume, but persistence.accessModes is %s: such a volume mounts on one node at a time. Set persistence.accessModes to [ReadWriteMany] with a shared file system (CephFS, NFS, GlusterFS: persistence.storageClass, or persistence.existingClaim), or replicaCount to 1. See docs/DEPLOY-SCALE-OUT.md" $n (toJson .Values.persistence.accessModes)) }}
{{- end }}
{{- $n }}
{{- end }}

{{/* Affinity: the affinity value, plus a podAntiAffinity on spread.topologyKeys' first key when several gateways and spread.podAntiAffinity ask for it (unless the value has its own). */}}
{{- define "posixgw.affinity" -}}
{{- $affinity := deepCopy (default dict .Values.affinity) }}
{{- $mode := .Values.spread.podAntiAffinity }}
{{- if and (gt (int .Values.replicaCount) 1) $mode (not (hasKey $affinity "podAntiAffinity")) }}
{{- $term := dict "labelSelector" (dict "matchLabels" (include "posixgw.selectorLabels" . | fromYaml)) "topologyKey" .Values.spread.antiAffinityTopologyKey }}
{{- if eq $mode "hard" }}
{{- $_ := set $affinity "podAntiAffinity" (dict "requiredDuringSchedulingIgnoredDuringExecution" (list $term)) }}
{{- else if eq $mode "soft" }}
{{- $_ := set $affinity "podAntiAffinity" (dict "preferredDuringSchedulingIgnoredDuringExecution" (list (dict "weight" 100 "podAffinityTerm" $term))) }}
{{- else }}
{{- fail (printf "spread.podAntiAffinity %q: one of soft, hard, or empty (none)" $mode) }}
{{- end }}
{{- end }}
{{- if $affinity }}
{{- toYaml $affinity }}
{{- end }}
{{- end }}

{{/* topologySpreadConstraints: the value when set, else one per spread.topologyKeys entry when several gateways. */}}
{{- define "posixgw.topologySpread" -}}
{{- if .Values.topologySpreadConstraints }}
{{- toYaml .Values.topologySpreadConstraints }}
{{- else if gt (int .Values.replicaCount) 1 }}
{{- $constraints := list }}
{{- range .Values.spread.topologyKeys }}
{{- $constraints = append $constraints (dict "maxSkew" (int $.Values.spread.maxSkew) "topologyKey" . "whenUnsatisfiable" $.Values.spread.whenUnsatisfiable "labelSelector" (dict "matchLabels" (include "posixgw.selectorLabels" $ | fromYaml))) }}
{{- end }}
{{- with $constraints }}
{{- toYaml . }}
{{- end }}
{{- end }}
{{- end }}
