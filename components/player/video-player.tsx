"use client";

import { useEffect, useRef, useState } from "react";
import { useCaptions } from "./captions-menu";
import { AUTO_LEVEL, QualityMenu, qualityLevels, type QualityLevel } from "./quality-menu";
import { StoryboardPreview } from "./storyboard-preview";
import { useViewerReport } from "./use-viewer-report";

/** How the video is being played; shown as `data-engine` (tests and support read it). */
type Engine = "loading" | "hls.js" | "native-hls" | "mp4";

interface VideoPlayerProps {
  hls: string;
  mp4: string;
  poster?: string;
  label: string;
  className?: string;
  /** Reports the viewing to the service's viewer metrics (docs/analytics.md). */
  playbackId?: string;
  /** The storyboard's WebVTT: a scrub strip under the video previews its tiles. */
  storyboard?: string;
}

/**
 * Plays the HLS stream: with hls.js over Media Source Extensions where the browser has them (loaded
 * on first use, from our own bundle), natively where only that exists (older iPhones), else the
 * MP4; and falls back to the MP4 if the stream fails. With hls.js, a stream of several levels
 * (a transcoded asset's ladder) gets a quality menu, and one with subtitle or caption tracks a captions menu.
 */
export function VideoPlayer({ hls, mp4, poster, label, className, playbackId, storyboard }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine>("loading");
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [chosenLevel, setChosenLevel] = useState(AUTO_LEVEL);
  const [playingLevel, setPlayingLevel] = useState<number>();
  const chooseLevel = useRef<(index: number) => void>(undefined);
  const { attach: attachCaptions, reset: resetCaptions, menu: captionsMenu } = useCaptions();
  useViewerReport(videoRef, playbackId, hls);

  useEffect(() => {
    const video = videoRef.current!;
    let cancelled = false;
    let player: { destroy(): void } | undefined;
    const playMp4 = () => {
      player?.destroy();
      player = undefined;
      chooseLevel.current = undefined;
      setLevels([]);
      resetCaptions();
      video.src = mp4;
      setEngine("mp4");
    };
    import("hls.js").then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const instance = new Hls();
          instance.on(Hls.Events.ERROR, (_event, data) => data.fatal && playMp4());
          instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => setLevels(data.levels.length > 1 ? qualityLevels(data.levels) : []));
          instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
          chooseLevel.current = (index) => {
            // currentLevel switches at once (the buffer of the other level is dropped); -1 is Auto.
            instance.currentLevel = index;
            setChosenLevel(index);
          };
          attachCaptions(instance, Hls);
          instance.loadSource(hls);
          instance.attachMedia(video);
          player = instance;
          setEngine("hls.js");
        } else if (video.canPlayType("application/vnd.apple.mpegurl")) {
          video.addEventListener("error", playMp4, { once: true });
          video.src = hls;
          setEngine("native-hls");
        } else {
          playMp4();
        }
      },
      () => !cancelled && playMp4(),
    );
    return () => {
      cancelled = true;
      video.removeEventListener("error", playMp4);
      player?.destroy();
      chooseLevel.current = undefined;
      setLevels([]);
      setChosenLevel(AUTO_LEVEL);
      setPlayingLevel(undefined);
      resetCaptions();
    };
  }, [hls, mp4, attachCaptions, resetCaptions]);

  return (
    <div className={`relative flex flex-col ${className ?? ""}`}>
      <video
        ref={videoRef}
        data-engine={engine}
        poster={poster}
        aria-label={label}
        className="min-h-0 w-full flex-1 rounded-[inherit]"
        controls
        playsInline
        preload="metadata"
      />
      {storyboard && <StoryboardPreview videoRef={videoRef} storyboard={storyboard} />}
      {levels.length > 1 && (
        <QualityMenu levels={levels} chosen={chosenLevel} playing={playingLevel} onChoose={(index) => chooseLevel.current?.(index)} />
      )}
      {captionsMenu}
    </div>
  );
}
