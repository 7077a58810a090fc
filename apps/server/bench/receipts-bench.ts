// `npm run bench:receipts [DIR]`: reads every receipt (JPEG, PNG or PDF) of DIR (default
// ../shared/receipts/sroie-dev from the repository root) through the real receipt reading
// pipeline (not HTTP), compares the result with DIR/labels.json and prints per-field accuracy,
// seconds per receipt and the peak memory of this process plus its OCR workers, sampled while
// reading.
//
// Two label formats (receipt-lib/labels.ts): SROIE's (`company`, day-first `date`, `total`) and
// the world set's (`company`, `date` YYYY-MM-DD or null, `total` "12.34" or null, `currency`,
// `country`, `merchantFromLogo`; `npm run bench:receipts -- /work/world-dev-full`). A null field
// is not scored: each accuracy is over the receipts whose label has that field. World receipts
// are read with the hints a user of their country gives Moneta: the currency and time zone of
// DE/ES/FR/IT (EUR, Europe/Berlin|Madrid|Paris|Rome), US (USD, America/New_York), GB (GBP,
// Europe/London), JP (JPY, Asia/Tokyo), CA (CAD, America/Toronto), AU (AUD, Australia/Sydney).
// SROIE receipts get none (Moneta has no ringgit), so they are read from the receipt alone.
// "no total (422)" counts the readings the upload would refuse.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectMimeType } from '../src/domains/receipts/mime-type';
import { createReceiptReader } from '../src/domains/receipts/reading';
import { readBenchLabels } from './receipt-lib/labels';
import { editDistance, normalizeMerchantLabel } from './receipt-lib/scoring';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dir = resolve(repoRoot, process.argv[2] ?? '../shared/receipts/sroie-dev');
const imageDir = (await readdir(dir)).includes('img') ? join(dir, 'img') : dir;
const labels = await readBenchLabels(dir);

function rssKb(pid: number | 'self'): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
}

// CPU seconds a process has used (user + system), from /proc/<pid>/stat: wall-clock times on a
// shared machine vary with the other jobs, CPU time much less, so variants compare fairly on it.
const CLOCK_TICKS_PER_SECOND = 100;
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

// BENCH_WORKER_RECYCLE_MB compares worker memory limits (the reader's default otherwise).
const recycleMb = Number(process.env.BENCH_WORKER_RECYCLE_MB);
const reader = createReceiptReader(recycleMb > 0 ? { workerRecycleMb: recycleMb } : {});
// CPU seconds of every worker so far, a replaced one's as last sampled (the pool replaces a
// worker whose memory passed its limit, and a timed-out one).
const workerCpuSeen = new Map<number, number>();
const workerCpu = () => {
  for (const pid of reader.workerPids()) {
    const seconds = cpuSeconds(pid);
    if (seconds > 0) workerCpuSeen.set(pid, seconds);
  }
  return [...workerCpuSeen.values()].reduce((sum, seconds) => sum + seconds, 0);
};
let peakKb = 0;
// The peak while the current receipt is read, for BENCH_VERBOSE's line per receipt.
let receiptPeakKb = 0;
const sample = () => {
  workerCpu();
  const total = rssKb('self') + reader.workerPids().reduce((sum, pid) => sum + rssKb(pid), 0);
  peakKb = Math.max(peakKb, total);
  receiptPeakKb = Math.max(receiptPeakKb, total);
};
const sampler = setInterval(sample, 25);

