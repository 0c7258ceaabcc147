"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

const HALF_DAY_SECONDS = 43_200;
/** Whole numbers only on the bars' axis: 1, 2, 5, 10, 20, 50… */
const COUNT_STEPS = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

export interface DailySeries {
  label: string;
  values: number[];
}

/**
 * A count per UTC day as bars (left axis) and an amount as a line (right axis). Colours come from
 * the palette (custom properties set by the element's classes), read at each draw: a canvas cannot
 * follow CSS, so the chart is drawn again when the theme changes.
 */
function chartOptions(element: HTMLElement, bars: string, line: string): uPlot.Options {
  const style = getComputedStyle(element);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  const axis = { stroke: style.color, grid: { stroke: colour("--chart-grid"), width: 1 }, ticks: { show: false } };
  return {
    width: element.clientWidth,
    height: element.clientHeight,
    legend: { show: false },
    cursor: { show: false },
    // Days are UTC days, as the API counts them; half a day of room either side, so the first and last bars are whole.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    scales: {
      x: { time: true, range: (_, min, max) => [min - HALF_DAY_SECONDS, max + HALF_DAY_SECONDS] },
      bars: { range: (_, __, max) => [0, Math.max(1, max)] },
      line: { range: (_, __, max) => [0, Math.max(1, max)] },
    },
    axes: [
      axis,
      { ...axis, scale: "bars", incrs: COUNT_STEPS, values: (_, splits) => splits.map(String) },
      { ...axis, scale: "line", side: 1, grid: { show: false } },
    ],
    series: [
      {},
      { label: bars, scale: "bars", fill: colour("--chart-bars"), width: 0, paths: uPlot.paths.bars!({ size: [0.7, 24] }), points: { show: false } },
      { label: line, scale: "line", stroke: colour("--chart-line"), width: 2, points: { show: false } },
    ],
  };
}

/** `dayStarts` in milliseconds since the epoch (UTC midnights), one value of each series per day. */
export function DailyChart({ dayStarts, bars, line, label, className }: { dayStarts: number[]; bars: DailySeries; line: DailySeries; label: string; className: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current!;
    const data: uPlot.AlignedData = [dayStarts.map((start) => start / 1000), bars.values, line.values];
    let chart: uPlot | undefined;
    const draw = () => {
      chart?.destroy();
      chart = new uPlot(chartOptions(element, bars.label, line.label), data, element);
    };
    draw();
    const resized = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: element.clientHeight }));
    resized.observe(element);
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      chart?.destroy();
    };
  }, [dayStarts, bars, line]);

  // uPlot draws on a canvas: the element is an image whose label says what it shows.
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={`${className} overflow-hidden text-slate-600 [--chart-bars:var(--color-indigo-500)] [--chart-grid:var(--color-slate-200)] [--chart-line:var(--color-emerald-600)]`}
    />
  );
}
