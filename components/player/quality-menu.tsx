"use client";

import { useId } from "react";
import { formatBitrate } from "@/lib/client/bitrate";

/** A level of the stream as the menu offers it; `index` is hls.js's level index. */
export interface QualityLevel {
  index: number;
  label: string;
}

export const AUTO_LEVEL = -1;

/**
 * The stream's levels to choose from, Auto first (hls.js picks by the network; the level it plays
 * is named beside it), then the highest first. A native select: keyboard and screen readers know it.
 */
export function QualityMenu({
  levels,
  chosen,
  playing,
  onChoose,
}: {
  levels: QualityLevel[];
  chosen: number;
  playing: number | undefined;
  onChoose(index: number): void;
}) {
  const id = useId();
  const playingLabel = levels.find((level) => level.index === playing)?.label;
  return (
    <div className="absolute right-2 top-2 flex items-center gap-2 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
      <label htmlFor={id}>Quality</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => onChoose(Number(event.currentTarget.value))}
        className="rounded bg-transparent py-0.5 text-xs text-white focus-visible:outline-2 focus-visible:outline-white [&>option]:text-black"
      >
        <option value={AUTO_LEVEL}>{playingLabel && chosen === AUTO_LEVEL ? `Auto (${playingLabel})` : "Auto"}</option>
        {levels.map((level) => (
          <option key={level.index} value={level.index}>
            {level.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * `720p` per level, highest first; levels of the same height (a rung and the source) also say
 * their bitrate, so no two read alike, and a level with no stated height says only its bitrate.
 */
export function qualityLevels(levels: Array<{ height: number; bitrate: number }>): QualityLevel[] {
  const heights = levels.map((level) => level.height);
  const labelOf = (height: number, bitrate: number) => {
    if (!height) return formatBitrate(bitrate);
    const shared = heights.indexOf(height) !== heights.lastIndexOf(height);
    return shared ? `${height}p · ${formatBitrate(bitrate)}` : `${height}p`;
  };
  return levels
    .map(({ height, bitrate }, index) => ({ index, height, bitrate, label: labelOf(height, bitrate) }))
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate)
    .map(({ index, label }) => ({ index, label }));
}
