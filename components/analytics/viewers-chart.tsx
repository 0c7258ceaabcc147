"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ViewerSummary } from "@/lib/analytics/schemas";

const HALF_DAY_SECONDS = 43_200;
/** Whole numbers only on the views axis. */
const COUNT_STEPS = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/**
 * Views as bars (left axis), minutes watched as a line (right axis), per UTC day, in the overview
 * chart's way: colours from the palette's custom properties, read at each draw, so the canvas is
 * drawn again when the theme changes.
 */
function chartOptions(element: HTMLElement): uPlot.Options {
  const style = getComputedStyle(element);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  const axis = { stroke: style.color, grid: { stroke: colour("--chart-grid"), width: 1 }, ticks: { show: false } };
  return {
    width: element.clientWidth,
    height: element.clientHeight,
    legend: { show: false },
    cursor: { show: false },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    scales: {
      x: { time: true, range: (_, min, max) => [min - HALF_DAY_SECONDS, max + HALF_DAY_SECONDS] },
      views: { range: (_, __, max) => [0, Math.max(1, max)] },
      minutes: { range: (_, __, max) => [0, Math.max(1, max)] },
    },
    axes: [
      axis,
      { ...axis, scale: "views", incrs: COUNT_STEPS, values: (_, splits) => splits.map(String) },
      { ...axis, scale: "minutes", side: 1, grid: { show: false } },
    ],
    series: [
      {},
      {
        label: "Views",
        scale: "views",
        fill: colour("--chart-views"),
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 24] }),
        points: { show: false },
      },
      {
        label: "Minutes watched",
        scale: "minutes",
        stroke: colour("--chart-watched"),
        width: 2,
        points: { show: false },
      },
    ],
  };
}

export function ViewersChart({
  days,
  label,
  className,
}: {
  days: ViewerSummary["days"];
  label: string;
  className: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current!;
    const data: uPlot.AlignedData = [
      days.map((day) => day.start / 1000),
      days.map((day) => day.views),
      days.map((day) => day.playtimeMins),
    ];
    let chart: uPlot | undefined;
    const draw = () => {
      chart?.destroy();
      chart = new uPlot(chartOptions(element), data, element);
    };
    draw();
    const resized = new ResizeObserver(() =>
      chart?.setSize({ width: element.clientWidth, height: element.clientHeight }),
    );
    resized.observe(element);
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      chart?.destroy();
    };
  }, [days]);

  // uPlot draws on a canvas: the element is an image whose label says what it shows.
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={`${className} overflow-hidden text-slate-600 [--chart-grid:var(--color-slate-200)] [--chart-views:var(--color-indigo-500)] [--chart-watched:var(--color-emerald-600)]`}
    />
  );
}
