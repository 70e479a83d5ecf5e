import { SERVER_DATA_SCALING_CASES } from './lib/serverDataCases';
const pick = (name: string) => SERVER_DATA_SCALING_CASES.find((c) => `${c.entry} ${c.shape}`.includes(name))!;
for (const [name, n] of [['sharing methods (count)', 2000], ['notices (count)', 2000], ['long bodies', 16384]] as const) {
  const c = pick(name);
  const input = c.input(n);
  for (let i = 0; i < 4; i++) { const t = process.cpuUsage(); c.call(input); const u = process.cpuUsage(t); console.log(name, (u.user + u.system) / 1000); }
}