const seconds: number[] = [];
const cpu: number[] = [];
// The machine's 1-minute load average after each receipt: the context of the wall-clock figures.
const loads: number[] = [];
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const mean = (values: number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
// Each field is scored over the receipts whose label has it.
const scored = { total: 0, date: 0, merchant: 0, currency: 0 };
let totalOk = 0;
let dateOk = 0;
let merchantExact = 0;
let merchantClose = 0;
let currencyOk = 0;
let noTotal = 0;
let failures = 0;
const verbose = process.env.BENCH_VERBOSE === '1';
// BENCH_TEXT_DIR=dir writes each receipt's OCR text to dir/<image>.txt, to compare variants.
const textDir = process.env.BENCH_TEXT_DIR;
if (textDir) await mkdir(textDir, { recursive: true });

for (const label of labels) {
  const { file } = label;
  const bytes = await readFile(join(imageDir, file));
  const mimeType = detectMimeType(bytes);
  receiptPeakKb = 0;
  const started = performance.now();
  const cpuBefore = workerCpu();
  const selfBefore = process.cpuUsage();
  try {
    if (!mimeType) throw new Error('not a JPEG, PNG or PDF');
    const reading = await reader.read(bytes, mimeType, {
      today: new Date().toISOString().slice(0, 10),
      ...label.hints,
    });
    seconds.push((performance.now() - started) / 1000);
    const self = process.cpuUsage(selfBefore);
    // The first receipt starts the worker (cpuBefore 0) and so also counts its model loading.
    cpu.push(workerCpu() - cpuBefore + (self.user + self.system) / 1e6);
    loads.push(loadAverage());
    sample();
    if (textDir) await writeFile(join(textDir, `${file}.txt`), reading.text);
    const misses: string[] = [];
    noTotal += Number(reading.total === null);
    if (label.total !== null) {
      scored.total++;
      const isOk = reading.total === label.total;
      totalOk += Number(isOk);
      if (!isOk) misses.push(`total ${reading.total} / ${label.total}`);
    }
    if (label.date !== null) {
      scored.date++;
      const isOk = reading.date === label.date;
      dateOk += Number(isOk);
      if (!isOk) misses.push(`date ${reading.date} / ${label.date}`);
    }
    const want = normalizeMerchantLabel(label.company ?? '');
    if (want !== '') {
      scored.merchant++;
      const got = normalizeMerchantLabel(reading.merchant ?? '');
      const isExact = got === want;
      merchantExact += Number(isExact);
      merchantClose += Number(editDistance(got, want) <= Math.floor(want.length * 0.1));
      if (!isExact) misses.push(`merchant "${got}" / "${want}"`);
    }
    if (label.currency !== null) {
      scored.currency++;
      currencyOk += Number(reading.currency === label.currency);
    }
    if (verbose) {
      const cost = `${(seconds.at(-1) ?? 0).toFixed(2)} s, ${(cpu.at(-1) ?? 0).toFixed(2)} CPU s, ${(receiptPeakKb / 1024).toFixed(0)} MB`;
      console.log(`${file}: ${cost}${misses.length > 0 ? `; ${misses.join(', ')}` : ''}`);
    }
  } catch (error) {
    failures++;
    seconds.push((performance.now() - started) / 1000);
    console.log(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
clearInterval(sampler);
await reader.close();

const n = labels.length;
const quantileOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const quantile = quantileOf(seconds);
const cpuQuantile = quantileOf(cpu);
const pct = (count: number, of = n) =>
  `${((100 * count) / Math.max(1, of)).toFixed(1)}%${of === n ? '' : ` (of ${of})`}`;
const rows: Array<[string, string]> = [
  ['receipts', String(n)],
  ['total (as a number)', pct(totalOk, scored.total)],
  ['date (ISO)', pct(dateOk, scored.date)],
  ['merchant exact', pct(merchantExact, scored.merchant)],
  ['merchant within 10% edit distance', pct(merchantClose, scored.merchant)],
  ['currency', scored.currency > 0 ? pct(currencyOk, scored.currency) : '—'],
  ['no total (422)', String(noTotal)],
  ['median s / receipt', quantile(0.5).toFixed(2)],
  ['p90 s / receipt', quantile(0.9).toFixed(2)],
  ['median CPU s / receipt (process + OCR workers)', cpuQuantile(0.5).toFixed(2)],
  [
    'load average (1 min) during the run, mean / max',
    `${mean(loads).toFixed(1)} / ${Math.max(...loads).toFixed(1)}`,
  ],
  ['peak RSS (process + OCR workers)', `${(peakKb / 1024).toFixed(0)} MB`],
  ['errors', String(failures)],
];
console.log(`\nReceipt reading benchmark: ${dir}\n`);
for (const [name, value] of rows) console.log(`${name.padEnd(48)} ${value}`);
console.log('\n| measure | value |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
