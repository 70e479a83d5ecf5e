// The server's configuration rules on `.readthedocs.yaml` while it is edited: the work one edit
// costs on a 300-line configuration (parse, the rules, placing each finding), and the requests it
// sends (none: the rules read the file and stat the paths it names). Figures only.

import { performance } from 'node:perf_hooks';
import { checkConfig, parseConfig } from '../../src/core/readthedocsYaml/checkConfig';
import { configPaths } from '../../src/core/readthedocsYaml/serverRules';
import { median, round } from './measure';

export interface ConfigRuleFigure { readonly figure: string; readonly value: string }

const EDITS = 60;

/** A 300-line configuration that uses every part the rules read, with findings in it. */
export function configOf300Lines(): string {
  const lines = [
    'version: 2', 'formats: [pdf]', 'build:', '  os: ubuntu-24.04', '  tools:', '    python: "3.12"', '    nodejs: "20"', '  apt_packages:',
  ];
  for (let i = 0; i < 90; i += 1) lines.push(`    - package-${i}`, `    # why package-${i} is needed`);
  lines.push('  jobs:', '    post_install:');
  for (let i = 0; i < 40; i += 1) lines.push(`      - echo step ${i}`);
  lines.push('    build:', '      epub:', '        - make epub', 'sphinx:', '  configuration: docs/conf.py', '  fail_on_warning: true', 'python:', '  install:');
  for (let i = 0; i < 40; i += 1) lines.push(`    - requirements: docs/requirements-${i}.txt`);
  lines.push('submodules:', '  include: all', '  recursive: true');
  while (lines.length < 300) lines.push(`# note ${lines.length}`);
  return `${lines.join('\n')}\n`;
}

export function runConfigRules(): ConfigRuleFigure[] {
  const text = configOf300Lines();
  const existing = new Set(['docs/conf.py', ...Array.from({ length: 40 }, (_, i) => `docs/requirements-${i}.txt`)]);
  let requests = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => { requests += 1; return realFetch(...args); }) as typeof fetch;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let findings = 0;
  try {
    for (let edit = 0; edit < EDITS; edit += 1) {
      // One keystroke: a character of a comment changes.
      const edited = text.replace('# note 299', `# note 299${edit % 10}`);
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const parsed = parseConfig(edited)!;
      const paths = configPaths(parsed.config).map((ref) => ref.path);
      findings = checkConfig(parsed, (path) => existing.has(path) && paths.includes(path)).length;
      times.push(performance.now() - start);
      const cpu = process.cpuUsage(cpuStart);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return [
    { figure: 'configuration', value: `${text.split('\n').length - 1} lines, ${text.length} characters, ${findings} findings` },
    { figure: 'work per edit (parse + rules + placing)', value: `median ${round(median(times))} ms, slowest ${round(sorted[sorted.length - 1]!)} ms, first ${round(times[0]!)} ms (of ${EDITS}); target at most 20 ms` },
    { figure: 'CPU per edit (this process; less sensitive to a busy machine)', value: `median ${round(median(cpuTimes))} ms` },
    { figure: 'requests', value: String(requests) },
  ];
}
