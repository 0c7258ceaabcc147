"use client";

import type Hls from "hls.js";
import { useCallback, useId, useRef, useState } from "react";

/** A subtitle or caption track as the menu offers it; `index` is hls.js's subtitle track index. */
export interface CaptionTrack {
  index: number;
  label: string;
  lang?: string;
}

export const CAPTIONS_OFF = -1;

/** The stream's subtitle and caption tracks to choose from, Off first. A native select: keyboard and screen readers know it. */
export function CaptionsMenu({ tracks, chosen, onChoose }: { tracks: CaptionTrack[]; chosen: number; onChoose(index: number): void }) {
  const id = useId();
  return (
    <div className="absolute left-2 top-2 flex items-center gap-2 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
      <label htmlFor={id}>Captions</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => onChoose(Number(event.currentTarget.value))}
        className="max-w-[10rem] rounded bg-transparent py-0.5 text-xs text-white focus-visible:outline-2 focus-visible:outline-white [&>option]:text-black"
      >
        <option value={CAPTIONS_OFF}>Off</option>
        {tracks.map((track) => (
          <option key={track.index} value={track.index} lang={track.lang}>
            {track.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each track by its name (the language's, by default), or its language when it has none. */
export function captionTracks(tracks: Array<{ name: string; lang?: string }>): CaptionTrack[] {
  return tracks.map((track, index) => ({ index, label: track.name || track.lang || `Track ${index + 1}`, lang: track.lang }));
}

/**
 * The captions menu of an hls.js player: `attach` follows the instance's subtitle tracks, `reset`
 * forgets them (another source, or the MP4), `menu` is the menu when the stream has any.
 */
export function useCaptions() {
  const [tracks, setTracks] = useState<CaptionTrack[]>([]);
  const [chosen, setChosen] = useState(CAPTIONS_OFF);
  const choose = useRef<(index: number) => void>(undefined);

  const attach = useCallback((instance: Hls, HlsClass: typeof Hls) => {
    instance.on(HlsClass.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) => setTracks(captionTracks(data.subtitleTracks)));
    instance.on(HlsClass.Events.SUBTITLE_TRACK_SWITCH, (_event, data) => setChosen(data.id));
    choose.current = (index) => {
      instance.subtitleDisplay = index !== CAPTIONS_OFF;
      instance.subtitleTrack = index;
      setChosen(index);
    };
  }, []);

  const reset = useCallback(() => {
    choose.current = undefined;
    setTracks([]);
    setChosen(CAPTIONS_OFF);
  }, []);

  const menu = tracks.length > 0 ? <CaptionsMenu tracks={tracks} chosen={chosen} onChoose={(index) => choose.current?.(index)} /> : null;
  return { attach, reset, menu };
}
