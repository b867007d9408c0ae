// `npm run bench`: builds the app, runs each section below in turn and hands their figures to the
// one reporter (bench/reporter.ts). Exit 0 when the run completed, whatever the figures, non-zero
// only when the harness itself failed. BENCH_ONLY, BENCH_SKIP_BUILD: see bench/README.md.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { abandonedSection } from './abandoned';
import { apiSection } from './api';
import { gallerySection } from './gallery';
import { Harness, runLogged, type Section } from './harness';
import { lighthouseSection } from './lighthouse';
import { phoneSection } from './phone';
import { photosSection } from './photos';
import { productionSection } from './production';
import { thankSection } from './thank';
import { videosSection } from './videoAbuse';
import { report, type SectionOutcome } from './reporter';

/** The bench, in the order it runs. The first three share one preview server and its data. */
const SECTIONS: Section[] = [
  lighthouseSection, // static copies, bytes, Lighthouse
  phoneSection, // the first tap on a throttled phone
  apiSection, // the mock API under load, 200 recognitions at once
  abandonedSection, // (api) findUser with abandoned payments, on servers of its own
  thankSection, // time to thank: each tap's wait from the QR link, on a preview of its own
  gallerySection, // a 1,000-item gallery scrolled to the end
  productionSection, // dist-server/server.js alone and behind nginx (`server`)
  photosSection, // real 12 MP phone photos
  videosSection, // the probe's crafted 50 MB video at both upload routes and in the form
];
const NAMES = [...new Set(SECTIONS.map((s) => s.name))];

const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
const ONLY: string[] | null = (() => {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return null;
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !NAMES.includes(name));
  if (unknown.length > 0) {
    console.error(`[bench] BENCH_ONLY: unknown ${unknown.join(', ')} (known: ${NAMES.join(', ')})`);
    process.exit(2);
  }
  return names;
})();

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

async function main(h: Harness): Promise<number> {
  const started = { at: new Date().toISOString(), ms: Date.now() };
  const machine = machineInfo();
  h.log(`${machine.cpuModel}, ${machine.cores} cores, node ${machine.node}`);
  h.log(`temp dir ${h.tmp}`);
  if (SKIP_BUILD) {
    h.log('build skipped (BENCH_SKIP_BUILD=1): measuring the dist/ already there');
  } else {
    h.log('npm run build (production)...');
    await runLogged('npm', ['run', '--silent', 'build'], path.join(h.tmp, 'build.log'));
  }
  const chosen = SECTIONS.filter((s) => ONLY === null || ONLY.includes(s.name));
  const outcomes: SectionOutcome[] = [];
  for (const section of chosen) {
    if (!section.sharedPreview) await h.stopSharedPreview();
    outcomes.push(await h.scoped(() => section.run(h)));
  }
  await h.stopSharedPreview();
  // What the run measured with (Chromium as launched, Lighthouse, nginx).
  const versions = [...h.versions, ...outcomes.flatMap((o) => o.versions ?? [])];
  const machineLine = [
    `${machine.cpuModel} (${machine.cores} cores), Node ${machine.node}`,
    ...versions,
  ].join(', ');
  const loadAverageAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
  await report(
    {
      started,
      machine: { ...machine, versions, loadAverageAtEnd },
      machineLine,
      settings: { build: SKIP_BUILD ? 'skipped (BENCH_SKIP_BUILD=1)' : 'npm run build' },
      only: ONLY,
      outcomes,
      harnessErrors: h.errors,
    },
    __dirname,
  );
  if (h.errors.length > 0) {
    await h.printLogs();
    console.log(`\nHarness errors (figures missing): ${h.errors.map((e) => e.section).join('; ')}`);
  }
  h.log('wrote bench/results.json and bench/summary.md');
  return h.errors.length > 0 ? 1 : 0;
}

void (async () => {
  const h = new Harness(await mkdtemp(path.join(os.tmpdir(), 'grati-bench-')));
  const removeTmp = () => rm(h.tmp, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: stopping servers and Chromium...`);
      void h
        .cleanUp()
        .then(removeTmp)
        .finally(() => process.exit(130));
    });
  }
  const code = await main(h).catch((error: unknown) => {
    console.error('[bench] the harness failed:', error);
    return 1;
  });
  await h.cleanUp();
  await removeTmp();
  process.exit(code);
})();
