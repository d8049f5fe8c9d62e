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
  value: {{ .Values.sidecar.dir | quote }}
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
