// `npm run bench:receipts [DIR]`: reads every image of DIR (default ../shared/receipts/sroie-dev
// from the repository root) through the real receipt reading pipeline (not HTTP), compares the
// result with DIR/labels.json and prints per-field accuracy, seconds per receipt and the peak
// memory of this process plus its OCR workers, sampled while reading.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReceiptReader } from '../src/domains/receipts/reading';
import {
  editDistance,
  labelDateToIso,
  labelTotal,
  normalizeMerchantLabel,
} from './receipt-lib/scoring';

interface Label {
  company: string;
  date: string;
  total: string;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dir = resolve(repoRoot, process.argv[2] ?? '../shared/receipts/sroie-dev');
const imageDir = (await readdir(dir)).includes('img') ? join(dir, 'img') : dir;
const labels = JSON.parse(await readFile(join(dir, 'labels.json'), 'utf8')) as Record<
  string,
  Label
>;
const files = Object.keys(labels).sort();

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

const reader = createReceiptReader();
const workerCpu = () => reader.workerPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
let peakKb = 0;
const sample = () => {
  const total = rssKb('self') + reader.workerPids().reduce((sum, pid) => sum + rssKb(pid), 0);
  peakKb = Math.max(peakKb, total);
};
const sampler = setInterval(sample, 25);

const seconds: number[] = [];
const cpu: number[] = [];
// The machine's 1-minute load average after each receipt: the context of the wall-clock figures.
const loads: number[] = [];
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const mean = (values: number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
let totalOk = 0;
let dateOk = 0;
let merchantExact = 0;
let merchantClose = 0;
let failures = 0;
const verbose = process.env.BENCH_VERBOSE === '1';
// BENCH_TEXT_DIR=dir writes each receipt's OCR text to dir/<image>.txt, to compare variants.
const textDir = process.env.BENCH_TEXT_DIR;
if (textDir) await mkdir(textDir, { recursive: true });

for (const file of files) {
  const label = labels[file];
  if (!label) continue;
  const bytes = await readFile(join(imageDir, file));
  const mimeType = extname(file).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
  const started = performance.now();
  const cpuBefore = workerCpu();
  const selfBefore = process.cpuUsage();
  try {
    const reading = await reader.read(bytes, mimeType, {
      today: new Date().toISOString().slice(0, 10),
    });
    seconds.push((performance.now() - started) / 1000);
    const self = process.cpuUsage(selfBefore);
    // The first receipt starts the worker (cpuBefore 0) and so also counts its model loading.
    cpu.push(workerCpu() - cpuBefore + (self.user + self.system) / 1e6);
    loads.push(loadAverage());
    sample();
    if (textDir) await writeFile(join(textDir, `${file}.txt`), reading.text);
    const isTotalOk = reading.total !== null && reading.total === labelTotal(label.total);
    const isDateOk = reading.date !== null && reading.date === labelDateToIso(label.date);
    const got = normalizeMerchantLabel(reading.merchant ?? '');
    const want = normalizeMerchantLabel(label.company);
    const isExact = got === want;
    const isClose = editDistance(got, want) <= Math.floor(want.length * 0.1);
    totalOk += Number(isTotalOk);
    dateOk += Number(isDateOk);
    merchantExact += Number(isExact);
    merchantClose += Number(isClose);
    if (verbose && !(isTotalOk && isDateOk && isExact)) {
      console.log(
        `${file}: total ${reading.total} / ${label.total}, date ${reading.date} / ${label.date}, merchant "${got}" / "${want}"`,
      );
    }
  } catch (error) {
    failures++;
    seconds.push((performance.now() - started) / 1000);
    console.log(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
clearInterval(sampler);
await reader.close();

const n = files.length;
const quantileOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const quantile = quantileOf(seconds);
const cpuQuantile = quantileOf(cpu);
const pct = (count: number) => `${((100 * count) / n).toFixed(1)}%`;
const rows: Array<[string, string]> = [
  ['receipts', String(n)],
  ['total (as a number)', pct(totalOk)],
  ['date (ISO)', pct(dateOk)],
  ['merchant exact', pct(merchantExact)],
  ['merchant within 10% edit distance', pct(merchantClose)],
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
