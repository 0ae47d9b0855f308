{{/* Names and labels. */}}
{{- define "prizepacks.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "prizepacks.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "prizepacks.selectorLabels" -}}
app.kubernetes.io/name: {{ include "prizepacks.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "prizepacks.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "prizepacks.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "prizepacks.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "prizepacks.secretName" -}}
{{- default (include "prizepacks.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/*
Checks made once, at render time: what the service would refuse at start, refused here first.
*/}}
{{- define "prizepacks.validate" -}}
{{- $_ := required "publicUrl is required: the app's public URL, e.g. https://packs.example.com (BETTER_AUTH_URL)" .Values.publicUrl -}}
{{- if not (regexMatch "^https?://" .Values.publicUrl) -}}
{{- fail "publicUrl must start with https:// (or http://)" -}}
{{- end -}}
{{- if not .Values.secrets.existingSecret -}}
{{- $v := .Values.secrets.values -}}
{{- $_ := required "secrets.values.DATABASE_URL is required (or secrets.existingSecret): the embedded database is one process's" $v.DATABASE_URL -}}
{{- if not (or $v.REDIS_URL (and $v.UPSTASH_REDIS_REST_URL $v.UPSTASH_REDIS_REST_TOKEN)) -}}
{{- fail "secrets.values.REDIS_URL is required (or both UPSTASH_REDIS_REST_*, or secrets.existingSecret): rate limits must be shared by every pod" -}}
{{- end -}}
{{- $_ := required "secrets.values.BETTER_AUTH_SECRET is required (or secrets.existingSecret): every pod must sign sessions alike" $v.BETTER_AUTH_SECRET -}}
{{- if lt (len $v.BETTER_AUTH_SECRET) 32 -}}
{{- fail "secrets.values.BETTER_AUTH_SECRET must be at least 32 characters" -}}
{{- end -}}
{{- $_ := required "secrets.values.SMTP_URL is required (or secrets.existingSecret): production mode sends mail" $v.SMTP_URL -}}
{{- end -}}
{{- $drain := add .Values.shutdown.delaySeconds .Values.shutdown.timeoutSeconds -}}
{{- if le (int .Values.terminationGracePeriodSeconds) (int (add $drain 5)) -}}
{{- fail (printf "terminationGracePeriodSeconds (%v) must exceed shutdown.delaySeconds + shutdown.timeoutSeconds + 5 (%v): the drain must finish before the kubelet kills the pod" .Values.terminationGracePeriodSeconds (add $drain 5)) -}}
{{- end -}}
{{- range $key, $_ := .Values.env -}}
{{- if has $key (list "HOST" "PORT" "DEMO_MODE" "BETTER_AUTH_URL" "PRIZEPACKS_DATA_DIR" "METRICS_PORT" "METRICS_HOST" "SHUTDOWN_DELAY_SECONDS" "SHUTDOWN_TIMEOUT_SECONDS" "WEB_CONCURRENCY") -}}
{{- fail (printf "env.%s is set by the chart; use the value it comes from (values.yaml says which)" $key) -}}
{{- end -}}
{{- if has $key (keys $.Values.secrets.values) -}}
{{- fail (printf "env.%s is a secret: put it in secrets.values or secrets.existingSecret" $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The environment of the server and of the migration job: the same, so the job checks what the pods will run with. */}}
{{- define "prizepacks.env" -}}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: "3000"
- name: DEMO_MODE
  value: "false"
- name: BETTER_AUTH_URL
  value: {{ .Values.publicUrl | quote }}
- name: PRIZEPACKS_DATA_DIR
  value: /data
- name: WEB_CONCURRENCY
  value: {{ .Values.workers | quote }}
- name: SHUTDOWN_DELAY_SECONDS
  value: {{ .Values.shutdown.delaySeconds | quote }}
- name: SHUTDOWN_TIMEOUT_SECONDS
  value: {{ .Values.shutdown.timeoutSeconds | quote }}
{{- if .Values.metrics.enabled }}
- name: METRICS_HOST
  value: "0.0.0.0"
- name: METRICS_PORT
  value: {{ .Values.metrics.port | quote }}
{{- end }}
{{- range $key, $value := .Values.env }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{- define "prizepacks.envFrom" -}}
- secretRef:
    name: {{ include "prizepacks.secretName" . }}
{{- end -}}

{{- define "prizepacks.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "prizepacks.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}

{{/* Writable places on a read-only root: the data folder, /tmp (npm's cache and log), Next's cache. */}}
{{- define "prizepacks.volumeMounts" -}}
- name: data
  mountPath: /data
- name: tmp
  mountPath: /tmp
- name: next-cache
  mountPath: /app/apps/web/.next/cache
{{- end -}}

{{- define "prizepacks.volumes" -}}
- name: data
{{- if .Values.persistence.existingClaim }}
  persistentVolumeClaim:
    claimName: {{ .Values.persistence.existingClaim }}
{{- else }}
  emptyDir: {}
{{- end }}
- name: tmp
  emptyDir: {}
- name: next-cache
  emptyDir: {}
{{- end -}}
