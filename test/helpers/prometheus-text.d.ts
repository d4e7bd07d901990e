/** Types for parse-prometheus-text-format (the package ships none): prom2json's shape. */
declare module 'parse-prometheus-text-format' {
  interface Sample {
    labels?: Record<string, string>
    value?: string
    buckets?: Record<string, string>
    count?: string
    sum?: string
  }
  interface MetricFamily {
    name: string
    help: string
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
    metrics: Sample[]
  }
  const parsePrometheusTextFormat: (text: string) => MetricFamily[]
  export default parsePrometheusTextFormat
}
