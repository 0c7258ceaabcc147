const decimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** Minutes watched, as people read them: `12.5 min`, `3 h 20 min`. */
export function formatWatchTime(minutes: number): string {
  if (minutes < 60) return `${decimal.format(minutes)} min`;
  return `${Math.floor(minutes / 60)} h ${Math.round(minutes % 60)} min`;
}
