export interface Check {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

export interface BenchResult {
  title: string;
  /** Raw figures, printed as measured. */
  figures: Record<string, string | number>;
  checks: Check[];
  /** Markdown written under the tables (query plans, for example). */
  notes?: string;
}

export function printResult(result: BenchResult): void {
  console.log(`\n## ${result.title}`);
  for (const [name, value] of Object.entries(result.figures)) console.log(`  ${name}: ${value}`);
  for (const check of result.checks) {
    console.log(`  ${check.ok ? "MEETS" : "MISSES"} ${check.name}: ${check.value} (target ${check.target})`);
  }
  if (result.notes) console.log(`\n${result.notes}`);
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
