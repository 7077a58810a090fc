import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Answers received in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes sent per answer, headers included (compressed when the request accepted it). */
  bytesPerAnswer: number;
  peakRssMb: number;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 50 ms until stopped; returns the peak. */
export function sampleRss(pid: number): () => number {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/** Runs autocannon against one URL and reports throughput, latency and the server's peak RSS. */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  serverPid?: number;
}): Promise<LoadResult> {
  const stopSampling = options.serverPid ? sampleRss(options.serverPid) : () => 0;
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytesPerAnswer: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total)
      : 0,
    peakRssMb: stopSampling(),
  };
}
